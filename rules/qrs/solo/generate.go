// Package solo is the skirmish quick reference's solo enemy: portal counters, enemy force
// generation when the player's figures come into sight of them, orders for the enemy
// groups, and the game state (groups, wounds, duck backs, Force points) kept turn by turn.
// It rolls nothing itself: every procedure takes the dice it is handed.
package solo

import (
	"fmt"
	"slices"
	"strings"

	"muster/rules/qrs"
)

// Kinds of portal counter: "placed on corners, in cover or in the open".
const (
	Corner = "corner"
	Cover  = "cover"
	Open   = "open"
)

// CounterKinds lists the kinds, for messages.
var CounterKinds = []string{Corner, Cover, Open}

// The profiles the result table deploys, by their starter names.
const (
	Stormtrooper = "Stormtrooper"
	Heavy        = "Heavy Weapon Trooper"
	Leader       = "Stormtrooper Leader"
	Officer      = "Imperial Officer"
	DeathTrooper = "Death Trooper"
	ProbeDroid   = "Imperial Probe Droid"
	Walker       = "AT-ST/DP"
	Inquisitor   = "Inquisitor"
)

// Pick is some figures of one profile; Dice, when set ("d4", "2d4"), is rolled for the count.
type Pick struct {
	Profile string
	Count   int
	Dice    string
}

// Force is one option of a row of the result table.
type Force struct {
	Key   string // short name for a player's preference ("walker", "inquisitor")
	Label string
	Picks []Pick
}

// Row is one row of the result table, with both of its columns.
type Row struct {
	Low, High   int // first column
	Low2, High2 int // second column (0 when the row has none); High2 -1 is "and up"
	Options     []Force
}

// Table is the enemy force generation result table. Where a row offers "or", the options
// are in the sheet's order; the first is deployed unless the player prefers another or has
// no figures for it.
var Table = []Row{
	{Low: 1, High: 5, Options: []Force{
		{Key: "nothing", Label: "Nothing"},
	}},
	{Low: 6, High: 7, Low2: 14, High2: 15, Options: []Force{
		{Key: "stormtroopers", Label: "4 Stormtroopers", Picks: []Pick{{Stormtrooper, 4, ""}}},
	}},
	{Low: 8, High: 9, Low2: 16, High2: 17, Options: []Force{
		{Key: "heavy", Label: "4 Stormtroopers and a Heavy weapon trooper", Picks: []Pick{{Stormtrooper, 4, ""}, {Heavy, 1, ""}}},
	}},
	{Low: 10, High: 11, Low2: 18, High2: 19, Options: []Force{
		{Key: "leader", Label: "Leader and 2d4 Stormtroopers", Picks: []Pick{{Leader, 1, ""}, {Stormtrooper, 0, "2d4"}}},
	}},
	{Low: 12, High: 12, Low2: 20, High2: 20, Options: []Force{
		{Key: "walker", Label: "AT:ST/DP and D4 Stormtroopers", Picks: []Pick{{Walker, 1, ""}, {Stormtrooper, 0, "d4"}}},
		// "** If desired, replace this selection with an Inquisitor, or 8 Stormtroopers!"
		{Key: "inquisitor", Label: "an Inquisitor", Picks: []Pick{{Inquisitor, 1, ""}}},
		{Key: "8stormtroopers", Label: "8 Stormtroopers", Picks: []Pick{{Stormtrooper, 8, ""}}},
	}},
	{Low: 13, High: 13, Low2: 21, High2: -1, Options: []Force{
		{Key: "deathtroopers", Label: "4 Death Troopers", Picks: []Pick{{DeathTrooper, 4, ""}}},
		{Key: "8stormtroopers", Label: "8 Stormtroopers", Picks: []Pick{{Stormtrooper, 8, ""}}},
	}},
}

// officerRow and officerResults: "(Use an Officer instead on a result of 11)". Muster reads
// the second column's 19 the same way (the row's odd result in either column).
const officerRow = 3

func officerResult(total int) bool { return total == 11 || total == 19 }

// RowFor is the row a modified total reads, and which column (1 or 2) it was found in.
// Totals below 1 read as Nothing.
func RowFor(total int) (row, column int) {
	for i, r := range Table {
		if total >= r.Low && total <= r.High {
			return i, 1
		}
		if r.Low2 > 0 && total >= r.Low2 && (r.High2 == -1 || total <= r.High2) {
			return i, 2
		}
	}
	return 0, 1
}

// Sighting is the moment a player's figure comes within sight of portal counters.
type Sighting struct {
	// InSight are the counters in line of sight of the same figure (at least one).
	InSight []Counter
	// NoContact: "-1: No contact today with the enemy". Muster reads it as: no enemy has
	// yet appeared in this game.
	NoContact bool
	// Officer: "+2: Imperial Officer on the table".
	Officer bool
}

// Modifier is the total of the generation modifiers: -1 no contact, +2 officer, +1 for each
// other counter after the first in sight of the same figure.
func (s Sighting) Modifier() int {
	m := 0
	if s.NoContact {
		m--
	}
	if s.Officer {
		m += 2
	}
	if len(s.InSight) > 1 {
		m += len(s.InSight) - 1
	}
	return m
}

// Part is one modifier that applies, for the page that shows how a total was made.
type Part struct {
	Label string `json:"label"`
	Value int    `json:"value"`
}

// Parts lists the modifiers that apply to a sighting, in the sheet's order.
func (s Sighting) Parts() []Part {
	var out []Part
	if s.NoContact {
		out = append(out, Part{"No contact yet with the enemy (Muster: until the first enemy appears)", -1})
	}
	if s.Officer {
		out = append(out, Part{"Imperial Officer on the table", +2})
	}
	if n := len(s.InSight) - 1; n > 0 {
		out = append(out, Part{"Each other counter after the first, in sight of the same figure", n})
	}
	return out
}

// Pool is the player's figures for the enemy: how many of each profile are free to deploy.
// A nil pool is unlimited (the player has figures for anything the table generates).
type Pool map[string]int

func (p Pool) has(picks []int, force Force) bool {
	if p == nil {
		return true
	}
	need := map[string]int{}
	for i, pk := range force.Picks {
		need[pk.Profile] += picks[i]
	}
	for name, n := range need {
		if p[name] < n {
			return false
		}
	}
	return true
}

// Outcome is one roll of enemy force generation.
type Outcome struct {
	Die      int      `json:"die"`
	Modifier int      `json:"modifier"`
	Total    int      `json:"total"`
	Column   int      `json:"column"`
	Row      int      `json:"row"`
	Counter  int      `json:"counter"` // the counter the Imperials appear at
	Force    string   `json:"force"`   // what appears ("" for nothing)
	Figures  []string `json:"figures"` // one profile name per figure
	Notes    []string `json:"notes,omitempty"`
}

// Deployed reports whether anything appeared.
func (o Outcome) Deployed() bool { return len(o.Figures) > 0 }

// Generate rolls enemy force generation: the d6 and its modifiers, the counter the force
// appears at (randomised among those in sight), the dice of the force, then the figure pool:
// "If no figures are available to represent the generated force, use the options before in
// order instead until a deployable force is generated." prefer names an option key the
// player prefers where a row offers a choice.
func Generate(s Sighting, pool Pool, prefer string, d qrs.Dice) (Outcome, error) {
	if len(s.InSight) == 0 {
		return Outcome{}, fmt.Errorf("no counter is in sight; name the counters your figure can see")
	}
	o := Outcome{Die: d.Roll(6), Modifier: s.Modifier()}
	o.Total = o.Die + o.Modifier
	o.Row, o.Column = RowFor(o.Total)
	counter := s.InSight[0]
	if len(s.InSight) > 1 {
		counter = s.InSight[d.Roll(len(s.InSight))-1]
	}
	o.Counter = counter.ID
	if o.Die == 1 {
		o.Row, o.Notes = 0, append(o.Notes, "a natural 1 is always nothing")
		return o, nil
	}
	for row := o.Row; row >= 0; row-- {
		if row == 0 {
			if counter.Kind == Open {
				if pool == nil || pool[ProbeDroid] > 0 {
					o.Force, o.Figures = "1 Imperial Probe Droid", []string{ProbeDroid}
					o.Notes = append(o.Notes, "the counter is in the open")
				} else {
					o.Notes = append(o.Notes, "no Probe Droid figure is free")
				}
			}
			return o, nil
		}
		for _, force := range options(row, prefer) {
			force = withOfficer(force, row, o.Total)
			counts := make([]int, len(force.Picks))
			for i, pk := range force.Picks {
				counts[i] = pk.Count + rollDice(pk.Dice, d)
			}
			if !pool.has(counts, force) {
				o.Notes = append(o.Notes, fmt.Sprintf("no figures free for %s", describe(force, counts)))
				continue
			}
			o.Row = row
			o.Force = describe(force, counts)
			for i, pk := range force.Picks {
				for range counts[i] {
					o.Figures = append(o.Figures, pk.Profile)
				}
			}
			return o, nil
		}
	}
	return o, nil
}

// options are a row's options, the preferred one first, the others in the sheet's order.
func options(row int, prefer string) []Force {
	var first, rest []Force
	for _, f := range Table[row].Options {
		if f.Key == prefer {
			first = append(first, f)
		} else {
			rest = append(rest, f)
		}
	}
	return append(first, rest...)
}

func withOfficer(f Force, row, total int) Force {
	if row != officerRow || !officerResult(total) {
		return f
	}
	f.Label = "Officer and 2d4 Stormtroopers"
	f.Picks = append([]Pick{{Officer, 1, ""}}, f.Picks[1:]...)
	return f
}

func rollDice(spec string, d qrs.Dice) int {
	switch spec {
	case "d4":
		return d.Roll(4)
	case "2d4":
		return d.Roll(4) + d.Roll(4)
	}
	return 0
}

func describe(f Force, counts []int) string {
	var parts []string
	for i, pk := range f.Picks {
		name := pk.Profile
		if counts[i] != 1 {
			name += "s"
		}
		parts = append(parts, fmt.Sprintf("%d %s", counts[i], name))
	}
	return strings.Join(parts, " and ")
}

// PreferKeys lists the option keys a player may prefer, each once: "8 Stormtroopers" is an
// option of the 12 and the 13 rows alike, and preferring it prefers it in both.
func PreferKeys() []string {
	var out []string
	for _, r := range Table {
		for _, f := range r.Options {
			if len(r.Options) > 1 && !slices.Contains(out, f.Key) {
				out = append(out, f.Key)
			}
		}
	}
	return out
}
