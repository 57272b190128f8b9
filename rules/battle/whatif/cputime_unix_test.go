//go:build unix

package whatif

import (
	"syscall"
	"time"
)

// cpuClock is the process's user and system CPU time (as rules/battle's benchmarks read
// it): on a shared machine the wall clock also counts other jobs' time.
func cpuClock() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
