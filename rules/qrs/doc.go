// Package qrs is the skirmish quick reference sheet (Version 1f) as data and mechanics: the
// troop profiles, the weapon ranges, firepower-ratio shooting, close combat, lightsaber
// duels, grenades and explosives, vehicles, the Force powers and the random movement table.
//
// The sheet prints few numbers. Every number Muster had to supply (most profile values, the
// lost "Worse" row of the shooting table, the lost random movement modifiers) is marked as
// Muster's assumption here and in docs/qrs.md. Nothing in this package draws its own random
// numbers: procedures that roll take a Dice.
package qrs

// Dice rolls one die with the given number of sides, returning 1..sides. The command line and
// the tests hand one in; the package never seeds its own.
type Dice interface {
	Roll(sides int) int
}

// DiceFunc adapts a function to Dice.
type DiceFunc func(sides int) int

// Roll calls f.
func (f DiceFunc) Roll(sides int) int { return f(sides) }

// AtTable is dice whose first roll is the die the player rolled at the table (die, 1 to
// sides), the rest rolled by rest: a roll of Muster's a group's player overrides.
func AtTable(die int, rest Dice) Dice {
	used := false
	return DiceFunc(func(sides int) int {
		if !used {
			used = true
			return die
		}
		return rest.Roll(sides)
	})
}
