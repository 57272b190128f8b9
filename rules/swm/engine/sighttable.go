package engine

import (
	"encoding/binary"
	"sync"
	"sync/atomic"
)

// The sight and range tables. A quick-resolve plays up to 200 battles of one matchup, each
// on its own *Map and in its own goroutine; line of sight between two spaces and the range
// around walls from a space depend only on the map's squares and which doors are open, and
// a battle asks for the same few thousand of them again and again. So the battles on maps
// with the same squares share a terrain, and each door state of it a view whose tables fill
// as battles ask and are never emptied. An entry is exactly what the battle would have
// worked out itself, so sharing changes no battle: entries are written with atomic
// operations, and two battles that work out the same entry at once write the same value.

// terrain is a map's squares, shared by the battles on maps with the same squares.
type terrain struct {
	w, h  int
	cells []Terrain
	doors []Point // the doors, row by row; a door state says which are open
	// lowRows lists, by row, the columns of its low objects (cover's obstacles); rowLow
	// has them as bits (x), on a map at most 64 squares wide (nil on a wider one).
	lowRows [][]int
	rowLow  []uint64
	door    []int // the door's number by square, -1 for other squares

	mu    sync.Mutex
	views map[string]*view // by door state (doorState)
	// sight holds, by pair of spaces, the sight that no door changes (view.seesShared);
	// steps the steps that no door changes (view.stepsFrom).
	sight pairBits
	steps [movers][maxSpace]atomic.Pointer[[]atomic.Uint32]
}

// view is a terrain with some of its doors open: what blocks, and the tables.
type view struct {
	w, h   int
	cells  []Terrain // the terrain's
	blocks []bool    // walls and closed doors, by square
	// unreached is where spread starts its counts: the map with a border a square wide,
	// -1 by open square, -2 by blocked one or border square; blockedAt lists the blocked
	// squares (by square of the map).
	unreached []int32
	blockedAt []int32
	// wallRows lists, by row, the columns of its walls and closed doors; rowWalls has them
	// as bits (x), for cutOff, on a map at most 64 squares wide (nil on a wider one).
	wallRows [][]int
	rowWalls []uint64
	// sight holds, by pair of spaces, whether they see each other (sightBits); the
	// terrain's table has those that no door changes (seesShared).
	sight pairBits
	ter   *terrain
	// dist holds, by space, the range to every square (spread), made when first asked for.
	dist []atomic.Pointer[[]int32]
	// cover holds cornerLines' answers by pair of spaces (attacker's, target's), for at most
	// maxCovers pairs.
	cover  sync.Map
	covers atomic.Int64
	// lowRows and rowLow are the terrain's low objects.
	lowRows [][]int
	rowLow  []uint64
	// steps holds, by mover and size, the cost of every step from every square on the
	// squares alone (stepTable).
	steps [movers][maxSpace]atomic.Pointer[[]atomic.Uint32]
}

// Bounds on what is kept: a server plays only the scenario maps, but a map with many doors
// could otherwise fill the memory with door states.
const (
	maxTerrains = 16      // maps whose tables are shared; others get tables of their own
	maxViews    = 256     // door states kept for a map; others are worked out for one battle
	maxSpace    = 3       // the largest space's side (Huge) that the tables hold
	maxCovers   = 1 << 16 // cover answers kept for a door state (some 8 MB)
)

var terrains struct {
	sync.Mutex
	byCells map[string]*terrain
}

// terrainOf is the shared terrain of a map's squares.
func terrainOf(m *Map) *terrain {
	key := binary.AppendUvarint(binary.AppendUvarint(make([]byte, 0, 8+len(m.cells)), uint64(m.W)), uint64(m.H))
	for _, c := range m.cells {
		key = append(key, byte(c))
	}
	terrains.Lock()
	defer terrains.Unlock()
	if t, ok := terrains.byCells[string(key)]; ok {
		return t
	}
	t := &terrain{w: m.W, h: m.H, cells: append([]Terrain(nil), m.cells...), door: make([]int, len(m.cells)), views: map[string]*view{},
		sight: make(pairBits, maxSpace*len(m.cells))}
	t.lowRows = make([][]int, m.H)
	if m.W <= 64 {
		t.rowLow = make([]uint64, m.H)
	}
	for i, c := range t.cells {
		if c == Low {
			t.lowRows[i/m.W] = append(t.lowRows[i/m.W], i%m.W)
			if t.rowLow != nil {
				t.rowLow[i/m.W] |= 1 << (i % m.W)
			}
		}
		t.door[i] = -1
		if c == Door {
			t.door[i] = len(t.doors)
			t.doors = append(t.doors, Point{i % m.W, i / m.W})
		}
	}
	if terrains.byCells == nil {
		terrains.byCells = map[string]*terrain{}
	}
	if len(terrains.byCells) < maxTerrains {
		terrains.byCells[string(key)] = t
	}
	return t
}

// view is the terrain with the doors open that open says (by door number).
func (t *terrain) view(open []bool) *view {
	key := make([]byte, len(open))
	for i, o := range open {
		if o {
			key[i] = 1
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if v, ok := t.views[string(key)]; ok {
		return v
	}
	n := t.w * t.h
	v := &view{w: t.w, h: t.h, cells: t.cells, lowRows: t.lowRows, rowLow: t.rowLow, blocks: make([]bool, n),
		sight: make(pairBits, maxSpace*n), ter: t, dist: make([]atomic.Pointer[[]int32], maxSpace*n)}
	v.wallRows = make([][]int, t.h)
	if t.w <= 64 {
		v.rowWalls = make([]uint64, t.h)
	}
	v.unreached = make([]int32, (t.w+2)*(t.h+2))
	for i := range v.unreached {
		v.unreached[i] = -2
	}
	for i, c := range t.cells {
		v.blocks[i] = c == Wall || c == Door && !open[t.door[i]]
		if !v.blocks[i] {
			v.unreached[(i/t.w+1)*(t.w+2)+i%t.w+1] = -1
		} else {
			v.blockedAt = append(v.blockedAt, int32(i))
			v.wallRows[i/t.w] = append(v.wallRows[i/t.w], i%t.w)
			if v.rowWalls != nil {
				v.rowWalls[i/t.w] |= 1 << (i % t.w)
			}
		}
	}
	if len(t.views) < maxViews {
		t.views[string(key)] = v
	}
	return v
}

// space numbers a space for the tables; -1 for one they do not hold (no character stands
// partly off the map).
func (v *view) space(p Point, size int) int {
	if size < 1 || size > maxSpace || p.X < 0 || p.Y < 0 || p.X+size > v.w || p.Y+size > v.h {
		return -1
	}
	return ((size-1)*v.h+p.Y)*v.w + p.X
}

// blocked reports a square that stops movement and sight; outside the map is a wall.
func (v *view) blocked(x, y int) bool {
	return x < 0 || y < 0 || x >= v.w || y >= v.h || v.blocks[y*v.w+x]
}

// los is line of sight from the table, both ways: from p's space to q's (pq) and back
// (qp), worked out (sees) the first time the pair is asked for, and the pair's number in
// the table (-1 for spaces it does not hold). The two ways differ only where rounding
// decides whether a line touches a wall's corner (a few pairs in a hundred thousand).
func (v *view) los(p Point, ps int, q Point, qs int) (pq, qp bool, pair int) {
	i, j := v.space(p, ps), v.space(q, qs)
	if i < 0 || j < 0 {
		pq, qp = v.sees(p, ps, q, qs)
		return pq, qp, -1
	}
	pair = i*len(v.sight) + j
	if row := v.sight[i].Load(); row != nil {
		if x := (*row)[j/8].Load() >> (uint(j%8) * 4); x&1 != 0 {
			return x&2 != 0, x&4 != 0, pair
		}
	}
	pq, qp = v.seesShared(p, ps, q, qs, i, j)
	w, shift := v.sight.word(i, j)
	w.Or(sightBits(pq, qp) << shift)
	return pq, qp, pair
}

// seesShared is sees, from the terrain's table (sight) when no door lies in the box
// around the two spaces: every line between them lies in the box, so then the doors do
// not change the answer, and the door states that a quick-resolve's battles pass through
// work it out once between them.
func (v *view) seesShared(p Point, ps int, q Point, qs int, i, j int) (pq, qp bool) {
	x0, x1 := min(p.X, q.X), max(p.X+ps, q.X+qs)
	y0, y1 := min(p.Y, q.Y), max(p.Y+ps, q.Y+qs)
	if v.ter.doorWithin(x0, y0, x1, y1) {
		return v.sees(p, ps, q, qs)
	}
	w, shift := v.ter.sight.word(i, j)
	if x := w.Load() >> shift; x&1 != 0 {
		return x&2 != 0, x&4 != 0
	}
	pq, qp = v.sees(p, ps, q, qs)
	w.Or(sightBits(pq, qp) << shift)
	return pq, qp
}

// doorWithin reports a door in the box from (x0, y0) to (x1, y1), less those.
func (t *terrain) doorWithin(x0, y0, x1, y1 int) bool {
	for _, d := range t.doors {
		if d.X >= x0 && d.X < x1 && d.Y >= y0 && d.Y < y1 {
			return true
		}
	}
	return false
}

// pairBits holds four bits for every pair of spaces, by space (space): a space's row is
// made when first asked for.
type pairBits []atomic.Pointer[[]atomic.Uint32]

// word is the pair's word in the table and the shift to its four bits.
func (t pairBits) word(i, j int) (*atomic.Uint32, uint) {
	row := t[i].Load()
	if row == nil {
		r := make([]atomic.Uint32, (len(t)+7)/8)
		if t[i].CompareAndSwap(nil, &r) {
			row = &r
		} else {
			row = t[i].Load()
		}
	}
	return &(*row)[j/8], uint(j%8) * 4
}

// sightBits is a pair's four bits of sight: known, pq, qp.
func sightBits(pq, qp bool) uint32 {
	bits := uint32(1)
	if pq {
		bits |= 2
	}
	if qp {
		bits |= 4
	}
	return bits
}

// distFrom is the range from a space to every square (spread), from the table.
func (v *view) distFrom(p Point, size int) []int32 {
	i := v.space(p, size)
	if i < 0 {
		return v.spread(footprint(p, size))
	}
	if d := v.dist[i].Load(); d != nil {
		return *d
	}
	d := v.spread(footprint(p, size))
	if !v.dist[i].CompareAndSwap(nil, &d) {
		return *v.dist[i].Load()
	}
	return d
}
