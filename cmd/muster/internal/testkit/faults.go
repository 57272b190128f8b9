package testkit

import (
	"testing"

	"muster/cmd/muster/internal/faults"
)

// PanicAt makes battle i of whatever this process plays in a request or on the command line
// panic, until the test ends.
func PanicAt(t *testing.T, i int) {
	faults.BeforeBattle = func(j int) {
		if j == i {
			panic("the engine tripped")
		}
	}
	t.Cleanup(func() { faults.BeforeBattle = nil })
}
