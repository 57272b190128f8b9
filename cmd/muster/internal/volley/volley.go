// Package volley works out the exact odds of one squad's volley at a unit of another army,
// as `muster odds volley` prints them and the odds page shows them: who fires which weapon,
// at which difficulty, and the chances of each number of hits, wounds and casualties.
package volley

import (
	"errors"
	"fmt"
	"sort"

	"muster/costing"
	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/battle/muster"
	"muster/rules/combat"
)

// Report is the JSON shape of `muster odds volley --json`. The distributions are
// lists of probabilities by count: wounded[2] is the chance that exactly two soldiers are
// newly wounded.
type Report struct {
	Firer         string    `json:"firer"`
	Target        string    `json:"target"`
	Range         float64   `json:"range"`
	Cover         string    `json:"cover"`
	Prone         bool      `json:"prone,omitempty"`
	Walking       bool      `json:"walking,omitempty"`
	Shots         []Shot    `json:"shots"`
	Figures       int       `json:"figures"`
	ExpectedHits  float64   `json:"expected_hits"`
	Hits          []float64 `json:"hits"`
	Wounded       []float64 `json:"wounded,omitempty"`
	Incapacitated []float64 `json:"incapacitated,omitempty"`
	Casualties    []float64 `json:"casualties,omitempty"`
	SystemDamage  []float64 `json:"system_damage,omitempty"`
	Expected      Average   `json:"expected"`
	// ByRange: the expected hits at every range, the setup otherwise the same.
	ByRange []RangeHits `json:"by_range,omitempty"`
	Notes   []string    `json:"notes"`
}

// Shot is one kind of shot of the volley: who fires it, how often, and its numbers.
type Shot struct {
	Who        string `json:"who"`
	Count      int    `json:"count"`
	Weapon     string `json:"weapon"`
	Skill      int    `json:"skill"`
	Range      string `json:"band"`
	Difficulty int    `json:"difficulty"`
	Damage     int    `json:"damage"`
	Following  bool   `json:"following_fire,omitempty"`
}

// Average is what the volley does on average.
type Average struct {
	Wounded       float64 `json:"wounded"`
	Incapacitated float64 `json:"incapacitated"`
	Casualties    float64 `json:"casualties"`
	SystemDamage  float64 `json:"system_damage,omitempty"`
}

// kept holds the outcome tables of the volleys this process has worked out (the odds page
// asks for the same squads at other ranges and covers): 256 tables of at most 16,384
// entries, a few megabytes at the very most.
var kept = combat.NewOddsMemo(256)

// Odds works out a volley's exact odds: what `muster odds volley` prints and the odds
// page shows.
func Odds(cat *rules.Catalog, firing *roster.Army, fi int, target *roster.Army, ti int, set Setup) (Report, error) {
	// Both armies' own catalog: blocks, so that custom troop types fire and are fired at.
	cat, _ = costing.CatalogFor(cat, firing)
	cat, _ = costing.CatalogFor(cat, target)
	r := combat.Default()
	plan, err := newPlan(cat, r, firing, fi, target, ti, set)
	if err != nil {
		return Report{}, err
	}
	odds, err := r.VolleyOddsKept(kept, plan.shots, [combat.MaxFireTargets][]*combat.Figure{plan.figures})
	if err != nil {
		return Report{}, err
	}
	rep := plan.report(odds[0])
	rep.ByRange = plan.byRange(cat, r)
	return rep, nil
}

// Setup is what the battlefield would say: the range, the target's cover and posture,
// and how the firers moved.
type Setup struct {
	Range   float64
	Cover   combat.Cover
	Prone   bool
	Walking bool
}

// plan is a volley ready for the odds: the shots, the target's figures, what to tell
// the player.
type plan struct {
	firer, target string
	setup         Setup
	shots         []combat.Shot
	who           []string // per shot
	weapons       []string // per shot
	bands         []combat.Band
	figures       []*combat.Figure
	notes         []string
	// What aim chooses from: the firers, how many weapons may fire, how they see the target.
	men        []battle.Soldier
	maxWeapons int
	view       combat.TargetView
	// dmg keeps DamageOdds by (damage, strength): it does not depend on the range, and the
	// chart of hits against range aims the volley again at every stretch.
	dmg map[[2]int][3]float64
}

// damageOdds is r.DamageOdds(ds, sr), worked out once per plan (and the plans made from it).
func (p *plan) damageOdds(r *combat.Rules, ds, sr int) [3]float64 {
	if p.dmg == nil {
		p.dmg = map[[2]int][3]float64{}
	}
	k := [2]int{ds, sr}
	d, ok := p.dmg[k]
	if !ok {
		d = r.DamageOdds(ds, sr)
		p.dmg[k] = d
	}
	return d
}

// newPlan builds the volley of firing.Units[fi] at target.Units[ti]: every soldier fires
// the ranged weapon that does most harm to the target at that range (expected hits times the
// chance a hit hurts), with his own skill code; a following fire weapon keeps its following
// fire when another soldier of the squad can crew it (that soldier does not fire).
func newPlan(cat *rules.Catalog, r *combat.Rules, firing *roster.Army, fi int, target *roster.Army, ti int, set Setup) (*plan, error) {
	if fi < 0 || fi >= len(firing.Units) {
		return nil, fmt.Errorf("--squad %d: the army has units 0 to %d", fi, len(firing.Units)-1)
	}
	if ti < 0 || ti >= len(target.Units) {
		return nil, fmt.Errorf("--target %d: the target army has units 0 to %d", ti, len(target.Units)-1)
	}
	if set.Range <= 0 {
		return nil, errors.New("--range must be more than 0 inches")
	}
	fu, tu := &firing.Units[fi], &target.Units[ti]
	p := &plan{firer: muster.UnitLabel(fu, fi), target: muster.UnitLabel(tu, ti), setup: set}
	figs, view, err := targetFigures(cat, tu, set)
	if err != nil {
		return nil, fmt.Errorf("target %s: %w", p.target, err)
	}
	p.figures, p.view = figs, view
	p.men, p.maxWeapons, err = muster.Soldiers(cat, fu)
	if err != nil {
		return nil, fmt.Errorf("firer %s: %w", p.firer, err)
	}
	if err := p.aim(cat, r, set); err != nil {
		return nil, err
	}
	return p, nil
}

// aim chooses every soldier's weapon and shot at the range set gives, as newPlan says.
func (p *plan) aim(cat *rules.Catalog, r *combat.Rules, set Setup) error {
	men, maxWeapons, view := p.men, p.maxWeapons, p.view
	view.Distance = set.Range
	str := p.figures[0].Strength()
	firing0 := combat.Firing{Walking: set.Walking}
	var shots []combat.Shot
	type pick struct {
		man   int
		w     *rules.Weapon
		shot  combat.Shot
		score float64
	}
	var picks []pick
	for i, m := range men {
		best := pick{man: -1}
		for _, w := range m.Weapons {
			if !battle.VolleyWeapon(w) {
				continue
			}
			fr := combat.Firer{Skill: m.Code(cat, w), Weapon: w, TargetingComputer: m.TargetingComputer, Crewed: w.FollowingFire}
			s, err := r.Aim(firing0, []combat.Firer{fr}, []combat.TargetView{view}, nil)
			if err != nil {
				continue // out of range, or not this weapon
			}
			dmg := p.damageOdds(r, w.Damage, str)
			score := r.ShotHits(s[0]).Mean() * (1 - dmg[combat.NoEffect])
			if best.man < 0 || score > best.score {
				best = pick{man: i, w: w, shot: s[0], score: score}
			}
		}
		if best.man >= 0 {
			picks = append(picks, best)
		}
	}
	// Crewmen: a following fire weapon needs another soldier within 1"; he is taken from
	// the soldiers who would fire the least.
	sort.SliceStable(picks, func(a, b int) bool { return picks[a].score > picks[b].score })
	for i := 0; i < len(picks); i++ {
		if !picks[i].shot.Following {
			continue
		}
		crew := -1
		for j := len(picks) - 1; j > i; j-- {
			if men[picks[j].man].Crewman && !picks[j].shot.Following {
				crew = j
				break
			}
		}
		if crew < 0 {
			picks[i].shot.Following = false
			p.notes = append(p.notes, fmt.Sprintf("%s's %s has no crewman: no following fire", men[picks[i].man].Who, picks[i].w.Name))
			continue
		}
		p.notes = append(p.notes, fmt.Sprintf("%s crews the %s and does not fire", men[picks[crew].man].Who, picks[i].w.Name))
		picks = append(picks[:crew], picks[crew+1:]...)
	}
	if maxWeapons > 0 && len(picks) > maxWeapons {
		picks = picks[:maxWeapons]
	}
	if len(picks) == 0 {
		return fmt.Errorf("no soldier of %s has a weapon that can fire %g\" in a volley", p.firer, set.Range)
	}
	sort.SliceStable(picks, func(a, b int) bool { return picks[a].man < picks[b].man })
	for _, pk := range picks {
		shots = append(shots, pk.shot)
		p.who = append(p.who, men[pk.man].Who)
		p.weapons = append(p.weapons, pk.w.Name)
		b, _ := combat.BandOf(pk.w.Ranges, pk.w.MinRange, set.Range)
		p.bands = append(p.bands, b)
	}
	if skipped := len(men) - len(picks); skipped > 0 && maxWeapons == 0 {
		p.notes = append(p.notes, fmt.Sprintf("%d of %d soldiers do not fire", skipped, len(men)))
	}
	p.shots = shots
	p.notes = append(p.notes, "everyone fires: all in the fire arc with a line of sight; assembled weapons are set up")
	return nil
}

// targetFigures builds the target unit's figures (all visible) and how the firers see it.
func targetFigures(cat *rules.Catalog, u *roster.Unit, set Setup) ([]*combat.Figure, combat.TargetView, error) {
	view := combat.TargetView{Distance: set.Range, Cover: set.Cover, Prone: set.Prone}
	figs, camo, err := muster.TargetFigures(cat, u)
	view.Camouflage = camo
	return figs, view, err
}

// report turns the odds into the JSON shape, grouping identical shots.
func (p *plan) report(o combat.TargetOdds) Report {
	rep := Report{Firer: p.firer, Target: p.target, Range: p.setup.Range, Cover: p.setup.Cover.String(),
		Prone: p.setup.Prone, Walking: p.setup.Walking, Figures: len(p.figures), ExpectedHits: o.ExpectedHits,
		Hits: probs(o.Hits), Notes: p.notes}
	for i, s := range p.shots {
		vs := Shot{Who: p.who[i], Count: 1, Weapon: p.weapons[i], Skill: s.Skill, Range: p.bands[i].String(),
			Difficulty: s.Difficulty, Damage: s.Damage, Following: s.Following}
		if n := len(rep.Shots); n > 0 {
			last := &rep.Shots[n-1]
			if last.Weapon == vs.Weapon && last.Skill == vs.Skill && last.Difficulty == vs.Difficulty && last.Following == vs.Following && last.Who == vs.Who {
				last.Count++
				continue
			}
		}
		rep.Shots = append(rep.Shots, vs)
	}
	if len(o.SystemDamage.P) > 0 {
		rep.SystemDamage = probs(o.SystemDamage)
		rep.Expected.SystemDamage = o.SystemDamage.Mean()
		rep.Notes = append(rep.Notes, "a droid takes System Damage instead of wounds: the distribution is of System Damage rolls")
	} else {
		rep.Wounded, rep.Incapacitated, rep.Casualties = probs(o.Wounded), probs(o.Incapacitated), probs(o.Casualties)
		rep.Expected = Average{Wounded: o.Wounded.Mean(), Incapacitated: o.Incapacitated.Mean(), Casualties: o.Casualties.Mean()}
	}
	if p.figures[0].Hero != nil {
		rep.Notes = append(rep.Notes, "a hero's dodge and parry are counted; his Force Points are not spent in these odds")
	}
	return rep
}

// probs lays a distribution out from 0, dropping the far tail truncation left as noise: at
// most 1e-10 of it all, so that the list still adds up to 1 (dropping every value below 1e-9
// dropped a droid's long tail of System Damage rolls, more than 1e-9 together).
func probs(d combat.Dist) []float64 {
	hi, dropped := d.Hi(), 0.0
	for hi > 0 && dropped+d.At(hi) < 1e-10 {
		dropped += d.At(hi)
		hi--
	}
	out := make([]float64, max(hi+1, 1))
	for i := range out {
		out[i] = d.At(i)
	}
	return out
}
