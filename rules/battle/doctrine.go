package battle

import (
	"math"

	"muster/rules/combat"
)

// The doctrine plays both sides the same way (docs/battle.md, "Doctrine"):
//
//   - A side with a place to reach (an exit, a door, the droid, its own edge with the droid)
//     goes there: running while no enemy is within 12", walking otherwise.
//   - Otherwise each unit goes for the nearest enemy unit, advancing by cover: it moves to
//     the reachable place that best combines getting closer, cover, and having the enemy
//     within short range; it holds where it stands, in cover, once its fire there is worth
//     at least holdThreshold expected casualties a turn.
//   - It charges when the expected close assault round favours it (its expected casualties
//     inflicted beat those it expects to take, defensive fire included, by chargeMargin; by
//     any margin for a unit with nothing to shoot) and the charge test is more likely passed
//     than not; a unit that would clearly win (closeMargin) against the enemy it is after,
//     within two moves, closes in to charge it.
//   - It fires at the enemy unit it expects to hurt most; a soldier throws a grenade
//     instead of firing when the grenade's expected casualties are higher.
//   - Squads holding set up their assembled weapons; squads moving carry them, or discard a
//     tripod to run or charge.
//   - A squad losing a close assault badly disengages; demoralized squads do not advance;
//     broken squads flee and rally by the rules.
//   - Heroes join the squad with the weakest commander (taking command when better) and
//     spend Force Points by combat.DefaultForcePolicy.
const (
	holdThreshold = 1.0  // expected casualties a turn that make a unit in cover hold
	chargeMargin  = 1.25 // inflicted must beat received (and defensive fire) by this factor
	closeMargin   = 1.5  // to close in on a foe to charge it next turn
	runClear      = 12.0 // run toward an objective while no enemy is this close
)

const whyObjective = "making for the objective"

type planKind uint8

const (
	planHold planKind = iota
	planMove
	planCharge
	planDisengage
)

type plan struct {
	kind   planKind
	dest   Point
	run    bool
	target int
	facing float64
	// assemble: set up the assembled weapon this phase (the squad holds).
	assemble bool
	why      string
}

// goal is where a unit is going: a point, and the enemy unit it is after (-1 for none);
// near is its nearest enemy (nearestEnemy).
func (b *Battle) goal(ui, near int) (Point, int, bool) {
	u := &b.units[ui]
	c := b.centroid(ui)
	v := &b.field.Scenario.Victory
	switch v.Kind {
	case "escape", "exit":
		if u.side == v.Side {
			return b.nearestZonePoint(c, v.Zones), -1, true
		}
	case "carry":
		if b.objBy >= 0 {
			carrier := int(b.figs[b.objBy].unit)
			if b.units[carrier].side == u.side {
				if carrier == ui {
					return b.nearestZonePoint(c, v.Zones[u.side:u.side+1]), -1, true
				}
			} else {
				return b.centroid(carrier), carrier, false
			}
		} else if b.seeksObjective(ui) {
			return b.objAt, -1, true
		}
	}
	e := near
	if e < 0 {
		for _, o := range b.field.Scenario.Objectives {
			return Point{X: o.At[0], Y: o.At[1]}, -1, true
		}
		return c, -1, false
	}
	return b.centroid(e), e, false
}

// seeksObjective: in a carry scenario, the units of a side closest to the free objective go
// for it (within 6" of the closest one's distance); the others fight. A crew serving its
// gun stays by it, so it does not count as the closest: when it stood nearest, nobody went.
func (b *Battle) seeksObjective(ui int) bool {
	u := &b.units[ui]
	lo, hi := b.sideRange(u.side)
	best := math.Inf(1)
	for i := lo; i < hi; i++ {
		if b.units[i].onTable() && b.units[i].spec.Start >= 0 && !b.serving(i) {
			best = fmin(best, math.Sqrt(dist2(b.centroid(i), b.objAt)))
		}
	}
	return math.Sqrt(dist2(b.centroid(ui), b.objAt)) <= best+6
}

// serving: the unit is the crew of an on-board gun, not broken, with soldiers by it.
func (b *Battle) serving(ui int) bool {
	u := &b.units[ui]
	return u.spec.Piece != nil && b.status(u) < combat.Broken && b.crewNear(ui) > 0
}

func (b *Battle) nearestZonePoint(p Point, zones []Zone) Point {
	best, bd := p, math.Inf(1)
	for _, z := range zones {
		q := Point{X: fmax(fmin(z[0], z[2]), fmin(p.X, fmax(z[0], z[2]))),
			Y: fmax(fmin(z[1], z[3]), fmin(p.Y, fmax(z[1], z[3])))}
		// Aim a little into the zone, kept on the table.
		q = add(q, scale(sub(z.center(), q), 0.3))
		q.X = fmin(fmax(q.X, 0.3), b.field.W-0.3)
		q.Y = fmin(fmax(q.Y, 0.3), b.field.H-0.3)
		if d := dist2(p, q); d < bd-tie {
			best, bd = q, d
		}
	}
	return best
}

// nearestEnemy is the enemy unit on the table nearest to the unit, or -1.
func (b *Battle) nearestEnemy(ui int) int {
	u := &b.units[ui]
	lo, hi := b.sideRange(1 - u.side)
	c := b.centroid(ui)
	best, bd := -1, math.Inf(1)
	for e := lo; e < hi; e++ {
		t := &b.units[e]
		if !t.onTable() {
			continue
		}
		// centroid's kept answer read in place (the call costs more than the rest; centroid
		// itself is one over the inliner's budget).
		tc := t.c
		if !t.cOK || b.audit != nil {
			tc = b.centroid(e)
		}
		if d := dist2(c, tc); d < bd-tie {
			best, bd = e, d
		}
	}
	return best
}

// canCharge: demoralized and broken squads cannot initiate close assault, nor can a squad
// carrying a medium or heavy weapon (Chapter Three, "Assembled Weapons"); droids and lone
// heroes may.
func (b *Battle) canCharge(ui int) bool {
	u := &b.units[ui]
	if u.eng >= 0 || b.status(u) >= combat.Demoralized || u.spec.Strike != "" {
		return false
	}
	if u.tripod == tripodAssembled || (u.tripod == tripodCarried && !b.canDiscard(ui)) {
		return false
	}
	return !b.carries(ui)
}

// carries: the unit has the scenario's objective.
func (b *Battle) carries(ui int) bool {
	return b.objBy >= 0 && int(b.figs[b.objBy].unit) == ui
}

// plan is the doctrine's choice for a unit's Movement Phase.
func (b *Battle) plan(ui int) plan {
	u := &b.units[ui]
	p := plan{kind: planHold, facing: u.facing, target: -1}
	if u.eng >= 0 {
		if b.shouldDisengage(ui) {
			p.kind, p.why = planDisengage, "losing the close assault"
		}
		return p
	}
	if b.serving(ui) {
		p.why = "serving its gun" // on-board artillery is immobile
		return p
	}
	c := b.centroid(ui)
	near := b.nearestEnemy(ui)
	goal, foe, toPoint := b.goal(ui, near)
	// nearD is the distance to the nearest enemy, worked out only by the plans that run
	// or not by it (a move to a point, an advance). It is read only against runClear and
	// longestShort (at most 20") + Run: beyond both, unitDistMax may answer from the units'
	// boxes.
	nearD := func() float64 {
		if near < 0 {
			return math.Inf(1)
		}
		return b.unitDistMax(ui, near, fmax(runClear, 20+u.spec.Run))
	}
	// Charge?
	charger := b.canCharge(ui) // (nothing the plan does before it answers changes it)
	if charger {
		if t := b.chargeTarget(ui, foe); t >= 0 {
			p.kind, p.target, p.why = planCharge, t, "the odds favour a charge"
			return p
		}
	}
	mobile := b.maxMove(ui, false) > 0
	if toPoint {
		if !mobile {
			return p
		}
		if u.tripod == tripodAssembled {
			p.assemble, p.why = true, "taking down its weapon to move"
			return p
		}
		p.kind, p.dest = planMove, goal
		p.run = nearD() > runClear && b.canRun(ui)
		p.facing = heading(c, goal)
		p.why = whyObjective
		return p
	}
	// Fight: hold where the fire is good, or advance by cover.
	if near < 0 {
		return p
	}
	// A unit that would clearly win a close assault with its foe, within two moves of it,
	// closes in to charge it.
	if foe >= 0 && mobile && charger && u.tripod != tripodAssembled && b.status(u) < combat.Demoralized &&
		b.unitDistMax(ui, foe, 2*u.spec.Run) <= 2*u.spec.Run {
		m := b.margin(ui, closeMargin)
		if inf, rec, def := b.chargeOdds(ui, foe, m, 0.5); inf >= m*(rec+def) && inf >= 0.5 {
			run := b.canRun(ui) // (a squad that may discard its tripod can run: canRun says so)
			p.kind, p.dest, p.run = planMove, b.centroid(foe), run
			p.facing = heading(c, p.dest)
			p.why = "closing in to charge"
			return p
		}
	}
	// The best target, and the unit facing it: weighed only where the plan reads it (a
	// weapon to set up, good fire to hold in cover for) or keeps the facing, that is every
	// way but the last, an advance, which faces its goal. Nothing else the plan asks
	// depends on it, and the forecasts it would have kept are exact, so skipping it changes
	// no battle; a unit advancing in the open, the most common plan of all, skips it.
	best, bestE, weighed := -1, 0.0, false
	weigh := func() {
		if !weighed {
			weighed = true
			if best, bestE = b.bestTarget(ui, false); best >= 0 {
				p.facing = heading(c, b.centroid(best))
			}
		}
	}
	cover := b.unitCover(ui)
	torpedo := u.spec.Tripod >= 0 && u.spec.Figs[u.spec.Tripod].Torpedo != nil
	if u.tripod == tripodCarried {
		weigh()
		if (torpedo || best >= 0 && bestE >= holdThreshold) && b.heavyAt(ui) {
			p.assemble, p.why = true, "setting up its weapon"
			return p
		}
	}
	// A unit with soldiers standing in a fire or a gas cloud gets out of it before anything
	// else: a fire's Strength 4 each turn on the two or three under a 1" template costs
	// more than a turn's walk (the cover lost, the +1 to its fire); an assembled weapon
	// stays (it cannot move).
	if mobile && u.tripod != tripodAssembled && len(b.clouds) > 0 && b.unitInHarm(ui) && b.status(u) < combat.Broken {
		if s, ok := b.bestSpot(ui, goal, false, b.status(u) >= combat.Demoralized); ok && !b.harmfulCloudAt(s) {
			weigh()
			p.kind, p.dest, p.why = planMove, s, "getting out of the fire"
			return p
		}
	}
	if cover > combat.Open || u.tripod == tripodAssembled {
		weigh()
		if best >= 0 && bestE >= holdThreshold {
			p.why = "holding in cover with good fire"
			return p
		}
	}
	if !mobile || u.tripod == tripodAssembled {
		weigh()
		p.why = "holding"
		return p
	}
	if b.status(u) >= combat.Demoralized {
		weigh()
		// It cannot advance toward a visible enemy: cover where it is, or back to cover.
		if cover == combat.Open {
			if s, ok := b.bestSpot(ui, goal, false, true); ok {
				p.kind, p.dest, p.why = planMove, s, "demoralized, falling back to cover"
			}
		}
		return p
	}
	run := nearD() > b.longestShort(ui)+u.spec.Run && b.canRun(ui)
	dest, ok := b.bestSpot(ui, goal, run, false)
	if !ok {
		weigh()
		p.why = "holding: nowhere better within reach"
		return p
	}
	p.kind, p.dest, p.run = planMove, dest, run
	p.facing = heading(dest, goal)
	if run {
		p.why = "running to close the range"
	} else {
		p.why = "advancing by cover"
	}
	return p
}

// unitInHarm: a figure of the unit stands under a fire or a gas cloud (harmfulCloudAt).
func (b *Battle) unitInHarm(ui int) bool {
	for _, fi := range b.units[ui].members {
		if f := &b.figs[fi]; f.alive() && int(f.unit) == ui && b.harmfulCloudAt(f.pos) {
			return true
		}
	}
	return false
}

// onObjective: a point within the radius of an objective to hold (a points scenario's).
func (b *Battle) onObjective(p Point) bool {
	if k := b.field.Scenario.Victory.Kind; k != "points" && k != "share" {
		return false
	}
	for _, o := range b.field.Scenario.Objectives {
		if o.Radius > 0 && dist2(p, Point{X: o.At[0], Y: o.At[1]}) <= o.Radius*o.Radius {
			return true
		}
	}
	return false
}

// heavyAt: the squad's assembled weapon can reach an enemy from here.
func (b *Battle) heavyAt(ui int) bool {
	u := &b.units[ui]
	if u.spec.Tripod < 0 {
		return false
	}
	f := &b.figs[u.members[u.spec.Tripod]]
	if !f.alive() {
		return false
	}
	if f.spec.Torpedo != nil {
		e := b.nearestEnemy(ui)
		// Set up once an enemy is within the torpedo's 10" (it fires the turn after).
		return f.torps > 0 && e >= 0 && b.unitDistMax(ui, e, torpedoLength) <= torpedoLength
	}
	for _, g := range f.spec.Guns {
		if g.W.Assembled {
			e := b.nearestEnemy(ui)
			if e >= 0 {
				if _, ok := bandOf(g.W.Ranges, g.W.MinRange, b.unitDist(ui, e)); ok {
					return true
				}
			}
		}
	}
	return false
}

// canRun: wounded soldiers cannot run, and the squad keeps together; nor can soldiers
// carrying a disassembled weapon (unless it is a tripod they can discard) or the objective.
func (b *Battle) canRun(ui int) bool {
	u := &b.units[ui]
	if u.tripod == tripodCarried && !b.canDiscard(ui) {
		return false
	}
	if u.spec.Run <= u.spec.Walk {
		return false
	}
	for _, fi := range u.members {
		f := &b.figs[fi]
		if f.alive() && int(f.unit) == ui && f.f.Wounded && !f.painControlled {
			return false
		}
		if fi == b.objBy {
			return false
		}
	}
	return true
}

// canDiscard: a tripod-mounted repeating blaster can drop its tripod and fire as a standard
// one (Chapter Three, "Repeating Blasters"); medium and heavy repeating blasters cannot.
func (b *Battle) canDiscard(ui int) bool {
	u := &b.units[ui]
	if u.spec.Tripod < 0 || u.spec.Figs[u.spec.Tripod].Torpedo != nil {
		return false // a torpedo launcher has no standard configuration
	}
	for _, g := range u.spec.Figs[u.spec.Tripod].Guns {
		if g.W.Assembled && b.standardOf(g.W) == nil {
			return false
		}
	}
	return true
}

// longestShort is the longest short range among the unit's weapons.
func (b *Battle) longestShort(ui int) float64 {
	m := 0
	for _, fi := range b.units[ui].members {
		for _, g := range b.figs[fi].spec.Guns {
			if len(g.W.Ranges) == 3 {
				m = max(m, g.W.Ranges[0])
			}
		}
	}
	return float64(min(m, 20))
}

// bestTarget is the enemy unit this unit's fire would hurt most (the doctrine: "pick
// targets by expected casualties") and the expected casualties. Units locked in close
// assault and heroes hiding within command distance of a squad are not targets. What a
// target cost is not weighed: weighing it by its SGPs a figure poured a squad's rifles onto
// a lone droid, and made a squad that bought grenades the enemy's first target, so that
// buying them lowered its side's score (docs/battle.md, "Doctrine").
func (b *Battle) bestTarget(ui int, walked bool) (int, float64) {
	u := &b.units[ui]
	lo, hi := b.sideRange(1 - u.side)
	best, bestE := -1, 0.0
	for e := lo; e < hi; e++ {
		t := &b.units[e]
		if !t.onTable() || t.eng >= 0 || b.heroScreened(e) {
			continue
		}
		if ex := b.estimate(ui, e, walked, 0); ex > bestE+tie {
			best, bestE = e, ex
		}
	}
	return best, bestE
}

// heroScreened: a lone hero within his command distance of a squad of his side cannot be
// fired at directly (Chapter Twelve, "Targeting Heroes").
func (b *Battle) heroScreened(ui int) bool {
	u := &b.units[ui]
	if u.spec.Kind != KindHero {
		return false
	}
	f := &b.figs[u.members[0]]
	r := float64(u.spec.Command) + 1
	lo, hi := b.sideRange(u.side)
	for i := lo; i < hi; i++ {
		if i != ui && b.units[i].onTable() && b.units[i].spec.Kind == KindSquad {
			if d, _ := b.nearestFig(i, f.pos); d <= r {
				return true
			}
		}
	}
	return false
}

// chargeTarget is the enemy unit worth charging, or -1: within reach at the Run Rate, the
// expected round in our favour by chargeMargin after defensive fire, and a charge test more
// likely passed than not. The unit the doctrine is after (foe) is preferred.
func (b *Battle) chargeTarget(ui, foe int) int {
	u := &b.units[ui]
	lo, hi := b.sideRange(1 - u.side)
	best, bestV := -1, 0.0
	run := b.canRun(ui) // (a squad that may discard its tripod can run: canRun says so)
	most := b.maxMove(ui, run) * maxJudge
	c := b.centroid(ui)
	judge := 0.0
	for e := lo; e < hi; e++ {
		t := &b.units[e]
		if !t.onTable() || (b.hideOn && b.hidden[e]) {
			continue
		}
		if d := b.unitDistMax(ui, e, most+1) - 1; d > most {
			continue // (unitDistMax: a unit plainly out of reach by its box)
		}
		// "A player cannot measure the distance to an enemy squad before announcing a
		// charge" (Chapter Four, "Charging"): the doctrine judges the way to contact, its
		// terrain included, by eye, and the charge falls short when it misjudged.
		_, near := b.nearestFig(e, c)
		contact := towards(b.figs[near].pos, c, 1)
		reach := b.chargeReach(ui, u.anchor, contact, run)
		if b.walkBound() && dist2(u.anchor, contact) > (reach*maxJudge+0.25)*(reach*maxJudge+0.25) {
			continue // (the walk below could not end within 0.22" of contact: walkBound)
		}
		l := b.field.walk(u.anchor, contact, reach*maxJudge, false, u.spec.NoRough, nil)
		if dist2(l.end, contact) > 0.05 {
			continue // plainly out of reach, or blocked
		}
		if judge == 0 {
			judge = b.misjudge()
		}
		if l.used*judge > reach {
			continue
		}
		m := b.margin(ui, chargeMargin)
		inf, rec, def := b.chargeOdds(ui, e, m, 0.25)
		if inf < m*(rec+def) || inf < 0.25 {
			continue
		}
		if u.subjectToMorale() && combat.NeedsChargeTest(b.aliveCount(ui), b.aliveCount(e), b.units[e].tripod == tripodAssembled) {
			// Judged with the modifiers the test will take (morale.go, standardMorale).
			m := b.standardMorale(ui, combat.ChargeTest)
			m.FlankOrRear, m.BehindBarrier = b.flanked(e, ui), b.behindBarrier(e, ui)
			if b.passOdds(m) < 0.5 {
				continue
			}
		}
		v := inf - rec - def
		if e == foe {
			v *= 1.5
		}
		if v > bestV+tie {
			best, bestV = e, v
		}
	}
	return best
}

// walkBound: no inch of the field costs less than an inch to walk (no custom terrain
// cheaper than clear), so that a walk never ends farther from its start than its budget
// (Field.walk: each step costs its length times the terrain's multiplier, plus any barrier's
// crossing cost). Worked out once a Battle.
func (b *Battle) walkBound() bool {
	if b.walkOK == 0 {
		b.walkOK = 1
		for i := range b.field.areas {
			if !(b.field.areas[i].mult >= 1) {
				b.walkOK = 2
			}
		}
	}
	return b.walkOK == 1
}

// cloudAvoid is how much worse the doctrine scores a place under a stun or gas cloud.
const cloudAvoid = 10

// maxJudge is the largest factor by which the doctrine underestimates a distance: a way
// maxJudge times its Run Rate looks out of reach whatever it rolls.
const maxJudge = 1.25

// misjudge is the factor the doctrine's estimate of a distance is off by, rolled once per
// unit when it weighs a charge: 1 + 4% x (2D6 - 7), from 0.8 to 1.2, most often near 1
// (docs/decisions.md, "Charges are judged by eye"). Below 1 it thinks the enemy nearer than
// it is.
func (b *Battle) misjudge() float64 {
	return 1 + 0.04*float64(b.dice.D6()+b.dice.D6()-7)
}

// chargeOdds forecasts a charge of unit ui at unit e, wanted only when inf >= margin x
// (rec + def) and inf >= least: the casualties one close assault round may inflict and
// take, and those the defensive fire halfway may cause. When the close assault alone says
// no (inf below least, or below margin x rec, which def can only raise), the defensive fire
// is not forecast (def is 0): the charge is refused all the same.
func (b *Battle) chargeOdds(ui, e int, margin, least float64) (inf, rec, def float64) {
	inf, rec = b.assaultOdds(ui, e, true)
	if inf < least || inf < margin*rec {
		return inf, rec, 0
	}
	if t := &b.units[e]; t.eng < 0 && !t.fired && !t.oppFired {
		mid := lerp(b.centroid(ui), b.centroid(e), 0.5)
		def = b.estimateAt(e, ui, mid, 1)
	}
	return inf, rec, def
}

// margin is how much a charge must favour a unit: a unit with nothing to shoot with (a
// creature, a melee squad) charges whenever the forecast is in its favour at all.
func (b *Battle) margin(ui int, m float64) float64 {
	if !b.hasGuns(ui) {
		return 1
	}
	return m
}

// passOdds is the chance a charge test leaves the charge standing (not demoralized,
// broken or withdrawn).
func (b *Battle) passOdds(m combat.Morale) float64 {
	// Charge tests of the same command, level and start have the same odds: kept, since
	// working them out allocates.
	// Only a test with no modifier beyond its command, level and start is kept.
	plain := combat.Morale{Kind: combat.ChargeTest, Command: m.Command, Level: m.Level, Start: m.Start}
	cacheable := m == plain &&
		m.Command >= 0 && m.Command < passCmd && m.Level >= 0 && m.Level < passLvl && m.Start >= 0 && m.Start < passLvl
	if cacheable {
		if v := b.passCache[m.Command][m.Level][m.Start]; v > 0 {
			return v - 1
		}
	} else if p, ok := b.passOther[m]; ok {
		// Tests with modifiers (a flank, a barrier) come back too: kept by the whole test
		// (the odds depend on nothing else), up to passOtherMax of them.
		return p
	}
	p := b.passOddsNow(m)
	if cacheable {
		b.passCache[m.Command][m.Level][m.Start] = p + 1
	} else if len(b.passOther) < passOtherMax {
		b.passOther[m] = p
	}
	return p
}

// passOtherMax bounds the charge tests with modifiers kept.
const passOtherMax = 1024

// passCache sizes: command skills and morale levels it holds.
const (
	passCmd = 16
	passLvl = 10
)

func (b *Battle) passOddsNow(m combat.Morale) float64 {
	odds := b.r.MoraleOdds(m)
	p := 0.0
	for i, row := range b.r.Tables.Morale.Results.Rows {
		if row.Withdraw {
			continue
		}
		if b.r.StatusOf(min(max(m.Level+row.Morale, 0), m.Start)) >= combat.Demoralized {
			continue
		}
		p += odds[i]
	}
	return p
}

// shouldDisengage: a squad in close assault disengages when it expects to take more than
// twice the casualties it inflicts.
func (b *Battle) shouldDisengage(ui int) bool {
	u := &b.units[ui]
	if u.spec.Kind == KindCreature || u.spec.Kind == KindDroid {
		return false
	}
	e := &b.engs[u.eng]
	inf, rec := 0.0, 0.0
	for k := range len(e.units[1-u.side]) {
		i, r := b.assaultOdds(ui, e.units[1-u.side][k], false)
		inf += i
		rec += r
	}
	return rec > 2*inf+0.5
}

// unitCover is the cover most of a unit's figures stand in (terrain, or a barrier within
// 1").
func (b *Battle) unitCover(ui int) combat.Cover {
	// Kept against unitVer: a figure's cover changes only where place puts him down, which
	// gives his unit a new unitVer, as does any change of who fights with it.
	u := &b.units[ui]
	v := b.unitVer(ui)
	if u.coverVer == v {
		if b.audit != nil {
			b.audit.checks++
			if c := b.unitCoverNow(ui); c != u.coverV {
				b.audit.failf(b, "kept cover of %s %v, now %v", u.spec.Name, u.coverV, c)
			}
		}
		return u.coverV
	}
	u.coverV, u.coverVer = b.unitCoverNow(ui), v
	return u.coverV
}

// unitCoverNow is unitCover worked out afresh.
func (b *Battle) unitCoverNow(ui int) combat.Cover {
	var n [4]int
	for _, fi := range b.liveFigs(ui) {
		n[b.figs[fi].cover]++
	}
	best := combat.Open
	for c := combat.LightCover; c <= combat.HeavyCover; c++ {
		if n[c] > 0 && n[c] >= n[best] {
			best = c
		}
	}
	if n[combat.Open] > n[best] {
		return combat.Open
	}
	return best
}

// coverAt is the cover a point has from its terrain or a barrier within 1".
func (b *Battle) coverAt(p Point) combat.Cover {
	c := b.field.at(p).cover
	bc := &b.barCells
	if !bc.built {
		bc.build(b.field)
	}
	// The barriers whose box, 1" out, reaches p's cell: the same cover as all of them (the
	// best of those within 1"), sooner.
	if !(p.X >= 0 && p.Y >= 0) {
		return b.coverAtAll(p, c)
	}
	cx, cy := int(p.X/barCell), int(p.Y/barCell)
	if cx >= bc.nx || cy >= bc.ny {
		return b.coverAtAll(p, c)
	}
	c0 := c
	for _, i := range bc.cells[cy*bc.nx+cx] {
		br := &b.field.barriers[i]
		if br.cover > c && br.bb.pad(1).contains(p) && segDist2(br.a, br.b, p) <= 1 {
			c = br.cover
		}
	}
	if b.audit != nil {
		b.audit.checks++
		if all := b.coverAtAll(p, c0); all != c {
			b.audit.failf(b, "coverAt %v from the barriers by cell %v, from all %v", p, c, all)
		}
	}
	return c
}

// coverAtAll is coverAt's walk of every barrier from terrain cover c.
func (b *Battle) coverAtAll(p Point, c combat.Cover) combat.Cover {
	for i := range b.field.barriers {
		br := &b.field.barriers[i]
		if br.cover > c && br.bb.pad(1).contains(p) && segDist2(br.a, br.b, p) <= 1 {
			c = br.cover
		}
	}
	return c
}

// barCell is the side of coverAt's cells, in inches.
const barCell = 4.0

// barCells lists, for each barCell-inch cell of the table, the barriers giving cover whose
// box, 1" out, overlaps it (with a margin for rounding): coverAt tests only those. Built
// once a Battle (the field's barriers never change).
type barCells struct {
	built  bool
	nx, ny int
	cells  [][]int32
}

func (bc *barCells) build(f *Field) {
	bc.built = true
	bc.nx, bc.ny = int(f.W/barCell)+1, int(f.H/barCell)+1
	bc.cells = make([][]int32, bc.nx*bc.ny)
	for i := range f.barriers {
		br := &f.barriers[i]
		if br.cover == combat.Open {
			continue // (never raises the cover)
		}
		q := br.bb.pad(1.01)
		x0, y0 := max(int(q.lo.X/barCell), 0), max(int(q.lo.Y/barCell), 0)
		x1, y1 := min(int(q.hi.X/barCell), bc.nx-1), min(int(q.hi.Y/barCell), bc.ny-1)
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				bc.cells[y*bc.nx+x] = append(bc.cells[y*bc.nx+x], int32(i))
			}
		}
	}
}

// maxMove is how far the unit could move this phase in clear terrain: its rate, 1" less
// when a soldier is wounded.
func (b *Battle) maxMove(ui int, run bool) float64 {
	u := &b.units[ui]
	m := u.spec.Walk
	if run {
		m = u.spec.Run
	}
	if u.spec.Mounted && !u.mounted {
		m = u.spec.FootWalk // riders thrown: the squad goes on foot (mounts.go)
		if run {
			m = u.spec.FootRun
		}
	}
	riding := u.spec.Mounted && u.mounted
	for _, fi := range u.members {
		f := &b.figs[fi]
		if f.alive() && int(f.unit) == ui {
			if f.f.Droid != nil {
				m *= f.droid.Mobility()
			}
			if f.f.Wounded && !f.painControlled && !riding && f.spec.Role != RoleDroid && f.spec.Role != RoleCreature {
				// "Wounded soldiers suffer a -1 penalty to all their skills and attributes"
				// (Chapter Three): DEX 1 lower, his rates (Move/2 + DEX, Move + DEX) 1"
				// lower; the squad keeps together at its slowest soldier's rate.
				m = fmin(m, b.rateOf(f, run)-1)
			}
			if fi == b.objBy {
				m = fmin(m, u.spec.Walk/2)
			}
		}
	}
	return m
}

// rateOf is a figure's Movement Rate in clear terrain, walking or running: his own unit's
// (an attached hero keeps his; riders thrown go on foot).
func (b *Battle) rateOf(f *fig, run bool) float64 {
	hu := &b.units[f.home]
	walk, rn := hu.spec.Walk, hu.spec.Run
	if hu.spec.Mounted && !hu.mounted {
		walk, rn = hu.spec.FootWalk, hu.spec.FootRun
	}
	if run {
		return rn
	}
	return walk
}

// bestSpot is where an advancing unit goes (the doctrine's "advance by cover"): among the
// point straight toward the goal and the cover spots within reach, the one that best
// combines getting closer (1 a inch), cover (3 a level), the goal's enemy within short
// range (2) and standing on an objective to hold (2); spots more than 2" farther from the
// goal are not considered, and a demoralized unit (away) may not get closer. ok is false
// when staying is as good.
func (b *Battle) bestSpot(ui int, goal Point, run, away bool) (Point, bool) {
	c := b.centroid(ui)
	reach := b.maxMove(ui, run)
	short := b.longestShort(ui)
	here := math.Sqrt(dist2(c, goal))
	score := func(p Point, cover combat.Cover) float64 {
		d := math.Sqrt(dist2(p, goal))
		s := (here - d) + 3*float64(cover)
		if d <= short {
			s += 2
		}
		if b.onObjective(p) {
			s += 2
		}
		if len(b.clouds) > 0 && b.harmfulCloudAt(p) {
			s -= cloudAvoid // keep out of stun spores and gas
		}
		return s
	}
	bestS := score(c, b.unitCover(ui)) + 0.5
	best, found := c, false
	consider := func(p Point, cover combat.Cover) {
		if away && dist2(p, goal) < dist2(c, goal) {
			return
		}
		if s := score(p, cover); s > bestS+tie {
			best, bestS, found = p, s, true
		}
	}
	straight := towards(c, goal, fmax(0, fmin(reach, here-2)))
	consider(straight, b.coverAt(straight))
	for _, sp := range b.field.spots {
		d := math.Sqrt(dist2(c, sp.at))
		if d > reach || d < 1 {
			continue
		}
		if math.Sqrt(dist2(sp.at, goal)) > here+2 {
			continue
		}
		consider(sp.at, sp.cover)
	}
	return best, found
}
