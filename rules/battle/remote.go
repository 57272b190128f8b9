package battle

import (
	"fmt"
	"math"

	"muster/rules/combat"
)

// Remote weapons (Chapter Fifteen, "Remote Weapons", book lines 3882-3884): "remote-control
// weapons in strategic locations" of the defender's building, "anything from a blaster pistol
// up to a heavy repeating blaster", with up to 4 levels of blaster or blaster artillery.
// The book says no more; Muster's reading (docs/decisions.md):
//   - no scenario has buildings, so each remote weapon is emplaced at set-up on the front
//     edge of its side's deployment zone (spread along it from the side's left, as units
//     are), facing the enemy with the 90-degree fire arc of any weapon;
//   - it fires once in each Fire Combat Phase (no opportunity or defensive fire) with its
//     skill levels as its code (the higher of blaster and blaster artillery; none is 0),
//     at the enemy unit it is likeliest to hit, while its side has a unit on the table that
//     is not broken to work it;
//   - it has no crewman within 1", so no following fire; it never moves, tests no morale and
//     is never fired at, charged or destroyed (the book gives it no Strength): its SGPs are
//     never lost. A bolt a hero parries back at it does nothing.

// remoteAt is a remote weapon on the table.
type remoteAt struct {
	unit int
	at   Point
	fdir Point
}

// placeRemotes emplaces each side's remote weapons on the front edge of its deployment zone
// (or in its first zone where the scenario gives zones), spread from the side's left. It
// depends only on the field and the forces, so it is done once, in New.
func (b *Battle) placeRemotes() {
	for s := range 2 {
		lo, hi := b.sideRange(s)
		var mine []int
		for ui := lo; ui < hi; ui++ {
			if b.units[ui].spec.Remote != nil {
				mine = append(mine, ui)
			}
		}
		if len(mine) == 0 {
			continue
		}
		sd := &b.field.Scenario.Sides[s]
		in, _ := edgeNormal(sd.Edge)
		z := sd.Deploy
		if len(sd.Zones) > 0 {
			z = sd.Zones[0]
		}
		left := Point{X: -in.Y, Y: in.X}
		c := z.center()
		corner := sub(Point{X: z[2], Y: z[3]}, Point{X: z[0], Y: z[1]})
		depth := math.Abs(dot(corner, in)) / 2
		half := math.Abs(dot(corner, left)) / 2
		front := add(c, scale(in, math.Max(depth-baseRadius, 0)))
		for k, ui := range mine {
			off := half * (1 - (2*float64(k)+1)/float64(len(mine)))
			at := add(front, scale(left, off))
			face := b.faceEnemy(s, at, math.Atan2(in.Y, in.X))
			if len(sd.Zones) == 0 {
				face = math.Atan2(in.Y, in.X)
			}
			b.remotes = append(b.remotes, remoteAt{unit: ui, at: at, fdir: dirOf(face)})
		}
	}
}

// remotesFire: each remote weapon of side s fires (the Fire Combat Phase).
func (b *Battle) remotesFire(s int) {
	if !b.worked(s) {
		return
	}
	for i := range b.remotes {
		if r := &b.remotes[i]; b.units[r.unit].side == s {
			b.hand(r.unit)
			b.remoteFire(r)
		}
	}
}

// worked: side s has a unit on the table, not broken, to work its remote weapons.
func (b *Battle) worked(s int) bool {
	lo, hi := b.sideRange(s)
	for ui := lo; ui < hi; ui++ {
		if u := &b.units[ui]; u.onTable() && b.status(u) != combat.Broken && b.aliveCount(ui) > 0 {
			return true
		}
	}
	return false
}

// remoteSees is whether a remote weapon at p facing f sees figure t: in its arc, the terrain
// and the bases of any unit's figures but the target's across the line.
func (b *Battle) remoteSees(p, f Point, t int32) (bool, combat.Cover) {
	ft := &b.figs[t]
	if !inArc(p, f, ft.pos) {
		return false, combat.Open
	}
	if b.night && (b.hideOn && b.hidden[ft.unit] || b.darkVis > 0 && dist2(p, ft.pos) > b.darkVis*b.darkVis && !b.lit(ft)) {
		return false, combat.Open // hidden, or in the dark
	}
	hill := b.field.at(p).hill
	ok, cover := b.field.sight(p, ft.pos, hill, ft.prone)
	if !ok || hill {
		return ok, cover
	}
	sb := segBox(p, ft.pos).pad(baseRadius)
	for ui := range b.units {
		u := &b.units[ui]
		if int32(ui) == ft.unit || !u.onTable() || !b.unitBox(ui).overlaps(sb) {
			continue
		}
		for _, fi := range u.members {
			g := &b.figs[fi]
			if g.alive() && int(g.unit) == ui && segDist2(p, ft.pos, g.pos) < baseRadius*baseRadius {
				return false, cover
			}
		}
	}
	return true, cover
}

// remoteView is what a remote weapon sees of enemy unit ti: the visible figures (into
// b.tidx and b.tfigs[0]) and the target's condition; ok is false when it sees none in range.
func (b *Battle) remoteView(r *remoteAt, ti int) (combat.TargetView, bool) {
	b.tidx = b.tidx[:0]
	tf := b.tfigs[0][:0]
	var covers [4]int
	prone := 0
	var tc Point
	for _, fi := range b.units[ti].members {
		g := &b.figs[fi]
		if !g.alive() || int(g.unit) != ti {
			continue
		}
		ok, cv := b.remoteSees(r.at, r.fdir, fi)
		if !ok {
			continue
		}
		covers[cv]++
		if g.prone {
			prone++
		}
		tc = add(tc, g.pos)
		b.tidx = append(b.tidx, fi)
		tf = append(tf, &g.f)
	}
	b.tfigs[0] = tf
	if len(tf) == 0 {
		return combat.TargetView{}, false
	}
	tc = scale(tc, 1/float64(len(tf)))
	dist := math.Sqrt(dist2(r.at, tc))
	w := b.units[r.unit].spec.Remote.W
	if _, ok := bandOf(w.Ranges, w.MinRange, dist); !ok {
		return combat.TargetView{}, false
	}
	cover := combat.Open
	for c := combat.Open; c <= combat.HeavyCover; c++ {
		if covers[c] > 0 && covers[c] >= covers[cover] {
			cover = c
		}
	}
	return combat.TargetView{Distance: fmax(dist, 0.5), Cover: cover, Prone: 2*prone >= len(tf) && prone > 0,
		Camouflage: b.units[ti].spec.Camo}, true
}

// remoteFire fires one remote weapon at the enemy unit (not locked in close assault) it is
// likeliest to hit; ties go to the unit listed first.
func (b *Battle) remoteFire(r *remoteAt) {
	ru := &b.units[r.unit]
	g := ru.spec.Remote
	best, bp := -1, 0.0
	lo, hi := b.sideRange(1 - ru.side)
	for ti := lo; ti < hi; ti++ {
		t := &b.units[ti]
		if !t.onTable() || t.eng >= 0 {
			continue
		}
		view, ok := b.remoteView(r, ti)
		if !ok {
			continue
		}
		diff := b.remoteDifficulty(g, view) + b.remoteSmoke(r, ti)
		if p := b.odds.pHit(g.Skill, diff); p > bp+tie {
			best, bp = ti, p
		}
	}
	if best < 0 {
		return
	}
	view, _ := b.remoteView(r, best)
	x := combat.Firer{Skill: g.Skill, Weapon: g.W, Extra: b.remoteSmoke(r, best)}
	b.firers = append(b.firers[:0], x)
	shots, err := b.r.Aim(combat.Firing{}, b.firers, []combat.TargetView{view}, b.shots[:0])
	b.shots = shots
	if err != nil {
		return
	}
	b.act("remote weapon")
	b.act(g.W.Name)
	b.shotFig = b.shotFig[:0]
	b.heroesFacing(r.at)
	b.saberParries()
	b.r.Volley(b.dice, shots, b.tfigs, &b.volley)
	b.heroesFacing(Point{X: math.NaN()})
	if b.volley.Absorbed[0] > 0 {
		b.act("absorb/dissipate energy")
	}
	b.phaseHits(r.unit, best, float64(b.volley.Hits[0]))
	if b.lg != nil {
		b.logf("%s (remote %s) fires at %s: %s\", difficulty %d: %s\n", b.name(r.unit), lower(g.W.Name), b.name(best),
			in1(view.Distance), shots[0].Difficulty, ifs(b.volley.Hits[0] > 0, "a hit", "a miss"))
	}
}

// remoteSmoke is the smoke and fire templates between a remote weapon and a unit's centre.
func (b *Battle) remoteSmoke(r *remoteAt, ti int) int {
	if len(b.clouds) == 0 {
		return 0
	}
	c := b.centroid(ti)
	return smokeModifier*b.smokeBetween(r.at, c) + fireModifier*b.firesBetween(r.at, c)
}

// remoteDifficulty is the shot's final difficulty (Chapter Three): the band's base, the
// target's cover, prone and camouflage (smoke and fire between come from remoteSmoke).
func (b *Battle) remoteDifficulty(g *Gun, v combat.TargetView) int {
	d := b.r.Base(bandMust(g.W, v.Distance)) + coverMod(v.Cover)
	if v.Prone {
		d++
	}
	if v.Camouflage {
		d += combat.CamouflageModifier
	}
	return d
}

// remoteLine is the set-up log's line for a remote weapon.
func (b *Battle) remoteLine(ui int) string {
	for _, r := range b.remotes {
		if r.unit == ui {
			g := b.units[ui].spec.Remote
			return fmt.Sprintf(", a remote %s (code %d) emplaced at %s", lower(g.W.Name), g.Skill, b.where(r.at))
		}
	}
	return ""
}
