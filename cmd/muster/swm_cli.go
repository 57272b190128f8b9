package main

// The d20 Star Wars Miniatures system's command line: its squads for muster cost and muster
// check, `muster odds d20`, and `muster swm battle|sim`. Registered here so that no SWMB
// file has to know the system.

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"muster/rules/swm"
	"muster/rules/swm/cards"
	"muster/rules/swm/odds"
)

func init() {
	otherSystems[swm.ID] = swm.System{}
	oddsProcedures["d20"] = oddsD20
	extraCommands["swm"] = cmdSWM
}

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
	fs := flag.NewFlagSet("d20", flag.ContinueOnError)
	fs.SetOutput(stderr)
	atk := fs.Int("attack", 0, "the attacker's Attack bonus")
	def := fs.Int("defense", 0, "the target's Defense")
	dmg := fs.Int("damage", 0, "the attacker's Damage")
	cover := fs.Bool("cover", false, "the target has cover (+4 Defense)")
	combined := fs.Int("combined", 0, "allies combining fire (+4 Attack each)")
	droid := fs.Bool("droid", false, "the target is a Droid (no double damage on a natural 20)")
	reroll := fs.Bool("reroll", false, "spend a Force point to reroll a miss")
	hp := fs.Int("hp", 0, "the target's Hit Points: print the number of attacks to defeat it")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "muster odds d20: unexpected argument %q\n%s\n", fs.Arg(0), oddsD20Usage)
		return 2
	case !set["attack"] || !set["defense"]:
		fmt.Fprintf(stderr, "muster odds d20: --attack and --defense are required\n%s\n", oddsD20Usage)
		return 2
	case *combined < 0 || *combined > 50 || *hp < 0 || *hp > 100000 || *dmg < 0 || *dmg > 10000:
		fmt.Fprintf(stderr, "muster odds d20: --combined, --damage and --hp take a count from 0 (combined at most 50, damage 10000, hp 100000)\n")
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
		cum := 0.0
		for t := 1; t < len(td.P); t++ {
			cum += td.P[t]
			fmt.Fprintf(stdout, "  %3d  %8s  (by then %s)\n", t, pct(td.P[t]), pct(cum))
			if cum > 0.999 {
				break
			}
		}
	}
	return 0
}

const swmUsage = `usage:
  muster swm cards [--json]
  muster swm battle [--seed N] [--scenario open|salvage|assault] A.yaml B.yaml
  muster swm sim [--battles N] [--seed S] [--scenario open|salvage|assault] [--json] A.yaml B.yaml`

// cmdSWM is `muster swm ...`: battles of d20 squads.
func cmdSWM(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, swmUsage)
		return 2
	}
	switch args[0] {
	case "battle":
		return swmBattle(args[1:], stdout, stderr)
	case "sim":
		return swmSim(args[1:], stdout, stderr)
	case "cards":
		return swmCards(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "muster swm: unknown command %q\n%s\n", args[0], swmUsage)
	return 2
}

// swmCards lists the pack's cards: what Muster knows of each and what a player must copy
// from the physical card before a battle.
func swmCards(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cards", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the card data as JSON (null: not known)")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s\n", swmUsage)
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
