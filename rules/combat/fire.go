package combat

import (
	"errors"
	"fmt"

	"muster/rules"
)

// Cover is the cover terrain a target squad is in (Fire Combat Modifiers, "Target
// Condition"), as the plurality of its visible soldiers occupy it (see TargetCondition).
type Cover uint8

// The kinds of cover terrain, least first.
const (
	Open Cover = iota
	LightCover
	MediumCover
	HeavyCover
)

// ParseCover reads "none", "light", "medium" or "heavy".
func ParseCover(s string) (Cover, error) {
	switch s {
	case "", "none", "open":
		return Open, nil
	case "light":
		return LightCover, nil
	case "medium":
		return MediumCover, nil
	case "heavy":
		return HeavyCover, nil
	}
	return Open, fmt.Errorf("cover %q: write none, light, medium or heavy", s)
}

func (c Cover) String() string {
	return [...]string{"none", "light", "medium", "heavy"}[c]
}

// fireMods are the Fire Combat Modifiers by name.
type fireMods struct {
	cover                                         [4]int
	prone, multiple, specific                     int
	walking, opportunity, defensive, separated    int
	shaken, demoralized, following, movingSurface int
}

func (m *fireMods) load(c rules.FireCombatChart) error {
	if err := loadMods("fire_combat.target", c.Target, map[string]*int{
		"light_cover": &m.cover[LightCover], "medium_cover": &m.cover[MediumCover],
		"heavy_cover": &m.cover[HeavyCover], "prone": &m.prone,
		"multiple_targets": &m.multiple, "specific_target": &m.specific,
	}); err != nil {
		return err
	}
	return loadMods("fire_combat.firer", c.Firer, map[string]*int{
		"walking": &m.walking, "opportunity_fire": &m.opportunity, "defensive_fire": &m.defensive,
		"separated": &m.separated, "shaken": &m.shaken, "demoralized": &m.demoralized,
		"following_fire": &m.following, "moving_surface": &m.movingSurface,
	})
}

// Band is a range band as an index: short, medium, long.
type Band uint8

// The range bands of the Weapon Chart.
const (
	Short Band = iota
	Medium
	Long
)

// RangeBand is the band's name in the tables.
func (b Band) RangeBand() rules.RangeBand {
	return [...]rules.RangeBand{rules.RangeShort, rules.RangeMedium, rules.RangeLong}[b]
}

func (b Band) String() string { return string(b.RangeBand()) }

// BandOf returns the range band a distance falls in for a weapon (Chapter Three, "Range"):
// "All shots up to 5" are at short range; shots between 5" and 15" are at medium range, and
// any shots between 15" and 60" are at long range. No shots may be attempted at greater than
// long range." It also refuses shots inside a weapon's minimum range.
func BandOf(ranges []int, minRange int, inches float64) (Band, error) {
	if len(ranges) != 3 {
		return 0, errors.New("the weapon has no range bands")
	}
	if inches < float64(minRange) {
		return 0, fmt.Errorf("%.3g\" is inside the minimum range of %d\"", inches, minRange)
	}
	for b := Short; b <= Long; b++ {
		if inches <= float64(ranges[b]) {
			return b, nil
		}
	}
	return 0, fmt.Errorf("%.3g\" is beyond long range (%d\")", inches, ranges[Long])
}

// Base is the Fire Combat Chart's base difficulty for a band.
func (r *Rules) Base(b Band) int { return r.base[b] }

// Firing is what the firing squad did this turn; these firer conditions apply to the whole
// squad ("if one soldier walks, all are assumed to have walked").
type Firing struct {
	Walking     bool // moved at a Walk Rate (or an assembled weapon was dragged): +1
	Ran         bool // a squad that runs cannot fire
	Opportunity bool // opportunity fire in the Movement Phase: +1
	Defensive   bool // defensive fire at chargers: +1
	Morale      Status
	MovingMount bool // riders firing from moving creatures: +1, and nothing at long range
}

// Firer is one soldier's (or hero's, or droid weapon's) fire at one target.
type Firer struct {
	// Skill is the code of the weapon's skill as the record sheet prints it (armor
	// adjusted), before any wound.
	Skill  int
	Weapon *rules.Weapon
	// Target is the index of the target squad, 0 or 1 (split fire).
	Target int

	Wounded           bool // -1 to his skill
	Separated         bool // separated from his squad: +1
	TargetingComputer bool // -1
	// Crewed: a following fire weapon with its crewman within 1" keeps its following fire.
	Crewed bool
	// Shots is a hero's number of shots at this target (multiple targets, +2 per shot beyond
	// the first on each); 0 means one.
	Shots int
	// Specific: a hero's specific targeting, +4.
	Specific bool
	// Hero, for a hero firing, spends his Force Points on the tests by his policy, and his
	// one point on a bombed-out Damage Strength roll.
	Hero *Hero
	// Extra is every other difficulty modifier the battlefield gives: +2 per smoke template
	// and +1 per fire template the shot passes through, +2 for a droid's second target
	// (DroidSecondTargetModifier), +1 out of control, +3 climbing, +2 blinded, +2 for an
	// undermanned artillery piece.
	Extra int
}

// TargetView is a target squad as the firing squad sees it: the condition of the majority
// of its visible soldiers and the average distance to them.
type TargetView struct {
	Distance   float64 // inches from the centre of the fire line to the centre of the visible targets
	Cover      Cover
	Prone      bool // prone targets are +1 (and behind cover cannot be fired on unless adjacent)
	Camouflage bool // camouflage suits: +2, cumulative with terrain
}

// TargetCondition returns the target condition of a squad from its visible soldiers' cover
// and prone flags: the cover most of them occupy and whether most are prone; where the
// count is even, "the squad gains the better benefit" (Chapter Three, "Target Condition").
// Diagram 8, Example 3 takes the larger group when three kinds of cover are mixed, which is
// what "most" means here.
func TargetCondition(cover []Cover, prone []bool) (Cover, bool) {
	var n [4]int
	for _, c := range cover {
		n[c]++
	}
	best := Open
	for c := Open; c <= HeavyCover; c++ {
		if n[c] >= n[best] && n[c] > 0 {
			best = c
		}
	}
	p := 0
	for _, b := range prone {
		if b {
			p++
		}
	}
	return best, len(prone) > 0 && 2*p >= len(prone)
}

// Shot is one firer's fire ready to roll: Aim works out its final difficulty.
type Shot struct {
	Target     int
	Skill      int // with the wound penalty
	Difficulty int
	Damage     int // the weapon's Damage Strength
	Shots      int // dice rolled (a hero's multiple shots), at least 1
	Following  bool
	Hero       *Hero // a hero firing: Force Points (not followed by VolleyOdds)
}

// Aim works out each firer's final difficulty (Chapter Three, "Determining Final
// Difficulty"): the base difficulty of his weapon's band at the target's distance, plus
// every target and firer condition. It appends one Shot per firer to shots. A squad may fire
// at no more than two targets; a squad that ran, or is broken, cannot fire.
func (r *Rules) Aim(f Firing, firers []Firer, targets []TargetView, shots []Shot) ([]Shot, error) {
	if f.Ran {
		return shots, errors.New("a squad which runs cannot fire")
	}
	if f.Morale == Broken {
		return shots, errors.New("a broken squad cannot fire")
	}
	if len(targets) > MaxFireTargets {
		return shots, fmt.Errorf("a squad may split its fire between two targets, not %d", len(targets))
	}
	squad := 0
	if f.Walking {
		squad += r.fire.walking
	}
	if f.Opportunity {
		squad += r.fire.opportunity
	}
	if f.Defensive {
		squad += r.fire.defensive
	}
	switch f.Morale {
	case Shaken:
		squad += r.fire.shaken
	case Demoralized:
		squad += r.fire.demoralized
	}
	if f.MovingMount {
		squad += r.fire.movingSurface
	}
	for i, fr := range firers {
		if fr.Weapon == nil {
			return shots, fmt.Errorf("firer %d has no weapon", i)
		}
		if w := fr.Weapon; w.Class == "grenade" || w.Class == "melee" || w.Skill == "flamethrower" || w.Skill == "missile weapons" {
			return shots, fmt.Errorf("firer %d: the %s is not fired in a volley (see Throw and Flame)", i, w.Name)
		}
		if fr.Target < 0 || fr.Target >= len(targets) {
			return shots, fmt.Errorf("firer %d fires at target %d of %d", i, fr.Target, len(targets))
		}
		t := targets[fr.Target]
		band, err := BandOf(fr.Weapon.Ranges, fr.Weapon.MinRange, t.Distance)
		if err != nil {
			return shots, fmt.Errorf("firer %d, %s: %w", i, fr.Weapon.Name, err)
		}
		if f.MovingMount && band == Long {
			return shots, fmt.Errorf("firer %d: a rider on a moving creature cannot fire at long range", i)
		}
		diff := r.base[band] + r.fire.cover[t.Cover] + squad + fr.Extra
		if t.Prone {
			diff += r.fire.prone
		}
		if t.Camouflage {
			diff += CamouflageModifier
		}
		if fr.Separated {
			diff += r.fire.separated
		}
		if fr.TargetingComputer {
			diff += TargetingComputerModifier
		}
		n := max(fr.Shots, 1)
		diff += (n - 1) * r.fire.multiple
		if fr.Specific {
			diff += r.fire.specific
		}
		skill := fr.Skill
		if fr.Wounded {
			skill += WoundPenalty
		}
		shots = append(shots, Shot{Target: fr.Target, Skill: skill, Difficulty: diff, Damage: fr.Weapon.Damage,
			Shots: n, Following: fr.Weapon.FollowingFire && fr.Crewed, Hero: fr.Hero})
	}
	return shots, nil
}

// HeavyWeaponDamage: a weapon of this Damage Strength or more, or with following fire, is a
// heavy weapon to absorb/dissipate energy (+1); docs/decisions.md.
const HeavyWeaponDamage = 6

// Volley is one squad's fire combat, rolled: the workspace and the result. Reuse one Volley
// for many volleys and nothing is allocated once its buffers have grown.
type Volley struct {
	// Hits is the number of successful tests against each target.
	Hits [MaxFireTargets]int
	// Dodged, Parried and Absorbed count the hits heroes dodged, parried or absorbed on
	// each target; Returns lists the parried bolts for ReturnBolt.
	Dodged, Parried, Absorbed [MaxFireTargets]int
	Returns                   []Return

	hits []hit
	ds   []int
	mds  []int // the hits a rider's mount takes
	head []int32
	own  Dice // a hit figure's own dice for his hits' dodges and damage (Allocate)
}

// Return is a parried bolt the hero may aim back at its firer.
type Return struct {
	Target, Figure int // the hero: target squad and index among its figures
	Shot           int // index of the shot that fired it
	Damage         int
}

type hit struct {
	target, shot int32
	score        int32 // the attack roll's score, which a parry opposes
	fig, next    int32
}

// Fire rolls every shot's blaster (or weapon skill) tests. A following fire weapon fires
// again after each hit, each subsequent shot at a further +2, for as long as it hits.
func (r *Rules) Fire(d *Dice, shots []Shot, v *Volley) {
	v.Hits = [MaxFireTargets]int{}
	v.Dodged, v.Parried, v.Absorbed = [MaxFireTargets]int{}, [MaxFireTargets]int{}, [MaxFireTargets]int{}
	v.Returns = v.Returns[:0]
	v.hits = v.hits[:0]
	for i := range shots {
		s := &shots[i]
		for range s.Shots {
			diff := s.Difficulty
			for {
				sc := Score(d.Roll(), s.Skill)
				if sc < diff && s.Hero != nil {
					sc = s.Hero.spend(d, sc, diff, false)
				}
				if sc < diff {
					break
				}
				v.hits = append(v.hits, hit{target: int32(s.Target), shot: int32(i), score: int32(sc)})
				v.Hits[s.Target]++
				if !s.Following {
					break
				}
				diff += r.fire.following
			}
		}
	}
}

// Volley fires the shots and resolves them (Chapter Three, steps 4 to 6): the tests, each
// hit assigned at random to one of the target's visible figures with equal chance, heroes'
// dodges and parries, and damage, one Strength roll per figure against all the hits he
// took. The results are marked on the figures; call EndPhase on every figure when the Fire
// Combat Phase ends. targets[i] lists target i's visible figures.
func (r *Rules) Volley(d *Dice, shots []Shot, targets [MaxFireTargets][]*Figure, v *Volley) {
	r.VolleyWith(d, d, shots, targets, v)
}

// VolleyWith is Volley with the fire tests rolled on fire and the rest (where the hits
// fall, dodges, damage) on harm: the battle engine gives each its own dice, so that a
// squad with a soldier more rolls one test more and still the same damage for the same
// hits (paired battles stay paired: rules/battle/streams.go).
func (r *Rules) VolleyWith(fire, harm *Dice, shots []Shot, targets [MaxFireTargets][]*Figure, v *Volley) {
	r.Fire(fire, shots, v)
	for t := range targets {
		if v.Hits[t] > 0 {
			r.Allocate(harm, shots, t, targets[t], v)
		}
	}
}

// Allocate assigns target t's hits at random among its visible figures and resolves them.
func (r *Rules) Allocate(d *Dice, shots []Shot, t int, figs []*Figure, v *Volley) {
	if len(figs) == 0 {
		return
	}
	// Each figure's hits as a linked list: head[fig] is his latest hit, next[hit] the one
	// before it.
	v.head = v.head[:0]
	for range figs {
		v.head = append(v.head, -1)
	}
	// Which figure each hit falls on, each with equal chance: the figure whose key hashed
	// with the hit's draw is least. Unlike a draw of one among n, a figure more or less in
	// view moves a hit only when it is the one the hit falls on, and every hit takes one
	// draw however many are in view; each hit figure then rolls from dice of his own, keyed
	// by the volley's draw and his key. Two battles of armies that differ in one figure so
	// keep the same figures hit and the same damage rolled (rules/battle/streams.go).
	// Scripted dice (the book's worked examples) draw one among n as the book says.
	keyed := d.script == nil
	var salt uint64
	if keyed {
		salt = d.src.Uint64()
	}
	for i := range v.hits {
		h := &v.hits[i]
		if int(h.target) == t {
			var fi int
			if keyed {
				fi = pickKeyed(d.src.Uint64(), figs)
			} else {
				fi = d.IntN(len(figs))
			}
			h.fig = int32(fi)
			h.next = v.head[fi]
			v.head[fi] = int32(i)
		}
	}
	outer := d
	for fi, f := range figs {
		if v.head[fi] < 0 {
			continue
		}
		if keyed {
			if d != outer {
				outer.made += d.Faces() // the faces the last figure's dice rolled
			}
			d = &v.own
			d.Reseed(mixKey(salt ^ figKey(f, fi)))
		}
		v.ds = v.ds[:0]
		absorbing := f.Hero != nil && f.Hero.absorbs()
		if absorbing {
			// One roll for every hit from this firer; on a pass none of them harms him, on
			// a failure he takes them all ("an absorb/dissipate attempt takes the place of
			// the hero's dodge attempt").
			n, heavy := 0, false
			for i := v.head[fi]; i >= 0; i = v.hits[i].next {
				n++
				s := &shots[v.hits[i].shot]
				heavy = heavy || s.Following || s.Damage >= HeavyWeaponDamage
			}
			if Absorbs(d, f.Hero, n, heavy) {
				v.Absorbed[t] += n
				continue
			}
		}
		v.mds = v.mds[:0]
		for i := v.head[fi]; i >= 0; i = v.hits[i].next {
			h := &v.hits[i]
			s := &shots[h.shot]
			if f.Hero != nil && !absorbing && r.avoid(d, f.Hero, s, h, t, fi, v) {
				continue
			}
			if m := f.Mount; m != nil && !m.Out && mountHit(d, f.MountLarge) {
				// "When a soldier riding a creature is targeted ... on a roll of 5 or 6 the
				// creature being ridden is hit" (4-6 a large one; Chapter Thirteen).
				v.mds = append(v.mds, Score(d.Roll(), s.Damage))
				continue
			}
			if s.Hero != nil {
				v.ds = append(v.ds, HeroDamageRoll(d, s.Hero, s.Damage))
			} else {
				v.ds = append(v.ds, Score(d.Roll(), s.Damage))
			}
		}
		r.resistScores(d, f, v.ds)
		if len(v.mds) > 0 {
			r.resistScores(d, f.Mount, v.mds)
		}
	}
	if d != outer {
		outer.made += d.Faces()
	}
}

// pickKeyed is the figure a hit with draw r falls on: the least of r hashed with each
// figure's key. The keys are distinct and the hash mixes well, so each figure is equally
// likely.
func pickKeyed(r uint64, figs []*Figure) int {
	best, least := 0, ^uint64(0)
	for j, f := range figs {
		if h := mixKey(r ^ figKey(f, j)); h < least {
			best, least = j, h
		}
	}
	return best
}

// figKey is a figure's key, or his place among the targets when he has none.
func figKey(f *Figure, j int) uint64 {
	if f.Key != 0 {
		return f.Key
	}
	return uint64(j+1) * 0x9e3779b97f4a7c15
}

// mixKey is SplitMix64's finaliser.
func mixKey(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// mountHit rolls whether a hit on a rider strikes his mount instead.
func mountHit(d *Dice, large bool) bool {
	if large {
		return d.D6() >= 4
	}
	return d.D6() >= 5
}

// parries reports whether a hero parries a shot rather than dodging it: his lightsaber
// skill's margin over the shot's difficulty (the least an attack roll that hit scored) is at
// least his dodge's over the firer's skill less one (a dodge wins ties against a fresh roll;
// a parried bolt can be sent back). docs/decisions.md.
func (h *Hero) parries(s *Shot) bool {
	return h.Parry > 0 && (h.Dodge <= 0 || h.Parry-s.Difficulty >= h.Dodge-s.Skill-1)
}

// avoid gives a hero his parry or dodge against one hit (parries says which).
func (r *Rules) avoid(d *Dice, h *Hero, s *Shot, x *hit, t, fi int, v *Volley) bool {
	if h.parries(s) {
		if Parry(d, h, int(x.score)) {
			v.Parried[t]++
			v.Returns = append(v.Returns, Return{Target: t, Figure: fi, Shot: int(x.shot), Damage: s.Damage})
			return true
		}
		return false
	}
	if Dodge(d, h, s.Skill) {
		v.Dodged[t]++
		return true
	}
	return false
}
