package battle

import (
	"math"

	"muster/rules/combat"
)

// The terrain part of a line of sight between two figures, kept per pair of figures.
//
// Field.sight is a pure function of the two ends, whether the firer stands on a hill and
// whether the target is prone. Squads that hold their ground fire at each other from the
// same places phase after phase, and fireAt asks again for every figure pair each time.
// Each pair keeps the question it was last asked (the ends' exact bits and the two flags)
// and its answer; an entry is used only when the question is the same, so nothing has to
// clear it when figures move, fall or a new battle starts.

// figSight is one pair's last question and answer.
type figSight struct {
	px, py, qx, qy uint64 // the ends' float bits
	flags          uint8  // fsKnown | fsHill | fsProne | fsSees
	cover          combat.Cover
}

const (
	fsKnown uint8 = 1 << iota
	fsHill
	fsProne
	fsSees
)

// terrainSight is b.field.sight(p, q, pHill, qProne) for figure a looking at figure c.
func (b *Battle) terrainSight(a, c int32, p, q Point, pHill, qProne bool) (bool, combat.Cover) {
	n := len(b.figs)
	if len(b.fsight) != n*n {
		b.fsight = make([]figSight, n*n)
	}
	fl := fsKnown
	if pHill {
		fl |= fsHill
	}
	if qProne {
		fl |= fsProne
	}
	px, py, qx, qy := math.Float64bits(p.X), math.Float64bits(p.Y), math.Float64bits(q.X), math.Float64bits(q.Y)
	e := &b.fsight[int(a)*n+int(c)]
	if e.flags&^fsSees == fl && e.px == px && e.py == py && e.qx == qx && e.qy == qy {
		return e.flags&fsSees != 0, e.cover
	}
	ok, cover := b.field.sight(p, q, pHill, qProne)
	if ok {
		fl |= fsSees
	}
	*e = figSight{px: px, py: py, qx: qx, qy: qy, flags: fl, cover: cover}
	return ok, cover
}
