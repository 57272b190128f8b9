package costing

import (
	"os"
	"testing"

	"muster/roster"
	"muster/rules"
)

// BenchmarkCostMixedArmy costs a ten-unit army of about 2000 SGPs (squads, hero, droids,
// creature, artillery, strikes, remote weapon). Results: docs/benchmarks.md.
func BenchmarkCostMixedArmy(b *testing.B) {
	data, err := os.ReadFile("testdata/mixed-2000.yaml")
	if err != nil {
		b.Fatal(err)
	}
	a, err := roster.Read(data)
	if err != nil {
		b.Fatal(err)
	}
	c := rules.Default()
	if r := Army(c, a); r.Total < 1900 || len(r.Units) != 10 {
		b.Fatalf("benchmark army is %d SGPs in %d units; want about 2000 in 10", r.Total, len(r.Units))
	}
	b.ReportAllocs()
	for b.Loop() {
		Army(c, a)
	}
}
