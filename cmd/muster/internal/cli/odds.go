package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"muster/cmd/muster/internal/volley"
	"muster/rules"
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
	rep, err := volley.Odds(rules.Default(), firing, *squad, targets, *target,
		volley.Setup{Range: *rng, Cover: c, Prone: *prone, Walking: *walking})
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

func printVolley(w io.Writer, r volley.Report) {
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
	if len(r.ByRange) > 0 {
		parts := make([]string, len(r.ByRange))
		for i, b := range r.ByRange {
			parts[i] = fmt.Sprintf("%g-%g\" %.2f", b.From, b.To, b.Hits)
		}
		fmt.Fprintf(w, "Expected hits by range: %s\n", strings.Join(parts, ", "))
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "Note: %s\n", n)
	}
}
