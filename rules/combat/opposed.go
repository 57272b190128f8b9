package combat

import "muster/rules"

// Opposed is an opposed roll (Chapter One, "Opposed Tests"): each side rolls the open-ended
// die and adds its own modifier. It returns both scores; what a tie means is the table's or
// the procedure's to say (see Margin and the *Odds functions).
func Opposed(d *Dice, leftMod, rightMod int) (left, right int) {
	return Score(d.Roll(), leftMod), Score(d.Roll(), rightMod)
}

// MarginDist is the exact distribution of an opposed roll's margin, left score minus right
// score, for the given modifiers.
func MarginDist(leftMod, rightMod int) Dist {
	return Difference(scoreDist(leftMod), scoreDist(rightMod))
}

// OpposedOdds returns the probability of each row of an opposed-roll table (in the table's
// row order) when the left roll adds leftMod and the right roll adds rightMod: for example
// the Damage Table with the Damage Strength and the Strength, or the Morale Test Results
// with the threat level and the command skill.
func OpposedOdds(t rules.OpposedTable, leftMod, rightMod int) ([]float64, error) {
	c, err := compileChart("table", t)
	if err != nil {
		return nil, err
	}
	return c.odds(MarginDist(leftMod, rightMod)), nil
}

// WinOdds returns P(left > right), P(tie) and P(left < right) for an opposed roll.
func WinOdds(leftMod, rightMod int) (win, tie, lose float64) {
	m := MarginDist(leftMod, rightMod)
	return m.AtLeast(1), m.At(0), m.Below(0)
}
