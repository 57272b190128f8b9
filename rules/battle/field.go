package battle

import (
	"math"
	"math/bits"

	"muster/rules/combat"
)

// Field is a scenario compiled for play: the table, its terrain areas and barriers with
// their Terrain Effects Chart numbers, and an index for quick lookups. It is read-only and
// shared by every battle fought on it.
type Field struct {
	Scenario *Scenario
	W, H     float64

	areas    []area
	barriers []barrier
	// grid holds, for each gridCell-inch cell, a bit per area whose box overlaps it.
	nx, ny int
	grid   []uint64
	// spots are places worth standing in: inside cover areas and behind barriers.
	spots []spot
	// sightAreas are the areas that matter to sight or cover, and sightBoxes their boxes
	// side by side (sight rejects most areas by box alone).
	sightAreas []int
	sightBoxes []box
	// veryRough: some area is very rough terrain.
	veryRough bool
	// impMask and hillMask are the grid bits of the impassable areas and of the hills:
	// impassableAt and hillAt look only at those (most tables have few or none).
	impMask, hillMask uint64
	// cells: which areas and barriers a line between two cells can meet (sightcells.go).
	cells *sightCells
	// ground: the ground of each square inch where it is the same all over, gnx by gny
	// squares (groundcells.go).
	ground   []cellGround
	gnx, gny int
}

const gridCell = 2.0

// area is a terrain area.
type area struct {
	name, kind string
	poly       poly
	mult       float64 // what each inch of movement costs (1 clear, 2 rough, 4 very rough)
	cover      combat.Cover
	losLimit   float64 // inches a soldier sees into or through it; 0 for no limit
	veryRough  bool    // no running
	impassable bool
	blocks     bool // blocks sight through it (a high hill only when neither end is on it)
	hill       bool
}

// Barrier sight rules.
const (
	losNone   uint8 = iota
	losBlocks       // high walls: no sight through, except from a height
	losBeyond       // doors and windows: sight through only when one end is within 1"
)

// barrier is a linear barrier.
type barrier struct {
	name      string
	a, b      Point
	bb        box
	cross     float64 // inches of movement it costs to cross; negative: impassable
	cover     combat.Cover
	los       uint8
	difficult bool // droids without repulsorlifts cannot cross it
	// hidesProne: a prone soldier within 1" of it can be seen only from within 1" of it
	// (low walls and trenches).
	hidesProne bool
	// halts a force back (walls, doors, windows).
	halts bool
}

// spot is a place to stand in cover.
type spot struct {
	at    Point
	cover combat.Cover
}

func (f *Field) index() {
	f.nx, f.ny = int(math.Ceil(f.W/gridCell)), int(math.Ceil(f.H/gridCell))
	f.grid = make([]uint64, f.nx*f.ny)
	for i := range f.areas {
		bb := f.areas[i].poly.bb
		x0, y0 := f.cellXY(bb.lo)
		x1, y1 := f.cellXY(bb.hi)
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				f.grid[y*f.nx+x] |= 1 << i
			}
		}
	}
	f.indexGround() // (findSpots asks at)
	f.spots = f.findSpots()
	for i := range f.areas {
		if a := &f.areas[i]; a.blocks || a.losLimit > 0 || a.cover > combat.Open {
			f.sightAreas = append(f.sightAreas, i)
			f.sightBoxes = append(f.sightBoxes, a.poly.bb)
		}
		f.veryRough = f.veryRough || f.areas[i].veryRough
		if f.areas[i].impassable {
			f.impMask |= 1 << i
		}
		if f.areas[i].hill {
			f.hillMask |= 1 << i
		}
	}
	f.initSightCells()
}

// offTable reports whether p lies beyond the table's edge.
func (f *Field) offTable(p Point) bool { return p.X < 0 || p.Y < 0 || p.X > f.W || p.Y > f.H }

// impassableAt is f.at(p).impassable, looking only at the impassable areas.
func (f *Field) impassableAt(p Point) bool {
	if f.offTable(p) {
		return true
	}
	if f.impMask == 0 {
		return false // (most tables have no impassable area)
	}
	if c := f.groundAt(p); c.uniform {
		return c.g.impassable // (groundcells.go)
	}
	x, y := f.cellXY(p)
	for m := f.grid[y*f.nx+x] & f.impMask; m != 0; m &= m - 1 {
		if f.areas[bitIndex(m)].poly.contains(p) {
			return true
		}
	}
	return false
}

// hillAt is f.at(p).hill, looking only at the hills.
func (f *Field) hillAt(p Point) bool {
	if p.X < 0 || p.Y < 0 || p.X > f.W || p.Y > f.H {
		return false
	}
	if c := f.groundAt(p); c.uniform {
		return c.g.hill // (groundcells.go)
	}
	x, y := f.cellXY(p)
	for m := f.grid[y*f.nx+x] & f.hillMask; m != 0; m &= m - 1 {
		if f.areas[bitIndex(m)].poly.contains(p) {
			return true
		}
	}
	return false
}

func (f *Field) cellXY(p Point) (int, int) {
	x := min(max(int(p.X/gridCell), 0), f.nx-1)
	y := min(max(int(p.Y/gridCell), 0), f.ny-1)
	return x, y
}

// ground is what a point stands on.
type ground struct {
	mult       float64
	cover      combat.Cover
	veryRough  bool
	impassable bool
	hill       bool
	woods      bool // in an area that limits sight: it may fire out from within 1" of the edge
}

// at returns the terrain at a point: the movement multiplier of every area there
// multiplied (a wooded easy hill costs four times, "quarter-rate"), capped at 4; the best
// cover; whether it is very rough, impassable or a hill.
func (f *Field) at(p Point) ground {
	if p.X < 0 || p.Y < 0 || p.X > f.W || p.Y > f.H {
		return ground{mult: 1, impassable: true}
	}
	if c := f.groundAt(p); c.uniform {
		return c.g // every point of the square stands on this ground (groundcells.go)
	}
	return f.atNow(p)
}

// atNow is at tested against every area near p.
func (f *Field) atNow(p Point) ground {
	g := ground{mult: 1}
	if p.X < 0 || p.Y < 0 || p.X > f.W || p.Y > f.H {
		g.impassable = true
		return g
	}
	x, y := f.cellXY(p)
	for m := f.grid[y*f.nx+x]; m != 0; m &= m - 1 {
		a := &f.areas[bitIndex(m)]
		if !a.poly.contains(p) {
			continue
		}
		g.mult *= a.mult
		g.cover = max(g.cover, a.cover)
		g.veryRough = g.veryRough || a.veryRough
		g.impassable = g.impassable || a.impassable
		g.hill = g.hill || a.hill
		g.woods = g.woods || a.losLimit > 0
	}
	g.mult = fmin(g.mult, 4)
	return g
}

// bitIndex is the index of the lowest set bit.
func bitIndex(m uint64) int {
	n := 0
	for m&1 == 0 {
		m >>= 1
		n++
	}
	return n
}

// sight reports whether a soldier at p sees a soldier at q as far as the terrain goes
// (figures in between are the battle's to check), and the cover q has from p (Chapter
// Three, "Line of Sight" and "Target Condition"; Chapter Six, "Woods and Visibility" and
// "Barriers"): blocking areas and high walls stop sight (a soldier on a hill sees over
// walls); woods stop it beyond their limit; a target in an area has its cover, and one
// seen through woods the woods' cover, except that a firer within 1" of the edge fires out
// with no modifier; a barrier within 1" of the target, between the two, is cover unless
// the firer is within 1" of it too; a prone soldier behind a low wall or in a trench is
// seen only from across it; doors and windows are seen through only from within 1".
func (f *Field) sight(p, q Point, pHill, qProne bool) (bool, combat.Cover) {
	m, ok := f.sightMask(p, q)
	if ok && m == cellKnown {
		return true, combat.Open // (no area or barrier that this pair of cells can meet)
	}
	v := sightLine{p: p, q: q, sb: segBox(p, q), length: -1, pHill: pHill, qProne: qProne}
	if ok {
		// Only the areas and barriers this pair of cells can meet (sightcells.go), in the
		// same order as below.
		na := uint(len(f.sightBoxes))
		for am := m & (1<<na - 1); am != 0; am &= am - 1 {
			if !f.areaSight(bits.TrailingZeros32(am), &v) {
				return false, v.cover
			}
		}
		for bm := (m &^ cellKnown) >> na; bm != 0; bm &= bm - 1 {
			if !f.barrierSight(bits.TrailingZeros32(bm), &v) {
				return false, v.cover
			}
		}
		return true, v.cover
	}
	for k := range f.sightBoxes {
		if !f.areaSight(k, &v) {
			return false, v.cover
		}
	}
	for i := range f.barriers {
		if !f.barrierSight(i, &v) {
			return false, v.cover
		}
	}
	return true, v.cover
}

// sightLine is a line of sight being followed: its ends, box and length (worked out when
// first needed), and the cover found so far.
type sightLine struct {
	p, q          Point
	sb            box
	length        float64
	pHill, qProne bool
	cover         combat.Cover
}

// areaSight applies sight area k (f.sightAreas[k]) to the line: false when it stops it.
func (f *Field) areaSight(k int, v *sightLine) bool {
	if !f.sightBoxes[k].overlaps(v.sb) {
		return true
	}
	a := &f.areas[f.sightAreas[k]]
	if !a.blocks && a.losLimit == 0 {
		// Cover only: to a target inside it.
		if a.cover > v.cover && a.poly.contains(v.q) {
			v.cover = a.cover
		}
		return true
	}
	t0, t1, ok := a.poly.clipIn(v.p, v.q) // the boxes overlap (above)
	if !ok || t1-t0 < 1e-9 {
		return true
	}
	pIn, qIn := t0 <= 1e-9, t1 >= 1-1e-9
	if a.blocks && !pIn && !qIn {
		return false
	}
	if v.length < 0 {
		v.length = math.Sqrt(dist2(v.p, v.q))
	}
	inside := (t1 - t0) * v.length
	if a.losLimit > 0 && inside > a.losLimit+1e-9 {
		return false
	}
	switch {
	case qIn:
		v.cover = max(v.cover, a.cover)
	case a.losLimit > 0 && pIn:
		if inside > 1+1e-9 {
			v.cover = max(v.cover, a.cover)
		}
	case a.losLimit > 0:
		v.cover = max(v.cover, a.cover)
	}
	return true
}

// barrierSight applies barrier i to the line: false when it stops it.
func (f *Field) barrierSight(i int, v *sightLine) bool {
	b := &f.barriers[i]
	near := b.bb.pad(1)
	if !near.overlaps(v.sb) {
		return true
	}
	p, q := v.p, v.q
	// Within 1" of the barrier is within its box widened by 1" (a hair more, for the
	// rounding of segDist2): outside it, q is not near.
	qNear := near.pad(1e-6).contains(q) && segDist2(b.a, b.b, q) <= 1+1e-9
	if b.los == losNone && (!qNear || b.cover == combat.Open) {
		return true
	}
	crosses := segmentsCross(p, q, b.a, b.b)
	if !crosses && !qNear {
		return true
	}
	pNear := segDist2(b.a, b.b, p) <= 1+1e-9
	if crosses {
		switch b.los {
		case losBlocks:
			if !v.pHill {
				return false
			}
		case losBeyond:
			if !pNear && !qNear {
				return false
			}
		}
	}
	if qNear && !pNear && b.cover > combat.Open && (crosses || sideOf(b.a, b.b, p)*sideOf(b.a, b.b, q) < 0) {
		if v.qProne && b.hidesProne {
			return false
		}
		v.cover = max(v.cover, b.cover)
	}
	return true
}

// leg is a move along a straight line: where it ends, what it cost, and why it stopped.
type leg struct {
	end  Point
	used float64
	// blocked: an impassable area or barrier, a barrier the budget could not pay for, very
	// rough terrain while running, or the table edge stopped it short.
	blocked bool
}

// jumpCost is what a barrier costs a hero who jumps it.
const jumpCost = 1.0

// moveStep is the length of the steps a move is costed in.
const moveStep = 0.5

// walk moves from a toward b with a budget of inches, paying each step the terrain's
// multiplier and each barrier its crossing cost (Chapter Two, "Terrain and Barriers"). A
// running soldier cannot enter very rough terrain; a droid without a repulsorlift cannot
// enter it or cross a difficult barrier (noRough). jump, when not nil, is a hero's try to
// jump a moderate or difficult barrier for 1" (Chapter Twelve, "Heroes Jumping Barriers"):
// it rolls his test and reports whether he made it; on a failure he pays the normal cost.
func (f *Field) walk(a, b Point, budget float64, run, noRough bool, jump func(difficult bool) bool) leg {
	total := math.Sqrt(dist2(a, b))
	if total < 1e-9 || budget <= 0 {
		return leg{end: a}
	}
	dir := scale(sub(b, a), 1/total)
	pos, used := a, 0.0
	// The barriers whose box meets the whole walk's (a hair wider than any step's, for the
	// rounding of the steps): the only ones a step can cross, in their order.
	var near uint64
	wb := segBox(a, b).pad(0.02)
	for i := range f.barriers {
		if i >= 64 || f.barriers[i].bb.overlaps(wb) {
			near |= 1 << min(i, 63)
		}
	}
	crossable := near != 0 || len(f.barriers) > 64 // (else no barrier meets the walk)
	for done := 0.0; done < total-1e-9; {
		step := fmin(moveStep, total-done)
		next := add(pos, scale(dir, step))
		// (at, with its common case here: a point on the table whose cell stands on one
		// ground, read in place.)
		m := mid(pos, next)
		var g *ground
		if m.X >= 0 && m.Y >= 0 && m.X <= f.W && m.Y <= f.H {
			if c := f.groundAt(m); c.uniform {
				g = &c.g
			}
		}
		if g == nil {
			gm := f.at(m)
			g = &gm
		}
		// (A step whose middle is clear may still end inside impassable terrain: the edge
		// of a small crystal or rock crossed near its end.)
		if g.impassable || (g.veryRough && (run || noRough)) || f.offTable(next) || (f.impMask != 0 && f.impassableAt(next)) {
			return leg{end: pos, used: used, blocked: true}
		}
		cost := step * g.mult
		// Barriers crossed on this step.
		if crossable {
			for i := range f.barriers {
				if i < 64 && near&(1<<i) == 0 {
					if near>>i == 0 && len(f.barriers) <= 64 {
						break // (none further meets the walk)
					}
					continue
				}
				br := &f.barriers[i]
				// A step that lands on the barrier crosses it; the next, starting on it, does not.
				if !br.bb.overlaps(segBox(pos, next).pad(0.01)) || sideOf(br.a, br.b, pos) == 0 || !segmentsCross(pos, next, br.a, br.b) {
					continue
				}
				if br.cross < 0 || (noRough && br.difficult) {
					return leg{end: pos, used: used, blocked: true}
				}
				if jump != nil && br.cross > jumpCost && jump(br.difficult) {
					cost += jumpCost
					continue
				}
				cost += br.cross
			}
		}
		if used+cost > budget+1e-9 {
			// Spend what is left on part of a clear step; a barrier cannot be half crossed.
			if g.mult > 0 && cost == step*g.mult {
				part := (budget - used) / g.mult
				pos = add(pos, scale(dir, part))
				used = budget
			}
			return leg{end: pos, used: used, blocked: false}
		}
		pos, used, done = next, used+cost, done+step
	}
	return leg{end: pos, used: used}
}

// veryRoughOn reports whether a straight path from a to b enters very rough terrain.
func (f *Field) veryRoughOn(a, b Point) bool {
	if !f.veryRough {
		return false
	}
	total := math.Sqrt(dist2(a, b))
	for done := 0.0; done < total; done += moveStep {
		if f.at(lerp(a, b, fmin((done+moveStep/2)/total, 1))).veryRough {
			return true
		}
	}
	return false
}

// clearPath reports whether a straight path from a to b avoids impassable areas and
// barriers.
func (f *Field) clearPath(a, b Point) bool {
	sb := segBox(a, b)
	for i := range f.areas {
		ar := &f.areas[i]
		if !ar.impassable || !ar.poly.bb.overlaps(sb) {
			continue
		}
		if t0, t1, ok := ar.poly.clip(a, b); ok && t1-t0 > 1e-6 {
			return false
		}
	}
	for i := range f.barriers {
		br := &f.barriers[i]
		if br.cross < 0 && br.bb.overlaps(sb) && segmentsCross(a, b, br.a, br.b) {
			return false
		}
	}
	return true
}

// waypoint is where a unit at a heading for b should head first: b itself when the way is
// clear, otherwise the corner of the first impassable obstacle in the way (pushed 1.5" out)
// that makes the shortest clear dog-leg.
func (f *Field) waypoint(a, b Point) Point {
	if f.clearPath(a, b) {
		return b
	}
	best, bestLen := b, math.Inf(1)
	try := func(c Point) {
		if c.X < 0.5 || c.Y < 0.5 || c.X > f.W-0.5 || c.Y > f.H-0.5 {
			return
		}
		if !f.clearPath(a, c) {
			return
		}
		l := math.Sqrt(dist2(a, c)) + math.Sqrt(dist2(c, b))
		if !f.clearPath(c, b) {
			l += 6 // a second leg still blocked: allowed, but worse
		}
		if l < bestLen-tie {
			best, bestLen = c, l
		}
	}
	sb := segBox(a, b)
	for i := range f.areas {
		ar := &f.areas[i]
		if !ar.impassable || !ar.poly.bb.pad(2).overlaps(sb) {
			continue
		}
		c := polyCentroid(ar.poly.pts)
		for _, v := range ar.poly.pts {
			d := sub(v, c)
			n := norm(d)
			if n > 0 {
				try(add(v, scale(d, 1.5/n)))
			}
		}
	}
	for i := range f.barriers {
		br := &f.barriers[i]
		if br.cross >= 0 || !br.bb.pad(2).overlaps(sb) {
			continue
		}
		d := sub(br.b, br.a)
		n := norm(d)
		u := scale(d, 1.5/n)
		try(add(br.b, u))
		try(sub(br.a, u))
	}
	return best
}

func polyCentroid(pts []Point) Point {
	var c Point
	for _, p := range pts {
		c = add(c, p)
	}
	return scale(c, 1/float64(len(pts)))
}

// findSpots lists places in cover: inside each cover area (its centre and 1.5" in from
// the middle of each edge) and 0.75" to each side of every barrier that gives cover (its
// middle and quarter points).
func (f *Field) findSpots() []spot {
	var out []spot
	addSpot := func(p Point) {
		if p.X < 1 || p.Y < 1 || p.X > f.W-1 || p.Y > f.H-1 {
			return
		}
		g := f.at(p)
		if g.impassable {
			return
		}
		c := g.cover
		for i := range f.barriers {
			br := &f.barriers[i]
			if segDist2(br.a, br.b, p) <= 1 {
				c = max(c, br.cover)
			}
		}
		if c > combat.Open {
			out = append(out, spot{at: p, cover: c})
		}
	}
	for i := range f.areas {
		a := &f.areas[i]
		if a.cover == combat.Open || a.impassable {
			continue
		}
		c := polyCentroid(a.poly.pts)
		addSpot(c)
		n := len(a.poly.pts)
		step := 1
		if n > 8 {
			step = n / 4
		}
		for j := 0; j < n; j += step {
			m := mid(a.poly.pts[j], a.poly.pts[(j+1)%n])
			d := sub(c, m)
			if l := norm(d); l > 1.5 {
				addSpot(add(m, scale(d, 1.5/l)))
			}
		}
	}
	for i := range f.barriers {
		br := &f.barriers[i]
		if br.cover == combat.Open {
			continue
		}
		d := sub(br.b, br.a)
		n := norm(d)
		perp := Point{X: -d.Y / n * 0.75, Y: d.X / n * 0.75}
		for _, t := range []float64{0.25, 0.5, 0.75} {
			m := lerp(br.a, br.b, t)
			addSpot(add(m, perp))
			addSpot(sub(m, perp))
		}
	}
	return out
}

// barrierBetween reports whether a barrier lies between p and an enemy at q within 1" of
// p (a defender behind it).
func (f *Field) barrierBetween(p, q Point) bool {
	for i := range f.barriers {
		br := &f.barriers[i]
		if br.cross < 0 || segDist2(br.a, br.b, p) > 1 {
			continue
		}
		if sideOf(br.a, br.b, p)*sideOf(br.a, br.b, q) < 0 {
			return true
		}
	}
	return false
}

// pushBack moves a unit forced back from a along the unit direction dir, up to inches:
// walls, doors, windows and impassable barriers halt it, as do impassable terrain and the
// table edge (Chapter Four, "Force Back and Advance After Combat").
func (f *Field) pushBack(a, dir Point, inches float64) Point {
	pos := a
	for done := 0.0; done < inches-1e-9; {
		step := fmin(moveStep, inches-done)
		next := add(pos, scale(dir, step))
		if next.X < baseRadius || next.Y < baseRadius || next.X > f.W-baseRadius || next.Y > f.H-baseRadius || f.at(next).impassable {
			return pos
		}
		for i := range f.barriers {
			br := &f.barriers[i]
			if (br.halts || br.cross < 0) && segmentsCross(pos, next, br.a, br.b) {
				return pos
			}
		}
		pos, done = next, done+step
	}
	return pos
}
