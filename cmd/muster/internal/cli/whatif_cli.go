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
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/battle/whatif"
)

const whatifUsage = `usage: muster whatif [--battles N] [--seed S] [--max-variants K] [--workers W] [--scenario NAME|FILE.json] [--json] A.yaml B.yaml
  proposes up to K changes to army A that keep it legal (muster check) and within its limit
  (drop a unit, swap a weapon or armor its Troop List allows, one more level of a skill,
  one soldier more or less, a second unit like one it has), plays army A and every variant
  up to N battles (default 1000) against army B with the same battle seeds, and ranks the
  changes by the change in A's expected score (a win 1, a draw a half) with a paired
  interval, best first. A change that frees points comes again with the points spent.
  The battles are looked at five times: a change whose difference is settled stops there.
  An army that breaks its rules gets the changes that make it legal.
  Without a limit: in A's file, a variant may cost at most what A costs now.`

// cmdWhatif runs a what-if. Exit 0: played; 1: a battle failed (a fault in Muster: the
// message names it); 2: bad arguments, unreadable armies, or an army A that does not pass
// muster check.
func cmdWhatif(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("whatif", flag.ContinueOnError)
	battles := fs.Int("battles", 1000, "battles for army A and for each variant")
	seed := fs.String("seed", "1", "the master seed: battle i of every army has the same seed")
	maxV := fs.Int("max-variants", whatif.DefaultVariants, "how many variants to play at most")
	workers := fs.Int("workers", 0, "goroutines playing battles (0: one per CPU; the results do not depend on it)")
	scenario := fs.String("scenario", battle.DefaultScenario, "the battlefield and its rules")
	asJSON := fs.Bool("json", false, "print one JSON object")
	files, code, ok := parseFlags(fs, args, whatifUsage, stdout, stderr)
	if !ok {
		return code
	}
	if len(files) != 2 {
		fmt.Fprintf(stderr, "muster whatif: name two army files, A.yaml (the one to change) and B.yaml; %d given (muster whatif --help)\n", len(files))
		return 2
	}
	s, err := strconv.ParseUint(*seed, 10, 64)
	if err != nil {
		fmt.Fprintf(stderr, "muster whatif: --seed %q: a whole number from 0 to 18446744073709551615\n", *seed)
		return 2
	}
	if *battles < 1 || *battles > battle.MaxBattles {
		fmt.Fprintf(stderr, "muster whatif: --battles %d: write a number from 1 to %d\n", *battles, battle.MaxBattles)
		return 2
	}
	if *maxV < 1 || *maxV > 100 {
		fmt.Fprintf(stderr, "muster whatif: --max-variants %d: write a number from 1 to 100\n", *maxV)
		return 2
	}
	if p := outOfRange(fs, workersBounds); p != "" {
		fmt.Fprintf(stderr, "muster whatif: %s\n", p)
		return 2
	}
	m, code := battleSetup("whatif", *scenario, files[0], files[1], stderr)
	if m == nil {
		return code
	}
	rep, err := whatif.Run(context.Background(), rules.Default(), m.field, m.armies[0], m.forces[1],
		whatif.Options{Battles: *battles, Seed: s, MaxVariants: *maxV, Workers: *workers, BeforeBattle: faults.BeforeBattle})
	var nl *whatif.NotLegalError
	if errors.As(err, &nl) {
		fmt.Fprintf(stderr, "muster whatif: %s: %v\n", files[0], err)
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "muster whatif: %v\n", err)
		return playExit(err)
	}
	if *asJSON {
		return writeJSON(stdout, rep)
	}
	armyA := m.armies[0]
	printWhatif(stdout, armyA.Name, m.forces[1].Name, m.field.Scenario.Name, armyA.Limit == 0 && (armyA.Limits == nil || armyA.Limits.Total == 0), rep)
	return 0
}

func printWhatif(w io.Writer, a, b, scenario string, noLimit bool, r *whatif.Report) {
	fmt.Fprintf(w, "What to change in %s against %s on %s\n", a, b, scenario)
	fmt.Fprintf(w, "up to %d battles for the army and for each change, the same seeds (master seed %d); limit %d SGPs, the army costs %d\n",
		r.Battles, r.Seed, r.Limit, r.Total)
	if noLimit {
		fmt.Fprintln(w, "(the file has no limit:, so a change may cost no more than the army does now; write one to let changes spend more)")
	}
	if !r.Legal {
		fmt.Fprintln(w, "The army breaks its rules (muster check): the changes below each make it legal.")
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "As it is: expected score %s (95%%: %s to %s), wins %s\n\n", pct(r.Base.Score), pct(r.Base.ScoreCI95[0]), pct(r.Base.ScoreCI95[1]), pct(r.Base.WinRate))
	if len(r.Variants) == 0 {
		fmt.Fprintln(w, "No change keeps the army legal and within its limit.")
		return
	}
	for i, v := range r.Variants {
		fmt.Fprintf(w, "%2d. %s\n    %d SGPs; expected score %s, wins %s; %s%s\n", i+1, v.Change, v.Total, pct(v.Score), pct(v.WinRate),
			whatif.Words(v.Delta, v.DeltaCI), settledNote(v))
		if len(v.Effects) > 0 {
			fmt.Fprintf(w, "    In the battles: %s.\n", strings.Join(v.Effects, "; "))
		}
	}
	fmt.Fprintf(w, "\nScores: a win 1, a draw a half. The intervals are repeated 95%% intervals over %d looks: a change settled at a look (surely better, surely worse, or too small to matter: within %.0f points of none) stops there.\n", whatif.Looks, 100*whatif.Margin)
}

// settledNote says a change stopped early, and after how many battles.
func settledNote(v whatif.Ranked) string {
	if !v.Settled {
		return ""
	}
	return fmt.Sprintf(" (settled after %d battles)", v.Battles)
}
