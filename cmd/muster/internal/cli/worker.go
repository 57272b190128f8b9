package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"muster/cmd/muster/internal/jobs"
	"muster/rules"
)

const workerUsage = `usage: muster worker --db postgres://... [--workers N] [--rescue-after DURATION] [--migrate=false]
                     [--prune-after DURATION] [--db-conns N]
  plays matchup jobs (chunks of battles, and their merges) from the database's queue until
  stopped (SIGINT or SIGTERM: the chunks in hand are given up and played again by another
  worker). Run any number, on any machines, beside muster serve --workers 0.`

// cmdWorker works simulation jobs only. Exit 0: stopped; 1: the database failed; 2: bad
// arguments.
func cmdWorker(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("worker", flag.ContinueOnError)
	dbPath := fs.String("db", "", "the database muster serve uses (a postgres:// address; a SQLite file works for one machine)")
	workers := fs.Int("workers", runtime.NumCPU(), "matchup jobs played at once")
	rescue := fs.Duration("rescue-after", jobs.DefaultRescue, "a job running this long is taken as its worker's death and played again; matchups left with no job are looked for this often")
	migrate := fs.Bool("migrate", true, "bring the database's schema up to date at start; false: muster migrate did (this process changes no schema)")
	conns := fs.Int("db-conns", 8, "the most connections to a PostgreSQL database this process's store opens (the job queue opens its workers' number and 4 more; 2 with --workers 0)")
	prune := fs.Duration("prune-after", 0, "delete the matchup, what-if, round robin and quick-resolve jobs that ended longer ago than this, such as 720h (their progress and result pages go; saved matchups stay); 0 keeps them")
	rest, code, ok := parseFlags(fs, args, workerUsage, stdout, stderr)
	if !ok {
		return code
	}
	var bad string
	switch {
	case len(rest) != 0:
		bad = fmt.Sprintf("unexpected argument %q; every setting is given with a flag (muster worker --help)", rest[0])
	case *dbPath == "":
		bad = "--db is required: the database muster serve uses (a postgres:// address, or a SQLite file)"
	case *workers < 1:
		bad = fmt.Sprintf("--workers %d: write 1 or more matchup jobs played at once", *workers)
	case *conns < 1:
		bad = fmt.Sprintf("--db-conns %d: write 1 or more", *conns)
	case *prune < 0:
		bad = fmt.Sprintf("--prune-after %s: write 0 (keep them) or a time, such as 720h", *prune)
	case *rescue <= 0:
		bad = fmt.Sprintf("--rescue-after %s: write a time longer than zero, such as 10m", *rescue)
	default:
		bad = dbPathProblem(*dbPath)
	}
	if bad != "" {
		fmt.Fprintf(stderr, "muster worker: %s\n", bad)
		return 2
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	store, err := openStore(ctx, *dbPath, *migrate)
	if err != nil {
		fmt.Fprintf(stderr, "muster worker: %v\n", err)
		return 1
	}
	defer store.Close()
	store.SetMaxConns(*conns)
	work, err := jobs.Open(ctx, store, rules.Default(), logger, jobs.Options{Workers: *workers, RescueAfter: *rescue, NoMigrate: !*migrate, PruneAfter: *prune})
	if err != nil {
		fmt.Fprintf(stderr, "muster worker: %v\n", err)
		return 1
	}
	if err := work.Start(ctx); err != nil {
		fmt.Fprintf(stderr, "muster worker: unable to start: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "muster worker: playing matchups, %d at a time; Ctrl+C stops\n", *workers)
	<-ctx.Done()
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := work.Stop(sctx); err != nil {
		logger.Warn("worker: stopped uncleanly", "err", err)
	}
	return 0
}
