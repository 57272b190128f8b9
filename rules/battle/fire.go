package battle

import (
	"fmt"
	"math"
	"strconv"

	"muster/rules"
	"muster/rules/combat"
)

type fireMode uint8

const (
	firePhase fireMode = iota
	fireOpportunity
	fireDefensive
)

// firePhaseAll: every unit that may fire picks its target by the doctrine and fires; all
// fire is simultaneous, so the damage marked is applied when the phase ends (Chapter
// Three). The side without the initiative fires first, which changes only the log's order.
func (b *Battle) firePhase() {
	b.logPhase("Fire combat")
	b.clearPhaseHits()
	for k := range 2 {
		s := 1 - b.initiative
		if k == 1 {
			s = b.initiative
		}
		lo, hi := b.sideRange(s)
		for ui := lo; ui < hi; ui++ {
			u := &b.units[ui]
			b.hand(ui)
			if !u.onTable() || u.ran || u.charged || u.oppFired || u.defFired || u.fired || (u.eng >= 0 && b.freeInAssault(ui) == 0) {
				continue
			}
			if b.fireGun(ui) {
				u.fired = true
				continue
			}
			if b.status(u) == combat.Broken || !b.hasGuns(ui) && !b.hasGrenades(ui) {
				continue
			}
			if b.smokeScreen(ui) || b.selfDestruct(ui) {
				u.fired = true
				continue
			}
			t, ex := b.bestTarget(ui, u.walked)
			if t < 0 || ex < 0.05 || (b.hideOn && b.hidden[ui] && ex < ambushWorth) {
				continue // (a hidden unit keeps its fire for a volley worth giving itself away: hidden.go)
			}
			u.fired = true
			b.fireAt(ui, t, firePhase)
			b.splitFire(ui, t)
		}
		if len(b.remotes) > 0 {
			b.remotesFire(s)
		}
	}
	b.hand(-1)
	b.endParries()
	b.endPhaseAll()
	b.cloudsLive()
}

// freeInAssault is how many of an engaged unit's soldiers are not in base contact, who "may
// fire normally" (Chapter Four, "The Fire Combat Phase"): close assault pairs by counts
// (docs/battle.md), every soldier paired while no more than three stand on one enemy, so
// those beyond three for each enemy soldier in the engagement are free.
func (b *Battle) freeInAssault(ui int) int {
	u := &b.units[ui]
	if u.eng < 0 {
		return 0
	}
	en := &b.engs[u.eng]
	mine, theirs := 0, 0
	for k := 0; k < len(en.units[u.side]); k++ {
		mine += b.aliveCount(en.units[u.side][k])
	}
	for k := 0; k < len(en.units[1-u.side]); k++ {
		theirs += b.aliveCount(en.units[1-u.side][k])
	}
	spare := mine - combat.MaxOnOne*theirs
	return max(0, min(spare, b.aliveCount(ui)))
}

func (b *Battle) hasGrenades(ui int) bool {
	for _, fi := range b.liveFigs(ui) {
		if b.figs[fi].kitN != [maxKits]int16{} {
			return true
		}
	}
	return false
}

// los reports whether figure a sees figure c: the terrain (Field.sight) and any figure of
// a third unit whose base lies across the line (Chapter Three, "Soldiers"); a figure on a
// hill sees over the others. Figures of the two units concerned do not block each other:
// squads fight in line abreast (docs/battle.md). It also returns c's cover from a.
func (b *Battle) los(a, c int32) (bool, combat.Cover) {
	fa, fc := &b.figs[a], &b.figs[c]
	if b.night && !b.nightSees(fa, fc) {
		return false, combat.Open // darkness.go, hidden.go
	}
	hill := fa.hill
	ok, cover := b.field.sight(fa.pos, fc.pos, hill, fc.prone)
	if !ok || hill {
		return ok, cover
	}
	ua, uc := fa.unit, fc.unit
	sb := segBox(fa.pos, fc.pos).pad(baseRadius)
	line := probe(fa.pos, fc.pos)
	for ui := range b.units {
		u := &b.units[ui]
		if int32(ui) == ua || int32(ui) == uc || !u.onTable() {
			continue
		}
		if !b.unitBox(ui).overlaps(sb) {
			continue
		}
		for _, fi := range u.members {
			f := &b.figs[fi]
			if !f.alive() || int(f.unit) != ui {
				continue
			}
			if line.dist2(f.pos) < baseRadius*baseRadius {
				return false, cover
			}
		}
	}
	return true, cover
}

// blockersFor gathers the figures that could stand in the way of unit ui's fire at unit
// ti (fireAt's firers and targets): those of every other unit on the table whose box meets
// the box around all the firers and targets. losAmong then tests each line of sight against
// this short list instead of walking every unit.
func (b *Battle) blockersFor(ui, ti int, firers, targets []int32) []Point {
	out := b.blockers[:0]
	all := box{Point{X: math.Inf(1), Y: math.Inf(1)}, Point{X: math.Inf(-1), Y: math.Inf(-1)}}
	var fs, ts Point
	for _, fi := range firers {
		all = all.grow(b.figs[fi].pos)
		fs = add(fs, b.figs[fi].pos)
	}
	for _, fi := range targets {
		all = all.grow(b.figs[fi].pos)
		ts = add(ts, b.figs[fi].pos)
	}
	all = all.pad(baseRadius)
	// Every line runs between a firer and a target, so within the band across the fire
	// that holds them all: the hull of firers and targets reaches along u (square to the
	// line between the firers' centre and the targets': on the whole a narrower band than
	// square to the line from one firer to one target) from lo to hi, and a figure
	// farther than baseRadius outside that band is in no line's way. Where the fire runs
	// aslant, the box takes in the units beside the firers and the targets; the band
	// leaves them out.
	u := sub(scale(ts, 1/float64(len(targets))), scale(fs, 1/float64(len(firers))))
	u = Point{X: -u.Y, Y: u.X}
	if l := math.Sqrt(dot(u, u)); l > 0 {
		u = scale(u, 1/l)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, fi := range firers {
		d := dot(b.figs[fi].pos, u)
		lo, hi = fmin(lo, d), fmax(hi, d)
	}
	for _, fi := range targets {
		d := dot(b.figs[fi].pos, u)
		lo, hi = fmin(lo, d), fmax(hi, d)
	}
	lo, hi = lo-baseRadius-1e-6, hi+baseRadius+1e-6
	for k := range b.units {
		o := &b.units[k]
		if k == ui || k == ti || !o.onTable() {
			continue
		}
		bb := o.bb // (unitBox, without the call where the box is kept and no audit asks)
		if !o.boxOK || b.audit != nil {
			bb = b.unitBox(k)
		}
		if !bb.overlaps(all) {
			continue
		}
		// The unit's box reaches across the fire from its centre's place by half its width
		// times |u.X| and half its height times |u.Y|: a unit wholly outside the band has
		// no figure in it.
		c := dot(scale(add(bb.lo, bb.hi), 0.5), u)
		w := (bb.hi.X-bb.lo.X)*0.5*math.Abs(u.X) + (bb.hi.Y-bb.lo.Y)*0.5*math.Abs(u.Y) + 1e-6
		if c+w <= lo || c-w >= hi {
			continue
		}
		pts := b.live[k].pts // (livePos, without the calls where its positions are current)
		if !o.cOK || b.live[k].ver != o.ver {
			b.unitVer(k) // (livePos keeps the positions against it)
			pts, _ = b.livePos(k)
		}
		// A figure in a line's way is within baseRadius of the line, so inside the box
		// around every line too: the unit's box meeting it does not put every figure in it.
		for _, p := range pts {
			if d := dot(p, u); d > lo && d < hi && all.contains(p) {
				out = append(out, p)
			}
		}
	}
	b.blockers = out
	return out
}

// losAmong is los(a, c) for a firer and target whose units' fire blockersFor gathered the
// figures in the way of: the same terrain, the same figures (a figure within half an inch of
// the line lies within the line's box widened by half an inch), so the same answer. The
// cover is the target's when he is seen (without a line of sight fireAt has no use for
// it), so the figures in the way are looked at first: far cheaper than the terrain, and
// where units crowd they stop most of the lines a fire combat tries.
func (b *Battle) losAmong(a, c int32, blockers []Point) (bool, combat.Cover) {
	fa, fc := &b.figs[a], &b.figs[c]
	if b.night && !b.nightSees(fa, fc) {
		return false, combat.Open // darkness.go, hidden.go: as los
	}
	if !fa.hill { // (a figure on a hill sees over the others)
		if b.audit != nil {
			b.auditAmong(a, c, blockers)
		}
		sb := segBox(fa.pos, fc.pos).pad(baseRadius)
		line := probe(fa.pos, fc.pos)
		far := line.farLimit(baseRadius * baseRadius) // (farFromLine's bound, worked out once)
		for _, p := range blockers {
			if sb.contains(p) && !line.farFrom(p, far) && line.dist2(p) < baseRadius*baseRadius {
				return false, combat.Open
			}
		}
	}
	return b.field.sight(fa.pos, fc.pos, fa.hill, fc.prone)
}

// unitBox is the box around a unit's figures, kept until the unit is placed again (a
// figure that falls leaves the box larger than it need be, which costs only time).
func (b *Battle) unitBox(ui int) box {
	u := &b.units[ui]
	if u.boxOK {
		if b.audit != nil {
			b.auditBox(ui)
		}
		return u.bb
	}
	u.bb, u.boxOK = b.boxNow(ui), true
	return u.bb
}

// boxNow is the box around the unit's figures still fighting with it, worked out afresh.
func (b *Battle) boxNow(ui int) box {
	bb := box{Point{X: math.Inf(1), Y: math.Inf(1)}, Point{X: math.Inf(-1), Y: math.Inf(-1)}}
	for _, fi := range b.units[ui].members {
		f := &b.figs[fi]
		if f.alive() && int(f.unit) == ui {
			bb = bb.grow(f.pos)
		}
	}
	return bb.pad(baseRadius)
}

// fireAt resolves unit ui's fire at unit ti (Chapter Three, "Fire Combat Summary"): the
// firers with a line of sight and the target figures they see, inside each firer's
// 90-degree arc; the range from the centre of the fire line to the centre of the visible
// targets; the cover most of them have; each firer's best weapon; grenades thrown where
// they are worth more; the volley rolled by combat.Volley, hits spread over the visible
// figures and damage marked.
func (b *Battle) fireAt(ui, ti int, mode fireMode) {
	defer b.use(b.hand(ui)) // the firers' dice, wherever they fire
	u := &b.units[ui]
	if b.hideOn {
		b.reveal(ui, "it fires")
	}
	firers := b.figsOf(ui, b.fidx[0][:0])
	if u.eng >= 0 {
		// Only the soldiers not in contact fire: the last ones of the squad.
		firers = firers[len(firers)-min(b.freeInAssault(ui), len(firers)):]
	}
	if b.only != nil {
		// Split fire: only the soldiers who had nothing to shoot at the first target.
		k := 0
		for _, fi := range firers {
			for _, o := range b.only {
				if o == fi {
					firers[k] = fi
					k++
					break
				}
			}
		}
		firers = firers[:k]
	}
	b.idle = b.idle[:0]
	targets := b.figsOf(ti, b.fidx[1][:0])
	b.fidx[0], b.fidx[1] = firers, targets
	if len(firers) == 0 || len(targets) == 0 {
		return
	}
	// Which targets are seen, and by whom: each target is looked for by each firer until
	// one sees it; a firer with no target seen yet looks at the visible ones.
	blockers := b.blockersFor(ui, ti, firers, targets)
	nv := len(targets)
	if cap(b.vis) < nv+len(firers) {
		b.vis = make([]bool, nv+len(firers))
	}
	vis := b.vis[:nv+len(firers)]
	for i := range vis {
		vis[i] = false
	}
	sees := vis[nv:]
	vis = vis[:nv]
	var covers [4]int
	prone := 0
	seen := 0
	start := 0
	// blind remembers the pairs found without a line of sight, so that the second look
	// below does not ask again (los is a pure function of where everyone stands).
	blind := b.blind.reset(len(firers), len(targets))
	fdir := u.fdir // (canSee's facing: the fire does not turn the unit)
	for j, tfi := range targets {
		for k := range firers {
			i := start + k
			if i >= len(firers) {
				i -= len(firers) // (start + k) % len(firers), without a division
			}
			ffi := firers[i]
			if ok, v, d2 := arcNear(b.figs[ffi].pos, fdir, b.figs[tfi].pos); !ok && !arcEdges(fdir, v, d2) { // canSee
				continue
			}
			ok, cv := b.losAmong(ffi, tfi, blockers)
			if !ok {
				blind.set(i, j)
				continue
			}
			vis[j], sees[i] = true, true
			covers[cv]++
			if b.figs[tfi].prone {
				prone++
			}
			seen++
			start = i
			break
		}
	}
	if seen == 0 {
		b.idle = append(b.idle, firers...)
		return
	}
	// Only whether each firer sees some visible target matters here, not which: each
	// looks first at the one his neighbour last saw, most often in his sight too.
	last := 0
	for i, ffi := range firers {
		if sees[i] {
			continue
		}
		for k := range targets {
			j := last + k
			if j >= len(targets) {
				j -= len(targets)
			}
			if !vis[j] || blind.has(i, j) {
				continue
			}
			if ok, v, d2 := arcNear(b.figs[ffi].pos, fdir, b.figs[targets[j]].pos); ok || arcEdges(fdir, v, d2) { // canSee
				if ok, _ := b.losAmong(ffi, targets[j], blockers); ok {
					sees[i], last = true, j
					break
				}
			}
		}
	}
	// The fire line's centre and the visible targets' centre. "The firing squad's fire line
	// is defined by the soldiers in the squad who are actually shooting" (Chapter Three):
	// not the crewman feeding a gun, nor a soldier with nothing to shoot (only when nobody
	// seeing a target is armed does the line fall back to all who see one).
	var fc, tc Point
	nf := 0
	crew := b.crewman(ui)
	for pass := 0; pass < 2 && nf == 0; pass++ {
		for i, ffi := range firers {
			if sees[i] && (pass == 1 || (ffi != crew && shoots(&b.figs[ffi]))) {
				fc = add(fc, b.figs[ffi].pos)
				nf++
			}
		}
	}
	fc = scale(fc, 1/float64(nf))
	tf := b.tfigs[0][:0]
	b.tidx = b.tidx[:0]
	for j, tfi := range targets {
		if vis[j] {
			tc = add(tc, b.figs[tfi].pos)
			tf = append(tf, &b.figs[tfi].f)
			b.tidx = append(b.tidx, tfi)
		}
	}
	b.tfigs[0] = tf
	tc = scale(tc, 1/float64(len(tf)))
	dist := math.Sqrt(dist2(fc, tc))
	// Target condition: the cover most of the visible figures have; on an even count the
	// better (combat.TargetCondition's rule, from the counts).
	cover := combat.Open
	for c := combat.Open; c <= combat.HeavyCover; c++ {
		if covers[c] > 0 && covers[c] >= covers[cover] {
			cover = c
		}
	}
	view := combat.TargetView{Distance: fmax(dist, 0.5), Cover: cover, Prone: 2*prone >= len(tf) && prone > 0, Camouflage: b.units[ti].spec.Camo}
	firing := combat.Firing{Walking: u.walked, Opportunity: mode == fireOpportunity, Defensive: mode == fireDefensive,
		Morale: b.status(u), MovingMount: u.mounted && u.moved && (u.walked || u.ran)}
	if firing.Morale == combat.Broken {
		return
	}
	// Each firer's weapon: a grenade where it is worth more (not in opportunity or
	// defensive fire), else the gun that does most harm.
	sr := b.avgSTR(ti)
	mods := coverMod(cover)
	if view.Prone {
		mods++
	}
	if view.Camouflage {
		mods += combat.CamouflageModifier
	}
	if firing.Walking {
		mods++
	}
	if mode != firePhase {
		mods++
	}
	switch firing.Morale {
	case combat.Shaken:
		mods++
	case combat.Demoralized:
		mods += 2
	}
	fr := b.firers[:0]
	b.shotFig = b.shotFig[:0]
	smoke := smokeModifier*b.smokeBetween(fc, tc) + fireModifier*b.firesBetween(fc, tc)
	mods += smoke
	nades := mode == firePhase && b.hasGrenades(ui)
	var aims [gFex + 1]kitAim
	if b.only == nil {
		b.dempFor = 0
	}
	stamp := b.gun.fireCall() // (fireBest's answers are this call's)
	for i, ffi := range firers {
		if !sees[i] && ffi != crew {
			b.idle = append(b.idle, ffi)
		}
		if !sees[i] || ffi == crew {
			continue
		}
		f := &b.figs[ffi]
		if f.spec.Role == RoleDroid {
			before := len(fr)
			fr = b.droidFire(ui, ffi, dist, mods, sr, fr)
			for k := before; k < len(fr); k++ {
				fr[k].Extra += smoke
			}
			continue
		}
		gi, v := b.fireBest(stamp, ui, ffi, f, dist, mods, b.handicap(f), sr, crew >= 0)
		if f.spec.DEMP != nil && mode == firePhase && b.only == nil {
			if d := b.dempDroid(ui, ti, ffi, firing, v); d >= 0 {
				// He holds his fire for the squad's second target (splitFire).
				b.idle = append(b.idle, ffi)
				b.dempFor = d + 1
				continue
			}
		}
		if b.special(ui, ti, ffi, mode, v, dist, mods, sr, firing, nades, &aims) {
			continue
		}
		if gi < 0 {
			b.idle = append(b.idle, ffi)
			continue
		}
		g := f.spec.Guns[gi]
		w := b.gunOf(ui, g)
		if w.Assembled && u.tripod != tripodAssembled {
			continue
		}
		if firing.MovingMount && bandMust(w, dist) == combat.Long {
			// A rider on a moving creature "cannot fire at targets at long range"
			// (Chapter Thirteen): he holds his fire; the others still fire.
			b.idle = append(b.idle, ffi)
			continue
		}
		x := combat.Firer{Skill: g.Skill, Weapon: w, Wounded: f.f.Wounded && !f.painControlled, TargetingComputer: f.spec.TC,
			Crewed: w.FollowingFire && crew >= 0, Extra: smoke + b.handicap(f)}
		if f.spec.Hero != nil && mode == firePhase && b.specificShot(ui, ti, ffi, x, firing, view) {
			continue
		}
		if f.spec.Hero != nil {
			x.Hero = &f.hero
			x.Shots = b.heroShots(g.Skill, b.r.Base(bandMust(w, dist))+mods)
		}
		fr = append(fr, x)
		b.shotFig = append(b.shotFig, ffi)
	}
	b.firers = fr
	if len(fr) == 0 {
		return
	}
	if b.acted != nil {
		for _, x := range fr {
			b.act(x.Weapon.Name)
			if x.TargetingComputer {
				b.act("targeting computer")
			}
		}
		if view.Camouflage {
			b.act("camouflage suit")
		}
	}
	shots, err := b.r.Aim(firing, fr, []combat.TargetView{view}, b.shots[:0])
	b.shots = shots
	if err != nil {
		return
	}
	b.heroesFacing(fc)
	if mode == firePhase {
		b.saberParries()
	}
	b.r.VolleyWith(b.dice, b.harmDice(ui), shots, b.tfigs, &b.volley)
	b.heroesFacing(Point{X: math.NaN()})
	if b.volley.Absorbed[0] > 0 {
		b.act("absorb/dissipate energy")
	}
	b.phaseHits(ui, ti, float64(b.volley.Hits[0]))
	if b.lg != nil {
		b.logVolley(ui, ti, mode, view, shots)
	}
	if b.night {
		b.nightNote()
	}
	for _, rt := range b.volley.Returns {
		b.returnBolt(ti, rt, ui, dist, cover)
	}
}

// heroesFacing marks the visible target heroes who cannot see fire coming from p: "the hero
// can see in a 180-degree arc to his front; if shot at from the rear, he cannot dodge"
// (Chapter Twelve, "Dodge"), nor parry or absorb it. A NaN point clears the marks.
func (b *Battle) heroesFacing(p Point) {
	for _, tfi := range b.tidx {
		f := &b.figs[tfi]
		if f.spec.Hero == nil {
			continue
		}
		f.hero.Unaware = !math.IsNaN(p.X) && !frontArc(f.pos, b.units[f.unit].fdir, p)
	}
}

// saberParries: a target hero who can parry, has the lightsaber combat power and sees the
// fire coming tries, the first time he is fired on in a Fire Combat Phase, the difficulty 8
// lightsaber combat test; a pass adds his sense to his parries for the rest of the phase
// (Chapter Twelve, "Lightsaber Combat"). Wounds apply only when the phase ends, so the
// benefit lasts the phase.
func (b *Battle) saberParries() {
	for _, tfi := range b.tidx {
		f := &b.figs[tfi]
		h := f.spec.Hero
		if h == nil || !h.SaberCombat || h.Sense <= 0 || f.hero.Parry <= 0 || f.hero.Unaware || f.parryTried || f.f.Wounded {
			continue
		}
		f.parryTried = true
		b.act("lightsaber combat")
		// No Force Points on this optional test: they are kept for Strength rolls.
		ok := combat.Test(b.dice, h.saberLevel(), combat.LightsaberParryDifficulty)
		if ok {
			f.parryBoost = true
			f.hero.Parry += h.Sense
		}
		if b.lg != nil {
			b.logf("  %s uses lightsaber combat to parry: %s\n", b.who(f), ifs(ok, "sense added to his parries this phase", "it fails"))
		}
	}
}

// endParries takes the parry enhancements off when the Fire Combat Phase ends.
func (b *Battle) endParries() {
	for i := range b.figs {
		if f := &b.figs[i]; f.parryBoost {
			f.parryBoost = false
			f.hero.Parry -= f.spec.Hero.Sense
		}
	}
}

// frontArc: q is in the 180-degree arc in front of a figure at p facing f.
func frontArc(p, f, q Point) bool { return dot(f, sub(q, p)) >= 0 }

// bandMust is the band of a distance for a weapon already known to reach it.
func bandMust(w *rules.Weapon, d float64) combat.Band {
	bd, _ := bandOf(w.Ranges, w.MinRange, d)
	return bd
}

// arcNear is inArc's common case, small enough to be inlined into fireAt's loops: true
// when q lies within 45 degrees of the facing f from p (as most targets do); else q's
// place from p and its square, for arcEdges, the rest of inArc.
func arcNear(p, f, q Point) (bool, Point, float64) {
	v := sub(q, p)
	d2 := dot(v, v)
	c := dot(f, v)
	return c > 0 && 2*c*c >= d2, v, d2
}

// canSee: the target figure is within the firer's 90-degree fire arc.
func (b *Battle) canSee(ui int, ffi, tfi int32) bool {
	return inArc(b.figs[ffi].pos, b.units[ui].fdir, b.figs[tfi].pos)
}

// crewman is the soldier who serves the squad's assembled following fire weapon this turn
// (he does not fire): the last plain soldier standing; -1 when there is none or no such
// weapon.
func (b *Battle) crewman(ui int) int32 {
	u := &b.units[ui]
	if u.tripod != tripodAssembled || u.spec.Figs[u.spec.Tripod].Torpedo != nil {
		return -1 // a torpedo launcher has no crewman
	}
	if g := &b.figs[u.members[u.spec.Tripod]]; !g.alive() {
		return -1
	}
	for k := len(u.members) - 1; k >= 0; k-- {
		fi := u.members[k]
		f := &b.figs[fi]
		if f.alive() && int(f.unit) == ui && f.spec.Crewman {
			return fi
		}
	}
	return -1
}

// shoots reports whether a figure carries anything to fire or throw at a squad.
func shoots(f *fig) bool {
	s := f.spec
	return len(s.Guns) > 0 || len(s.Kits) > 0 || s.Flamer != nil || s.DEMP != nil || s.Torpedo != nil || s.Launcher != nil
}

// heroShots is how many shots a hero takes (Chapter Twelve, "Multiple Targets"): the
// number that gives the most expected hits, each at +2 per extra shot.
func (b *Battle) heroShots(skill, diff int) int {
	best, bv := 1, 0.0
	for n := 1; n <= 4; n++ {
		v := float64(n) * b.odds.pHit(skill, diff+2*(n-1))
		if v > bv+tie {
			best, bv = n, v
		}
	}
	return best
}

// droidFire adds a droid's fire: its two best working weapons at the target (Chapter
// Fourteen), torso hits and a head hit counted by combat.DroidFirers.
func (b *Battle) droidFire(ui int, ffi int32, dist float64, mods, sr int, out []combat.Firer) []combat.Firer {
	f := &b.figs[ffi]
	var pick [2]combat.DroidWeapon
	var val [2]float64
	n := 0
	for gi, g := range f.spec.Guns {
		if gi < len(f.droid.Lost) && f.droid.Lost[gi] {
			continue
		}
		bd, ok := bandOf(g.W.Ranges, g.W.MinRange, dist)
		if !ok {
			continue
		}
		v := b.odds.pHit(g.Skill-f.droid.Torso, b.r.Base(bd)+mods) * b.odds.pHarm(g.W.Damage, sr)
		dw := combat.DroidWeapon{Index: gi, Weapon: g.W, Skill: g.Skill}
		switch {
		case n < 2:
			pick[n], val[n] = dw, v
			n++
		case v > val[0]+tie && val[0] <= val[1]:
			pick[0], val[0] = dw, v
		case v > val[1]+tie:
			pick[1], val[1] = dw, v
		}
	}
	before := len(out)
	out, err := combat.DroidFirers(&f.droid, pick[:n], out)
	if err != nil {
		return out[:before]
	}
	for range out[before:] {
		b.shotFig = append(b.shotFig, ffi)
	}
	return out
}

// returnBolt: a hero who parried a bolt aims it back at the squad that fired it, with his
// control skill against the difficulty of a shot at it (Chapter Twelve, "Lightsaber").
func (b *Battle) returnBolt(ti int, rt combat.Return, firerUnit int, dist float64, cover combat.Cover) {
	if rt.Figure >= len(b.tidx) || rt.Shot >= len(b.shotFig) {
		return
	}
	hf := &b.figs[b.tidx[rt.Figure]]
	if hf.spec.Hero == nil || hf.spec.Hero.Control <= 0 {
		return
	}
	victim := &b.figs[b.shotFig[rt.Shot]]
	bd := combat.Long
	switch {
	case dist <= 5:
		bd = combat.Short
	case dist <= 15:
		bd = combat.Medium
	}
	diff := b.r.Base(bd) + coverMod(cover)
	if b.r.ReturnBolt(b.dice, &hf.hero, hf.spec.Hero.Control, diff, rt.Damage, &victim.f) {
		b.phaseHits(int(hf.unit), firerUnit, 1)
		if b.lg != nil {
			b.logf("  %s sends a bolt back at %s\n", b.figName(hf), b.name(firerUnit))
		}
	}
}

// special fires a figure's grenade, flamethrower, proton torpedo or DEMP gun instead of his
// gun (worth v) when the doctrine expects more of it, and reports whether he did. Grenades
// and torpedoes only in the Fire Combat Phase; the flamethrower and DEMP gun "as normal".
func (b *Battle) special(ui, ti int, ffi int32, mode fireMode, v, dist float64, mods, sr int, firing combat.Firing,
	nades bool, aims *[gFex + 1]kitAim) bool {
	f := &b.figs[ffi]
	fs := f.spec
	tk := fs.Hero.has(pTelekinesis) && f.powerTurn != b.turn && fs.Hero.Alter > 0
	if fs.Kits == nil && fs.Flamer == nil && fs.Torpedo == nil && fs.DEMP == nil && !tk {
		return false
	}
	const (
		none = iota
		kit
		flame
		torp
		demp
		tele
	)
	act, best := none, v
	var kitK int
	var launch bool
	var kitAt, torpAt Point
	var flameAt int32
	if nades {
		if k, at, g, l := b.bestKit(b.units[ui].side, f, aims, sr, firing); k >= 0 && g > best {
			act, best, kitK, kitAt, launch = kit, g, k, at, l
		}
	}
	if fs.Flamer != nil {
		if at, g := b.flameAim(f, b.units[ui].side, mods, sr); at >= 0 && g > best {
			act, best, flameAt = flame, g, at
		}
	}
	if fs.Torpedo != nil && f.torps > 0 && mode == firePhase && b.units[ui].tripod == tripodAssembled {
		if at, n := b.torpedoAim(ffi); n > 0 {
			p := combat.TestOdds(fs.TorpedoSkill, torpedoDifficulty+b.handicap(f))
			if g := p * float64(n) * b.odds.pHarm(fs.Torpedo.Damage, sr); g > best {
				act, best, torpAt = torp, g, at
			}
		}
	}
	if fs.DEMP != nil {
		if g := b.dempValue(f, ti, dist, mods); g > best {
			act = demp
		}
	}
	var tkDiff, tkDS int
	if tk {
		if d, ds, g := b.telekinesisShot(f, sr); g > best {
			act, best, tkDiff, tkDS = tele, g, d, ds
		}
	}
	if act != none {
		b.settleAims(b.units[ui].side, aims)
	}
	switch act {
	case tele:
		b.telekinesis(ui, ti, ffi, tkDiff, tkDS)
	case kit:
		b.throw(ui, ti, ffi, kitK, kitAt, firing, launch)
	case flame:
		bd, _ := bandOf(fs.Flamer.Ranges, fs.Flamer.MinRange, math.Sqrt(dist2(f.pos, b.figs[flameAt].pos)))
		b.flame(ui, ti, ffi, flameAt, b.r.Base(bd)+mods+b.handicap(f))
	case torp:
		b.torpedo(ui, ti, ffi, torpAt)
	case demp:
		bd, _ := bandOf(fs.DEMP.Ranges, fs.DEMP.MinRange, dist)
		b.demp(ui, ti, ffi, b.r.Base(bd)+mods+b.handicap(f))
	default:
		return false
	}
	return true
}

// kitAim is where a kind of grenade would go at the target, for any thrower (aimKit with no
// reach), and how many enemies the template would catch there.
type kitAim struct {
	at   Point
	n    int
	done bool
	// owed: a thrower used only the best aim within his reach (bestKit), and the best
	// aim anywhere, with his template's radius r, is still to be worked out as of then.
	owed bool
	r    float64
}

// anyWithin reports whether some visible target (b.tidx) stands within reach of p, as
// aimKit measures it.
func (b *Battle) anyWithin(p Point, reach float64) bool {
	for _, tfi := range b.tidx {
		if dist2(p, b.figs[tfi].pos) <= reach*reach {
			return true
		}
	}
	return false
}

// settleAims works out the best aims anywhere still owed (bestKit), before an action that
// may change what they would be (a grenade's burst, a flame, a figure moved).
func (b *Battle) settleAims(side int, aims *[gFex + 1]kitAim) {
	for k := range aims {
		if a := &aims[k]; a.owed && !a.done {
			a.done = true
			a.at, a.n = b.aimKit(side, Point{}, gkind(k), a.r, 0)
		}
	}
}

// aimKit is the point a figure would aim a kit of kind k (template radius r) at among the
// visible targets (b.tidx): the target figure with the most enemies it can harm under the
// template, not where a friend stands within the template and 1.5" (a miss at short range
// deviates 1-3"), and within reach (the weapon's long range from the thrower; 0 for any
// distance). It returns how many the template would catch there (0: nowhere to aim).
func (b *Battle) aimKit(side int, from Point, k gkind, r, reach float64) (at Point, n int) {
	for _, tfi := range b.tidx {
		p := b.figs[tfi].pos
		if reach > 0 && dist2(from, p) > reach*reach {
			continue
		}
		if c := b.underTemplate(p, r, k); c > n && !b.friendNear(side, p, r+baseRadius+1.5) {
			at, n = p, c
		}
	}
	return at, n
}

// bestKit is the kind of grenade a figure would throw at the visible targets and where, and
// its expected worth (kitValue); -1 when he has none worth throwing. The best aim for each
// kind is found once a fire action (aims); a thrower out of its reach looks for the best
// aim within his own.
func (b *Battle) bestKit(side int, f *fig, aims *[gFex + 1]kitAim, sr int, firing combat.Firing) (best int, at Point, bv float64, launched bool) {
	best = -1
	for k := range f.spec.Kits {
		kit := &f.spec.Kits[k]
		if f.kitN[k] <= 0 || kit.Kind == gSmoke {
			continue
		}
		r := kitRadius(kit)
		a := &aims[kit.Kind]
		launcher := f.spec.Launcher != nil && kit.Kind != gThermal
		var mine Point
		var n int
		if !a.done && !launcher && len(kit.W.Ranges) == 3 && !b.anyWithin(f.pos, float64(kit.W.Ranges[combat.Long])) {
			// A thrower with no visible target within his reach has nowhere to aim: the
			// best aim anywhere would lie beyond it, and he would find none within it.
			// (Most throwers stand beyond a grenade's reach.) The best aim anywhere is
			// owed: worked out when another thrower needs it, or before anything is
			// thrown, fired or moved (settleAims), from the same places as now.
			mine, n = Point{}, 0
			if !a.owed {
				a.owed, a.r = true, r
			}
		} else {
			if !a.done {
				if a.owed {
					r = a.r // (as the first thrower would have aimed it)
				}
				a.done = true
				a.at, a.n = b.aimKit(side, f.pos, kit.Kind, r, 0)
				r = kitRadius(kit)
			}
			mine, n = a.at, a.n
			if long := float64(kit.W.Ranges[combat.Long]); n > 0 && len(kit.W.Ranges) == 3 && dist2(f.pos, mine) > long*long {
				mine, n = b.aimKit(side, f.pos, kit.Kind, r, long)
			}
		}
		if v := b.kitValue(f, kit, mine, n, sr, firing, false); v > bv+tie {
			best, at, bv, launched = k, mine, v, false
		}
		if launcher {
			// "Thermal detonators cannot be fired from a grenade launcher."
			if v := b.kitValue(f, kit, a.at, a.n, sr, firing, true); v > bv+tie {
				best, at, bv, launched = k, a.at, v, true
			}
		}
	}
	return best, at, bv, launched
}

// throw throws one grenade of a figure's kit k at a point (combat.Throw, the aim point's
// cover counted) and lets it burst where it lands (burstAt).
func (b *Battle) throw(ui, target int, ffi int32, k int, at Point, firing combat.Firing, launched bool) {
	f := &b.figs[ffi]
	kit := &f.spec.Kits[k]
	f.kitN[k]--
	// "Apply normal fire combat modifiers": the cover where the template is placed counts as
	// a target's would (Chapter Three, "Throwing Grenades"; docs/decisions.md).
	t := combat.Throw{From: f.pos, Aim: at, Skill: kit.Skill, Grenade: kit.W, Firing: firing,
		Wounded: f.f.Wounded && !f.painControlled, Extra: coverMod(b.coverAt(at)) + b.handicap(f)}
	if f.spec.Hero != nil {
		t.Hero = &f.hero
	}
	verb := "throws"
	b.act(kit.W.Name)
	if launched {
		b.act("grenade launcher")
		t.Launcher, t.Skill, verb = f.spec.Launcher, f.spec.LauncherSkill, "launches"
	}
	land, hit, err := b.r.Throw(b.dice, t)
	if err != nil {
		return
	}
	if b.lg != nil {
		b.logf("  %s %s a %s %s %s: %s\n", b.figName(f), verb, kit.Kind, ifs(kit.Kind == gSmoke, "toward", "at"), b.name(target),
			ifs(hit, "on target", "it deviates "+in1(math.Sqrt(dist2(land, at)))+"\""))
	}
	n := b.burstAt(ui, kit, land, f.pos)
	if b.lg != nil && kit.Kind != gSmoke {
		b.logf("  %d under the %s\n", n, ifs(kit.Kind.lingers(), "cloud", "burst"))
	}
}

// diveOut: each hero who dodged the burst just resolved (b.burstE) "dives out of range,
// ending up prone adjacent to the burst template" (Chapter Twelve, "Dodge"), straight away
// from its centre; his awareness mark comes off.
func (b *Battle) diveOut(center Point, r float64) {
	for k, gi := range b.burstI {
		g := &b.figs[gi]
		if g.spec.Hero == nil {
			continue
		}
		g.hero.Unaware = false
		if !b.burstE[k].Dodged {
			continue
		}
		away := sub(g.pos, center)
		n := norm(away)
		if n < 1e-9 {
			away, n = scale(b.units[g.unit].fdir, -1), 1
		}
		to := b.clampTable(add(center, scale(away, (r+baseRadius+0.05)/n)))
		b.gatherRoom(int(g.unit), box{to, to}.pad(roomGap))
		if b.standable(to) && b.roomAt(to) {
			g.pos = to
			u := &b.units[g.unit]
			u.boxOK, u.cOK = false, false
			b.moves++
		}
		g.prone = true
		if b.lg != nil {
			b.logf("  %s dives out of the burst and lies prone\n", b.who(g))
		}
	}
}

// Damage bookkeeping. phase[u*n+t] is the hits unit u scored on unit t in the current
// phase; when the phase ends each unit's casualties are credited to the units that hit it,
// in proportion.

func (b *Battle) clearPhaseHits() {
	n := len(b.units)
	if cap(b.hitsBy) < n*n {
		b.hitsBy = make([]float64, n*n)
	}
	b.hitsBy = b.hitsBy[:n*n]
	for i := range b.hitsBy {
		b.hitsBy[i] = 0
	}
}

func (b *Battle) phaseHits(u, t int, h float64) {
	n := len(b.units)
	if len(b.hitsBy) < n*n {
		b.clearPhaseHits()
	}
	b.hitsBy[u*n+t] += h
}

// endPhaseAll applies every figure's marked damage (the end of a combat phase).
func (b *Battle) endPhaseAll() {
	for ui := range b.units {
		if b.units[ui].onTable() {
			b.endPhaseUnit(ui)
		}
	}
}

// endPhaseUnit applies the damage marked on a unit's figures, counts its casualties for
// morale (each soldier wounded or incapacitated this turn once) and a commander hit, and
// credits them.
func (b *Battle) endPhaseUnit(ui int) {
	defer b.use(b.handFor(ui, forWounds))
	u := &b.units[ui]
	var wounded, out, soldiers int
	for _, fi := range u.members {
		f := &b.figs[fi]
		if f.f.Out || f.gone || int(f.unit) != ui {
			continue
		}
		if f.riding {
			b.mountEndPhase(ui, f)
		}
		h := f.f.EndPhase(b.dice, b.r)
		if h != combat.NoEffect || f.f.Droid != nil { // (a droid's system damage returns no effect)
			b.touchCond(f)
		}
		if h == combat.Wound && f.riding {
			b.keepSeat(ui, f)
		}
		if h == combat.NoEffect {
			continue
		}
		if h == combat.Wound && (f.painControlled || f.conscious) {
			// A hero controlling pain, or who remained conscious, is taken out by a further
			// wound.
			f.f.Out = true
			h = combat.Incapacitated
		}
		if h == combat.Incapacitated && f.spec.Hero != nil && !f.conscious && b.remainConscious(f) {
			h = combat.Wound
		}
		if f.spec.Role == RoleCreature {
			b.largeFall(f, h)
		}
		if fi == u.leader {
			u.commanderHit, u.cmdHitUntested = true, true
		}
		b.creditCasualty(ui, int(f.home), 1)
		if f.casStamp != b.turn+1 {
			// A soldier wounded and then incapacitated in one turn is one casualty.
			f.casStamp = b.turn + 1
			soldiers++
		}
		if h == combat.Wound {
			f.woundTurn = b.turn
			wounded++
			if f.spec.Role == RoleCreature {
				// "Wounded creatures fall down. If the creature is not a mount, in the next
				// Movement Phase it runs amok" (Chapter Thirteen).
				f.prone, u.amok = true, true
			}
		} else {
			out++
			u.boxOK, u.cOK = false, false
			b.moves++
		}
		if fi == b.objBy {
			b.dropObjective(fi)
		}
	}
	u.casualties += soldiers
	n := len(b.units)
	for k := range n {
		b.hitsBy[k*n+ui] = 0
	}
	if wounded+out > 0 {
		b.logCasualties(ui, wounded, out)
	}
	if len(b.falls) > 0 {
		b.resolveFalls()
	}
	if u.state == stOnTable && b.ownAlive(ui) == 0 {
		b.detachAll(ui)
		if b.aliveCount(ui) == 0 {
			u.state = stDestroyed
			b.leaveEngagement(ui)
			if b.lg != nil {
				b.logf("%s %s\n", b.name(ui), ifs(len(u.spec.Figs) > 1, "is wiped out", "is out of the fight"))
			}
		}
	}
}

// casualtyText is "2 wounded, 1 incapacitated".
func casualtyText(w, o int) string {
	s := ""
	if w > 0 {
		s = strconv.Itoa(w) + " wounded"
	}
	if o > 0 {
		if s != "" {
			s += ", "
		}
		s += strconv.Itoa(o) + " incapacitated"
	}
	return s
}

// ownAlive counts the figures bought with the unit still fighting (not an attached hero).
func (b *Battle) ownAlive(ui int) int {
	n := 0
	for _, fi := range b.units[ui].members {
		if f := &b.figs[fi]; f.alive() && int(f.home) == ui {
			n++
		}
	}
	return n
}

// creditCasualty shares one casualty on unit ui (a figure bought as unit home) among the
// units that hit ui this phase.
func (b *Battle) creditCasualty(ui, home int, c float64) {
	n := len(b.units)
	total := 0.0
	for k := range n {
		total += b.hitsBy[k*n+ui]
	}
	if total == 0 {
		return
	}
	for k := range n {
		if h := b.hitsBy[k*n+ui]; h > 0 {
			b.credit[k*n+home] += c * h / total
		}
	}
}

// dropObjective: a carrier wounded or incapacitated drops the objective beside him, in a
// direction rolled on the Grenade Burst Template.
func (b *Battle) dropObjective(fi int32) {
	if b.objBy != fi {
		return
	}
	f := &b.figs[fi]
	b.objBy = -1
	b.objAt = b.clampTable(combat.Deviate(f.pos, b.units[f.unit].facing, b.dice.D6(), 1))
	if b.lg != nil {
		b.logf("  %s drops %s\n", b.figName(f), b.field.Scenario.Objectives[b.field.carryObjective()].Name)
	}
}

// specificMin is the least chance of a hit at +4 for which a hero aims at an enemy hero
// standing in the target squad rather than at the squad.
const specificMin = 0.3

// specificShot: a hero firing at a squad in which an enemy hero stands (drawing cover from
// it) aims at that hero: "A hero can target his shots at a specific soldier within a squad,
// or at a hero or droid drawing cover from the squad. The difficulty of the shot is
// increased by +4" (Chapter Twelve, "Specific Targeting"); every hit is his. The doctrine
// does it when the shot has at least a 0.3 chance. It reports whether he did.
func (b *Battle) specificShot(ui, ti int, ffi int32, x combat.Firer, firing combat.Firing, view combat.TargetView) bool {
	target, view := b.specificTarget(ui, ti, ffi, view) // heroes.go
	if target < 0 {
		return false
	}
	f := &b.figs[ffi]
	x.Specific, x.Hero = true, &f.hero
	shots, err := b.r.Aim(firing, []combat.Firer{x}, []combat.TargetView{view}, b.spShots[:0])
	b.spShots = shots
	if err != nil || len(shots) == 0 || b.odds.pHit(shots[0].Skill, shots[0].Difficulty) < specificMin {
		return false
	}
	g := &b.figs[target]
	g.hero.Unaware = !frontArc(g.pos, b.units[g.unit].fdir, f.pos)
	b.spFigs[0] = append(b.spFigs[0][:0], &g.f)
	b.r.Volley(b.dice, shots, b.spFigs, &b.spVolley)
	g.hero.Unaware = false
	b.phaseHits(ui, int(g.unit), float64(b.spVolley.Hits[0]))
	b.act("specific targeting")
	if b.lg != nil {
		b.logf("  %s fires at %s %s (specific target), difficulty %d: %d hits\n", b.who(f), b.specificName(g), b.name(ti),
			shots[0].Difficulty, b.spVolley.Hits[0])
	}
	return true
}

// splitFire: a squad's soldiers who had nothing to shoot at its target (none in sight or in
// their arcs, or out of their weapons' range) fire at a second target, "two targets at most"
// (Chapter Three, "Split Fire"): a droid a DEMP gunner held his fire for (dempDroid), else
// the enemy unit, other than the first, their fire is worth most against. Droids split
// their two weapons by their own rule, and do not.
func (b *Battle) splitFire(ui, first int) {
	u := &b.units[ui]
	if len(b.idle) == 0 || u.spec.Kind != KindSquad || !u.onTable() {
		return
	}
	lo, hi := b.sideRange(1 - u.side)
	second, bv := -1, 0.0
	if b.dempFor > 0 {
		// A DEMP gunner held his fire for a droid: it is the second target.
		second, bv = b.dempFor-1, 1
		lo = hi
	}
	for e := lo; e < hi; e++ {
		t := &b.units[e]
		if e == first || !t.onTable() || t.eng >= 0 || b.heroScreened(e) {
			continue
		}
		if v := b.estimate(ui, e, u.walked, 0); v > bv+tie {
			second, bv = e, v
		}
	}
	if second < 0 || bv < 0.05 {
		return
	}
	b.onlyBuf = append(b.onlyBuf[:0], b.idle...)
	b.only = b.onlyBuf
	if b.lg == nil {
		b.fireAt(ui, second, firePhase)
		b.only = nil
		return
	}
	// The line goes in only if they fired: from the unit's centre the second target was in
	// sight, but none of the soldiers left may have it in his own sight and range.
	mark, cas, heading := len(b.lg.buf), b.lg.cas, b.lg.phase
	n := len(b.only)
	b.fireAt(ui, second, firePhase)
	b.only = nil
	if len(b.lg.buf) > mark {
		if heading != "" {
			mark += len("  " + heading + "\n") // the phase's heading, written by its first line
		}
		line := fmt.Sprintf("    %s splits its fire: %s at %s\n", b.name(ui), count(n, "soldier"), b.name(second))
		b.lg.buf = append(b.lg.buf[:mark], append([]byte(line), b.lg.buf[mark:]...)...)
	} else {
		b.lg.cas = cas
	}
}
