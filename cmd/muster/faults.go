package main

import (
	"errors"
	"fmt"
	"log/slog"

	"muster/rules/battle"
	"muster/rules/qrs/sim"
	"muster/rules/swm/engine"
)

// A battle that panics is a fault in Muster, found by one seed: the engines recover it into
// an error naming the battle (battle.BattleError, engine.BattleError, sim.GameError). Pages
// say it in words and the command line prints it, neither with the stack, which goes to the
// server's log beside the seed and battle that replay it.

// beforeBattle, set by tests only, is called with each battle's index before this process
// plays it (battle.SimOptions.BeforeBattle); nil otherwise.
var beforeBattle func(i int)

// dropStack leaves a panic's stack out of a log the command line prints: the message names
// the battle, and the stack is for a server's log.
func dropStack(_ []string, a slog.Attr) slog.Attr {
	if a.Key == "stack" {
		return slog.Attr{}
	}
	return a
}

// logFault logs a fault in a battle (err holds one of the engines' errors; anything else is
// logged as it is) with what plays it again and where it failed.
func logFault(l *slog.Logger, msg string, err error, attrs ...any) {
	var be *battle.BattleError
	var de *engine.BattleError
	var ge *sim.GameError
	switch {
	case errors.As(err, &be):
		attrs = append(attrs, "seed", be.Seed, "battle", be.Index, "battle_seed", be.BattleSeed(), "scenario", be.Scenario,
			"panic", fmt.Sprint(be.Value), "stack", string(be.Stack))
	case errors.As(err, &de):
		attrs = append(attrs, "seed", de.Seed, "battle", de.Index, "panic", fmt.Sprint(de.Value), "stack", string(de.Stack))
	case errors.As(err, &ge):
		attrs = append(attrs, "game", ge.Index, "panic", fmt.Sprint(ge.Value), "stack", string(ge.Stack))
	}
	l.Error(msg, append(attrs, "error", err.Error())...)
}

// isFault reports whether err holds a battle's (or game's) panic.
func isFault(err error) bool {
	var be *battle.BattleError
	var de *engine.BattleError
	var ge *sim.GameError
	return errors.As(err, &be) || errors.As(err, &de) || errors.As(err, &ge)
}

// faultWords is a battle's fault as a page says it: what could not be played, which battle
// failed and how, and what to do.
func faultWords(what string, err error) string {
	return "Muster could not play " + what + ": " + err.Error() + ". This is a fault in Muster, not in your armies: " +
		"tell whoever runs this Muster (the server's log has what failed)."
}

// playExit is the command line's exit code for an error from playing battles: 1 for a fault
// in Muster (a battle that failed), 2 for anything else (the arguments, the armies).
func playExit(err error) int {
	if isFault(err) || errors.Is(err, errMatchupFailed) {
		return 1
	}
	return 2
}
