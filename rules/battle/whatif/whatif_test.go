package whatif

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"muster/costing"
	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/battle/muster"
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
	f, err := muster.NewForce(rules.Default(), a)
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

// unarmedMatchup is the army most tests change (testdata/unarmed.yaml, with a squad sent
// out unarmed) and the Imperials it plays (testdata/imperials-1000.yaml).
func unarmedMatchup(t testing.TB) (*roster.Army, *battle.Force) {
	t.Helper()
	return readArmy(t, "testdata/unarmed.yaml"), force(t, readArmy(t, "testdata/imperials-1000.yaml"))
}

// variantsOf is every variant of a within its own limit.
func variantsOf(t testing.TB, cat *rules.Catalog, a *roster.Army) []Variant {
	t.Helper()
	vs, err := Variants(cat, a, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	return vs
}

// The paired interval, by hand: ten battles where the variant won two the army lost
// (d = +1), lost one the army won (d = -1) and did as the army in the other seven (d = 0),
// at z = 1.959964 (a single look's 95%).
// d̄ = (2 - 1)/10 = 0.1; Σ(d - d̄)² = Σd² - n·d̄² = 3 - 0.1 = 2.9; s² = 2.9/9 = 0.32222;
// s/√n = √(0.32222/10) = 0.179505; half-width 1.959964 × 0.179505 = 0.351824; the
// interval is 0.1 ± 0.351824 = [-0.251824, 0.451824].
func TestPairedIntervalIsTheMeanOfPerBattleDifferencesPlusMinusZTimesItsStandardError(t *testing.T) {
	const z95 = 1.959963984540054 // the standard normal quantile of a two-sided 95% interval
	base := []float64{0, 0, 1, 1, 0, 1, 0, 1, 0, 1}
	vari := []float64{1, 1, 0, 1, 0, 1, 0, 1, 0, 1}
	d, ci := pairedScore(base, vari, z95)
	if math.Abs(d-0.1) > 1e-12 || math.Abs(ci[0]-(-0.251824)) > 1e-6 || math.Abs(ci[1]-0.451824) > 1e-6 {
		t.Errorf("pairedScore = %v %v, want 0.1 [-0.251824 0.451824]", d, ci)
	}
	// Battles both won or both lost add nothing: the same ten disagreements among 1000
	// battles narrow the interval by √(1000/10)·√(9/999)·(...)—worked out: d̄ = 0.001,
	// Σ(d-d̄)² = 3 - 1000·0.000001 = 2.999, s² = 2.999/999, half-width
	// 1.959964·√(2.999/999/1000) = 0.0033959.
	big := make([]float64, 1000)
	bigV := make([]float64, 1000)
	copy(big, base)
	copy(bigV, vari)
	d, ci = pairedScore(big, bigV, z95)
	if math.Abs(d-0.001) > 1e-12 || math.Abs((ci[1]-ci[0])/2-0.0033959) > 1e-6 {
		t.Errorf("pairedScore over 1000 battles = %v %v, want 0.001 ± 0.0033959", d, ci)
	}
	// No disagreement: no spread, the interval is the point.
	if d, ci := pairedScore(base, base, z95); d != 0 || ci != [2]float64{0, 0} {
		t.Errorf("pairedScore(x, x) = %v %v, want 0 [0 0]", d, ci)
	}
	// A draw is half a win: the variant drawing the two battles the army lost scores
	// d = +0.5 twice: d̄ = 0.1, Σ(d-d̄)² = 2·0.16 + 8·0.01 = 0.4, s² = 0.4/9, half-width
	// 1.959964·√(0.4/90) = 0.130664.
	drew := []float64{0.5, 0.5, 1, 1, 0, 1, 0, 1, 0, 1}
	if d, ci := pairedScore(base, drew, z95); math.Abs(d-0.1) > 1e-12 || math.Abs((ci[1]-ci[0])/2-0.130664) > 1e-6 {
		t.Errorf("pairedScore with draws = %v %v, want 0.1 ± 0.130664", d, ci)
	}
}

// A squad sent out with no weapons is the army's obvious fault: arming it must come first
// of the single changes, and by far (issue 14, "arming an unarmed squad"). Only dropping
// the squad and spending its points on armed soldiers may rank above it.
func TestArmingAnUnarmedSquadRanksFirst(t *testing.T) {
	a, b := unarmedMatchup(t)
	rep, err := Run(context.Background(), rules.Default(), openField(t), a, b, Options{Battles: 300, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	var single []Ranked
	for _, v := range rep.Variants {
		if v.Builds == "" {
			single = append(single, v)
		} else if len(single) == 0 && !strings.HasPrefix(v.Builds, "Drop Bare Hands") {
			t.Errorf("%q ranks above arming the squad", v.Change)
		}
	}
	if len(single) < 2 {
		t.Fatalf("%d single changes, want several", len(single))
	}
	first := single[0]
	if !strings.HasPrefix(first.Change, "Bare Hands: arm with ") {
		t.Fatalf("first change %q, want the unarmed squad armed; all: %v", first.Change, changes(rep))
	}
	if first.DeltaCI[0] <= 0 || first.DeltaCI[0] <= single[1].Delta {
		t.Errorf("arming: delta %v %v; want an interval above 0 and above the next change's %v",
			first.Delta, first.DeltaCI, single[1].Delta)
	}
	for i := 1; i < len(rep.Variants); i++ {
		if x, y := rep.Variants[i], rep.Variants[i-1]; x.Delta > y.Delta && y.Builds != x.Change {
			t.Errorf("variant %d (%v) ranks below variant %d (%v)", i, x.Delta, i-1, y.Delta)
		}
	}
}

// A downgrade that saves points never ranks above the same change with the points spent,
// unless the battles say it is surely better: on the book's Defending the Bridge forces
// (the what-if that once ranked a Black Powder Pistol first for the 40 SGPs it saves).
func TestADowngradeNeverRanksAboveItselfWithThePointsSpent(t *testing.T) {
	a := readArmy(t, "../../data/forces/defending-the-bridge-rebel.yaml")
	b := force(t, readArmy(t, "../../data/forces/defending-the-bridge-imperial.yaml"))
	rep, err := Run(context.Background(), rules.Default(), openField(t), a, b, Options{Battles: 150, Seed: 99, MaxVariants: 6})
	if err != nil {
		t.Fatal(err)
	}
	at := map[string]int{}
	for i, v := range rep.Variants {
		at[v.Change] = i
	}
	spent := 0
	for i, v := range rep.Variants {
		if v.Builds == "" {
			continue
		}
		spent++
		j, ok := at[v.Builds]
		if !ok {
			t.Errorf("%q builds on %q, which was not played", v.Change, v.Builds)
			continue
		}
		if w := rep.Variants[j]; j < i && w.DeltaCI[0] <= v.Delta {
			t.Errorf("%q (%v %v) ranks above %q (%v) without being surely better", w.Change, w.Delta, w.DeltaCI, v.Change, v.Delta)
		}
		if v.Total <= rep.Variants[j].Total {
			t.Errorf("%q spends nothing: %d SGPs, %d before", v.Change, v.Total, rep.Variants[j].Total)
		}
	}
	if spent == 0 {
		t.Fatalf("no change came again with its points spent: %v", changes(rep))
	}
}

// A unit that does nothing but cost points and give the enemy something to destroy ranks
// below every real change: six average troopers with no weapon added to the reference
// Rebels. They cannot fire, and are lost (shot, or broken and fled), handing the enemy a
// share of the army for nothing.
func TestAUselessUnitRanksWorst(t *testing.T) {
	cat := rules.Default()
	a := readArmy(t, "../testdata/rebel-1500.yaml")
	a.Limit = 1700
	vs := variantsOf(t, cat, a)
	var real []Variant
	for _, v := range vs {
		if v.Kind == KindTraining && len(real) < 3 {
			real = append(real, v)
		}
	}
	useless := readArmy(t, "../testdata/rebel-1500.yaml")
	useless.Limit = 1700
	useless.Units = append(useless.Units, roster.Unit{Kind: roster.KindSquad, Name: "Useless", Troop: "Standard Rebel Trooper",
		Quality: "average", Size: 6, Skills: roster.Skills{"command": 2}, Armor: "none"})
	r := costing.Evaluate(cat, useless, nil)
	if roster.HasErrors(r.Problems) {
		t.Fatalf("the useless army is not legal: %v", r.Problems)
	}
	all := append(real, Variant{Kind: KindAdd, Unit: len(useless.Units) - 1, Change: "Add six useless troopers", Army: useless, Total: r.Total})
	b := force(t, readArmy(t, "../testdata/imperial-1500.yaml"))
	rep, err := RunVariants(context.Background(), cat, openField(t), a, b, all, Options{Battles: 300, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range rep.Variants {
		t.Logf("%s: %v %v %v", v.Change, v.Delta, v.DeltaCI, v.Effects)
	}
	if last := rep.Variants[len(rep.Variants)-1]; last.Change != "Add six useless troopers" {
		t.Errorf("the last change is %q, want the useless trooper: %v", last.Change, changes(rep))
	}
}

// The battles are looked at five times: a change settled at a look stops there (arming the
// unarmed squad is settled at the first look, 60 of 300 battles, surely better; a skill it
// has no weapon to use changes no battle and is settled there too, as too small to matter),
// one whose interval reaches past 5 points on both sides plays them all (a soldier less),
// and all are judged by the repeated interval.
func TestASettledChangeStopsAtItsLook(t *testing.T) {
	a, b := unarmedMatchup(t)
	cat := rules.Default()
	vs := variantsOf(t, cat, a)
	var arm, same, fewer *Variant
	for i, v := range vs {
		switch {
		case strings.HasPrefix(v.Change, "Bare Hands: arm with ") && arm == nil:
			arm = &vs[i]
		case v.Change == "Bare Hands: blaster 5 instead of 4":
			same = &vs[i] // a skill the unarmed squad has no weapon to use
		case v.Change == "Bare Hands: 9 soldiers instead of 10":
			fewer = &vs[i]
		}
	}
	if arm == nil || same == nil || fewer == nil {
		t.Fatalf("variants: %v", vs)
	}
	rep, err := RunVariants(context.Background(), cat, openField(t), a, b, []Variant{*arm, *same, *fewer}, Options{Battles: 300, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range rep.Variants {
		words := Words(v.Delta, v.DeltaCI)
		switch v.Change {
		case arm.Change:
			if !v.Settled || v.Battles != 60 || !strings.HasSuffix(words, "surely better") {
				t.Errorf("arming: settled %v after %d battles (%s), want settled after 60, surely better", v.Settled, v.Battles, words)
			}
		case same.Change:
			if !v.Settled || v.Battles != 60 || v.Delta != 0 || !strings.Contains(words, "too small to matter") {
				t.Errorf("a skill with no weapon: settled %v after %d battles (%s), want settled after 60, too small to matter", v.Settled, v.Battles, words)
			}
		case fewer.Change:
			if v.Settled || v.Battles != 300 || v.DeltaCI[0] > -Margin || v.DeltaCI[1] < 0 {
				t.Errorf("a soldier less: settled %v after %d battles (%s), want all 300, across no change and past -5 points", v.Settled, v.Battles, words)
			}
		}
	}
}

// The army's own battles are played to be paired with the variants': once every variant has
// settled, they stop too (arming the unarmed squad alone: 60 of 300), and with no variant at
// all they are played in full.
func TestTheArmysOwnBattlesStopWithTheLastVariant(t *testing.T) {
	a, b := unarmedMatchup(t)
	cat := rules.Default()
	vs := variantsOf(t, cat, a)
	i := slices.IndexFunc(vs, func(v Variant) bool { return strings.HasPrefix(v.Change, "Bare Hands: arm with ") })
	if i < 0 {
		t.Fatalf("variants: %v", vs)
	}
	for _, c := range []struct {
		vs   []Variant
		want int
	}{{vs[i : i+1], 60}, {nil, 300}} {
		rep, err := RunVariants(context.Background(), cat, openField(t), a, b, c.vs, Options{Battles: 300, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Base.Battles != c.want {
			t.Errorf("with %d variants the army played %d battles, want %d", len(c.vs), rep.Base.Battles, c.want)
		}
	}
}

// An army that breaks its rules is offered the changes that make it legal: the reference
// Rebels with a limit 1 SGP below what they cost get only changes that pass muster check
// within it, each marked so, and the report says the army is not legal.
func TestAnArmyOverItsLimitIsOfferedTheChangesThatMakeItLegal(t *testing.T) {
	cat := rules.Default()
	a := readArmy(t, "../testdata/rebel-1500.yaml")
	total := costing.Evaluate(cat, a, nil).Total
	a.Limit = total - 1
	vs := variantsOf(t, cat, a)
	if len(vs) == 0 {
		t.Fatal("no change makes it legal; a soldier less would")
	}
	for _, v := range vs {
		r := costing.Evaluate(cat, v.Army, nil)
		if !v.Legalizes || roster.HasErrors(r.Problems) || r.Total > total-1 {
			t.Errorf("%s: legalizes %v, %d SGPs, problems %v", v.Change, v.Legalizes, r.Total, r.Problems)
		}
	}
	rep, err := Run(context.Background(), cat, openField(t), a, force(t, readArmy(t, "../testdata/imperial-1500.yaml")), Options{Battles: 20, Seed: 1, MaxVariants: 3})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Legal {
		t.Error("the report says the army over its limit is legal")
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
	a, b := unarmedMatchup(t)
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
	a, b := unarmedMatchup(t)
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
		{0.187, [2]float64{0.101, 0.259}, "scores 18.7 points more (95%: +10.1 to +25.9), surely better"},
		{-0.02, [2]float64{-0.059, 0.019}, "scores 2.0 points less (95%: -5.9 to +1.9), could be chance"},
		{0.01, [2]float64{-0.049, 0.049}, "scores 1.0 points more (95%: -4.9 to +4.9), too small to matter (under 5 points either way)"},
		{0.02, [2]float64{-0.01, 0.05}, "scores 2.0 points more (95%: -1.0 to +5.0), could be chance"},
		{-0.3, [2]float64{-0.35, -0.25}, "scores 30.0 points less (95%: -35.0 to -25.0), surely worse"},
		{0, [2]float64{0, 0}, "scores the same (95%: +0.0 to +0.0), too small to matter (under 5 points either way)"},
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
	vs := variantsOf(t, cat, a)
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
	a, b := unarmedMatchup(t)
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
