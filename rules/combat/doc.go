// Package combat resolves the procedures of Star Wars Miniatures Battles (rulebook chapters
// One, Three to Five and Eleven to Fourteen) as pure functions over explicit inputs: the
// open-ended die, straight tests and opposed rolls, the Damage and Droid Damage Tables, fire
// combat volleys, grenades and flamethrowers, close assault, morale, heroes, droids and
// creatures. Randomness comes only from the *Dice handed in, so the same seed gives the same
// result; nothing here reads a clock or a global generator.
//
// Beside each procedure sits its exact distribution (exact.go and the *Odds functions),
// computed by convolution and truncated only where a probability falls below 1e-12, so that
// sampled frequencies can be checked against it and the odds calculator needs no sampling.
//
// The numbers come from the Reference Sheet tables in package rules (rules.DefaultTables);
// the few the tables do not hold (camouflage, targeting computer, a droid's second target,
// blind throws) are named constants here, each citing its rule. Interpretations of the book
// are recorded in docs/decisions.md, section "Combat".
package combat
