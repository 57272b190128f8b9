package combat

import (
	"math/bits"
	"math/rand/v2"
)

// Dice rolls six-sided dice from a seeded PCG generator (math/rand/v2). It is not safe for
// concurrent use: give each goroutine its own. The same seed gives the same rolls.
type Dice struct {
	src *rand.PCG
	// faces are dice rolled ahead from one 64-bit draw, used from faces[left-1] down. For a
	// roll starting at faces[i], start[i] is its open-ended total and span[i] how many faces
	// it takes (more than i+1 when its sixes run past the rolled faces): refill works both
	// out without branches, so that Roll seldom branches on a six.
	faces [facesPerWord]uint8
	start [facesPerWord]uint8
	span  [facesPerWord]uint8
	left  int    // how many of faces are unused
	buf   uint64 // 64 random bits: two 32-bit draws, for IntN
	half  bool   // the upper half of buf is still unused
	// made counts the faces rolled ahead since the dice were seeded (see Faces).
	made uint64

	// script, when not nil, replaces the generator with these faces, in order: the tests
	// replay the book's worked examples with it.
	script []int
}

// NewDice rolls from src, which the caller seeds.
func NewDice(src *rand.PCG) *Dice { return &Dice{src: src} }

// Seeded is NewDice(rand.NewPCG(seed, DefaultStream)).
func Seeded(seed uint64) *Dice { return NewDice(rand.NewPCG(seed, DefaultStream)) }

// Reseed starts the dice over from seed, as Seeded(seed) would, without allocating: the
// battle engine reuses one Dice for many battles.
func (d *Dice) Reseed(seed uint64) {
	if d.src == nil {
		d.src = rand.NewPCG(seed, DefaultStream)
	} else {
		d.src.Seed(seed, DefaultStream)
	}
	d.left, d.half, d.made, d.script = 0, false, 0, nil
}

// Faces is how many dice (six-sided faces) have been rolled since the dice were made or
// reseeded: every open-ended roll, rollover die, D6 and Force die counts one per face. IntN
// draws are not dice and do not count. Benchmarks divide by it.
func (d *Dice) Faces() uint64 { return d.made - uint64(d.left) }

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
	return int(d.faces[d.left&(facesPerWord-1)])
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
// final low word falls below 2^64 mod 6^16 (one draw in about 220 million). This is the
// batched method of Brackett-Rozinsky and Lemire (2024).
func (d *Dice) refill() {
	n := facesPerWord
	if d.script != nil {
		d.faces[0] = uint8(d.next())
		n = 1
	} else {
		for {
			x := d.src.Uint64()
			for i := range d.faces {
				hi, lo := bits.Mul64(x, 6)
				d.faces[i] = uint8(hi) + 1
				x = lo
			}
			if x >= facesReject {
				break
			}
		}
	}
	d.ahead(n)
}

// ahead works out start and span for the first n faces. From the bottom up: a six adds the
// roll below it; a run of sixes reaching the bottom is incomplete (its span exceeds what is
// left). A first 1 bombs out (start 0), while a 1 after a six adds 1 (chain).
func (d *Dice) ahead(n int) {
	chain, span := uint8(0), uint8(incomplete)
	for i := range n {
		f := d.faces[i]
		six := (f + 2) >> 3    // 1 for a six, 0 for 1 to 5
		notOne := (f + 6) >> 3 // 0 for a one, 1 for 2 to 6
		chain = f + six*chain
		span = 1 + six*span
		d.start[i] = chain * notOne
		d.span[i] = span
	}
	d.left = n
	d.made += uint64(n)
}

// incomplete marks a run of sixes that reaches past the rolled faces.
const incomplete = 100

// Roll rolls the open-ended die of Chapter One and returns its total, before modifiers:
// 0 when the first die is a 1 (a bomb-out), otherwise the dice added up, rolling again and
// adding for as long as sixes come; ones after a six count 1. A total that is not a
// bomb-out is at least 2, so 0 means a bomb-out and nothing else.
func (d *Dice) Roll() int {
	if i := d.left - 1; uint(i) < facesPerWord {
		if sp := int(d.span[i]); sp <= d.left {
			d.left -= sp
			return int(d.start[i])
		}
	}
	return d.roll()
}

// roll is Roll when the faces rolled ahead run out before the roll ends. Kept out of line
// so that Roll stays small.
//
//go:noinline
func (d *Dice) roll() int {
	r := d.D6()
	if r == 6 {
		return 6 + d.Rollover()
	}
	if r == 1 {
		return 0
	}
	return r
}

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
