package sim

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"muster/rules/qrs"
	"muster/rules/qrs/army"
	"muster/rules/qrs/solo"
)

func seeded(seed uint64) func(int) qrs.Dice {
	return func(i int) qrs.Dice {
		r := rand.New(rand.NewPCG(seed, uint64(i)))
		return qrs.DiceFunc(func(n int) int { return r.IntN(n) + 1 })
	}
}

func group(t *testing.T, entries ...army.FigureEntry) army.Group {
	t.Helper()
	a := army.Resolve(&army.File{Format: 1, System: "qrs", Name: "t", Groups: []army.GroupEntry{{Name: "Team", Figures: entries}}})
	for _, p := range a.Problems {
		if p.Severity == "error" {
			t.Fatal(p.Message)
		}
	}
	return a.Groups[0]
}

// Wilson intervals by hand: 5 of 10 is 0.5 (0.2366, 0.7634); 0 of 10 is 0 to 0.2775.
func TestWilsonInterval(t *testing.T) {
	r := Wilson(5, 10)
	if math.Abs(r.Low-0.2366) > 1e-4 || math.Abs(r.High-0.7634) > 1e-4 {
		t.Errorf("5/10: %+v", r)
	}
	r = Wilson(0, 10)
	if r.Low != 0 || math.Abs(r.High-0.2775) > 1e-4 {
		t.Errorf("0/10: %+v", r)
	}
}

// With no figures in the pool, nothing can appear ("you cannot deploy any"): the group walks
// to its objective, one turn per counter and one more, every time.
func TestQuickResolveEmptyPoolAlwaysArrives(t *testing.T) {
	c := Config{Players: group(t, army.FigureEntry{Profile: "Rebel Trooper", Count: 2}), Counters: []string{"cover", "corner"}, Pool: solo.Pool{}}
	s, err := Run(c, 50, seeded(1))
	if err != nil {
		t.Fatal(err)
	}
	if s.Objective.P != 1 || s.Survived.P != 1 || s.MeanTurns != 3 || s.MeanEnemies != 0 {
		t.Errorf("%+v", s)
	}
}

// A lone trooper past four open counters (a probe droid at least, more with contact made)
// arrives less often than a team of six heroes past one corner; the same seed gives the
// same odds; the first game's log is kept.
func TestQuickResolveOddsFollowTheForces(t *testing.T) {
	weak := Config{Players: group(t, army.FigureEntry{Profile: "Rebel Trooper"}), Counters: []string{"open", "open", "open", "open"}, Sight: 2}
	strong := Config{Players: group(t, army.FigureEntry{Profile: "Rebel Hero", Count: 6}), Counters: []string{"corner"}, Cover: true}
	w, err := Run(weak, 400, seeded(2))
	if err != nil {
		t.Fatal(err)
	}
	s, err := Run(strong, 400, seeded(2))
	if err != nil {
		t.Fatal(err)
	}
	if !(s.Objective.Low > w.Objective.High) {
		t.Errorf("six heroes %+v should beat a lone trooper %+v", s.Objective, w.Objective)
	}
	again, _ := Run(weak, 400, seeded(2))
	if again.Objective != w.Objective || again.MeanTurns != w.MeanTurns {
		t.Error("the same seed gave different odds")
	}
	if len(w.FirstLog) == 0 || !strings.Contains(strings.Join(w.FirstLog, "\n"), "in sight. D6") {
		t.Errorf("log: %v", w.FirstLog)
	}
	if _, err := Run(weak, 0, seeded(1)); err == nil {
		t.Error("zero games accepted")
	}
}

// Two groups shooting it out: twelve Death Troopers against one Rebel Trooper win far more
// often than they lose; swapped, the odds swap; the same seed, the same answer.
func TestFirefightOddsFollowTheGroups(t *testing.T) {
	big := Side{Group: group(t, army.FigureEntry{Profile: "Death Trooper", Count: 12})}
	small := Side{Group: group(t, army.FigureEntry{Profile: "Rebel Trooper"})}
	s, err := RunFight(FightConfig{A: big, B: small}, 300, seeded(7))
	if err != nil {
		t.Fatal(err)
	}
	if !(s.AWins.Low > s.BWins.High) || s.AWins.P+s.BWins.P+s.Undecided.P < 0.999 {
		t.Errorf("%+v", s)
	}
	swapped, _ := RunFight(FightConfig{A: small, B: big}, 300, seeded(7))
	if !(swapped.BWins.Low > swapped.AWins.High) {
		t.Errorf("swapped: %+v", swapped)
	}
	again, _ := RunFight(FightConfig{A: big, B: small}, 300, seeded(7))
	if again.AWins != s.AWins {
		t.Error("the same seed gave different odds")
	}
	if _, err := PlayFight(FightConfig{A: big}, seeded(1)(0)); err == nil {
		t.Error("a fight with an empty side")
	}
}

// "you cannot deploy any until casualties are recycled" (the sheet's force generation,
// L35): an enemy figure killed is a casualty, whether or not others of its group still
// stand. A lone probe droid (the only figure the pool can deploy, at an open counter) shot
// dead was a group killed to the last figure, and the game counted no enemy down: the
// count looked only at groups with somebody left. The game's count is checked against one
// taken from the table, not from the game's own bookkeeping or log: the enemy figures
// standing just before each turn's shooting less those standing after it (audit.go,
// fell), summed over the turns; with a pool of one droid and with figures for anything.
func TestEnemyCasualtiesCountAGroupKilledToTheLastFigure(t *testing.T) {
	for _, pool := range []solo.Pool{{solo.ProbeDroid: 1}, nil} {
		c := Config{Players: group(t, army.FigureEntry{Profile: "Rebel Trooper", Count: 4}), Counters: []string{"open", "open", "open"},
			Pool: pool}
		down, fell := 0, 0
		for i := range 200 {
			a := &audit{what: fmt.Sprintf("game %d, pool %v", i, pool)}
			c.audit = a
			b, err := Play(c, seeded(11)(i))
			if err != nil {
				t.Fatal(err)
			}
			if b.EnemyDown != a.fell {
				t.Errorf("game %d, pool %v: the game counted %d enemy figures down; %d fell on the table", i, pool, b.EnemyDown, a.fell)
			}
			down += b.EnemyDown
			fell += a.fell
		}
		if fell == 0 {
			t.Fatalf("pool %v: no enemy figure fell in 200 games: nothing checked", pool)
		}
		// The summary's mean is the figures that fell, per game (the same 200 games).
		c.audit = nil
		s, err := Run(c, 200, seeded(11))
		if err != nil {
			t.Fatal(err)
		}
		if want := float64(fell) / 200; math.Abs(s.MeanDown-want) > 1e-12 {
			t.Errorf("pool %v: the summary says %.3f enemy figures killed a game; %.3f fell on the table", pool, s.MeanDown, want)
		}
	}
}

// A game that panics (here its dice) stops the run with an error naming the game, for the
// page or command to say, instead of taking the process down; a quick-resolve and a
// firefight alike.
func TestAPanicInAGameIsAnErrorNamingIt(t *testing.T) {
	dice := func(i int) qrs.Dice {
		if i == 5 {
			return qrs.DiceFunc(func(int) int { panic("the dice fell off the table") })
		}
		return seeded(1)(i)
	}
	lone := group(t, army.FigureEntry{Profile: "Rebel Trooper"})
	_, err := Run(Config{Players: lone, Counters: []string{"open", "open", "open", "open"}}, 20, dice)
	var ge *GameError
	if !errors.As(err, &ge) || ge.Index != 5 || len(ge.Stack) == 0 || !strings.Contains(err.Error(), "game 5 failed: the dice fell off the table") {
		t.Errorf("Run: %v, want game 5's *GameError", err)
	}
	big := Side{Group: group(t, army.FigureEntry{Profile: "Death Trooper", Count: 12})}
	_, err = RunFight(FightConfig{A: big, B: Side{Group: lone}}, 20, dice)
	if !errors.As(err, &ge) || ge.Index != 5 {
		t.Errorf("RunFight: %v, want game 5's *GameError", err)
	}
}

// A quiet game (Run's games after the first) is the same game as a logged one: the same
// result with the same dice, only without the log.
func TestQuietGamesAreTheSameGames(t *testing.T) {
	fig := func(p string, n int) army.FigureEntry { return army.FigureEntry{Profile: p, Count: n} }
	c := Config{Players: group(t, fig("Rebel Hero", 2), fig("Rebel Trooper", 4)), Counters: []string{"corner", "cover", "open"},
		Pool: solo.Pool{solo.Stormtrooper: 8, solo.Officer: 1, solo.Inquisitor: 1}, Sight: 2}
	f := FightConfig{A: Side{Group: group(t, fig("Sith Lord", 1), fig("Stormtrooper", 5))}, B: Side{Group: group(t, fig("Jedi Master", 1), fig("Rebel Trooper", 3))}}
	for i := range 30 {
		logged, err := Play(c, seeded(3)(i))
		if err != nil {
			t.Fatal(err)
		}
		quiet, err := play(c, seeded(3)(i), false)
		if err != nil {
			t.Fatal(err)
		}
		if len(logged.Log) == 0 || len(quiet.Log) != 0 {
			t.Fatalf("game %d: %d lines logged, %d quiet", i, len(logged.Log), len(quiet.Log))
		}
		logged.Log = nil
		if !reflect.DeepEqual(logged, quiet) {
			t.Errorf("game %d: logged %+v, quiet %+v", i, logged, quiet)
		}
		fl, err := PlayFight(f, seeded(3)(i))
		if err != nil {
			t.Fatal(err)
		}
		fq, err := playFight(f, seeded(3)(i), false)
		if err != nil {
			t.Fatal(err)
		}
		if len(fl.Log) == 0 || len(fq.Log) != 0 {
			t.Fatalf("firefight %d: %d lines logged, %d quiet", i, len(fl.Log), len(fq.Log))
		}
		fl.Log = nil
		if !reflect.DeepEqual(fl, fq) {
			t.Errorf("firefight %d: logged %+v, quiet %+v", i, fl, fq)
		}
	}
}
