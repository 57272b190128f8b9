package combat

import (
	"testing"

	"muster/rules/internal/cputime"
)

// reportCPU starts timing CPU; the function it returns reports cpu-ns/op, which a shared
// machine does not inflate as it does the wall clock (nothing where CPU time is not read).
func reportCPU(b *testing.B) func() {
	start := cputime.Now()
	return func() {
		if cpu := cputime.Now() - start; b.N > 0 && cpu > 0 {
			b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
		}
	}
}
