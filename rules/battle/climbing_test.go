package battle

import (
	"math"
	"testing"

	"muster/rules/combat"
)

// Chapter Twelve, "Climbing/Jumping" (lines 2809-2819): a lone hero (climbing/jumping 4)
// stopped by a cliff across his way climbs it at difficulty 8 (docs/decisions.md): he is up,
// 1" beyond its line, as often as combat.TestOdds(4, 8); else he falls, prone at its base
// (y 19.5, where his half-inch steps stop), and resists the fall's Damage Strength 1.
func TestHeroesClimbCliffs(t *testing.T) {
	f := field(t, ``, `{"type":"custom","from":[0,20],"to":[72,20],"impassable":true}`)
	hero := "format: 1\nsystem: swmb\nname: h\nside: rebel\nunits:\n  - kind: hero\n    name: Climber\n    origin: scratch\n    move: 10\n" +
		"    attributes: {DEX: 3, KNO: 2, MEC: 2, PER: 3, STR: 3, TEC: 2}\n    skills: {climbing/jumping: 4}\n    weapons: [blaster pistol]\n    armor: none\n"
	h := armyOf(t, hero)
	e := armyOf(t, squadArmy("imperial", "Stormtrooper", 2, "    skills: {blaster: 4, command: 4}\n    weapons: [blaster rifle]\n", ""))
	n, up := 3000, 0
	for seed := range uint64(n) {
		b := ready(t, f, h, e, seed)
		b.place(0, Point{X: 36, Y: 17}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 44}, -math.Pi/2)
		around := b.route(0, Point{X: 36, Y: 17}, Point{X: 36, Y: 30}, 10, false)
		if math.Abs(around.Y-19.5) > 1e-9 {
			t.Fatalf("the way around ends at %v, want the cliff's foot", around)
		}
		end, tried := b.climb(0, Point{X: 36, Y: 17}, Point{X: 36, Y: 30}, 10, around)
		if !tried {
			t.Fatal("did not try to climb")
		}
		g := &b.figs[b.units[0].members[0]]
		switch {
		case math.Abs(end.Y-20.5) < 1e-9 && !g.prone:
			up++
		case math.Abs(end.Y-19.5) < 1e-9 && g.prone:
		default:
			t.Fatalf("seed %d: ended at %v, prone %v", seed, end, g.prone)
		}
	}
	within(t, "climbed", up, n, combat.TestOdds(4, climbDifficulty))
	// With a way around that ends nearer the goal, he does not climb.
	b := ready(t, f, h, e, 1)
	if _, tried := b.climb(0, Point{X: 36, Y: 17}, Point{X: 36, Y: 30}, 10, Point{X: 36, Y: 29}); tried {
		t.Error("climbed though the way around was better")
	}
}
