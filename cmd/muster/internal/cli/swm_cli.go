package cli

// The d20 Star Wars Miniatures system's command line: its squads for muster cost and muster
// check, `muster odds d20`, and `muster swm battle|sim`. Registered here so that no SWMB
// file has to know the system.

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"muster/cmd/muster/internal/systems"
	"muster/rules/swm"
	"muster/rules/swm/army"
	"muster/rules/swm/cards"
	"muster/rules/swm/check"
	"muster/rules/swm/engine"
	"muster/rules/swm/odds"
	"muster/views"
)

const oddsD20Usage = `usage: muster odds d20 --attack A --defense D [--damage N] [--cover] [--combined K]
                      [--droid] [--reroll] [--hp H] [--json]`

// d20Odds is the JSON shape of `muster odds d20 --json`. expected_damage is null without
// --damage; attacks_to_defeat comes with --hp: entry t is the chance the t-th attack
// defeats the target.
type d20Odds struct {
	Hit             float64   `json:"hit"`
	Critical        float64   `json:"critical"`
	ExpectedDamage  *float64  `json:"expected_damage"`
	AttacksToDefeat []float64 `json:"attacks_to_defeat,omitempty"`
	MeanAttacks     *float64  `json:"mean_attacks,omitempty"`
}

// oddsD20 is one d20 attack's exact odds (rules/swm/odds).
func oddsD20(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("odds d20", flag.ContinueOnError)
	atk := fs.Int("attack", 0, "the attacker's Attack bonus")
	def := fs.Int("defense", 0, "the target's Defense")
	dmg := fs.Int("damage", 0, "the attacker's Damage")
	cover := fs.Bool("cover", false, "the target has cover (+4 Defense)")
	combined := fs.Int("combined", 0, "allies combining fire (+4 Attack each)")
	droid := fs.Bool("droid", false, "the target is a Droid (no double damage on a natural 20)")
	reroll := fs.Bool("reroll", false, "spend a Force point to reroll a miss")
	hp := fs.Int("hp", 0, "the target's Hit Points: print the number of attacks to defeat it")
	asJSON := fs.Bool("json", false, "print one JSON object")
	rest, code, ok := parseFlags(fs, args, oddsD20Usage, stdout, stderr)
	if !ok {
		return code
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case len(rest) > 0:
		fmt.Fprintf(stderr, "muster odds d20: unexpected argument %q; every value is given with a flag (muster odds d20 --help)\n", rest[0])
		return 2
	case !set["attack"] || !set["defense"]:
		fmt.Fprintln(stderr, "muster odds d20: --attack and --defense are required: the attacker's Attack bonus and the target's Defense")
		return 2
	case d20OutOfBounds(stderr, "attack", *atk, systems.D20Attack, "the attacker's Attack bonus"),
		d20OutOfBounds(stderr, "defense", *def, systems.D20Defense, "the target's Defense"),
		d20OutOfBounds(stderr, "damage", *dmg, systems.D20Damage, "the attacker's Damage"),
		d20OutOfBounds(stderr, "hp", *hp, systems.D20HP, "the target's Hit Points"),
		d20OutOfBounds(stderr, "combined", *combined, systems.D20Combined, "allies combining fire"):
		return 2
	case set["hp"] && *dmg == 0:
		fmt.Fprintf(stderr, "muster odds d20: --hp needs --damage: an attack without damage never defeats anyone\n")
		return 2
	}
	a := odds.Attack{Attack: *atk, Defense: *def, Damage: *dmg, Cover: *cover, Combined: *combined, Droid: *droid, Reroll: *reroll}
	h, c, e := odds.Odds(a).Float()
	out := d20Odds{Hit: h, Critical: c}
	if set["damage"] {
		out.ExpectedDamage = &e
	}
	var td odds.ToDefeat
	if set["hp"] {
		var err error
		if td, err = odds.AttacksToDefeat(a, *hp); err != nil {
			fmt.Fprintf(stderr, "muster odds d20: %v\n", err)
			return 2
		}
		m, _ := td.Mean.Float64()
		out.AttacksToDefeat, out.MeanAttacks = td.P, &m
	}
	if *asJSON {
		return writeJSON(stdout, out)
	}
	fmt.Fprintf(stdout, "Attack %+d against Defense %d", *atk, *def)
	if *cover {
		fmt.Fprint(stdout, " with cover (+4)")
	}
	if *combined > 0 {
		fmt.Fprintf(stdout, ", %d combining fire (+%d)", *combined, 4**combined)
	}
	fmt.Fprintf(stdout, ": hits on a natural %d or better (a 1 always misses, a 20 always hits)\n", min(max(a.Need(), 2), 20))
	fmt.Fprintf(stdout, "  hit             %8s  (%s)\n", pct(h), odds.Odds(a).Hit.RatString())
	fmt.Fprintf(stdout, "  critical        %8s  (%s)\n", pct(c), odds.Odds(a).Critical.RatString())
	if set["damage"] {
		fmt.Fprintf(stdout, "  expected damage %8.3f  (%s)\n", e, odds.Odds(a).ExpectedDamage.RatString())
	}
	if set["hp"] {
		fmt.Fprintf(stdout, "Attacks to defeat %d Hit Points (mean %s = %.3f):\n", *hp, td.Mean.RatString(), *out.MeanAttacks)
		for _, r := range td.Rows(0) {
			if r.Later {
				fmt.Fprintf(stdout, "  %d or later  %8s  (by then %s)\n", r.Attack, pct(r.P), pct(r.ByThen))
				continue
			}
			fmt.Fprintf(stdout, "  %3d  %8s  (by then %s)\n", r.Attack, pct(r.P), pct(r.ByThen))
		}
	}
	return 0
}

const swmUsage = `usage:
  muster swm cards [--json]
  muster swm sheet FILE
  muster swm battle [--seed N] [--battle I] [--scenario open|salvage|assault] [--cards LIBRARY.yaml] [--html FILE] A.yaml B.yaml
  muster swm sim [--battles N] [--seed S] [--scenario open|salvage|assault] [--cards LIBRARY.yaml] [--json] A.yaml B.yaml`

// cmdSWM is `muster swm ...`: battles of d20 squads.
func cmdSWM(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, swmUsage)
		return 2
	}
	if args[0] == "help" || args[0] == "--help" || args[0] == "-h" {
		fmt.Fprintln(stdout, swmUsage)
		return 0
	}
	switch args[0] {
	case "battle":
		return swmBattle(args[1:], stdout, stderr)
	case "sim":
		return swmSim(args[1:], stdout, stderr)
	case "cards":
		return swmCards(args[1:], stdout, stderr)
	case "sheet":
		return swmSheet(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "muster swm: %q is not a command of muster swm; write battle, sim, cards or sheet (muster swm help)\n", args[0])
	return 2
}

// swmCards lists the pack's cards: what Muster knows of each and what a player must copy
// from the physical card before a battle.
func swmCards(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("swm cards", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the card data as JSON (null: not known)")
	rest, code, ok := parseFlags(fs, args, swmUsage, stdout, stderr)
	if !ok {
		return code
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "muster swm cards: unexpected argument %q; it takes only --json\n", rest[0])
		return 2
	}
	list := cards.Builtin().Cards()
	if *asJSON {
		return writeJSON(stdout, list)
	}
	num := func(p *int, sign bool) string {
		switch {
		case p == nil:
			return "?"
		case sign:
			return fmt.Sprintf("%+d", *p)
		}
		return strconv.Itoa(*p)
	}
	fmt.Fprintln(stdout, "The Battle of Hoth scenario pack's cards (? = not printed in the rulebook; copy it from the card into a squad file's cards: block)")
	for _, c := range list {
		size := "?"
		if c.Size != nil {
			size = *c.Size
		}
		fmt.Fprintf(stdout, "\n%s (%s) cost %s\n  HP %s  Defense %s  Attack %s  Damage %s  Speed %s  size %s  Force %s\n",
			c.Name, c.Faction, num(c.Cost, false), num(c.HP, false), num(c.Defense, false), num(c.Attack, true), num(c.Damage, false), num(c.Speed, false), size, num(c.Force, false))
		abil := strings.Join(c.Abilities, ", ")
		switch {
		case len(c.Abilities) == 0 && !c.AbilitiesComplete:
			abil = "none known"
		case len(c.Abilities) == 0:
			abil = "none"
		case !c.AbilitiesComplete:
			abil += " (and perhaps more)"
		}
		fmt.Fprintf(stdout, "  abilities: %s\n", abil)
		if m := c.Missing(); len(m) > 0 {
			fmt.Fprintf(stdout, "  a battle needs: %s\n", strings.Join(m, ", "))
		}
	}
	return 0
}

// muster swm battle and muster swm sim: d20 battles between two squad files.

// swmSquads reads the two squad files and fields them; a squad that fails its checks or
// whose cards lack values cannot play. It prints why and returns the exit code 2.
func swmSquads(cmd string, files []string, libPath string, stderr io.Writer) ([2]engine.Squad, bool) {
	var out [2]engine.Squad
	var costed [2]*check.Costed
	if len(files) != 2 {
		fmt.Fprintf(stderr, "muster swm %s: name two squad files, A.yaml and B.yaml; %d given (muster swm help)\n", cmd, len(files))
		return out, false
	}
	// --cards: a card library (the web app's export) completes both squads' cards, after
	// each file's own cards: block.
	var library []cards.Card
	if libPath != "" {
		data, err := readCapped(libPath)
		if err != nil {
			fmt.Fprintf(stderr, "muster: %v\n", err)
			return out, false
		}
		if library, err = army.ReadLibrary(data); err != nil {
			fmt.Fprintf(stderr, "muster swm %s: --cards %s: %v\n", cmd, libPath, err)
			return out, false
		}
	}
	for i, path := range files {
		data, err := readCapped(path)
		if err != nil {
			fmt.Fprintf(stderr, "muster: %v\n", err)
			return out, false
		}
		if msg := otherSystemFile(path, data, swm.ID); msg != "" {
			fmt.Fprintf(stderr, "muster swm %s: %s\n", cmd, msg)
			return out, false
		}
		a, err := army.Read(data)
		if err != nil {
			fmt.Fprintf(stderr, "muster: %s: %v\n", path, err)
			return out, false
		}
		a.Library = library
		c, err := check.Evaluate(a)
		if err != nil {
			fmt.Fprintf(stderr, "muster: %s: %v\n", path, err)
			return out, false
		}
		costed[i] = c
		s, err := engine.FromCosted(c)
		if err != nil {
			var inc *engine.IncompleteError
			var broken *engine.RulesError
			switch {
			case errors.As(err, &broken):
				fmt.Fprintf(stderr, "muster: %s: the squad has errors; muster check shows them:\n  %s\n", path, strings.Join(broken.Errors, "\n  "))
			case errors.As(err, &inc):
				fmt.Fprintf(stderr, "muster: %s: %v\n", path, inc)
			default:
				fmt.Fprintf(stderr, "muster: %s: %v\n", path, err)
			}
			return out, false
		}
		if s.Name == "" {
			s.Name = fmt.Sprintf("Squad %d", i+1)
		}
		out[i] = s
	}
	if note := check.SidesNote(costed[0], costed[1]); note != "" {
		fmt.Fprintf(stderr, "muster swm %s: note: %s\n", cmd, note)
	}
	if out[0].Name == out[1].Name {
		out[0].Name += " (A)"
		out[1].Name += " (B)"
	}
	return out, true
}

func swmMap(cmd, name string, stderr io.Writer) bool {
	if _, ok := engine.Scenario(name); !ok {
		fmt.Fprintf(stderr, "muster swm %s: no scenario %q; write one of %s\n", cmd, name, strings.Join(engine.Scenarios(), ", "))
		return false
	}
	return true
}

// swmBattle plays one battle and prints its log.
func swmBattle(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("swm battle", flag.ContinueOnError)
	seed := fs.Uint64("seed", 1, "the dice's seed: the same seed replays the same battle")
	scenario := fs.String("scenario", "open", "the map: "+strings.Join(engine.Scenarios(), ", "))
	library := fs.String("cards", "", "a card library file (the web app's export) completing the squads' cards")
	index := fs.Uint64("battle", 0, "which battle of `muster swm sim --seed N` to play, from 0 (the web replay's ?battle=)")
	htmlFile := fs.String("html", "", "a file to write the battle's replay to, as one page (the web's d20 replay)")
	files, code, ok := parseFlags(fs, args, swmUsage, stdout, stderr)
	if !ok {
		return code
	}
	if !swmMap("battle", *scenario, stderr) {
		return 2
	}
	if p := outputProblem("html", *htmlFile); *htmlFile != "" && p != "" {
		fmt.Fprintf(stderr, "muster swm battle: %s\n", p)
		return 2
	}
	squads, ok := swmSquads("battle", files, *library, stderr)
	if !ok {
		return 2
	}
	m, _ := engine.Scenario(*scenario)
	// With --html the battle is played with its trace: the same battle (the engine's
	// TestTraceIsTheSameBattle), drawn as the web's replay draws it.
	var r *engine.Result
	var tr *engine.Trace
	var err error
	if *htmlFile != "" {
		r, tr, err = engine.PlayTrace(m, squads[0], squads[1], rand.New(rand.NewPCG(*seed, *index)))
	} else {
		r, err = engine.Play(m, squads[0], squads[1], rand.New(rand.NewPCG(*seed, *index)), true)
	}
	if err != nil {
		fmt.Fprintf(stderr, "muster swm battle: %v\n", err)
		return 2
	}
	fmt.Fprintf(stdout, "%s against %s on the %s map (%s), seed %d\n\n", squads[0].Name, squads[1].Name, m.Name, m.Note, *seed)
	for _, l := range r.Log {
		fmt.Fprintln(stdout, l)
	}
	fmt.Fprintf(stdout, "\nAfter %d rounds: points defeated %s %d, %s %d\n", r.Rounds, squads[0].Name, r.Defeated[0], squads[1].Name, r.Defeated[1])
	if tr != nil {
		return writeSWMReplay(tr, squads[0].Name+" against "+squads[1].Name, fmt.Sprintf("%d, battle %d", *seed, *index), *htmlFile, stderr)
	}
	return 0
}

// swmSim plays many battles and prints the odds.
func swmSim(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("swm sim", flag.ContinueOnError)
	battles := fs.Int("battles", 200, "how many battles")
	seed := fs.Uint64("seed", 1, "the dice's seed")
	scenario := fs.String("scenario", "open", "the map: "+strings.Join(engine.Scenarios(), ", "))
	asJSON := fs.Bool("json", false, "print one JSON object")
	library := fs.String("cards", "", "a card library file (the web app's export) completing the squads' cards")
	files, code, ok := parseFlags(fs, args, swmUsage, stdout, stderr)
	if !ok {
		return code
	}
	if !swmMap("sim", *scenario, stderr) {
		return 2
	}
	if *battles < 1 || *battles > 100000 {
		fmt.Fprintln(stderr, "muster swm sim: --battles takes 1 to 100000")
		return 2
	}
	squads, ok := swmSquads("sim", files, *library, stderr)
	if !ok {
		return 2
	}
	sum, err := engine.Simulate(func() *engine.Map { m, _ := engine.Scenario(*scenario); return m }, squads[0], squads[1], *battles, *seed)
	if err != nil {
		fmt.Fprintf(stderr, "muster swm sim: %v\n", err)
		return playExit(err)
	}
	if *asJSON {
		return writeJSON(stdout, struct {
			A        string `json:"a"`
			B        string `json:"b"`
			Scenario string `json:"scenario"`
			Seed     uint64 `json:"seed"`
			*engine.Summary
		}{squads[0].Name, squads[1].Name, *scenario, *seed, sum})
	}
	iv := func(x [2]float64) string { return fmt.Sprintf("%s to %s", pct(x[0]), pct(x[1])) }
	fmt.Fprintf(stdout, "%s against %s, %d battles on the %s map (seed %d)\n", squads[0].Name, squads[1].Name, sum.Battles, *scenario, *seed)
	fmt.Fprintf(stdout, "  %s wins  %5d  %8s  (95%%: %s)\n", squads[0].Name, sum.Wins, pct(sum.WinRate), iv(sum.WinInterval))
	fmt.Fprintf(stdout, "  draws %*s %5d  %8s  (95%%: %s)\n", len(squads[0].Name), "", sum.Draws, pct(sum.DrawRate), iv(sum.DrawInterval))
	fmt.Fprintf(stdout, "  %s wins  %5d  %8s  (95%%: %s)\n", squads[1].Name, sum.Losses, pct(sum.LossRate), iv(sum.LossInterval))
	fmt.Fprintf(stdout, "  mean rounds %.1f; enemy points each squad defeated, on average: %s %.1f, %s %.1f\n", sum.MeanRounds, squads[0].Name, sum.MeanDefeated[0], squads[1].Name, sum.MeanDefeated[1])
	fmt.Fprintln(stdout, "Not simulated:")
	for _, n := range sum.NotSimulated {
		fmt.Fprintf(stdout, "  - %s\n", n)
	}
	return 0
}

// swmSheet prints a squad sheet to take to the table: each card with its statistics (a
// blank to fill in where the rulebook does not print the value) and a Hit Point track per
// figure, a box for every 10 Hit Points (5 when the total is not a multiple of 10).
func swmSheet(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("swm sheet", flag.ContinueOnError)
	args, code, ok := parseFlags(fs, args, swmUsage, stdout, stderr)
	if !ok {
		return code
	}
	if len(args) != 1 {
		fmt.Fprintf(stderr, "muster swm sheet: name one squad file, as in muster swm sheet squad.yaml\n")
		return 2
	}
	data, err := readCapped(args[0])
	if err != nil {
		fmt.Fprintf(stderr, "muster: %v\n", err)
		return 2
	}
	if msg := otherSystemFile(args[0], data, swm.ID); msg != "" {
		fmt.Fprintf(stderr, "muster swm sheet: %s\n", msg)
		return 2
	}
	a, err := army.Read(data)
	if err != nil {
		fmt.Fprintf(stderr, "muster: %s: %v\n", args[0], err)
		return 2
	}
	c, err := check.Evaluate(a)
	if err != nil {
		fmt.Fprintf(stderr, "muster: %s: %v\n", args[0], err)
		return 2
	}
	blank := func(p *int, sign bool) string {
		switch {
		case p == nil:
			return "____"
		case sign:
			return fmt.Sprintf("%+d", *p)
		}
		return strconv.Itoa(*p)
	}
	fmt.Fprintf(stdout, "%s: %s, %d of %d points\n", a.Name, a.Faction, c.Total, a.Limit)
	if a.Era != "" {
		fmt.Fprintf(stdout, "Era: %s\n", a.Era)
	}
	for i, u := range c.Units {
		if u.Card == nil {
			fmt.Fprintf(stdout, "\n%s: not a card Muster knows\n", check.Label(i, a.Units[i].Card))
			continue
		}
		k := u.Card
		points := "points" // the card's words, not "point(s)"; Rapport can bring a cost to 1
		if u.Each == 1 {
			points = "point"
		}
		fmt.Fprintf(stdout, "\n%s, %d %s each\n", check.Label(i, k.Name), u.Each, points)
		if k.Custom {
			fmt.Fprintf(stdout, "  %s\n", views.CustomCardNote)
		}
		fmt.Fprintf(stdout, "  Defense %s  Attack %s  Damage %s  Speed %s  Force %s\n",
			blank(k.Defense, false), blank(k.Attack, true), blank(k.Damage, false), blank(k.Speed, false), blank(k.Force, false))
		if len(k.Abilities) > 0 || len(k.ForcePowers) > 0 {
			fmt.Fprintf(stdout, "  %s\n", strings.Join(append(append([]string{}, k.Abilities...), k.ForcePowers...), "; "))
		}
		if k.Commander != nil && k.Commander.Text != "" {
			fmt.Fprintf(stdout, "  Commander effect: %s\n", k.Commander.Text)
		}
		for f := range u.Count {
			if k.Has("Hologram") {
				fmt.Fprintf(stdout, "  figure %d  a Hologram: cannot be damaged\n", f+1)
				continue
			}
			fmt.Fprintf(stdout, "  figure %d  HP %s  %s\n", f+1, blank(k.HP, false), hpTrack(k.HP))
		}
	}
	return 0
}

// hpTrack is a row of boxes to strike through as the figure takes damage.
func hpTrack(hp *int) string {
	if hp == nil || *hp <= 0 {
		return "[HP track: fill in the Hit Points]"
	}
	step := 10
	if *hp%10 != 0 {
		step = 5
	}
	n := min((*hp+step-1)/step, 60)
	return strings.Repeat("[ ]", n) + fmt.Sprintf("  (a box is %d)", step)
}

// d20OutOfBounds says, naming the flag, that its value is outside the odds' bounds (the odds
// page's), and reports whether it was.
func d20OutOfBounds(stderr io.Writer, flagName string, v int, b systems.Bound, what string) bool {
	if v >= b.Lo && v <= b.Hi {
		return false
	}
	fmt.Fprintf(stderr, "muster odds d20: --%s %d: write %d to %d (%s)\n", flagName, v, b.Lo, b.Hi, what)
	return true
}
