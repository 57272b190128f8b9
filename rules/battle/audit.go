package battle

import (
	"fmt"
	"math"
	"slices"

	"muster/rules/combat"
)

// The engine keeps answers that depend only on where units' figures stand (a unit's centre
// and box, the distance between two units, a unit's look at another: geocache.go) until
// the figures move, fall or leave. Each place that changes a figure must clear them
// (unitVer lists those places); one that forgets would leave the doctrine judging from
// where the figures used to be, silently. A cacheAudit, set by a test, checks every kept
// answer the engine uses against one worked out afresh, and at the end of every phase the
// battle's bookkeeping (auditState), without changing anything the battle does (the fresh
// looks write nothing back), so a battle audited plays as one not audited.
type cacheAudit struct {
	checks int
	fails  []string
	// phases audited, and those that ended with a figure standing on another's base
	phases, overlapPhases int
	amongChecks           int    // fireAt's lines of sight checked against los (auditAmong)
	seed                  uint64 // the battle being played, for the messages (muster battle --seed)
}

func (a *cacheAudit) failf(b *Battle, format string, args ...any) {
	if len(a.fails) < 20 {
		a.fails = append(a.fails, fmt.Sprintf("seed %d, turn %d: ", a.seed, b.turn)+fmt.Sprintf(format, args...))
	}
}

// centreNow is centroid's answer worked out afresh: the figures' centre, or the unit's
// anchor when none is left.
func (b *Battle) centreNow(ui int) Point {
	if c, ok := b.centroidNow(ui); ok {
		return c
	}
	return b.units[ui].anchor
}

func (b *Battle) auditCentroid(ui int) {
	b.audit.checks++
	if c, ok := b.centroidNow(ui); !ok || c != b.units[ui].c {
		b.audit.failf(b, "%s's kept centre %v, its figures' centre now %v (any left: %v)", b.units[ui].spec.Name, b.units[ui].c, c, ok)
	}
}

// auditBox: the kept box may be larger than the figures' box (a figure fallen since), never
// smaller: a figure outside it would be missed as a blocker or a neighbour.
func (b *Battle) auditBox(ui int) {
	b.audit.checks++
	kept, now := b.units[ui].bb, b.boxNow(ui)
	if now.lo.X > now.hi.X {
		return // no figure left
	}
	if now.lo.X < kept.lo.X || now.lo.Y < kept.lo.Y || now.hi.X > kept.hi.X || now.hi.Y > kept.hi.Y {
		b.audit.failf(b, "%s's kept box %v does not hold its figures' box %v", b.units[ui].spec.Name, kept, now)
	}
}

// auditAmong: a figure stands in the way of the line from a to c among fireAt's short list
// of blockers (blockersFor) when one does among every figure of the other units on the table.
func (b *Battle) auditAmong(a, c int32, blockers []Point) {
	b.audit.checks++
	b.audit.amongChecks++
	var every []Point
	for ui := range b.units {
		if int32(ui) == b.figs[a].unit || int32(ui) == b.figs[c].unit || !b.units[ui].onTable() {
			continue
		}
		for _, fi := range b.units[ui].members {
			if f := &b.figs[fi]; f.alive() && int(f.unit) == ui {
				every = append(every, f.pos)
			}
		}
	}
	pa, pc := b.figs[a].pos, b.figs[c].pos
	if in, want := inTheWay(pa, pc, blockers), inTheWay(pa, pc, every); in != want {
		b.audit.failf(b, "a figure in the way from %v to %v among %d blockers: %v, among all %d: %v", pa, pc, len(blockers), in, len(every), want)
	}
}

// inTheWay is losAmong's scan: some point of blockers lies within baseRadius of the line a-c.
func inTheWay(a, c Point, blockers []Point) bool {
	sb := segBox(a, c).pad(baseRadius)
	line := probe(a, c)
	for _, p := range blockers {
		if sb.contains(p) && !line.farFromLine(p, baseRadius*baseRadius) && line.dist2(p) < baseRadius*baseRadius {
			return true
		}
	}
	return false
}

func (b *Battle) auditDist(a, c int, kept float64) {
	b.audit.checks++
	if d, _ := b.distNow(a, c, nil); d != kept {
		b.audit.failf(b, "kept distance from %s to %s %.4f, now %.4f", b.units[a].spec.Name, b.units[c].spec.Name, kept, d)
	}
}

func (b *Battle) auditForecast(ui, ti int, walked bool, extra int, kept float64) {
	b.audit.checks++
	if v := b.estimateNow(ui, ti, walked, extra); v != kept {
		b.audit.failf(b, "kept forecast of %s's fire at %s (walked %v, extra %d) %v, now %v", b.units[ui].spec.Name, b.units[ti].spec.Name, walked, extra, kept, v)
	}
}

func (b *Battle) auditGun(ui int, f *fig, d float64, mods, sr int, crewed bool, gi int, v float64) {
	b.audit.checks++
	if gn, vn := b.bestGun(ui, f, d, mods, sr, crewed); gn != gi || vn != v {
		b.audit.failf(b, "kept best gun of %s at %.3f\" (modifiers %d, Strength %d): %d %v, now %d %v", f.spec.Who, d, mods, sr, gi, v, gn, vn)
	}
}

func (b *Battle) auditAvgSTR(ui, kept int) {
	b.audit.checks++
	if s := b.avgSTRNow(ui); s != kept {
		b.audit.failf(b, "kept average Strength of %s %d, now %d", b.units[ui].spec.Name, kept, s)
	}
}

// auditFriendNear: friendNear found no figure of side s within r of p by the units' boxes;
// nor may every figure, one by one.
func (b *Battle) auditFriendNear(s int, p Point, r float64) {
	b.audit.checks++
	for i := range b.figs {
		f := &b.figs[i]
		if f.alive() && b.units[f.unit].side == s && b.units[f.unit].onTable() && dist2(f.pos, p) <= r*r {
			b.audit.failf(b, "friendNear missed %s of %s, %.3f from %v", f.spec.Who, b.units[f.unit].spec.Name, math.Sqrt(dist2(f.pos, p)), p)
			return
		}
	}
}

func (b *Battle) auditSight(ui, ti int, ok bool, cover combat.Cover) {
	b.audit.checks++
	okNow, coverNow := b.lookAt(b.centreNow(ui), ti, b.centreNow(ti))
	if okNow != ok || coverNow != cover {
		b.audit.failf(b, "kept look from %s at %s (%v, cover %v), now (%v, cover %v)", b.units[ui].spec.Name, b.units[ti].spec.Name, ok, cover, okNow, coverNow)
	}
}

// auditState checks, at the end of a phase, that the battle's bookkeeping holds together:
// every figure still fighting is a member of the unit it fights with and stands on the
// table (his base on it); a unit's leader, while he fights, fights with it; an attached hero fights with his squad; every
// close assault has on each side a unit on the table with a figure in it, and its units
// know they are in it; morale levels stay within the scale; no figure stands on another
// unit's figure (auditRoom).
func (b *Battle) auditState(phase string) {
	a := b.audit
	a.checks++
	a.phases++
	for fi := range b.figs {
		f := &b.figs[fi]
		if !f.alive() {
			continue
		}
		u := &b.units[f.unit]
		if u.state == stReserve || u.state == stNotInBattle {
			continue
		}
		if !slices.Contains(u.members, int32(fi)) {
			a.failf(b, "%s: a figure of %s fights with %s but is not among its members", phase, b.units[f.home].spec.Name, u.spec.Name)
		}
		// (A figure making for an exit may stand on the edge, his base half over it.)
		if u.onTable() && (f.pos.X < -baseRadius || f.pos.Y < -baseRadius || f.pos.X > b.field.W+baseRadius || f.pos.Y > b.field.H+baseRadius) {
			a.failf(b, "%s: a figure of %s stands off the table at %v", phase, u.spec.Name, f.pos)
		} else if u.onTable() && f.pos.X > 0 && f.pos.Y > 0 && f.pos.X < b.field.W && f.pos.Y < b.field.H && b.field.impassableAt(f.pos) {
			a.failf(b, "%s: a figure of %s stands in impassable terrain at %v", phase, u.spec.Name, f.pos)
		}
	}
	b.auditRoom(phase)
	for ui := range b.units {
		u := &b.units[ui]
		if u.leader >= 0 && u.onTable() {
			// (A leader who is out stays named: command falls to the squad's own.)
			if l := &b.figs[u.leader]; l.alive() && int(l.unit) != ui {
				a.failf(b, "%s: %s's leader fights with another unit", phase, u.spec.Name)
			}
		}
		if u.state == stAttached {
			if h := &b.figs[u.members[0]]; u.attached < 0 || (h.alive() && int(h.unit) != u.attached) {
				a.failf(b, "%s: %s is attached (to unit %d) but fights with unit %d", phase, u.spec.Name, u.attached, h.unit)
			}
		}
		if u.eng >= 0 && (u.eng >= len(b.engs) || !b.engs[u.eng].live || !slices.Contains(b.engs[u.eng].units[u.side], ui)) {
			a.failf(b, "%s: %s thinks it is in close assault %d, which does not list it", phase, u.spec.Name, u.eng)
		}
		if u.spec.Start > 0 && (u.level < 0 || u.level > 10) {
			a.failf(b, "%s: %s's morale level %d is off the scale", phase, u.spec.Name, u.level)
		}
	}
	for ei := range b.engs {
		en := &b.engs[ei]
		if !en.live {
			continue
		}
		for s := range 2 {
			fighting := 0
			for k := 0; k < len(en.units[s]); k++ {
				ui := en.units[s][k]
				if b.units[ui].eng != ei || !b.units[ui].onTable() {
					a.failf(b, "%s: close assault %d lists %s, which is not in it on the table", phase, ei, b.units[ui].spec.Name)
				}
				fighting += b.aliveCount(ui)
			}
			if fighting == 0 {
				a.failf(b, "%s: close assault %d has nobody fighting on side %d", phase, ei, s)
			}
		}
	}
}

// overlapGap is the distance between two figures' centres below which their 1" bases
// stand on each other, for the audit: 0.8", well inside the layout's own 0.95" (place), so
// that only a base really on another fails.
const overlapGap = 0.8

// auditRoom: no two figures of different units on the table stand on each other's bases,
// unless their units are enemies in the same close assault (a charge stops in base
// contact, and the close assault is a melee of figures in contact). Friends in a close
// assault keep apart: the fight may end with both still standing there.
func (b *Battle) auditRoom(phase string) {
	for fi := range b.figs {
		f := &b.figs[fi]
		if !f.alive() || !b.units[f.unit].onTable() {
			continue
		}
		uf := &b.units[f.unit]
		for gi := fi + 1; gi < len(b.figs); gi++ {
			g := &b.figs[gi]
			if !g.alive() || g.unit == f.unit || !b.units[g.unit].onTable() || dist2(f.pos, g.pos) >= overlapGap*overlapGap {
				continue
			}
			if ug := &b.units[g.unit]; uf.eng >= 0 && ug.eng == uf.eng && ug.side != uf.side {
				continue
			}
			b.audit.overlapPhases++
			b.audit.failf(b, "%s: a figure of %s at %v stands on a figure of %s at %v", phase,
				uf.spec.Name, f.pos, b.units[g.unit].spec.Name, g.pos)
			return
		}
	}
}

// auditPlaced checks a unit just placed, even for a moment (halfway through a move, where
// opportunity fire catches it): none of its figures stands in impassable terrain, nor on a
// figure of another unit but one it may stand on (roomExempt: its close assault, the unit
// it charges).
func (b *Battle) auditPlaced(ui int) {
	b.audit.checks++
	for _, fi := range b.units[ui].members {
		f := &b.figs[fi]
		if !f.alive() || int(f.unit) != ui {
			continue
		}
		if !b.field.offTable(f.pos) && b.field.impassableAt(f.pos) {
			b.audit.failf(b, "%s placed a figure in impassable terrain at %v (its anchor %v)", b.units[ui].spec.Name, f.pos, b.units[ui].anchor)
			return
		}
		for gi := range b.figs {
			g := &b.figs[gi]
			if k := int(g.unit); k != ui && g.alive() && b.units[k].onTable() && !b.roomExempt(ui, k) && dist2(f.pos, g.pos) < overlapGap*overlapGap {
				b.audit.failf(b, "%s placed a figure at %v on a figure of %s at %v (its anchor %v)", b.units[ui].spec.Name, f.pos, b.units[k].spec.Name, g.pos, b.units[ui].anchor)
				return
			}
		}
	}
}
