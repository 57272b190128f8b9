package whatif

import (
	"context"
	"testing"

	"muster/rules"
	"muster/rules/internal/cputime"
)

// BenchmarkWhatif10Variants1000Battles is issue 14's measure: ten variants of the reference
// Rebels (rules/battle/testdata/rebel-1500.yaml) and the army itself, 1,000 battles each
// against the reference Imperials on the open field: 11,000 battles, on every core. It
// reports the CPU time too, steadier than the wall clock on a shared machine.
func BenchmarkWhatif10Variants1000Battles(b *testing.B) {
	a := readArmy(b, "../testdata/rebel-1500.yaml")
	opp := force(b, readArmy(b, "../testdata/imperial-1500.yaml"))
	field := openField(b)
	cat := rules.Default()
	cpu0 := cputime.Now()
	for b.Loop() {
		rep, err := Run(context.Background(), cat, field, a, opp, Options{Battles: 1000, Seed: 1, MaxVariants: 10})
		if err != nil || len(rep.Variants) < 10 {
			b.Fatalf("%v, %d variants", err, len(rep.Variants))
		}
	}
	if cpu := cputime.Now() - cpu0; cpu > 0 {
		b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
		b.ReportMetric(float64(11_000*b.N)/cpu.Seconds(), "battles/cpu-s")
	}
}
