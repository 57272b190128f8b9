package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"

	"muster/costing"
	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/combat"
)

const oddsUsage = `usage:
  muster odds test --skill S --difficulty D [--json]
  muster odds damage --damage DS --strength SR [--json]
  muster odds volley --army A.yaml --squad N --target-army B.yaml --target N
                     --range INCHES [--cover none|light|medium|heavy] [--prone] [--walking] [--json]
  muster odds d20 --attack A --defense D [--damage N] [--cover] [--combined K]
                  [--droid] [--reroll] [--hp H] [--json]
  muster odds qrs --own-total T --enemy-total E [--cover] [--armour] [--extra-shooters N] [--json]
  muster odds PROCEDURE --help: that procedure's flags`

// cmdOdds computes exact odds for single procedures (rules/combat). Exit 0: done; 2: bad
// arguments or unreadable files.
func cmdOdds(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, oddsUsage)
		return 2
	}
	switch args[0] {
	case "help", "--help", "-h":
		fmt.Fprintln(stdout, oddsUsage)
		return 0
	case "test":
		return oddsTest(args[1:], stdout, stderr)
	case "damage":
		return oddsDamage(args[1:], stdout, stderr)
	case "volley":
		return oddsVolley(args[1:], stdout, stderr)
	case "d20":
		return oddsD20(args[1:], stdout, stderr)
	case "qrs":
		return oddsQRS(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "muster odds: %q is not a procedure Muster computes; write test, damage, volley, d20 or qrs (muster odds help)\n", args[0])
	return 2
}

// oddsFlags parses a procedure's flags; no positional arguments are allowed. ok false: stop
// with code (0 after --help).
func oddsFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (code int, ok bool) {
	rest, code, ok := parseFlags(fs, args, oddsUsage, stdout, stderr)
	if !ok {
		return code, false
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "muster %s: unexpected argument %q; every value is given with a flag (muster %s --help)\n", fs.Name(), rest[0], fs.Name())
		return 2, false
	}
	return 0, true
}

// required reports a missing flag.
func required(fs *flag.FlagSet, stderr io.Writer, names ...string) bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, n := range names {
		if !set[n] {
			f := fs.Lookup(n)
			fmt.Fprintf(stderr, "muster %s: --%s is required: %s\n", fs.Name(), n, f.Usage)
			return false
		}
	}
	return true
}

func writeJSON(w io.Writer, v any) int {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return 2
	}
	return 0
}

// The numbers a straight test and a hit can be given: what the book's charts produce, with
// room to spare, so a slip of the keyboard (a skill of 30000) is told rather than computed
// as a roll no figure makes. A skill is a code plus the roll's modifiers, and penalties are
// negative: a close assault roll of the lowest STR in the Troop Lists (2) can take -2 from
// the side or rear, -2 prone, -1 separated, -2 demoralized (the Close Assault Combat
// Modifiers Chart) and -1 for a wound, so -6. Difficulties are the Fire Combat Chart's 6, 8,
// 10 plus modifiers that only add (cover, walking, following fire +2 a shot), bounded as on
// the odds page; Damage Strengths run to 15 (the heaviest weapon and creature attack) and
// Strengths to 12, armor included.
var (
	testBounds = []flagBounds{
		{"skill", -10, 30, "the skill code with the roll's modifiers; penalties are negative"},
		{"difficulty", 0, 60, "the final difficulty number"},
	}
	damageBounds = []flagBounds{
		{"damage", 0, 30, "the weapon's Damage Strength"},
		{"strength", 0, 30, "the target's Strength, armor included"},
	}
)

func pct(p float64) string { return strconv.FormatFloat(100*p, 'f', 2, 64) + "%" }

// oddsTest: a straight skill test.
func oddsTest(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("odds test", flag.ContinueOnError)
	skill := fs.Int("skill", 0, "the skill code added to the roll")
	diff := fs.Int("difficulty", 0, "the difficulty number")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if code, ok := oddsFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if !required(fs, stderr, "skill", "difficulty") {
		return 2
	}
	if msg := outOfRange(fs, testBounds...); msg != "" {
		fmt.Fprintf(stderr, "muster %s: %s\n", fs.Name(), msg)
		return 2
	}
	p := combat.TestOdds(*skill, *diff)
	if *asJSON {
		return writeJSON(stdout, map[string]float64{"success": p})
	}
	fmt.Fprintf(stdout, "Skill %d against difficulty %d: success %s (%.6f)\n", *skill, *diff, pct(p), p)
	return 0
}

// oddsDamage: one hit on the Damage Table.
func oddsDamage(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("odds damage", flag.ContinueOnError)
	ds := fs.Int("damage", 0, "the weapon's Damage Strength")
	sr := fs.Int("strength", 0, "the target's Strength (armor included)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if code, ok := oddsFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if !required(fs, stderr, "damage", "strength") {
		return 2
	}
	if msg := outOfRange(fs, damageBounds...); msg != "" {
		fmt.Fprintf(stderr, "muster %s: %s\n", fs.Name(), msg)
		return 2
	}
	p := combat.Default().DamageOdds(*ds, *sr)
	if *asJSON {
		return writeJSON(stdout, map[string]float64{"none": p[combat.NoEffect], "wound": p[combat.Wound], "incapacitated": p[combat.Incapacitated]})
	}
	fmt.Fprintf(stdout, "Damage Strength %d against Strength %d:\n  no effect      %8s\n  wound          %8s\n  incapacitated  %8s\n",
		*ds, *sr, pct(p[combat.NoEffect]), pct(p[combat.Wound]), pct(p[combat.Incapacitated]))
	return 0
}

// volleyReport is the JSON shape of `muster odds volley --json`. The distributions are
// lists of probabilities by count: wounded[2] is the chance that exactly two soldiers are
// newly wounded.
type volleyReport struct {
	Firer         string        `json:"firer"`
	Target        string        `json:"target"`
	Range         float64       `json:"range"`
	Cover         string        `json:"cover"`
	Prone         bool          `json:"prone,omitempty"`
	Walking       bool          `json:"walking,omitempty"`
	Shots         []volleyShot  `json:"shots"`
	Figures       int           `json:"figures"`
	ExpectedHits  float64       `json:"expected_hits"`
	Hits          []float64     `json:"hits"`
	Wounded       []float64     `json:"wounded,omitempty"`
	Incapacitated []float64     `json:"incapacitated,omitempty"`
	Casualties    []float64     `json:"casualties,omitempty"`
	SystemDamage  []float64     `json:"system_damage,omitempty"`
	Expected      volleyAverage `json:"expected"`
	Notes         []string      `json:"notes"`
}

type volleyShot struct {
	Who        string `json:"who"`
	Count      int    `json:"count"`
	Weapon     string `json:"weapon"`
	Skill      int    `json:"skill"`
	Range      string `json:"band"`
	Difficulty int    `json:"difficulty"`
	Damage     int    `json:"damage"`
	Following  bool   `json:"following_fire,omitempty"`
}

type volleyAverage struct {
	Wounded       float64 `json:"wounded"`
	Incapacitated float64 `json:"incapacitated"`
	Casualties    float64 `json:"casualties"`
	SystemDamage  float64 `json:"system_damage,omitempty"`
}

// oddsVolley: a squad of one army firing at a unit of another.
func oddsVolley(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("odds volley", flag.ContinueOnError)
	armyPath := fs.String("army", "", "the firing army's `file`")
	squad := fs.Int("squad", 0, "the firing unit's index in its army (0 is the first)")
	targetPath := fs.String("target-army", "", "the target army's `file`")
	target := fs.Int("target", 0, "the target unit's index in its army")
	rng := fs.Float64("range", 0, "average distance in inches from the fire line to the targets")
	cover := fs.String("cover", "none", "the target's cover: none, light, medium or heavy")
	prone := fs.Bool("prone", false, "the target is prone")
	walking := fs.Bool("walking", false, "the firing squad walked this turn")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if code, ok := oddsFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if !required(fs, stderr, "army", "squad", "target-army", "target", "range") {
		return 2
	}
	c, err := combat.ParseCover(*cover)
	if err != nil {
		fmt.Fprintf(stderr, "muster odds volley: %v\n", err)
		return 2
	}
	firing, code := readFlagArmy("army", *armyPath, stderr)
	if firing == nil {
		return code
	}
	targets, code := readFlagArmy("target-army", *targetPath, stderr)
	if targets == nil {
		return code
	}
	rep, err := volleyOdds(rules.Default(), firing, *squad, targets, *target,
		volleySetup{Range: *rng, Cover: c, Prone: *prone, Walking: *walking})
	if err != nil {
		fmt.Fprintf(stderr, "muster odds volley: %v\n", err)
		return 2
	}
	if *asJSON {
		return writeJSON(stdout, rep)
	}
	printVolley(stdout, rep)
	return 0
}

// volleyOdds works out a volley's exact odds: what `muster odds volley` prints and the odds
// page shows.
func volleyOdds(cat *rules.Catalog, firing *roster.Army, fi int, target *roster.Army, ti int, set volleySetup) (volleyReport, error) {
	// Both armies' own catalog: blocks, so that custom troop types fire and are fired at.
	cat, _ = costing.CatalogFor(cat, firing)
	cat, _ = costing.CatalogFor(cat, target)
	r := combat.Default()
	plan, err := planVolley(cat, r, firing, fi, target, ti, set)
	if err != nil {
		return volleyReport{}, err
	}
	odds, err := r.VolleyOdds(plan.shots, [combat.MaxFireTargets][]*combat.Figure{plan.figures})
	if err != nil {
		return volleyReport{}, err
	}
	return plan.report(odds[0]), nil
}

// volleySetup is what the battlefield would say: the range, the target's cover and posture,
// and how the firers moved.
type volleySetup struct {
	Range   float64
	Cover   combat.Cover
	Prone   bool
	Walking bool
}

// volleyPlan is a volley ready for the odds: the shots, the target's figures, what to tell
// the player.
type volleyPlan struct {
	firer, target string
	setup         volleySetup
	shots         []combat.Shot
	who           []string // per shot
	weapons       []string // per shot
	bands         []combat.Band
	figures       []*combat.Figure
	notes         []string
}

// planVolley builds the volley of firing.Units[fi] at target.Units[ti]: every soldier fires
// the ranged weapon that does most harm to the target at that range (expected hits times the
// chance a hit hurts), with his own skill code; a following fire weapon keeps its following
// fire when another soldier of the squad can crew it (that soldier does not fire).
func planVolley(cat *rules.Catalog, r *combat.Rules, firing *roster.Army, fi int, target *roster.Army, ti int, set volleySetup) (*volleyPlan, error) {
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
	p := &volleyPlan{firer: battle.UnitLabel(fu, fi), target: battle.UnitLabel(tu, ti), setup: set}
	figs, view, err := targetFigures(cat, tu, set)
	if err != nil {
		return nil, fmt.Errorf("target %s: %w", p.target, err)
	}
	p.figures = figs
	men, maxWeapons, err := battle.Soldiers(cat, fu)
	if err != nil {
		return nil, fmt.Errorf("firer %s: %w", p.firer, err)
	}
	str := figs[0].Strength()
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
			dmg := r.DamageOdds(w.Damage, str)
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
		return nil, fmt.Errorf("no soldier of %s has a weapon that can fire %g\" in a volley", p.firer, set.Range)
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
	return p, nil
}

// targetFigures builds the target unit's figures (all visible) and how the firers see it.
func targetFigures(cat *rules.Catalog, u *roster.Unit, set volleySetup) ([]*combat.Figure, combat.TargetView, error) {
	view := combat.TargetView{Distance: set.Range, Cover: set.Cover, Prone: set.Prone}
	figs, camo, err := battle.TargetFigures(cat, u)
	view.Camouflage = camo
	return figs, view, err
}

// report turns the odds into the JSON shape, grouping identical shots.
func (p *volleyPlan) report(o combat.TargetOdds) volleyReport {
	rep := volleyReport{Firer: p.firer, Target: p.target, Range: p.setup.Range, Cover: p.setup.Cover.String(),
		Prone: p.setup.Prone, Walking: p.setup.Walking, Figures: len(p.figures), ExpectedHits: o.ExpectedHits,
		Hits: probs(o.Hits), Notes: p.notes}
	for i, s := range p.shots {
		vs := volleyShot{Who: p.who[i], Count: 1, Weapon: p.weapons[i], Skill: s.Skill, Range: p.bands[i].String(),
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
		rep.Expected = volleyAverage{Wounded: o.Wounded.Mean(), Incapacitated: o.Incapacitated.Mean(), Casualties: o.Casualties.Mean()}
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

func printVolley(w io.Writer, r volleyReport) {
	fmt.Fprintf(w, "%s fires at %s (%d figures), %g\", %s cover", r.Firer, r.Target, r.Figures, r.Range, r.Cover)
	if r.Prone {
		fmt.Fprint(w, ", prone")
	}
	if r.Walking {
		fmt.Fprint(w, ", the firers walked")
	}
	fmt.Fprintln(w)
	for _, s := range r.Shots {
		ff := ""
		if s.Following {
			ff = ", following fire"
		}
		fmt.Fprintf(w, "  %2d x %-12s %-26s skill %d, %s range, difficulty %d, damage %d%s\n",
			s.Count, s.Who, s.Weapon, s.Skill, s.Range, s.Difficulty, s.Damage, ff)
	}
	fmt.Fprintf(w, "Expected hits: %.3f\n", r.ExpectedHits)
	row := func(name string, p []float64) {
		fmt.Fprintf(w, "  %-14s", name)
		for _, v := range p {
			fmt.Fprintf(w, " %7s", pct(v))
		}
		fmt.Fprintln(w)
	}
	n := len(r.Hits)
	for _, p := range [][]float64{r.Wounded, r.Incapacitated, r.Casualties, r.SystemDamage} {
		n = max(n, len(p))
	}
	fmt.Fprintf(w, "  %-14s", "count")
	for i := range n {
		fmt.Fprintf(w, " %7d", i)
	}
	fmt.Fprintln(w)
	row("hits", r.Hits)
	if r.SystemDamage != nil {
		row("system damage", r.SystemDamage)
		fmt.Fprintf(w, "Expected System Damage rolls: %.3f\n", r.Expected.SystemDamage)
	} else {
		row("wounded", r.Wounded)
		row("incapacitated", r.Incapacitated)
		row("casualties", r.Casualties)
		fmt.Fprintf(w, "Expected: %.3f wounded, %.3f incapacitated, %.3f casualties\n",
			r.Expected.Wounded, r.Expected.Incapacitated, r.Expected.Casualties)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "Note: %s\n", n)
	}
}
