package battle

import (
	"math"

	"muster/rules"
	"muster/rules/combat"
)

// The ten grenades of Chapter Eleven and the clouds they leave: what each does when it
// bursts, how the clouds drift, thin and go, and what the doctrine expects of each.

// gkind is a kind of grenade.
type gkind uint8

const (
	gFrag gkind = iota
	gConcussion
	gThermal
	gSmoke
	gLuma
	gStun
	gT238
	gCryo
	gPlank
	gFex
	// gFire is not a grenade: a Flame Effect Template of ground on fire (advanced.go).
	gFire
)

// maxKits is how many kinds of grenade one figure's kit holds.
const maxKits = 4

// Kit is one kind of grenade a figure carries.
type Kit struct {
	W     *rules.Weapon
	N     int
	Skill int // his code with it (the grenade skill)
	Kind  gkind
}

var gkinds = map[string]gkind{
	rules.Normalize("grenade"):            gFrag,
	rules.Normalize("concussion grenade"): gConcussion,
	rules.Normalize("thermal detonator"):  gThermal,
	rules.Normalize("smoke grenade"):      gSmoke,
	rules.Normalize("luma grenade"):       gLuma,
	rules.Normalize("stun grenade"):       gStun,
	rules.Normalize("t-238 grenade"):      gT238,
	rules.Normalize("cryoban grenade"):    gCryo,
	rules.Normalize("plank gas grenade"):  gPlank,
	rules.Normalize("fex-m3 grenade"):     gFex,
}

// gnames are the grenades as the log names them.
var gnames = [...]string{"grenade", "concussion grenade", "thermal detonator", "smoke grenade", "luma grenade",
	"stun grenade", "T-238 gas grenade", "CryoBan grenade", "plank gas grenade", "Fex-M3 nerve gas grenade", "fire"}

func (k gkind) String() string { return gnames[k] }

// cloudName is what its cloud is called: "smoke", "stun spore", "Fex-M3".
func (k gkind) cloudName() string {
	return [...]string{"", "", "", "smoke", "", "stun spore", "T-238", "CryoBan", "plank gas", "Fex-M3", "fire"}[k]
}

func grenadeKind(w *rules.Weapon) (gkind, bool) {
	k, ok := gkinds[rules.Normalize(w.Name)]
	return k, ok
}

// Carry adds n grenades of weapon w to a figure's kit, thrown at his code skill: to the
// kind's entry if he has it, else as a new kind while he holds fewer than maxKits. A
// grenade the engine does not know is left out.
func (fs *FigSpec) Carry(w *rules.Weapon, n, skill int) {
	k, ok := grenadeKind(w)
	if !ok {
		return
	}
	found := false
	for i := range fs.Kits {
		if fs.Kits[i].W == w {
			fs.Kits[i].N += n
			found = true
		}
	}
	if !found && len(fs.Kits) < maxKits {
		fs.Kits = append(fs.Kits, Kit{W: w, N: n, Skill: skill, Kind: k})
	}
}

// lingers: the kind leaves a cloud after the turn it bursts.
func (k gkind) lingers() bool { return k >= gSmoke && k != gLuma }

// gas: the kind's cloud harms whoever is in it (stun spores included).
func (k gkind) gas() bool { return k >= gStun && k <= gFex }

// protected: what the figure wears keeps the gas off him entirely (Chapter Eleven, each gas).
// A droid breathes nothing. Plank gas and Fex-M3 with a breath mask are handled in expose.
func (k gkind) protected(fs *FigSpec) bool {
	if fs.Role == RoleDroid {
		return true
	}
	switch k {
	case gStun, gT238:
		return fs.Mask || fs.Suit || fs.Armored
	case gFex:
		return fs.Suit || fs.Armored
	}
	return false
}

// cloud is a smoke, spore or gas cloud on the table.
type cloud struct {
	kind gkind
	at   Point
	r    float64
	ds   int
	born int // the turn it burst
	left int // turns it may still last, this one included
	unit int // the thrower's unit, credited with its casualties
	// live: smoke thrown in this Fire Combat Phase hides nothing until the phase ends.
	live bool
	// fire is the fire a fire template belongs to (1, 2, ...).
	fire int
}

// cloudsLive: the phase has ended; the smoke laid in it stands.
func (b *Battle) cloudsLive() {
	for ci := range b.clouds {
		b.clouds[ci].live = true
	}
}

// Luma and stun numbers (Chapter Eleven).
const (
	lumaFlashRadius  = 1.5 // soldiers within 1.5" of a luma's impact test against the flash
	lumaDifficulty   = 6   // difficulty 6 Perception, or blinded: +2 to every action
	blindPenalty     = 2
	stunWoundTurns   = 3 // a stun "wound": -1 for three rounds
	stunOutTurns     = 5 // a stun "incapacitated": -1 for five rounds
	smokeModifier    = 2 // +2 to fire through each smoke template
	plankPenalty     = 2 // plank gas wounds: -2 to all skills
	maskBonusFex     = 2 // a breath mask: +2 Strength against Fex-M3
	suitBonusPlank   = 1 // suits: +1 Strength against plank gas, then ruined
	cryoSecondRadius = 1.5
	// detoxifyDifficulty: "The hero makes a difficulty 6 skill attempt after being hit with
	// the poison" (Chapter Twelve, "Detoxify Poison"); stun spores and CryoBan's cold are
	// not poisons.
	detoxifyDifficulty = 6
)

// Doctrine weights for grenades that cause no casualty: the worth, in casualties, of a
// soldier stunned or blinded (a penalty on his rolls for some turns).
const (
	stunWorth  = 0.35
	blindWorth = 0.25
)

// handicap is the difficulty a figure's afflictions add to his rolls: stunned (-1, -2 when
// wounded), plank gas wounds (-2), blinded by a luma (+2), a hero fighting on after remaining
// conscious (+4), a unit whose mind was affected (-2 the next turn).
func (b *Battle) handicap(f *fig) int {
	h := 0
	if f.stunTill >= b.turn {
		h += int(f.stunPen)
	}
	if f.plank {
		h += plankPenalty
	}
	if f.blind {
		h += blindPenalty
	}
	if f.conscious && !f.painControlled {
		h += consciousPenalty
	}
	if b.units[f.unit].confused == b.turn {
		h += affectMindPenalty
	}
	return h
}

// kitValue is the doctrine's expected worth, in casualties, of one grenade of kit k thrown
// at a point where n enemy figures (unprotected, for gas) lie under its template: the
// chance it lands there (a miss counts as lost) times what it does to each.
func (b *Battle) kitValue(f *fig, k *Kit, at Point, n int, sr int, firing combat.Firing, launched bool) float64 {
	if n == 0 {
		return 0
	}
	d := math.Sqrt(dist2(f.pos, at))
	ranges, minRange, skill := k.W.Ranges, k.W.MinRange, k.Skill
	if launched {
		// A grenade launcher: its ranges and minimum range, the missile weapons skill
		// (Chapter Eleven, "Grenade Launcher").
		l := f.spec.Launcher
		ranges, minRange, skill = l.Ranges, l.MinRange, f.spec.LauncherSkill
	}
	bd, ok := bandOf(ranges, minRange, d)
	if !ok {
		return 0
	}
	diff := b.r.Base(bd) + coverMod(b.coverAt(at)) + b.handicap(f)
	if firing.Walking {
		diff++
	}
	switch firing.Morale {
	case combat.Shaken:
		diff++
	case combat.Demoralized:
		diff += 2
	}
	if f.f.Wounded && !f.painControlled {
		skill += combat.WoundPenalty
	}
	each := 0.0
	switch k.Kind {
	case gSmoke:
		return 0 // thrown for cover, not at the enemy (smokeScreen)
	case gLuma:
		each = (1 - b.odds.pHit(2, lumaDifficulty)) * blindWorth
	case gStun:
		each = b.odds.pHarm(k.W.Damage, sr) * stunWorth
	default:
		each = b.odds.pHarm(k.W.Damage, sr)
	}
	return b.odds.pHit(skill, diff) * float64(n) * each
}

// kitRadius is the template a kit's burst is judged by: a luma's flash, else its burst.
func kitRadius(k *Kit) float64 {
	if k.Kind == gLuma {
		return lumaFlashRadius
	}
	return k.W.BurstRadius
}

// underTemplate counts the visible target figures (b.tidx) whose bases a template of radius
// r at p touches and whom the kind can harm.
func (b *Battle) underTemplate(p Point, r float64, k gkind) int {
	n := 0
	rr := (r + baseRadius) * (r + baseRadius)
	for _, fi := range b.tidx {
		g := &b.figs[fi]
		if dist2(p, g.pos) <= rr && !k.protected(g.spec) && !(k == gLuma && (g.blind || g.spec.Armored)) {
			n++
		}
	}
	return n
}

// burstAt resolves a grenade of kit k landing at land, thrown by figure ffi of unit ui
// from `from`: fragmentation, concussion and thermal detonators burst (combat.Burst); a
// luma flashes; stun spores and gases expose everyone under the template and stay as a
// cloud; smoke stays as a cloud. It returns how many figures were under it.
func (b *Battle) burstAt(ui int, k *Kit, land, from Point) int {
	c := cloud{kind: k.Kind, at: land, r: k.W.BurstRadius, ds: k.W.Damage, born: b.turn,
		left: max(k.W.Duration, 1), unit: ui, live: k.Kind != gSmoke}
	b.burstF, b.burstE, b.burstI = b.burstF[:0], b.burstE[:0], b.burstI[:0]
	r := k.W.BurstRadius
	if k.Kind == gLuma {
		r = lumaFlashRadius
	}
	for i := range b.figs {
		g := &b.figs[i]
		if !g.alive() || !b.units[g.unit].onTable() || dist2(g.pos, land) > (r+baseRadius)*(r+baseRadius) {
			continue
		}
		e := combat.Exposure{At: g.pos, Prone: g.prone}
		for j := range b.field.barriers {
			br := &b.field.barriers[j]
			if br.los == losBlocks && segmentsCross(land, g.pos, br.a, br.b) {
				e.Wall = combat.WallSolid
			}
		}
		if g.spec.Hero != nil {
			g.hero.Unaware = !frontArc(g.pos, b.units[g.unit].fdir, from)
		}
		b.burstF = append(b.burstF, &g.f)
		b.burstE = append(b.burstE, e)
		b.burstI = append(b.burstI, int32(i))
	}
	switch k.Kind {
	case gFrag, gConcussion, gThermal:
		b.r.Burst(b.dice, land, r, k.W.Damage, k.Kind == gThermal, b.burstF, b.burstE, nil)
		for _, gi := range b.burstI {
			b.phaseHits(ui, int(b.figs[gi].unit), 1)
		}
	case gLuma:
		b.flash()
		b.lumaLights(land) // darkness.go
	case gSmoke:
	default:
		// Heroes may dive out of the burst; the rest are exposed to the gas as it bursts.
		for j, gi := range b.burstI {
			g := &b.figs[gi]
			if g.spec.Hero != nil && b.burstE[j].Wall != combat.WallSolid && combat.DodgeGrenade(b.dice, &g.hero) {
				b.burstE[j].Dodged = true
				continue
			}
			if b.burstE[j].Wall != combat.WallSolid {
				b.expose(&c, gi)
			}
		}
	}
	if b.trace != nil {
		b.trace.traceTemplate(ui, k.W.Name, land, r, len(b.burstI))
	}
	b.diveOut(land, r)
	if k.Kind.lingers() {
		b.clouds = append(b.clouds, c)
	}
	return len(b.burstI)
}

// flash: every figure within 1.5" of a luma's impact (b.burstI) makes a difficulty 6
// Perception roll or is blinded for the rest of the battle, +2 to every action; battle
// armor's visors guard against it (Chapter Eleven, "Luma").
func (b *Battle) flash() {
	for _, gi := range b.burstI {
		g := &b.figs[gi]
		if g.blind || g.spec.Armored || g.spec.Role == RoleDroid {
			continue
		}
		if !combat.Test(b.dice, g.spec.PER, lumaDifficulty) {
			g.blind = true
			if b.lg != nil {
				b.logf("  %s is blinded by the flash\n", g.spec.Who)
			}
		}
	}
}

// expose resolves one figure's exposure to a stun or gas cloud (Chapter Eleven): an opposed
// Strength roll against the cloud's Damage Strength, then the gas's own reading of the
// result. Stun spores leave a penalty, no casualty; T-238 makes incapacitation a wound;
// plank gas wounds carry -2; Fex-M3 makes a wound incapacitation. A hero with detoxify
// poison may first throw the gas off (difficulty 6 control).
func (b *Battle) expose(c *cloud, gi int32) {
	g := &b.figs[gi]
	fs := g.spec
	if !g.alive() {
		return
	}
	if c.kind.protected(fs) {
		if b.acted != nil {
			b.actProtection(fs, c.kind)
		}
		return
	}
	if c.kind != gStun && c.kind != gCryo && fs.Hero != nil && b.detoxAnother(g, c) {
		return
	}
	if h := fs.Hero; h != nil && h.Detoxify && c.kind != gStun && c.kind != gCryo {
		b.act("detoxify poison")
		ok := combat.HeroTest(b.dice, &g.hero, h.Control, detoxifyDifficulty)
		if b.lg != nil {
			b.logf("  %s uses detoxify poison against the %s: %s\n", b.who(g), c.kind.cloudName(), ifs(ok, "he throws it off", "it fails"))
		}
		if ok {
			return
		}
	}
	str := g.f.Strength()
	switch {
	case c.kind == gFex && fs.Mask:
		str += maskBonusFex
		b.act("breath mask")
	case c.kind == gPlank && fs.Suit && !fs.Armored && !g.suitGone:
		str += suitBonusPlank
		b.act(fs.SuitName)
		g.suitGone = true // "the corrosion renders the suits useless immediately after the roll"
	}
	h := b.r.HarmOf(b.dice, max(c.ds, 0), str, g.f.Hero)
	switch c.kind {
	case gStun:
		turns := 0
		switch h {
		case combat.Wound:
			turns = stunWoundTurns
		case combat.Incapacitated:
			turns = stunOutTurns
		}
		if turns > 0 {
			pen := int8(1)
			if g.f.Wounded {
				pen = 2
			}
			g.stunPen, g.stunTill = pen, max(g.stunTill, b.turn+turns-1)
			g.f.Stunned = int(pen)
			b.touchCond(g)
			if b.lg != nil {
				b.logf("  %s is stunned (-%d for %d turns)\n", fs.Who, pen, turns)
			}
		}
		return
	case gT238:
		if h == combat.Incapacitated {
			h = combat.Wound
		}
	case gPlank:
		if h != combat.NoEffect {
			g.plank = true
		}
	case gFex:
		if h == combat.Wound {
			h = combat.Incapacitated
		}
	}
	if h != combat.NoEffect {
		g.f.Mark(h)
		b.phaseHits(c.unit, int(g.unit), 1)
	}
}

// cloudsLinger: at the end of the Movement Phase, everyone whose base is under a stun or gas
// cloud that burst in an earlier turn is exposed to it ("any soldier whose base passes
// partially or wholly into the area of effect of a cloud must resolve an opposed Strength
// test"; "if ... in contact with the poison for more than one round ... each round").
// Casualties apply at once, as opportunity fire's do.
func (b *Battle) cloudsLinger() {
	if len(b.clouds) == 0 {
		return
	}
	b.clearPhaseHits()
	any := false
	for ci := range b.clouds {
		c := &b.clouds[ci]
		if !c.kind.gas() || c.born >= b.turn {
			continue
		}
		rr := (c.r + baseRadius) * (c.r + baseRadius)
		for i := range b.figs {
			g := &b.figs[i]
			if g.alive() && b.units[g.unit].onTable() && dist2(g.pos, c.at) <= rr {
				if !any && b.lg != nil {
					b.logPhase("Clouds")
				}
				any = true
				b.expose(c, int32(i))
			}
		}
	}
	if any {
		b.endPhaseAll()
	}
}

// cloudsTurn: each cloud's Special Actions Phase (Chapter Eleven, "Cloud Dissipation
// Table"): smoke, stun spores and T-238 roll every turn; plank gas and Fex-M3 only in the
// turn they burst; CryoBan never drifts, shrinking to 1.5" in its second turn. A roll of 1-2
// drifts the cloud 1" downwind (windDir), 6 dissipates it. Every cloud goes when its duration is up; stun spores thin by
// 1 Damage Strength a turn.
func (b *Battle) cloudsTurn() {
	k := 0
	for ci := range b.clouds {
		c := b.clouds[ci]
		if c.kind == gFire { // fires are firesTurn's
			b.clouds[k] = c
			k++
			continue
		}
		age := b.turn - c.born
		gone := false
		// In its last turn a cloud goes without a roll ("on the fifth turn, the template is
		// removed automatically").
		rolls := c.kind == gSmoke || c.kind == gStun || c.kind == gT238 || ((c.kind == gPlank || c.kind == gFex) && age == 0)
		if rolls && c.left > 1 {
			switch b.r.CloudDissipation(b.dice) {
			case "drift":
				c.at = add(c.at, dirOf(b.windDir()))
				if b.lg != nil {
					b.logf("the %s cloud drifts 1\"\n", c.kind.cloudName())
				}
			case "dissipate":
				gone = true
			}
		}
		c.left--
		if c.left <= 0 {
			gone = true
		}
		if c.kind == gCryo {
			c.r = cryoSecondRadius
		}
		if c.kind == gStun {
			c.ds--
		}
		if gone {
			if b.lg != nil {
				b.logf("the %s cloud is gone\n", c.kind.cloudName())
			}
			continue
		}
		b.clouds[k] = c
		k++
	}
	b.clouds = b.clouds[:k]
}

// smokeBetween counts the smoke templates the line from p to q passes through: +2 each to
// fire along it (Chapter Eleven, "Smoke"), smoke laid this phase included only from the
// next phase (fire is simultaneous).
func (b *Battle) smokeBetween(p, q Point) int {
	if len(b.clouds) == 0 {
		return 0
	}
	n := 0
	for ci := range b.clouds {
		c := &b.clouds[ci]
		if c.kind == gSmoke && c.live && segDist2(p, q, c.at) <= c.r*c.r {
			n++
		}
	}
	return n
}

// harmfulCloudAt: a stun or gas cloud covers p (the doctrine keeps out of them).
func (b *Battle) harmfulCloudAt(p Point) bool {
	for ci := range b.clouds {
		c := &b.clouds[ci]
		if (c.kind.gas() || c.kind == gFire) && dist2(p, c.at) <= (c.r+1)*(c.r+1) {
			return true
		}
	}
	return false
}

// smokeScreen: the doctrine's use of smoke. A unit in the open, not in close assault, with a
// smoke grenade, under threat of at least one casualty a turn from an enemy unit's fire and
// with fire of its own worth less than a quarter of that (smoke hides the enemy from it as
// much as it from the enemy: laid at half, it cost the squads holding out against repeating
// blasters more of their own fire than it saved them), has a soldier throw smoke 3.5" in front
// of it toward that enemy (the 2.5" template then stands between them), unless smoke is
// already in the way; the unit does nothing else in the phase. It reports whether it did.
func (b *Battle) smokeScreen(ui int) bool {
	u := &b.units[ui]
	if u.eng >= 0 {
		return false
	}
	thrower, kit := int32(-1), -1
	for _, fi := range u.members {
		f := &b.figs[fi]
		if !f.alive() || int(f.unit) != ui {
			continue
		}
		for k := range f.spec.Kits {
			if f.spec.Kits[k].Kind == gSmoke && f.kitN[k] > 0 {
				thrower, kit = fi, k
			}
		}
	}
	if thrower < 0 || b.unitCover(ui) > combat.Open {
		return false
	}
	c := b.centroid(ui)
	threat, from := 0.0, -1
	lo, hi := b.sideRange(1 - u.side)
	for e := lo; e < hi; e++ {
		if !b.units[e].onTable() || b.units[e].eng >= 0 {
			continue
		}
		if v := b.estimate(e, ui, false, 0); v > threat+tie {
			threat, from = v, e
		}
	}
	if from < 0 || threat < 1 {
		return false
	}
	ec := b.centroid(from)
	if b.smokeBetween(c, ec) > 0 {
		return false
	}
	if _, own := b.bestTarget(ui, u.walked); own >= threat/4 {
		return false
	}
	at := towards(c, ec, 3.5)
	f := &b.figs[thrower]
	if _, ok := bandOf(f.spec.Kits[kit].W.Ranges, 0, math.Sqrt(dist2(f.pos, at))); !ok {
		return false
	}
	b.tidx = b.tidx[:0]
	if b.lg != nil {
		b.logf("%s lays smoke against %s's fire\n", b.name(ui), b.name(from))
	}
	b.throw(ui, from, thrower, kit, at, combat.Firing{Walking: u.walked, Morale: b.status(u)}, false)
	return true
}

// detoxAnother: a hero of the same side in base contact with the poisoned hero, with detoxify
// poison in another, tests for him at the lower of control and alter, difficulty 6 (Chapter
// Twelve, "Detoxify Poison in Another"); it reports whether the poison was thrown off.
func (b *Battle) detoxAnother(g *fig, c *cloud) bool {
	for i := range b.figs {
		o := &b.figs[i]
		if o == g || !o.spec.Hero.has(pDetoxAnother) || !o.alive() || b.units[o.unit].side != b.units[g.unit].side ||
			dist2(o.pos, g.pos) > contactReach*contactReach {
			continue
		}
		b.act("detoxify poison in another")
		ok := combat.HeroTest(b.dice, &o.hero, min(o.spec.Hero.Control, o.spec.Hero.Alter), detoxifyDifficulty)
		if b.lg != nil {
			b.logf("  %s uses detoxify poison in another on %s against the %s: %s\n", b.who(o), b.who(g), c.kind.cloudName(),
				ifs(ok, "thrown off", "it fails"))
		}
		return ok
	}
	return false
}

// actProtection records what kept a gas off a figure (the truth test's tracking).
func (b *Battle) actProtection(fs *FigSpec, k gkind) {
	switch {
	case fs.Mask && (k == gStun || k == gT238):
		b.act("breath mask")
	case fs.Suit:
		b.act(fs.SuitName)
	}
}

// windDir is the direction the wind blows this battle: rolled on the Grenade Burst Template
// (1 toward north, 60 degrees a face) the first time a cloud or fire needs it ("Wind
// direction is determined by the gamemaster, or by using the Grenade Burst Area of Effect
// Template"). One wind for the battle: a wind that favoured a side's edge would favour it.
func (b *Battle) windDir() float64 {
	if !b.windSet {
		b.wind = math.Pi/2 - float64(b.dice.D6()-1)*math.Pi/3
		b.windSet = true
	}
	return b.wind
}
