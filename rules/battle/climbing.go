package battle

import (
	"math"

	"muster/rules/combat"
)

// Heroes climbing impassable barriers (Chapter Twelve, "Climbing/Jumping", book lines
// 2809-2819): "the hero may attempt to climb normally impassable barriers, such as cliffs,
// walls ... as a general rule, most impassable barriers are difficulty 6-10. A hero can climb
// up to 3 meters a turn ... A failed roll ... means the hero fell; place him prone at the
// base of the barrier. In addition, he may take damage from the fall ... A 2-meter fall has a
// Damage Strength of 0; each additional meter adds +1." The scenarios give no heights, so
// every impassable barrier is read as a climb of 3 meters at most, of difficulty 8 (the
// middle of the book's range): one test, and the climb takes the rest of his move; a fall
// from it is Damage Strength 1 (docs/decisions.md). A lone hero with climbing/jumping climbs
// when the barrier stands across his straight way and climbing it brings him nearer his
// goal than the way around would, and no enemy stands within 2.5" of the top.

// Climbing numbers.
const (
	climbDifficulty = 8
	climbFallDamage = 1   // a 3-meter fall
	climbBeyond     = 1.0 // where he stands after the climb, beyond the barrier's line
)

// climb tries the climb for lone hero ui moving from start toward dest with budget inches,
// when the way around would end at around. It returns where he ends and whether he tried.
func (b *Battle) climb(ui int, start, dest Point, budget float64, around Point) (Point, bool) {
	u := &b.units[ui]
	if u.spec.Kind != KindHero || len(u.members) == 0 {
		return around, false
	}
	f := &b.figs[u.members[0]]
	if f.spec.Hero == nil || f.spec.Hero.Climb <= 0 || int(f.unit) != ui {
		return around, false
	}
	total := math.Sqrt(dist2(start, dest))
	if total < 1e-9 {
		return around, false
	}
	dir := scale(sub(dest, start), 1/total)
	l := b.field.walk(start, dest, budget, false, false, nil)
	if !l.blocked || l.used >= budget-0.05 || !b.field.impassableBarrierAhead(l.end, dir) {
		return around, false
	}
	top := add(l.end, scale(dir, climbBeyond))
	if !b.field.onTable(top) || b.field.at(top).impassable || dist2(top, dest) >= dist2(around, dest)-0.25 {
		return around, false
	}
	if b.enemyWithinOf(u.side, top, 2.5) {
		return around, false
	}
	skill := f.spec.Hero.Climb - b.handicap(f)
	if f.f.Wounded && !f.painControlled {
		skill += combat.WoundPenalty
	}
	ok := combat.Test(b.dice, skill, climbDifficulty)
	b.act("climbing/jumping")
	if b.lg != nil {
		b.logf("%s climbs the barrier (climbing/jumping against %d): %s\n", b.name(ui), climbDifficulty, ifs(ok, "he is up", "he falls"))
	}
	if ok {
		return top, true
	}
	f.prone = true
	one := [1]int{climbFallDamage}
	b.r.Resist(b.dice, &f.f, one[:])
	b.endPhaseUnit(ui)
	return l.end, true
}

// impassableBarrierAhead: an impassable barrier crosses the next step from p along dir.
func (f *Field) impassableBarrierAhead(p, dir Point) bool {
	q := add(p, scale(dir, moveStep+0.01))
	for i := range f.barriers {
		br := &f.barriers[i]
		if br.cross < 0 && segmentsCross(p, q, br.a, br.b) {
			return true
		}
	}
	return false
}

// onTable: p is on the table.
func (f *Field) onTable(p Point) bool { return p.X >= 0 && p.Y >= 0 && p.X <= f.W && p.Y <= f.H }

// enemyWithinOf: an enemy figure of side s stands within r of p.
func (b *Battle) enemyWithinOf(s int, p Point, r float64) bool {
	lo, hi := b.sideRange(1 - s)
	for e := lo; e < hi; e++ {
		if !b.units[e].onTable() {
			continue
		}
		if d, _ := b.nearestFig(e, p); d < r {
			return true
		}
	}
	return false
}
