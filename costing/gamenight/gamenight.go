// Package gamenight holds a game night's decisions about the game (Chapter Ten): each side's
// force limits as the gamemaster writes them and whether they can be used, the rulebook's
// example limits, and judging a player's list against its side's limits. The web app's game
// pages only parse forms and render; the rules live here.
package gamenight

import (
	"fmt"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// Sides are the sides a game may have, in the order its pages show them: the Troop Lists'.
var Sides = []string{string(rules.Imperial), string(rules.Rebel), string(rules.Neutral)}

// ReadSideLimits parses a side's limits as written; blank is no limits (nil).
func ReadSideLimits(text string) (*roster.Limits, error) {
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	return roster.ReadLimits([]byte(text))
}

// CheckSideLimits checks a side's limits as the gamemaster wrote them: they parse (the error
// says the line and column), their clauses name things Muster knows, their numbers are in
// bounds, their house rules name rules, and a sides: clause includes the side. It returns
// the limits and a line summing them up when they can be used, or what is wrong in words.
func CheckSideLimits(cat *rules.Catalog, side, text string) (*roster.Limits, string, []string) {
	l, err := ReadSideLimits(text)
	if err != nil {
		return nil, "", []string{err.Error()}
	}
	if l == nil {
		return nil, "no limits", nil
	}
	probe := &roster.Army{Format: 1, System: "swmb", Side: rules.Side(side), Units: []roster.Unit{}}
	ps := roster.LimitsBounds(l, "limits")
	ps = append(ps, roster.CheckDials(l.Rules, "limits.rules")...)
	for _, p := range roster.CheckLimits(cat, probe, l, "limits") {
		if p.Rule == "limits.invalid" {
			ps = append(ps, p)
		}
	}
	var msgs []string
	for _, p := range ps {
		m := strings.TrimPrefix(p.Field, "limits.") + ": " + p.Message
		if p.Hint != "" {
			m += " (" + p.Hint + ")"
		}
		msgs = append(msgs, m)
	}
	if len(l.Sides) > 0 && !slices.Contains(l.Sides, rules.Side(side)) {
		msgs = append(msgs, fmt.Sprintf("sides: these limits are for %s, but they are written for the %s side (write sides: [%s], or leave sides out)",
			sideList(l.Sides), side, side))
	}
	if len(msgs) > 0 {
		return nil, "", msgs
	}
	return l, l.Summary(), nil
}

func sideList(ss []rules.Side) string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = string(s)
	}
	return strings.Join(out, " or ")
}

// Judge costs a list's army and checks it against its side's limits in the game: the
// game's limits replace the army's own limits: block and limit, and the army's own house
// rules do not count (the gamemaster's, in the limits' rules:, do). It returns the army as
// shown (its limit the side's total) and the result. army is not changed.
func Judge(cat *rules.Catalog, army *roster.Army, lim *roster.Limits) (*roster.Army, *costing.Result) {
	j := *army
	j.Limit, j.Limits, j.Rules = 0, nil, nil
	res := costing.Evaluate(cat, &j, lim)
	shown := j
	if lim != nil {
		shown.Limit = lim.Total
	}
	return &shown, res
}

// Preset is a set of example limits from the rulebook a game can be filled with.
type Preset struct {
	Key, Label, Title string
	Name              string            // the game's name, when the gamemaster gave none
	Sides             map[string]string // each side's limits, as a limits file
}

// Side is the preset's limits for a side, as a limits file, and whether the side plays in
// it: a preset names only the sides its example fields.
func (p Preset) Side(side string) (limits string, plays bool) {
	limits, plays = p.Sides[side]
	return limits, plays
}

// PresetByKey finds a preset.
func PresetByKey(key string) (Preset, bool) {
	for _, p := range Presets {
		if p.Key == key {
			return p, true
		}
	}
	return Preset{}, false
}

// Presets are Chapter Ten's examples. The Force Mixes briefings are exactly those of
// costing/testdata/chapter-ten (a test keeps them so).
var Presets = []Preset{
	{
		Key:   "chapter-ten",
		Label: "Chapter Ten example: Imperial 1500 (heroes 300, average or veteran), Rebel 1500 (heroes 600, veteran or elite)",
		Title: "Chapter Ten, Force Mixes: the Imperial player has 1500 points, up to 300 on heroes, average or veteran squads; " +
			"the Rebel players 1500, up to 600 on heroes, veteran or elite squads, up to three specialized weapons, 30 grenades, " +
			"no thermal detonators and no vehicles",
		Name: "Force Mixes (Chapter Ten)",
		Sides: map[string]string{
			"imperial": `# Chapter Ten, "Force Mixes: No One Said War Was Fair...":
#   "Imperial player: you have 1500 points. You can spend up to 300 points on heroes; the
#   rest on your squads. Your squads can be average or veteran; they can have whatever
#   weaponry you want. Go to it."
# "The rest on your squads" is read as: nothing but heroes and squads.
total: 1500
sgp: {heroes: 300}
qualities: [average, veteran]
banned: [droids, creatures, artillery, strikes, remote weapons]
sides: [imperial]
`,
			"rebel": `# Chapter Ten, "Force Mixes: No One Said War Was Fair...":
#   "Rebel players: you have 1500 points. You can spend up to 600 points on heroes; the rest
#   on your squads. Your squads must be veteran or elite. You can have up to three
#   specialized weapons, 30 grenades, no thermal detonators and no vehicles. Go to it."
# "The rest on your squads" is read as: nothing but heroes and squads.
total: 1500
sgp: {heroes: 600}
qualities: [veteran, elite]
max: {specialized_weapons: 3, grenades: 30}
banned: [thermal detonator, vehicles, droids, creatures, artillery, strikes, remote weapons]
sides: [rebel]
`,
		},
	},
	{
		Key:   "sample-game",
		Label: "Chapter Ten Sample Game (Chakton): Imperial 1500, Rebel 2000",
		Title: "Chapter Ten, Sample Game: the Imperials have 1500 points, one 200-point hero at most, any weapons, no vehicles; " +
			"the Rebels 2000 points in two groups, one 200-point hero with each, any weapons, no vehicles",
		Name: "The Chakton ambush (Chapter Ten, Sample Game)",
		Sides: map[string]string{
			"imperial": `# Chapter Ten, Sample Game, Orders of the Day (Imperial):
#   "You have 1500 points to spend on your forces. One 200-point hero, max. Any weapons.
#   No vehicles."
total: 1500
sgp: {heroes: 200}
max: {heroes: 1}
banned: [vehicles]
sides: [imperial]
`,
			"rebel": `# Chapter Ten, Sample Game, Orders of the Day (Alliance):
#   "You have 2000 points to spend on your forces, which must be evenly divided into two
#   groups. You must have one 200-point hero with each group. Any weapons. No vehicles."
# Muster checks the total, two heroes of up to 200 points each (400 in all) and the ban;
# the gamemaster checks the two even groups at the table.
total: 2000
sgp: {heroes: 400}
max: {heroes: 2}
banned: [vehicles]
sides: [rebel]
`,
		},
	},
}

// WriteSideLimits writes a side's limits as a limits file, the shape ReadSideLimits reads;
// nil or empty limits are written as nothing (no limits).
func WriteSideLimits(l *roster.Limits) (string, error) {
	if l == nil || limitsEmpty(l) {
		return "", nil
	}
	b, err := yaml.MarshalWithOptions(l, yaml.IndentSequence(true))
	if err != nil {
		return "", fmt.Errorf("gamenight: unable to write the limits: %w", err)
	}
	return string(b), nil
}

func limitsEmpty(l *roster.Limits) bool {
	return l.Total == 0 && l.SGP == (roster.SGPCaps{}) && l.Max == (roster.CountCaps{}) &&
		len(l.Qualities) == 0 && len(l.Banned) == 0 && len(l.Sides) == 0 && len(l.Rules) == 0
}
