// Package odds gives the exact odds of a d20 Star Wars Miniatures attack: the chance to hit
// and to score a critical hit, the expected damage, and the number of attacks it takes to
// defeat a target. Resolve is the single attack roll the engine plays, so that the sampled
// battles and the exact odds are the same rule.
package odds

import (
	"errors"
	"fmt"
	"math/big"
)

// Attack is one attack as the rulebook resolves it (Attacking, pp. 8 and 19).
type Attack struct {
	Attack  int  // the attacker's Attack bonus
	Defense int  // the target's Defense
	Damage  int  // the attacker's Damage
	Cover   bool // the target has cover: +4 Defense, once only
	// Combined is the number of allies combining fire: +4 Attack each (Combined Fire, p. 19).
	Combined int
	// Droid targets are immune to critical hits: a natural 20 still hits, for normal damage.
	Droid bool
	// Reroll spends a Force point to reroll a miss (Force Points: reroll an attack just
	// made; the second roll stands, even if it is a natural 1 again).
	Reroll bool
}

// CoverBonus and CombinedBonus are the book's numbers.
const (
	CoverBonus    = 4
	CombinedBonus = 4
)

// Need is the natural roll that hits on a roll of 2-19: d20 + Attack >= Defense.
func (a Attack) Need() int {
	def := a.Defense
	if a.Cover {
		def += CoverBonus
	}
	return def - a.Attack - CombinedBonus*a.Combined
}

// Outcome is one attack roll resolved.
type Outcome struct {
	Hit, Critical bool
	Damage        int
}

// Resolve plays one natural roll (1-20): a natural 1 misses, a natural 20 hits and is a
// critical hit for double damage (not against Droids), any other roll hits when it reaches
// Need.
func Resolve(roll int, a Attack) Outcome {
	switch {
	case roll <= 1:
		return Outcome{}
	case roll >= 20:
		if a.Droid {
			return Outcome{Hit: true, Damage: a.Damage}
		}
		return Outcome{Hit: true, Critical: true, Damage: 2 * a.Damage}
	case roll >= a.Need():
		return Outcome{Hit: true, Damage: a.Damage}
	}
	return Outcome{}
}

// Exact is the exact odds of one attack, as fractions.
type Exact struct {
	Hit, Critical, ExpectedDamage *big.Rat
}

// Odds counts the faces of the d20: the 20 always hits, the 1 never, and the 18 faces
// between hit from Need up.
func Odds(a Attack) Exact {
	lo := max(a.Need(), 2)
	faces := int64(1 + max(0, 19-lo+1)) // the natural 20 and the faces from lo to 19
	crit := int64(1)
	if a.Droid {
		crit = 0
	}
	hit := big.NewRat(faces, 20)
	critical := big.NewRat(crit, 20)
	// Each hit deals Damage; a critical deals it twice, so it adds Damage once more.
	dmg := new(big.Rat).Mul(big.NewRat(faces+crit, 20), big.NewRat(int64(a.Damage), 1))
	if a.Reroll {
		// A miss is rolled again: every chance grows by the miss chance times itself.
		miss := new(big.Rat).Sub(big.NewRat(1, 1), hit)
		grow := func(x *big.Rat) *big.Rat {
			return new(big.Rat).Add(x, new(big.Rat).Mul(miss, x))
		}
		hit, critical, dmg = grow(hit), grow(critical), grow(dmg)
	}
	return Exact{Hit: hit, Critical: critical, ExpectedDamage: dmg}
}

// Float returns the three odds as float64.
func (e Exact) Float() (hit, critical, damage float64) {
	hit, _ = e.Hit.Float64()
	critical, _ = e.Critical.Float64()
	damage, _ = e.ExpectedDamage.Float64()
	return
}

// ToDefeat is the distribution of the number of attacks that defeat a target of HP Hit
// Points: P[t] is the chance the t-th attack is the one (P[0] is 0), Mean the exact
// expectation. The list stops when what is left is below 1e-12.
type ToDefeat struct {
	P    []float64
	Mean *big.Rat
}

// ErrNoDamage is an attack that cannot defeat anything.
var ErrNoDamage = errors.New("an attack that deals no damage never defeats a target")

// MaxHits bounds AttacksToDefeat: the most hits of normal damage a target may need (its Hit
// Points over the Damage). The work grows with the square of it; at 1000, an attack that hits
// only on a natural 20 takes about 20,000 attacks, the list is complete (what is left below
// 1e-12) well within its 100,000 attacks and the work a fraction of a second. A target of
// 100,000 Hit Points hit for 1 took minutes, and its list stopped at 100,000 attacks with
// most of the chance still to come.
const MaxHits = 1000

// ErrTooManyHits is a target that needs more than MaxHits hits.
var ErrTooManyHits = fmt.Errorf("the target needs more than %d hits of this Damage to defeat (its Hit Points over the Damage): too many to work out", MaxHits)

// AttacksToDefeat counts the attacks it takes to bring HP to 0 or lower, each attack
// independent (no Force points spent, the target unchanged).
func AttacksToDefeat(a Attack, hp int) (ToDefeat, error) {
	if a.Damage <= 0 {
		return ToDefeat{}, ErrNoDamage
	}
	if hp <= 0 {
		return ToDefeat{P: []float64{1}, Mean: new(big.Rat)}, nil
	}
	need := (hp + a.Damage - 1) / a.Damage // hits of normal damage to defeat
	if need > MaxHits {
		return ToDefeat{}, ErrTooManyHits
	}
	e := Odds(a)
	// One attack takes 0, 1 or 2 "hits' worth" of damage (a critical is two).
	p2 := new(big.Rat).Set(e.Critical)
	p1 := new(big.Rat).Sub(e.Hit, p2)
	p0 := new(big.Rat).Sub(big.NewRat(1, 1), e.Hit)
	// Exact mean: E(r) = (1 + p1 E(r-1) + p2 E(r-2)) / (1 - p0), E(r <= 0) = 0.
	mean := make([]*big.Rat, need+1)
	mean[0] = new(big.Rat)
	for r := 1; r <= need; r++ {
		x := big.NewRat(1, 1)
		x.Add(x, new(big.Rat).Mul(p1, mean[r-1]))
		if r >= 2 {
			x.Add(x, new(big.Rat).Mul(p2, mean[r-2]))
		}
		mean[r] = x.Quo(x, new(big.Rat).Sub(big.NewRat(1, 1), p0))
	}
	f0, _ := p0.Float64()
	f1, _ := p1.Float64()
	f2, _ := p2.Float64()
	// alive[r] is the chance the target is still up needing r more hits.
	alive := make([]float64, need+1)
	alive[need] = 1
	out := []float64{0}
	left := 1.0
	for t := 1; left > 1e-12 && t <= 100000; t++ {
		next := make([]float64, need+1)
		done := 0.0
		for r := 1; r <= need; r++ {
			if alive[r] == 0 {
				continue
			}
			next[r] += alive[r] * f0
			if r-1 >= 1 {
				next[r-1] += alive[r] * f1
			} else {
				done += alive[r] * f1
			}
			if r-2 >= 1 {
				next[r-2] += alive[r] * f2
			} else {
				done += alive[r] * f2
			}
		}
		out = append(out, done)
		left -= done
		alive = next
	}
	return ToDefeat{P: out, Mean: mean[need]}, nil
}

// Row is one line of the attacks-to-defeat table: the attack (Later: that attack or any
// after it), the chance it is the one that defeats the target, and the chance the target is
// down by then.
type Row struct {
	Attack    int
	Later     bool
	P, ByThen float64
}

// Rows lays the distribution out as the odds page and muster odds d20 print it: a line an
// attack from the first that can defeat the target until it is down 99.9% of the time, in at
// most max lines (0: no limit), and what is left in a last line, "or later", so that the
// lines add up to 1 (they stopped at 99.9% and left the rest out).
func (td ToDefeat) Rows(max int) []Row {
	var out []Row
	cum := 0.0
	for t := 1; t < len(td.P); t++ {
		if td.P[t] == 0 && cum == 0 {
			continue
		}
		if cum >= 0.999 || max > 0 && len(out) == max-1 {
			rest := 0.0
			for _, p := range td.P[t:] {
				rest += p
			}
			if rest > 0 {
				out = append(out, Row{Attack: t, Later: true, P: rest, ByThen: cum + rest})
			}
			break
		}
		cum += td.P[t]
		out = append(out, Row{Attack: t, P: td.P[t], ByThen: cum})
	}
	return out
}
