package web

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"muster/db"
	"muster/rules/battle"
)

// gameSidesFor are the game's sides that play the scenario's two sides: for each, the game
// side of the scenario side's Troop List when the game has it, else the game's side its name
// names ("Rebels": rebel), else the game's first side not yet taken.
func gameSidesFor(field *battle.Field, game []db.Side) ([2]db.Side, error) {
	var out [2]db.Side
	if len(game) < 2 {
		return out, fmt.Errorf("a fairness test needs two sides, and this game has %s", strconv.Itoa(len(game)))
	}
	taken := make([]bool, len(game))
	for s := range 2 {
		if i := slices.IndexFunc(game, func(g db.Side) bool { return g.Side == field.Scenario.Sides[s].TroopList }); i >= 0 && !taken[i] {
			out[s], taken[i] = game[i], true
		}
	}
	// A side without a Troop List named for a game's side ("Rebels", "the Imperial
	// garrison") is that side's.
	for s := range 2 {
		if out[s].Side != "" {
			continue
		}
		name := strings.ToLower(field.Scenario.Sides[s].Name)
		if i := slices.IndexFunc(game, func(g db.Side) bool { return g.Side != "" && strings.Contains(name, g.Side) }); i >= 0 && !taken[i] {
			out[s], taken[i] = game[i], true
		}
	}
	for s := range 2 {
		if out[s].Side != "" {
			continue
		}
		i := slices.Index(taken, false)
		out[s], taken[i] = game[i], true
	}
	return out, nil
}
