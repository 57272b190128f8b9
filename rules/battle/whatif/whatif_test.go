package whatif

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"muster/costing"
	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
)

func readArmy(t testing.TB, path string) *roster.Army {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := roster.Read(b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return a
}

func force(t testing.TB, a *roster.Army) *battle.Force {
	t.Helper()
	f, err := battle.NewForce(rules.Default(), a)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func openField(t testing.TB) *battle.Field {
	t.Helper()
	f, err := battle.LoadScenario(battle.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// The paired interval, by hand: ten battles where the variant won two the army lost
// (d = +1), lost one the army won (d = -1) and did as the army in the other seven (d = 0).
// d̄ = (2 - 1)/10 = 0.1; Σ(d - d̄)² = Σd² - n·d̄² = 3 - 0.1 = 2.9; s² = 2.9/9 = 0.32222;
// s/√n = √(0.32222/10) = 0.179505; half-width 1.959964 × 0.179505 = 0.351824; the
// interval is 0.1 ± 0.351824 = [-0.251824, 0.451824].
func TestPairedIntervalIsTheMeanOfPerBattleDifferencesPlusMinusZTimesItsStandardError(t *testing.T) {
	base := []bool{false, false, true, true, false, true, false, true, false, true}
	vari := []bool{true, true, false, true, false, true, false, true, false, true}
	d, ci := PairedDelta(base, vari)
	if math.Abs(d-0.1) > 1e-12 || math.Abs(ci[0]-(-0.251824)) > 1e-6 || math.Abs(ci[1]-0.451824) > 1e-6 {
		t.Errorf("PairedDelta = %v %v, want 0.1 [-0.251824 0.451824]", d, ci)
	}
	// Battles both won or both lost add nothing: the same ten disagreements among 1000
	// battles narrow the interval by √(1000/10)·√(9/999)·(...)—worked out: d̄ = 0.001,
	// Σ(d-d̄)² = 3 - 1000·0.000001 = 2.999, s² = 2.999/999, half-width
	// 1.959964·√(2.999/999/1000) = 0.0033959.
	big := make([]bool, 1000)
	bigV := make([]bool, 1000)
	copy(big, base)
	copy(bigV, vari)
	d, ci = PairedDelta(big, bigV)
	if math.Abs(d-0.001) > 1e-12 || math.Abs((ci[1]-ci[0])/2-0.0033959) > 1e-6 {
		t.Errorf("PairedDelta over 1000 battles = %v %v, want 0.001 ± 0.0033959", d, ci)
	}
	// No disagreement: no spread, the interval is the point.
	if d, ci := PairedDelta(base, base); d != 0 || ci != [2]float64{0, 0} {
		t.Errorf("PairedDelta(x, x) = %v %v, want 0 [0 0]", d, ci)
	}
}

// A squad sent out with no weapons is the army's obvious fault: arming it must come first,
// and by far (issue 14, "arming an unarmed squad").
func TestArmingAnUnarmedSquadRanksFirst(t *testing.T) {
	a := readArmy(t, "testdata/unarmed.yaml")
	b := force(t, readArmy(t, "testdata/imperials-1000.yaml"))
	rep, err := Run(context.Background(), rules.Default(), openField(t), a, b, Options{Battles: 300, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Variants) < 2 {
		t.Fatalf("%d variants, want several", len(rep.Variants))
	}
	first := rep.Variants[0]
	if !strings.HasPrefix(first.Change, "Bare Hands: arm with ") {
		t.Fatalf("first change %q, want the unarmed squad armed; all: %v", first.Change, changes(rep))
	}
	if first.DeltaCI95[0] <= 0 || first.DeltaCI95[0] <= rep.Variants[1].Delta {
		t.Errorf("arming: delta %v %v; want an interval above 0 and above the next change's %v",
			first.Delta, first.DeltaCI95, rep.Variants[1].Delta)
	}
	for i := 1; i < len(rep.Variants); i++ {
		if rep.Variants[i].Delta > rep.Variants[i-1].Delta {
			t.Errorf("variant %d (%v) ranks below variant %d (%v)", i, rep.Variants[i].Delta, i-1, rep.Variants[i-1].Delta)
		}
	}
}

func changes(r *Report) []string {
	var s []string
	for _, v := range r.Variants {
		s = append(s, v.Change)
	}
	return s
}

// Every variant passes the checks `muster check` runs, read back from its own file, and
// costs no more than the limit: the army's, or with none its own total.
func TestEveryVariantPassesMusterCheckAndStaysWithinTheLimit(t *testing.T) {
	cat := rules.Default()
	for _, path := range []string{"testdata/unarmed.yaml", "../testdata/rebel-1500.yaml", "../testdata/imperial-1500.yaml",
		"../testdata/rats-rebels.yaml", "testdata/imperials-1000.yaml"} {
		a := readArmy(t, path)
		base := costing.Evaluate(cat, a, nil)
		limit := a.Limit
		if limit == 0 {
			limit = base.Total
		}
		vs, err := Variants(cat, a, nil, 0)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if len(vs) == 0 {
			t.Errorf("%s: no variants", path)
		}
		kinds := map[string]int{}
		for _, v := range vs {
			kinds[v.Kind]++
			file, err := v.Army.YAML()
			if err != nil {
				t.Fatal(err)
			}
			back, err := roster.Read(file)
			if err != nil {
				t.Fatalf("%s: %s: the variant's file does not read back: %v", path, v.Change, err)
			}
			r := costing.Evaluate(cat, back, nil)
			for _, p := range r.Problems {
				if p.Severity == roster.Error {
					t.Errorf("%s: %s: %s", path, v.Change, p)
				}
			}
			if r.Total > limit || r.Total != v.Total {
				t.Errorf("%s: %s: %d SGPs (said %d), limit %d", path, v.Change, r.Total, v.Total, limit)
			}
		}
		if kinds[KindDrop] != len(a.Units) {
			t.Errorf("%s: %d drops for %d units", path, kinds[KindDrop], len(a.Units))
		}
	}
}

// The limit of the force limits counts too: with a gamemaster's total of the army's own
// cost, no variant may cost more.
func TestVariantsKeepTheGamemastersLimits(t *testing.T) {
	cat := rules.Default()
	a := readArmy(t, "testdata/unarmed.yaml")
	a.Limit = 0
	total := costing.Evaluate(cat, a, nil).Total
	l := &roster.Limits{Total: total}
	vs, err := Variants(cat, a, l, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) == 0 {
		t.Fatal("no variants: dropping a unit always fits")
	}
	for _, v := range vs {
		if v.Total > total || v.Kind == KindAdd {
			t.Errorf("%s: %d SGPs over the limits' %d", v.Change, v.Total, total)
		}
	}
}

// An army that does not pass muster check is refused in words, naming the problem.
func TestAnArmyWithErrorsIsRefusedWithItsFirstProblem(t *testing.T) {
	a := readArmy(t, "../../../costing/testdata/mixed-2000.yaml")
	_, err := Variants(rules.Default(), a, nil, 0)
	var nl *NotLegalError
	if !errors.As(err, &nl) || !strings.Contains(err.Error(), "does not pass muster check") || !strings.Contains(err.Error(), "fix it first") {
		t.Fatalf("err = %v, want the army's first error in words", err)
	}
}

// The same seed gives the same ranking, whatever the number of workers.
func TestTheSameSeedGivesTheSameRanking(t *testing.T) {
	a := readArmy(t, "testdata/unarmed.yaml")
	b := force(t, readArmy(t, "testdata/imperials-1000.yaml"))
	field := openField(t)
	var out [3][]byte
	for i, w := range []int{1, 2, 3} {
		rep, err := Run(context.Background(), rules.Default(), field, a, b, Options{Battles: 70, Seed: 99, Workers: w, MaxVariants: 6})
		if err != nil {
			t.Fatal(err)
		}
		out[i], _ = json.Marshal(rep)
	}
	if string(out[0]) != string(out[1]) || string(out[0]) != string(out[2]) {
		t.Errorf("reports differ by workers:\n%s\n%s\n%s", out[0], out[1], out[2])
	}
}

// The base's win rate is the matchup's: battle i of the what-if is battle i of `muster sim`
// with the same seed.
func TestTheBaseIsTheMatchupsOwnBattles(t *testing.T) {
	a := readArmy(t, "testdata/unarmed.yaml")
	b := force(t, readArmy(t, "testdata/imperials-1000.yaml"))
	field := openField(t)
	rep, err := Run(context.Background(), rules.Default(), field, a, b, Options{Battles: 120, Seed: 5, MaxVariants: 1})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := battle.Simulate(context.Background(), field, force(t, a), b, battle.SimOptions{Battles: 120, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Base.WinRate != sum.A.WinRate || rep.Base.CI95 != sum.A.CI95 {
		t.Errorf("base %v, the matchup's %v %v", rep.Base, sum.A.WinRate, sum.A.CI95)
	}
}

func TestWordsSayTheChangeAndWhetherItCouldBeChance(t *testing.T) {
	for _, c := range []struct {
		d    float64
		ci   [2]float64
		want string
	}{
		{0.187, [2]float64{0.101, 0.259}, "18.7 points more wins (95%: +10.1 to +25.9), surely better"},
		{-0.02, [2]float64{-0.059, 0.019}, "2.0 points fewer wins (95%: -5.9 to +1.9), could be chance"},
		{-0.3, [2]float64{-0.35, -0.25}, "30.0 points fewer wins (95%: -35.0 to -25.0), surely worse"},
		{0, [2]float64{0, 0}, "no change in wins (95%: +0.0 to +0.0), could be chance"},
	} {
		if got := Words(c.d, c.ci); got != c.want {
			t.Errorf("Words(%v, %v) = %q, want %q", c.d, c.ci, got, c.want)
		}
	}
}

// One more training level costs one SGP a soldier (Chapter Four: "Each training level costs
// one SGP", in the point cost per soldier, times the squad's size): Victor's seven soldiers
// pay 7 for blaster 6; his one specialist pays 1 for his own; one soldier more costs the
// point cost per soldier.
func TestOneMoreTrainingLevelCostsOneSGPASoldier(t *testing.T) {
	cat := rules.Default()
	a := readArmy(t, "../testdata/rebel-1500.yaml")
	a.Limit = 1700
	base := costing.Evaluate(cat, a, nil).Total
	vs, err := Variants(cat, a, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{
		"Victor: blaster 6 instead of 5":                                   base + 7,
		"Victor's specialist 1: blaster: repeating blaster 6 instead of 5": base + 1,
	}
	for _, v := range vs {
		if w, ok := want[v.Change]; ok {
			if v.Total != w {
				t.Errorf("%s: %d SGPs, want %d", v.Change, v.Total, w)
			}
			delete(want, v.Change)
		}
	}
	for c := range want {
		t.Errorf("no variant %q", c)
	}
}

// A panic in one battle of a what-if, on one of its own goroutines, comes back as an error
// naming the battle and the army that played it, instead of ending the process.
func TestAPanicInAWhatIfBattleIsAnErrorNamingIt(t *testing.T) {
	a := readArmy(t, "testdata/unarmed.yaml")
	b := force(t, readArmy(t, "testdata/imperials-1000.yaml"))
	_, err := Run(context.Background(), rules.Default(), openField(t), a, b, Options{Battles: 70, Seed: 99, Workers: 2, MaxVariants: 3,
		BeforeBattle: func(i int) {
			if i == 40 {
				panic("the engine tripped")
			}
		}})
	var be *battle.BattleError
	if !errors.As(err, &be) || be.Index != 40 || be.Seed != 99 {
		t.Fatalf("Run: %v, want battle 40's *battle.BattleError", err)
	}
	for _, want := range []string{a.Name, "against " + b.Name, "battle 40 ", "the engine tripped", "muster battle --scenario open-field --seed "} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
}
