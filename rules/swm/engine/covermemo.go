package engine

// coverMemo keeps cover's answers until something moves: a turn asks the same several
// times (a target's value, combined fire's every ally, the attack itself). It is a table
// of coverSlots answers, each question in one slot by its hash: a question whose slot
// holds another is worked out again, to the same answer (coverNow depends only on where
// everyone stands and the doors). It replaced a map, whose hashing, inserting and clearing
// at every move cost about as much as the answers it saved.
type coverMemo struct {
	slots []coverSlot
}

// coverBits is the slots' count as a power of 2: the hash's top bits pick a slot.
const (
	coverBits  = 10
	coverSlots = 1 << coverBits
)

type coverSlot struct {
	key   uint64
	moves int // the battle's moves plus one when the answer was kept (0: none)
	v     bool
}

// coverQuestion packs a question (the attacker and where it stands, the target and
// where) into 64 bits; false when it does not fit (a number too big for its bits).
func coverQuestion(att *Char, p Point, t *Char) (uint64, bool) {
	const b12 = 1<<12 - 1
	if uint(att.ID) > 255 || uint(t.ID) > 255 || uint(p.X) > b12 || uint(p.Y) > b12 || uint(t.Pos.X) > b12 || uint(t.Pos.Y) > b12 {
		return 0, false
	}
	return uint64(att.ID)<<56 | uint64(t.ID)<<48 | uint64(p.X)<<36 | uint64(p.Y)<<24 | uint64(t.Pos.X)<<12 | uint64(t.Pos.Y), true
}

// slot is the question's slot.
func (m *coverMemo) slot(key uint64) *coverSlot {
	if m.slots == nil {
		m.slots = make([]coverSlot, coverSlots)
	}
	return &m.slots[(key*0x9E3779B97F4A7C15)>>(64-coverBits)]
}
