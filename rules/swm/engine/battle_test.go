package engine

import (
	"errors"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"muster/rules/swm/army"
	"muster/rules/swm/cards"
	"muster/rules/swm/check"
)

func costed(t testing.TB, path string) *check.Costed {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := army.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	c, err := check.Evaluate(a)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func load(t *testing.T, path string) Squad {
	t.Helper()
	s, err := FromCosted(costed(t, path))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A battle runs only when every card is complete: the rulebook's sample squad names each
// unit and what its card lacks.
func TestBattleRefusesIncompleteCards(t *testing.T) {
	_, err := FromCosted(costed(t, "../../../cmd/muster/internal/cli/testdata/swm/sample-rebel.yaml"))
	var inc *IncompleteError
	if !errors.As(err, &inc) || len(inc.Missing) != 5 {
		t.Fatalf("err %v; want the five units named", err)
	}
	if !strings.HasPrefix(inc.Missing[0], "Unit 1, Princess Leia, Hoth Commander: not known: hp, defense") {
		t.Errorf("first: %q", inc.Missing[0])
	}
}

// Both scenarios of the pack play to an end with the scenario squads (cards completed with
// house numbers), and a seed replays the same battle.
func TestBothScenariosPlayToAnEnd(t *testing.T) {
	for _, sc := range []struct{ name, a, b string }{
		{"salvage", "../testdata/salvage-rebel.yaml", "../testdata/salvage-imperial.yaml"},
		{"assault", "../testdata/assault-rebel.yaml", "../testdata/assault-imperial.yaml"},
	} {
		a, b := load(t, sc.a), load(t, sc.b)
		for seed := range uint64(4) {
			m, _ := Scenario(sc.name)
			r, err := Play(m, a, b, rng(seed), true)
			if err != nil {
				t.Fatal(err)
			}
			if r.Reason == "" || r.Rounds < 1 || r.Rounds > MaxRounds {
				t.Errorf("%s seed %d: %+v", sc.name, seed, r)
			}
			if r.Winner >= 0 && strings.Contains(r.Reason, "defeated every enemy") && r.Left[1-r.Winner] != 0 {
				t.Errorf("%s seed %d: the loser has %d standing", sc.name, seed, r.Left[1-r.Winner])
			}
			m2, _ := Scenario(sc.name)
			again, _ := Play(m2, a, b, rng(seed), true)
			if !reflect.DeepEqual(r.Log, again.Log) {
				t.Errorf("%s seed %d: the same seed played a different battle", sc.name, seed)
			}
		}
	}
}

// How to Win, tie-breaker: 10 rounds in a row with no damage, attack roll or save ends the
// skirmish; with no points defeated on either side, the character nearest the centre wins.
func TestTieBreakerAfterTenQuietRounds(t *testing.T) {
	m := field(t,
		"a.........",
		"..........",
		"##########",
		"..........",
		".....b....",
	)
	tr := house("Test Trooper", 5, 10, 10, 0, 10)
	r, err := Play(m, squad("North", tr), squad("South", tr), rng(1), true)
	if err != nil {
		t.Fatal(err)
	}
	if r.Rounds != QuietRounds || !strings.Contains(r.Reason, "10 rounds in a row") {
		t.Fatalf("rounds %d, %q", r.Rounds, r.Reason)
	}
	if r.Winner < 0 || !strings.Contains(r.Reason, "nearer the centre") {
		t.Errorf("winner %d: %q", r.Winner, r.Reason)
	}
}

// The tie-breaker counts defeated points first.
func TestTieBreakerCountsDefeatedPoints(t *testing.T) {
	tr := house("Test Trooper", 5, 10, 10, 0, 10)
	b := newBattle(t, field(t, openRows...), squad("A", tr, tr), squad("B", tr))
	b.char(t, "[B] Test Trooper").Defeated = true
	w, why := b.tieBreaker("test")
	if w != 0 || !strings.Contains(why, "defeated 5 points to 0") {
		t.Errorf("winner %d: %q", w, why)
	}
}

// Mirror matchups come out even: the same squad on both sides of the open map. Under an
// even matchup the wins of the first squad among decided battles are Binomial(d, 1/2), so
// |wins - losses| exceeds 3 sqrt(d) with chance under 0.3%; the seed is fixed, so the test
// is repeatable, and a side bias in setup, initiative or activation order fails it.
func TestMirrorMatchupsAreEven(t *testing.T) {
	for _, file := range []string{"../testdata/salvage-imperial.yaml", "../testdata/salvage-rebel.yaml"} {
		s := load(t, file)
		sum, err := Simulate(OpenMap, s, s, 400, 7)
		if err != nil {
			t.Fatal(err)
		}
		d := float64(sum.Wins + sum.Losses)
		if math.Abs(float64(sum.Wins-sum.Losses)) > 3*math.Sqrt(d) {
			t.Errorf("%s against itself: %d wins, %d losses, %d draws", file, sum.Wins, sum.Losses, sum.Draws)
		}
		if sum.WinInterval[0] > 0.5 || sum.LossInterval[0] > 0.5 {
			t.Errorf("an interval excludes an even split: %+v", sum)
		}
	}
}

// Mirror matchups of squads that play what a vanilla squad does not: Force points, commander
// effects and Double Attack (Darth Vader's +6 Defense to his troopers, Force 5 and Double
// Attack; Luke's and Leia's Force points, Leia's effect, the Rebel Leader's Double Attack;
// the Battle of Hoth cards with the test files' house numbers). A rule played for one side
// only (an effect or a Force point spent only by the first squad, a second attack only for
// the second) shows as a side that wins more than it loses against itself.
//
// The significance, stated: under an even matchup each decided battle is a win for the first
// squad with chance 1/2, independently (each battle has its own dice), so over d decided
// battles W - L has mean 0 and variance d, and z = (W - L) / sqrt(d) is close to a standard
// normal. The test fails when |z| >= 3, which an even matchup does with chance 0.27%; the
// seed is fixed, so the run is repeatable. With 400 battles a squad (all decided) the mean
// of z is 20 (2p - 1) for a side winning a share p: it fails more often than not at
// p = 0.58 and almost always (95%) from p = 0.62. A commander effect played for the first
// squad only gave z = 4.4 (Vader's) and 3.3 (Leia's +2 Attack); 200 battles missed the
// second.
func TestMirrorMatchupsWithAbilitiesAreEven(t *testing.T) {
	const battles = 400
	for _, file := range []string{"../testdata/mirror-imperial.yaml", "../testdata/mirror-rebel.yaml"} {
		s := load(t, file)
		// The abilities are in play on both sides: over a few logged battles each side
		// spends Force points.
		spent := [2]int{}
		for i := range 10 {
			r, err := Play(OpenMap(), s, s, rng(uint64(1000+i)), true)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range r.Log {
				// "spends a Force point ...", "(Force point: rerolled a 1)", "uses Force Grip".
				if l = strings.TrimSpace(l); strings.Contains(l, "Force point") || strings.Contains(l, "Force Grip") {
					if strings.HasPrefix(l, "[A] ") {
						spent[0]++
					} else if strings.HasPrefix(l, "[B] ") {
						spent[1]++
					}
				}
			}
		}
		if spent[0] == 0 || spent[1] == 0 {
			t.Errorf("%s: Force points spent by each side in 10 battles: %v; the mirror would not test them", file, spent)
		}
		sum, err := Simulate(OpenMap, s, s, battles, 11)
		if err != nil {
			t.Fatal(err)
		}
		d := float64(sum.Wins + sum.Losses)
		if d == 0 {
			t.Fatalf("%s against itself: no battle decided", file)
		}
		if z := float64(sum.Wins-sum.Losses) / math.Sqrt(d); math.Abs(z) >= 3 {
			t.Errorf("%s against itself: %d wins, %d losses, %d draws: z = %.2f, |z| >= 3 (chance 0.27%% if even)", file, sum.Wins, sum.Losses, sum.Draws, z)
		}
	}
}

// The Wilson interval by hand: 50 of 100 gives 0.4038 to 0.5962.
func TestWilsonInterval(t *testing.T) {
	p, iv := rate(50, 100)
	if p != 0.5 || math.Abs(iv[0]-0.4038) > 1e-4 || math.Abs(iv[1]-0.5962) > 1e-4 {
		t.Errorf("%v %v", p, iv)
	}
}

// Every map parses and gives each squad room.
func TestScenarioMapsParse(t *testing.T) {
	for _, n := range Scenarios() {
		m, ok := Scenario(n)
		if !ok || len(m.Zones[0]) < 10 || len(m.Zones[1]) < 10 || m.Note == "" {
			t.Errorf("%s: %v", n, m)
		}
	}
	if _, ok := Scenario("hoth"); ok {
		t.Error("an unknown scenario was found")
	}
}

// How to Win, tie-breaker, with the glossary's range: distance to the centre is counted from
// the nearest square of a figure's space. On a 10 x 8 map the centre point touches columns
// 5-6, rows 4-5 (squares are (column,row) from 1, as the log shows them). A Large figure at
// (7,3) covers (7,3)-(8,4); its square (7,4) is next to the centre square (6,4): 1 square.
// A trooper at (6,2) is 2 squares from (6,4). The Large figure is nearer, though both
// figures' middles are 3 squares from the centre point (measured so, the costlier trooper
// won the next tie-break).
func TestTieBreakerCountsFromABigFiguresNearestSquare(t *testing.T) {
	big := house("Test Tauntaun", 5, 10, 10, 0, 10)
	large := cards.Large
	big.Size = &large
	small := house("Test Trooper", 50, 10, 10, 0, 10)
	m := field(t,
		"aaaaaaaaaa",
		"aaaaaaaaaa",
		"..........",
		"..........",
		"..........",
		"..........",
		"..........",
		"bbbbbbbbbb",
	)
	b := newBattle(t, m, squad("Riders", big), squad("Troopers", small))
	b.put(b.char(t, "[A] Test Tauntaun"), Point{6, 2})
	b.put(b.char(t, "[B] Test Trooper"), Point{5, 1})
	w, why := b.tieBreaker("test")
	if w != 0 || !strings.Contains(why, "(1 square against 2 squares)") {
		t.Errorf("winner %d: %q; want the Large figure, 1 square from the centre against 2", w, why)
	}
}

// Range is counted around walls (glossary, range), so a figure behind a wall is as far from
// the centre as the way round. On a 10 x 8 map with a wall across row 3 but for its last
// square, a figure at (5,2) is 2 squares from the centre square (5,4) through the wall but
// 5 + 2 + 4 = 11 round the wall's end, by (10,2), (10,4) and (6,4); one at (5,8) is 3
// squares from (5,5) and wins.
func TestTieBreakerCountsAroundWalls(t *testing.T) {
	m := field(t,
		"a.........",
		"..........",
		"#########.",
		"..........",
		"..........",
		"..........",
		"..........",
		"b.........",
	)
	tr := house("Test Trooper", 5, 10, 10, 0, 10)
	b := newBattle(t, m, squad("North", tr), squad("South", tr))
	b.put(b.char(t, "[A] Test Trooper"), Point{4, 1})
	b.put(b.char(t, "[B] Test Trooper"), Point{4, 7})
	w, why := b.tieBreaker("test")
	if w != 1 || !strings.Contains(why, "(3 squares against 11 squares)") {
		t.Errorf("winner %d: %q; want South, 3 squares from the centre against 11 round the wall", w, why)
	}
}

// A squad takes the field only as the squad-building rules allow: the Echo Base Salvage
// Mission's Imperial squad (26 points) with a limit of 20 is 6 over (Squad Construction),
// and is refused with the error that says so, although every card is complete.
func TestBattleRefusesASquadThatBreaksTheRules(t *testing.T) {
	c := costed(t, "../testdata/salvage-imperial.yaml")
	if _, err := FromCosted(c); err != nil {
		t.Fatalf("the scenario's squad: %v", err)
	}
	c.Army.Limit = 20
	c, err := check.Evaluate(c.Army)
	if err != nil {
		t.Fatal(err)
	}
	_, err = FromCosted(c)
	var broken *RulesError
	if !errors.As(err, &broken) || len(broken.Errors) != 1 || !strings.Contains(broken.Errors[0], "the squad costs 26 points, 6 over the limit of 20") {
		t.Fatalf("err %v; want the points error", err)
	}
}

// A battle that panics (here in making its map) stops the run with an error naming the
// battle and the seed, for the page or command to say, instead of taking the process down.
func TestAPanicInABattleIsAnErrorNamingIt(t *testing.T) {
	s := load(t, "../testdata/salvage-imperial.yaml")
	made := 0
	m := func() *Map {
		if made++; made == 4 {
			panic("the map would not unfold")
		}
		return OpenMap()
	}
	_, err := Simulate(m, s, s, 10, 7)
	var be *BattleError
	if !errors.As(err, &be) || be.Index != 3 || be.Seed != 7 || len(be.Stack) == 0 {
		t.Fatalf("Simulate: %v, want battle 3's *BattleError", err)
	}
	if want := "battle 3 of the run with seed 7 failed: the map would not unfold"; !strings.Contains(err.Error(), want) {
		t.Errorf("%q does not say %q", err, want)
	}
}
