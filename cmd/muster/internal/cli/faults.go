package cli

import (
	"errors"
	"log/slog"

	"muster/cmd/muster/internal/faults"
)

// dropStack leaves a panic's stack out of a log the command line prints: the message names
// the battle, and the stack is for a server's log.
func dropStack(_ []string, a slog.Attr) slog.Attr {
	if a.Key == "stack" {
		return slog.Attr{}
	}
	return a
}

// playExit is the command line's exit code for an error from playing battles: 1 for a fault
// in Muster (a battle that failed), 2 for anything else (the arguments, the armies).
func playExit(err error) int {
	if faults.Is(err) || errors.Is(err, errMatchupFailed) {
		return 1
	}
	return 2
}
