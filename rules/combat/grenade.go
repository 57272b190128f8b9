package combat

import (
	"errors"
	"fmt"
	"math"

	"muster/rules"
)

// Point is a place on the table, in inches.
type Point struct{ X, Y float64 }

// Dist is the distance between two points.
func (p Point) Dist(q Point) float64 { return math.Hypot(p.X-q.X, p.Y-q.Y) }

// BaseRadius is half a figure's 1-inch base: a base touches a template when its centre is
// within the template's radius plus this.
const BaseRadius = 0.5

// Deviate moves p by inches in the direction a die roll shows on the Grenade Burst
// Template oriented along heading (radians, the direction of the throw). The template's
// six directions are read as 60 degrees apart, 1 straight on in the direction of the
// throw and going round clockwise, which puts 4 back "toward the soldier who threw it" and
// 5 "short and to the left", as Chapter Three's examples have them (docs/decisions.md).
func Deviate(p Point, heading float64, roll int, inches float64) Point {
	a := heading - float64(roll-1)*math.Pi/3 // clockwise, with y pointing up
	return Point{p.X + inches*math.Cos(a), p.Y + inches*math.Sin(a)}
}

// Throw is a grenade or thermal detonator thrown, or a grenade launched (Chapter Three,
// "Grenades"; Chapter Eleven, "Grenade Launcher").
type Throw struct {
	From, Aim Point
	// Skill is the grenade skill, or missile weapons for a launcher, before any wound.
	Skill int
	// Grenade is what is thrown or launched: it gives the thrown ranges and the damage.
	Grenade *rules.Weapon
	// Launcher, when set, fires the grenade (its ranges and minimum range, and the launched
	// scatter chart, which never deviates more than half the distance to the target).
	Launcher *rules.Weapon
	// Blind: the aim point is out of the thrower's sight; the grenade deviates before the
	// test, which is at +3.
	Blind   bool
	Firing  Firing // squad conditions: walking, morale; grenades cannot be opportunity or defensive fire
	Wounded bool
	// Extra is any other difficulty modifier (separated +1 and the like); cover at the aim
	// point does not apply, since the grenade is aimed at a spot.
	Extra int
	Hero  *Hero
}

// ThrowPlan is a throw made ready: its difficulty and deviation chart.
type ThrowPlan struct {
	Band       Band
	Difficulty int
	Skill      int
	Deviation  rules.Deviation
	MaxDev     float64 // the launched cap, half the distance; 0 for none
	Heading    float64
	Distance   float64
}

// PlanThrow works out a throw's difficulty and how far it can deviate.
func (r *Rules) PlanThrow(t Throw) (ThrowPlan, error) {
	if t.Grenade == nil || t.Grenade.Class != "grenade" {
		return ThrowPlan{}, errors.New("nothing to throw: name a grenade or thermal detonator")
	}
	if t.Firing.Opportunity || t.Firing.Defensive {
		return ThrowPlan{}, errors.New("grenades cannot be used in opportunity or defensive fire")
	}
	if t.Firing.Ran || t.Firing.Morale == Broken {
		return ThrowPlan{}, errors.New("a squad that ran, or is broken, cannot throw")
	}
	dist := t.From.Dist(t.Aim)
	ranges, minRange := t.Grenade.Ranges, t.Grenade.MinRange
	chart := r.Tables.GrenadeScatter.Thrown
	if t.Launcher != nil {
		if t.Grenade.Name == "Thermal Detonator" {
			return ThrowPlan{}, errors.New("thermal detonators cannot be fired from a grenade launcher")
		}
		ranges, minRange = t.Launcher.Ranges, t.Launcher.MinRange
		chart = r.Tables.GrenadeScatter.Launched
	}
	band, err := BandOf(ranges, minRange, dist)
	if err != nil {
		return ThrowPlan{}, err
	}
	dev, ok := chart.Row(band.RangeBand())
	if !ok {
		return ThrowPlan{}, fmt.Errorf("no grenade scatter row for %s range", band)
	}
	diff := r.base[band] + t.Extra
	switch t.Firing.Morale {
	case Shaken:
		diff += r.fire.shaken
	case Demoralized:
		diff += r.fire.demoralized
	}
	if t.Firing.Walking {
		diff += r.fire.walking
	}
	if t.Firing.MovingMount {
		diff += r.fire.movingSurface
	}
	if t.Blind {
		diff += BlindThrowModifier
	}
	skill := t.Skill
	if t.Wounded {
		skill += WoundPenalty
	}
	p := ThrowPlan{Band: band, Difficulty: diff, Skill: skill, Deviation: dev,
		Heading: math.Atan2(t.Aim.Y-t.From.Y, t.Aim.X-t.From.X), Distance: dist}
	if chart.MaxFractionOfDistance > 0 {
		p.MaxDev = chart.MaxFractionOfDistance * dist
	}
	return p, nil
}

// deviation rolls how far a missed throw deviates: the chart's dice, multiplied and divided
// (fractions up), capped for launched grenades.
func (p *ThrowPlan) deviation(d *Dice) float64 {
	total := 0
	for range p.Deviation.Dice {
		total += d.D6()
	}
	return p.capped(float64(p.Deviation.Inches(total)))
}

func (p *ThrowPlan) capped(in float64) float64 {
	if p.MaxDev > 0 && in > p.MaxDev {
		return p.MaxDev
	}
	return in
}

// Throw rolls a throw and returns where it lands and whether the test succeeded. A
// successful test lands where aimed; a failed one deviates. A blind throw deviates first,
// then tests at +3: success lands at the deviated point, failure deviates again from there.
// A grenade that would pass through an obstruction stops there; that is the battlefield's
// to apply to the returned point.
func (r *Rules) Throw(d *Dice, t Throw) (Point, bool, error) {
	p, err := r.PlanThrow(t)
	if err != nil {
		return Point{}, false, err
	}
	at := t.Aim
	if t.Blind {
		at = Deviate(at, p.Heading, d.D6(), p.deviation(d))
	}
	var ok bool
	if t.Hero != nil {
		ok = HeroTest(d, t.Hero, p.Skill, p.Difficulty)
	} else {
		ok = Test(d, p.Skill, p.Difficulty)
	}
	if ok {
		return at, true, nil
	}
	return Deviate(at, p.Heading, d.D6(), p.deviation(d)), false, nil
}

// Landing is one place a throw may land and its probability.
type Landing struct {
	At Point
	P  float64
}

// LandingOdds is the exact distribution of where a throw lands (without Force Points): the
// test's odds, then six directions and the deviation chart's distances.
func (r *Rules) LandingOdds(t Throw) ([]Landing, error) {
	p, err := r.PlanThrow(t)
	if err != nil {
		return nil, err
	}
	hit := TestOdds(p.Skill, p.Difficulty)
	devs := p.deviationOdds()
	scatter := func(from Point, w float64, out []Landing) []Landing {
		for dir := 1; dir <= 6; dir++ {
			for _, dv := range devs {
				out = append(out, Landing{Deviate(from, p.Heading, dir, dv.At.X), w * dv.P / 6})
			}
		}
		return out
	}
	if !t.Blind {
		out := []Landing{{t.Aim, hit}}
		return scatter(t.Aim, 1-hit, out), nil
	}
	var out []Landing
	for _, first := range scatter(t.Aim, 1, nil) {
		out = append(out, Landing{first.At, first.P * hit})
		out = scatter(first.At, first.P*(1-hit), out)
	}
	return out, nil
}

// deviationOdds is the distribution of a missed throw's deviation in inches (in At.X).
func (p *ThrowPlan) deviationOdds() []Landing {
	var out []Landing
	var rec func(dice, total int, w float64)
	rec = func(dice, total int, w float64) {
		if dice == 0 {
			in := p.capped(float64(p.Deviation.Inches(total)))
			for i := range out {
				if out[i].At.X == in {
					out[i].P += w
					return
				}
			}
			out = append(out, Landing{Point{X: in}, w})
			return
		}
		for v := 1; v <= 6; v++ {
			rec(dice-1, total+v, w/6)
		}
	}
	rec(p.Deviation.Dice, 0, 1)
	return out
}

// Wall is what stands between a figure and the centre of an explosion.
type Wall uint8

// What separates a figure from a burst's centre.
const (
	NoWall      Wall = iota
	WallOpening      // a high wall with a door or window on the line: Damage Strength -1
	WallSolid        // a high wall with no opening: grenades do nothing; thermal detonators half
)

// Exposure is a figure near a burst: where it stands and what shelters it.
type Exposure struct {
	At    Point
	Prone bool
	Wall  Wall
	// Dodged is set by Burst when a hero dived out of the template: he ends "prone adjacent
	// to the burst template", which the battlefield applies.
	Dodged bool
}

// BurstDamage is the Damage Strength an explosion of ds at center with the given template
// radius does to a figure, and whether the figure is affected at all (Chapter Three,
// "Grenade Damage" and "Thermal Detonators"): his base must touch the template; prone, -1;
// behind a high wall with a door or window, -1; behind a high wall without one, unaffected
// by a grenade and at half Damage Strength (rounded down, after the other reductions) from
// a thermal detonator.
func BurstDamage(center Point, radius float64, ds int, detonator bool, e Exposure) (int, bool) {
	if e.At.Dist(center) > radius+BaseRadius {
		return 0, false
	}
	if e.Prone {
		ds--
	}
	switch e.Wall {
	case WallOpening:
		ds--
	case WallSolid:
		if !detonator {
			return 0, false
		}
		ds /= 2
	}
	return ds, true
}

// Burst resolves an explosion on every exposed figure (each rolls his own Strength against
// the blast's own Damage Strength roll), marking the results. Heroes with dodge may dive
// out of it with a difficulty 6 dodge roll, ending prone (at[i].Dodged). affected, when not nil, is set
// for each figure the template covered.
func (r *Rules) Burst(d *Dice, center Point, radius float64, ds int, detonator bool, figs []*Figure, at []Exposure, affected []bool) {
	for i, f := range figs {
		v, ok := BurstDamage(center, radius, ds, detonator, at[i])
		if affected != nil {
			affected[i] = ok
		}
		if !ok || f.Out {
			continue
		}
		if f.Hero != nil && DodgeGrenade(d, f.Hero) {
			at[i].Dodged = true
			continue
		}
		var one [1]int
		one[0] = v
		r.Resist(d, f, one[:])
	}
}

// Flame is a flamethrower's shot (Chapter Eleven, "Flamethrower"): fired as normal at a
// target with the flamethrower skill (Difficulty from the flamethrower's ranges and the Fire
// Combat Modifiers). On a hit the Flame Effect Template (1" radius) is centred under the
// target, who takes the full Damage Strength; everyone else under it the incidental Damage
// Strength. On a miss it deviates one unmodified die in inches, whatever the range, never
// more than half the distance to the target, and everyone under it takes the incidental
// Damage Strength. Flame returns the template's centre and whether the shot hit.
func (r *Rules) Flame(d *Dice, skill, difficulty int, from, target Point) (Point, bool) {
	if Test(d, skill, difficulty) {
		return target, true
	}
	dir := d.D6()
	in := math.Min(float64(d.D6()), from.Dist(target)/2)
	heading := math.Atan2(target.Y-from.Y, target.X-from.X)
	return Deviate(target, heading, dir, in), false
}

// FlameDamage is the Damage Strength the flame does to a figure: full to the target it hit,
// incidental to anyone else whose base is within the template; ok is false outside it.
func FlameDamage(w *rules.Weapon, center Point, hit, isTarget bool, at Point) (int, bool) {
	if hit && isTarget {
		return w.Damage, true
	}
	if at.Dist(center) > w.BurstRadius+BaseRadius {
		return 0, false
	}
	return w.Incidental, true
}

// FlameBurst resolves a flamethrower's template on the figures around it: the target it hit
// (index target, or -1) takes the full Damage Strength, every other figure whose base is
// under the template the incidental Damage Strength.
func (r *Rules) FlameBurst(d *Dice, w *rules.Weapon, center Point, hit bool, target int, figs []*Figure, at []Point) {
	for i, f := range figs {
		ds, ok := FlameDamage(w, center, hit, i == target, at[i])
		if !ok || f.Out {
			continue
		}
		var one [1]int
		one[0] = ds
		r.Resist(d, f, one[:])
	}
}

// OnBoardArtillery fires an on-board artillery piece (Chapter Eleven, "Firing the Gun"): a
// blaster artillery test (fire control added to the skill, +2 when undermanned, always at
// short range); a miss deviates as a grenade thrown at medium range, except that a 1-2 on
// the distance roll overshoots and the shot has no effect (ok false).
func (r *Rules) OnBoardArtillery(d *Dice, skill, difficulty int, from, aim Point) (Point, bool) {
	if Test(d, skill, difficulty) {
		return aim, true
	}
	dir := d.D6()
	dist := d.D6()
	if dist <= 2 {
		return Point{}, false
	}
	row, _ := r.Tables.GrenadeScatter.Thrown.Row(rules.RangeMedium)
	heading := math.Atan2(aim.Y-from.Y, aim.X-from.X)
	return Deviate(aim, heading, dir, float64(row.Inches(dist))), true
}
