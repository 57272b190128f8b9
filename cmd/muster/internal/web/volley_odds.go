package web

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"muster/cmd/muster/internal/volley"
	"muster/roster"
	"muster/rules/combat"
	"muster/views"
)

// versioned is an army read at a version.
type versioned struct {
	army    *roster.Army
	version int
}

// volleyAnswer is a volley's odds worked out, or why they could not be.
type volleyAnswer struct {
	rep volley.Report
	err error
}

// volleyCacheSize bounds the volleys kept: a volley's odds are the same numbers for the
// same two units (their armies' versions), range, cover and stance, and working them out is
// most of the odds page's cost.
const volleyCacheSize = 512

// volleyFromForm reads the volley form: units as "armyID:index" of the saved armies listed.
// The odds are kept by the armies' versions and the form (a.volleys): the same question
// asked again is answered with the same numbers, without working them out again.
func (a *app) volleyFromForm(armies map[string]versioned, v views.OddsView) (volley.Report, error) {
	pick := func(what, value string) (versioned, int, error) {
		id, idx, ok := strings.Cut(value, ":")
		army := armies[id]
		i, err := strconv.Atoi(idx)
		if !ok || army.army == nil || err != nil || i < 0 || i >= len(army.army.Units) {
			return versioned{}, 0, fmt.Errorf("choose the %s from the list of your armies' units", what)
		}
		return army, i, nil
	}
	firing, fi, err := pick("firing squad", v.Firer)
	if err != nil {
		return volley.Report{}, err
	}
	target, ti, err := pick("target", v.Target)
	if err != nil {
		return volley.Report{}, err
	}
	rng, err := strconv.ParseFloat(strings.TrimSpace(v.Range), 64)
	if err != nil || rng <= 0 || rng > 500 {
		return volley.Report{}, fmt.Errorf("range: write the distance in inches, more than 0 and at most 500")
	}
	cover, err := combat.ParseCover(v.Cover)
	if err != nil {
		return volley.Report{}, fmt.Errorf("cover: choose none, light, medium or heavy")
	}
	setup := volley.Setup{Range: rng, Cover: cover, Prone: v.Prone, Walking: v.Walking}
	key := fmt.Sprintf("%s@%d:%d %s@%d:%d %v", armyOf(v.Firer), firing.version, fi, armyOf(v.Target), target.version, ti, setup)
	if ans := a.volleys.get(key); ans != nil {
		return ans.rep, ans.err
	}
	rep, err := volley.Odds(a.cat, firing.army, fi, target.army, ti, setup)
	a.volleys.put(key, &volleyAnswer{rep, err})
	return rep, err
}

// armyOf is the army's id in a unit's "armyID:index".
func armyOf(value string) string {
	id, _, _ := strings.Cut(value, ":")
	return id
}

// VolleyView is a volley's odds as the odds page shows them; exported, like the page's d20
// and quick reference sections, for the command line's test that every distribution Muster
// prints, on the page or by a command, adds up to one.
func VolleyView(r volley.Report) *views.VolleyOdds {
	out := &views.VolleyOdds{Firer: r.Firer, Target: r.Target, Range: r.Range, Cover: r.Cover, Figures: r.Figures,
		ExpectedHits: r.ExpectedHits, Notes: r.Notes}
	for _, s := range r.Shots {
		out.Shots = append(out.Shots, views.VolleyShot{Who: s.Who, Weapon: s.Weapon, Band: s.Range, Count: s.Count,
			Skill: s.Skill, Difficulty: s.Difficulty, DS: s.Damage, Following: s.Following})
	}
	dist := func(name string, mean float64, p []float64) {
		if len(p) > 0 {
			out.Dists = append(out.Dists, views.Dist{Name: name, Mean: mean, P: p})
		}
	}
	for _, b := range r.ByRange {
		out.ByRange = append(out.ByRange, views.RangeHits{From: b.From, To: b.To, Hits: b.Hits,
			Here: r.Range > b.From && r.Range <= b.To})
	}
	dist("hits", r.ExpectedHits, r.Hits)
	dist("wounded", r.Expected.Wounded, r.Wounded)
	dist("incapacitated", r.Expected.Incapacitated, r.Incapacitated)
	dist("casualties", r.Expected.Casualties, r.Casualties)
	dist("system damage", r.Expected.SystemDamage, r.SystemDamage)
	return out
}

// boundedInt reads a whole number from a form field, naming the field and the range that
// would fix it when it cannot.
func boundedInt(field, s string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < lo || n > hi {
		if diceCode.MatchString(strings.TrimSpace(s)) {
			// "4D+1" is the roleplaying game's dice code; the miniatures rules roll one die
			// and add a number (Chapter Three): say which number is meant.
			return 0, fmt.Errorf("%s: %q is a roleplaying-game dice code; the miniatures rules use a whole number from %d to %d, the dice before the D (4D+1: 4)", field, strings.TrimSpace(s), lo, hi)
		}
		return 0, fmt.Errorf("%s: write a whole number from %d to %d, such as %d", field, lo, hi, min(max(lo, 4), hi))
	}
	return n, nil
}

// diceCode is a roleplaying-game code: "4D", "4D+1", "3d+2".
var diceCode = regexp.MustCompile(`^(?i)\d+\s*d(\s*\+\s*\d)?$`)

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// unitChoiceName is the picker's name of the unit chosen as value, or fallback.
func unitChoiceName(units []views.UnitChoice, value, fallback string) string {
	for _, u := range units {
		if u.Value == value {
			return u.Unit
		}
	}
	return fallback
}
