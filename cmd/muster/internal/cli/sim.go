package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"syscall"
	"time"

	"muster/cmd/muster/internal/faults"
	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/rules"
	"muster/rules/battle"
)

const simUsage = `usage: muster sim [--battles N] [--seed S] [--workers W] [--scenario NAME|FILE.json] [--json]
                  [--jobs --db DB [--chunk-size K]] A.yaml B.yaml
  plays N battles (default 1000) of army A against army B, battle i with a seed derived from
  S and i, on W workers (default: all cores; the results do not depend on it), and prints
  the odds: wins, draws, 95% intervals, SGPs lost, turns, each unit's record, and what the
  engine does not simulate. With --jobs the matchup goes through the job queue of the
  database DB (a file, or a postgres:// address) in chunks of K battles, played by W workers
  of this process and by any muster worker on it: the same odds, to the byte.`

// cmdSim plays a matchup. Exit 0: played; 1: a battle failed (a fault in Muster: the message
// names the battle and how to replay it) or the matchup did; 2: bad arguments, unreadable
// armies, or a database that cannot be used.
func cmdSim(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	battles := fs.Int("battles", 1000, "how many battles to play")
	seed := fs.String("seed", "1", "the matchup's master seed")
	workers := fs.Int("workers", 0, "goroutines playing battles (0: one per CPU)")
	scenario := fs.String("scenario", battle.DefaultScenario, "the battlefield and its rules")
	asJSON := fs.Bool("json", false, "print one JSON object")
	viaJobs := fs.Bool("jobs", false, "play through the database's job queue (needs --db)")
	dbPath := fs.String("db", "", "with --jobs: the database (a file, or a postgres:// address)")
	chunk := fs.Int("chunk-size", jobs.DefaultChunk, "with --jobs: battles per chunk job")
	files, code, ok := parseFlags(fs, args, simUsage, stdout, stderr)
	if !ok {
		return code
	}
	if len(files) != 2 {
		fmt.Fprintf(stderr, "muster sim: name two army files, A.yaml and B.yaml; %d given (muster sim --help)\n", len(files))
		return 2
	}
	s, err := strconv.ParseUint(*seed, 10, 64)
	if err != nil {
		fmt.Fprintf(stderr, "muster sim: --seed %q: a whole number from 0 to 18446744073709551615\n", *seed)
		return 2
	}
	if *viaJobs && (*dbPath == "" || *chunk < 1) {
		fmt.Fprintln(stderr, "muster sim: --jobs needs --db DB, and --chunk-size 1 or more")
		return 2
	}
	if !*viaJobs && *dbPath != "" {
		fmt.Fprintln(stderr, "muster sim: --db is for --jobs (play through the database's job queue); add --jobs, or leave --db out")
		return 2
	}
	if p := dbPathProblem(*dbPath); *viaJobs && p != "" {
		fmt.Fprintf(stderr, "muster sim: %s\n", p)
		return 2
	}
	if p := outOfRange(fs, flagBounds{"battles", 1, battle.MaxBattles, "how many battles to play"}, workersBounds); p != "" {
		fmt.Fprintf(stderr, "muster sim: %s\n", p)
		return 2
	}
	m, code := battleSetup("sim", *scenario, files[0], files[1], stderr)
	if m == nil {
		return code
	}
	var sum *battle.Summary
	if *viaJobs {
		sum, err = simViaJobs(*dbPath, *scenario, files, m.files, *battles, s, *workers, *chunk, stderr)
	} else {
		sum, err = battle.Simulate(context.Background(), m.field, m.forces[0], m.forces[1],
			battle.SimOptions{Battles: *battles, Seed: s, Workers: *workers, BeforeBattle: faults.BeforeBattle})
	}
	if err != nil {
		fmt.Fprintf(stderr, "muster sim: %v\n", err)
		return playExit(err)
	}
	if *asJSON {
		return writeJSON(stdout, sum)
	}
	printSim(stdout, sum)
	return 0
}

func printSim(w io.Writer, s *battle.Summary) {
	fmt.Fprintf(w, "%d battles on %s, seed %d\n\n", s.Battles, s.ScenarioName, s.Seed)
	side := func(label string, x battle.SideSummary) {
		fmt.Fprintf(w, "%-3s %-34s wins %6d  %6s  (95%%: %s to %s)   SGPs lost: mean %.0f, p10 %.0f, p50 %.0f, p90 %.0f\n",
			label, x.Name, x.Wins, pct(x.WinRate), pct(x.CI95[0]), pct(x.CI95[1]), x.SGPLost.Mean, x.SGPLost.P10, x.SGPLost.P50, x.SGPLost.P90)
	}
	side("A", s.A)
	side("B", s.B)
	fmt.Fprintf(w, "    %-34s       %6d  %6s  (95%%: %s to %s)\n", "draws", s.Draws, pct(s.DrawRate), pct(s.DrawCI[0]), pct(s.DrawCI[1]))
	fmt.Fprintf(w, "\nExpected score (a win 1, a draw a half): A %s (95%%: %s to %s), B %s (95%%: %s to %s)\n",
		pct(s.A.Score), pct(s.A.ScoreCI95[0]), pct(s.A.ScoreCI95[1]), pct(s.B.Score), pct(s.B.ScoreCI95[0]), pct(s.B.ScoreCI95[1]))
	fmt.Fprintf(w, "\nTurns: mean %.1f, p10 %.0f, p50 %.0f, p90 %.0f\n\n", s.Turns.Mean, s.Turns.P10, s.Turns.P50, s.Turns.P90)
	fmt.Fprintf(w, "%-5s %-32s %6s %9s %22s\n", "army", "unit", "SGPs", "survives", "enemy SGPs per SGP")
	for _, u := range s.Units {
		fmt.Fprintf(w, "%-5s %-32s %6d %9s %22.2f\n", u.Army, u.Name, u.SGP, pct(u.SurvivalRate), u.SGPDestroyedPerSGP)
	}
	fmt.Fprintf(w, "\nNot simulated:\n")
	for _, n := range s.NotSimulated {
		fmt.Fprintf(w, "  - %s\n", n)
	}
}

// errMatchupFailed is a matchup played as jobs that ended failed (its message says why).
var errMatchupFailed = errors.New("the matchup failed")

// simViaJobs plays a matchup through the job queue of a database, with workers of this
// process (and any others working the same database), and reads back its saved result.
func simViaJobs(dbPath, scenario string, paths []string, files [2][]byte, battles int, seed uint64, workers, chunk int, stderr io.Writer) (*battle.Summary, error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	store, err := db.Open(ctx, dbPath)
	if err != nil {
		return nil, dbProblem(dbPath, err)
	}
	defer store.Close()
	if workers == 0 {
		workers = runtime.NumCPU()
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn, ReplaceAttr: dropStack}))
	work, err := jobs.Open(ctx, store, rules.Default(), logger, jobs.Options{Workers: workers, ChunkSize: chunk, PollEvery: 200 * time.Millisecond,
		NoSweep: true})
	if err != nil {
		return nil, err
	}
	if err := work.Start(ctx); err != nil {
		return nil, err
	}
	defer func() {
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = work.Stop(sctx)
	}()
	req := jobs.MatchupRequest{Scenario: scenario, Seed: seed, Battles: battles, ChunkSize: chunk, Armies: files,
		Ask: db.Sim{ArmyA: paths[0], ArmyB: paths[1]}, ResultBase: "/sims/"}
	m, err := work.Submit(ctx, "", "muster sim --jobs", req)
	if err != nil {
		return nil, err
	}
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-tick.C:
		}
		m, err = store.MatchupForWork(ctx, m.ID)
		if err != nil {
			return nil, err
		}
		switch m.Status {
		case db.MatchupFailed:
			return nil, fmt.Errorf("%w: %s", errMatchupFailed, m.Error)
		case db.MatchupCancelled:
			return nil, errors.New("the matchup was cancelled")
		case db.MatchupDone:
			// Its chunks went into the saved result (and are gone): the summary is read back.
			res, err := store.MatchupResult(ctx, m)
			if err != nil {
				return nil, err
			}
			return jobs.SummaryOf(res)
		}
	}
}
