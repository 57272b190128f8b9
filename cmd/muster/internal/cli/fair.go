package cli

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/battle/fair"
)

const fairUsage = `usage: muster fair [--battles N] [--seed S] [--lists K] [--strong S] [--strong-budget B] [--step SGP]
                   [--workers W] [--json] [--limits-a LIMITS --limits-b LIMITS] SCENARIO [A.yaml B.yaml]
  "Is this fair? Uh, beats us. Try it and find out." (Chapter Ten): plays the scenario
  (a built-in one by name, or a scenario file whose sides give their "limits" and
  "troop_list") between its two sides and answers with each side's win rate, the first
  side's expected score (a win 1, a draw a half), and the handicap that evens it: the
  SGPs to add to one side's total for an even game, with its 95% interval, read off the
  expected score played at seven handicaps (SGPs added to the first side, negative to the
  second, STEP apart). With A.yaml and B.yaml those armies play (the first side's, then
  the second's); without, K random legal lists a side within its limits (a mirror's sides
  share one pool). N battles at each handicap (default 600), spread over the pairs of
  lists. --limits-a and --limits-b give the sides' force limits as limits files (muster
  check --limits takes the same), in place of the scenario's; the Troop List is then the
  limits' sides: clause, else the scenario's. --strong S (0 to K, default 0) adds S strong
  lists to each side that plays random lists: strong list i is the list optimizer's search
  (muster optimize) from random list i against the other side's random lists, within the
  side's limits, playing B battles at most (--strong-budget, default 7 x N: as many as the
  curve); each is then played like a random list, and the answer says which lists are
  strong, where each started and what it gained. The same seed gives the same answer.
  docs/fair.md says how it is worked out.`

// cmdFair answers "Is this fair?". Exit 0: answered; 1: a battle failed (a fault in
// Muster); 2: bad arguments, an unreadable scenario or army, a scenario without limits.
func cmdFair(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fair", flag.ContinueOnError)
	battles := fs.Int("battles", 600, "battles at each handicap, spread over the pairs of lists")
	seed := fs.String("seed", "1", "the master seed: the lists and every battle follow from it")
	lists := fs.Int("lists", fair.DefaultLists, "random lists a side, when no armies are given")
	strong := fs.Int("strong", 0, "strong lists a side (0 to --lists), each the optimizer's search from one of the side's random lists")
	strongBudget := fs.Int("strong-budget", 0, "the most battles each strong list's search plays (0: 7 x --battles, as many as the curve)")
	step := fs.Int("step", 0, "SGPs between the handicaps played (0: a fifth of the larger side's total)")
	workers := fs.Int("workers", 0, "goroutines playing battles (0: one per CPU; the answer does not depend on it)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	var limitsFiles [2]*string
	limitsFiles[0] = fs.String("limits-a", "", "the first side's force limits, a limits file (in place of the scenario's)")
	limitsFiles[1] = fs.String("limits-b", "", "the second side's force limits, a limits file (in place of the scenario's)")
	files, code, ok := parseFlags(fs, args, fairUsage, stdout, stderr)
	if !ok {
		return code
	}
	if len(files) != 1 && len(files) != 3 {
		fmt.Fprintf(stderr, "muster fair: name the scenario, then both armies or none (SCENARIO [A.yaml B.yaml]); %d names given (muster fair --help)\n", len(files))
		return 2
	}
	s, err := strconv.ParseUint(*seed, 10, 64)
	if err != nil {
		fmt.Fprintf(stderr, "muster fair: --seed %q: a whole number from 0 to 18446744073709551615\n", *seed)
		return 2
	}
	if *battles < 1 || *battles > fair.MaxBattles {
		fmt.Fprintf(stderr, "muster fair: --battles %d: write a number from 1 to %d\n", *battles, fair.MaxBattles)
		return 2
	}
	if *lists < 1 || *lists > 10 {
		fmt.Fprintf(stderr, "muster fair: --lists %d: write a number from 1 to 10\n", *lists)
		return 2
	}
	if *strong < 0 || *strong > *lists {
		fmt.Fprintf(stderr, "muster fair: --strong %d: write a number from 0 to %d (--lists: each strong list starts from one of a side's random lists)\n", *strong, *lists)
		return 2
	}
	if *strongBudget < 0 || *strongBudget > fair.MaxStrongBudget {
		fmt.Fprintf(stderr, "muster fair: --strong-budget %d: write a number of battles from 1 to %d, or 0 for 7 x --battles\n", *strongBudget, fair.MaxStrongBudget)
		return 2
	}
	if *step < 0 || *step > 5000 {
		fmt.Fprintf(stderr, "muster fair: --step %d: write a number of SGPs from 1 to 5000, or 0 for a fifth of the larger side's total\n", *step)
		return 2
	}
	if p := outOfRange(fs, workersBounds); p != "" {
		fmt.Fprintf(stderr, "muster fair: %s\n", p)
		return 2
	}
	field, code := fairScenario(files[0], stderr)
	if field == nil {
		return code
	}
	a, errA := fair.ScenarioSide(field, 0)
	b, errB := fair.ScenarioSide(field, 1)
	if err := cmp.Or(errA, errB); err != nil { // one line: the first side whose limits do not read
		fmt.Fprintf(stderr, "muster fair: %s: %v\n", files[0], err)
		return 2
	}
	for s, sd := range []*fair.Side{&a, &b} {
		path := *limitsFiles[s]
		if path == "" {
			continue
		}
		flagName := "--limits-" + []string{"a", "b"}[s]
		data, err := readCapped(path)
		if err != nil {
			fmt.Fprintf(stderr, "muster fair: %s: %v\n", flagName, err)
			return 2
		}
		l, err := roster.ReadLimits(data)
		if err != nil {
			fmt.Fprintf(stderr, "muster fair: %s %s: %v\n", flagName, path, err)
			return 2
		}
		sd.Limits = l
		if len(l.Sides) > 0 {
			sd.TroopList = string(l.Sides[0])
		}
	}
	if len(files) == 3 {
		for i, path := range files[1:] {
			data, err := readCapped(path)
			if err != nil {
				fmt.Fprintf(stderr, "muster fair: %v\n", err)
				return 2
			}
			army, code := parseArmy(path, data, stderr)
			if army == nil {
				return code
			}
			if i == 0 {
				a = fair.Side{Lists: []*roster.Army{army}}
			} else {
				b = fair.Side{Lists: []*roster.Army{army}}
			}
		}
	}
	rep, err := fair.Run(context.Background(), rules.Default(), field, a, b,
		fair.Options{Battles: *battles, Seed: s, Lists: *lists, Strong: *strong, StrongBudget: *strongBudget, Step: *step, Workers: *workers})
	var ie *fair.InputError
	if errors.As(err, &ie) {
		fmt.Fprintf(stderr, "muster fair: %v\n", err)
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "muster fair: %v\n", err)
		return playExit(err)
	}
	if *asJSON {
		return writeJSON(stdout, rep)
	}
	printFair(stdout, rep)
	return 0
}

// fairScenario reads SCENARIO: a scenario file when it names one (or ends in .json), else
// a built-in scenario by id or name.
func fairScenario(name string, stderr io.Writer) (*battle.Field, int) {
	return scenarioArg("fair", "SCENARIO", name, stderr)
}

// scenarioArg reads a command's scenario argument (arg names it in messages): a scenario
// file when it names one (or ends in .json), as the web's scenario designer exports, else a
// built-in scenario by id or name. A file Muster cannot play is refused in one line naming
// the field and the place.
func scenarioArg(cmd, arg, name string, stderr io.Writer) (*battle.Field, int) {
	fi, statErr := os.Stat(name)
	if statErr == nil && !fi.IsDir() || strings.HasSuffix(strings.ToLower(name), ".json") {
		data, err := readCapped(name)
		if err != nil {
			fmt.Fprintf(stderr, "muster %s: %s %v\n", cmd, arg, err)
			return nil, 2
		}
		f, err := battle.ParseScenario(data)
		if err != nil {
			fmt.Fprintf(stderr, "muster %s: %s %s is not a scenario Muster can play: %v; see docs/battle.md for the file's fields\n", cmd, arg, name, err)
			return nil, 2
		}
		return f, 0
	}
	f, err := battle.LoadScenario(name)
	if err != nil {
		fmt.Fprintf(stderr, "muster %s: %s: %v, or name a scenario file\n", cmd, arg, err)
		return nil, 2
	}
	return f, 0
}

func printFair(w io.Writer, r *fair.Report) {
	a, b := r.SideNames[0], r.SideNames[1]
	fmt.Fprintf(w, "Is this fair? %s, %d battles at each of %d handicaps, seed %d\n\n", r.ScenarioName, r.Battles, len(r.Curve), r.Seed)
	for s, ls := range [][]fair.List{r.Lists.A, r.Lists.B} {
		side := r.SideNames[s]
		switch {
		case s == 1 && r.Shared:
			fmt.Fprintf(w, "%s: the same lists (both sides have the same limits and Troop List; every pair is played both ways)\n", side)
			continue
		case r.Random[s]:
			nr, ns := 0, 0
			for _, l := range ls {
				if l.Kind == fair.KindStrong {
					ns++
				} else {
					nr++
				}
			}
			word := "lists"
			if nr == 1 {
				word = "list"
			}
			fmt.Fprintf(w, "%s: %d random legal %s within %d SGPs and the side's limits", side, nr, word, r.Limits[s])
			if ns > 0 {
				fmt.Fprintf(w, ", and %d strong (the list optimizer's search from a random list)", ns)
			}
			fmt.Fprintln(w)
		default:
			fmt.Fprintf(w, "%s:\n", side)
		}
		for _, l := range ls {
			fmt.Fprintf(w, "  %-32s %5d SGPs, %s\n", l.Name, l.SGP, unitsWords(l.Army))
			if l.Kind == fair.KindStrong {
				fmt.Fprintf(w, "    %s\n", fair.Found(r.SideNames[s], l))
			}
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "As it stands:\n")
	fmt.Fprintf(w, "  %s win %s (95%%: %s to %s)\n", a, pct(r.WinRate.A), pct(r.CI95.A[0]), pct(r.CI95.A[1]))
	fmt.Fprintf(w, "  %s win %s (95%%: %s to %s)\n", b, pct(r.WinRate.B), pct(r.CI95.B[0]), pct(r.CI95.B[1]))
	fmt.Fprintf(w, "  draws %s\n", pct(r.WinRate.Draw))
	fmt.Fprintf(w, "  %s expected score %s (95%%: %s to %s; a win 1, a draw a half)\n\n", fair.Possessive(a), pct(r.ExpectedScoreA), pct(r.ScoreCI95[0]), pct(r.ScoreCI95[1]))
	h := r.Handicap
	who := a
	if h.Side == "b" {
		who = b
	}
	switch {
	case !h.Bounded:
		fmt.Fprintf(w, "The handicap that evens it cannot be told: more points did not surely win more battles over the handicaps played (best guess: %s %.0f SGPs more). Play more battles, or a wider --step.\n\n", who, h.SGP)
	case h.CI95[0] <= 0:
		fmt.Fprintf(w, "Fair enough: no handicap is surely needed. Best guess: give %s %.0f SGPs more (95%%: %.0f to %.0f; below 0, the points go to the other side).\n\n", who, h.SGP, h.CI95[0], h.CI95[1])
	default:
		fmt.Fprintf(w, "Not fair: give %s %.0f SGPs more to make it even (95%%: %.0f to %.0f).\n\n", who, h.SGP, h.CI95[0], h.CI95[1])
	}
	if last := r.Curve[len(r.Curve)-1].HandicapSGP; h.Bounded && h.SGP > float64(last) {
		fmt.Fprintf(w, "(%.0f SGPs is beyond the handicaps played, up to %d: the curve is carried on past them; --step %d plays that far.)\n\n", h.SGP, last, int(h.SGP/3/50+1)*50)
	}
	fmt.Fprintf(w, "%s expected score by handicap (SGPs added to %s; negative: to %s):\n", fair.Possessive(a), a, b)
	for _, p := range r.Curve {
		bar := strings.Repeat("#", int(math.Round(p.ExpectedScoreA*40)))
		fmt.Fprintf(w, "  %+6d  %7s (95%%: %7s to %7s)  %-40s|\n", p.HandicapSGP, pct(p.ExpectedScoreA), pct(p.CI95[0]), pct(p.CI95[1]), bar)
	}
	fmt.Fprintf(w, "  (the bar's end at | is an expected score of 100%%; a half is 20 #)\n")
}

// unitsWords counts a list's units by kind: "5 squads, a hero, a droid".
func unitsWords(a *roster.Army) string {
	n := map[string]int{}
	for _, u := range a.Units {
		n[u.Kind]++
	}
	var parts []string
	for _, k := range roster.Kinds {
		switch c := n[k]; {
		case c == 1:
			parts = append(parts, "1 "+k)
		case c > 1:
			parts = append(parts, fmt.Sprintf("%d %s", c, plural(k)))
		}
	}
	return strings.Join(parts, ", ")
}

func plural(k string) string {
	switch k {
	case roster.KindArtillery:
		return "artillery pieces"
	case roster.KindHero:
		return "heroes"
	}
	return k + "s"
}
