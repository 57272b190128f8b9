package engine

import "testing"

// Line of Sight (p. 8): walls block it; characters, low objects, difficult terrain and
// pits do not. Characters give cover to those behind them (Shooting past Characters,
// p. 17): Luke shoots through the Rebel Trooper's square, the Stormtrooper gets +4.
func TestLineOfSightWallsBlockCharactersGiveCover(t *testing.T) {
	m := field(t,
		"a.......",
		"..~oP...",
		"a.......",
		"####....",
		"a......b",
		"b......b",
	)
	luke := house("Test Luke", 5, 60, 17, 8, 10)
	rebel := house("Test Rebel Trooper", 5, 10, 10, 0, 10)
	storm := house("Test Stormtrooper", 5, 10, 10, 0, 10)
	hidden := house("Test Hidden Trooper", 5, 10, 10, 0, 10)
	b := newBattle(t, m, squad("L", luke, rebel, rebel), squad("D", storm, hidden))
	l, r, s, h := b.char(t, "[A] Test Luke"), b.char(t, "[A] Test Rebel Trooper 1"), b.char(t, "[B] Test Stormtrooper"), b.char(t, "[B] Test Hidden Trooper")
	b.put(l, Point{0, 1})
	b.put(r, Point{2, 0})
	b.put(b.char(t, "[A] Test Rebel Trooper 2"), Point{7, 0})
	b.put(s, Point{6, 1})
	b.put(h, Point{0, 5})
	if !b.los(l.Pos, 1, s.Pos, 1) {
		t.Error("difficult terrain, low objects and a pit blocked line of sight")
	}
	if b.los(l.Pos, 1, h.Pos, 1) {
		t.Error("the wall did not block line of sight")
	}
	if !b.cover(l, l.Pos, s) {
		t.Error("the low objects in the line (not next to Luke) must give cover")
	}
	b.put(l, Point{0, 2})
	b.put(s, Point{6, 2})
	if b.cover(l, l.Pos, s) {
		t.Error("the Stormtrooper has cover along an open row")
	}
	b.put(r, Point{3, 2})
	if !b.cover(l, l.Pos, s) {
		t.Error("the Rebel Trooper in the line must give the Stormtrooper cover")
	}
	// An adjacent enemy never has cover.
	b.put(s, Point{1, 0})
	if b.cover(l, l.Pos, s) {
		t.Error("an adjacent enemy had cover")
	}
}

// Low Objects and Cover (p. 15): low objects give cover to the character in them; the
// attacker shoots over low objects in its own and adjacent squares.
func TestLowObjectsCoverAndShootingOverThem(t *testing.T) {
	m := field(t,
		"ao......b",
		".........",
		"a...o...b",
	)
	tr := house("Test Trooper", 5, 10, 10, 0, 10)
	b := newBattle(t, m, squad("A", tr, tr), squad("B", tr, tr))
	a, e := b.char(t, "[A] Test Trooper 1"), b.char(t, "[B] Test Trooper 1")
	b.put(b.char(t, "[A] Test Trooper 2"), Point{0, 1})
	b.put(b.char(t, "[B] Test Trooper 2"), Point{8, 1})
	b.put(a, Point{0, 0})
	b.put(e, Point{4, 2})
	if !b.cover(a, a.Pos, e) {
		t.Error("a target standing in low objects has cover")
	}
	b.put(e, Point{5, 0})
	if b.cover(a, a.Pos, e) {
		t.Error("the low objects next to the attacker gave cover")
	}
	// The other way round the same low objects are next to the target, not the attacker.
	if !b.cover(e, e.Pos, a) {
		t.Error("low objects beside the target (not the attacker) give cover")
	}
}

// Shooting Around Corners (p. 25): Padmé, beside the corner, shoots the Battle Droid past
// it with no cover; the Battle Droid shooting back finds Padmé in cover.
func TestShootingAroundACorner(t *testing.T) {
	m := field(t,
		"a.......",
		"........",
		"...#####",
		"...#####",
		"b..#####",
	)
	tr := house("Test Trooper", 5, 10, 10, 0, 10)
	b := newBattle(t, m, squad("A", tr), squad("B", tr))
	padme, droid := b.char(t, "[A] Test Trooper"), b.char(t, "[B] Test Trooper")
	b.put(padme, Point{2, 2})
	b.put(droid, Point{5, 1})
	if !b.los(padme.Pos, 1, droid.Pos, 1) {
		t.Fatal("no line of sight around the corner")
	}
	if b.cover(padme, padme.Pos, droid) {
		t.Error("Padmé's target has cover; the book says none")
	}
	if !b.cover(droid, droid.Pos, padme) {
		t.Error("the Battle Droid's target, Padmé, has no cover; the book gives her +4")
	}
}

// Choosing Your Target (p. 8): adjacent enemies first; an enemy with cover only if it is
// the nearest (ties allowed: Grievous's example, both 5 squares away); Accurate Shot
// ignores the rule (Han Solo).
func TestTargetsAdjacentFirstAndNearestWithCover(t *testing.T) {
	m := field(t,
		"a.........",
		"a.........",
		"..........",
		"..........",
		"..........",
		"bbbbbbbbbb",
	)
	tr := house("Test Trooper", 5, 10, 10, 0, 10)
	b := newBattle(t, m, squad("A", tr, tr), squad("B", tr, tr, tr))
	a, ally := b.char(t, "[A] Test Trooper 1"), b.char(t, "[A] Test Trooper 2")
	e1, e2, e3 := b.char(t, "[B] Test Trooper 1"), b.char(t, "[B] Test Trooper 2"), b.char(t, "[B] Test Trooper 3")
	b.put(a, Point{0, 0})
	b.put(ally, Point{3, 0})
	b.put(e1, Point{0, 5}) // 5 squares, in the open
	b.put(e2, Point{5, 0}) // 5 squares, behind the ally: cover
	b.put(e3, Point{9, 5}) // far
	legal := func() map[*Char]bool {
		out := map[*Char]bool{}
		for _, x := range b.targets(a, a.Pos) {
			out[x.t] = true
		}
		return out
	}
	if l := legal(); !l[e1] || !l[e2] || !l[e3] {
		t.Errorf("tied for nearest, the covered enemy is legal: %v", l)
	}
	b.put(e2, Point{6, 0}) // 6 squares: covered and not nearest
	if l := legal(); !l[e1] || l[e2] {
		t.Errorf("a covered enemy that is not the nearest is not a legal target: %v", l)
	}
	a.ab.accurate = true
	if l := legal(); !l[e2] {
		t.Error("Accurate Shot may target it")
	}
	a.ab.accurate = false
	b.put(e3, Point{1, 1}) // adjacent, diagonally
	if l := legal(); len(l) != 1 || !l[e3] {
		t.Errorf("with an enemy adjacent only it is legal: %v", l)
	}
}
