package battle

import (
	"math"

	"muster/rules/combat"
)

// Large creatures falling on their neighbours (Chapter Thirteen, "Large Creatures", book
// lines 3338-3342): "when a large creature (over three meters tall or long) falls over, due
// to wounds or incapacitation, it may fall on adjoining troops (those within 1.5" of the
// creature's base). Roll a die. If the result is 6 then the creature has indeed fallen on
// adjoining troops. If adjoining soldiers are in more than one of the creature's attack
// arcs, randomly determine which soldiers it falls on. All soldiers fallen upon must make
// opposed Strength tests to avoid damage." Read so (docs/decisions.md): the arcs are the
// four quarters around the creature's facing (front, left, right, rear); one of those
// holding adjoining figures is picked at random, and everyone in it, friend or foe, resists
// the creature's Strength as a Damage Strength (as a rider it falls on does, mounts.go). A
// falling mount's rider is not among them: he has his own test.

// fallen is a large creature that fell this phase, waiting to be resolved.
type fallen struct {
	at, fdir Point
	str      int
	unit     int32 // the creature's unit (its rider's, for a mount)
	except   *fig  // its rider, or the creature itself
	name     string
}

// fallReach is how near a figure must stand to be fallen on: 1.5" between bases.
const fallReach = 1.5 + 2*baseRadius

// fallOver queues a large creature's fall; it is resolved when the damage of the phase
// being applied is done (resolveFalls).
func (b *Battle) fallOver(f *fig, str int, name string) {
	b.falls = append(b.falls, fallen{at: f.pos, fdir: b.units[f.unit].fdir, str: str, unit: f.unit, except: f, name: name})
}

// resolveFalls rolls for each queued fall and applies its damage at once (the victims'
// units end their phase again: their other damage was already applied).
func (b *Battle) resolveFalls() {
	if b.falling {
		return
	}
	b.falling = true
	for k := 0; k < len(b.falls); k++ { // falls caused by falls join the queue
		fl := b.falls[k]
		if b.dice.D6() != 6 {
			continue
		}
		// The adjoining figures by quarter: 0 front, 1 left, 2 right, 3 rear.
		var in [4]int
		for i := range b.figs {
			g := &b.figs[i]
			if g == fl.except || !g.alive() || !b.units[g.unit].onTable() || dist2(g.pos, fl.at) > fallReach*fallReach {
				continue
			}
			in[quarter(fl.at, fl.fdir, g.pos)]++
		}
		k := 0
		for _, n := range in {
			if n > 0 {
				k++
			}
		}
		if k == 0 {
			continue
		}
		pick := b.dice.IntN(k)
		q := 0
		for q = range in {
			if in[q] > 0 {
				if pick == 0 {
					break
				}
				pick--
			}
		}
		b.act(fl.name)
		hit := b.fallHit[:0]
		for i := range b.figs {
			g := &b.figs[i]
			if g == fl.except || !g.alive() || !b.units[g.unit].onTable() || dist2(g.pos, fl.at) > fallReach*fallReach || quarter(fl.at, fl.fdir, g.pos) != q {
				continue
			}
			one := [1]int{fl.str}
			b.r.Resist(b.dice, &g.f, one[:])
			b.phaseHits(int(fl.unit), int(g.unit), 1)
			hit = append(hit, int32(i))
		}
		b.fallHit = hit
		if b.lg != nil {
			b.logf("  the %s falls on %d figure%s beside it\n", lower(fl.name), len(hit), ifs(len(hit) == 1, "", "s"))
		}
		// Apply it now, unit by unit (each unit once).
		for j, gi := range hit {
			ui := b.figs[gi].unit
			seen := false
			for _, gk := range hit[:j] {
				seen = seen || b.figs[gk].unit == ui
			}
			if !seen {
				b.endPhaseUnit(int(ui))
			}
		}
	}
	b.falls = b.falls[:0]
	b.falling = false
}

// quarter is which of the four 90-degree quarters around a figure at p facing f holds q:
// 0 front, 1 left, 2 right, 3 rear.
func quarter(p, f, q Point) int {
	v := sub(q, p)
	a := math.Atan2(cross(f, v), dot(f, v)) // from the facing, counter-clockwise positive
	switch {
	case math.Abs(a) <= math.Pi/4:
		return 0
	case math.Abs(a) >= 3*math.Pi/4:
		return 3
	case a > 0:
		return 1
	}
	return 2
}

// largeFall queues the fall of a creature figure just wounded or incapacitated, if large.
func (b *Battle) largeFall(f *fig, h combat.Harm) {
	if h == combat.NoEffect || f.spec.Role != RoleCreature || f.spec.Creature == nil || f.spec.Creature.STR < largeCreatureSTR {
		return
	}
	b.fallOver(f, f.spec.STR, f.spec.Creature.Name)
}
