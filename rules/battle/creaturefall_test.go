package battle

import (
	"math"
	"strings"
	"testing"

	"muster/rules/combat"
)

// Chapter Thirteen, "Large Creatures" (lines 3338-3342): a large creature that falls (here a
// wounded bantha, Strength 8) falls on the adjoining troops (within 1.5" of its base) on a
// 6, 1 in 6 by hand; with soldiers in two of its arcs (a squad in front, one behind), the
// soldiers of one arc, picked at random (one half each), and no others.
func TestLargeCreaturesFallOnNeighbours(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, "format: 1\nsystem: swmb\nname: c\nside: rebel\nunits:\n  - {kind: creature, creature: bantha, count: 1}\n")
	two := "format: 1\nsystem: swmb\nname: e\nside: imperial\nunits:\n" +
		"  - {kind: squad, name: Front, troop: Stormtrooper, size: 5, skills: {blaster: 4, command: 4}, weapons: [blaster rifle]}\n" +
		"  - {kind: squad, name: Rear, troop: Stormtrooper, size: 3, skills: {blaster: 4, command: 4}, weapons: [blaster rifle]}\n"
	c := armyOf(t, two)
	n, falls, front := 6000, 0, 0
	var nf, nr int
	for seed := range uint64(n) {
		b := ready(t, f, a, c, seed)
		b.place(0, Point{X: 36, Y: 20}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 22}, -math.Pi/2)
		b.place(2, Point{X: 36.6, Y: 18}, math.Pi/2)
		if seed == 0 {
			for _, ui := range []int{1, 2} {
				for _, fi := range b.units[ui].members {
					if dist2(b.figs[fi].pos, Point{X: 36, Y: 20}) <= fallReach*fallReach {
						if ui == 1 {
							nf++
						} else {
							nr++
						}
					}
				}
			}
			if nf == 0 || nr == 0 || nf == nr {
				t.Fatalf("adjoining: %d in front, %d behind", nf, nr)
			}
		}
		b.clearPhaseHits()
		b.lg.buf = b.lg.buf[:0]
		b.figs[b.units[0].members[0]].f.Mark(combat.Wound)
		b.endPhaseUnit(0)
		log := b.logText()
		if !strings.Contains(log, "falls on") {
			continue
		}
		falls++
		switch {
		case strings.Contains(log, "falls on "+itoa(nf)+" figure") && nf != nr:
			front++
		case strings.Contains(log, "falls on "+itoa(nr)+" figure"):
		default:
			t.Fatalf("seed %d: fell on neither arc's %d or %d:\n%s", seed, nf, nr, log)
		}
	}
	within(t, "falls", falls, n, 1.0/6)
	within(t, "falls on the front arc", front, falls, 0.5)
}

// A small creature (a tauntaun, Strength 4) falls on nobody.
func TestSmallCreaturesFallOnNobody(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, "format: 1\nsystem: swmb\nname: c\nside: rebel\nunits:\n  - {kind: creature, creature: tauntaun, count: 1}\n")
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 3, "    skills: {blaster: 4, command: 4}\n    weapons: [blaster rifle]\n", ""))
	for seed := range uint64(300) {
		b := ready(t, f, a, c, seed)
		b.place(0, Point{X: 36, Y: 20}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 22}, -math.Pi/2)
		b.clearPhaseHits()
		b.figs[b.units[0].members[0]].f.Mark(combat.Wound)
		b.endPhaseUnit(0)
		if strings.Contains(b.logText(), "falls on") {
			t.Fatal("a tauntaun fell on its neighbours")
		}
	}
}
