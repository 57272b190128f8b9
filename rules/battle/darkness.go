package battle

import (
	"fmt"
	"math"
)

// Darkness (Chapter Fifteen, "Darkness", book lines 3678-3686), a scenario option
// (Scenario.Darkness): visibility is 2D inches (rolled for each battle) or the scenario's
// number; a figure sees an enemy figure only within it, unless
//   - he holds macrobinoculars, which "negate the effects of darkness without making the
//     user visible" (line 3686; Chapter Eleven, line 2588);
//   - he holds a glowrod, which "increases the holder's visibility to 4"" (line 3682), or
//   - the enemy figure is lit: it holds a lit glowrod (it "becomes a very visible target to
//     all within LOS"), it stands within 6" of a luma grenade's burst in its six turns ("a
//     Luma grenade lights up a 6" radius area"), or within 10" of a burning flame template.
// The doctrine lights glowrods in every unit that holds them, unless its side is hiding
// (hidden.go), when the light would give it away; the terrain's lines of sight apply as by
// day. Soldiers of the same side always know where their friends are.

// Lighting numbers.
const (
	glowrodSight = 4.0  // a glowrod's holder sees this far
	lumaLight    = 6.0  // a luma grenade lights this radius ...
	lumaTurns    = 6    // ... for this many turns
	flameLight   = 10.0 // a flame template lights this far
)

// light is a luma grenade's light on the table.
type light struct {
	at   Point
	till int // the last turn it shines
}

// resetDark rolls the battle's visibility (2D unless the scenario gives it).
func (b *Battle) resetDark() {
	b.darkVis = 0
	b.lights = b.lights[:0]
	if d := b.field.Scenario.Darkness; d != nil {
		b.darkVis = d.Visibility
		if b.darkVis <= 0 {
			b.darkVis = float64(b.dice.D6() + b.dice.D6())
		}
	}
}

// glowing: figure f holds a lit glowrod (his side is not hiding).
func (b *Battle) glowing(f *fig) bool {
	return f.spec.Glowrod && !b.hideSide[b.units[f.unit].side]
}

// lit: a figure stands in light: his own glowrod, a luma's light, a fire's.
func (b *Battle) lit(f *fig) bool {
	if b.glowing(f) {
		return true
	}
	for _, l := range b.lights {
		if l.till >= b.turn && dist2(l.at, f.pos) <= lumaLight*lumaLight {
			return true
		}
	}
	for ci := range b.clouds {
		if c := &b.clouds[ci]; c.kind == gFire && dist2(c.at, f.pos) <= flameLight*flameLight {
			return true
		}
	}
	return false
}

// darkSees: in the dark, figure a sees figure c at distance d (the terrain permitting). It
// records the item that made the difference, for the log (nightNote) and the truth test.
func (b *Battle) darkSees(a *fig, c *fig, d2 float64) bool {
	v := b.darkVis
	if d2 <= v*v {
		return true
	}
	if a.spec.Macro {
		b.usedMacro = true
		return true
	}
	if b.glowing(a) && d2 <= glowrodSight*glowrodSight {
		b.usedGlow = true
		return true
	}
	if b.lit(c) {
		if c.spec.Glowrod {
			b.usedGlow = true
		}
		return true
	}
	return false
}

// lumaLights: a luma grenade burst at p lights the dark around it for six turns.
func (b *Battle) lumaLights(p Point) {
	if b.darkVis > 0 {
		b.lights = append(b.lights, light{at: p, till: b.turn + lumaTurns - 1})
		if b.lg != nil {
			b.logf("  the luma lights the dark within %g\" for %d turns\n", lumaLight, lumaTurns)
		}
	}
}

// nightNote names, after a volley, the items that let the firers see in the dark.
func (b *Battle) nightNote() {
	if b.usedMacro {
		b.act("macrobinoculars")
		if b.lg != nil {
			b.logf("  (seen in the dark through macrobinoculars)\n")
		}
	}
	if b.usedGlow {
		b.act("glowrod")
		if b.lg != nil {
			b.logf("  (seen in the dark by glowrod light)\n")
		}
	}
	b.usedMacro, b.usedGlow = false, false
}

// unitUnseen: the doctrine's quick judgement that side s cannot see unit e from unit ui at
// all this phase: e is hidden from it, or it is dark and e stands beyond what ui's figures
// can see and unlit. Used to skip targets not worth aiming at.
func (b *Battle) unitUnseen(ui, e int) bool {
	if b.hideOn && b.hidden[e] {
		return true
	}
	if b.darkVis <= 0 {
		return false
	}
	reach := b.darkVis
	for _, fi := range b.units[ui].members {
		f := &b.figs[fi]
		if !f.alive() || int(f.unit) != ui {
			continue
		}
		if f.spec.Macro {
			return false
		}
		if b.glowing(f) {
			reach = math.Max(reach, glowrodSight)
		}
	}
	for _, fi := range b.units[e].members {
		g := &b.figs[fi]
		if !g.alive() || int(g.unit) != e {
			continue
		}
		if b.lit(g) {
			return false
		}
		if d, _ := b.nearestFig(ui, g.pos); d <= reach {
			return false
		}
	}
	return true
}

// resetNight sets a battle's darkness and hidden units up.
func (b *Battle) resetNight() {
	b.resetDark()
	b.resetHidden()
	b.night = b.darkVis > 0 || b.hideOn
	b.usedMacro, b.usedGlow = false, false
}

// nightSees: figure a sees figure c, as far as hiding and the dark go (los adds the
// terrain).
func (b *Battle) nightSees(a, c *fig) bool {
	if b.hideOn && b.hiddenFrom(a, c) {
		return false
	}
	if b.darkVis > 0 && b.units[a.unit].side != b.units[c.unit].side {
		return b.darkSees(a, c, dist2(a.pos, c.pos))
	}
	return true
}

// nightLine is the set-up log's line for the dark and the hiding sides.
func (b *Battle) nightLine() string {
	s := ""
	if b.darkVis > 0 {
		s += fmt.Sprintf("Darkness: visibility %g\"\n", b.darkVis)
	}
	for side := range 2 {
		if b.hideSide[side] {
			s += fmt.Sprintf("%s is hidden until spotted\n", b.sideName(side))
		}
	}
	return s
}
