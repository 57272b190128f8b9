package battle

import "muster/rules/combat"

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
	hill := b.field.hillAt(c)
	ok, cover := b.field.sight(c, b.figs[near].pos, hill, false)
	if !ok {
		ok, cover = b.field.sight(c, tc, hill, false)
	}
	return ok, cover
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
	ok, cover := b.lookAt(b.centroid(ui), ti, b.centroid(ti))
	b.geo[k] = pairSight{va: vu, vc: vt, ok: ok, cover: cover}
	return ok, cover
}
