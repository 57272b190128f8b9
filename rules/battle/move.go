package battle

import (
	"math"

	"muster/rules"
	"muster/rules/combat"
)

// spacing is the distance between the centres of neighbouring figures in a formation: 1"
// bases a quarter inch apart, within any squad's command distance, so squads always keep
// coherency (docs/battle.md).
const spacing = 1.25

// place sets a unit's anchor and facing and lays its figures out around the anchor: a line
// abreast facing the enemy, or two or three ranks, or a column, whichever first keeps every
// figure on the table, out of impassable terrain and off the bases of other units' figures
// (room). When none fits there, it lays them out a little back toward where the unit came
// from, or behind or beside the point (makeRoom).
func (b *Battle) place(ui int, at Point, facing float64) {
	b.placeVia(ui, at, facing, nil)
}

// placeVia is place for a move that passed via a point where it was not placed (advance:
// no enemy could fire at it halfway, so nothing read its figures there). A place reads
// where the unit stood only when it must look for room around the point (makeRoom): then
// the unit is placed at via first after all, as the move would have placed it.
func (b *Battle) placeVia(ui int, at Point, facing float64, via *Point) {
	u := &b.units[ui]
	if b.trace != nil {
		b.trace.traceMove(b, ui, at)
	}
	b.moves++
	if via != nil {
		b.moves++ // (via's place)
	}
	n := 0
	for _, fi := range u.members {
		if f := &b.figs[fi]; f.alive() && int(f.unit) == ui {
			n++
		}
	}
	fr := &b.frames
	if !fr.set || fr.facing != facing || fr.n != n {
		// (the formations' offsets for this facing and n: a move's places halfway and at
		// its end share them)
		fr.ok, fr.set, fr.facing, fr.n, fr.fwd = [4]bool{}, true, facing, n, dirOf(facing)
	}
	fwd := fr.fwd
	from, hasFrom := u.anchor, u.placed
	if n == 0 {
		u.anchor, u.facing, u.fdir, u.boxOK, u.cOK, u.placed = at, facing, fwd, false, false, true
		if u.spec.Piece != nil && !u.gunSet {
			u.gunAt, u.gunSet = at, true
		}
		b.roomSkip = 0
		return
	}
	right := Point{X: fwd.Y, Y: -fwd.X}
	if cap(b.tmpPts) < n {
		b.tmpPts = make([]Point, n)
	}
	if cap(b.blocked) < n {
		b.blocked = make([]bool, n)
	}
	pts := b.tmpPts[:n]
	near := box{at, at}.pad(layoutReach(n))
	b.gatherRoom(ui, near)
	// Most places fit whole at the point itself, and the counts of the formations that do
	// not are read only when makeRoom finds no whole fit nearby either (it works them out
	// again then): so look for a whole fit first, each formation given up on at its first
	// place blocked, the figures that stop them kept for makeRoom's first points.
	quick := !b.fullLayouts && len(b.room) > 0
	if quick {
		b.roomFloor, b.quick, b.stopper = n-1, true, [4]int32{-1, -1, -1, -1}
	}
	bestR, bestValid, last := b.fit(at, fwd, right, n, pts)
	if quick {
		b.roomFloor, b.quick = -1, false
	}
	if via != nil && bestValid < n && len(b.room) > 0 {
		// makeRoom reads where the unit stood: the anchor a place at via would have given
		// it (via, when a formation fits whole there or nothing is near it; else where
		// makeRoom finds room around it, with the unit's figures still where they were).
		if !quick {
			b.moves -= 2
			b.place(ui, *via, facing)
			b.place(ui, at, facing)
			return
		}
		stop := b.stopper
		vnear := box{*via, *via}.pad(layoutReach(n))
		b.gatherRoom(ui, vnear)
		vfrom := *via
		if !b.fitsWhole(*via, fwd, right, n, pts) {
			vfrom, _, _, _ = b.makeRoom(ui, *via, from, hasFrom, fwd, right, n, pts, 1, -1, 0, vnear, true)
		}
		from, hasFrom = vfrom, true
		b.gatherRoom(ui, near) // (as before: stop's places in it hold)
		b.stopper = stop
	}
	u.anchor, u.facing, u.fdir, u.boxOK, u.cOK, u.placed = at, facing, fwd, false, false, true
	if u.spec.Piece != nil && !u.gunSet {
		u.gunAt, u.gunSet = at, true // the gun is set up where its crew is first placed
	}
	if bestValid < n && len(b.room) > 0 {
		var p Point
		if p, bestR, bestValid, last = b.makeRoom(ui, at, from, hasFrom, fwd, right, n, pts, bestR, bestValid, last, near, quick); p != at {
			at, u.anchor = p, p
		}
	}
	if bestR != last {
		b.layout(at, fwd, right, n, bestR, pts) // pts hold the last layout tried
	}
	// Figures with no place in the best layout found stand with the anchor, or failing that
	// with the first figure placed.
	refuge := at
	if bestValid < n && (!b.roomAt(at) || !b.standable(at)) {
		for i, p := range pts {
			if !b.blocked[i] && b.standable(p) {
				refuge = p
				break
			}
		}
	}
	// The ground's cover is coverAt's but where a barrier is near (its box, an inch wider,
	// meets the figures' box): then coverAt looks at it.
	span := box{refuge, refuge}
	for _, p := range pts {
		span = span.grow(p)
	}
	bars := false
	for i := range b.field.barriers {
		if b.field.barriers[i].bb.pad(1).overlaps(span) {
			bars = true
			break
		}
	}
	k := 0
	for _, fi := range u.members {
		f := &b.figs[fi]
		if !f.alive() || int(f.unit) != ui {
			continue
		}
		p := pts[k]
		if bestValid < n && (b.blocked[k] || !b.standable(p)) { // every point of a full layout is clear
			p = refuge
		}
		f.pos = p
		g := b.field.at(p) // (hill: hillAt's)
		f.hill, f.cover = g.hill, g.cover
		if bars {
			f.cover = b.coverAt(p)
		}
		k++
	}
	if b.audit != nil {
		b.auditPlaced(ui)
	}
	b.roomSkip = 0
}

// placeAgainst is place for a unit stopping base to base with unit ti (a charge's contact):
// its figures may stand on ti's and on the enemies in ti's close assault (roomExempt).
func (b *Battle) placeAgainst(ui int, at Point, facing float64, ti int) {
	b.roomSkip = ti + 1 // read by roomExempt during this place only
	b.place(ui, at, facing)
}

// fitsWhole: place would keep at as the anchor, b.room gathered around it: some
// formation fits whole there, or no figure is near it.
func (b *Battle) fitsWhole(at, fwd, right Point, n int, pts []Point) bool {
	if len(b.room) == 0 {
		return true
	}
	b.roomFloor, b.quick, b.stopper = n-1, true, [4]int32{-1, -1, -1, -1}
	_, v, _ := b.fit(at, fwd, right, n, pts)
	b.roomFloor, b.quick = -1, false
	return v == n
}

// layoutReach is how far from its anchor a formation of n figures may reach, with the room
// its bases need.
func layoutReach(n int) float64 {
	return float64(n-1)*spacing + spacing/2 + roomGap
}

// fit lays n figures out around at in the first formation that keeps every figure clear: a
// line abreast, two or three ranks, a column. It returns the ranks of the best (the first
// with the most points clear), the points clear, and the ranks of the layout pts hold.
func (b *Battle) fit(at, fwd, right Point, n int, pts []Point) (bestR, bestValid, last int) {
	bestR, bestValid = 1, -1
	for _, r := range [...]int{1, 2, 3, n} {
		if r > n || (r == n && n <= 3 && last == n) {
			continue // (a column of three or fewer is the formation tried before it)
		}
		valid := b.layout(at, fwd, right, n, r, pts)
		last = r
		if valid == n {
			return r, valid, last
		}
		if valid > bestValid {
			bestR, bestValid = r, valid
		}
	}
	return bestR, bestValid, last
}

// roomGap is how close a figure's centre may come to another unit's figure's: two 1" bases
// (a twentieth of an inch's tolerance, so that bases in contact, 1" apart, are not on each
// other).
const roomGap = 2*baseRadius - 0.05

// roomStep and roomReach: makeRoom looks for room every half inch up to 8" away.
const (
	roomStep  = 0.5
	roomReach = 8.0
)

// makeRoom looks for a point near at where a formation fits with room for every figure:
// back toward from (where the unit stood, up to there), then behind at (away from its
// facing), then to its right and left, every half inch up to 8", nearer points first. It
// returns the first point where one fits, or the point with the most figures clear (at on
// ties), with fit's answers there. b.room holds the figures within near of at (place's);
// quick: place looked at at for a whole fit only (its answers are worked out again in full
// when they are read), b.stopper holding what stopped each formation there.
func (b *Battle) makeRoom(ui int, at, from Point, hasFrom bool, fwd, right Point, n int, pts []Point, bestR, bestValid, last int, near box, quick bool) (Point, int, int, int) {
	var dirs [4]Point
	var lim [4]float64
	nd := 0
	if d := math.Sqrt(dist2(at, from)); hasFrom && d > roomStep/2 {
		dirs[0], lim[0], nd = scale(sub(from, at), 1/d), fmin(d, roomReach), 1
	}
	for _, v := range [...]Point{scale(fwd, -1), right, scale(right, -1)} {
		dirs[nd], lim[nd] = v, roomReach
		nd++
	}
	b.gatherMore(ui, near, box{at, at}.pad(layoutReach(n)+roomReach))
	best := at
	// A try matters only if it has more places clear than the best so far: layout may give
	// up on a formation as soon as it is sure it has no more (roomFloor). Only the last
	// try's places and blocks are read afterwards (by place, when makeRoom keeps at), and
	// those are worked out in full again below if that try was given up on.
	b.layoutGaveUp = false
	if !b.fullLayouts {
		// Nearly every search ends at the first point where a formation fits whole, and
		// that point, its formation and its layout are the same whatever the floor the
		// tries before it gave up at: so look for it first with each formation given up on
		// at its first place blocked, and only when there is none work the best out in full
		// below (about one search in 140 with 8 squads a side).
		b.roomFloor, b.quick = n-1, true
		if !quick {
			b.stopper = [4]int32{-1, -1, -1, -1}
		}
		for step := roomStep; step < roomReach+roomStep; step += roomStep {
			for k := range nd {
				if step-roomStep >= lim[k]-1e-9 {
					continue
				}
				p := add(at, scale(dirs[k], fmin(step, lim[k])))
				if !b.standable(p) {
					continue
				}
				if r, v, l := b.fit(p, fwd, right, n, pts); v == n {
					b.roomFloor, b.quick = -1, false
					return p, r, v, l
				}
			}
		}
		b.roomFloor, b.quick = -1, false
	}
	if quick {
		bestR, bestValid, last = b.fit(at, fwd, right, n, pts) // (in full: place gave up early)
	}
	var lastP Point
	for step := roomStep; step < roomReach+roomStep; step += roomStep {
		for k := range nd {
			if step-roomStep >= lim[k]-1e-9 {
				continue
			}
			p := add(at, scale(dirs[k], fmin(step, lim[k])))
			if !b.standable(p) {
				continue // (the anchor is where figures with no place stand: never in a crystal)
			}
			if !b.fullLayouts {
				b.roomFloor = bestValid
			}
			r, v, l := b.fit(p, fwd, right, n, pts)
			b.roomFloor = -1
			last, lastP = l, p
			if v > bestValid {
				best, bestR, bestValid = p, r, v
			}
			if v == n {
				return best, bestR, bestValid, last
			}
		}
	}
	if best != at || bestR != last {
		b.layout(best, fwd, right, n, bestR, pts)
		last = bestR
	} else if b.layoutGaveUp {
		b.layout(lastP, fwd, right, n, last, pts)
	}
	return best, bestR, bestValid, last
}

// gatherRoom collects in b.room the figures within zone a layout of unit ui keeps its
// bases off: those of every other unit on the table, still fighting, but the units in its
// own close assault and, for a charge, the unit it charges and those in that unit's close
// assault (roomExempt).
func (b *Battle) gatherRoom(ui int, zone box) {
	out := b.room[:0]
	for k := range b.units {
		o := &b.units[k]
		if k == ui || !o.onTable() || b.roomExempt(ui, k) {
			continue
		}
		bb := o.bb // (unitBox, without the call where the box is kept and no audit asks)
		if !o.boxOK || b.audit != nil {
			bb = b.unitBox(k)
		}
		if !bb.overlaps(zone) {
			continue
		}
		pts := b.live[k].pts // (livePos, without the calls where its positions are current)
		if !o.cOK || b.live[k].ver != o.ver {
			b.unitVer(k) // (livePos keeps the positions against it)
			pts, _ = b.livePos(k)
		}
		for _, p := range pts {
			if zone.contains(p) {
				out = append(out, p)
			}
		}
	}
	b.room = out
}

// gatherMore widens b.room, gathered within near, to zone (which holds near): the figures
// within zone but not near are added after those already there, whose places in b.room
// (b.stopper) stay as they were. Only which figures room holds is read, never their order,
// but for the stoppers, and any figure of room gives the stoppers' answers.
func (b *Battle) gatherMore(ui int, near, zone box) {
	out := b.room
	for k := range b.units {
		o := &b.units[k]
		if k == ui || !o.onTable() || b.roomExempt(ui, k) {
			continue
		}
		bb := o.bb
		if !o.boxOK || b.audit != nil {
			bb = b.unitBox(k)
		}
		if !bb.overlaps(zone) {
			continue
		}
		pts := b.live[k].pts
		if !o.cOK || b.live[k].ver != o.ver {
			b.unitVer(k)
			pts, _ = b.livePos(k)
		}
		for _, p := range pts {
			if zone.contains(p) && !near.contains(p) {
				out = append(out, p)
			}
		}
	}
	b.room = out
}

// roomExempt: unit ui's figures may stand on unit k's: k is an enemy in ui's close assault,
// or the unit ui charges into contact with, or an enemy in that unit's close assault.
// Friends keep their bases apart, in a close assault too: the fight may end with both
// still on the table.
func (b *Battle) roomExempt(ui, k int) bool {
	u, o := &b.units[ui], &b.units[k]
	if o.side == u.side {
		return false
	}
	if u.eng >= 0 && o.eng == u.eng {
		return true
	}
	if s := b.roomSkip - 1; s >= 0 {
		return k == s || (b.units[s].eng >= 0 && o.eng == b.units[s].eng)
	}
	return false
}

// roomAt: p is at least roomGap from every figure in b.room.
func (b *Battle) roomAt(p Point) bool {
	for _, q := range b.room {
		if dist2(p, q) < roomGap*roomGap {
			return false
		}
	}
	return true
}

// layout places n figures in r ranks around at, counting the positions that are clear:
// standable, and not on a figure in b.room (b.blocked marks those that are). When
// b.roomFloor is not negative and no more than that many can be clear, it may stop short
// and return -1, blocked then incomplete (layoutGaveUp).
func (b *Battle) layout(at, fwd, right Point, n, r int, pts []Point) int {
	blocked := b.blocked[:n]
	k := min(r, 4) - 1 // r is 1, 2, 3 or n (fit), and n only above 3 unless it equals r
	fr := &b.frames
	if side, back := fr.side[k], fr.back[k]; !fr.ok[k] || len(side) != n || len(back) != n {
		if cap(side) < n || cap(back) < n {
			side, back = make([]Point, n, 2*n), make([]Point, n, 2*n)
		}
		side, back = side[:n], back[:n]
		per := (n + r - 1) / r
		ob := box{} // the offsets' box, the anchor in it
		// Place i is rank i/per, file i%per: ranks and files in turn, without the division.
		for i, j := 0, 0; i < n; j++ {
			m := min(per, n-j*per)
			half, odd := float64(m-1)/2, j%2 == 1
			bk := scale(fwd, -float64(j)*spacing) // (the rank's, worked out once)
			for idx := range m {
				lat := (float64(idx) - half) * spacing
				if odd {
					lat += spacing / 2
				}
				sd := scale(right, lat)
				side[i], back[i] = sd, bk
				ob = ob.grow(add(sd, bk))
				i++
			}
		}
		fr.side[k], fr.back[k], fr.ok[k] = side, back, true
		fr.box[k] = ob.pad(1e-9) // (the points' rounding: at+side+back against at+(side+back))
	}
	side, back := fr.side[k][:n], fr.back[k][:n]
	// Every point lies within span: the zone a figure of room must be in to be on one.
	span := box{add(at, fr.box[k].lo), add(at, fr.box[k].hi)}
	zone := span.pad(roomGap)
	b.layoutGaveUp = false
	if s := b.stopper[k]; b.quick && s >= 0 && zone.contains(b.room[s]) {
		// Looking for a whole fit, the figure that stopped this formation at the last
		// point tried most often stops it at this one, half an inch on: any figure on a
		// place gives the same answer. (The places after it are not read: the layout is
		// given up on.)
		q := b.room[s]
		for i := range n {
			p := add(add(at, side[i]), back[i])
			pts[i] = p
			blocked[i] = false
			if dist2(p, q) < roomGap*roomGap {
				b.layoutGaveUp = true
				return -1
			}
		}
	} else {
		for i := range n {
			pts[i] = add(add(at, side[i]), back[i])
			blocked[i] = false
		}
	}
	nb := 0 // places blocked so far
	if len(b.room) > 0 {
		for j, q := range b.room {
			if !zone.contains(q) {
				continue
			}
			for i, p := range pts {
				if dist2(p, q) < roomGap*roomGap && !blocked[i] {
					blocked[i] = true
					nb++
					if b.roomFloor >= 0 && n-nb <= b.roomFloor {
						// No more than roomFloor places can be clear: not worth finishing
						// (makeRoom).
						b.layoutGaveUp = true
						if b.quick {
							b.stopper[k] = int32(j)
						}
						return -1
					}
				}
			}
		}
	}
	if b.standableBox(span) {
		return n - nb
	}
	valid := 0
	for i, p := range pts {
		if !blocked[i] && b.standable(p) {
			valid++
		}
	}
	return valid
}

// standableBox: every point of z is standable (on the table, and no impassable area's box
// meets the grid cells z covers).
func (b *Battle) standableBox(z box) bool {
	f := b.field
	if z.lo.X < baseRadius || z.lo.Y < baseRadius || z.hi.X > f.W-baseRadius || z.hi.Y > f.H-baseRadius {
		return false
	}
	if f.impMask == 0 {
		return true
	}
	x0, y0 := f.cellXY(z.lo)
	x1, y1 := f.cellXY(z.hi)
	for y := y0; y <= y1; y++ {
		for _, c := range f.grid[y*f.nx+x0 : y*f.nx+x1+1] {
			if c&f.impMask != 0 {
				return false
			}
		}
	}
	return true
}

// frames keeps, for the unit place is laying out, each formation's offsets from the anchor,
// as layout works them out the first time: makeRoom tries the same four formations at up
// to 64 points. layout adds them to the anchor in the order it adds them the first time
// (the file's offset, then the rank's), so the points are the same to the last bit.
type frames struct {
	ok         [4]bool // cleared by place when the facing or n changes
	side, back [4][]Point
	box        [4]box // the offsets' box (side+back, and the anchor), a hair wider
	// set: the offsets are for facing (whose direction is fwd) and n figures.
	set    bool
	facing float64
	n      int
	fwd    Point
}

// standable: on the table and not in impassable terrain.
func (b *Battle) standable(p Point) bool {
	if p.X < baseRadius || p.Y < baseRadius || p.X > b.field.W-baseRadius || p.Y > b.field.H-baseRadius {
		return false
	}
	return !b.field.impassableAt(p)
}

// movementPhase: reinforcements arrive, then the sides move one unit at a time, the side
// without the initiative first (the doctrine moves second when it has the initiative, to
// see the enemy's moves); each side moves the units farthest from the enemy first, so that
// those closest keep their opportunity fire (Chapter Two).
func (b *Battle) movementPhase() {
	b.logPhase("Movement")
	b.reinforce("movement")
	b.enterReady()
	for s := range 2 {
		o := b.order[s][:0]
		lo, hi := b.sideRange(s)
		for i := lo; i < hi; i++ {
			if b.units[i].onTable() {
				o = append(o, i)
			}
		}
		// Insertion sort by distance, farthest first, army order on ties.
		for i := range o {
			b.orderKey[o[i]] = b.enemyDist2(o[i])
		}
		for i := 1; i < len(o); i++ {
			for j := i; j > 0 && b.orderKey[o[j]] > b.orderKey[o[j-1]]+tie; j-- {
				o[j], o[j-1] = o[j-1], o[j]
			}
		}
		b.order[s] = o
	}
	side := 1 - b.initiative
	var next [2]int
	for next[0] < len(b.order[0]) || next[1] < len(b.order[1]) {
		if next[side] >= len(b.order[side]) {
			side = 1 - side
		}
		ui := b.order[side][next[side]]
		next[side]++
		b.hand(ui)
		b.moveUnit(ui)
		if b.over {
			return
		}
		side = 1 - side
	}
}

// enemyDist2 is the squared distance from a unit's centre to its nearest enemy's.
func (b *Battle) enemyDist2(i int) float64 {
	e := b.nearestEnemy(i)
	if e < 0 {
		return 0
	}
	return dist2(b.centroid(i), b.centroid(e))
}

// moveUnit plays one unit's move by its plan.
func (b *Battle) moveUnit(ui int) {
	u := &b.units[ui]
	if !u.onTable() || u.moved {
		return
	}
	defer func() { u.moved = true }()
	if b.status(u) == combat.Broken {
		return // broken squads move in the Morale Phase
	}
	if u.oppFired || u.cannotMove {
		return
	}
	if u.eng >= 0 {
		b.standUp(ui) // soldiers down in a close assault get up to fight on
	}
	if u.amok && u.eng < 0 && b.runAmok(ui) {
		return
	}
	if u.remount && u.eng < 0 && b.remountAll(ui) {
		return
	}
	pickupCost := b.pickUp(ui)
	p := b.plan(ui)
	switch p.kind {
	case planHold:
		if p.assemble {
			b.assemble(ui)
			return
		}
		if c := b.nearestEnemy(ui); c >= 0 && angleDiff(u.facing, p.facing) > math.Pi/4 {
			// Turning to face a target counts as walking (Chapter Two, "Facing").
			b.place(ui, u.anchor, p.facing)
			u.walked = true
			if b.lg != nil {
				b.logf("%s turns to face %s\n", b.name(ui), b.name(c))
			}
		} else if b.lg != nil && p.why != "" {
			if b.lg != nil {
				b.logf("%s holds (%s)\n", b.name(ui), p.why)
			}
		}
		b.goProne(ui)
	case planMove:
		b.advance(ui, p, pickupCost)
	case planCharge:
		b.charge(ui, p.target)
	case planDisengage:
		b.disengage(ui)
	}
	b.checkExits(ui)
}

// goProne: a squad holding in cover lies down ("a soldier may fall prone during the Movement
// Phase at no cost, but this ends his move", Chapter Two) when the nearest enemy unit's fire at it is
// worth half a casualty or more and no enemy could charge it this turn (prone soldiers fight
// at -2): the fire at it is then at +1, grenades at -1, and behind a low wall or in a trench
// it is seen only from across it. It stands up (2") when it next moves.
func (b *Battle) goProne(ui int) {
	u := &b.units[ui]
	if u.eng >= 0 || !u.subjectToMorale() || u.spec.Kind != KindSquad || b.unitCover(ui) == combat.Open {
		return
	}
	down := true
	for _, fi := range u.members {
		if f := &b.figs[fi]; f.alive() && int(f.unit) == ui && !f.prone {
			down = false
			break
		}
	}
	if down {
		return // already lying down
	}
	e := b.nearestEnemy(ui)
	if e < 0 {
		return
	}
	lo, hi := b.sideRange(1 - u.side)
	for k := lo; k < hi; k++ {
		if ek := &b.units[k]; ek.onTable() && b.unitDistMax(ui, k, ek.spec.Run+3) <= ek.spec.Run+3 {
			return
		}
	}
	if b.estimate(e, ui, false, 0) < proneThreat {
		return
	}
	n := 0
	for _, fi := range u.members {
		if f := &b.figs[fi]; f.alive() && int(f.unit) == ui && !f.prone {
			f.prone = true
			n++
		}
	}
	if n > 0 && b.lg != nil {
		b.logf("%s goes prone\n", b.name(ui))
	}
}

// proneThreat is the enemy fire, in expected casualties, a holding squad lies down from.
const proneThreat = 0.5

// assemble sets up (or takes down) a squad's assembled weapon: the whole Movement Phase,
// the squad holding around it (Chapter Three, "Assembled Weapons").
func (b *Battle) assemble(ui int) {
	u := &b.units[ui]
	switch u.tripod {
	case tripodCarried:
		u.tripod = tripodAssembled
		if b.lg != nil {
			b.logf("%s assembles its %s\n", b.name(ui), b.heavyName(ui))
		}
	case tripodAssembled:
		u.tripod = tripodCarried
		if b.lg != nil {
			b.logf("%s takes down its %s to move\n", b.name(ui), b.heavyName(ui))
		}
	}
}

func (b *Battle) heavyName(ui int) string {
	u := &b.units[ui]
	if u.spec.Tripod >= 0 && u.spec.Figs[u.spec.Tripod].Torpedo != nil {
		return "proton torpedo launcher"
	}
	if u.spec.Tripod >= 0 {
		for _, g := range u.spec.Figs[u.spec.Tripod].Guns {
			if g.W.Assembled {
				return g.W.Name
			}
		}
	}
	return "weapon"
}

// standardOf is the standard configuration of a tripod-mounted weapon, or nil.
func (b *Battle) standardOf(w *rules.Weapon) *rules.Weapon {
	if w.Name != tripodName {
		return nil
	}
	return b.standard
}

// tripodName is the Weapon Chart's tripod-mounted repeating blaster.
const tripodName = "Repeating Blaster (Tripod)"

// gunOf is the weapon a figure fires, with a discarded tripod's weapon as its standard
// configuration.
func (b *Battle) gunOf(ui int, g Gun) *rules.Weapon {
	if g.W.Assembled && b.units[ui].tripod == tripodDiscarded {
		if s := b.standardOf(g.W); s != nil {
			return s
		}
	}
	return g.W
}

// advance moves a unit toward its plan's destination, walking or running, paying for the
// terrain, around impassable obstacles, staying out of contact; enemy squads that have not
// moved may opportunity fire halfway.
func (b *Battle) advance(ui int, p plan, pickupCost float64) {
	u := &b.units[ui]
	run := p.run && b.canRun(ui)
	if run && u.tripod == tripodCarried {
		b.discardTripod(ui)
	}
	if run && u.tripod == tripodCarried {
		run = false
	}
	budget := b.maxMove(ui, run) - pickupCost
	budget -= b.standUp(ui)
	if budget <= 0 {
		return
	}
	start := u.anchor
	end := b.route(ui, start, p.dest, budget, run)
	if u.spec.Kind == KindHero && len(b.field.barriers) > 0 {
		end, _ = b.climb(ui, start, p.dest, budget, end) // climbing.go
		if !u.onTable() || b.aliveCount(ui) == 0 {
			return
		}
	}
	end = b.keepOff(ui, start, end)
	if p.why == whyObjective && math.Sqrt(dist2(start, end)) < budget/2 {
		end = b.sidestep(ui, start, p.dest, budget, run, end)
	}
	if dist2(start, end) < 0.01 {
		if b.lg != nil {
			b.logf("%s cannot move on (%s)\n", b.name(ui), p.why)
		}
		return
	}
	face := heading(start, end)
	if e := b.nearestEnemy(ui); e >= 0 {
		toward := heading(end, b.centroid(e))
		if !run || angleDiff(toward, face) <= math.Pi/2 {
			face = toward
		}
	}
	// Opportunity fire catches the unit halfway; where the straight line's middle is in
	// impassable terrain the route went around, halfway along the way round.
	half := lerp(start, end, 0.5)
	if !b.standable(half) {
		half = b.routeJ(ui, start, end, math.Sqrt(dist2(start, end))/2, run, nil)
	}
	// Where no enemy could fire at it halfway, nothing reads the unit's figures there: it is
	// placed there only if the place at the end needs it (placeVia).
	via := b.trace == nil && b.audit == nil && (u.spec.Piece == nil || u.gunSet) && !b.mayOpportunity(ui, -1)
	if !via {
		b.place(ui, half, face)
	}
	b.opportunity(ui, end, -1)
	if b.aliveCount(ui) == 0 {
		return
	}
	if via {
		b.placeVia(ui, end, face, &half)
	} else {
		b.place(ui, end, face)
	}
	u.walked, u.ran = !run, run
	if len(b.tangles) > 0 {
		b.tangleNote(ui, start, end)
	}
	if b.lg != nil {
		verb := "walks"
		if run {
			verb = "runs"
		}
		if b.lg != nil {
			b.logf("%s %s %s\" to %s (%s)%s\n", b.name(ui), verb, in1(math.Sqrt(dist2(start, end))), b.where(end), p.why, b.coverNote(ui))
		}
	}
	if b.objBy >= 0 && int(b.figs[b.objBy].unit) == ui {
		b.objAt = b.figs[b.objBy].pos
	}
}

// route moves from start toward dest with a budget, around impassable obstacles.
func (b *Battle) route(ui int, start, dest Point, budget float64, run bool) Point {
	return b.routeJ(ui, start, dest, budget, run, b.jumper(ui))
}

// routeJ is route with a hero's barrier jumps (nil: none, for moves only weighed).
func (b *Battle) routeJ(ui int, start, dest Point, budget float64, run bool, jump func(bool) bool) Point {
	noRough := b.units[ui].spec.NoRough
	pos := start
	for leg := 0; leg < 3 && budget > 0.05; leg++ {
		wp := b.field.waypoint(pos, dest)
		l := b.field.walk(pos, wp, budget, run, noRough, jump)
		pos, budget = l.end, budget-l.used
		if l.blocked || dist2(pos, wp) > 0.01 || wp == dest {
			break
		}
	}
	return pos
}

// keepOff pulls a move's end back so that the unit ends at least 2" from every enemy
// figure: only a charge brings soldiers into contact. It is pulled back inch by inch
// towards the start, past any impassable terrain the straight line back crosses (the
// route there may have gone around it).
func (b *Battle) keepOff(ui int, start, end Point) Point {
	side := b.units[ui].side
	lo, hi := b.sideRange(1 - side)
	for range 12 {
		close := b.field.impassableAt(end)
		for e := lo; e < hi && !close; e++ {
			if !b.units[e].onTable() {
				continue
			}
			if d, _ := b.nearestFig(e, end); d < 2.5 {
				close = true
			}
		}
		if !close {
			return end
		}
		end = towards(end, start, 1)
		if dist2(end, start) < 0.01 {
			return start
		}
	}
	if b.field.impassableAt(end) {
		return start
	}
	return end
}

// sidestep: a unit making for an objective with enemies in the way tries heading 30, 60
// and 90 degrees to either side, and takes the move that leaves it nearest the objective.
func (b *Battle) sidestep(ui int, start, dest Point, budget float64, run bool, end Point) Point {
	best, bd := end, dist2(end, dest)
	h := heading(start, dest)
	for _, a := range [...]float64{math.Pi / 6, -math.Pi / 6, math.Pi / 3, -math.Pi / 3, math.Pi / 2, -math.Pi / 2} {
		aim := add(start, scale(dirOf(h+a), budget))
		e := b.keepOff(ui, start, b.routeJ(ui, start, aim, budget, run, nil))
		if d := dist2(e, dest); d < bd-tie {
			best, bd = e, d
		}
	}
	return best
}

// standUp stands the unit's prone figures up, which costs 2" (Chapter Two, "Prone
// Soldiers").
func (b *Battle) standUp(ui int) float64 {
	cost := 0.0
	for _, fi := range b.units[ui].members {
		f := &b.figs[fi]
		if f.alive() && int(f.unit) == ui && f.prone {
			f.prone = false
			cost = float64(b.r.Tables.Movement.StandUpCost)
		}
	}
	return cost
}

func (b *Battle) discardTripod(ui int) {
	u := &b.units[ui]
	if u.tripod == tripodCarried && b.canDiscard(ui) {
		u.tripod = tripodDiscarded
		if b.lg != nil {
			b.logf("%s discards the tripod of its %s\n", b.name(ui), b.heavyName(ui))
		}
	}
}

// opportunity lets enemy squads that have not moved fire at a moving unit, placed at the
// middle of its move (Chapter Three, "Opportunity Fire"). The doctrine fires when its
// expected casualties are worth it: at least 0.5, and the mover is charging, or leaving
// worse cover than it is going to, or the fire is worth 1.5 or more. Casualties apply at
// once; morale tests wait for the Morale Phase. charged is the unit a charging mover is
// charging (-1 for other moves): "the charged squad cannot opportunity fire; all it gets is
// its defensive fire" (Chapter Three, "Opportunity Fire"); one that broke or withdrew from
// the charge (marked fired) "loses its chance" to fire (Chapter Four).
// mayOpportunity: some enemy unit could opportunity fire at mover (opportunity's first
// tests, before it weighs the fire).
func (b *Battle) mayOpportunity(mover, charged int) bool {
	lo, hi := b.sideRange(1 - b.units[mover].side)
	for e := lo; e < hi; e++ {
		t := &b.units[e]
		if e == charged || !t.onTable() || t.moved || t.oppFired || t.defFired || t.fired || t.cannotMove || t.eng >= 0 || !b.hasGuns(e) {
			continue
		}
		if b.status(t) >= combat.Demoralized {
			continue
		}
		return true
	}
	return false
}

// oppGain: the mover is going to better cover at dest than it has (halfway), worked out
// once into *gain (-1: not yet).
func (b *Battle) oppGain(gain *int, mover int, dest Point) bool {
	if *gain < 0 {
		*gain = 0
		if c := b.coverAt(dest); c > combat.Open && c > b.unitCover(mover) {
			*gain = 1
		}
	}
	return *gain == 1
}

func (b *Battle) opportunity(mover int, dest Point, charged int) {
	defer b.use(b.dice) // the mover's dice, after each firer's own
	m := &b.units[mover]
	charging := charged >= 0
	gain := -1
	lo, hi := b.sideRange(1 - m.side)
	for e := lo; e < hi; e++ {
		t := &b.units[e]
		if e == charged || !t.onTable() || t.moved || t.oppFired || t.defFired || t.fired || t.cannotMove || t.eng >= 0 || !b.hasGuns(e) {
			continue
		}
		st := b.status(t)
		if st >= combat.Demoralized || (t.tripod == tripodCarried && t.spec.Figs[t.spec.Tripod].Torpedo != nil && b.heavyAt(e)) {
			continue // (a torpedo squad keeps its move to set up its launcher)
		}
		// The doctrine fires for 0.5 expected casualties where the mover is charging or
		// gaining cover (gain: the same for every firer until fire strikes the mover), else
		// for 1.5. The fire in the open at the same distance is worth at least what estimate
		// forecasts (cover only makes it harder): where that falls short, no look is needed.
		d := math.Sqrt(dist2(b.centroid(e), b.centroid(mover)))
		ex := b.fireValue(e, mover, d, combat.Open, false, 1)
		if ex < 0.5 || (!charging && ex < 1.5 && !b.oppGain(&gain, mover, dest)) {
			continue
		}
		if b.night || len(b.clouds) > 0 {
			ex = b.estimate(e, mover, false, 1) // nothing when hidden or dark (darkness.go)
		} else if ok, cover := b.unitSight(e, mover); !ok {
			ex = 0
		} else if cover != combat.Open {
			ex = b.fireValue(e, mover, d, cover, false, 1)
		} // (estimate's, but not kept: the mover was placed halfway and goes on)
		if ex < 0.5 || (b.hideOn && b.hidden[e] && ex < ambushWorth) {
			continue
		}
		if !charging && ex < 1.5 && !b.oppGain(&gain, mover, dest) {
			continue
		}
		b.hand(e) // the firers' own dice, given back to the mover below
		if t.spec.Kind != KindDroid {
			// (the test's roll decides it alone, with or without the modifier for being
			// behind cover, more often than not: whether the squad is, only where it matters)
			ok, covered := b.r.OpportunityFireBoth(b.dice, combat.OpportunityTest{Command: b.command(e), Status: st,
				HalfCasualties: b.halfDown(e)})
			if ok != covered && b.behindCover(e) { // (t has not moved)
				ok = covered
			}
			if !ok {
				t.cannotMove = true
				if b.lg != nil {
					b.logf("%s tries opportunity fire at %s: the command roll fails; it cannot move this phase\n", b.name(e), b.name(mover))
				}
				continue
			}
		}
		t.oppFired, t.moved = true, true
		if b.lg != nil {
			b.logf("%s opportunity fires at %s in mid-move\n", b.name(e), b.name(mover))
		}
		b.clearPhaseHits()
		b.fireAt(e, mover, fireOpportunity)
		b.endPhaseUnit(mover)
		if b.aliveCount(mover) == 0 {
			return
		}
		gain = -1 // (the mover's cover, with figures lost)
	}
}

// hasGuns: the unit has a figure with a weapon it can fire (a gun, a flamethrower, a DEMP
// gun, a torpedo launcher with torpedoes).
func (b *Battle) hasGuns(ui int) bool {
	for _, fi := range b.units[ui].members {
		f := &b.figs[fi]
		if f.alive() && int(f.unit) == ui && (len(f.spec.Guns) > 0 || f.spec.Flamer != nil || f.spec.DEMP != nil || (f.spec.Torpedo != nil && f.torps > 0)) {
			return true
		}
	}
	return false
}

// halfDown: the unit has taken 50% or more casualties: figures incapacitated or gone, and
// figures wounded (the book's casualty is "each soldier wounded or incapacitated").
func (b *Battle) halfDown(ui int) bool {
	u := &b.units[ui]
	total, lost := 0, 0
	for _, fi := range u.members {
		if b.figs[fi].home != int32(ui) && int(b.figs[fi].unit) != ui {
			continue
		}
		total++
		if f := &b.figs[fi]; !f.alive() || f.f.Wounded {
			lost++
		}
	}
	return total > 0 && 2*lost >= total
}

// charge plays a charge (Chapter Four, "Charging"; Chapter Five, "Charging" and "Receiving
// a Charge"): the charge test, the receiving test, defensive fire halfway, the run into
// base-to-base contact or the morale cost of falling short.
func (b *Battle) charge(ui, ti int) {
	u, t := &b.units[ui], &b.units[ti]
	flank := b.flanked(ti, ui)
	if u.tripod == tripodCarried {
		b.discardTripod(ui)
	}
	if b.lg != nil {
		b.logf("%s charges %s%s\n", b.name(ui), b.name(ti), ifs(flank, " in the flank", ""))
	}
	if b.hideOn {
		b.reveal(ui, "it charges")
	}
	if u.subjectToMorale() && combat.NeedsChargeTest(b.aliveCount(ui), b.aliveCount(ti), t.tripod == tripodAssembled) {
		m := b.standardMorale(ui, combat.ChargeTest)
		m.FlankOrRear, m.BehindBarrier = flank, b.behindBarrier(ti, ui)
		res := b.moraleTest(ui, m)
		b.applyMorale(ui, "charge", res)
		if res.Aborted() {
			if b.lg != nil {
				b.logf("%s: the charge is aborted\n", b.name(ui))
			}
			return
		}
	}
	// (A squad already in a close assault tests too: the book exempts only one charged by
	// fewer than half its number, from the front.)
	if t.subjectToMorale() && combat.NeedsReceivingTest(b.aliveCount(ui), b.aliveCount(ti), flank) {
		m := b.standardMorale(ti, combat.ReceivingChargeTest)
		m.FlankOrRear, m.Outnumbered = flank, b.aliveCount(ui) >= 2*b.aliveCount(ti)
		m.FollowingFireWeapons = b.followingGuns(ti)
		res := b.moraleTest(ti, m)
		b.applyMorale(ti, "receiving the charge", res)
		if !res.Stands() {
			// The defenders are gone before contact; the chargers take their ground.
			t.fired = true
			old := b.centroid(ti)
			b.advance(ui, plan{kind: planMove, dest: old, run: true, why: "taking the abandoned ground"}, 0)
			u.charged = true
			return
		}
	}
	_, near := b.nearestFig(ti, u.anchor)
	if near < 0 {
		return
	}
	target := b.figs[near].pos
	start := u.anchor
	contact := towards(target, start, 1) // base to base
	reach := b.chargeReach(ui, start, contact, b.canRun(ui)) - b.standUp(ui)
	l := b.field.walk(start, contact, reach, false, u.spec.NoRough, b.jumper(ui))
	reached := dist2(l.end, contact) <= 0.05
	end := l.end
	face := heading(start, target)
	// Defensive fire halfway or where the chargers are first seen, by a squad charged from
	// the front that stood; other squads that have not moved may opportunity fire.
	if dp := b.defensivePoint(ti, start, end); reached && dist2(dp, end) < 0.01 {
		b.placeAgainst(ui, dp, face, ti) // in contact already
	} else {
		b.place(ui, dp, face)
	}
	if !flank && t.eng < 0 && !t.fired && !t.oppFired && !t.defFired && b.hasGuns(ti) && b.status(t) < combat.Broken {
		t.defFired = true
		if b.lg != nil {
			b.logf("%s fires at the chargers\n", b.name(ti))
		}
		b.clearPhaseHits()
		b.fireAt(ti, ui, fireDefensive)
		// Incapacitated chargers are removed; the wounded fall prone where the fire caught
		// them, short of contact (Chapter Four, "Defensive Fire").
		for _, fi := range u.members {
			if f := &b.figs[fi]; f.alive() && int(f.unit) == ui && !f.f.Wounded && f.f.Pending() == combat.Wound {
				f.prone = true
			}
		}
		b.endPhaseUnit(ui)
	}
	b.opportunity(ui, end, ti)
	if b.aliveCount(ui) == 0 {
		return
	}
	u.charged = true
	if len(b.tangles) > 0 {
		b.tangleNote(ui, start, end)
	}
	if !t.onTable() || b.aliveCount(ti) == 0 {
		// The defenders fell to their own fire's consequences (a wounded creature falling
		// on them) or left: the chargers end their move with nobody to fight. (They were
		// locked in a close assault with nobody in it for the rest of the battle.)
		b.place(ui, end, face)
		if b.lg != nil {
			b.logf("%s finds nobody left to fight\n", b.name(ui))
		}
		return
	}
	if !reached {
		b.place(ui, end, face)
		if b.lg != nil {
			b.logf("%s falls short of %s (%s\" of %s\"): morale -1\n", b.name(ui), b.name(ti),
				in1(l.used), in1(math.Sqrt(dist2(start, contact))))
		}
		b.dropLevel(ui)
		return
	}
	// Base to base; where the point of contact is in impassable terrain (the edge of a
	// crystal or rock), the chargers stand where the walk stopped, within a fifth of an inch.
	if b.standable(contact) {
		end = contact
	}
	b.placeAgainst(ui, end, face, ti)
	b.engage(ui, ti)
	u.firstRound, u.chargedIn = true, true
	if b.lg != nil {
		b.logf("%s crashes into %s\n", b.name(ui), b.name(ti))
	}
}

// defensivePoint is where the chargers stand when the defenders fire: "halfway through the
// charging squad's move, or the first place where the charging squad is visible, whichever
// is closer to the defender" (Chapter Four, "Defensive Fire"). Visible: the defenders'
// centre sees the chargers' centre there (the terrain), looked for every half inch.
func (b *Battle) defensivePoint(ti int, start, end Point) Point {
	half := lerp(start, end, 0.5)
	tc := b.centroid(ti)
	hill := b.field.at(tc).hill
	total := math.Sqrt(dist2(start, end))
	for done := 0.0; done <= total; done += moveStep {
		p := lerp(start, end, fmin(done/fmax(total, 1e-9), 1))
		if ok, _ := b.field.sight(tc, p, hill, false); ok {
			if dist2(p, tc) < dist2(half, tc) {
				return p
			}
			return half
		}
	}
	return end
}

// chargeReach is the inches a charge from start to contact may spend: the Run Rate; the
// Walk Rate when the unit cannot run, or when the path enters very rough terrain, in which
// "soldiers cannot run" (Chapter Two, "Very Rough Terrain"; docs/decisions.md).
func (b *Battle) chargeReach(ui int, start, contact Point, run bool) float64 {
	if !run || b.field.veryRoughOn(start, contact) {
		return b.maxMove(ui, false)
	}
	return b.maxMove(ui, true)
}

// flanked: a unit is charged in the flank or rear when fewer than half its figures could
// fire on the chargers (their 90-degree arcs).
func (b *Battle) flanked(ti, ui int) bool {
	t := &b.units[ti]
	c := b.centroid(ui)
	n, in := 0, 0
	for _, fi := range t.members {
		f := &b.figs[fi]
		if !f.alive() || int(f.unit) != ti {
			continue
		}
		n++
		if inArc(f.pos, t.fdir, c) {
			in++
		}
	}
	return 2*in < n
}

// behindBarrier: the defenders stand behind a barrier facing the chargers.
func (b *Battle) behindBarrier(ti, ui int) bool {
	return b.field.barrierBetween(b.centroid(ti), b.centroid(ui))
}

// followingGuns counts the following fire weapons a unit has, for receiving a charge:
// "each following fire weapon in the squad" (Chapter Five), set up or carried (the book says
// "assembled" where it means it, for the charge test), not discarded or abandoned; none when
// one soldier is left to man them ("the weapon loses its following fire ability").
func (b *Battle) followingGuns(ui int) int {
	u := &b.units[ui]
	n, men := 0, 0
	for _, fi := range u.members {
		f := &b.figs[fi]
		if !f.alive() || int(f.unit) != ui {
			continue
		}
		men++
		for _, g := range f.spec.Guns {
			if g.W.FollowingFire && (!g.W.Assembled || u.tripod == tripodAssembled || u.tripod == tripodCarried) {
				n++
			}
		}
	}
	if men < 2 {
		return 0
	}
	return n
}

// withdraw moves a unit 4" directly away from the closest enemy unit, ignoring terrain
// costs (Chapter Five, "Morale -2; Withdraw").
func (b *Battle) withdraw(ui int) {
	e := b.nearestEnemy(ui)
	if e < 0 {
		return
	}
	b.withdrawFrom(ui, b.centroid(e))
}

// withdrawFrom withdraws 4" directly away from a point (an enemy's centre, taken before
// anyone moved: morale results apply together).
func (b *Battle) withdrawFrom(ui int, from Point) {
	u := &b.units[ui]
	if math.IsNaN(from.X) {
		return
	}
	b.leaveEngagement(ui)
	c := b.centroid(ui)
	away := sub(c, from)
	n := norm(away)
	if n < 1e-9 {
		away, n = b.homeDir(ui), 1
	}
	dest := add(u.anchor, scale(away, combat.ForceBackDistance/n))
	dest = b.clampTable(dest)
	if !b.standable(dest) {
		dest = u.anchor
	}
	b.place(ui, dest, heading(dest, from))
	if b.lg != nil {
		b.logf("%s withdraws 4\"\n", b.name(ui))
	}
}

// homeDir is the direction toward the unit's home edge.
func (b *Battle) homeDir(ui int) Point {
	in, _ := edgeNormal(b.field.Scenario.Sides[b.units[ui].side].Edge)
	return scale(in, -1)
}

func (b *Battle) clampTable(p Point) Point {
	p.X = fmin(fmax(p.X, 0.6), b.field.W-0.6)
	p.Y = fmin(fmax(p.Y, 0.6), b.field.H-0.6)
	return p
}

// rallyPoint is where a broken unit flees: the side's rally point, or the nearest point of
// its home edge.
func (b *Battle) rallyPoint(ui int) Point {
	sd := &b.field.Scenario.Sides[b.units[ui].side]
	c := b.centroid(ui)
	if len(sd.Rally) > 0 {
		best, bd := c, math.Inf(1)
		for _, r := range sd.Rally {
			p := Point{X: r[0], Y: r[1]}
			if d := dist2(c, p); d < bd-tie {
				best, bd = p, d
			}
		}
		return best
	}
	switch sd.Edge {
	case "south":
		c.Y = 0.6
	case "north":
		c.Y = b.field.H - 0.6
	case "west":
		c.X = 0.6
	case "east":
		c.X = b.field.W - 0.6
	}
	return c
}

// flee makes a broken unit's run toward its rally point or home edge (Chapter Five,
// "Broken"); it stops there.
func (b *Battle) flee(ui int) {
	u := &b.units[ui]
	b.leaveEngagement(ui)
	if u.tripod == tripodCarried || u.tripod == tripodAssembled {
		// "During its flight, the squad abandons all assembled weapons": it has none when
		// it rallies.
		u.tripod = tripodAbandoned
		if b.lg != nil {
			b.logf("%s abandons its %s\n", b.name(ui), b.heavyName(ui))
		}
	}
	dest := b.rallyPoint(ui)
	start := u.anchor
	end := b.route(ui, start, dest, b.runAway(ui, start, dest), false)
	b.place(ui, end, heading(start, dest))
	if dist2(end, dest) <= 1.5*1.5 {
		u.atRally = true
	}
	if b.lg != nil {
		b.logf("%s flees %s\" toward %s%s\n", b.name(ui), in1(math.Sqrt(dist2(start, end))), b.rallyName(ui),
			ifs(u.atRally, ", and gets there", ""))
	}
}

// runAway is how far a routing or disengaging squad goes from start toward dest "at its Run
// Rate": its Walk Rate when a soldier is wounded ("wounded soldiers cannot run"; the squad
// keeps together at its slowest soldier's rate), or when the way within a run's reach enters
// very rough terrain, where "soldiers cannot run" (Chapter Two), as for a charge. The way is
// paid for at walking costs, four times in very rough ground.
func (b *Battle) runAway(ui int, start, dest Point) float64 {
	run := b.canRun(ui)
	if run && b.field.veryRoughOn(start, towards(start, dest, b.maxMove(ui, true))) {
		run = false
	}
	return b.maxMove(ui, run)
}

func (b *Battle) rallyName(ui int) string {
	sd := &b.field.Scenario.Sides[b.units[ui].side]
	if len(sd.Rally) > 0 {
		return "its rally point"
	}
	return "the " + sd.Edge + " edge"
}

// disengage: a difficulty 6 command test; on a pass the enemy gets a parting swing at +2,
// the squad turns and runs away, and its morale drops by 1 (Chapter Four, "Disengaging").
func (b *Battle) disengage(ui int) {
	u := &b.units[ui]
	if !combat.CommandTest(b.dice, b.command(ui)) {
		if b.lg != nil {
			b.logf("%s tries to disengage: the command test fails\n", b.name(ui))
		}
		return
	}
	if b.lg != nil {
		b.logf("%s disengages\n", b.name(ui))
	}
	b.partingSwing(ui)
	if b.aliveCount(ui) == 0 {
		return
	}
	b.leaveEngagement(ui)
	start := u.anchor
	dest := b.clampTable(add(start, scale(b.homeDir(ui), u.spec.Run)))
	end := b.route(ui, start, dest, b.runAway(ui, start, dest), false)
	b.place(ui, end, heading(end, start))
	u.ran = true
	b.dropLevel(ui)
}

// pickUp: a unit's figure in base contact with the free objective, with no enemy in contact
// with it, picks it up for half his Movement Rate (The Crystal Forest of Goratak). It
// returns the movement spent.
func (b *Battle) pickUp(ui int) float64 {
	if !b.objFound || b.objBy >= 0 || b.field.carryObjective() < 0 {
		return 0
	}
	u := &b.units[ui]
	d, fi := b.nearestFig(ui, b.objAt)
	if fi < 0 || d > 1.5 {
		return 0
	}
	lo, hi := b.sideRange(1 - u.side)
	for e := lo; e < hi; e++ {
		if b.units[e].onTable() {
			if de, _ := b.nearestFig(e, b.objAt); de <= 1.5 {
				return 0
			}
		}
	}
	// "He expends half his Movement Rate" (Crystal Forest of Goratak): his walk, 1" less
	// when a soldier of the unit is wounded (maxMove), worked out before he carries it.
	cost := b.maxMove(ui, false) / 2
	b.objBy = fi
	b.objAt = b.figs[fi].pos
	if b.lg != nil {
		b.logf("%s picks up %s\n", b.name(ui), b.field.Scenario.Objectives[b.field.carryObjective()].Name)
	}
	return cost
}

// checkExits ends a unit's part in the battle when it reaches the scenario's exit, and
// ends the battle when that wins it.
func (b *Battle) checkExits(ui int) {
	u := &b.units[ui]
	if !u.onTable() {
		return
	}
	v := &b.field.Scenario.Victory
	switch v.Kind {
	case "escape", "exit":
		if u.side != v.Side || !b.countsForExit(ui) {
			return
		}
		for _, z := range v.Zones {
			if z.contains(u.anchor) || b.anyFigIn(ui, z) {
				u.state = stEscaped
				u.boxOK, u.cOK = false, false
				b.leaveEngagement(ui)
				for _, fi := range u.members {
					if int(b.figs[fi].unit) == ui && b.figs[fi].alive() {
						b.figs[fi].gone = true
						b.moves++
					}
				}
				if b.lg != nil {
					b.logf("%s gets out through the exit\n", b.name(ui))
				}
				b.checkVictory(false)
				return
			}
		}
	case "carry":
		if b.objBy < 0 || int(b.figs[b.objBy].unit) != ui {
			return
		}
		if z := v.Zones[u.side]; z.contains(u.anchor) || z.contains(b.figs[b.objBy].pos) || b.anyFigIn(ui, z) {
			if b.lg != nil {
				b.logf("%s carries %s off the table\n", b.name(ui), b.field.Scenario.Objectives[b.field.carryObjective()].Name)
			}
			b.end(u.side, EndObjective, "carried the objective off its edge")
		}
	}
}

func (b *Battle) anyFigIn(ui int, z Zone) bool {
	for _, fi := range b.units[ui].members {
		f := &b.figs[fi]
		if f.alive() && int(f.unit) == ui && z.contains(f.pos) {
			return true
		}
	}
	return false
}

// countsForExit: squads make the scenario's exits (heroes, droids and creatures do not),
// unless the side has no squads.
func (b *Battle) countsForExit(ui int) bool {
	if b.units[ui].spec.Kind == KindSquad {
		return true
	}
	lo, hi := b.sideRange(b.units[ui].side)
	for i := lo; i < hi; i++ {
		if b.units[i].spec.Kind == KindSquad {
			return false
		}
	}
	return len(b.units[ui].members) > 0
}

// reinforce rolls for a side's reinforcements in the given phase: by the scenario's table,
// or without a roll; they enter now (movement) or in the next Movement Phase (special).
func (b *Battle) reinforce(phase string) {
	for s := range 2 {
		rf := b.field.Scenario.Sides[s].Reinforce
		if rf == nil || rf.Phase != phase || b.turn < rf.FromTurn || b.nextReserve(s) < 0 {
			continue
		}
		st := &b.reinf[s]
		per := max(rf.PerTurn, 1)
		avail := 0
		switch {
		case st.begun && rf.Then == "one_per_turn", len(rf.Rolls) == 0:
			avail = per
		default:
			need := 7
			for _, r := range rf.Rolls {
				if b.turn >= r.Turn {
					need = r.Need
				}
			}
			if need <= 1 {
				avail = per
			} else {
				roll := b.dice.D6()
				if roll >= need {
					avail = per
				}
				if b.lg != nil {
					b.logf("%s roll for reinforcements: %d (%d needed)%s\n", b.sideName(s), roll, need,
						ifs(avail > 0, ": they come", ""))
				}
			}
		}
		if avail > 0 {
			st.begun = true
			st.ready += avail
		}
	}
}

// enterReady brings on the reinforcements that are ready, at their entry.
func (b *Battle) enterReady() {
	for s := range 2 {
		st := &b.reinf[s]
		rf := b.field.Scenario.Sides[s].Reinforce
		for st.ready > 0 {
			ui := b.nextReserve(s)
			if ui < 0 || rf == nil {
				st.ready = 0
				break
			}
			st.ready--
			en := rf.Entries[0]
			if len(rf.Entries) > 1 {
				b.hand(ui)
				roll := b.dice.D6()
				for _, e := range rf.Entries {
					if roll >= e.Die[0] && roll <= e.Die[1] {
						en = e
					}
				}
			}
			u := &b.units[ui]
			u.state, u.arrived = stOnTable, b.turn
			c := en.Zone.center()
			b.place(ui, c, b.faceEnemy(s, c, heading(c, Point{X: b.field.W / 2, Y: b.field.H / 2})))
			if b.lg != nil {
				b.logf("%s arrives at %s\n", b.name(ui), en.Name)
			}
		}
	}
}

// nextReserve is a side's next unit in reserve, in army order, or -1.
func (b *Battle) nextReserve(s int) int {
	lo, hi := b.sideRange(s)
	for i := lo; i < hi; i++ {
		if b.units[i].state == stReserve {
			return i
		}
	}
	return -1
}

// jumper is a lone hero's barrier jump (Chapter Twelve, "Heroes Jumping Barriers": a
// climbing/jumping test against 4 for a moderate barrier, 6 for a difficult one, for 1");
// nil for squads, droids and creatures. No Force Points are spent on it.
func (b *Battle) jumper(ui int) func(bool) bool {
	u := &b.units[ui]
	if u.spec.Kind != KindHero || len(u.members) == 0 {
		return nil
	}
	f := &b.figs[u.members[0]]
	if f.spec.Hero == nil || f.spec.Hero.Climb <= 0 {
		return nil
	}
	return func(difficult bool) bool {
		diff := jumpModerate
		if difficult {
			diff = jumpDifficult
		}
		skill := f.spec.Hero.Climb - b.handicap(f)
		if f.f.Wounded && !f.painControlled {
			skill += combat.WoundPenalty
		}
		ok := combat.Test(b.dice, skill, diff)
		b.act("climbing/jumping")
		if b.lg != nil {
			b.logf("%s jumps a barrier: %s\n", b.name(ui), ifs(ok, "over for 1\"", "no, he climbs it"))
		}
		return ok
	}
}

// Barrier jumps' difficulties.
const (
	jumpModerate  = 4
	jumpDifficult = 6
)
