package battle

import (
	"math"

	"muster/rules/combat"
)

// Answers that depend only on where two units' figures stand, kept against both units'
// unitVer numbers: units holding in cover ask the same questions turn after turn, and the
// doctrine asks the same ones several times within a phase. Each is recomputed, exactly as
// before, as soon as either unit moves or loses a figure.

// pairDist is unitDistMax's kept answer.
type pairDist struct {
	va, vc uint64
	d      float64
}

// pairSight is estimate's kept look from one unit's centre at another unit.
type pairSight struct {
	va, vc uint64
	ok     bool
	cover  combat.Cover
}

// lookAt is estimate's line of sight from c to unit ti (centred at tc): to its nearest
// figure, or failing that to its centre, and the cover it has; ok is false when neither is
// seen or it has no figure left.
func (b *Battle) lookAt(c Point, ti int, tc Point) (bool, combat.Cover) {
	_, near := b.nearestFig(ti, c)
	if near < 0 {
		return false, combat.Open
	}
	return b.lookVia(c, b.figs[near].pos, tc)
}

// lookVia is lookAt once the nearest figure is found, standing at np.
func (b *Battle) lookVia(c, np, tc Point) (bool, combat.Cover) {
	return b.lookViaOn(c, np, tc, b.field.hillAt(c))
}

// lookViaOn is lookVia with hillAt(c) known.
func (b *Battle) lookViaOn(c, np, tc Point, hill bool) (bool, combat.Cover) {
	ok, cover := b.field.sight(c, np, hill, false)
	if !ok {
		ok, cover = b.field.sight(c, tc, hill, false)
	}
	return ok, cover
}

// nearestOf is where nearestFig finds the nearest figure, from the positions livePos keeps
// (the same figures in the same order, so the same one); false when there is none.
func nearestOf(pts []Point, p Point) (Point, bool) {
	lim, found := math.Inf(1), false // the least so far less tie (the same sum as d < best-tie)
	var at Point
	for _, q := range pts {
		if d := dist2(q, p); d < lim {
			lim, at, found = d-tie, q, true
		}
	}
	return at, found
}

// centreHill is hillAt(centroid(ui)), kept against unitVer (vu, current: the caller asked).
func (b *Battle) centreHill(ui int, vu uint64, c Point) bool {
	e := &b.hillC[ui]
	if e.ver != vu {
		e.ver, e.hill = vu, b.field.hillAt(c)
	}
	return e.hill
}

// hillKept is centreHill's kept answer.
type hillKept struct {
	ver  uint64
	hill bool
}

// unitSight is lookAt from unit ui's centre, kept while neither unit changes.
func (b *Battle) unitSight(ui, ti int) (bool, combat.Cover) {
	k := ui*len(b.units) + ti
	vu, vt := b.unitVer(ui), b.unitVer(ti)
	if e := &b.geo[k]; e.va == vu && e.vc == vt {
		if b.audit != nil {
			b.auditSight(ui, ti, e.ok, e.cover)
		}
		return e.ok, e.cover
	}
	// lookAt from the target's kept positions (livePos: vt is current); the audit above
	// checks the kept answer against lookAt from every figure.
	c, tc := b.centroid(ui), b.centroid(ti)
	ok, cover := false, combat.Open
	if pts, _ := b.livePos(ti); len(pts) > 0 {
		if np, found := nearestOf(pts, c); found {
			ok, cover = b.lookViaOn(c, np, tc, b.centreHill(ui, vu, c))
		}
	}
	b.geo[k] = pairSight{va: vu, vc: vt, ok: ok, cover: cover}
	return ok, cover
}
