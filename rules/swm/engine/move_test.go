package engine

import "testing"

// Movement (p. 4): a diagonal costs double; low objects and difficult terrain cost double
// to enter, and "if a character moves diagonally through low objects, the cost of movement
// doubles twice" (4).
func TestMovementDiagonalsAndTerrainCostDouble(t *testing.T) {
	m := field(t,
		"a.o..",
		".o~..",
		"....b",
	)
	trooper := house("Test Trooper", 5, 10, 10, 0, 10)
	b := newBattle(t, m, squad("A", trooper), squad("B", trooper))
	c := b.char(t, "[A] Test Trooper")
	b.put(c, Point{0, 1})
	for _, tc := range []struct {
		step Point
		want int
	}{
		{Point{0, -1}, 1}, // open, to a side
		{Point{1, 1}, 2},  // open, diagonal
		{Point{1, 0}, 2},  // low objects, to a side
		{Point{1, -1}, 2}, // open square (0..) diagonal: (1,0) is open
	} {
		if got := b.stepCost(c, c.Pos, tc.step); got != tc.want {
			t.Errorf("step %v from %v: %d, want %d", tc.step, c.Pos, got, tc.want)
		}
	}
	b.put(c, Point{1, 0})
	if got := b.stepCost(c, c.Pos, Point{1, 1}); got != 4 {
		t.Errorf("a diagonal into difficult terrain costs %d, want 4", got)
	}
	if got := b.stepCost(c, c.Pos, Point{1, 0}); got != 2 {
		t.Errorf("a step into low objects costs %d, want 2", got)
	}
	// Flight ignores low objects and difficult terrain.
	c.ab.flight = true
	if got := b.stepCost(c, c.Pos, Point{1, 1}); got != 2 {
		t.Errorf("a flyer's diagonal into difficult terrain costs %d, want 2", got)
	}
}

// "A character can't move diagonally past the corner or end of a wall"; walls and pits
// block; allies may be passed through, enemies not (Movement, p. 4).
func TestMovementWallsCornersPitsAlliesEnemies(t *testing.T) {
	m := field(t,
		"a#...",
		"..P..",
		"a...b",
	)
	trooper := house("Test Trooper", 5, 10, 10, 0, 10)
	b := newBattle(t, m, squad("A", trooper, trooper), squad("B", trooper))
	c := b.char(t, "[A] Test Trooper 1")
	b.put(c, Point{0, 1})
	if got := b.stepCost(c, c.Pos, Point{1, -1}); got != -1 {
		t.Errorf("a diagonal past the wall's corner costs %d, want not allowed", got)
	}
	if got := b.stepCost(c, c.Pos, Point{0, -1}); got != 1 {
		t.Errorf("the open square above: %d", got)
	}
	b.put(c, Point{1, 1})
	if got := b.stepCost(c, c.Pos, Point{1, 0}); got != -1 {
		t.Errorf("stepping into a pit: %d, want not allowed", got)
	}
	ally, enemy := b.char(t, "[A] Test Trooper 2"), b.char(t, "[B] Test Trooper")
	b.put(ally, Point{1, 2})
	b.put(enemy, Point{0, 1})
	if b.stepCost(c, c.Pos, Point{0, 1}) != 1 {
		t.Error("an ally's square must be passable")
	}
	if b.fits(c, ally.Pos, false) {
		t.Error("a character may not stop on an ally")
	}
	if b.stepCost(c, c.Pos, Point{-1, 0}) != -1 {
		t.Error("an enemy's square must block")
	}
}

// Attacks of Opportunity (p. 20): leaving a square next to an enemy lets it attack once
// that turn; a wall between means the two are not adjacent; Flight movers never provoke.
func TestAttackOfOpportunityOnLeavingAnAdjacentSquare(t *testing.T) {
	m := field(t,
		"a.......",
		"........",
		".......b",
	)
	mover := house("Test Runner", 5, 100, 10, 0, 10)
	guard := house("Test Guard", 5, 100, 10, 0, 10)
	b := newBattle(t, m, squad("A", mover), squad("B", guard))
	r, g := b.char(t, "[A] Test Runner"), b.char(t, "[B] Test Guard")
	b.put(r, Point{1, 1})
	b.put(g, Point{2, 1})
	b.script = []int{15} // the guard's attack hits (15 + 0 against 10)
	b.moveAlong(r, []Point{{0, 1}, {0, 0}, {1, 0}})
	if n := count(b.logText(), "attack of opportunity"); n != 1 {
		t.Fatalf("%d attacks of opportunity, want 1 in one turn:\n%s", n, b.logText())
	}
	if r.HP != 90 {
		t.Errorf("the runner has %d Hit Points, want 90", r.HP)
	}
	// Flight: no attack of opportunity.
	b.turn++
	b.lines = nil
	r.ab.flight = true
	b.put(r, Point{1, 1})
	b.moveAlong(r, []Point{{0, 1}})
	if count(b.logText(), "attack of opportunity") != 0 {
		t.Errorf("a flyer provoked:\n%s", b.logText())
	}
}

// Attacks of Opportunity (L457: "if the enemy is not defeated, it continues moving") and
// Reduced to 0 Hit Points (L197: "it is defeated and removed from the battle map"): a
// character defeated by an attack of opportunity on its way to attack is gone; it makes
// no attack from where it fell. (The engine let it: "[A] Rebel Leader 2 takes 30 from [B]
// Blizzard Scout 1 and is defeated", then "[A] Rebel Leader 2 attacks [B] Blizzard Scout 1".)
func TestDefeatedByAnAttackOfOpportunityMakesNoAttack(t *testing.T) {
	m := field(t,
		"aaaa#bb##",
		"#########",
		".........",
		"###.#####",
	)
	brute := house("Test Brute", 10, 10, 10, 10, 10, "Melee Attack")
	ally := house("Test Ally", 5, 10, 10, 0, 0)
	guard := house("Test Guard", 5, 100, 5, 20, 100)
	prize := house("Test Prize", 50, 10, 5, 0, 10)
	b := newBattle(t, m, squad("A", brute, ally, ally, ally), squad("B", guard, prize))
	c := b.char(t, "[A] Test Brute")
	b.put(c, Point{0, 2})
	for i, x := range []int{2, 3, 4} {
		b.put(b.char(t, "[A] Test Ally "+itoa(i+1)), Point{x, 2})
	}
	g, p := b.char(t, "[B] Test Guard"), b.char(t, "[B] Test Prize")
	b.put(g, Point{3, 3}) // in the niche below the corridor: the allies fill every square beside it
	b.put(p, Point{6, 2})
	b.script = []int{20} // the guard's attack of opportunity
	b.activate(c)
	if !c.Defeated {
		t.Fatalf("the brute was not defeated on its way:\n%s", b.logText())
	}
	if n := count(b.logText(), "[A] Test Brute attacks"); n != 0 || g.HP != 100 || p.HP != 10 {
		t.Errorf("the defeated brute made %d attacks (guard %d, prize %d Hit Points):\n%s", n, g.HP, p.HP, b.logText())
	}
}
