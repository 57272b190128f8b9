package systems

// Bound is the least and the most of a number a page or a command takes.
type Bound struct{ Lo, Hi int }

// The d20 odds' bounds, the same on the odds page and for muster odds d20: beyond them a
// number is a typo, and a huge one would overflow the arithmetic (an Attack of 2^63-1 read
// as needing a natural 20).
var (
	D20Attack   = Bound{-10, 60}
	D20Defense  = Bound{0, 80}
	D20Damage   = Bound{0, 10000}
	D20HP       = Bound{0, 100000}
	D20Combined = Bound{0, 50}
)
