//go:build unix

package combat

import (
	"syscall"
	"testing"
	"time"
)

// cpuClock is the process's user and system CPU time, which a benchmark reports beside the
// wall clock: on a shared machine the wall clock also counts the time other jobs ran.
func cpuClock() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU starts timing CPU; the function it returns reports cpu-ns/op.
func reportCPU(b *testing.B) func() {
	start := cpuClock()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(cpuClock()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}
