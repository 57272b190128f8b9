package qrs

import (
	"fmt"
	"math/big"
)

// MoveSituation is what the random movement table asks about a group. The sheet's modifier
// column lost most of its numbers in extraction; MoveModifiers holds Muster's decisions.
type MoveSituation struct {
	GreaterFire       bool // under fire from greater numbers
	FriendsRetreating bool // friends within 6" retreating
	Alone             bool // no other friends within 12"
	VehicleNear       bool // enemy vehicle within 24"
	QuartersKilled    int  // each quarter of the unit killed
	Advancing         bool // the group is on Advance orders
	InCover           bool
	Leaders           int  // heroes or officers within 12"
	LightFire         bool // under fire from less than half own numbers, or not under fire at all
	NoEnemyInSight    bool
}

// MoveModifier is one line of the table's modifier column.
type MoveModifier struct {
	Label string
	Value int
	// Printed is true when the sheet's value survived extraction; the others are Muster's.
	Printed bool
}

// MoveModifiers are the random movement table's modifiers in the sheet's order. Only the
// "+1" of "under fire from less than half own numbers" survived; Muster reads the lost
// negative lines as -1 each (-2 for fire from greater numbers, the one that names the
// cause of a rout) and the lost positive lines as +1 each.
var MoveModifiers = struct {
	GreaterFire, FriendsRetreating, Alone, VehicleNear, QuarterKilled,
	Advancing, InCover, Leader, LightFire, NoEnemyInSight MoveModifier
}{
	GreaterFire:       MoveModifier{"Under fire from greater numbers", -2, false},
	FriendsRetreating: MoveModifier{"Friends within 6\" retreating", -1, false},
	Alone:             MoveModifier{"No other friends within 12\"", -1, false},
	VehicleNear:       MoveModifier{"Enemy vehicle within 24\"", -1, false},
	QuarterKilled:     MoveModifier{"Each quarter of unit killed", -1, false},
	Advancing:         MoveModifier{"Advancing", +1, false},
	InCover:           MoveModifier{"In cover", +1, false},
	Leader:            MoveModifier{"Per Hero/Officer within 12\"", +1, false},
	LightFire:         MoveModifier{"Under fire from less than half own numbers, or not under fire at all", +1, true},
	NoEnemyInSight:    MoveModifier{"No enemy in sight", +1, false},
}

// Applied lists the modifiers that apply to a situation, each with its value.
func (s MoveSituation) Applied() []MoveModifier {
	m := MoveModifiers
	var out []MoveModifier
	add := func(on bool, mm MoveModifier) {
		if on {
			out = append(out, mm)
		}
	}
	add(s.GreaterFire, m.GreaterFire)
	add(s.FriendsRetreating, m.FriendsRetreating)
	add(s.Alone, m.Alone)
	add(s.VehicleNear, m.VehicleNear)
	for range min(max(s.QuartersKilled, 0), 4) {
		out = append(out, m.QuarterKilled)
	}
	add(s.Advancing, m.Advancing)
	add(s.InCover, m.InCover)
	for range min(max(s.Leaders, 0), 10) {
		out = append(out, m.Leader)
	}
	add(s.LightFire, m.LightFire)
	add(s.NoEnemyInSight, m.NoEnemyInSight)
	return out
}

// Modifier is the sum of the modifiers that apply.
func (s MoveSituation) Modifier() int {
	t := 0
	for _, m := range s.Applied() {
		t += m.Value
	}
	return t
}

// Order is a row of the random movement table's results.
type Order int

// The results, from worst to best. The score is one d6 plus the modifiers (the die is not
// printed either: Muster's decision, a d6 like the force generation's).
const (
	Rout         Order = iota // -6 or less
	Retreat                   // -5 to -4
	FallBack                  // -3 to -1: stand if in cover, or retreat towards cover
	Stand                     // 0
	HoldOrGo                  // 1-2: stand in cover, or advance as in 3-4
	Advance                   // 3-4: advance towards objective, or nearest enemy
	AdvanceEnemy              // 5 or more: advance towards nearest enemy, or objective
)

var orderNames = [...]string{"rout", "retreat", "fall_back", "stand", "hold_or_advance", "advance", "advance_on_enemy"}
var orderTexts = [...]string{
	"Rout",
	"Retreat",
	"Stand if in cover, or Retreat towards nearest cover further from the nearest visible enemy",
	"Stand in position",
	"Stand in cover, or Advance towards objective, or nearest enemy",
	"Advance towards objective, or nearest enemy",
	"Advance towards nearest enemy, or objective",
}

// String is the order's short name.
func (o Order) String() string { return orderNames[o] }

// Text is the result as the sheet words it.
func (o Order) Text() string { return orderTexts[o] }

// Orders lists every order, worst first.
var Orders = []Order{Rout, Retreat, FallBack, Stand, HoldOrGo, Advance, AdvanceEnemy}

// OrderFor reads the table for a score. The result column prints "-6+" for Rout, read as -6
// or worse, and "5" for the top row, read as 5 or better.
func OrderFor(score int) Order {
	switch {
	case score <= -6:
		return Rout
	case score <= -4:
		return Retreat
	case score <= -1:
		return FallBack
	case score == 0:
		return Stand
	case score <= 2:
		return HoldOrGo
	case score <= 4:
		return Advance
	}
	return AdvanceEnemy
}

// Plain resolves the order's "or" for a group that is, or is not, in cover.
func (o Order) Plain(inCover bool) string {
	switch o {
	case FallBack:
		if inCover {
			return "Stand (in cover)"
		}
		return "Retreat towards the nearest cover further from the nearest visible enemy"
	case HoldOrGo:
		if inCover {
			return "Stand in cover"
		}
		return "Advance towards objective, or nearest enemy"
	}
	return o.Text()
}

// MoveRoll is one roll on the random movement table.
type MoveRoll struct {
	Die       int            `json:"die"`
	Modifiers []MoveModifier `json:"-"`
	Modifier  int            `json:"modifier"`
	Score     int            `json:"score"`
	Order     Order          `json:"-"`
	OrderName string         `json:"order"`
	Text      string         `json:"text"`
}

// RollMovement rolls the table for a group.
func RollMovement(s MoveSituation, d Dice) MoveRoll {
	die := d.Roll(6)
	mod := s.Modifier()
	o := OrderFor(die + mod)
	return MoveRoll{Die: die, Modifiers: s.Applied(), Modifier: mod, Score: die + mod, Order: o, OrderName: o.String(), Text: o.Plain(s.InCover)}
}

// MovementOdds are the exact chances of each order for a situation (sixths of the d6).
func MovementOdds(s MoveSituation) map[Order]*big.Rat {
	out := map[Order]*big.Rat{}
	for die := 1; die <= 6; die++ {
		o := OrderFor(die + s.Modifier())
		if out[o] == nil {
			out[o] = new(big.Rat)
		}
		out[o].Add(out[o], big.NewRat(1, 6))
	}
	return out
}

// OrderedAdjustment is the sheet's "If a player issues an order to units, the unit may
// add/subtract up to D6 to this score": the d6 rolled gives the most the player may move it.
func OrderedAdjustment(d Dice) int { return d.Roll(6) }

// Describe writes the modifiers as "+1 advancing, -2 under fire from greater numbers".
func Describe(ms []MoveModifier) string {
	s := ""
	for i, m := range ms {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%+d %s", m.Value, m.Label)
		if !m.Printed {
			s += "*"
		}
	}
	return s
}

// PlainMovementOdds are MovementOdds by what the order reads as for this group (Order.Plain):
// rows that read the same are one result, their chances added (not in cover, 1-2 "Advance as
// in (4)" is 3-4's advance).
func PlainMovementOdds(s MoveSituation) map[string]*big.Rat {
	odds := map[string]*big.Rat{}
	for o, p := range MovementOdds(s) {
		k := o.Plain(s.InCover)
		if odds[k] == nil {
			odds[k] = new(big.Rat)
		}
		odds[k].Add(odds[k], p)
	}
	return odds
}
