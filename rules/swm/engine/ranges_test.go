package engine

import (
	"strings"
	"testing"

	"muster/rules/swm/cards"
)

// The Battle of Hoth rulebook's ranges, each at its printed limit and one square past it,
// straight and diagonal: "range: ... the distance in squares between the attacker's and the
// defender's square, counting the defender's square. Diagonals count as 2 squares"
// (glossary), so a square 3 across and 3 down is 6 away, one 4 across and 3 down 7.
// The limits are the rulebook's: Spotter ("within 6 squares"), Grenades ("up to 6 squares
// away"), Harpoon Gun ("within 6 squares"), a commander effect's range (the Quick Start's
// "Allied Anakin within 6 squares gets +4 Attack"), Fire Support Mission ("all characters
// within 2 squares of it") and Hologram ("no trooper ally is within 2 squares"). Each
// check fails if the engine's comparison moves by one square or counts diagonals as 1.

// at is a square d squares from p, straight along a row (diag false) or as near to the
// diagonal as d allows, on the 10 x 8 open map: the offsets are the test's own counting.
func at(p Point, d int, diag bool) Point {
	if !diag {
		return Point{p.X + d, p.Y}
	}
	return Point{p.X + (d+1)/2, p.Y + d/2}
}

func TestRangeCountsDiagonalsAsTwo(t *testing.T) {
	tr := house("Test Trooper", 5, 30, 10, 0, 10)
	b := newBattle(t, field(t, openRows...), squad("A", tr), squad("B", tr))
	a, e := b.char(t, "[A] Test Trooper"), b.char(t, "[B] Test Trooper")
	b.put(a, Point{0, 1})
	for _, c := range []struct {
		p    Point
		want int
	}{{Point{6, 1}, 6}, {Point{7, 1}, 7}, {Point{3, 4}, 6}, {Point{4, 4}, 7}, {Point{1, 2}, 2}, {Point{1, 1}, 1}} {
		b.put(e, c.p)
		if got := b.rangeTo(a.Pos, a.Size, e); got != c.want {
			t.Errorf("from %v to %v: range %d, want %d", a.Pos, c.p, got, c.want)
		}
	}
}

func TestSixSquareRangesAtTheirLimit(t *testing.T) {
	for _, diag := range []bool{false, true} {
		for _, d := range []int{6, 7} {
			in := d <= 6
			// Spotter +10: the spotter combining fire is d squares from the target.
			shooter := house("Test Shooter", 5, 30, 10, 0, 10)
			spotter := house("Test Spotter", 5, 30, 10, 0, 10, "Spotter +10")
			tr := house("Test Trooper", 5, 30, 10, 0, 10)
			b := newBattle(t, field(t, openRows...), squad("A", shooter, spotter), squad("B", tr))
			sh, sp, e := b.char(t, "[A] Test Shooter"), b.char(t, "[A] Test Spotter"), b.char(t, "[B] Test Trooper")
			b.put(e, Point{0, 0})
			b.put(sp, at(e.Pos, d, diag))
			b.put(sh, Point{9, 7})
			if got, want := b.aim(sh, sh.Pos, e, []*Char{sp}).Damage, map[bool]int{true: 20, false: 10}[in]; got != want {
				t.Errorf("Spotter %d squares from the target (diagonal %v): Damage %d, want %d", d, diag, got, want)
			}

			// A commander effect of range 6: +4 Attack to an ally d squares away.
			cmd := house("Test Commander", 5, 30, 10, 0, 10)
			cmd.Commander = &cards.Commander{Has: true, Effects: []cards.Effect{{Stat: "attack", Bonus: 4, Range: 6}}}
			b = newBattle(t, field(t, openRows...), squad("A", cmd, tr), squad("B", tr))
			c, ally := b.char(t, "[A] Test Commander"), b.char(t, "[A] Test Trooper")
			b.put(c, Point{0, 0})
			b.put(ally, at(c.Pos, d, diag))
			b.put(b.char(t, "[B] Test Trooper"), Point{9, 7})
			if got, want := b.ceBonus(ally, ceAttack), map[bool]int{true: 4, false: 0}[in]; got != want {
				t.Errorf("a range-6 commander effect %d squares away (diagonal %v): +%d, want +%d", d, diag, got, want)
			}

			// Harpoon Gun on a Mounted Weapon enemy d squares away.
			speeder := house("Test Speeder", 5, 60, 10, 0, 10, "Harpoon Gun")
			walker := house("Test Walker", 5, 100, 16, 0, 10, "Mounted Weapon")
			b = newBattle(t, field(t, openRows...), squad("A", speeder), squad("B", walker))
			s, w := b.char(t, "[A] Test Speeder"), b.char(t, "[B] Test Walker")
			b.put(s, Point{0, 0})
			b.put(w, at(s.Pos, d, diag))
			if got := b.harpoonable(s, w); got != in {
				t.Errorf("Harpoon Gun at %d squares (diagonal %v): in reach %v, want %v", d, diag, got, in)
			}

			// Grenades at a pair of enemies, the nearer d squares away (the farther one
			// square further, beside it).
			thrower := house("Test Grenadier", 5, 30, 10, 0, 10, "Grenades 20")
			b = newBattle(t, field(t, openRows...), squad("A", thrower), squad("B", tr, tr))
			g, e1, e2 := b.char(t, "[A] Test Grenadier"), b.char(t, "[B] Test Trooper 1"), b.char(t, "[B] Test Trooper 2")
			b.put(g, Point{0, 0})
			b.put(e1, at(g.Pos, d, diag))
			b.put(e2, Point{e1.Pos.X + 1, e1.Pos.Y})
			b.script = []int{1, 1}
			if got := b.replaceAttacks(g, b.targets(g, g.Pos)); got != in || in != strings.Contains(b.logText(), "throws Grenades") {
				t.Errorf("Grenades with the nearer enemy %d squares away (diagonal %v): thrown %v, want %v\n%s", d, diag, got, in, b.logText())
			}
		}
	}
}

// Fire Support Mission hits the target and everyone within 2 squares of it, and nobody 3
// away; the caller stands beside the target, so it is the one chosen ("adjacent enemies
// first").
func TestFireSupportReachesTwoSquares(t *testing.T) {
	caller := house("Test Caller", 5, 30, 10, 0, 10, "Fire Support Mission")
	tr := house("Test Trooper", 100, 100, 10, 0, 10)
	b := newBattle(t, field(t, openRows...), squad("A", caller), squad("B", tr, tr, tr, tr, tr))
	c := b.char(t, "[A] Test Caller")
	target := b.char(t, "[B] Test Trooper 1")
	b.put(c, Point{0, 3})
	b.put(target, Point{1, 3})
	near := []*Char{b.char(t, "[B] Test Trooper 2"), b.char(t, "[B] Test Trooper 3")}
	far := []*Char{b.char(t, "[B] Test Trooper 4"), b.char(t, "[B] Test Trooper 5")}
	b.put(near[0], at(target.Pos, 2, false)) // (3,3): 2 along the row
	b.put(near[1], Point{2, 4})              // one diagonal: 2
	b.put(far[0], Point{1, 6})               // 3 down
	b.put(far[1], Point{3, 4})               // 2 across and 1 down: 3
	b.script = []int{1, 1, 1, 1, 1}          // every save fails: 60 each
	b.activate(c)
	if !strings.Contains(b.logText(), "calls a Fire Support Mission on [B] Test Trooper 1") {
		t.Fatalf("no Fire Support Mission on the adjacent trooper:\n%s", b.logText())
	}
	for _, x := range append([]*Char{target}, near...) {
		if x.HP != 40 {
			t.Errorf("%s at %v, within 2 squares: %d Hit Points, want 100 - 60", x.Label, x.Pos, x.HP)
		}
	}
	for _, x := range far {
		if x.HP != 100 {
			t.Errorf("%s at %v, 3 squares away: %d Hit Points, want 100", x.Label, x.Pos, x.HP)
		}
	}
}

// A Hologram "is defeated if it activates when no trooper ally is within 2 squares": kept
// by a trooper 2 squares away (straight or diagonal), lost with the trooper 3 away.
func TestHologramTwoSquaresAtTheLimit(t *testing.T) {
	for _, diag := range []bool{false, true} {
		for _, d := range []int{2, 3} {
			veers := house("Test Hologram", 5, 1, 10, 0, 0, "Hologram")
			trooper := house("Test Snowtrooper", 5, 10, 10, 0, 10)
			b := newBattle(t, field(t, openRows...), squad("A", veers, trooper), squad("B", trooper))
			h, tr := b.char(t, "[A] Test Hologram"), b.char(t, "[A] Test Snowtrooper")
			b.put(b.char(t, "[B] Test Snowtrooper"), Point{9, 7})
			b.put(h, Point{0, 0})
			b.put(tr, at(h.Pos, d, diag))
			b.activate(h)
			if want := d > 2; h.Defeated != want {
				t.Errorf("a trooper %d squares from the Hologram (diagonal %v): defeated %v, want %v\n%s", d, diag, h.Defeated, want, b.logText())
			}
		}
	}
}
