package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"muster/cmd/muster/internal/faults"
	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/battle/optimize"
	"muster/rules/battle/whatif"
)

const optimizeUsage = `usage: muster optimize [--battles N] [--seed S] [--budget B] [--time D] [--limits L] [--scenario NAME|FILE.json]
                       [--weights W1,W2,...] [--workers W] [--json] ARMY.yaml OPPONENT.yaml [OPPONENT.yaml ...]
  searches the legal lists within ARMY's limit (and the gamemaster's force limits, --limits
  or the army's limits: block) for the one with the best expected score (a win 1, a draw a
  half) against the opponents, averaged with their weights (--weights, one a file; default
  all 1). From ARMY's list, it tries single changes (drop, add or replace a unit, a squad's
  size, quality, training, weapons, armor, equipment, specialists and commander, a hero's
  skills and powers), each on the same battles as the current list, up to N against each
  opponent, looked at five times: a change clearly worse, or at best less than a point
  better, stops early, and a change is taken only when its repeated 95% interval is above
  zero. At a list no change improves it
  restarts from random changes of the best. It stops when B battles are played (the final
  measure included), or when --time has passed (then the answer depends on the machine),
  and prints the changes taken, each with its gain, then the final list; the start and the
  final list are measured again on fresh seeds. The same seed and budget give the same
  answer.
  Without a limit: in ARMY's file, a list may cost at most what ARMY costs now.`

// cmdOptimize runs the list optimizer. Exit 0: searched; 1: a battle failed (a fault in
// Muster); 2: bad arguments, unreadable armies, or an ARMY that does not pass muster check.
func cmdOptimize(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("optimize", flag.ContinueOnError)
	battles := fs.Int("battles", optimize.DefaultBattles, "the most battles a change plays against each opponent")
	seed := fs.String("seed", "1", "the master seed: the same seed and budget give the same answer")
	budget := fs.Int("budget", 50000, "the most battles the search plays, all opponents and the final measure included")
	limitTime := fs.Duration("time", 0, "stop searching after this long, such as 60s (the final measure follows); 0: the budget alone; given alone, the budget is 100000000")
	limitsPath := fs.String("limits", "", "keep to a gamemaster's limits `file` (replaces the army's limits: block)")
	scenario := fs.String("scenario", battle.DefaultScenario, "the battlefield and its rules")
	weights := fs.String("weights", "", "each opponent's weight, in the order of the files, as 1,2,1 (default: all 1)")
	workers := fs.Int("workers", 0, "goroutines playing battles (0: one per CPU; the answer does not depend on it)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	files, code, ok := parseFlags(fs, args, optimizeUsage, stdout, stderr)
	if !ok {
		return code
	}
	if len(files) < 2 {
		fmt.Fprintf(stderr, "muster optimize: name the army to improve and at least one opponent's army file; %d given (muster optimize --help)\n", len(files))
		return 2
	}
	s, err := strconv.ParseUint(*seed, 10, 64)
	if err != nil {
		fmt.Fprintf(stderr, "muster optimize: --seed %q: a whole number from 0 to 18446744073709551615\n", *seed)
		return 2
	}
	budgetSet := false
	fs.Visit(func(f *flag.Flag) { budgetSet = budgetSet || f.Name == "budget" })
	if *limitTime < 0 {
		fmt.Fprintf(stderr, "muster optimize: --time %v: write a duration of 0 or more, such as 60s\n", *limitTime)
		return 2
	}
	if *limitTime > 0 && !budgetSet {
		*budget = 100_000_000
	}
	if p := outOfRange(fs, flagBounds{"battles", 2, 100000, "battles a change plays against each opponent"},
		flagBounds{"budget", 1, 100_000_000, "battles the search plays in all"}, workersBounds); p != "" {
		fmt.Fprintf(stderr, "muster optimize: %s\n", p)
		return 2
	}
	opps := files[1:]
	ws, msg := parseWeights(*weights, len(opps))
	if msg != "" {
		fmt.Fprintf(stderr, "muster optimize: --weights %q: %s\n", *weights, msg)
		return 2
	}
	if need := 4 * *battles * len(opps); *budget < need {
		fmt.Fprintf(stderr, "muster optimize: --budget %d: write at least %d (4 rounds of %d battles against %d opponents), or fewer --battles\n",
			*budget, need, *battles, len(opps))
		return 2
	}
	limits, code := readLimitsFile(*limitsPath, stderr)
	if code != 0 {
		return code
	}
	field, code := scenarioArg("optimize", "--scenario", *scenario, stderr)
	if field == nil {
		return code
	}
	var armies []*roster.Army
	for _, path := range files {
		data, err := readCapped(path)
		if err != nil {
			fmt.Fprintf(stderr, "muster: %v\n", err)
			return 2
		}
		army, code := parseArmy(path, data, stderr)
		if army == nil {
			return code
		}
		armies = append(armies, army)
	}
	field2 := make([]optimize.Opponent, len(opps))
	for k := range opps {
		field2[k] = optimize.Opponent{Army: armies[k+1], Weight: ws[k]}
	}
	ctx := context.Background()
	if *limitTime > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *limitTime)
		defer cancel()
	}
	res, err := optimize.Run(ctx, rules.Default(), field, armies[0], field2,
		optimize.Options{Battles: *battles, Seed: s, Budget: *budget, Limits: limits, Workers: *workers, BeforeBattle: faults.BeforeBattle})
	var nl *whatif.NotLegalError
	var oe *optimize.OpponentError
	switch {
	case errors.As(err, &nl):
		fmt.Fprintf(stderr, "muster optimize: %s: %v\n", files[0], err)
		return 2
	case errors.As(err, &oe):
		fmt.Fprintf(stderr, "muster optimize: %s: %v\n", opps[oe.Index], oe.Err)
		return 2
	case err != nil && strings.HasPrefix(err.Error(), "the army cannot take the field"):
		fmt.Fprintf(stderr, "muster optimize: %s: %v\n", files[0], err)
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "muster optimize: %v\n", err)
		return playExit(err)
	}
	if *asJSON {
		return writeJSON(stdout, res)
	}
	names := make([]string, len(opps))
	for k := range opps {
		names[k] = armies[k+1].Name
		if ws[k] != 1 {
			names[k] += fmt.Sprintf(" (weight %g)", ws[k])
		}
	}
	a := armies[0]
	printOptimize(stdout, a.Name, names, field.Scenario.Name, *budget, s, a.Limit == 0 && (limits == nil || limits.Total == 0) && (a.Limits == nil || a.Limits.Total == 0), res)
	if len(res.Steps) > 0 {
		printListDiff(stdout, a, res.Army)
	}
	return 0
}

// printListDiff says unit by unit how the final list differs from the start, then prints it
// as an army file.
func printListDiff(w io.Writer, start, final *roster.Army) {
	fmt.Fprintln(w, "\nFrom the list as it was:")
	for _, d := range roster.Diff(start, final) {
		switch {
		case d.B < 0:
			fmt.Fprintf(w, "  - dropped: %s\n", start.Units[d.A].ShownName(d.A))
		case d.A < 0:
			fmt.Fprintf(w, "  - added: %s\n", final.Units[d.B].ShownName(d.B))
		case len(d.Changes) > 0:
			fmt.Fprintf(w, "  - %s: %s\n", final.Units[d.B].ShownName(d.B), strings.Join(d.Changes, "; "))
		}
	}
	y, err := final.YAML()
	if err != nil {
		return
	}
	fmt.Fprintf(w, "\nThe final list (save it as an army file):\n\n%s", y)
}

// parseWeights reads --weights: n numbers above 0, separated by commas; empty means all 1.
// A message says what is wrong.
func parseWeights(s string, n int) ([]float64, string) {
	ws := make([]float64, n)
	if strings.TrimSpace(s) == "" {
		for k := range ws {
			ws[k] = 1
		}
		return ws, ""
	}
	parts := strings.Split(s, ",")
	if len(parts) != n {
		return nil, fmt.Sprintf("write one weight for each of the %d opponents, separated by commas (as %s)", n, strings.TrimSuffix(strings.Repeat("1,", n), ","))
	}
	for k, p := range parts {
		w, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || !(w > 0 && w <= 1000) {
			return nil, fmt.Sprintf("weight %d, %q: write a number above 0 and at most 1000 (leave out an opponent that should not count)", k+1, strings.TrimSpace(p))
		}
		ws[k] = w
	}
	return ws, ""
}

func printOptimize(w io.Writer, army string, opps []string, scenario string, budget int, seed uint64, noLimit bool, r *optimize.Result) {
	fmt.Fprintf(w, "The best list for %s against %s on %s\n", army, strings.Join(opps, ", "), scenario)
	fmt.Fprintf(w, "up to %d battles against each opponent for each change, budget %d battles, master seed %d; limit %d SGPs\n",
		r.Trials, budget, seed, r.Limit)
	if noLimit {
		fmt.Fprintln(w, "(the file has no limit:, so a list may cost no more than the army does now; write one to let changes spend more)")
	}
	fmt.Fprintf(w, "\nAs it is: %d SGPs, expected score %s (95%%: %s to %s)\n\n", r.Start.Total, pct(r.Start.Score), pct(r.Start.CI95[0]), pct(r.Start.CI95[1]))
	if len(r.Steps) == 0 {
		fmt.Fprintln(w, "No change was surely better: the list stays as it is.")
	} else {
		fmt.Fprintln(w, "Changes taken, in order (each against the list before it, on the same battles):")
		for i, s := range r.Steps {
			fmt.Fprintf(w, "%2d. %s\n    %d SGPs; expected score %s; %s\n", i+1, s.Change, s.Total, pct(s.Score), whatif.Words(s.Delta, s.DeltaCI))
			if len(s.Effects) > 0 {
				fmt.Fprintf(w, "    In the battles: %s.\n", strings.Join(s.Effects, "; "))
			}
		}
		fmt.Fprintf(w, "\nThe final list: %d SGPs, expected score %s (95%%: %s to %s) on fresh seeds; against the start on the same: %s\n",
			r.Total, pct(r.Score), pct(r.CI95[0]), pct(r.CI95[1]), whatif.Words(r.Delta, r.DeltaCI))
	}
	why := map[string]string{"budget": "the budget was spent", "deadline": "time ran out", "done": "no change or restart was left to try"}[r.Stopped]
	fmt.Fprintf(w, "%d changes judged in %d battles; the search stopped because %s.\n", r.Tried, r.Battles, why)
	fmt.Fprintln(w, "Scores: a win 1, a draw a half, each opponent's by its weight. A change's interval is a repeated 95% interval over five looks.")
}
