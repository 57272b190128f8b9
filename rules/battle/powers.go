package battle

import (
	"strconv"

	"muster/rules"
	"muster/rules/combat"
)

// The Force powers as they act in a fight (Chapter Twelve, "Force Skills"): the reactive
// ones where they are called for (absorb/dissipate energy in fire combat, lightsaber combat
// in close assault, detoxify poison against gas, remain conscious when incapacitated) and
// the active ones in the Special Actions Phase or in place of fire (telekinesis), one a turn
// for each hero, chosen by the doctrine below.

// power is one Force power, a bit of HeroSpec.Powers.
type power uint16

const (
	pAbsorb power = 1 << iota
	pControlPain
	pRemainConscious
	pDetoxify
	pLifeDetection
	pReceptive
	pSaberCombat
	pProjective
	pInjureKill
	pTelekinesis
	pAnotherPain
	pDetoxAnother
	pAffectMind
)

// powerNames are the thirteen powers by the book's names.
var powerNames = map[string]power{
	"absorb/dissipate energy": pAbsorb, "control pain": pControlPain, "remain conscious": pRemainConscious,
	"detoxify poison": pDetoxify, "life detection": pLifeDetection, "receptive telepathy": pReceptive,
	"lightsaber combat": pSaberCombat, "projective telepathy": pProjective, "injure/kill": pInjureKill,
	"telekinesis": pTelekinesis, "control another's pain": pAnotherPain,
	"detoxify poison in another": pDetoxAnother, "affect mind": pAffectMind,
}

func (h *HeroSpec) has(p power) bool { return h != nil && h.Powers&p != 0 }

// PowersOf reads a list of Force powers by the book's names (any case and spacing), for
// HeroSpec.Powers.
func PowersOf(list []string) power {
	var out power
	for _, name := range list {
		for k, p := range powerNames {
			if rules.Normalize(k) == rules.Normalize(name) {
				out |= p
			}
		}
	}
	return out
}

// Power numbers (Chapter Twelve).
const (
	remainConsciousDiff    = 8  // "a difficulty 8 remain conscious attempt"
	consciousPainDiff      = 10 // control pain after remaining conscious
	consciousPenalty       = 4  // "the difficulty of all of his skill tests are increased by +4"
	injureRange            = 6.0
	projectiveSeen         = 6 // remoralize a squad he can see; 8 if he cannot
	projectiveUnseen       = 8
	affectMindPenalty      = 2 // the confused fight the following turn at -2
	affectMindWithdraw     = 4 // beaten by 4 or more: withdraws 4" as well
	pickVictim             = 4 // telekinesis: +4 to pick the victim
	contactReach           = 1.3
	telekinesisSmall       = 4 // difficulty 4, Damage Strength 1
	telekinesisModerate    = 6 // 6, 3
	telekinesisLarge       = 8 // 8, 5
	telekinesisGrenadeDiff = 4
)

// usePower marks a hero's one power of the turn; it reports false when he has used one.
func (b *Battle) usePower(f *fig, name string) bool {
	if f.powerTurn == b.turn {
		return false
	}
	f.powerTurn = b.turn
	b.act(name)
	return true
}

// forcePowers is the Special Actions Phase's Force: each hero on the table, by army order,
// uses the first power the doctrine finds worth it: control pain on himself; control another
// hero's pain; projective telepathy to rally a squad of his side that has lost heart (a
// demoralized or broken one, his own first); injure/kill on an enemy within 6"; receptive
// telepathy on the nearest enemy squad not yet read, when he has a power that needs it; affect
// mind on an enemy hero or a commander whose mind he has read; projective telepathy against an
// enemy squad.
func (b *Battle) forcePowers() {
	// The side without the initiative first, as in fire combat: neither army always acts
	// first.
	for k := range 2 {
		s := 1 - b.initiative
		if k == 1 {
			s = b.initiative
		}
		for i := range b.figs {
			if b.figs[i].spec.Hero == nil || b.units[b.figs[i].home].side != s {
				continue
			}
			b.hand(int(b.figs[i].home))
			b.heroPower(&b.figs[i])
		}
	}
}

// heroPower is one hero's Special Actions Phase power, if any.
func (b *Battle) heroPower(f *fig) {
	h := f.spec.Hero
	if h == nil || !f.alive() || !b.units[f.unit].onTable() || f.powerTurn == b.turn {
		return
	}
	switch {
	case b.controlPain(f):
	case h.has(pAnotherPain) && b.anotherPain(f):
	case h.has(pProjective) && b.remoralize(f):
	case h.has(pInjureKill) && b.injureKill(f):
	case h.has(pReceptive) && (h.has(pInjureKill) || h.has(pAffectMind)) && b.receptive(f):
	case h.has(pAffectMind) && b.affectMind(f):
	case h.has(pProjective) && b.demoralize(f):
	}
}

// controlPain: a wounded hero with the control pain power makes a difficulty 6 control test
// (10 after remaining conscious); on a pass he acts as if unwounded, and a second wound
// incapacitates him (Chapter Twelve, "Control Pain").
func (b *Battle) controlPain(f *fig) bool {
	h := f.spec.Hero
	if !h.has(pControlPain) || !f.f.Wounded || f.painControlled {
		return false
	}
	b.usePower(f, "control pain")
	diff := 6
	if f.conscious {
		diff = consciousPainDiff
	}
	if combat.HeroTest(b.dice, &f.hero, h.Control, diff) {
		f.painControlled = true
		b.touchCond(f)
		if b.lg != nil {
			b.logf("%s uses control pain: he fights on as if unwounded\n", b.who(f))
		}
	} else if b.lg != nil {
		b.logf("%s uses control pain: it fails\n", b.who(f))
	}
	return true
}

// anotherPain: control another's pain for a wounded hero in base contact (Chapter Twelve:
// "works like the control pain power ... on other heroes"), at the lower of control and
// alter. Contact: within 1.3" centre to centre, the spacing of a formation.
func (b *Battle) anotherPain(f *fig) bool {
	for i := range b.figs {
		g := &b.figs[i]
		if g == f || g.spec.Hero == nil || !g.alive() || !g.f.Wounded || g.painControlled ||
			b.units[g.unit].side != b.units[f.unit].side || dist2(f.pos, g.pos) > contactReach*contactReach {
			continue
		}
		b.usePower(f, "control another's pain")
		ok := combat.HeroTest(b.dice, &f.hero, min(f.spec.Hero.Control, f.spec.Hero.Alter), 6)
		if ok {
			g.painControlled = true
			b.touchCond(g)
		}
		if b.lg != nil {
			b.logf("%s uses control another's pain on %s: %s\n", b.who(f), b.who(g), ifs(ok, "he fights on as if unwounded", "it fails"))
		}
		return true
	}
	return false
}

// remainConscious: a hero with the power, incapacitated, makes a difficulty 8 attempt; on a
// pass he stays in play wounded, at +4 to his skill tests (-4 in close assault) until he
// controls his pain, and any further wound takes him out (Chapter Twelve, "Remain
// Conscious"). The book makes the attempt in the Special Actions Phase; the engine makes it
// when the damage is applied, which changes nothing between (docs/decisions.md).
func (b *Battle) remainConscious(f *fig) bool {
	h := f.spec.Hero
	if !h.has(pRemainConscious) || f.conscious {
		return false
	}
	f.powerTurn = b.turn
	b.act("remain conscious")
	ok := combat.HeroTest(b.dice, &f.hero, h.Control, remainConsciousDiff)
	if b.lg != nil {
		b.logf("  %s uses remain conscious: %s\n", b.who(f), ifs(ok, "he stays in the fight", "it fails"))
	}
	if ok {
		f.f.Out, f.f.Wounded, f.conscious, f.painControlled = false, true, true, false
		b.touchCond(f)
	}
	return ok
}

// seesFig: figure a sees figure c (terrain and figures in the way).
func (b *Battle) seesFig(a, c int32) bool {
	ok, _ := b.los(a, c)
	return ok
}

// remoralize: projective telepathy on a squad of his side below its starting level and
// demoralized or broken: difficulty 6 if he sees any of its soldiers, 8 if not, at the lower of
// control and sense; a pass lets it make a rally test at once at the hero's command skill.
func (b *Battle) remoralize(f *fig) bool {
	h := f.spec.Hero
	side := b.units[f.unit].side
	lo, hi := b.sideRange(side)
	target := -1
	for ui := lo; ui < hi; ui++ {
		u := &b.units[ui]
		if !u.onTable() || !u.subjectToMorale() || b.status(u) < combat.Demoralized {
			continue
		}
		if target < 0 || ui == int(f.unit) {
			target = ui
		}
	}
	if target < 0 {
		return false
	}
	b.usePower(f, "projective telepathy")
	diff := projectiveUnseen
	for _, fi := range b.units[target].members {
		if g := &b.figs[fi]; g.alive() && (g == f || b.seesFig(b.fidxOf(f), fi)) {
			diff = projectiveSeen
			break
		}
	}
	ok := combat.HeroTest(b.dice, &f.hero, min(h.Control, h.Sense), diff)
	if b.lg != nil {
		b.logf("%s uses projective telepathy on %s: %s\n", b.who(f), b.name(target), ifs(ok, "a rally test", "it fails"))
	}
	if !ok {
		return true
	}
	u := &b.units[target]
	x := b.rallySituation(target)
	x.Command = h.Command
	res := b.r.RallyTest(b.dice, x)
	if res.Level > u.level {
		u.level, u.atRally = res.Level, false
	}
	b.logMorale(target, "rally", res)
	return true
}

// fidxOf is a figure's index.
func (b *Battle) fidxOf(f *fig) int32 {
	for i := range b.figs {
		if &b.figs[i] == f {
			return int32(i)
		}
	}
	return -1
}

// resistOf is a victim's score against a mind power: the higher of his control and
// Perception.
func resistOf(g *fig) int {
	r := g.spec.PER
	if h := g.spec.Hero; h != nil {
		r = max(r, h.Control)
	}
	return r
}

// injureKill (Imperials only): on an enemy figure within 6" he sees: opposed alter against
// the victim's control or Perception; then alter against his Strength unarmored: a win
// wounds, by 4 or more incapacitates. Against a squad the victim is random among its visible
// soldiers, or its commander once receptive telepathy has read the squad; an enemy hero is
// preferred (Chapter Twelve, "Injure/Kill").
func (b *Battle) injureKill(f *fig) bool {
	me := b.fidxOf(f)
	side := b.units[f.unit].side
	lo, hi := b.sideRange(1 - side)
	victim := int32(-1)
	bestScore := -1
	for ui := lo; ui < hi; ui++ {
		u := &b.units[ui]
		if !u.onTable() {
			continue
		}
		n := 0
		for _, gi := range u.members {
			g := &b.figs[gi]
			if !g.alive() || int(g.unit) != ui || dist2(f.pos, g.pos) > injureRange*injureRange || !b.seesFig(me, gi) {
				continue
			}
			score := 1
			switch {
			case g.spec.Hero != nil:
				score = 3
			case gi == u.leader && b.read[side*len(b.units)+ui]:
				score = 2
			}
			if !b.read[side*len(b.units)+ui] && g.spec.Hero == nil {
				// Random among the visible: reservoir sampling over the squad.
				n++
				if b.dice.IntN(n) != 0 {
					continue
				}
			}
			if score > bestScore || (score == bestScore && g.spec.Hero == nil) {
				victim, bestScore = gi, score
			}
		}
	}
	if victim < 0 {
		return false
	}
	b.usePower(f, "injure/kill")
	g := &b.figs[victim]
	h := f.spec.Hero
	won := false
	margin := 0
	if x, y := combat.Opposed(b.dice, h.Alter, resistOf(g)); x > y {
		x2, y2 := combat.Opposed(b.dice, h.Alter, g.spec.Bare)
		won, margin = x2 > y2, x2-y2
	}
	b.clearPhaseHits()
	if won {
		harm := combat.Wound
		if margin >= 4 {
			harm = combat.Incapacitated
		}
		g.f.Mark(harm)
		b.phaseHits(int(f.unit), int(g.unit), 1)
	}
	if b.lg != nil {
		b.logf("%s uses injure/kill on %s of %s: %s\n", b.who(f), b.who(g), b.name(int(g.unit)),
			ifs(!won, "he resists", ifs(margin >= 4, "incapacitated", "wounded")))
	}
	if won {
		b.endPhaseUnit(int(g.unit))
	}
	return true
}

// affectMind: on an enemy hero, or a commander of a squad he has read, that he sees: opposed
// at the lowest of control, sense and alter against the victim's control or Perception; a
// tie or better confuses him, the squad or hero fighting the next turn at -2; by 4 or more
// he also withdraws 4" (Chapter Twelve, "Affect Mind").
func (b *Battle) affectMind(f *fig) bool {
	me := b.fidxOf(f)
	side := b.units[f.unit].side
	lo, hi := b.sideRange(1 - side)
	victim := int32(-1)
	for ui := lo; ui < hi && victim < 0; ui++ {
		u := &b.units[ui]
		if !u.onTable() || u.confused > b.turn {
			continue
		}
		for _, gi := range u.members {
			g := &b.figs[gi]
			if !g.alive() || int(g.unit) != ui {
				continue
			}
			if (g.spec.Hero != nil || (gi == u.leader && b.read[side*len(b.units)+ui])) && b.seesFig(me, gi) {
				victim = gi
				break
			}
		}
	}
	if victim < 0 {
		return false
	}
	b.usePower(f, "affect mind")
	h := f.spec.Hero
	g := &b.figs[victim]
	vu := int(g.unit)
	x, y := combat.Opposed(b.dice, min(h.Control, h.Sense, h.Alter), resistOf(g))
	ok := x >= y
	if ok {
		b.units[vu].confused = b.turn + 1
	}
	if b.lg != nil {
		b.logf("%s uses affect mind on %s of %s: %s\n", b.who(f), b.who(g), b.name(vu),
			ifs(ok, "confused next turn"+ifs(x-y >= affectMindWithdraw, ", and withdraws", ""), "he resists"))
	}
	if ok && x-y >= affectMindWithdraw && b.units[vu].onTable() {
		b.withdraw(vu)
	}
	return true
}

// demoralize: projective telepathy against an enemy squad he sees: opposed at the lower of
// control and sense against its commander's command; a win makes it test its morale at once,
// the threat level the margin (Chapter Twelve, "Projective Telepathy").
func (b *Battle) demoralize(f *fig) bool {
	me := b.fidxOf(f)
	side := b.units[f.unit].side
	lo, hi := b.sideRange(1 - side)
	target := -1
	for ui := lo; ui < hi && target < 0; ui++ {
		u := &b.units[ui]
		if !u.onTable() || !u.subjectToMorale() || b.status(u) == combat.Broken {
			continue
		}
		for _, gi := range u.members {
			if g := &b.figs[gi]; g.alive() && int(g.unit) == ui && b.seesFig(me, gi) {
				target = ui
				break
			}
		}
	}
	if target < 0 {
		return false
	}
	b.usePower(f, "projective telepathy")
	h := f.spec.Hero
	u := &b.units[target]
	x, y := combat.Opposed(b.dice, min(h.Control, h.Sense), b.command(target))
	if b.lg != nil {
		b.logf("%s uses projective telepathy against %s: %s\n", b.who(f), b.name(target), ifs(x > y, "a morale test at threat "+strconv.Itoa(x-y), "it fails"))
	}
	if x > y {
		res := b.r.ThreatTest(b.dice, x-y, combat.Morale{Command: b.command(target), Level: u.level, Start: u.spec.Start})
		b.applyMorale(target, "projective telepathy", res)
	}
	return true
}

// receptive: receptive telepathy on the nearest enemy squad he sees that he has not read:
// opposed sense against the higher of its commander's control and Perception; a win reads
// it (its commander can then be picked for injure/kill and affect mind).
func (b *Battle) receptive(f *fig) bool {
	me := b.fidxOf(f)
	side := b.units[f.unit].side
	lo, hi := b.sideRange(1 - side)
	target, bd := -1, 0.0
	for ui := lo; ui < hi; ui++ {
		u := &b.units[ui]
		if !u.onTable() || u.spec.Kind != KindSquad || b.read[side*len(b.units)+ui] || u.leader < 0 || !b.figs[u.leader].alive() {
			continue
		}
		if d := dist2(f.pos, b.centroid(ui)); (target < 0 || d < bd-tie) && b.seesFig(me, u.leader) {
			target, bd = ui, d
		}
	}
	if target < 0 {
		return false
	}
	b.usePower(f, "receptive telepathy")
	x, y := combat.Opposed(b.dice, f.spec.Hero.Sense, resistOf(&b.figs[b.units[target].leader]))
	if x > y {
		b.read[side*len(b.units)+target] = true
	}
	if b.lg != nil {
		b.logf("%s uses receptive telepathy on %s: %s\n", b.who(f), b.name(target), ifs(x > y, "he learns who commands it", "it fails"))
	}
	return true
}

// telekinesisShot is the best object for a hero to hurl at a target of Strength sr, and its
// worth in expected casualties: small (difficulty 4, Damage Strength 1), moderate (6, 3) or
// large (8, 5), no range or terrain modifiers (Chapter Twelve, "Telekinesis").
func (b *Battle) telekinesisShot(f *fig, sr int) (diff, ds int, v float64) {
	alter := f.spec.Hero.Alter - b.handicap(f)
	for _, o := range [...][2]int{{telekinesisSmall, 1}, {telekinesisModerate, 3}, {telekinesisLarge, 5}} {
		if x := b.odds.pHit(alter, o[0]) * b.odds.pHarm(o[1], sr); x > v+tie {
			diff, ds, v = o[0], o[1], x
		}
	}
	return diff, ds, v
}

// telekinesis hurls an object at a random visible target figure in place of the hero's fire;
// a target hero may dodge it.
func (b *Battle) telekinesis(ui, ti int, ffi int32, diff, ds int) {
	f := &b.figs[ffi]
	f.powerTurn = b.turn
	b.act("telekinesis")
	if len(b.tidx) == 0 {
		return
	}
	g := &b.figs[b.tidx[b.dice.IntN(len(b.tidx))]]
	skill := f.spec.Hero.Alter
	if f.f.Wounded && !f.painControlled {
		skill += combat.WoundPenalty
	}
	hit := combat.HeroTest(b.dice, &f.hero, skill, diff+b.handicap(f))
	if g.f.Hero != nil {
		g.hero.Unaware = !frontArc(g.pos, b.units[g.unit].fdir, f.pos) // he dodges only what he sees
	}
	dodged := hit && g.f.Hero != nil && combat.Dodge(b.dice, g.f.Hero, skill)
	g.hero.Unaware = false
	if hit && !dodged {
		var one [1]int
		one[0] = ds
		b.r.Resist(b.dice, &g.f, one[:])
		b.phaseHits(ui, ti, 1)
	}
	if b.lg != nil {
		b.logf("  %s uses telekinesis on %s of %s: %s\n", b.who(f), b.who(g), b.name(ti),
			ifs(!hit, "a miss", ifs(dodged, "dodged", "a hit")))
	}
}

// who names a figure in the log: a hero by his unit's name, others by their place.
func (b *Battle) who(f *fig) string {
	if f.spec.Hero != nil {
		return b.name(int(f.home))
	}
	return f.spec.Who
}
