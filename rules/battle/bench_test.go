package battle

import (
	"testing"
)

// BenchmarkReferenceBattle plays the reference matchup: two armies of about 1500 SGPs
// (testdata/rebel-1500.yaml against testdata/imperial-1500.yaml) on the open field, one
// battle per iteration, each with its own seed. It reports battles per second and the
// nanoseconds per die rolled (docs/benchmarks.md).
func BenchmarkReferenceBattle(b *testing.B) {
	field := scenario(b, "open-field")
	bt := New(field, force(b, "testdata/rebel-1500.yaml"), force(b, "testdata/imperial-1500.yaml"))
	bt.Play(0, nil)
	b.ReportAllocs()
	b.ResetTimer()
	var faces uint64
	i := uint64(0)
	for b.Loop() {
		bt.Play(BattleSeed(1, i), nil)
		faces += bt.Faces()
		i++
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(i)/sec, "battles/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(faces), "ns/die")
	b.ReportMetric(float64(faces)/float64(i), "dice/battle")
}
