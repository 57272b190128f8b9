package battle

import (
	"math"
	"strings"
	"testing"

	"muster/rules/combat"
)

// sith is an Imperial hero with every power a villain may have, control 3, sense 2, alter 4,
// no Force Points (the odds are then exact).
const sith = "  - kind: hero\n    name: Sith\n    origin: scratch\n    move: 10\n    attributes: {DEX: 3, KNO: 2, MEC: 2, PER: 3, STR: 3, TEC: 2}\n" +
	"    skills: {lightsaber: 4, command: 4}\n    weapons: [lightsaber]\n    armor: none\n" +
	"    force:\n      skills: {control: 3, sense: 2, alter: 4}\n" +
	"      powers: [absorb/dissipate energy, control pain, remain conscious, life detection, receptive telepathy, lightsaber combat, projective telepathy, injure/kill, telekinesis, affect mind]\n      points: 0\n"

const troopers = "    skills: {blaster: 4, command: 3}\n    weapons: [blaster rifle]\n    armor: none\n"

var sithForces struct {
	a, c *Force
	f    *Field
}

func sithBattle(t *testing.T, seed uint64) *Battle {
	t.Helper()
	if sithForces.a == nil {
		sithForces.a = armyOf(t, "format: 1\nsystem: swmb\nname: s\nside: imperial\nunits:\n"+sith)
		sithForces.c = armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 5, troopers, ""))
		sithForces.f = field(t, ``, ``)
	}
	b := ready(t, sithForces.f, sithForces.a, sithForces.c, seed)
	b.place(0, Point{X: 36, Y: 20}, math.Pi/2)
	b.place(1, Point{X: 36, Y: 24}, -math.Pi/2)
	return b
}

// Chapter Twelve, "Injure/Kill" (Imperials only): within 6" and in sight, alter (4) against
// the victim's control or Perception (a Rebel trooper's PER); won, alter against his
// Strength unarmored: a win wounds, by 4 or more incapacitates. Frequencies against the
// exact odds of the two opposed rolls.
func TestInjureKillOpposedRolls(t *testing.T) {
	n := 4000
	var wounds, outs int
	var per, str int
	for seed := range uint64(n) {
		b := sithBattle(t, seed)
		hf := &b.figs[b.units[0].members[0]]
		v := &b.figs[b.units[1].members[0]]
		per, str = v.spec.PER, v.spec.Bare
		if !b.injureKill(hf) {
			t.Fatal("no victim within 6\"")
		}
		if seed == 0 && !strings.Contains(b.logText(), "uses injure/kill on") {
			t.Errorf("the log does not name the power:\n%s", b.logText())
		}
		for _, fi := range b.units[1].members {
			g := &b.figs[fi]
			if g.f.Out {
				outs++
			} else if g.f.Wounded {
				wounds++
			}
		}
	}
	first := combat.MarginDist(4, per).AtLeast(1)
	second := combat.MarginDist(4, str)
	within(t, "wounded", wounds, n, first*(second.AtLeast(1)-second.AtLeast(4)))
	within(t, "incapacitated", outs, n, first*second.AtLeast(4))
}

// Chapter Twelve, "Telekinesis": in place of fire, no range or terrain modifiers; a small
// object at 4 for Damage Strength 1, moderate at 6 for 3, large at 8 for 5. The hero hurls
// what is worth most: by hand, alter 4 against Strength 2.
func TestTelekinesisPicksTheObject(t *testing.T) {
	b := sithBattle(t, 1)
	hf := &b.figs[b.units[0].members[0]]
	best, bd, bds := 0.0, 0, 0
	for _, o := range [][2]int{{4, 1}, {6, 3}, {8, 5}} {
		r := combat.Default().DamageOdds(o[1], 2)
		if v := combat.TestOdds(4, o[0]) * (r[1] + r[2]); v > best {
			best, bd, bds = v, o[0], o[1]
		}
	}
	d, ds, v := b.telekinesisShot(hf, 2)
	if d != bd || ds != bds || math.Abs(v-best) > 1e-6 {
		t.Errorf("telekinesis: difficulty %d DS %d worth %.4f, want %d %d %.4f", d, ds, v, bd, bds, best)
	}
	b.tidx = append(b.tidx[:0], b.units[1].members...)
	b.telekinesis(0, 1, b.units[0].members[0], d, ds)
	if !strings.Contains(b.logText(), "uses telekinesis on") || hf.powerTurn != b.turn {
		t.Errorf("telekinesis not logged or not counted as the turn's power:\n%s", b.logText())
	}
}

// Chapter Twelve, "Remain Conscious": incapacitated, a difficulty 8 control attempt; on a
// pass he stays in play wounded at +4 to his skill tests, and a further wound takes him out.
func TestRemainConscious(t *testing.T) {
	n, stayed := 3000, 0
	for seed := range uint64(n) {
		b := sithBattle(t, seed)
		hi := b.units[0].members[0]
		hf := &b.figs[hi]
		b.clearPhaseHits()
		hf.f.Mark(combat.Incapacitated)
		b.endPhaseUnit(0)
		if !hf.alive() {
			continue
		}
		stayed++
		if !hf.f.Wounded || b.handicap(hf) != consciousPenalty {
			t.Fatalf("conscious: wounded %v handicap %d", hf.f.Wounded, b.handicap(hf))
		}
		hf.f.Mark(combat.Wound)
		b.endPhaseUnit(0)
		if hf.alive() {
			t.Fatal("a further wound did not take him out")
		}
	}
	within(t, "remained conscious", stayed, n, combat.TestOdds(3, remainConsciousDiff))
}

// Chapter Twelve, "Affect Mind": at the lowest of control, sense and alter (2) against the
// victim's control or Perception; a tie or better confuses him: his squad fights the next
// turn at -2; by 4 or more it withdraws too. Only a commander whose squad was read by
// receptive telepathy may be picked from a squad.
func TestAffectMindConfusesTheReadCommander(t *testing.T) {
	b := sithBattle(t, 1)
	hf := &b.figs[b.units[0].members[0]]
	if b.affectMind(hf) {
		t.Fatal("affect mind on a squad whose mind was not read")
	}
	n, confused := 3000, 0
	var per int
	for seed := range uint64(n) {
		b := sithBattle(t, seed)
		hf := &b.figs[b.units[0].members[0]]
		b.read[0*len(b.units)+1] = true
		per = b.figs[b.units[1].leader].spec.PER
		if !b.affectMind(hf) {
			t.Fatal("no commander to affect")
		}
		if b.units[1].confused == b.turn+1 {
			confused++
			g := &b.figs[b.units[1].members[1]]
			if b.handicap(g) != 0 {
				t.Fatal("the confusion already acts this turn")
			}
			b.turn++
			if b.handicap(g) != affectMindPenalty {
				t.Fatal("the confused squad is not at -2 the next turn")
			}
		}
	}
	within(t, "confused", confused, n, combat.MarginDist(2, per).AtLeast(0))
}

// Chapter Twelve, "Receptive Telepathy": sense (2) against the higher of the commander's
// control and Perception; a win reads the squad.
func TestReceptiveTelepathyReadsTheSquad(t *testing.T) {
	n, read := 3000, 0
	var per int
	for seed := range uint64(n) {
		b := sithBattle(t, seed)
		per = b.figs[b.units[1].leader].spec.PER
		if !b.receptive(&b.figs[b.units[0].members[0]]) {
			t.Fatal("no squad to read")
		}
		if b.read[1] {
			read++
		}
	}
	within(t, "read", read, n, combat.MarginDist(2, per).AtLeast(1))
}

// Chapter Twelve, "Projective Telepathy", offensively: at the lower of control and sense (2)
// against the enemy commander's command; a win makes the squad test its morale at once.
func TestProjectiveTelepathyDemoralizes(t *testing.T) {
	n, tested := 3000, 0
	var cmd int
	for seed := range uint64(n) {
		b := sithBattle(t, seed)
		cmd = b.command(1)
		b.demoralize(&b.figs[b.units[0].members[0]])
		if strings.Contains(b.logText(), "a morale test at threat") {
			tested++
		}
	}
	within(t, "tested", tested, n, combat.MarginDist(2, cmd).AtLeast(1))
}

// Chapter Twelve, "Using Force Powers": "A hero can use only one Force power per turn."
func TestOneForcePowerATurn(t *testing.T) {
	b := sithBattle(t, 3)
	hf := &b.figs[b.units[0].members[0]]
	b.forcePowers()
	first := strings.Count(b.logText(), " uses ")
	b.forcePowers()
	if first != 1 || strings.Count(b.logText(), " uses ") != 1 || hf.powerTurn != b.turn {
		t.Errorf("powers used in one turn: %d then %d\n%s", first, strings.Count(b.logText(), " uses "), b.logText())
	}
}

// Chapter Twelve, "Control Another's Pain" (Rebels only): like control pain, on another hero
// in base contact, at the lower of control and alter (2), difficulty 6.
func TestControlAnothersPain(t *testing.T) {
	healer := "  - kind: hero\n    name: Healer\n    origin: scratch\n    move: 10\n    attributes: {DEX: 3, KNO: 2, MEC: 2, PER: 3, STR: 3, TEC: 2}\n" +
		"    skills: {blaster: 4}\n    weapons: [blaster pistol]\n    armor: none\n" +
		"    force:\n      skills: {control: 3, alter: 2}\n      powers: [control another's pain, detoxify poison in another]\n      points: 0\n"
	friend := "  - kind: hero\n    name: Friend\n    origin: scratch\n    move: 10\n    attributes: {DEX: 3, KNO: 2, MEC: 2, PER: 3, STR: 3, TEC: 2}\n" +
		"    skills: {blaster: 4}\n    weapons: [blaster pistol]\n    armor: none\n"
	a := armyOf(t, "format: 1\nsystem: swmb\nname: r\nside: rebel\nunits:\n"+healer+friend)
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 2, "    skills: {blaster: 4, command: 4}\n    weapons: [blaster rifle]\n", ""))
	f := field(t, ``, ``)
	n, eased := 3000, 0
	for seed := range uint64(n) {
		b := ready(t, f, a, c, seed)
		b.place(0, Point{X: 30, Y: 20}, math.Pi/2)
		b.place(1, Point{X: 31.25, Y: 20}, math.Pi/2)
		fr := &b.figs[b.units[1].members[0]]
		fr.f.Wounded = true
		b.forcePowers()
		if fr.painControlled {
			eased++
		}
	}
	within(t, "pain controlled", eased, n, combat.TestOdds(2, 6))
}

// Chapter Twelve, "Heroes and Squads" (line 2785): "the hero can assume command of a squad
// during any Special Actions Phase" within his command rating in inches; he then commands it
// in all ways. A lone hero 3" from a squad whose commander is out takes command and joins it.
func TestHeroAssumesCommand(t *testing.T) {
	captain := "  - kind: hero\n    name: Captain\n    origin: scratch\n    move: 10\n    attributes: {DEX: 3, KNO: 2, MEC: 2, PER: 3, STR: 3, TEC: 2}\n" +
		"    skills: {blaster: 4, command: 6}\n    weapons: [blaster pistol]\n    armor: none\n"
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 5, troopers, captain))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 2, "    skills: {blaster: 4, command: 4}\n    weapons: [blaster rifle]\n", ""))
	b := ready(t, field(t, ``, ``), a, c, 1)
	// Make the hero a lone hero 3" from the squad, and put the squad's commander out.
	hf := b.units[1].members[0]
	if b.figs[hf].unit != 1 {
		b.detachAll(0)
	}
	b.place(0, Point{X: 36, Y: 20}, math.Pi/2)
	b.place(1, Point{X: 36, Y: 17}, math.Pi/2)
	b.place(2, Point{X: 36, Y: 40}, -math.Pi/2)
	b.units[0].leader = b.units[0].members[0]
	b.figs[b.units[0].leader].f.Out = true
	before := b.command(0)
	b.assumeCommand()
	if b.units[0].leader != hf || b.command(0) != 6 || b.figs[hf].unit != 0 {
		t.Fatalf("leader %d (hero %d), command %d (was %d)\n%s", b.units[0].leader, hf, b.command(0), before, b.logText())
	}
	if !strings.Contains(b.logText(), "takes command of") {
		t.Error("not logged")
	}
}

// Chapter Twelve, "Specific Targeting" (line 2850): a hero may aim at a hero drawing cover
// from a squad, at +4; every hit he scores is that hero's, none the squad's soldiers'.
func TestHeroSpecificTargeting(t *testing.T) {
	sniper := "format: 1\nsystem: swmb\nname: s\nside: imperial\nunits:\n  - kind: hero\n    name: Sniper\n    origin: scratch\n    move: 10\n" +
		"    attributes: {DEX: 4, KNO: 2, MEC: 2, PER: 3, STR: 3, TEC: 2}\n    skills: {blaster: 10}\n    weapons: [blaster rifle]\n    armor: none\n"
	captain := "  - kind: hero\n    name: Captain\n    origin: scratch\n    move: 10\n    attributes: {DEX: 3, KNO: 2, MEC: 2, PER: 3, STR: 2, TEC: 2}\n" +
		"    skills: {blaster: 4, command: 6}\n    weapons: [blaster pistol]\n    armor: none\n"
	a := armyOf(t, sniper)
	c := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 5, troopers, captain))
	specific := 0
	for seed := range uint64(200) {
		b := ready(t, field(t, ``, ``), a, c, seed)
		b.place(0, Point{X: 36, Y: 10}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 18}, -math.Pi/2)
		b.clearPhaseHits()
		b.fireAt(0, 1, firePhase)
		if !strings.Contains(b.logText(), "(specific target)") {
			continue
		}
		specific++
		for _, fi := range b.units[1].members {
			if g := &b.figs[fi]; g.spec.Hero == nil && (g.f.Pending() != combat.NoEffect) {
				t.Fatalf("seed %d: a soldier was hit by a specific shot at the captain", seed)
			}
		}
	}
	if specific == 0 {
		t.Error("the sniper never aimed at the captain")
	}
}
