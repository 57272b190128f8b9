package engine

import (
	"strings"
	"testing"

	"muster/rules/swm/cards"
)

// Lightsaber Deflect (Vader, p. 10; the glossary's "nonmelee" reading, docs/swm.md): hit
// by a nonmelee attack, 1 Force point and a save of 11: no damage.
func TestLightsaberDeflectAgainstANonmeleeHit(t *testing.T) {
	b := newBattle(t, field(t, openRows...), squad("Rebels", leiaCard(t)), squad("Empire", vaderCard(t)))
	leia, vader := b.char(t, "[A] Princess Leia, Hoth Commander"), b.char(t, "[B] Darth Vader, Imperial Commander")
	b.put(leia, Point{2, 0})
	b.put(vader, Point{2, 5})
	b.script = []int{17, 11} // Leia hits; Vader's save of 11 succeeds
	b.attack(leia, vader, nil, false, false)
	if vader.HP != 140 || vader.Force != 4 || !strings.Contains(b.logText(), "Lightsaber Deflect") {
		t.Errorf("Vader %d HP, %d Force:\n%s", vader.HP, vader.Force, b.logText())
	}
	// A failed save (10) takes the damage; the Force point is spent all the same.
	b.turn++
	b.script = []int{17, 10}
	b.attack(leia, vader, nil, false, false)
	if vader.HP >= 140 || vader.Force != 3 {
		t.Errorf("a failed deflection: Vader %d HP, %d Force", vader.HP, vader.Force)
	}
	if !strings.Contains(b.logText(), "[B] Darth Vader, Imperial Commander spends a Force point on Lightsaber Deflect and fails the save of 11") {
		t.Errorf("the log does not say where the Force point went:\n%s", b.logText())
	}
}

// Lightsaber Riposte: hit by a melee attack, 1 Force point for an immediate attack back.
// Double Attack: standing still, a second attack instead of moving.
func TestLightsaberRiposteAndDoubleAttack(t *testing.T) {
	brute := house("Test Brute", 5, 100, 10, 0, 10, "Melee Attack", "Double Attack")
	b := newBattle(t, field(t, openRows...), squad("A", brute), squad("Empire", vaderCard(t)))
	br, vader := b.char(t, "[A] Test Brute"), b.char(t, "[B] Darth Vader, Imperial Commander")
	b.put(br, Point{2, 2})
	b.put(vader, Point{2, 3})
	b.script = []int{20, 15, 1} // the brute crits Vader; Vader's riposte hits; the second attack misses
	b.activate(br)
	log := b.logText()
	if !strings.Contains(log, "Lightsaber Riposte") || br.HP != 100-20 || vader.Force != 4 {
		t.Errorf("riposte (Vader's 20; his Force powers add no Lightsaber damage): brute %d HP, Vader %d Force:\n%s", br.HP, vader.Force, log)
	}
	if count(log, "[A] Test Brute attacks") != 2 {
		t.Errorf("Double Attack: want two attacks without moving:\n%s", log)
	}
}

// Use the Force (Luke): 3 Force points before an attack: it hits automatically and counts
// as a critical hit.
func TestUseTheForceAutomaticCritical(t *testing.T) {
	luke := printed(t, "Luke Skywalker on Tauntaun", cardZero())
	rows := append([]string{"aaaaaaaaaa"}, openRows...)
	b := newBattle(t, field(t, rows...), squad("Rebels", luke), squad("Empire", vaderCard(t)))
	l, v := b.char(t, "[A] Luke Skywalker on Tauntaun"), b.char(t, "[B] Darth Vader, Imperial Commander")
	b.put(l, Point{2, 0})
	b.put(v, Point{2, 6})
	v.Force = 0
	v.Activated = true
	b.attack(l, v, nil, true, false)
	if v.HP != 120 || l.Force != 0 {
		t.Errorf("Vader %d HP (want 140 - 2 x 10), Luke %d Force:\n%s", v.HP, l.Force, b.logText())
	}
}

// Use the Force rolls no die: the attack "automatically" hits, so the next roll of the
// battle is the next action's. Here Luke uses the Force, then attacks again on a later turn
// with no Force left: the scripted 1 must be that attack's roll, an automatic miss.
func TestUseTheForceRollsNoDie(t *testing.T) {
	luke := printed(t, "Luke Skywalker on Tauntaun", cardZero())
	rows := append([]string{"aaaaaaaaaa"}, openRows...)
	b := newBattle(t, field(t, rows...), squad("Rebels", luke), squad("Empire", vaderCard(t)))
	l, v := b.char(t, "[A] Luke Skywalker on Tauntaun"), b.char(t, "[B] Darth Vader, Imperial Commander")
	b.put(l, Point{2, 0})
	b.put(v, Point{2, 6})
	v.Force = 0
	v.Activated = true
	b.script = []int{1, 20}
	b.attack(l, v, nil, true, false)
	if len(b.script) != 2 {
		t.Fatalf("Use the Force rolled %d dice, want none:\n%s", 2-len(b.script), b.logText())
	}
	b.turn++
	b.attack(l, v, nil, false, false)
	if v.HP != 120 || !strings.Contains(b.logText(), ": 1 + 8 against Defense 23: misses") {
		t.Errorf("the next attack should roll the 1 and miss; Vader %d HP:\n%s", v.HP, b.logText())
	}
}

// Heal 10 replaces attacks: touch, a living character; Splash 10 hits those next to the
// target (a save of 11 avoids it), and on a miss the target too.
func TestHealAndSplash(t *testing.T) {
	medic := house("Test Medic", 5, 30, 10, 0, 10, "Heal 10")
	mortar := house("Test Mortar", 5, 30, 10, 0, 20, "Splash 10")
	tr := house("Test Trooper", 5, 30, 10, 0, 10)
	b := newBattle(t, field(t, openRows...), squad("A", medic, tr), squad("B", mortar, tr))
	m, a := b.char(t, "[A] Test Medic"), b.char(t, "[A] Test Trooper")
	b.put(m, Point{0, 0})
	b.put(a, Point{1, 0})
	a.HP = 15
	b.support(m)
	if a.HP != 25 {
		t.Errorf("healed to %d, want 25", a.HP)
	}
	mo := b.char(t, "[B] Test Mortar")
	b.put(mo, Point{0, 6})
	b.script = []int{15, 5, 5} // hit the trooper; the medic next to it fails its save
	b.attack(mo, a, nil, false, false)
	if a.HP != 5 || m.HP != 20 {
		t.Errorf("a hit for 20 and Splash 10 beside it: trooper %d (want 5), medic %d (want 20):\n%s", a.HP, m.HP, b.logText())
	}
}

// Attack then move: a shooter in the open steps behind a wall after its attack, out of the
// enemy's sight (Muster's players' choice); Heavy Weapon characters may not.
func TestAttackThenMoveOutOfSight(t *testing.T) {
	rows := []string{
		"a...#.....",
		"....#.....",
		"..........",
		"..........",
		"..........",
		"..........",
		"b.........",
	}
	shooter := house("Test Shooter", 5, 30, 10, 0, 10)
	tr := house("Test Trooper", 5, 30, 10, 0, 10)
	b := newBattle(t, field(t, rows...), squad("A", shooter), squad("B", tr))
	s, e := b.char(t, "[A] Test Shooter"), b.char(t, "[B] Test Trooper")
	b.put(s, Point{3, 2})
	b.put(e, Point{9, 0})
	b.script = []int{2}
	b.activate(s)
	if !strings.Contains(b.logText(), "attacks [B]") || b.los(s.Pos, 1, e.Pos, 1) {
		t.Errorf("the shooter at %v still in sight:\n%s", s.Pos, b.logText())
	}
}

func cardZero() cards.Card { return cards.Card{} }

// Fire Support Mission (glossary): replaces the turn; the target and every character within
// 2 squares, allies too, take 60, or 10 with a save of 6; not an attack.
func TestFireSupportMission(t *testing.T) {
	caller := house("Test Spotter", 5, 30, 10, 0, 10, "Fire Support Mission")
	tr := house("Test Trooper", 10, 100, 10, 0, 10)
	b := newBattle(t, field(t, openRows...), squad("A", caller), squad("B", tr, tr, tr))
	c := b.char(t, "[A] Test Spotter")
	t1, t2, t3 := b.char(t, "[B] Test Trooper 1"), b.char(t, "[B] Test Trooper 2"), b.char(t, "[B] Test Trooper 3")
	b.put(c, Point{0, 0})
	b.put(t1, Point{5, 5})
	b.put(t2, Point{6, 6}) // 2 squares from t1 (a diagonal)
	b.put(t3, Point{9, 7}) // 6 away: outside
	b.script = []int{3, 6} // the first fails its save of 6, the second makes it
	b.activate(c)
	log := b.logText()
	if !strings.Contains(log, "Fire Support Mission") || strings.Contains(log, "attacks [B]") {
		t.Fatalf("want the mission instead of an attack:\n%s", log)
	}
	if got := []int{t1.HP, t2.HP, t3.HP}; got[0]+got[1] != 40+90 || got[2] != 100 {
		t.Errorf("Hit Points %v: want 60 and 10 taken by the two in the blast, the third untouched", got)
	}
}

// Harpoon Gun (replaces attacks): a Mounted Weapon enemy within 6 cannot move this round
// unless it saves (11). Flanking Attack: the target has -4 Defense against this
// character's Mounted Weapon allies until the round ends, not against the flanker.
func TestHarpoonGunAndFlankingAttack(t *testing.T) {
	speeder := house("Test Speeder", 5, 60, 10, 0, 10, "Harpoon Gun")
	walker := house("Test Walker", 5, 100, 16, 0, 10, "Mounted Weapon")
	flanker := house("Test Flanker", 5, 30, 16, 0, 10, "Flanking Attack", "Mounted Weapon")
	gun := house("Test Gun", 5, 30, 16, 0, 10, "Mounted Weapon")
	b := newBattle(t, field(t, openRows...), squad("A", speeder), squad("B", walker, flanker, gun))
	s, w := b.char(t, "[A] Test Speeder"), b.char(t, "[B] Test Walker")
	fl, g := b.char(t, "[B] Test Flanker"), b.char(t, "[B] Test Gun")
	b.put(s, Point{2, 2})
	b.put(w, Point{2, 6})
	b.put(fl, Point{8, 7})
	b.put(g, Point{9, 7})
	b.script = []int{5} // the walker fails its save
	if !b.harpoonable(s, w) {
		t.Fatal("the walker 4 squares away, yet to move, is out of the Harpoon Gun's reach")
	}
	b.harpoon(s, w)
	if w.harpoonRound != b.round {
		t.Fatalf("the harpoon did not hold the walker:\n%s", b.logText())
	}
	w.Activated = false
	b.script = []int{1}
	b.attack(fl, s, nil, false, false)
	if got := b.aim(g, g.Pos, s, nil).Defense; got != 10-4 {
		t.Errorf("an allied Mounted Weapon shoots at Defense %d, want 10 - 4", got)
	}
	if got := b.aim(fl, fl.Pos, s, nil).Defense; got != 10 {
		t.Errorf("the flanker itself shoots at Defense %d, want 10", got)
	}
	b.round++
	if got := b.aim(g, g.Pos, s, nil).Defense; got != 10 {
		t.Errorf("next round: Defense %d, want 10", got)
	}
}

// Spotter +X: an ally combining fire on a target within 6 squares adds X Damage.
func TestSpotterAddsDamage(t *testing.T) {
	shooter := house("Test Shooter", 5, 30, 10, 0, 10)
	spotter := house("Test Spotter", 5, 30, 10, 0, 10, "Spotter +10")
	tr := house("Test Trooper", 5, 30, 10, 0, 10)
	b := newBattle(t, field(t, openRows...), squad("A", shooter, spotter), squad("B", tr))
	sh, sp, e := b.char(t, "[A] Test Shooter"), b.char(t, "[A] Test Spotter"), b.char(t, "[B] Test Trooper")
	b.put(sh, Point{0, 0})
	b.put(e, Point{0, 7})
	b.put(sp, Point{0, 2}) // 5 squares from the target
	if got := b.aim(sh, sh.Pos, e, []*Char{sp}).Damage; got != 20 {
		t.Errorf("spotted: Damage %d, want 10 + 10", got)
	}
	b.put(sp, Point{9, 0}) // 16 squares away
	if got := b.aim(sh, sh.Pos, e, []*Char{sp}).Damage; got != 10 {
		t.Errorf("a spotter beyond 6 squares: Damage %d, want 10", got)
	}
}

// Force Grip (Vader, p. 10: "spend 1 Force point to deal 10 damage to any enemy within line
// of sight") against Damage Reduction 10 (glossary: "When this character would take damage,
// reduce the damage dealt by the listed amount"): Force Grip is not an attack, so the
// lightsaber exception does not apply and a Damage Reduction 10 target takes 10 - 10 = 0.
// Vader grips the enemy he can hurt, and spends no Force point on one he cannot.
func TestForceGripIsReducedByDamageReduction(t *testing.T) {
	speeder := house("Test Speeder", 38, 60, 10, 0, 10, "Damage Reduction 10", "Flight")
	trooper := house("Test Trooper", 7, 30, 10, 0, 10)
	b := newBattle(t, field(t, openRows...), squad("Rebels", speeder, trooper), squad("Empire", vaderCard(t)))
	s, tr, vader := b.char(t, "[A] Test Speeder"), b.char(t, "[A] Test Trooper"), b.char(t, "[B] Darth Vader, Imperial Commander")
	b.put(s, Point{0, 0})
	b.put(tr, Point{9, 0})
	b.put(vader, Point{4, 7}) // 9 or more squares from both: no melee attack this turn
	b.activate(vader)
	if s.HP != 60 || tr.HP != 20 || vader.Force != 4 {
		t.Fatalf("speeder %d HP (want 60), trooper %d HP (want 20), Vader %d Force (want 4):\n%s", s.HP, tr.HP, vader.Force, b.logText())
	}
	if got := b.reduced(nil, vader.Pos, s, forceGripDamage); got != 0 {
		t.Errorf("Force Grip's 10 less Damage Reduction 10 = %d, want 0", got)
	}

	// Only the speeder in the fight: no Force point spent for nothing.
	b = newBattle(t, field(t, openRows...), squad("Rebels", speeder), squad("Empire", vaderCard(t)))
	s, vader = b.char(t, "[A] Test Speeder"), b.char(t, "[B] Darth Vader, Imperial Commander")
	b.put(s, Point{0, 0})
	b.put(vader, Point{6, 7})
	b.activate(vader)
	if s.HP != 60 || vader.Force != 5 {
		t.Errorf("speeder %d HP (want 60), Vader %d Force (want 5):\n%s", s.HP, vader.Force, b.logText())
	}
}

// Splash and Grenades reach the characters adjacent to the target, and "Two characters are
// adjacent only if they have line of sight to each other" (Attacks of Opportunity, Walls).
// A trooper in a walled corner pocket touches the target's square only at the walls'
// corner: it cannot see the target, so neither Splash 10 nor Grenades 20 reach it, while
// the trooper beside the target in the open takes the Grenades.
func TestSplashAndGrenadesSkipACharacterBehindAWallCorner(t *testing.T) {
	rows := []string{
		".#...aaaaa",
		"#.........",
		"..........",
		"..........",
		"..........",
		"..........",
		"bbbbb.....",
	}
	mortar := house("Test Mortar", 5, 30, 10, 0, 20, "Splash 10")
	thrower := house("Test Thrower", 5, 30, 10, 0, 10, "Grenades 20")
	tr := house("Test Trooper", 5, 30, 10, 0, 10)
	b := newBattle(t, field(t, rows...), squad("A", tr, tr, tr), squad("B", mortar, thrower))
	x, tg, y := b.char(t, "[A] Test Trooper 1"), b.char(t, "[A] Test Trooper 2"), b.char(t, "[A] Test Trooper 3")
	mo, th := b.char(t, "[B] Test Mortar"), b.char(t, "[B] Test Thrower")
	b.put(x, Point{0, 0}) // walls at (1,0) and (0,1)
	b.put(tg, Point{1, 1})
	b.put(y, Point{9, 0})
	b.put(mo, Point{1, 6})
	b.put(th, Point{4, 6})
	if b.adjacent(tg, x) {
		t.Fatal("the trooper behind the wall corner counts as adjacent to the target")
	}
	b.script = []int{15, 2, 2, 2}
	b.attack(mo, tg, nil, false, false)
	if tg.HP != 10 || x.HP != 30 {
		t.Errorf("Splash: target %d HP (want 10), trooper behind the corner %d HP (want 30):\n%s", tg.HP, x.HP, b.logText())
	}
	tg.HP = 30
	b.put(y, Point{2, 1})
	b.put(th, Point{1, 5})
	b.script = []int{2, 2, 2, 2}
	if !b.replaceAttacks(th, b.targets(th, th.Pos)) {
		t.Fatalf("no Grenades thrown:\n%s", b.logText())
	}
	if tg.HP != 10 || y.HP != 10 || x.HP != 30 {
		t.Errorf("Grenades 20: target %d (want 10), beside it %d (want 10), behind the corner %d (want 30):\n%s", tg.HP, y.HP, x.HP, b.logText())
	}
}
