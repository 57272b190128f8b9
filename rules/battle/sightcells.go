package battle

import (
	"math"
	"sync/atomic"

	"muster/rules/combat"
)

// Which terrain a line of sight can meet, kept per pair of table cells.
//
// Field.sight tests each line against every sight area and barrier of the table, most of
// which it rejects by box, and clips the line against those whose box its own box meets
// (a line across the table meets most boxes). Every line from a point of cell A to a
// point of cell B lies in the hull of the two cells: the segment between their centres
// widened by half a cell. An area or barrier that hull misses cannot touch the line, so
// sight can skip it and give the same answer. sightCells keeps, for each ordered pair of
// gridCell cells, the bits of the areas and barriers the hull meets, worked out the first
// time a battle on this field asks and shared by every battle after it (the field is
// shared; each entry is written whole, atomically, and always to the same value, so the
// order in which goroutines fill it does not matter).

// cellKnown marks an entry as worked out (an entry of 0 is not yet).
const cellKnown = 1 << 31

// sightCells is the per-field table: an entry per ordered pair of cells, bits 0 to
// len(sightAreas)-1 for the sight areas, the next len(barriers) bits for the barriers.
type sightCells struct {
	n       int // cells
	entries []atomic.Uint32
	// items are the areas and barriers as cellPairMask tests them, worked out once.
	items []cellItem
}

// cellItem is an area or barrier as cellPairMask tests it: its bit, and the box the
// target's cell must meet (cover only) or the segment between the cells' centres must.
type cellItem struct {
	pb    box
	bit   uint32
	cover bool
}

// initSightCells sets the table up when the areas and barriers fit its 31 bits.
func (f *Field) initSightCells() {
	if len(f.sightAreas)+len(f.barriers) > 31 {
		return
	}
	n := f.nx * f.ny
	f.cells = &sightCells{n: n, entries: make([]atomic.Uint32, n*n)}
	const half = gridCell / 2
	const eps = 1e-6
	for k, bb := range f.sightBoxes {
		a := &f.areas[f.sightAreas[k]]
		if !a.blocks && a.losLimit == 0 {
			// Cover only: it matters when the target stands in it.
			f.cells.items = append(f.cells.items, cellItem{pb: bb, bit: 1 << k, cover: true})
			continue
		}
		f.cells.items = append(f.cells.items, cellItem{pb: bb.pad(half + eps), bit: 1 << k})
	}
	for i := range f.barriers {
		br := &f.barriers[i]
		bit := uint32(1) << (len(f.sightBoxes) + i)
		if br.los == losNone {
			// A barrier that does not stop sight matters only as the target's cover, when
			// he stands within 1" of it (barrierSight's qNear, which asks first that the
			// target lie in the barrier's box widened by 1"): never without cover, and
			// only to a target cell that box meets.
			if br.cover > combat.Open {
				f.cells.items = append(f.cells.items, cellItem{pb: br.bb.pad(1 + eps), bit: bit, cover: true})
			}
			continue
		}
		// sight looks at a barrier when the line passes within 1" of it or crosses it.
		f.cells.items = append(f.cells.items, cellItem{pb: br.bb.pad(1 + half + eps), bit: bit})
	}
}

// sightMask returns the bits of the areas and barriers a line from p to q can meet, and
// false when p or q is off the table (where cells do not hold them) or there is no table.
func (f *Field) sightMask(p, q Point) (uint32, bool) {
	t := f.cells
	if t == nil || p.X < 0 || p.Y < 0 || q.X < 0 || q.Y < 0 || p.X > f.W || q.X > f.W || p.Y > f.H || q.Y > f.H {
		return 0, false
	}
	// (cellXY without its clamp at 0: p and q are on the table, at 0 or beyond.)
	px, py := min(int(p.X/gridCell), f.nx-1), min(int(p.Y/gridCell), f.ny-1)
	qx, qy := min(int(q.X/gridCell), f.nx-1), min(int(q.Y/gridCell), f.ny-1)
	a, c := py*f.nx+px, qy*f.nx+qx
	e := &t.entries[a*t.n+c]
	if m := e.Load(); m != 0 {
		return m, true
	}
	m := f.cellPairMask(px, py, qx, qy) | cellKnown
	e.Store(m)
	return m, true
}

// cellPairMask works out an entry: the areas and barriers that the hull of cells (px, py)
// and (qx, qy) meets, each tested as sight would first test it, with a margin for rounding
// (the boxes, padded by half a cell and the margin, are initSightCells').
func (f *Field) cellPairMask(px, py, qx, qy int) uint32 {
	const half = gridCell / 2
	const eps = 1e-6
	pc := Point{X: (float64(px) + 0.5) * gridCell, Y: (float64(py) + 0.5) * gridCell}
	qc := Point{X: (float64(qx) + 0.5) * gridCell, Y: (float64(qy) + 0.5) * gridCell}
	qCell := box{Point{X: qc.X - half, Y: qc.Y - half}, Point{X: qc.X + half, Y: qc.Y + half}}.pad(eps)
	// (A segment meets a box only if its own box does: most pairs are told apart by that.)
	sb := segBox(pc, qc)
	var m uint32
	for i := range f.cells.items {
		it := &f.cells.items[i]
		if it.cover {
			if it.pb.overlaps(qCell) {
				m |= it.bit
			}
			continue
		}
		if sb.overlaps(it.pb) && segMeetsBox(pc, qc, it.pb) {
			m |= it.bit
		}
	}
	return m
}

// segMeetsBox reports whether the segment from a to b has a point in the box (the slab
// test: the part of the segment inside each pair of sides, intersected).
func segMeetsBox(a, b Point, bb box) bool {
	t0, t1, ok := slab(a.X, b.X-a.X, bb.lo.X, bb.hi.X, 0, 1)
	if !ok {
		return false
	}
	_, _, ok = slab(a.Y, b.Y-a.Y, bb.lo.Y, bb.hi.Y, t0, t1)
	return ok
}

// slab narrows [t0, t1] to the part of the segment a + t*d within lo..hi along one axis.
func slab(a, d, lo, hi, t0, t1 float64) (float64, float64, bool) {
	if math.Abs(d) < 1e-12 {
		return t0, t1, a >= lo && a <= hi
	}
	u0, u1 := (lo-a)/d, (hi-a)/d
	if u0 > u1 {
		u0, u1 = u1, u0
	}
	t0, t1 = fmax(t0, u0), fmin(t1, u1)
	return t0, t1, t0 <= t1
}
