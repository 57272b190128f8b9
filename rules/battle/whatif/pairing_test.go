package whatif

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"muster/rules"
	"muster/rules/battle"
	"muster/rules/battle/muster"
)

// pairingMatchups are the three matchups the pairing is measured on (docs/benchmarks.md,
// "Paired battles"): reference armies on the open field, the rats in their hangar, the book's bridge forces at the bridge.
var pairingMatchups = []struct{ scenario, a, b string }{
	{"open-field", "../testdata/rebel-1500.yaml", "../testdata/imperial-1500.yaml"},
	{"like-rats-in-a-trap", "../testdata/rats-rebels.yaml", "../testdata/rats-imperials.yaml"},
	{"defending-the-bridge", "../../data/forces/defending-the-bridge-rebel.yaml", "../../data/forces/defending-the-bridge-imperial.yaml"},
}

// pairingRatio plays an army and its first k variants that change one unit (not those that
// drop or add a unit) on n battles of the same
// seeds and returns, pooled over the variants, the variance of the per-battle difference
// in score (a win 1, a draw a half) over the sum of the two armies' own variances: 1 when
// the pairs are no more alike than independent battles, 0 when a change moves nothing.
func pairingRatio(t testing.TB, scenario, pa, pb string, k, n int) (ratio, vpRatio float64, variants int) {
	t.Helper()
	field, err := battle.LoadScenario(scenario)
	if err != nil {
		t.Fatal(err)
	}
	a := readArmy(t, pa)
	opp := force(t, readArmy(t, pb))
	vs, err := Variants(rules.Default(), a, nil, k)
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(1)
	if v, err := strconv.ParseUint(os.Getenv("MUSTER_PAIRING_SEED"), 10, 64); err == nil {
		seed = v // another set of battles, to see how much the measure moves with them
	}
	score := func(f *battle.Force) (s, vp []float64) {
		bt := battle.New(field, f, opp)
		s, vp = make([]float64, n), make([]float64, n)
		for i := range n {
			r := bt.Play(battle.BattleSeed(seed, uint64(i)), nil)
			switch r.Winner {
			case 0:
				s[i] = 1
			case -1:
				s[i] = 0.5
			}
			vp[i] = float64(r.VP[0])
		}
		return s, vp
	}
	base, baseVP := score(force(t, a))
	var paired, independent, vpPaired, vpIndependent float64
	for _, v := range vs {
		if v.Kind == KindDrop || v.Kind == KindAdd {
			continue // a change to one unit, not a unit more or less
		}
		f, err := muster.NewForce(rules.Default(), v.Army)
		if err != nil {
			continue
		}
		y, yVP := score(f)
		d, dVP := make([]float64, n), make([]float64, n)
		for i := range n {
			d[i] = y[i] - base[i]
			dVP[i] = yVP[i] - baseVP[i]
		}
		paired += variance(d)
		independent += variance(base) + variance(y)
		vpPaired += variance(dVP)
		vpIndependent += variance(baseVP) + variance(yVP)
		if os.Getenv("MUSTER_PAIRING_VERBOSE") != "" {
			fmt.Printf("  %-70.70s base %.3f variant %.3f ratio %.3f\n", v.Change, mean(base), mean(y), variance(d)/(variance(base)+variance(y)))
		}
		variants++
	}
	if independent == 0 || vpIndependent == 0 {
		return 0, 0, variants
	}
	return paired / independent, vpPaired / vpIndependent, variants
}

func mean(x []float64) float64 {
	m := 0.0
	for _, v := range x {
		m += v
	}
	return m / float64(len(x))
}

func variance(x []float64) float64 {
	m := 0.0
	for _, v := range x {
		m += v
	}
	m /= float64(len(x))
	s := 0.0
	for _, v := range x {
		s += (v - m) * (v - m)
	}
	return s / float64(len(x)-1)
}

// TestPrintPairing measures how well paired battles stay paired (MUSTER_PAIRING=N battles
// a variant; docs/benchmarks.md):
//
//	MUSTER_PAIRING=1000 go test -run TestPrintPairing -count=1 -v ./rules/battle/whatif/
func TestPrintPairing(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("MUSTER_PAIRING"))
	if n == 0 {
		t.Skip("set MUSTER_PAIRING=N (battles a variant) to measure")
	}
	for _, m := range pairingMatchups {
		r, vp, k := pairingRatio(t, m.scenario, m.a, m.b, 10, n)
		fmt.Printf("PAIRING %s %s: paired/independent variance of the score %.3f, of the enemy SGPs destroyed %.3f, over %d variants, %d battles each\n", m.scenario, m.a, r, vp, k, n)
	}
}

// Paired battles stay paired: an army changed in one unit (a weapon, a soldier less, a
// level of training), played on the same seeds as the army, differs from it in fewer
// battles than two independent samples would. Measured (docs/benchmarks.md, "Paired
// battles") at these 250 battles, the paired variance of the score is 0.47, 0.20 and 0.68
// of the independent one on the three matchups (mean 0.45), with a dice stream per unit,
// action and stage and keyed hits; one stream a battle gave a mean of 0.73. The mean must
// stay under 0.50.
func TestPairedBattlesStayPaired(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 6,000 battles")
	}
	sum := 0.0
	for _, m := range pairingMatchups {
		r, _, k := pairingRatio(t, m.scenario, m.a, m.b, 10, 250)
		if k < 4 {
			t.Fatalf("%s: only %d variants to pair", m.scenario, k)
		}
		t.Logf("%s: %.3f", m.scenario, r)
		sum += r
	}
	if mean := sum / float64(len(pairingMatchups)); mean > 0.50 {
		t.Errorf("paired/independent variance %.3f on average, more than 0.50: the dice no longer stay with the units", mean)
	}
}

// figureCounts are the parts of a log line that say how many figures of a squad are seen or
// fire: a squad with a soldier less is seen with one fewer by the rules, and the lines that
// differ only there are taken as alike (TestPrintPairingPartings).
var figureCounts = regexp.MustCompile(`at \d+ visible|\d+ soldiers`)

func sameLine(a, b string) bool {
	return a == b || figureCounts.ReplaceAllString(a, "") == figureCounts.ReplaceAllString(b, "")
}

// TestPrintPairingPartings shows where the battles of an army and each of its one-unit
// variants part (docs/benchmarks.md, "Where the Bridge stands"): for each matchup and
// variant, over MUSTER_PAIRING_PARTINGS=N battles of the same seeds, how many pairs end
// with different winners, how many logs stay alike to the result, and in which turn the
// logs first differ (after the armies' listing, which names the change itself; sameLine);
// MUSTER_PAIRING_PARTINGS_LINES=1 prints, for each pair with different winners, the first
// line that differs in each:
//
//	MUSTER_PAIRING_PARTINGS=1000 go test -run TestPrintPairingPartings -count=1 -v ./rules/battle/whatif/ | grep PARTS
func TestPrintPairingPartings(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("MUSTER_PAIRING_PARTINGS"))
	if n == 0 {
		t.Skip("set MUSTER_PAIRING_PARTINGS=N (battles a variant) to look")
	}
	lines := os.Getenv("MUSTER_PAIRING_PARTINGS_LINES") != ""
	for _, m := range pairingMatchups {
		field, err := battle.LoadScenario(m.scenario)
		if err != nil {
			t.Fatal(err)
		}
		a := readArmy(t, m.a)
		opp := force(t, readArmy(t, m.b))
		vs, err := Variants(rules.Default(), a, nil, 10)
		if err != nil {
			t.Fatal(err)
		}
		base := battle.New(field, force(t, a), opp)
		for _, v := range vs {
			if v.Kind == KindDrop || v.Kind == KindAdd {
				continue
			}
			f, err := muster.NewForce(rules.Default(), v.Army)
			if err != nil {
				continue
			}
			other := battle.New(field, f, opp)
			differ, alike := 0, 0
			var parts [32]int // pairs by the turn their logs part in
			for i := range n {
				var la, lb strings.Builder
				seed := battle.BattleSeed(1, uint64(i))
				wa := base.Play(seed, &la).Winner
				wb := other.Play(seed, &lb).Winner
				xa, xb := strings.Split(la.String(), "\n"), strings.Split(lb.String(), "\n")
				k, turn := 0, 0
				for k < len(xa) && xa[k] != "Turn 1" {
					k++
				}
				for k < len(xa) && k < len(xb) && sameLine(xa[k], xb[k]) && !strings.HasPrefix(xa[k], "Result after") {
					if strings.HasPrefix(xa[k], "Turn ") {
						turn++
					}
					k++
				}
				if k < len(xa) && k < len(xb) && strings.HasPrefix(xa[k], "Result after") && strings.HasPrefix(xb[k], "Result after") {
					alike++ // (the accounting after it names the change)
					continue
				}
				parts[min(turn, len(parts)-1)]++
				if wa != wb {
					differ++
					if lines {
						fmt.Printf("  seed %d, turn %d:\n    %s\n    %s\n", i, turn, xa[min(k, len(xa)-1)], xb[min(k, len(xb)-1)])
					}
				}
			}
			var by []string
			for turn, c := range parts {
				if c > 0 {
					by = append(by, fmt.Sprintf("%d: %d", turn, c))
				}
			}
			fmt.Printf("PARTS %s, %s: %d of %d pairs with different winners, %d alike to the end; the others part in turn %s\n",
				m.scenario, v.Change, differ, n, alike, strings.Join(by, ", "))
		}
	}
}
