package battle

import (
	"math"
	"strconv"

	"muster/rules"
	"muster/rules/combat"
)

// The advanced weapons of Chapter Eleven, "Infantry Support Weapons" and after: the
// flamethrower (its template, and the fire it starts), the grenade launcher (grenades sent
// farther, with the launched deviation), the DEMP gun (it stuns droids and nothing else) and
// the proton torpedo launcher (an assembled weapon whose torpedo hits everything in its
// path). Each is fired instead of a figure's gun when the doctrine expects more of it.

// Advanced weapon numbers.
const (
	torpedoDifficulty = 8    // "make a skill roll against a difficulty of 8"
	torpedoLength     = 10.0 // the 1.5" by 10" Proton Torpedo Area of Effect Template
	torpedoHalfWidth  = 0.75
	dempStunTurns     = 4 // a "Systems Damage" result stuns for 4 turns
	dempStunTwice     = 6 // "Roll twice" for 6
	fireDamage        = 4 // "a damage roll against the fire's Strength of 4"
	fireTemplate      = 1.0
	fireModifier      = 1 // +1 to fire through each fire template
	dempWorth         = 0.8
)

// advancedOf fills a figure's advanced weapons from his weapons; the door counts his proton
// torpedoes (FigSpec.Torpedoes) when he has the launcher.
func advancedOf(cat *rules.Catalog, m *Soldier, fs *FigSpec) {
	for _, w := range m.Weapons {
		switch rules.Normalize(w.Name) {
		case rules.Normalize("flamethrower"):
			fs.Flamer, fs.FlamerSkill = w, m.Code(cat, w)
		case rules.Normalize("grenade launcher"):
			fs.Launcher, fs.LauncherSkill = w, m.Code(cat, w)
		case rules.Normalize("proton torpedo launcher"):
			fs.Torpedo, fs.TorpedoSkill = w, m.Code(cat, w)
		case rules.Normalize("DEMP gun"):
			fs.DEMP, fs.DEMPSkill = w, m.Code(cat, w)
		}
	}
}

// flameAim is where figure f would aim his flamethrower at the visible targets: the
// target figure within his reach whose shot is worth most (flameValue: the one hit and the
// others under the 1" template around him), with no friend near the template, and that
// worth (-1: none within reach). Only figures he can reach count: the biggest cluster of a
// squad is often beyond the 6" of the weapon while a nearer figure is not, and aiming at
// the cluster he could not reach left the flamethrower unused at 3" from the enemy.
func (b *Battle) flameAim(f *fig, side, mods, sr int) (int32, float64) {
	best, bestV := int32(-1), 0.0
	rr := (fireTemplate + baseRadius) * (fireTemplate + baseRadius)
	for _, tfi := range b.tidx {
		p := b.figs[tfi].pos
		if _, ok := bandOf(f.spec.Flamer.Ranges, f.spec.Flamer.MinRange, math.Sqrt(dist2(f.pos, p))); !ok {
			continue
		}
		n := 0
		for _, ofi := range b.tidx {
			if ofi != tfi && dist2(p, b.figs[ofi].pos) <= rr {
				n++
			}
		}
		if v := b.flameValue(f, tfi, n, mods, sr); v > bestV+tie && !b.friendNear(side, p, fireTemplate+baseRadius+1) {
			best, bestV = tfi, v
		}
	}
	return best, bestV
}

// flameValue is the expected casualties of a flamethrower's shot at figure at with others
// around him: on a hit the full 4 on him and the incidental 2 on the rest; a miss counts as
// lost.
func (b *Battle) flameValue(f *fig, at int32, others int, mods, sr int) float64 {
	w := f.spec.Flamer
	bd, ok := bandOf(w.Ranges, w.MinRange, math.Sqrt(dist2(f.pos, b.figs[at].pos)))
	if !ok {
		return 0
	}
	skill := f.spec.FlamerSkill
	if f.f.Wounded && !f.painControlled {
		skill += combat.WoundPenalty
	}
	p := b.odds.pHit(skill, b.r.Base(bd)+mods+b.handicap(f))
	return p * (b.odds.pHarm(w.Damage, sr) + float64(others)*b.odds.pHarm(w.Incidental, sr))
}

// flame fires a flamethrower (combat.Flame): a hit centres the Flame Effect Template under
// the target, who takes the full Damage Strength; a miss deviates one die, never more than
// half the distance; everyone else under the template, friend or foe, takes the incidental
// Damage Strength (combat.FlameBurst). The ground there is on fire (startFire).
func (b *Battle) flame(ui, ti int, ffi, at int32, diff int) {
	f := &b.figs[ffi]
	w := f.spec.Flamer
	skill := f.spec.FlamerSkill
	if f.f.Wounded && !f.painControlled {
		skill += combat.WoundPenalty
	}
	target := b.figs[at].pos
	center, hit := b.r.Flame(b.dice, skill, diff, f.pos, target)
	b.act(w.Name)
	b.burstF, b.burstI, b.tmpPts = b.burstF[:0], b.burstI[:0], b.tmpPts[:0]
	ti32 := -1
	rr := (w.BurstRadius + baseRadius) * (w.BurstRadius + baseRadius)
	for i := range b.figs {
		g := &b.figs[i]
		if !g.alive() || !b.units[g.unit].onTable() || int32(i) == ffi {
			continue
		}
		if int32(i) == at && hit {
			ti32 = len(b.burstF)
		} else if dist2(g.pos, center) > rr {
			continue
		}
		b.burstF = append(b.burstF, &g.f)
		b.burstI = append(b.burstI, int32(i))
		b.tmpPts = append(b.tmpPts, g.pos)
	}
	b.cpts = b.cpts[:0]
	for _, p := range b.tmpPts {
		b.cpts = append(b.cpts, combat.Point(p))
	}
	b.r.FlameBurst(b.dice, w, combat.Point(center), hit, ti32, b.burstF, b.cpts)
	if b.trace != nil {
		b.trace.traceTemplate(ui, w.Name, Point(center), w.BurstRadius, len(b.burstI))
	}
	for _, gi := range b.burstI {
		b.phaseHits(ui, int(b.figs[gi].unit), 1)
	}
	if b.lg != nil {
		b.logf("  %s fires his flamethrower at %s: %s, %d under the flames\n", b.figName(f), b.name(ti),
			ifs(hit, "on target", "it deviates "+in1(math.Sqrt(dist2(Point(center), target)))+"\""), len(b.burstI))
	}
	b.startFire(Point(center), ui)
}

// startFire sets the ground under a flamethrower's template on fire (Chapter Eleven,
// "Flamethrower"; Advanced Terrain, "Fire"): one Flame Effect Template, a fire of its own.
func (b *Battle) startFire(at Point, ui int) {
	b.fireID++
	b.clouds = append(b.clouds, cloud{kind: gFire, at: at, r: fireTemplate, ds: fireDamage, born: b.turn,
		left: math.MaxInt32, unit: ui, live: true, fire: b.fireID})
	if b.lg != nil {
		b.logf("  the ground there is on fire\n")
	}
}

// firesTurn: each fire (not each template) rolls in the Special Actions Phase: 1-2 burns
// down (its earliest template goes), 3-4 stays, 5-6 spreads (a template 2" from its latest,
// the direction two dice read on the template as a clock around the wind's). Everyone under a fire
// template then takes a damage roll against 4 (Advanced Terrain, "Fire").
func (b *Battle) firesTurn() {
	for id := 1; id <= b.fireID; id++ {
		first, last := -1, -1
		for ci := range b.clouds {
			if b.clouds[ci].kind == gFire && b.clouds[ci].fire == id {
				if first < 0 {
					first = ci
				}
				last = ci
			}
		}
		if first < 0 {
			continue
		}
		switch v := b.dice.D6(); {
		case v <= 2:
			b.clouds = append(b.clouds[:first], b.clouds[first+1:]...)
			if b.lg != nil {
				b.logf("a fire burns down\n")
			}
		case v >= 5:
			l := b.clouds[last]
			dir := b.windDir() + float64(b.dice.D6()+b.dice.D6()-7)*math.Pi/6
			l.at = b.clampTable(add(l.at, scale(dirOf(dir), 2*fireTemplate)))
			l.born = b.turn
			b.clouds = append(b.clouds, l)
			if b.lg != nil {
				b.logf("a fire spreads\n")
			}
		}
	}
	b.clearPhaseHits()
	any := false
	for ci := range b.clouds {
		c := &b.clouds[ci]
		if c.kind != gFire {
			continue
		}
		rr := (c.r + baseRadius) * (c.r + baseRadius)
		for i := range b.figs {
			g := &b.figs[i]
			if g.alive() && b.units[g.unit].onTable() && dist2(g.pos, c.at) <= rr {
				var one [1]int
				one[0] = c.ds
				b.r.Resist(b.dice, &g.f, one[:])
				b.phaseHits(c.unit, int(g.unit), 1)
				any = true
			}
		}
	}
	if any {
		b.endPhaseAll()
	}
}

// firesBetween counts the fire templates the line from p to q passes through (+1 each).
func (b *Battle) firesBetween(p, q Point) int {
	n := 0
	for ci := range b.clouds {
		c := &b.clouds[ci]
		if c.kind == gFire && segDist2(p, q, c.at) <= c.r*c.r {
			n++
		}
	}
	return n
}

// torpedoPath is where a proton torpedo fired from p toward q ends: 10" on, or at the first
// wall or sight-blocking ground in the way (the torpedo is not tested against walls' Strength:
// they stop it).
func (b *Battle) torpedoPath(p, q Point) Point {
	d := sub(q, p)
	n := norm(d)
	if n < 1e-9 {
		return p
	}
	end := add(p, scale(d, torpedoLength/n))
	for i := range b.field.barriers {
		br := &b.field.barriers[i]
		if br.los == losBlocks && segmentsCross(p, end, br.a, br.b) {
			// Stop just short of it.
			for s := 0.5; s <= torpedoLength; s += 0.5 {
				if segmentsCross(p, add(p, scale(d, s/n)), br.a, br.b) {
					end = add(p, scale(d, (s-0.5)/n))
					break
				}
			}
		}
	}
	return end
}

// inTorpedo: a figure at g's base lies within the template from p to end, 1.5" wide, which
// starts at the front of the firer's base (his neighbours in line, whose bases only touch its
// edge, are not in it).
func inTorpedo(p, end, g Point) bool {
	w := torpedoHalfWidth + baseRadius
	d := sub(end, p)
	n := norm(d)
	return n > 0 && segDist2(p, end, g) < w*w-1e-9 && dot(sub(g, p), d)/n > baseRadius
}

// torpedoAim is the visible target figure to aim a torpedo at (the one whose path takes in
// the most target figures and no friend) and how many it takes in.
func (b *Battle) torpedoAim(ffi int32) (Point, int) {
	f := &b.figs[ffi]
	side := b.units[f.unit].side
	best, bn := Point{}, 0
	for _, tfi := range b.tidx {
		end := b.torpedoPath(f.pos, b.figs[tfi].pos)
		n := 0
		for _, ofi := range b.tidx {
			if inTorpedo(f.pos, end, b.figs[ofi].pos) {
				n++
			}
		}
		if n <= bn {
			continue
		}
		friend := false
		for i := range b.figs {
			g := &b.figs[i]
			if int32(i) != ffi && g.alive() && b.units[g.unit].side == side && b.units[g.unit].onTable() && inTorpedo(f.pos, end, g.pos) {
				friend = true
				break
			}
		}
		if !friend {
			best, bn = b.figs[tfi].pos, n
		}
	}
	return best, bn
}

// torpedo fires a proton torpedo: a difficulty 8 missile weapons test, or it fails to arm
// and is spent; on a pass everyone whose base is in its path, friend or foe, resists its
// Damage Strength of 6 (Chapter Eleven, "Proton Torpedo Launcher").
func (b *Battle) torpedo(ui, ti int, ffi int32, aim Point) {
	f := &b.figs[ffi]
	f.torps--
	b.act(f.spec.Torpedo.Name)
	b.act("proton torpedo")
	skill := f.spec.TorpedoSkill
	if f.f.Wounded && !f.painControlled {
		skill += combat.WoundPenalty
	}
	var ok bool
	if f.spec.Hero != nil {
		ok = combat.HeroTest(b.dice, &f.hero, skill, torpedoDifficulty+b.handicap(f))
	} else {
		ok = combat.Test(b.dice, skill, torpedoDifficulty+b.handicap(f))
	}
	if !ok {
		if b.lg != nil {
			b.logf("  %s fires a proton torpedo at %s: it fails to arm\n", b.figName(f), b.name(ti))
		}
		return
	}
	end := b.torpedoPath(f.pos, aim)
	n := 0
	for i := range b.figs {
		g := &b.figs[i]
		if int32(i) == ffi || !g.alive() || !b.units[g.unit].onTable() || !inTorpedo(f.pos, end, g.pos) {
			continue
		}
		var one [1]int
		one[0] = f.spec.Torpedo.Damage
		b.r.Resist(b.dice, &g.f, one[:])
		b.phaseHits(ui, int(g.unit), 1)
		n++
	}
	if b.lg != nil {
		b.logf("  %s fires a proton torpedo at %s: %d in its path\n", b.figName(f), b.name(ti), n)
	}
}

// dempValue is the worth of a DEMP gun's shot at a droid target: the chance it hits times the
// chance the Droid Damage Table calls for System Damage, a stun counted at dempWorth.
func (b *Battle) dempValue(f *fig, ti int, dist float64, mods int) float64 {
	if b.units[ti].spec.Kind != KindDroid {
		return 0
	}
	w := f.spec.DEMP
	bd, ok := bandOf(w.Ranges, w.MinRange, dist)
	if !ok {
		return 0
	}
	skill := f.spec.DEMPSkill
	if f.f.Wounded && !f.painControlled {
		skill += combat.WoundPenalty
	}
	return b.odds.pHit(skill, b.r.Base(bd)+mods+b.handicap(f)) * b.odds.pHarm(w.Damage, b.avgSTR(ti)) * dempWorth
}

// dempDroid is the enemy droid unit a DEMP gunner (figure ffi of unit ui, whose squad fires
// at ti, not a droid) would rather fire his DEMP gun at than his gun at ti (worth v): the
// droid in his sight, not locked in close assault, where his DEMP gun is worth most and
// more than v; -1 for none. (The book lets a squad split its fire between two targets:
// Chapter Three, "Squad Fire".)
func (b *Battle) dempDroid(ui, ti int, ffi int32, firing combat.Firing, v float64) int {
	if b.units[ti].spec.Kind == KindDroid {
		return -1
	}
	f := &b.figs[ffi]
	lo, hi := b.sideRange(1 - b.units[ui].side)
	best, bv := -1, v
	for e := lo; e < hi; e++ {
		t := &b.units[e]
		if t.spec.Kind != KindDroid || !t.onTable() || t.eng >= 0 {
			continue
		}
		for _, gi := range t.members {
			g := &b.figs[gi]
			if !g.alive() || int(g.unit) != e {
				continue
			}
			ok, cv := b.los(ffi, gi)
			if !ok || !b.canSee(ui, ffi, gi) {
				continue
			}
			mods := coverMod(cv)
			if firing.Walking {
				mods++
			}
			if w := b.dempValue(f, e, math.Sqrt(dist2(f.pos, g.pos)), mods); w > bv+tie {
				best, bv = e, w
			}
		}
	}
	return best
}

// demp fires a DEMP gun at a droid: a fire test as normal; a hit rolls on the Droid Damage
// Table, and "a Systems Damage result stuns a droid for 4 turns; a Roll twice ... for 6
// turns. Stunned droids are treated as though they were wounded characters"; stuns add up
// (Chapter Eleven, "DEMP Gun").
func (b *Battle) demp(ui, ti int, ffi int32, diff int) {
	f := &b.figs[ffi]
	skill := f.spec.DEMPSkill
	if f.f.Wounded && !f.painControlled {
		skill += combat.WoundPenalty
	}
	if len(b.tidx) == 0 {
		return
	}
	b.act(f.spec.DEMP.Name)
	tg := &b.figs[b.tidx[b.dice.IntN(len(b.tidx))]]
	hit := combat.Test(b.dice, skill, diff)
	turns := 0
	if hit && tg.f.Droid != nil {
		switch b.r.DroidDamage(b.dice, f.spec.DEMP.Damage, tg.f.Strength()) {
		case 1:
			turns = dempStunTurns
		case 2:
			turns = dempStunTwice
		}
	}
	if turns > 0 {
		if tg.stunTill >= b.turn {
			tg.stunPen++
		} else {
			tg.stunPen = 1
		}
		tg.stunTill = max(tg.stunTill, b.turn+turns-1)
		tg.f.Stunned = int(tg.stunPen)
		b.touchCond(tg)
		b.phaseHits(ui, ti, 0.5)
	}
	if b.lg != nil {
		b.logf("  %s fires his DEMP gun at %s: %s\n", b.figName(f), b.name(ti),
			ifs(turns > 0, "the droid is stunned for "+strconv.Itoa(turns)+" turns", ifs(hit, "no effect", "a miss")))
	}
}

// advancedEstimate is the doctrine's quick forecast of one figure's advanced weapon at a
// target unit d inches off: a flamethrower's full Damage Strength on one figure, a DEMP gun
// at a droid, an assembled torpedo launcher on one figure, a launched grenade on one.
func (b *Battle) advancedEstimate(ui, ti int, f *fig, d float64, mods, sr int) float64 {
	fs := f.spec
	best := 0.0
	if w := fs.Flamer; w != nil {
		if bd, ok := bandOf(w.Ranges, w.MinRange, d); ok {
			best = fmax(best, b.odds.pHit(fs.FlamerSkill, b.r.Base(bd)+mods)*b.odds.pHarm(w.Damage, sr))
		}
	}
	if fs.DEMP != nil {
		best = fmax(best, b.dempValue(f, ti, d, mods))
	}
	if w := fs.Torpedo; w != nil && f.torps > 0 && b.units[ui].tripod == tripodAssembled && d <= torpedoLength {
		best = fmax(best, combat.TestOdds(fs.TorpedoSkill, torpedoDifficulty)*b.odds.pHarm(w.Damage, sr))
	}
	if l := fs.Launcher; l != nil {
		if bd, ok := bandOf(l.Ranges, l.MinRange, d); ok {
			for k := range fs.Kits {
				if f.kitN[k] > 0 && fs.Kits[k].Kind != gThermal && fs.Kits[k].W.Damage > 0 {
					best = fmax(best, b.odds.pHit(fs.LauncherSkill, b.r.Base(bd)+mods)*b.odds.pHarm(fs.Kits[k].W.Damage, sr))
				}
			}
		}
	}
	return best
}

// selfDestructWorth is how many more expected enemy casualties than its own fire a droid's
// blast must promise before the doctrine detonates it (the droid is lost either way).
const selfDestructWorth = 1.5

// selfDestruct: a droid with self-destruct programming detonates in the Fire Combat Phase
// ("Damage Strength of 5, and affects all targets (as a grenade) within 3\"", Chapter
// Fourteen, "Self-Destruction") when no friend is within the blast and the enemies under it
// are worth, in expected casualties, its own fire plus 1.5, or it is locked in a close
// assault it is losing. It reports whether it did.
func (b *Battle) selfDestruct(ui int) bool {
	u := &b.units[ui]
	if !u.spec.SelfDestruct || len(u.members) == 0 {
		return false
	}
	di := u.members[0]
	d := &b.figs[di]
	if !d.alive() || int(d.unit) != ui {
		return false
	}
	r := combat.DroidBlastRadius + baseRadius
	if b.friendNearBut(u.side, d.pos, r, di) {
		return false
	}
	worth := 0.0
	for i := range b.figs {
		g := &b.figs[i]
		if g.alive() && b.units[g.unit].onTable() && b.units[g.unit].side != u.side && dist2(g.pos, d.pos) <= r*r {
			worth += b.odds.pHarm(combat.DroidBlastDamage, g.f.Strength())
		}
	}
	_, own := b.bestTarget(ui, u.walked)
	if worth < own+selfDestructWorth && !(u.eng >= 0 && worth > 0.5 && b.losingAssault(ui)) {
		return false
	}
	b.burstF, b.burstE, b.burstI = b.burstF[:0], b.burstE[:0], b.burstI[:0]
	for i := range b.figs {
		g := &b.figs[i]
		if int32(i) == di || !g.alive() || !b.units[g.unit].onTable() || dist2(g.pos, d.pos) > r*r {
			continue
		}
		b.burstF = append(b.burstF, &g.f)
		b.burstE = append(b.burstE, combat.Exposure{At: g.pos, Prone: g.prone})
		b.burstI = append(b.burstI, int32(i))
	}
	b.act("self-destruct")
	b.r.Burst(b.dice, d.pos, combat.DroidBlastRadius, combat.DroidBlastDamage, false, b.burstF, b.burstE, nil)
	for _, gi := range b.burstI {
		b.phaseHits(ui, int(b.figs[gi].unit), 1)
	}
	if b.lg != nil {
		b.logf("%s self-destructs: %d within the blast\n", b.name(ui), len(b.burstI))
	}
	b.diveOut(d.pos, combat.DroidBlastRadius)
	d.f.Out = true
	b.touchCond(d)
	b.moves++
	b.units[ui].boxOK, b.units[ui].cOK = false, false
	return true
}

// friendNearBut: a figure of side s other than except stands within r of p.
func (b *Battle) friendNearBut(s int, p Point, r float64, except int32) bool {
	for i := range b.figs {
		f := &b.figs[i]
		if int32(i) != except && f.alive() && b.units[f.unit].side == s && b.units[f.unit].onTable() && dist2(f.pos, p) <= r*r {
			return true
		}
	}
	return false
}

// losingAssault: a unit in close assault expects to take more casualties than it inflicts.
func (b *Battle) losingAssault(ui int) bool {
	u := &b.units[ui]
	e := &b.engs[u.eng]
	inf, rec := 0.0, 0.0
	for k := range len(e.units[1-u.side]) {
		i, r := b.assaultOdds(ui, e.units[1-u.side][k], false)
		inf += i
		rec += r
	}
	return rec > inf
}
