package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"golang.org/x/net/netutil"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/web"
	"muster/db"
	"muster/rules"
)

const serveUsage = `usage: muster serve [--addr 127.0.0.1:8080] [--db muster.db|postgres://...] [--workers N]
                    [--require-login] [--signup open|invite|closed] [--secure-cookies] [--migrate=false]
                    [--prune-after DURATION] [--db-conns N] [--trusted-proxy ADDRESS[,ADDRESS...]]
                    [--max-requests N]`

// cmdServe runs the web app until SIGINT or SIGTERM, then shuts down gracefully.
func cmdServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	dbPath := fs.String("db", "muster.db", "SQLite database file, or a postgres:// address (created, and migrated, if needed)")
	workers := fs.Int("workers", jobs.DefaultWorkers(), "matchup jobs this process plays at once (0: it serves pages only, and muster worker processes play)")
	requireLogin := fs.Bool("require-login", false, "every page but sign-in, sign-up, share links and game links needs an account")
	signup := fs.String("signup", web.SignupOpen, "who may sign up: open, invite (links an admin makes) or closed")
	secure := fs.Bool("secure-cookies", false, "the instance is served over HTTPS (behind TLS): cookies only over HTTPS, and Strict-Transport-Security")
	migrate := fs.Bool("migrate", true, "bring the database's schema up to date at start; false: muster migrate did (this process changes no schema)")
	conns := fs.Int("db-conns", 8, "the most connections to a PostgreSQL database this process's store opens (the job queue opens its workers' number and 4 more; 2 with --workers 0)")
	prune := fs.Duration("prune-after", 0, "delete the matchup, what-if, round robin and quick-resolve jobs that ended longer ago than this, such as 720h (their progress and result pages go; saved matchups stay); 0 keeps them")
	trusted := fs.String("trusted-proxy", "", "the proxy in front of Muster (addresses or ranges, comma-separated, such as 127.0.0.1): only its X-Forwarded-For is believed")
	maxRequests := fs.Int("max-requests", 0, "requests served at once, the rest waiting a moment then answered 503 (0: 4 a core)")
	rest, code, ok := parseFlags(fs, args, serveUsage, stdout, stderr)
	if !ok {
		return code
	}
	var bad string
	if len(rest) != 0 {
		bad = fmt.Sprintf("unexpected argument %q; every setting is given with a flag (muster serve --help)", rest[0])
	} else if bad = outOfRange(fs, flagBounds{"workers", 0, math.MaxInt32, "matchup jobs played at once; 0 serves pages only"}); bad != "" {
	} else if *conns < 1 {
		bad = fmt.Sprintf("--db-conns %d: write 1 or more", *conns)
	} else if *prune < 0 {
		bad = fmt.Sprintf("--prune-after %s: write 0 (keep them) or a time, such as 720h", *prune)
	} else if bad = outOfRange(fs, flagBounds{"max-requests", 0, 100000, "requests served at once; 0: 4 a core"}); bad != "" {
	} else if *signup != web.SignupOpen && *signup != web.SignupInvite && *signup != web.SignupClosed {
		bad = fmt.Sprintf("--signup %q: write open, invite or closed", *signup)
	} else if _, _, err := net.SplitHostPort(*addr); err != nil {
		bad = fmt.Sprintf("--addr %q: write a host and port, such as 127.0.0.1:8080 or :8080", *addr)
	} else {
		bad = dbPathProblem(*dbPath)
	}
	if bad != "" {
		fmt.Fprintf(stderr, "muster serve: %s\n", bad)
		return 2
	}
	proxies, err := web.ParseTrustedProxies(*trusted)
	if err != nil {
		fmt.Fprintf(stderr, "muster serve: --trusted-proxy: %s\n", err)
		return 2
	}
	cfg := web.Config{RequireLogin: *requireLogin, Signup: *signup, SecureCookie: *secure, TrustedProxies: proxies, MaxRequests: *maxRequests}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, *addr, *dbPath, cfg, logger, func(a net.Addr) {
		fmt.Fprintf(stdout, "Muster is listening on http://%s/ (database %s); Ctrl+C stops it\n", a, *dbPath)
	}, jobs.Options{Workers: *workers, NoMigrate: !*migrate, PruneAfter: *prune, DBConns: *conns}); err != nil {
		var se startError
		if errors.As(err, &se) {
			fmt.Fprintf(stderr, "muster serve: %s\n", se.msg)
			return 1
		}
		logger.Error("serve: stopped", "err", err)
		return 1
	}
	return 0
}

// startError is why Muster could not start serving, in words for the one who started it
// (printed as a line, not logged).
type startError struct{ msg string }

func (e startError) Error() string { return e.msg }

// listenProblem says why addr cannot be listened on, with what to do.
func listenProblem(addr string, err error) startError {
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return startError{fmt.Sprintf("cannot listen on %s: another program (perhaps another Muster) is using that port; stop it, or choose another port with --addr", addr)}
	case errors.Is(err, syscall.EACCES):
		return startError{fmt.Sprintf("cannot listen on %s: this user may not use that port (ports below 1024 need an administrator); choose another with --addr, such as 127.0.0.1:8080", addr)}
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return startError{fmt.Sprintf("cannot listen on %s: this machine has no such address; use 127.0.0.1 (this machine only) or 0.0.0.0 (every network) with --addr", addr)}
	}
	return startError{fmt.Sprintf("cannot listen on %s (%v); choose another address with --addr", addr, err)}
}

// maxConnections bounds the connections a server holds open: far more than the players a
// machine serves at once keep (a browser keeps one to six; a TLS proxy in front pools them),
// and at about 20 KB each, under 100 MB.
const maxConnections = 4096

// serve opens the store, listens on addr and serves until ctx is done; then it stops
// accepting connections, ends progress streams with a "restart" event, and lets requests in
// flight finish (up to shutdownWait). It plays matchup
// jobs as jobOpt says (none given: defaultWorkers at once).
func serve(ctx context.Context, addr, dbPath string, cfg web.Config, logger *slog.Logger, listening func(net.Addr), jobOpt ...jobs.Options) error {
	opt := jobs.Options{Workers: jobs.DefaultWorkers()}
	if len(jobOpt) > 0 {
		opt = jobOpt[0]
	}
	store, err := openStore(ctx, dbPath, !opt.NoMigrate)
	if err != nil {
		return err
	}
	defer store.Close()
	store.SetMaxConns(opt.DBConns)
	// Closed as the shutdown begins: progress streams end at once (web.Config.Closing).
	closing := make(chan struct{})
	cfg.Closing = closing

	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return listenProblem(addr, err)
	}
	// At most maxConnections open at once: beyond them a connection waits in the kernel's
	// queue, taking none of Muster's memory, until one closes (issue 30: with nothing
	// refused, 20,000 connections of an overload took 800 MB).
	ln = netutil.LimitListener(ln, maxConnections)
	work, err := jobs.Open(ctx, store, rules.Default(), logger, opt)
	if errors.Is(err, jobs.ErrJobTablesBehind) {
		return startError{err.Error()}
	}
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	cfg.Stopping = ctx.Done() // the editor's drafts kept in memory are written then
	e := web.New(store, rules.Default(), logger, cfg, work)
	if err := work.Start(ctx); err != nil {
		return fmt.Errorf("serve: unable to start the matchup workers: %w", err)
	}
	srv := &http.Server{
		Handler:           e,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	if listening != nil {
		listening(ln.Addr())
	}
	logger.Info("serve: listening", "addr", ln.Addr().String(), "db", dbPath)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	go sweepSessions(ctx, store, logger)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	logger.Info("serve: shutting down")
	close(closing)
	sctx, cancel := context.WithTimeout(context.Background(), shutdownWait)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		// A request still in flight after the wait is cut: its page is asked again.
		logger.Warn("serve: requests still in flight were cut", "err", err)
		_ = srv.Close()
	}
	// Chunks in hand are given up (their battles stop), to be played again by the next
	// worker (this one, after a restart): jobs waiting or playing resume where they were.
	wctx, wcancel := context.WithTimeout(context.Background(), time.Second)
	defer wcancel()
	if err := work.Stop(wctx); err != nil {
		logger.Warn("serve: matchup workers stopped uncleanly; their parts are played again after --rescue-after", "err", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	logger.Info("serve: stopped")
	return nil
}

// shutdownWait is how long requests in flight are given to finish when the server stops
// (progress streams end at once).
const shutdownWait = 5 * time.Second

// sweepSessions deletes expired sessions once an hour until ctx is done.
func sweepSessions(ctx context.Context, store *db.Store, logger *slog.Logger) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if err := store.Sessions().DeleteExpired(ctx); err != nil && ctx.Err() == nil {
			logger.Warn("serve: expired sessions not deleted", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
