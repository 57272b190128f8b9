package battle

import (
	"math"

	"muster/rules/combat"
)

// sightCache remembers Field.sight's answers, which depend only on the two points, whether
// the first stands on a hill and whether the second lies prone: the field never changes
// during a Battle's life. Most lines of sight are asked again and again, within a phase
// (a firer looks for each target, the doctrine forecasts every pair of units), from turn to
// turn (units holding in cover do not move) and from battle to battle (every battle begins
// from the same deployment), so a table keyed by the exact inputs answers most of them.
// It is direct-mapped: a colliding entry is simply overwritten. Being a pure memo of a
// pure function, it cannot change a battle.
type sightCache struct {
	e []sightEntry
}

// sightSlots is the table's size, a power of two (40 kB: it stays in the core's caches).
const sightSlots = 1024

type sightEntry struct {
	p, q  Point
	flags uint8 // sightValid | sightHill | sightProne of the question
	ok    bool
	cover combat.Cover
}

const (
	sightValid uint8 = 1 << iota
	sightHill
	sightProne
)

// sight is b.field.sight through the cache.
func (b *Battle) sight(p, q Point, pHill, qProne bool) (bool, combat.Cover) {
	if b.sc.e == nil {
		b.sc.e = make([]sightEntry, sightSlots)
	}
	flags := sightValid
	if pHill {
		flags |= sightHill
	}
	if qProne {
		flags |= sightProne
	}
	h := math.Float64bits(p.X)*0x9e3779b97f4a7c15 ^ math.Float64bits(p.Y)*0xbf58476d1ce4e5b9 ^
		math.Float64bits(q.X)*0x94d049bb133111eb ^ math.Float64bits(q.Y)*0xd6e8feb86659fd93 ^ uint64(flags)
	e := &b.sc.e[(h^h>>29)&(sightSlots-1)]
	if e.flags == flags && e.p == p && e.q == q {
		return e.ok, e.cover
	}
	ok, cover := b.field.sight(p, q, pHill, qProne)
	*e = sightEntry{p: p, q: q, flags: flags, ok: ok, cover: cover}
	return ok, cover
}
