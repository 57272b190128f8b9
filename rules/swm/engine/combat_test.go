package engine

import (
	"strings"
	"testing"

	"muster/rules/swm/cards"
)

// printed returns a built-in card completed with house numbers where the rulebook is silent
// (tests only): the printed values stay.
func printed(t *testing.T, name string, fill cards.Card) *cards.Card {
	t.Helper()
	fill.Name = name
	cat, conflicts, err := cards.Builtin().Extend([]cards.Card{fill})
	if err != nil || len(conflicts) > 0 {
		t.Fatalf("%v %v", err, conflicts)
	}
	c, _ := cat.Lookup(name)
	if m := c.Missing(); len(m) > 0 {
		t.Fatalf("%s still misses %v", name, m)
	}
	return c
}

func sp(s string) *string { return &s }
func bp(v bool) *bool     { return &v }

func leiaCard(t *testing.T) *cards.Card {
	return printed(t, "Princess Leia, Hoth Commander", cards.Card{HP: ip(70), Defense: ip(16), Size: sp("medium"), Force: ip(0),
		Abilities: []string{"Unique", "Advantageous Attack", "Mobile Attack"}, Commander: &cards.Commander{Has: true, Text: "house text"}})
}

func vaderCard(t *testing.T) *cards.Card {
	return printed(t, "Darth Vader, Imperial Commander", cards.Card{Attack: ip(14), Damage: ip(20), Size: sp("medium"),
		Abilities: []string{"Unique", "Melee Attack", "Double Attack"}})
}

func snowtrooperCard(t *testing.T) *cards.Card {
	return printed(t, "Snowtrooper", cards.Card{HP: ip(10), Defense: ip(13), Speed: ip(6), Size: sp("medium"), Unique: bp(false),
		Abilities: []string{}, Force: ip(0), Commander: &cards.Commander{}})
}

func hanCard(t *testing.T) *cards.Card {
	return printed(t, "Han Solo on Tauntaun", cards.Card{Attack: ip(9), Damage: ip(20), Size: sp("medium"), Force: ip(3),
		Abilities: []string{"Unique", "Accurate Shot", "Cunning Attack", "Heal 10", "Mobile Attack", "Speed 8"}})
}

var openRows = []string{
	"aaaaaaaaaa",
	"..........",
	"..........",
	"..........",
	"..........",
	"..........",
	"..........",
	"bbbbbbbbbb",
}

// Attacking (p. 8): Leia (+7, Damage 20) rolls 17 against Vader's Defense 23: 24 hits and
// Vader drops from 140 to 120. (Vader spends no Force point here: the example assumes no
// other modifiers, so he has none to deflect with.)
func TestLeiasAttackOnVaderInBattle(t *testing.T) {
	b := newBattle(t, field(t, openRows...), squad("Rebels", leiaCard(t)), squad("Empire", vaderCard(t)))
	leia, vader := b.char(t, "[A] Princess Leia, Hoth Commander"), b.char(t, "[B] Darth Vader, Imperial Commander")
	b.put(leia, Point{2, 0})
	b.put(vader, Point{2, 4})
	vader.Force = 0
	vader.Activated = true // Advantageous Attack's +10 is for enemies yet to act
	b.script = []int{17}
	b.attack(leia, vader, nil, false, false)
	if vader.HP != 120 {
		t.Fatalf("Vader has %d Hit Points, want 120:\n%s", vader.HP, b.logText())
	}
	if !strings.Contains(b.logText(), "17 + 7 against Defense 23: hits") {
		t.Errorf("log:\n%s", b.logText())
	}
}

// Example of Combat (p. 21): Han (Defense 16, 90 HP) in low objects has cover (+4: 20);
// the other Snowtrooper combines fire (+4); the Snowtrooper rolls 14: 14 + 4 + 4 = 22,
// a hit for 10, Han at 80. The helper spends its activation.
func TestSnowtrooperCombinedFireOnHanBehindCover(t *testing.T) {
	rows := append([]string(nil), openRows...)
	rows[4] = "....o....."
	b := newBattle(t, field(t, rows...), squad("Empire", snowtrooperCard(t), snowtrooperCard(t)), squad("Rebels", hanCard(t)))
	st1, st2 := b.char(t, "[A] Snowtrooper 1"), b.char(t, "[A] Snowtrooper 2")
	han := b.char(t, "[B] Han Solo on Tauntaun")
	b.put(st1, Point{4, 0})
	b.put(st2, Point{6, 0})
	b.put(han, Point{4, 4})
	s := b.aim(st1, st1.Pos, han, []*Char{st2})
	if !s.Cover || s.Defense != 16 || s.Need() != 12 {
		t.Fatalf("the shot: cover %v, Defense %d, needs %d; want cover, 16 (+4) and 12", s.Cover, s.Defense, s.Need())
	}
	st2.Activated = true
	b.script = []int{14}
	b.attack(st1, han, []*Char{st2}, false, false)
	if han.HP != 80 {
		t.Fatalf("Han has %d Hit Points, want 80:\n%s", han.HP, b.logText())
	}
	if !strings.Contains(b.logText(), "14 + 8, 1 combining fire, target in cover against Defense 20: hits") {
		t.Errorf("log:\n%s", b.logText())
	}
}

// Combined Fire (p. 19): Melee Attack characters neither give nor get it; allies need line
// of sight to the target and must not have activated.
func TestCombinedFireWhoMayHelp(t *testing.T) {
	b := newBattle(t, field(t, openRows...), squad("Empire", vaderCard(t), snowtrooperCard(t), snowtrooperCard(t)), squad("Rebels", hanCard(t)))
	vader, st1, st2 := b.char(t, "[A] Darth Vader, Imperial Commander"), b.char(t, "[A] Snowtrooper 1"), b.char(t, "[A] Snowtrooper 2")
	han := b.char(t, "[B] Han Solo on Tauntaun")
	b.put(han, Point{4, 6})
	b.put(vader, Point{4, 5})
	b.put(st1, Point{0, 0})
	b.put(st2, Point{9, 0})
	if h := b.combineFire(vader, han); len(h) != 0 {
		t.Errorf("Vader (Melee Attack) received combined fire from %d", len(h))
	}
	b.put(vader, Point{0, 3})
	st2.Activated = true
	// Snowtrooper 1 shooting at Han far away: Vader may not help (Melee Attack), Snowtrooper
	// 2 has activated.
	if h := b.combineFire(st1, han); len(h) != 0 {
		t.Errorf("helpers %d, want none", len(h))
	}
}

// Fragile 40 (glossary): below 40 Hit Points the character "can no longer attack", so it
// has no attack to pool in combined fire (p. 19). The gun at (6,1) sees the target at
// (6,7), which low objects cover from it, while a nearer enemy (4 squares round the wall
// at (5,1)) is out of its sight: it has no target of its own, so at 40 Hit Points it
// combines fire with the trooper's long shot (needs 18), and at 39 it may not.
func TestFragileBelowItsNumberGivesNoCombinedFire(t *testing.T) {
	m := field(t,
		"....#.....",
		"..........",
		"..........",
		"....ooo...",
		"..........",
		"..........",
		"..........",
		"aa......bb",
	)
	shooter := house("Test Trooper", 5, 10, 10, 0, 10)
	gun := house("Test Gun", 15, 60, 10, 3, 30, "Fragile 40")
	target := house("Test Target", 5, 100, 18, 0, 10)
	b := newBattle(t, m, squad("A", shooter, gun), squad("B", target, target))
	s, g := b.char(t, "[A] Test Trooper"), b.char(t, "[A] Test Gun")
	tg, hid := b.char(t, "[B] Test Target 1"), b.char(t, "[B] Test Target 2")
	b.put(s, Point{9, 6})
	b.put(g, Point{5, 0})
	b.put(tg, Point{5, 6})
	b.put(hid, Point{3, 0})
	if ts := b.targets(g, g.Pos); len(ts) != 0 {
		t.Fatalf("the gun has a target of its own: %v", ts[0].t.Label)
	}
	g.HP = 40
	if h := b.combineFire(s, tg); len(h) != 1 {
		t.Fatalf("at 40 Hit Points (Fragile 40) the gun may combine fire: helpers %d", len(h))
	}
	g.Activated = false
	g.HP = 39
	if h := b.combineFire(s, tg); len(h) != 0 {
		t.Errorf("at 39 Hit Points (Fragile 40) the gun cannot attack and may not combine fire:\n%s", b.logText())
	}
}

// Vader, Imperial Commander: trooper followers get +6 Defense; with low objects' cover the
// Snowtrooper gets +10 in all (stacking, glossary).
func TestVaderTrooperDefenseStacksWithCover(t *testing.T) {
	rows := append([]string(nil), openRows...)
	rows[1] = "..o......."
	b := newBattle(t, field(t, rows...), squad("Empire", vaderCard(t), snowtrooperCard(t)), squad("Rebels", leiaCard(t)))
	st, leia := b.char(t, "[A] Snowtrooper"), b.char(t, "[B] Princess Leia, Hoth Commander")
	b.put(st, Point{2, 1})
	b.put(leia, Point{2, 7})
	s := b.aim(leia, leia.Pos, st, nil)
	if s.Defense != 13+6 || !s.Cover {
		t.Fatalf("Defense %d cover %v; want 19 and cover (+4): 23 in all", s.Defense, s.Cover)
	}
	// Defeated as the engine defeats (damage): off the map too, which is a move (moved).
	vader := b.char(t, "[A] Darth Vader, Imperial Commander")
	vader.Defeated = true
	b.lift(vader)
	if s := b.aim(leia, leia.Pos, st, nil); s.Defense != 13 {
		t.Errorf("the effect ends with the commander: Defense %d", s.Defense)
	}
}

// Force Points (p. 22): Vader spends 1 to move 8 squares and end up next to several
// enemies; he has spent this turn, so no Lightsaber Sweep: one attack. On another
// character's turn he may spend again, to reroll a failed save. Points spent are gone.
func TestForcePointVaderMovesEightThenCannotSweep(t *testing.T) {
	rows := []string{
		"a.........",
		"..........",
		"..........",
		"..........",
		"..........",
		"..........",
		"..........",
		"..........",
		"..........",
		"bb........",
	}
	b := newBattle(t, field(t, rows...), squad("Empire", vaderCard(t)), squad("Rebels", snowtrooperCard(t), snowtrooperCard(t)))
	vader := b.char(t, "[A] Darth Vader, Imperial Commander")
	r1, r2 := b.char(t, "[B] Snowtrooper 1"), b.char(t, "[B] Snowtrooper 2")
	b.put(vader, Point{0, 0})
	b.put(r1, Point{0, 9})
	b.put(r2, Point{1, 9})
	b.script = []int{15, 15, 15, 15}
	b.activate(vader)
	log := b.logText()
	if vader.Force != 4 || !strings.Contains(log, "spends a Force point to move 2 extra squares") {
		t.Fatalf("Force %d, want 4 after moving 8:\n%s", vader.Force, log)
	}
	if strings.Contains(log, "Lightsaber Sweep") || count(log, "attacks [B]") != 1 {
		t.Errorf("after spending Force points this turn Vader attacks once, no Sweep:\n%s", log)
	}
	// Another character's turn: a failed save (5 against 11) may be rerolled (16).
	b.turn++
	b.script = []int{5, 16}
	if !b.save(vader, 11, true) || vader.Force != 3 {
		t.Errorf("the rerolled save: Force %d, want 3 and a success", vader.Force)
	}
	// Not twice in that turn.
	b.script = []int{5}
	if b.save(vader, 11, true) || vader.Force != 3 {
		t.Error("a second Force point in the same turn was spent")
	}
}

// Move Faster (p. 22): "Princess Leia, for example, can use this option to move 8 squares
// and attack". Behind a wall with one gap, the nearest square that sees Vader is 8 squares
// away: she spends her Force point, moves 8 and attacks.
func TestForcePointLeiaMovesEightAndAttacks(t *testing.T) {
	rows := []string{
		"a.#.......",
		"..#.......",
		"..#.......",
		"..#.......",
		"..#.......",
		"..#.......",
		"..........",
		"..#.......",
		"..#.......",
		"..#......b",
	}
	leia := leiaCard(t)
	leia.Force = ip(2)
	b := newBattle(t, field(t, rows...), squad("Rebels", leia), squad("Empire", vaderCard(t)))
	l, v := b.char(t, "[A] Princess Leia, Hoth Commander"), b.char(t, "[B] Darth Vader, Imperial Commander")
	b.put(l, Point{0, 0})
	b.put(v, Point{9, 0})
	v.Force = 0
	l.ab.mobile = false // the example is the move, not what Mobile Attack adds after the attack
	b.script = []int{20}
	b.activate(l)
	log := b.logText()
	moved := l.Pos.X + l.Pos.Y // from the corner, steps to the side: a diagonal costs 2 anyway
	if l.Force != 1 || moved <= 6 || moved > 8 || !strings.Contains(log, "attacks [B] Darth Vader") {
		t.Fatalf("Leia: Force %d, moved %d squares; want 1 Force point left, 7 or 8 squares and an attack:\n%s", l.Force, moved, log)
	}
	// A natural 20: a critical hit, double damage: (20 + 10 for Advantageous Attack, Vader
	// has not activated this round) x 2.
	if v.HP != 80 {
		t.Errorf("Vader has %d Hit Points, want 140 - 60 = 80", v.HP)
	}
}

// Damage Reduction: each hit's damage less the number; adjacent enemies with lightsabers
// ignore it. Fragile: no attacks below the number. Twin Attack: a second attack on the
// same target.
func TestDamageReductionFragileTwinAttack(t *testing.T) {
	speeder := house("Test Speeder", 5, 60, 10, 0, 10, "Damage Reduction 10", "Twin Attack")
	blade := house("Test Blade", 5, 60, 10, 0, 20, "Lightsaber")
	gun := house("Test Gun", 5, 60, 10, 0, 30, "Fragile 40")
	b := newBattle(t, field(t, openRows...), squad("A", speeder), squad("B", blade, gun))
	s, l, g := b.char(t, "[A] Test Speeder"), b.char(t, "[B] Test Blade"), b.char(t, "[B] Test Gun")
	b.put(s, Point{3, 3})
	b.put(l, Point{3, 6})
	b.put(g, Point{8, 7})
	b.script = []int{15}
	b.attack(l, s, nil, false, false)
	if s.HP != 50 {
		t.Errorf("20 less Damage Reduction 10: HP %d, want 50", s.HP)
	}
	b.put(l, Point{3, 4})
	b.script = []int{15}
	b.attack(l, s, nil, false, false)
	if s.HP != 20 {
		t.Errorf("adjacent with a lightsaber: 20 + 10 (Lightsaber), no reduction: HP %d, want 20", s.HP)
	}
	b.script = []int{15, 15}
	b.attack(s, g, nil, false, false)
	if g.HP != 40 || count(b.logText(), "Twin Attack") != 1 {
		t.Errorf("Twin Attack: two hits of 10: HP %d, want 40:\n%s", g.HP, b.logText())
	}
	if !g.canAttack() {
		t.Error("at 40 Hit Points Fragile 40 may still attack")
	}
	g.HP = 39
	if g.canAttack() {
		t.Error("below 40 Hit Points Fragile 40 may not attack")
	}
}

// Damage Reduction 10 against a hit of 10 leaves no damage, and the log says so rather than
// reporting a hit that did nothing.
func TestDamageReductionThatStopsAHitIsLogged(t *testing.T) {
	speeder := house("Test Speeder", 5, 60, 10, 0, 10, "Damage Reduction 10")
	tr := house("Test Trooper", 5, 10, 10, 0, 10)
	b := newBattle(t, field(t, openRows...), squad("A", speeder), squad("B", tr))
	s, x := b.char(t, "[A] Test Speeder"), b.char(t, "[B] Test Trooper")
	b.put(s, Point{3, 1})
	b.put(x, Point{3, 6})
	b.script = []int{15}
	b.attack(x, s, nil, false, false)
	if s.HP != 60 || !strings.Contains(b.logText(), "[A] Test Speeder's Damage Reduction 10 stops all 10 damage") {
		t.Errorf("HP %d, want 60, and the log to say why:\n%s", s.HP, b.logText())
	}
}

// Hologram: defeated if it activates with no trooper ally within 2 squares; never a
// target.
func TestHologramNeedsATrooperWithinTwo(t *testing.T) {
	veers := house("Test Hologram", 5, 1, 10, 0, 0, "Hologram")
	trooper := house("Test Snowtrooper", 5, 10, 10, 0, 10)
	b := newBattle(t, field(t, openRows...), squad("A", veers, trooper), squad("B", trooper))
	h, tr := b.char(t, "[A] Test Hologram"), b.char(t, "[A] Test Snowtrooper")
	enemy := b.char(t, "[B] Test Snowtrooper")
	b.put(h, Point{0, 0})
	b.put(tr, Point{2, 0})
	for _, x := range b.targets(enemy, enemy.Pos) {
		if x.t == h {
			t.Error("a Hologram was a legal target")
		}
	}
	b.activate(h)
	if h.Defeated {
		t.Fatal("a trooper 2 squares away keeps the Hologram")
	}
	// It cannot be damaged: the log counts no Hit Points for it.
	if !strings.Contains(b.logText(), "[A] Test Hologram's turn (a Hologram)") || strings.Contains(b.logText(), "Hologram's turn (1 Hit Points") {
		t.Errorf("the Hologram's turn in the log:\n%s", b.logText())
	}
	b.put(tr, Point{8, 0})
	b.turn++
	b.activate(h)
	if !h.Defeated {
		t.Errorf("no trooper within 2: defeated:\n%s", b.logText())
	}
}

// Use the Force: "the attack automatically hits" (Quick Start, Luke's Force power), so no
// ally combines fire with it (p. 19: combined fire adds to an attack roll) and spends its
// activation for nothing. Luke (Attack 8) against Defense 25 hits on 17 or more (20%), so he
// uses the Force; the gun that would otherwise combine fire keeps its activation.
func TestNoAllyCombinesFireWithUseTheForce(t *testing.T) {
	m := field(t,
		"....#.....",
		"..........",
		"..........",
		"....ooo...",
		"..........",
		"..........",
		"aaa.....bb",
		"aaa.....bb",
	)
	luke := printed(t, "Luke Skywalker on Tauntaun", cardZero())
	gun := house("Test Gun", 15, 60, 10, 3, 30)
	target := house("Test Target", 5, 200, 25, 0, 10)
	b := newBattle(t, m, squad("A", luke, gun), squad("B", target, target))
	l, g := b.char(t, "[A] Luke Skywalker on Tauntaun"), b.char(t, "[A] Test Gun")
	tg, hid := b.char(t, "[B] Test Target 1"), b.char(t, "[B] Test Target 2")
	b.put(l, Point{8, 6})
	b.put(g, Point{5, 0})
	b.put(tg, Point{5, 6})
	b.put(hid, Point{3, 0})
	if h := b.combineFire(l, tg); len(h) != 1 {
		t.Fatalf("without Use the Force the gun would combine fire: helpers %d", len(h))
	}
	g.Activated = false
	b.lines = nil
	ts := b.targets(l, l.Pos)
	if len(ts) == 0 || ts[0].t != tg || ts[0].hit >= 0.5 {
		t.Fatalf("Luke should aim at the target with under even odds: %+v", ts)
	}
	b.attackPhase(l, ts, false)
	log := b.logText()
	if g.Activated || strings.Contains(log, "combines fire") || !strings.Contains(log, "Use the Force") {
		t.Errorf("Use the Force with no ally combining fire; gun activated %v:\n%s", g.Activated, log)
	}
}

// Hologram (glossary, L593): it "cannot end its turn in a wall or solid object" and "cannot
// open doors nor hold them open". Muster's doors fill a square, a wall while closed, so a
// Hologram never ends its turn in a doorway: the door, open for someone else now, closes
// as soon as a turn ends with no one else next to it, and the Hologram would stand in the
// wall. (The engine let it: General Veers stood in the outpost's closed door for rounds.)
func TestHologramNeverEndsItsTurnInADoorway(t *testing.T) {
	m := field(t,
		"aaa.#....",
		"....D....",
		"....#...b",
	)
	veers := house("Test Hologram", 5, 1, 10, 0, 0, "Hologram", "Speed 4")
	trooper := house("Test Snowtrooper", 5, 10, 10, 0, 10)
	b := newBattle(t, m, squad("A", veers, trooper, trooper), squad("B", trooper))
	h := b.char(t, "[A] Test Hologram")
	b.put(h, Point{0, 1})
	b.put(b.char(t, "[A] Test Snowtrooper 1"), Point{1, 0}) // keeps the Hologram
	b.put(b.char(t, "[A] Test Snowtrooper 2"), Point{8, 1}) // the lead, past the door
	b.put(b.char(t, "[B] Test Snowtrooper"), Point{8, 2})
	door := Point{4, 1}
	b.setDoor(door, true) // someone ended a turn next to it
	b.activate(h)
	if h.Defeated || h.Pos == door || b.blocks(h.Pos) {
		t.Errorf("the Hologram ended its turn at %v (door open: %v):\n%s", h.Pos, b.doorOpen(door), b.logText())
	}
}
