//go:build !unix

package whatif

import "time"

func cpuClock() time.Duration { return 0 }
