package combat

import (
	"math/bits"
	"math/rand/v2"
)

// Dice rolls six-sided dice from a seeded PCG generator (math/rand/v2). It is not safe for
// concurrent use: give each goroutine its own. The same seed gives the same rolls.
type Dice struct {
	src   *rand.PCG
	faces [facesPerWord]uint8 // dice rolled ahead, from one 64-bit draw, as first-die totals (see refill)
	left  int                 // how many of faces are unused
	buf   uint64              // 64 random bits: two 32-bit draws, for IntN
	half  bool                // the upper half of buf is still unused

	// script, when not nil, replaces the generator with these faces, in order: the tests
	// replay the book's worked examples with it.
	script []int
}

// NewDice rolls from src, which the caller seeds.
func NewDice(src *rand.PCG) *Dice { return &Dice{src: src} }

// Seeded is NewDice(rand.NewPCG(seed, DefaultStream)).
func Seeded(seed uint64) *Dice { return NewDice(rand.NewPCG(seed, DefaultStream)) }

// DefaultStream is the PCG increment Seeded uses; any fixed value would do.
const DefaultStream = 0x5357_4d42_3139_3933 // "SWMB1993"

// u32 returns 32 random bits, using each 64-bit draw twice.
func (d *Dice) u32() uint32 {
	if d.half {
		d.half = false
		return uint32(d.buf >> 32)
	}
	d.buf = d.src.Uint64()
	d.half = true
	return uint32(d.buf)
}

// D6 rolls one plain die, 1 to 6, with no bomb-out or rollover: the deviation, direction,
// System Damage and other table rolls.
func (d *Dice) D6() int {
	if d.left == 0 {
		d.refill()
	}
	d.left--
	return int(faceOf[d.faces[d.left&(facesPerWord-1)]&7])
}

// facesPerWord dice come from each 64-bit draw: 6^16 < 2^64.
const (
	facesPerWord = 16
	facesBound   = 6 * 6 * 6 * 6 * 6 * 6 * 6 * 6 * 6 * 6 * 6 * 6 * 6 * 6 * 6 * 6 // 6^16
	facesReject  = (1 << 64) % facesBound
)

// refill rolls facesPerWord dice from one 64-bit draw, unbiased: multiplying the draw by 6
// again and again reads off the digits of draw*6^16 / 2^64 in base 6, which is Lemire's
// multiply-and-reject method for the range 6^16, so the draw is rejected exactly when the
// final low word falls below 2^64 mod 6^16 (about one draw in ten million). This is the
// batched method of Brackett-Rozinsky and Lemire (2024).
func (d *Dice) refill() {
	if d.script != nil {
		d.faces[0] = firstFace[(d.next()-1)&7]
		d.left = 1
		return
	}
	for {
		x := d.src.Uint64()
		for i := range d.faces {
			hi, lo := bits.Mul64(x, 6)
			d.faces[i] = firstFace[hi&7]
			x = lo
		}
		if x >= facesReject {
			d.left = facesPerWord
			return
		}
	}
}

// Roll rolls the open-ended die of Chapter One and returns its total, before modifiers:
// 0 when the first die is a 1 (a bomb-out), otherwise the dice added up, rolling again and
// adding for as long as sixes come; ones after a six count 1. A total that is not a
// bomb-out is at least 2, so 0 means a bomb-out and nothing else.
func (d *Dice) Roll() int {
	// The common case, a face from 1 to 5 already rolled, stays small enough to inline.
	i := d.left - 1
	if v := d.faces[i&(facesPerWord-1)]; v != 6 && i >= 0 {
		d.left = i
		return int(v)
	}
	return d.roll()
}

// roll is Roll when the next face is a six or must be rolled first. Kept out of line so
// that Roll inlines.
//
//go:noinline
func (d *Dice) roll() int {
	r := d.D6()
	if r == 6 {
		return 6 + d.Rollover()
	}
	return int(firstFace[(r-1)&7])
}

// The faces are kept as a first die's total, face 1 (a bomb-out) as 0, so that Roll reads
// them as they are; D6 turns them back into faces.
var (
	firstFace = [8]uint8{0, 2, 3, 4, 5, 6, 0, 0} // by face - 1
	faceOf    = [8]uint8{1, 0, 2, 3, 4, 5, 6, 0} // by first-die total
)

// Rollover rolls a die that cannot bomb out but rolls over: a Force Point die, the dice
// after a six, and the off-board strike deviation roll.
func (d *Dice) Rollover() int {
	t := 0
	for {
		r := d.D6()
		t += r
		if r != 6 {
			return t
		}
	}
}

// Score is a roll's final score: a bomb-out scores 0 "and no modifiers are applied to it";
// any other total adds the modifiers (skill, attribute, Damage Strength, threat level).
// Scores are not clamped: a heavily penalised roll can score below a bomb-out's 0.
func Score(roll, mod int) int {
	if roll == 0 {
		return 0
	}
	return roll + mod
}

// BombedOut reports whether a Roll result is a bomb-out.
func BombedOut(roll int) bool { return roll == 0 }

// IntN returns a uniform integer in [0, n) for 0 < n < 2^32: which visible target a hit
// lands on, which weapon a System Damage hit takes out.
func (d *Dice) IntN(n int) int {
	if d.script != nil {
		return (d.next() - 1) % n
	}
	un := uint32(n)
	m := uint64(d.u32()) * uint64(un)
	if uint32(m) < un {
		thresh := -un % un
		for uint32(m) < thresh {
			m = uint64(d.u32()) * uint64(un)
		}
	}
	return int(m >> 32)
}

// next takes the next scripted face; running out is a defect in the test.
func (d *Dice) next() int {
	if len(d.script) == 0 {
		panic("combat: scripted dice ran out")
	}
	v := d.script[0]
	d.script = d.script[1:]
	return v
}

// Read is the total of an open-ended roll whose dice came up as given, and how many of them
// it used: 0 for a first 1; a first 6 adds the next die, and so on while sixes come. It is
// the rule of Chapter One written out, for checking the book's examples.
func Read(faces ...int) (total, used int) {
	if len(faces) == 0 {
		return 0, 0
	}
	if faces[0] == 1 {
		return 0, 1
	}
	for i, f := range faces {
		total += f
		if f != 6 {
			return total, i + 1
		}
	}
	return total, len(faces)
}
