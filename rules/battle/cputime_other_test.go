//go:build !unix

package battle

import "time"

func cpuClock() time.Duration { return 0 }
