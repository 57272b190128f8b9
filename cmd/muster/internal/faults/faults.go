// Package faults says what the engines' recovered panics (battle.BattleError,
// engine.BattleError, sim.GameError) are to the command line, the web app and the job
// workers alike: logged with what replays them, and said in words without the stack.
package faults

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

// BeforeBattle, set by tests only, is called with each battle's index before this process
// plays it (battle.SimOptions.BeforeBattle); nil otherwise.
var BeforeBattle func(i int)

// Log logs a fault in a battle (err holds one of the engines' errors; anything else is
// logged as it is) with what plays it again and where it failed.
func Log(l *slog.Logger, msg string, err error, attrs ...any) {
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

// Is reports whether err holds a battle's (or game's) panic.
func Is(err error) bool {
	var be *battle.BattleError
	var de *engine.BattleError
	var ge *sim.GameError
	return errors.As(err, &be) || errors.As(err, &de) || errors.As(err, &ge)
}

// Words is a battle's fault as a page says it: what could not be played, which battle
// failed and how, and what to do.
func Words(what string, err error) string {
	return "Muster could not play " + what + ": " + err.Error() + ". This is a fault in Muster, not in your armies: " +
		"tell whoever runs this Muster (the server's log has what failed)."
}
