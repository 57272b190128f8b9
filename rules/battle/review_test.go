package battle

import (
	"math"
	"strings"
	"testing"

	"muster/rules/combat"
)

// Tests from a player's review of the engine's procedures against the book; line numbers
// are those of shared/rules/seeds/swmb-rulebook.txt.

const stormies = "    skills: {blaster: 4, command: 4}\n    weapons: [blaster rifle]\n"

// testLines are the log's lines that start (after the indent) with who's name and hold what.
func testLines(log, who, what string) []string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), who) && strings.Contains(l, what) {
			out = append(out, l)
		}
	}
	return out
}

// threatOf reads the threat level from a logged morale test line.
func threatOf(t *testing.T, line string) int {
	t.Helper()
	i := strings.Index(line, "threat ")
	if i < 0 {
		t.Fatalf("no threat in %q", line)
	}
	n := 0
	for _, c := range line[i+len("threat "):] {
		if c < '0' || c > '9' {
			break
		}
		n = 10*n + int(c-'0')
	}
	return n
}

// Chapter Five, "Morale Test Chart" (lines 1206-1234): the Standard Threat Level Modifiers
// "apply to all situations", the receiving a charge test included: a stationary squad
// behind cover is at -1 (line 1250), each casualty this turn +1, its commander hit this turn
// +2. A squad of 6 charged from the front by 6: threat 4; behind a low wall, 3; in the
// open with two casualties and its commander wounded earlier this turn (opportunity fire at
// its own move), 4 + 2 + 2 = 8.
func TestReceivingAChargeTakesTheStandardThreatModifiers(t *testing.T) {
	cases := []struct {
		name    string
		wall    bool
		cas     int
		cmdHit  bool
		moved   bool
		threat  int
		comment string
	}{
		{"open", false, 0, false, false, 4, "the chart's 4"},
		{"behind a low wall", true, 0, false, false, 3, "4, -1 behind cover"},
		{"behind a wall, having walked", true, 0, false, true, 4, "not stationary: no cover"},
		{"two casualties, commander hit", false, 2, true, false, 8, "4 +2 casualties +2 commander"},
	}
	for _, tc := range cases {
		barriers := ``
		if tc.wall {
			barriers = `{"type":"low wall","from":[20,26],"to":[52,26]}`
		}
		f := field(t, ``, barriers)
		a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
		c := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies, ""))
		seen := false
		for seed := range uint64(200) {
			b := ready(t, f, a, c, seed)
			b.place(0, Point{X: 36, Y: 20}, math.Pi/2)
			b.place(1, Point{X: 36, Y: 26.8}, -math.Pi/2) // just north of the wall, facing it
			b.units[1].casualties, b.units[1].walked = tc.cas, tc.moved
			b.units[1].commanderHit, b.units[1].cmdHitUntested = tc.cmdHit, tc.cmdHit
			b.charge(0, 1)
			ls := testLines(b.logText(), b.name(1), "receiving the charge test")
			if len(ls) == 0 {
				continue // the charge was aborted
			}
			seen = true
			if got := threatOf(t, ls[0]); got != tc.threat {
				t.Errorf("%s: receiving the charge at threat %d, want %d (%s)\n%s", tc.name, got, tc.threat, tc.comment, b.logText())
			}
			break
		}
		if !seen {
			t.Errorf("%s: no charge got past its charge test in 200 seeds", tc.name)
		}
	}
}

// The same modifiers for the charging squad (line 1234: "*apply to all situations"): a squad
// standing still within 1" of cover between it and the enemy tests its charge, before it
// moves, at 6 - 1 = 5; its commander hit earlier this turn, 6 + 2 = 8.
func TestChargeTestTakesTheStandardThreatModifiers(t *testing.T) {
	for _, tc := range []struct {
		name   string
		scrub  bool
		cmdHit bool
		threat int
	}{
		{"open", false, false, 6},
		{"behind scrub", true, false, 5},
		{"commander hit", false, true, 8},
	} {
		terrain := ``
		if tc.scrub {
			terrain = `{"type":"scrub","rect":[20,20.6,52,22]}`
		}
		f := field(t, terrain, ``)
		a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
		c := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies, ""))
		b := ready(t, f, a, c, 1)
		b.place(0, Point{X: 36, Y: 20}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 27}, -math.Pi/2)
		b.units[0].commanderHit, b.units[0].cmdHitUntested = tc.cmdHit, tc.cmdHit
		b.charge(0, 1)
		ls := testLines(b.logText(), b.name(0), "charge test")
		if len(ls) == 0 {
			t.Fatalf("%s: no charge test\n%s", tc.name, b.logText())
		}
		if got := threatOf(t, ls[0]); got != tc.threat {
			t.Errorf("%s: charge test at threat %d, want %d\n%s", tc.name, got, tc.threat, b.logText())
		}
	}
}

// "The wounding or loss of a squad's commander increases the threat level of the first
// morale test after the commander is hit by +2" (line 1248): a squad whose commander was hit
// this turn and which then received a charge has had its +2; its casualty test in the Morale
// Phase is at 4 + 1 casualty = 5, not 7.
func TestCommanderHitCountsOnlyOnTheFirstTestAfter(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies, ""))
	for seed := range uint64(200) {
		b := ready(t, f, a, c, seed)
		b.place(0, Point{X: 36, Y: 20}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 26.8}, -math.Pi/2)
		b.units[1].casualties, b.units[1].commanderHit, b.units[1].cmdHitUntested = 1, true, true
		b.charge(0, 1)
		recv := testLines(b.logText(), b.name(1), "receiving the charge test")
		if len(recv) == 0 || !strings.Contains(recv[0], "No Effect") || b.units[1].casualties != 1 {
			continue // no receiving test, or one that changed the squad's level
		}
		b.units[0].casualties = 0
		b.moralePhase()
		cas := testLines(b.logText(), b.name(1), "casualties test")
		if len(cas) == 0 {
			t.Fatalf("seed %d: no casualty test\n%s", seed, b.logText())
		}
		if got := threatOf(t, cas[0]); got != 5 {
			t.Errorf("seed %d: casualty test after the receiving test at threat %d, want 5\n%s", seed, got, b.logText())
		}
		return
	}
	t.Error("no receiving test in 200 seeds")
}

// Chapter Five (line 1136): "In the Morale Phase squads which have taken casualties make
// morale tests; other squads may attempt to improve their morale by rallying". A shaken squad
// (level 3 of 5) far from the enemy that took a casualty this turn makes its casualty test
// and no rally test as well.
func TestASquadThatTestsForCasualtiesDoesNotAlsoRally(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies, ""))
	for seed := range uint64(40) {
		b := ready(t, f, a, c, seed)
		b.place(0, Point{X: 36, Y: 10}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 40}, -math.Pi/2)
		b.units[0].level, b.units[0].casualties = 3, 1
		b.moralePhase()
		if n := len(testLines(b.logText(), b.name(0), "casualties test")); n != 1 {
			t.Fatalf("seed %d: %d casualty tests\n%s", seed, n, b.logText())
		}
		if ls := testLines(b.logText(), b.name(0), "rally test"); len(ls) > 0 {
			t.Fatalf("seed %d: the squad that tested for casualties rallied too:\n%s", seed, b.logText())
		}
	}
}

// Chapter Five, "Broken" (line 1180): "At the beginning of each Morale Phase, a rally test is
// made for the broken squad. If the test is successful, the squad halts". One rally test a
// phase: a broken squad far from the enemy that rallies to demoralized does not rally again
// in the same phase (to shaken or better), nor take a casualty test as well.
func TestABrokenSquadRalliesOnceAMoralePhase(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies, ""))
	rallied := 0
	for seed := range uint64(80) {
		b := ready(t, f, a, c, seed)
		b.place(0, Point{X: 36, Y: 10}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 40}, -math.Pi/2)
		b.units[0].level = 0
		if seed%2 == 1 {
			b.units[0].casualties = 1
		}
		b.moralePhase()
		ls := testLines(b.logText(), b.name(0), "test:")
		if len(ls) != 1 {
			t.Fatalf("seed %d: %d morale tests for the broken squad in one phase:\n%s", seed, len(ls), b.logText())
		}
		if b.units[0].level > 0 {
			rallied++
		}
	}
	if rallied == 0 {
		t.Error("the broken squad never rallied in 80 seeds")
	}
}

// Chapter Two (lines 436, 467) and the engine's formations (docs/decisions.md, "Squads move
// as formations": the squad moves at its slowest soldier's rate, wounded: no running):
// "Wounded soldiers cannot run", nor can anyone "in very rough terrain". A broken squad's
// "full run move" (line 1180) and a disengaging squad's move "at its Run Rate" (line 1128)
// are a walk when a soldier is wounded: his Walk Rate, less 1" for his wound.
func TestWoundedSoldiersCannotRunWhenFleeingOrDisengaging(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies, ""))
	b := ready(t, f, a, c, 1)
	walk, run := b.units[0].spec.Walk, b.units[0].spec.Run
	if run <= walk {
		t.Fatalf("walk %v, run %v", walk, run)
	}
	for _, wounded := range []bool{false, true} {
		b := ready(t, f, a, c, 1)
		b.place(0, Point{X: 36, Y: 30}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 44}, -math.Pi/2)
		b.figs[b.units[0].members[0]].f.Wounded = wounded
		b.units[0].level = 0
		before := b.centroid(0)
		b.flee(0)
		got := math.Sqrt(dist2(before, b.centroid(0)))
		want := run
		if wounded {
			want = walk - 1 // and 1" less for his DEX (TestWoundedSoldiersWalkAnInchSlower)
		}
		if math.Abs(got-want) > 0.1 {
			t.Errorf("wounded %v: the broken squad fled %.2f\", want %.2f\"", wounded, got, want)
		}
	}
	// Disengaging, with a wounded soldier.
	moved := false
	for seed := range uint64(40) {
		b := ready(t, f, a, c, seed)
		b.place(0, Point{X: 36, Y: 30}, -math.Pi/2)
		b.place(1, Point{X: 36, Y: 31.2}, math.Pi/2)
		b.engage(0, 1)
		b.figs[b.units[0].members[0]].f.Wounded = true
		before := b.centroid(0)
		b.disengage(0)
		if !strings.Contains(b.logText(), "disengages") || b.aliveCount(0) == 0 || !b.units[0].onTable() || b.status(&b.units[0]) == 3 {
			continue
		}
		if !b.figs[b.units[0].members[0]].f.Wounded {
			continue
		}
		moved = true
		if got := math.Sqrt(dist2(before, b.centroid(0))); got > walk+0.1 {
			t.Errorf("seed %d: a squad with a wounded soldier disengaged %.2f\", more than its Walk Rate %.2f\"\n%s", seed, got, walk, b.logText())
		}
		break
	}
	if !moved {
		t.Error("no disengage with the wounded soldier standing in 40 seeds")
	}
	// Fleeing through heavy woods: no running there, a walk at four times the cost.
	fw := field(t, `{"type":"heavy woods","rect":[0,0,72,29]}`, ``)
	b = ready(t, fw, a, c, 1)
	b.place(0, Point{X: 36, Y: 30}, math.Pi/2)
	b.place(1, Point{X: 36, Y: 44}, -math.Pi/2)
	b.units[0].level = 0
	before := b.centroid(0)
	b.flee(0)
	// 1" of clear ground (the squad's centre is 1" from the wood) then (walk - 1) / 4 in it.
	if got, max := math.Sqrt(dist2(before, b.centroid(0))), 1+(walk-1)/4+0.3; got > max {
		t.Errorf("the broken squad fled %.2f\" into heavy woods, more than a walk there (%.2f\")", got, max)
	}
}

// Chapter Five, "Broken" (line 1194): "During its flight, the squad abandons all assembled
// weapons." A squad that broke with its medium repeating blaster set up has none when it
// rallies: its specialist has nothing to fire, and a squad charging it needs no charge test
// for its assembled heavy weapon (line 1324) nor does it get -1 for it receiving one.
func TestABrokenSquadAbandonsItsAssembledWeapon(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies,
		"    specialists:\n      - skills: {blaster: 3}\n        weapons: [medium repeating blaster]\n"))
	c := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	for _, set := range []uint8{tripodAssembled, tripodCarried} {
		b := ready(t, f, a, c, 1)
		b.place(0, Point{X: 36, Y: 20}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 40}, -math.Pi/2)
		if b.units[0].spec.Tripod < 0 {
			t.Fatal("the specialist's medium repeating blaster is not an assembled weapon")
		}
		b.units[0].tripod = set
		b.units[0].level = 0
		b.flee(0)
		b.units[0].level = 1 // rallied
		if b.units[0].tripod == tripodAssembled || b.units[0].tripod == tripodCarried || b.followingGuns(0) != 0 {
			t.Errorf("tripod %d: the rallied squad still has its medium repeating blaster (state %d)", set, b.units[0].tripod)
		}
		fs := &b.figs[b.units[0].members[b.units[0].spec.Tripod]]
		if gi, _ := b.bestGun(0, fs, 10, 0, 3, true); gi >= 0 && fs.spec.Guns[gi].W.Assembled {
			t.Errorf("tripod %d: the specialist still fires the abandoned %s", set, fs.spec.Guns[gi].W.Name)
		}
		if !strings.Contains(b.logText(), "abandons its Medium Repeating Blaster") {
			t.Errorf("tripod %d: the log does not say the weapon was abandoned:\n%s", set, b.logText())
		}
	}
}

// Chapter Five, "Receiving a Charge" (line 1310): "If less than half its number are
// charging it, a squad does not have to make a morale test. If charged in the flank or rear,
// the squad must always make a test". The book exempts no squad already in a close assault:
// stormtroopers locked in a fight with one Rebel squad and charged by a second from their
// flank test to receive it (threat 4 + 2 for the flank, + 1 for the casualty they took).
func TestASquadInCloseAssaultChargedInTheFlankTests(t *testing.T) {
	f := field(t, ``, ``)
	second := "  - kind: squad\n    troop: Standard Rebel Trooper\n    quality: average\n    size: 6\n" + rebels
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, second))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies, ""))
	tested := false
	for seed := range uint64(100) {
		b := ready(t, f, a, c, seed)
		b.place(2, Point{X: 36, Y: 26}, -math.Pi/2) // facing south
		b.place(0, Point{X: 36, Y: 24.8}, math.Pi/2)
		b.engage(0, 2)
		b.place(1, Point{X: 48, Y: 26}, math.Pi) // to their east, in the flank
		b.units[2].casualties = 1
		if !b.flanked(2, 1) {
			t.Fatal("the second squad is not in the stormtroopers' flank")
		}
		b.charge(1, 2)
		if strings.Contains(b.logText(), "charge is aborted") {
			continue
		}
		ls := testLines(b.logText(), b.name(2), "receiving the charge test")
		if len(ls) == 0 {
			t.Fatalf("seed %d: the engaged squad charged in the flank made no test:\n%s", seed, b.logText())
		}
		if got := threatOf(t, ls[0]); got != 7 {
			t.Errorf("seed %d: threat %d, want 7\n%s", seed, got, b.logText())
		}
		tested = true
		break
	}
	if !tested {
		t.Error("no flank charge got past its charge test in 100 seeds")
	}
}

// Chapter Five, "Each Casualty Taken This Turn" (line 1246): "For each soldier wounded or
// incapacitated this turn, the threat level increases by +1." The count is of soldiers: a
// stormtrooper wounded by opportunity fire in the Movement Phase and incapacitated in the
// Fire Combat Phase of the same turn is one casualty; a second soldier wounded in the Fire
// Combat Phase makes two, and the squad's casualty test is at 4 + 2 = 6, not 7.
func TestEachSoldierIsOneCasualtyATurn(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies, ""))
	b := ready(t, f, a, c, 1)
	b.place(0, Point{X: 36, Y: 10}, math.Pi/2)
	b.place(1, Point{X: 36, Y: 40}, -math.Pi/2)
	man := &b.figs[b.units[1].members[1]]
	man.f.Mark(combat.Wound) // opportunity fire in the Movement Phase
	b.endPhaseUnit(1)
	if !man.f.Wounded || b.units[1].casualties != 1 {
		t.Fatalf("wounded %v, casualties %d after the first wound", man.f.Wounded, b.units[1].casualties)
	}
	man.f.Mark(combat.Wound) // the Fire Combat Phase: his second wound takes him out
	b.endPhaseUnit(1)
	if !man.f.Out {
		t.Fatal("the second wound did not incapacitate him")
	}
	if got := b.units[1].casualties; got != 1 {
		t.Errorf("one soldier wounded then incapacitated in a turn counts %d casualties, want 1", got)
	}
	b.figs[b.units[1].members[2]].f.Mark(combat.Wound)
	b.endPhaseUnit(1)
	if got := b.units[1].casualties; got != 2 {
		t.Errorf("a second soldier wounded: %d casualties, want 2", got)
	}
	if int(b.units[1].leader) == int(b.units[1].members[1]) || int(b.units[1].leader) == int(b.units[1].members[2]) {
		t.Fatal("a casualty was the commander")
	}
	b.moralePhase()
	ls := testLines(b.logText(), b.name(1), "casualties test")
	if len(ls) == 0 {
		t.Fatalf("no casualty test\n%s", b.logText())
	}
	if got := threatOf(t, ls[0]); got != 6 {
		t.Errorf("casualty test at threat %d, want 6 (4 + 2 soldiers)", got)
	}
}

// "The wounding or loss of a squad's commander increases the threat level of the first
// morale test after the commander is hit by +2" (line 1248). A commander wounded in the
// Special Actions Phase (an artillery strike, an injure/kill) is hit after his squad's
// Morale Phase; the first test after it is in the next turn: a squad of 6 receiving a
// charge from the front then tests at 4 + 2 = 6, and the test after that at 4.
func TestCommanderHitAfterTheMoralePhaseCountsNextTurn(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies, ""))
	for seed := range uint64(200) {
		b := ready(t, f, a, c, seed)
		b.place(0, Point{X: 36, Y: 20}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 26.8}, -math.Pi/2)
		b.units[1].commanderHit, b.units[1].cmdHitUntested = true, true // the Special Actions Phase
		b.newTurn()
		b.turn = 2
		b.charge(0, 1)
		ls := testLines(b.logText(), b.name(1), "receiving the charge test")
		if len(ls) == 0 {
			continue // the charge was aborted
		}
		if got := threatOf(t, ls[0]); got != 6 {
			t.Errorf("seed %d: receiving the charge the turn after the commander was hit at threat %d, want 6\n%s", seed, got, b.logText())
		}
		if b.units[1].cmdHitUntested {
			t.Error("the +2 is still due after the test")
		}
		return
	}
	t.Error("no charge got past its charge test in 200 seeds")
}

// Chapter Three, "Wound" (line 786): "Wounded soldiers suffer a -1 penalty to all their
// skills and attributes, and they cannot run"; Chapter Two (lines 421-427): "A soldier's
// Movement Rates are determined by his Move and modified by his Dexterity attribute. Walk =
// Move/2 + DEX". A wounded soldier's DEX is 1 lower, and so is his Walk Rate: a Rebel
// squad (Walk 8") with a wounded man walks 7" (the squad keeps together at its slowest
// soldier's rate); broken, it flees 7", not its Run Rate. A hero who controls pain "moves as
// normal" (line 2896).
func TestWoundedSoldiersWalkAnInchSlower(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies, ""))
	b := ready(t, f, a, c, 1)
	walk := b.units[0].spec.Walk
	if got := b.maxMove(0, false); got != walk {
		t.Fatalf("unwounded squad walks %.2f\", want %.2f\"", got, walk)
	}
	b.figs[b.units[0].members[2]].f.Wounded = true
	if got := b.maxMove(0, false); math.Abs(got-(walk-1)) > 1e-9 {
		t.Errorf("a squad with a wounded soldier walks %.2f\", want %.2f\"", got, walk-1)
	}
	b.place(0, Point{X: 36, Y: 30}, math.Pi/2)
	b.place(1, Point{X: 36, Y: 44}, -math.Pi/2)
	b.units[0].level = 0
	before := b.centroid(0)
	b.flee(0)
	if got := math.Sqrt(dist2(before, b.centroid(0))); math.Abs(got-(walk-1)) > 0.1 {
		t.Errorf("the broken squad with a wounded man fled %.2f\", want %.2f\"", got, walk-1)
	}
	b = ready(t, f, a, c, 1)
	b.figs[b.units[0].members[2]].f.Wounded = true
	b.figs[b.units[0].members[2]].painControlled = true
	if got := b.maxMove(0, false); got != walk {
		t.Errorf("with the wounded man's pain controlled the squad walks %.2f\", want %.2f\"", got, walk)
	}
}

// "Squad has taken 50% or more casualties" (Rally Test, line 1341; Opportunity Fire Test,
// line 1377). The book's casualty is a soldier wounded or incapacitated ("for each soldier
// wounded or incapacitated", line 1246; "compare the number of soldiers wounded and
// incapacitated ... the most casualties", line 1106): a squad of 6 with 3 men wounded has
// taken 50% casualties, as has one with 2 out and 1 wounded; one with 2 wounded has not.
func TestHalfCasualtiesCountTheWounded(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies, ""))
	for _, tc := range []struct {
		wounded, out int
		half         bool
	}{{3, 0, true}, {1, 2, true}, {2, 0, false}, {0, 3, true}, {1, 1, false}} {
		b := ready(t, f, a, c, 1)
		m := b.units[0].members
		for i := 0; i < tc.wounded; i++ {
			b.figs[m[1+i]].f.Wounded = true
		}
		for i := 0; i < tc.out; i++ {
			b.figs[m[1+tc.wounded+i]].f.Out = true
		}
		if got := b.halfDown(0); got != tc.half {
			t.Errorf("%d wounded, %d incapacitated of 6: 50%% casualties %v, want %v", tc.wounded, tc.out, got, tc.half)
		}
	}
}

// Close Assault Combat Modifiers (lines 1041-1042, 1055, 1072): "Charging (1st turn only)
// +1 ... If the combat continues, the bonus is lost", but "Defending soldiers behind a
// barrier fight at +1" with no such limit. Stormtroopers charged across a low wall still
// defend it in the next turn's round of the same close assault: +1 then too.
func TestDefendingABarrierLastsTheWholeCloseAssault(t *testing.T) {
	f := field(t, ``, `{"type":"low wall","from":[20,26],"to":[52,26]}`)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies, ""))
	for seed := range uint64(200) {
		b := ready(t, f, a, c, seed)
		b.place(0, Point{X: 36, Y: 20}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 26.8}, -math.Pi/2)
		b.charge(0, 1)
		if b.units[0].eng < 0 || b.units[1].eng != b.units[0].eng {
			continue
		}
		for turn := 1; turn <= 2; turn++ {
			if turn == 2 {
				if strings.Contains(b.logText(), "forced back") {
					break // no longer at the wall
				}
				b.newTurn()
				b.turn = 2
			}
			ei := b.units[1].eng
			if ei < 0 {
				break
			}
			b.clearPhaseHits()
			b.assaultRound(ei, -1)
			s := b.units[1].side
			for k, fr := range b.fighters[s] {
				if !fr.Barrier {
					t.Errorf("seed %d, turn %d: stormtrooper %d behind the wall fights without the barrier's +1", seed, turn, k)
				}
			}
			for _, fr := range b.fighters[1-s] {
				if fr.Barrier {
					t.Errorf("seed %d, turn %d: a charger gets the barrier's +1", seed, turn)
				}
			}
		}
		if b.turn == 2 {
			return
		}
	}
	t.Error("no close assault lasted two turns at the wall in 200 seeds")
}

// Chapter Four, "Force Back and Advance After Combat" (line 1106): "compare the number of
// soldiers wounded and incapacitated on each side. The squad which has received the most
// casualties that turn has been forced back." That turn: the two Rebels wounded by the
// stormtroopers' defensive fire as they charged count with the round's. A round that
// leaves each side with as many new casualties forces the Rebels back (2 more that turn).
func TestForceBackCountsTheTurnsCasualties(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies, ""))
	seen := false
	for seed := range uint64(200) {
		b := ready(t, f, a, c, seed)
		b.place(0, Point{X: 36, Y: 20}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 21.2}, -math.Pi/2)
		b.engage(0, 1)
		b.units[0].charged, b.units[0].firstRound, b.units[0].chargedIn = true, true, true
		for _, k := range []int{4, 5} { // defensive fire: two Rebels wounded, fallen short
			g := &b.figs[b.units[0].members[k]]
			g.f.Wounded, g.prone, g.casStamp = true, true, b.turn+1
		}
		b.units[0].casualties = 2
		b.clearPhaseHits()
		b.assaultRound(b.units[0].eng, -1)
		r, s := b.units[0].casualties-2, b.units[1].casualties
		if r != s {
			continue
		}
		seen = true
		if !strings.Contains(b.logText(), b.name(0)+" is forced back") {
			t.Errorf("seed %d: %d casualties to %d in the round, 2 more to the Rebels that turn, and they are not forced back\n%s", seed, r, s, b.logText())
		}
		break
	}
	if !seen {
		t.Error("no round with even casualties in 200 seeds")
	}
}

// "Each Following Fire Weapon in the Squad: ... For each following fire weapon that a squad
// has, its threat level for receiving a charge is decreased by -1" (line 1268; the Reference
// Sheets, line 1245: "Each heavy weapon in the squad"). Where the book means set up it says
// so ("an assembled heavy weapon", line 1324): a medium repeating blaster carried counts as
// one set up does. Abandoned it does not, nor with no crewman left, for "if only one soldier
// is manning the weapon, the weapon loses its following fire ability" (line 826).
func TestFollowingFireWeaponsCountCarried(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies,
		"    specialists:\n      - skills: {blaster: 3}\n        weapons: [medium repeating blaster]\n"))
	c := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	for _, tc := range []struct {
		name  string
		state uint8
		alone bool
		want  int
	}{
		{"assembled", tripodAssembled, false, 1},
		{"carried", tripodCarried, false, 1},
		{"abandoned", tripodAbandoned, false, 0},
		{"carried, the specialist alone", tripodCarried, true, 0},
	} {
		b := ready(t, f, a, c, 1)
		u := &b.units[0]
		if u.spec.Tripod < 0 {
			t.Fatal("no assembled weapon")
		}
		u.tripod = tc.state
		if tc.alone {
			for k, fi := range u.members {
				if k != u.spec.Tripod {
					b.figs[fi].f.Out = true
				}
			}
		}
		if got := b.followingGuns(0); got != tc.want {
			t.Errorf("%s: %d following fire weapons, want %d", tc.name, got, tc.want)
		}
	}
}

// Chapter Three, "Range" (line 598): "The firing squad's fire line is defined by the
// soldiers in the squad who are actually shooting at the enemy squad". The crewman feeding
// a medium repeating blaster does not shoot (line 826), so he is not in the fire line:
// stormtroopers 20" south of their target, their crewman standing 16" off to the west, fire
// at 20.0" (the five who shoot), not 20.2" (the six, centred 2.7" west).
func TestTheFireLineIsTheSoldiersWhoShoot(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies,
		"    specialists:\n      - skills: {blaster: 3}\n        weapons: [medium repeating blaster]\n"))
	c := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	b := ready(t, f, a, c, 1)
	b.place(0, Point{X: 36, Y: 20}, math.Pi/2)
	b.place(1, Point{X: 36, Y: 40}, -math.Pi/2)
	b.units[0].tripod = tripodAssembled
	crew := b.crewman(0)
	if crew < 0 {
		t.Fatal("the assembled medium repeating blaster has no crewman")
	}
	// The shooters' centre straight south of the targets' centre, the crewman off to the west.
	var sum Point
	n := 0
	for _, fi := range b.units[0].members {
		if fi != crew {
			sum = add(sum, b.figs[fi].pos)
			n++
		}
	}
	shift := Point{X: 36 - sum.X/float64(n)}
	for _, fi := range b.units[0].members {
		b.figs[fi].pos = add(b.figs[fi].pos, shift)
	}
	b.figs[crew].pos = Point{X: 20, Y: 20}
	b.units[0].boxOK, b.units[0].cOK = false, false
	b.fireAt(0, 1, firePhase)
	if log := b.logText(); !strings.Contains(log, `, 20.0", in the open`) {
		t.Errorf("the fire line should be the five who shoot, 20.0\" from the targets:\n%s", log)
	}
}

// The Crystal Forest of Goratak (line 4231): a soldier picks the droid up if "he expends half
// his Movement Rate". A Rebel squad (Walk 8") with a wounded soldier walks 7" (a wound's -1
// DEX), so picking it up costs 3.5", not the unhurt 4".
func TestPickingUpTheDroidCostsHalfTheRateTheUnitHasNow(t *testing.T) {
	f := scenario(t, "crystal-forest-of-goratak")
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, stormies, ""))
	b := ready(t, f, a, c, 1)
	b.place(0, Point{X: 36, Y: 10}, math.Pi/2)
	b.place(1, Point{X: 36, Y: 44}, -math.Pi/2)
	walk := b.maxMove(0, false)
	b.figs[b.units[0].members[2]].f.Wounded = true
	b.objFound, b.objBy, b.objAt = true, -1, add(b.figs[b.units[0].members[0]].pos, Point{X: 1})
	if got, want := b.pickUp(0), (walk-1)/2; got != want {
		t.Errorf("picking the droid up cost %.2f\", want half of the wounded squad's %.1f\" walk: %.2f\"", got, walk-1, want)
	}
	if b.objBy < 0 {
		t.Error("the droid was not picked up")
	}
}
