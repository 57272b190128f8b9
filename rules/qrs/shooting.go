package qrs

import (
	"fmt"
	"math/big"
	"strings"
)

// Band is a row of the shooting table: how the total of the figures under fire compares with
// the total firepower shooting at them.
type Band int

// The rows of the shooting table, from safest to worst for the figures under fire.
const (
	Twice Band = iota // own total at least twice the enemy's
	More              // more than the enemy's, less than twice
	Equal
	Less // less than the enemy's, more than half
	Half // half or less, more than a quarter
	// Worse is the row whose cells were lost in extraction: Muster's decision is that it
	// covers a quarter of the enemy's total or less and continues the table's pattern.
	Worse
)

var bandNames = [...]string{"twice", "more", "equal", "less", "half", "worse"}
var bandTitles = [...]string{
	"Twice enemies total", "More than enemies total", "Equal",
	"Less than enemies total", "Half enemies total", "Worse (Muster's reading of the lost row)",
}

// String is the band's short name ("twice", "worse").
func (b Band) String() string { return bandNames[b] }

// Title is the row's label as the sheet prints it.
func (b Band) Title() string { return bandTitles[b] }

// BandFor finds the row from the two totals: own is the Defence total of the figures under
// fire, enemy the Firepower total of the figures shooting at them. The sheet names the rows
// by ratio; Muster reads "Twice" as at least twice, "Half" as at most half (but more than a
// quarter), and "Worse" as a quarter or less.
func BandFor(own, enemy int) Band {
	switch {
	case own >= 2*enemy:
		return Twice
	case own > enemy:
		return More
	case own == enemy:
		return Equal
	case 2*own > enemy:
		return Less
	case 4*own > enemy:
		return Half
	}
	return Worse
}

// Result is what a figure under fire suffers.
type Result int

// The shooting table's results, "nothing" being an empty cell.
const (
	Nothing Result = iota
	DuckBack
	Wound
	Killed
)

var resultNames = [...]string{"nothing", "duck_back", "wound", "killed"}

// String is the result's JSON name.
func (r Result) String() string { return resultNames[r] }

// ResultNames are the results in table order, the keys of the odds.
var ResultNames = resultNames[:]

// Every printed row follows one pattern, shifted one column left per row: the first 'D' at
// column 8 - row, a second 'D', then 'W*', then 'K' to the end. threshold is that first
// column; the lost Worse row continues it (first D at 3).
func threshold(b Band) int { return 8 - int(b) }

// Cell reads the shooting table: the result of a modified d8 roll in a row. A modified roll
// below 1 reads column 1, above 8 reads column 8 (Muster's decision: the table has eight
// columns and the sheet says nothing of rolls beyond them).
func Cell(b Band, roll int) Result {
	roll = max(1, min(8, roll))
	t := threshold(b)
	switch {
	case roll < t:
		return Nothing
	case roll <= t+1:
		return DuckBack
	case roll == t+2:
		return Wound
	}
	return Killed
}

// Fire is the situation of one figure under fire.
type Fire struct {
	Own   int // Defence total of the figures under fire
	Enemy int // Firepower total of the figures shooting
	// Cover: "-1 from the die roll if the target is in cover".
	Cover bool
	// Armour: "'W' results are treated as 'D' if a figure is wearing armour".
	Armour bool
	// ExtraShooters: "For every extra figure shooting at the group, +1 to the die roll".
	ExtraShooters int
	// Worse is the game's reading of the lost Worse row (worse.go).
	Worse WorseRow
}

// Modifier is the total added to the d8: -1 in cover; +1 per extra shooter on every row
// under the continued reading, in the Worse row only under the Half-row reading.
func (f Fire) Modifier() int {
	m := 0
	if f.Worse == WorseContinued || BandFor(f.Own, f.Enemy) == Worse {
		m += f.ExtraShooters
	}
	if f.Cover {
		m--
	}
	return m
}

// Row is the row the table is read on: the band, but the Half row for a Worse band under
// the Half-row reading.
func (f Fire) Row() Band {
	b := BandFor(f.Own, f.Enemy)
	if b == Worse && f.Worse == WorseHalfPlus {
		return Half
	}
	return b
}

// RowTitle names the row read, saying which reading of the Worse row when it is that row.
func (f Fire) RowTitle() string {
	if BandFor(f.Own, f.Enemy) == Worse {
		return f.Worse.Title()
	}
	return f.Row().Title()
}

// The largest totals and count of extra shooters Muster compares: far beyond any table (the
// ratio, not the size, picks the row, and a modified roll past 8 reads column 8), but a bound
// that keeps a mistyped number from being taken for a game.
const (
	MaxTotal         = 100000
	MaxExtraShooters = 1000
)

// Check says what is wrong with a Fire in the player's words, naming the number and the
// range that would do, or nil.
func (f Fire) Check() error {
	switch {
	case f.Enemy <= 0:
		return fmt.Errorf("the shooters' firepower total must be at least 1 (nobody is shooting otherwise)")
	case f.Own < 0:
		return fmt.Errorf("the Defence total under fire cannot be negative")
	case f.ExtraShooters < 0:
		return fmt.Errorf("extra shooters cannot be negative")
	case f.Own > MaxTotal:
		return fmt.Errorf("the Defence total under fire %d is larger than any table holds; write 0 to %d", f.Own, MaxTotal)
	case f.Enemy > MaxTotal:
		return fmt.Errorf("the shooters' firepower total %d is larger than any table holds; write 1 to %d", f.Enemy, MaxTotal)
	case f.Worse < 0 || int(f.Worse) >= len(worseKeys):
		return fmt.Errorf("reading %d of the Worse row is not one Muster has; write %s", f.Worse, strings.Join(worseKeys[:], " or "))
	case f.ExtraShooters > MaxExtraShooters:
		return fmt.Errorf("%d extra shooters is more than any table holds; write 0 to %d", f.ExtraShooters, MaxExtraShooters)
	}
	return nil
}

// Resolve is the result for one figure under fire with the d8 showing roll.
func (f Fire) Resolve(roll int) Result {
	r := Cell(f.Row(), roll+f.Modifier())
	if r == Wound && f.Armour {
		return DuckBack
	}
	return r
}

// Eighths counts, for each result, the faces of the d8 that give it: the exact odds are
// these over 8.
func (f Fire) Eighths() [4]int {
	var n [4]int
	for roll := 1; roll <= 8; roll++ {
		n[f.Resolve(roll)]++
	}
	return n
}

// Odds are the exact probabilities of each result for one figure under fire.
func (f Fire) Odds() [4]*big.Rat {
	n := f.Eighths()
	var o [4]*big.Rat
	for i := range n {
		o[i] = big.NewRat(int64(n[i]), 8)
	}
	return o
}
