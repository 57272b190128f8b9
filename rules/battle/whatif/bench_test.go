package whatif

import (
	"context"
	"testing"

	"muster/rules"
	"muster/rules/battle"
	"muster/rules/internal/cputime"
)

// BenchmarkWhatif10Variants1000Battles is issue 14's measure: ten variants of the reference
// Rebels (rules/battle/testdata/rebel-1500.yaml) and the army itself, 1,000 battles each
// against the reference Imperials on the open field: up to 11,000 battles (and the variants
// that spend what they free; settled ones stop early: battles/op), on every core. It
// reports the CPU time too, steadier than the wall clock on a shared machine.
func BenchmarkWhatif10Variants1000Battles(b *testing.B) {
	benchWhatif(b, openField(b), "../testdata/rebel-1500.yaml", "../testdata/imperial-1500.yaml")
}

// BenchmarkWhatifBridge10Variants1000Battles is issue 28's second what-if: the book's forces
// of Defending the Bridge (rules/data/forces), ten variants of the Rebels and the army
// itself, 1,000 battles each on their scenario.
func BenchmarkWhatifBridge10Variants1000Battles(b *testing.B) {
	field, err := battle.LoadScenario("defending-the-bridge")
	if err != nil {
		b.Fatal(err)
	}
	benchWhatif(b, field, "../../data/forces/defending-the-bridge-rebel.yaml", "../../data/forces/defending-the-bridge-imperial.yaml")
}

func benchWhatif(b *testing.B, field *battle.Field, pa, pb string) {
	a := readArmy(b, pa)
	opp := force(b, readArmy(b, pb))
	cat := rules.Default()
	cpu0 := cputime.Now()
	played := 0 // the battles played, all armies together: settled variants stop early
	for b.Loop() {
		rep, err := Run(context.Background(), cat, field, a, opp, Options{Battles: 1000, Seed: 1, MaxVariants: 10})
		if err != nil || len(rep.Variants) < 10 {
			b.Fatalf("%v, %d variants", err, len(rep.Variants))
		}
		played += rep.Base.Battles
		for _, v := range rep.Variants {
			played += v.Battles
		}
	}
	if cpu := cputime.Now() - cpu0; cpu > 0 {
		b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
		b.ReportMetric(float64(played)/float64(b.N), "battles/op")
		b.ReportMetric(float64(played)/cpu.Seconds(), "battles/cpu-s")
	}
}
