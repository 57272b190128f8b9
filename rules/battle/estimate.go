package battle

import (
	"math"
	"sync"

	"muster/rules/combat"
)

// The doctrine weighs its choices by expected casualties, from exact odds computed once by
// the combat package and looked up here (no sampling, no allocation).
type oddsTables struct {
	hit  [hitSpan]float64            // P(a straight test passes) by difficulty - skill
	harm [harmSpan][harmSpan]float64 // P(a hit wounds or worse) by Damage Strength, Strength
	win  [winSpan][winSpan]float64   // P(an opposed roll is won) by the two modifiers
}

const (
	hitLo    = -20
	hitSpan  = 61
	harmSpan = 25
	winLo    = -8
	winSpan  = 31
)

var tables = sync.OnceValue(buildTables)

func buildTables() *oddsTables {
	t := &oddsTables{}
	for k := range hitSpan {
		// Difficulties are positive, so a bomb-out always fails and the odds depend on the
		// difference alone.
		t.hit[k] = combat.TestOdds(30, 30+hitLo+k)
	}
	r := combat.Default()
	for ds := range harmSpan {
		for sr := range harmSpan {
			o := r.DamageOdds(ds, sr)
			t.harm[ds][sr] = 1 - o[combat.NoEffect]
		}
	}
	for a := range winSpan {
		for c := range winSpan {
			w, _, _ := combat.WinOdds(a+winLo, c+winLo)
			t.win[a][c] = w
		}
	}
	return t
}

func clampIdx(i, n int) int { return min(max(i, 0), n-1) }

// pHit is the chance a test of skill against difficulty passes.
func (t *oddsTables) pHit(skill, diff int) float64 { return t.hit[clampIdx(diff-skill-hitLo, hitSpan)] }

// pHarm is the chance a hit of Damage Strength ds wounds or incapacitates a figure of
// Strength sr.
func (t *oddsTables) pHarm(ds, sr int) float64 {
	return t.harm[clampIdx(ds, harmSpan)][clampIdx(sr, harmSpan)]
}

// pWin is the chance an opposed roll with modifier a beats one with modifier c.
func (t *oddsTables) pWin(a, c int) float64 {
	return t.win[clampIdx(a-winLo, winSpan)][clampIdx(c-winLo, winSpan)]
}

// expectedHits of one shot at a difficulty: the first hit, and following fire's further
// hits at +2 each while they hit.
func (t *oddsTables) expectedHits(skill, diff int, following bool) float64 {
	p := t.pHit(skill, diff)
	if !following {
		return p
	}
	e, q := p, p
	for k := 1; k < 6 && q > 1e-3; k++ {
		q *= t.pHit(skill, diff+2*k)
		e += q
	}
	return e
}

// bandOf is the range band a distance falls in for a weapon, without an error value (the
// hot paths cannot afford one): ok is false inside the minimum range or beyond long range.
func bandOf(ranges []int, minRange int, d float64) (combat.Band, bool) {
	if len(ranges) != 3 || d < float64(minRange) {
		return 0, false
	}
	for bd := combat.Short; bd <= combat.Long; bd++ {
		if d <= float64(ranges[bd]) {
			return bd, true
		}
	}
	return 0, false
}

// bestGun is the gun a figure would fire at a distance and the expected harm of one shot
// at the given difficulty modifiers (cover, firer conditions) on Strength sr.
// An assembled weapon fires only when set up; a discarded tripod's weapon fires as the
// standard configuration; following fire needs a crewman.
func (b *Battle) bestGun(ui int, f *fig, d float64, mods int, sr int, crewed bool) (int, float64) {
	best, bv := -1, 0.0
	for gi, g := range f.spec.Guns {
		w := b.gunOf(ui, g)
		if w.Assembled && b.units[ui].tripod != tripodAssembled {
			continue
		}
		bd, ok := bandOf(w.Ranges, w.MinRange, d)
		if !ok {
			continue
		}
		s := g.Skill
		if f.f.Wounded && !f.painControlled {
			s += combat.WoundPenalty
		}
		if f.spec.TC {
			s++
		}
		diff := b.r.Base(bd) + mods
		v := b.odds.expectedHits(s, diff, w.FollowingFire && crewed) * b.odds.pHarm(w.Damage, sr)
		if v > bv+tie {
			best, bv = gi, v
		}
	}
	return best, bv
}

// avgSTR is the average Strength of a unit's figures still fighting, kept while none of
// them falls, leaves or changes condition (unitVer, condVer: forecasts.go).
func (b *Battle) avgSTR(ui int) int {
	u := &b.units[ui]
	v := b.unitVer(ui)
	if u.strOK && u.strVer == v && u.strCond == u.condVer {
		if b.audit != nil {
			b.auditAvgSTR(ui, u.str)
		}
		return u.str
	}
	u.str, u.strVer, u.strCond, u.strOK = b.avgSTRNow(ui), v, u.condVer, true
	return u.str
}

// avgSTRNow is avgSTR worked out afresh.
func (b *Battle) avgSTRNow(ui int) int {
	s, n := 0, 0
	for _, fi := range b.units[ui].members {
		f := &b.figs[fi]
		if f.alive() && int(f.unit) == ui {
			s += f.f.Strength()
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return int(math.Round(float64(s) / float64(n)))
}

// estimate is the doctrine's quick forecast of the casualties unit ui's fire would cause
// unit ti from where both stand: the line of sight and cover from the firer's centre to the
// nearest target figure (or the target's centre), the distance between the centres. It
// ignores figures in the way, which the fire itself checks. A target hidden from ui, or
// out of its sight in the dark, is worth nothing (unitUnseen): every judgement built on
// it (targets, split fire, going prone, grenades' threat) then sees the night as the fire
// will.
func (b *Battle) estimate(ui, ti int, walked bool, extra int) float64 {
	if b.night || len(b.clouds) > 0 {
		return b.estimateNow(ui, ti, walked, extra)
	}
	// Kept while nothing it reads changed (forecasts.go).
	u, t := &b.units[ui], &b.units[ti]
	va, vt := b.unitVer(ui), b.unitVer(ti)
	e := b.forecastSlot(ui, ti, walked)
	if e.set && e.va == va && e.vt == vt && e.ca == u.condVer && e.ct == t.condVer &&
		e.level == u.level && e.tripod == u.tripod && e.extra == extra {
		if b.audit != nil {
			b.auditForecast(ui, ti, walked, extra, e.v)
		}
		return e.v
	}
	b.fvAdvanced = false
	v := b.estimateNow(ui, ti, walked, extra)
	*e = forecast{va: va, vt: vt, ca: u.condVer, ct: t.condVer, level: u.level, extra: extra, tripod: u.tripod,
		set: !b.fvAdvanced, v: v}
	return v
}

// estimateNow is estimate worked out afresh.
func (b *Battle) estimateNow(ui, ti int, walked bool, extra int) float64 {
	if b.night && b.unitUnseen(ui, ti) {
		return 0
	}
	ok, cover := b.unitSight(ui, ti)
	if !ok {
		return 0
	}
	c, tc := b.centroid(ui), b.centroid(ti)
	if len(b.clouds) > 0 {
		extra += smokeModifier * b.smokeBetween(c, tc)
	}
	return b.fireValue(ui, ti, math.Sqrt(dist2(c, tc)), cover, walked, extra)
}

// estimateAt is estimate with the target at a point (defensive fire at a charger halfway).
func (b *Battle) estimateAt(ui, ti int, at Point, extra int) float64 {
	c := b.centroid(ui)
	ok, cover := b.field.sight(c, at, b.field.hillAt(c), false)
	if !ok {
		return 0
	}
	if len(b.clouds) > 0 {
		extra += smokeModifier * b.smokeBetween(c, at)
	}
	return b.fireValue(ui, ti, math.Sqrt(dist2(c, at)), cover, false, extra)
}

// fireValue is the expected casualties of unit ui's fire at unit ti at a distance in a
// cover: each figure's best weapon (a droid's two), the firer conditions (walking, morale),
// camouflage, the target's Strength.
func (b *Battle) fireValue(ui, ti int, d float64, cover combat.Cover, walked bool, extra int) float64 {
	u := &b.units[ui]
	mods := coverMod(cover) + extra
	if b.units[ti].spec.Camo {
		mods += combat.CamouflageModifier
	}
	if walked {
		mods++
	}
	switch b.status(u) {
	case combat.Shaken:
		mods++
	case combat.Demoralized:
		mods += 2
	case combat.Broken:
		return 0
	}
	sr := b.avgSTR(ti)
	crewed := b.crewman(ui) >= 0
	total := 0.0
	// bestGun's answer for one figure holds for every figure of its gunner class and wound
	// state (gunners.go): asked once per class, added in member order as before.
	g := &b.gun
	g.newCall()
	for _, fi := range b.liveFigs(ui) {
		f := &b.figs[fi]
		var v float64
		if k := g.slot(fi, f); g.set[k] == g.stamp {
			v = g.val[k]
		} else {
			_, v = b.gunKept(ui, k, f, d, mods, sr, crewed)
			g.val[k], g.set[k] = v, g.stamp
		}
		if fl := g.flags[fi]; fl != 0 {
			if fl&figDroid != 0 {
				v *= 2 // two weapons a phase
			}
			if fl&figAdvanced != 0 {
				v = fmax(v, b.advancedEstimate(ui, ti, f, d, mods, sr))
				b.fvAdvanced = true // (its ammunition is not in the forecast's key)
			}
		}
		total += v
	}
	return total
}

// coverMod is the difficulty a kind of cover adds: +1 light, +2 medium, +3 heavy (Fire
// Combat Modifiers; the combat package checks the chart holds these).
func coverMod(c combat.Cover) int { return int(c) }

// assaultOdds is the doctrine's forecast of one close assault round between units a and d:
// the casualties each side may expect to inflict, pairing them as evenly as possible with
// the outnumbering bonus, from each side's typical fighter.
func (b *Battle) assaultOdds(a, d int, charging bool) (inflict, receive float64) {
	na, nd := b.aliveCount(a), b.aliveCount(d)
	if na == 0 || nd == 0 {
		return 0, 0
	}
	ma, da, sa := b.typicalFighter(a)
	md, dd, sd := b.typicalFighter(d)
	if charging {
		ma++
		if b.field.barrierBetween(b.centroid(d), b.centroid(a)) {
			md++
		}
	}
	extraA, extraD := 0, 0
	if na > nd {
		extraA = min(na/nd-1, combat.MaxOnOne-1)
	} else if nd > na {
		extraD = min(nd/na-1, combat.MaxOnOne-1)
	}
	fa := float64(min(na, combat.MaxOnOne*nd))
	fd := float64(min(nd, combat.MaxOnOne*na))
	inflict = fa * b.odds.pWin(ma+extraA, md) * b.odds.pHarm(da, sd)
	receive = fd * b.odds.pWin(md+extraD, ma) * b.odds.pHarm(dd, sa)
	// A lone fighter damages only the one he attacks.
	if extraA > 0 {
		receive = float64(nd) * b.odds.pWin(md, ma+extraA) * b.odds.pHarm(dd, sa)
	}
	if extraD > 0 {
		inflict = float64(na) * b.odds.pWin(ma, md+extraD) * b.odds.pHarm(da, sd)
	}
	return inflict, receive
}

// typicalFighter is a unit's median close assault modifier, damage and Strength.
func (b *Battle) typicalFighter(ui int) (mod, dmg, str int) {
	n := 0
	for _, fi := range b.liveFigs(ui) {
		f := &b.figs[fi]
		fr := b.fighter(fi)
		mod += b.r.Modifier(&fr, 0)
		dmg += fr.Damage
		str += f.f.Strength()
		n++
	}
	if n == 0 {
		return 0, 0, 0
	}
	return mod / n, dmg / n, str / n
}

// aliveCount counts a unit's figures still fighting with it.
func (b *Battle) aliveCount(ui int) int {
	return len(b.liveFigs(ui))
}
