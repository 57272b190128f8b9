package engine

import (
	"testing"

	"muster/rules/swm/cards"
)

// Big Characters and Moving (p. 14): a Large character (2 x 2) pays double if any part of
// its space enters low objects, and cannot move if any part would enter an enemy's square.
func TestBigCharacterPaysTerrainForAnySquareAndStopsAtEnemies(t *testing.T) {
	m := field(t,
		"aa........",
		"aa........",
		"...o......",
		"..........",
		".........b",
	)
	tauntaun := house("Test Tauntaun Rider", 10, 60, 15, 5, 10, "Speed 8")
	large := cards.Large
	tauntaun.Size = &large
	tr := house("Test Trooper", 5, 10, 10, 0, 10)
	b := newBattle(t, m, squad("A", tauntaun), squad("B", tr))
	rider, enemy := b.char(t, "[A] Test Tauntaun Rider"), b.char(t, "[B] Test Trooper")
	b.put(rider, Point{2, 0}) // squares (2..3, 0..1)
	b.put(enemy, Point{9, 4})
	if got := b.stepCost(rider, rider.Pos, Point{0, 1}); got != 2 {
		t.Errorf("stepping down, the right half enters low objects at (4,3): cost %d, want 2", got)
	}
	if got := b.stepCost(rider, rider.Pos, Point{-1, 0}); got != 1 {
		t.Errorf("stepping left over open ground: %d, want 1", got)
	}
	b.put(enemy, Point{4, 1})
	if got := b.stepCost(rider, rider.Pos, Point{1, 0}); got != -1 {
		t.Errorf("stepping right into the enemy's square: %d, want not allowed", got)
	}
}

// Doors (p. 26): a door is a wall until a character ends its turn next to it; it stays open
// until a turn ends with no one next to it. A Hologram neither opens nor holds a door.
func TestDoorsOpenAndClose(t *testing.T) {
	m := field(t,
		"a...#....",
		"....D....",
		"....#...b",
	)
	tr := house("Test Trooper", 5, 10, 10, 0, 10)
	holo := house("Test Hologram", 5, 1, 10, 0, 0, "Hologram")
	b := newBattle(t, m, squad("A", tr), squad("B", holo))
	c, h := b.char(t, "[A] Test Trooper"), b.char(t, "[B] Test Hologram")
	door := Point{4, 1}
	b.put(h, Point{8, 2})
	b.put(c, Point{0, 1})
	if b.los(Point{3, 1}, 1, Point{5, 1}, 1) {
		t.Fatal("a closed door blocked nothing")
	}
	b.put(c, Point{3, 1})
	b.endTurn(c)
	if !b.doorOpen(door) || !b.los(Point{3, 1}, 1, Point{5, 1}, 1) {
		t.Fatal("ending a turn next to the door did not open it")
	}
	b.put(c, Point{0, 1})
	b.put(h, Point{5, 1})
	b.endTurn(c)
	if b.doorOpen(door) {
		t.Error("a Hologram held the door open")
	}
}
