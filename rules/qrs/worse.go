package qrs

import (
	"fmt"
	"strings"
)

// WorseRow is the game option for the shooting table's "Worse" row, whose cells the sheet
// lost: the row holds only "For every extra figure shooting at the group, +1 to the die roll
// result" (docs/qrs.md argues the default).
type WorseRow int

const (
	// WorseContinued is Muster's row, the table's pattern continued (each printed row the one
	// above shifted a column left): D on 3-4, W on 5, K on 6-8; the +1 per extra shooter is a
	// modifier on every row. The default.
	WorseContinued WorseRow = iota
	// WorseHalfPlus reads the sentence as the row: the Half row, +1 per extra figure
	// shooting; the +1 belongs to that row alone.
	WorseHalfPlus
)

var worseKeys = [...]string{"continued", "half-plus"}
var worseTitles = [...]string{
	"Worse: Muster's row continuing the table (D 3-4, W 5, K 6-8), +1 per extra shooter on every row",
	"Worse: the Half row, +1 per extra shooter (in that row only)",
}

// WorseRowKeys are the option's values as a player writes them.
var WorseRowKeys = worseKeys[:]

// String is the option's key ("continued", "half-plus").
func (w WorseRow) String() string { return worseKeys[w] }

// Title says the reading in full, for every result that was read under it.
func (w WorseRow) Title() string { return worseTitles[w] }

// ParseWorseRow reads the option's key; "" is the default.
func ParseWorseRow(s string) (WorseRow, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return WorseContinued, nil
	}
	for i, k := range worseKeys {
		if s == k {
			return WorseRow(i), nil
		}
	}
	return 0, fmt.Errorf("%q is not a reading of the Worse row; write %s", s, strings.Join(worseKeys[:], " or "))
}
