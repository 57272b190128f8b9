package battle

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"path"
	"strconv"
	"strings"
	"testing"
)

// The rates check (issue 28): a change that makes the engine play different battles must not
// move who wins. TestRates plays every matchup of rateScenarios x rateArmies (24 of them)
// MUSTER_RATES_N battles each (2,000 by default; seeds BattleSeed(MUSTER_RATES_SEED, i)) and
// writes each one's wins, draws and losses to the file MUSTER_RATES names;
// TestRatesCompare reads two such files, the engine before the change and after it, and
// tests each matchup's win, draw and loss rate with a two-proportion z (pooled). The
// engine before is a binary built from the commit before, with this file copied in (it
// uses only New, Simulate and the test helpers):
//
//	rm -rf /tmp/base && mkdir /tmp/base && git archive BASE | tar -x -C /tmp/base
//	cp rules/battle/rates_test.go /tmp/base/rules/battle/
//	(cd /tmp/base && go test -c -o /tmp/base.test ./rules/battle)
//	(cd rules/battle && MUSTER_RATES=/tmp/rates.before MUSTER_RATES_SEED=1 /tmp/base.test -test.run '^TestRates$' -test.timeout 1h)
//	go test -c -o /tmp/new.test ./rules/battle
//	(cd rules/battle && MUSTER_RATES=/tmp/rates.after MUSTER_RATES_SEED=2 /tmp/new.test -test.run '^TestRates$' -test.timeout 1h)
//	MUSTER_RATES_COMPARE=/tmp/rates.before,/tmp/rates.after go test -count=1 -run '^TestRatesCompare$' -v ./rules/battle/
//
// The two runs take different seeds so that their battles are independent samples, as the
// z test assumes (on the same seeds a battle that did not change would count twice). With
// 24 matchups and 3 rates (the draw rate left out where both engines drew nothing), about
// 4.6% of the rates, 3 of 72, lie beyond |z| > 2 by chance alone, and one in 370 beyond
// |z| > 3. TestRatesCompare fails when a rate lies beyond |z| > 4 (about one in 16,000 by
// chance) or when more rates lie beyond 2 than chance makes likely (its count above the
// expected number by more than three of its standard deviations); the table it prints is
// what docs/benchmarks.md records for a change.

var rateScenarios = []string{"open-field", "open-field-at-night", "defending-the-bridge", "like-rats-in-a-trap",
	"crystal-forest-of-goratak", "sample-game"}

var rateArmies = [][2]string{
	{"testdata/rebel-1500.yaml", "testdata/imperial-1500.yaml"},
	{"testdata/full-1500.yaml", "testdata/imperial-1500.yaml"},
	{"testdata/rats-rebels.yaml", "testdata/rats-imperials.yaml"},
	{"testdata/rebel-1500.yaml", "testdata/droids-imperial.yaml"},
}

func envInt(tb testing.TB, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		tb.Fatalf("%s=%q: want a positive number", name, s)
	}
	return n
}

func TestRates(t *testing.T) {
	out := os.Getenv("MUSTER_RATES")
	if out == "" {
		t.Skip("set MUSTER_RATES to the file to write (docs/benchmarks.md, the rates check)")
	}
	n := envInt(t, "MUSTER_RATES_N", 2000)
	seed := uint64(envInt(t, "MUSTER_RATES_SEED", 1))
	var b strings.Builder
	fmt.Fprintf(&b, "# scenario army-a army-b battles seed wins-a draws wins-b\n")
	for _, sc := range rateScenarios {
		field := scenario(t, sc)
		for _, ar := range rateArmies {
			s, err := Simulate(context.Background(), field, force(t, ar[0]), force(t, ar[1]), SimOptions{Battles: n, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			line := fmt.Sprintf("%s %s %s %d %d %d %d %d", sc, path.Base(ar[0]), path.Base(ar[1]), n, seed, s.A.Wins, s.Draws, s.B.Wins)
			t.Log(line)
			b.WriteString(line + "\n")
		}
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// rateLine is one matchup's counts in a rates file.
type rateLine struct {
	key     string
	n       int
	w, d, l int
}

func readRates(tb testing.TB, name string) map[string]rateLine {
	f, err := os.Open(name)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	out := map[string]rateLine{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		if len(fs) != 8 {
			tb.Fatalf("%s: %q: want 8 fields", name, sc.Text())
		}
		var v [4]int
		for i, k := range []int{3, 5, 6, 7} {
			if v[i], err = strconv.Atoi(fs[k]); err != nil {
				tb.Fatalf("%s: %q: %v", name, sc.Text(), err)
			}
		}
		r := rateLine{key: strings.Join(fs[:3], " "), n: v[0], w: v[1], d: v[2], l: v[3]}
		out[r.key] = r
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// twoPropZ is the two-proportion z of k1 of n1 against k2 of n2 with the pooled proportion;
// ok is false when both are 0 or both are all (no spread to test against).
func twoPropZ(k1, n1, k2, n2 int) (z float64, ok bool) {
	p := float64(k1+k2) / float64(n1+n2)
	se := math.Sqrt(p * (1 - p) * (1/float64(n1) + 1/float64(n2)))
	if se == 0 {
		return 0, false
	}
	return (float64(k2)/float64(n2) - float64(k1)/float64(n1)) / se, true
}

func TestRatesCompare(t *testing.T) {
	arg := os.Getenv("MUSTER_RATES_COMPARE")
	if arg == "" {
		t.Skip("set MUSTER_RATES_COMPARE=before,after (docs/benchmarks.md, the rates check)")
	}
	files := strings.Split(arg, ",")
	if len(files) != 2 {
		t.Fatalf("MUSTER_RATES_COMPARE=%q: want two files, before,after", arg)
	}
	before, after := readRates(t, files[0]), readRates(t, files[1])
	var keys []string
	for _, sc := range rateScenarios {
		for _, ar := range rateArmies {
			keys = append(keys, sc+" "+path.Base(ar[0])+" "+path.Base(ar[1]))
		}
	}
	tests, over2, over3 := 0, 0, 0
	worst := 0.0
	var b strings.Builder
	fmt.Fprintf(&b, "| matchup | win before | win after | z | draw before | draw after | z | loss before | loss after | z |\n")
	fmt.Fprintf(&b, "|---|---|---|---|---|---|---|---|---|---|\n")
	for _, k := range keys {
		r0, ok0 := before[k]
		r1, ok1 := after[k]
		if !ok0 || !ok1 {
			t.Errorf("%s: missing from %s", k, map[bool]string{true: files[1], false: files[0]}[ok0])
			continue
		}
		fmt.Fprintf(&b, "| %s |", k)
		for _, p := range [3][2]int{{r0.w, r1.w}, {r0.d, r1.d}, {r0.l, r1.l}} {
			z, ok := twoPropZ(p[0], r0.n, p[1], r1.n)
			zs := "-"
			if ok {
				tests++
				if math.Abs(z) > 2 {
					over2++
				}
				if math.Abs(z) > 3 {
					over3++
				}
				worst = math.Max(worst, math.Abs(z))
				zs = fmt.Sprintf("%+.2f", z)
			}
			fmt.Fprintf(&b, " %.3f | %.3f | %s |", float64(p[0])/float64(r0.n), float64(p[1])/float64(r1.n), zs)
		}
		b.WriteString("\n")
	}
	const p2 = 0.0455 // P(|Z| > 2)
	exp := p2 * float64(tests)
	sd := math.Sqrt(float64(tests) * p2 * (1 - p2))
	fmt.Fprintf(&b, "\n%d rates tested: %d beyond |z| > 2 (%.1f expected by chance, sd %.1f), %d beyond |z| > 3 (%.2f expected), largest |z| %.2f\n",
		tests, over2, exp, sd, over3, 0.0027*float64(tests), worst)
	t.Log("\n" + b.String())
	if worst > 4 {
		t.Errorf("a rate moved by |z| = %.2f > 4", worst)
	}
	if float64(over2) > exp+3*sd {
		t.Errorf("%d rates beyond |z| > 2, more than %.1f + 3 x %.1f", over2, exp, sd)
	}
}
