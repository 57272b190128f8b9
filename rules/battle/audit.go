package battle

import (
	"fmt"

	"muster/rules/combat"
)

// The engine keeps answers that depend only on where units' figures stand (a unit's centre
// and box, the distance between two units, a unit's look at another: geocache.go) until
// the figures move, fall or leave. Each place that changes a figure must clear them
// (unitVer lists those places); one that forgets would leave the doctrine judging from
// where the figures used to be, silently. A cacheAudit, set by a test, checks every kept
// answer the engine uses against one worked out afresh, without changing anything the
// battle does (the fresh looks write nothing back), so a battle audited plays as one
// not audited.
type cacheAudit struct {
	checks int
	fails  []string
}

func (a *cacheAudit) failf(b *Battle, format string, args ...any) {
	if len(a.fails) < 20 {
		a.fails = append(a.fails, fmt.Sprintf("turn %d: ", b.turn)+fmt.Sprintf(format, args...))
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

func (b *Battle) auditDist(a, c int, kept float64) {
	b.audit.checks++
	if d, _ := b.distNow(a, c, nil); d != kept {
		b.audit.failf(b, "kept distance from %s to %s %.4f, now %.4f", b.units[a].spec.Name, b.units[c].spec.Name, kept, d)
	}
}

func (b *Battle) auditSight(ui, ti int, ok bool, cover combat.Cover) {
	b.audit.checks++
	okNow, coverNow := b.lookAt(b.centreNow(ui), ti, b.centreNow(ti))
	if okNow != ok || coverNow != cover {
		b.audit.failf(b, "kept look from %s at %s (%v, cover %v), now (%v, cover %v)", b.units[ui].spec.Name, b.units[ti].spec.Name, ok, cover, okNow, coverNow)
	}
}
