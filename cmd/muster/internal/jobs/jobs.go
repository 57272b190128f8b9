package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"muster/costing"
	"muster/db"
	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/battle/muster"
)

// Matchups as jobs (River, in the store's database: riversqlite on SQLite's one writer
// connection, riverpgxv5 on PostgreSQL). A matchup of N battles is split by battle index
// into chunks (battle.Split), each chunk a job; a chunk's result is saved once by its first
// battle (db.SaveChunk), and when every chunk is saved a merge job sums them up
// (battle.Merge, exactly the unsplit summary) and saves the result. Whatever process, and
// however often a chunk is played, the result is the same.
//
// Fair between owners: each owner has at most one matchup queued or playing, and the guests
// of one address a bound of battles together (db.Bounds, checked as it is queued); each
// matchup has at most `window` chunk jobs in the shared queue at a time (a chunk that
// finishes queues the next at the back), so matchups take turns chunk by chunk instead of
// the first asked taking every worker until it ends; a matchup alone uses up to `window`
// workers. A matchup's first chunk goes before every other's later chunks (River's
// priority), so a newcomer starts at the next free worker. What-ifs, round robins and the
// quick-resolves are matchup rows of other kinds in the same queue (kinds.go).
//
// Restarts lose nothing: the jobs are rows; a chunk whose worker died is rescued by River
// after Options.RescueAfter and played again, and its result, saved once, is the same.

const (
	simQueue      = "sims"
	KindSimChunk  = "muster_sim_chunk"
	kindSimMerge  = "muster_sim_merge"
	DefaultChunk  = 500 // about 0.15 s of one core on the reference matchup: cancels and progress stay prompt
	defaultWindow = 16
	DefaultRescue = time.Minute
	// defaultAttempts: a chunk that fails this often (about a minute and a half of tries)
	// fails for a reason playing it again will not mend.
	defaultAttempts = 25
	pgPoolOverhead  = 4 // River's leader, listener and maintenance connections, beside one per worker
)

// Options says how a process takes part in the job system.
type Options struct {
	Workers     int           // chunk and merge jobs worked at once by this process; 0: it only asks
	ChunkSize   int           // battles per chunk job (0: DefaultChunk)
	Window      int           // chunk jobs of one matchup waiting at a time (0: defaultWindow)
	RescueAfter time.Duration // a job running this long is taken as its worker's death and played again
	MaxAttempts int           // tries of a job before its matchup is given up as failed (0: defaultAttempts)
	// play plays a chunk (nil: battle.PlayChunk); tests make it fail.
	Play      func(ctx context.Context, field *battle.Field, a, b *battle.Force, opt battle.ChunkOptions) (*battle.Chunk, error)
	PollEvery time.Duration // how often a worker looks for jobs without being told (0: River's default)
	// noSweep: this process's workers do not sweep for matchups nothing is playing
	// (jobs_sweep.go); muster sim --jobs, which stops as soon as its matchup ends, leaves
	// it to the long-running workers.
	NoSweep bool
	// NoMigrate: the job tables are brought up to date by `muster migrate`, not by this
	// process, which only checks them (its database user needs no right to change them).
	NoMigrate bool
	// PruneAfter: the leader's sweep deletes the job rows that ended longer ago than this
	// (db.PruneMatchups); 0 keeps them for ever.
	PruneAfter time.Duration
	// DBConns is the store's connections to PostgreSQL (serve's --db-conns; 0: the store's 8).
	DBConns int
}

// Jobs is a process's handle on the job system.
type Jobs struct {
	store  *db.Store
	cat    *rules.Catalog
	log    *slog.Logger
	opt    Options
	client jobClient
	forces forceCache
}

// Plays reports whether this process plays battles itself: a server started with
// --workers 0 serves pages and queues matchups for other processes, and refuses the
// what-ifs and round robins it would otherwise play in the request.
func (j *Jobs) Plays() bool { return j != nil && j.opt.Workers > 0 }

// jobClient is what Muster uses of River's client, whatever the driver's transaction type.
type jobClient interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
	// InsertManyTx queues jobs in a transaction of the store's.
	InsertManyTx(ctx context.Context, tx db.JobTx, params []river.InsertManyParams) error
	// JobList lists jobs, as River's client does.
	JobList(ctx context.Context, params *river.JobListParams) (*river.JobListResult, error)
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
}

type riverClient[TTx any] struct {
	c     *river.Client[TTx]
	close func()
	// inTx calls f with a store transaction as the driver takes it.
	inTx func(tx db.JobTx, f func(TTx) error) error
}

func (r riverClient[TTx]) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	_, err := r.c.Insert(ctx, args, opts)
	return err
}

func (r riverClient[TTx]) InsertManyTx(ctx context.Context, tx db.JobTx, params []river.InsertManyParams) error {
	return r.inTx(tx, func(t TTx) error {
		_, err := r.c.InsertManyTx(ctx, t, params)
		return err
	})
}

func (r riverClient[TTx]) JobList(ctx context.Context, params *river.JobListParams) (*river.JobListResult, error) {
	return r.c.JobList(ctx, params)
}

func (r riverClient[TTx]) Start(ctx context.Context) error { return r.c.Start(ctx) }

// Stop stops working: jobs in hand are cancelled (their context), and so played again by
// whoever works next; then the process's own pool closes.
func (r riverClient[TTx]) Stop(ctx context.Context) error {
	err := r.c.StopAndCancel(ctx)
	if r.close != nil {
		r.close()
	}
	return err
}

// connTx is a store transaction on PostgreSQL as River's pgx driver takes it (db.JobTx):
// statements on the connection the transaction holds, which the store commits or rolls
// back. River's inserts use no more of it.
type connTx struct{ c *pgx.Conn }

var errNoNesting = errors.New("jobs: a transaction within the store's is not supported")

func (t connTx) Begin(context.Context) (pgx.Tx, error) { return nil, errNoNesting }
func (t connTx) Commit(context.Context) error          { return nil }
func (t connTx) Rollback(context.Context) error        { return nil }
func (t connTx) LargeObjects() pgx.LargeObjects        { return pgx.LargeObjects{} }
func (t connTx) Conn() *pgx.Conn                       { return t.c }

func (t connTx) CopyFrom(ctx context.Context, table pgx.Identifier, columns []string, rows pgx.CopyFromSource) (int64, error) {
	return t.c.CopyFrom(ctx, table, columns, rows)
}

func (t connTx) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	return t.c.SendBatch(ctx, b)
}

func (t connTx) Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error) {
	return t.c.Prepare(ctx, name, sql)
}

func (t connTx) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return t.c.Exec(ctx, sql, args...)
}

func (t connTx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return t.c.Query(ctx, sql, args...)
}

func (t connTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return t.c.QueryRow(ctx, sql, args...)
}

// Open connects a process to the job system in the store's database (migrating River's
// tables), working opt.Workers jobs at once; call start, and stop before closing the store.
func Open(ctx context.Context, store *db.Store, cat *rules.Catalog, logger *slog.Logger, opt Options) (*Jobs, error) {
	if opt.ChunkSize <= 0 {
		opt.ChunkSize = DefaultChunk
	}
	if opt.Window <= 0 {
		opt.Window = defaultWindow
	}
	if opt.RescueAfter <= 0 {
		opt.RescueAfter = DefaultRescue
	}
	if opt.MaxAttempts <= 0 {
		opt.MaxAttempts = defaultAttempts
	}
	j := &Jobs{store: store, cat: cat, log: logger, opt: opt}
	workers := river.NewWorkers()
	river.AddWorker(workers, &chunkWorker{j: j})
	river.AddWorker(workers, &mergeWorker{j: j})
	river.AddWorker(workers, &sweepWorker{j: j})
	cfg := &river.Config{
		Workers: workers,
		Logger:  slog.New(slog.NewTextHandler(logWriter{logger}, &slog.HandlerOptions{Level: slog.LevelWarn})),
		// A job's timeout is also when River's rescuer takes it for dead and plays it again
		// (an infinite timeout would never rescue a killed worker's chunk): chunkWorker.Timeout
		// gives a long chunk more time.
		JobTimeout:           opt.RescueAfter,
		RescueStuckJobsAfter: opt.RescueAfter,
		MaxAttempts:          opt.MaxAttempts,
		// A chunk that failed (its worker stopped) is played again soon, not after River's
		// default backoff of minutes.
		RetryPolicy: retrySoon{},
	}
	// River's FetchCooldown stays at its default (100 ms between a process's fetches): each
	// matchup keeps a window of chunks waiting, so a free worker seldom waits for an insert,
	// and a matchup's merge starts at most a tenth of a second later. At 10 ms (as before
	// issue 29) every worker process could fetch a hundred times a second whenever jobs were
	// inserted: 50 processes, 5,000 locking fetches a second for nothing (docs/benchmarks.md).
	cfg.FetchPollInterval = time.Second
	if opt.PollEvery > 0 {
		cfg.FetchPollInterval = max(opt.PollEvery, river.FetchCooldownDefault)
	}
	if opt.Workers > 0 {
		cfg.Queues = map[string]river.QueueConfig{simQueue: {MaxWorkers: opt.Workers}}
	}
	if opt.Workers > 0 && !opt.NoSweep {
		cfg.Queues[sweepQueue] = river.QueueConfig{MaxWorkers: 1}
		// The elected leader among the working processes queues the sweep (jobs_sweep.go).
		cfg.PeriodicJobs = []*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(opt.RescueAfter),
			func() (river.JobArgs, *river.InsertOpts) { return sweepArgs{}, nil }, &river.PeriodicJobOpts{RunOnStart: true})}
	}
	if store.Postgres() {
		pc, err := pgxpool.ParseConfig(store.DSN())
		if err != nil {
			return nil, fmt.Errorf("jobs: %w", err)
		}
		pc.MaxConns = int32(opt.Workers + pgPoolOverhead)
		if opt.Workers == 0 {
			pc.MaxConns = 2 // a process that only queues: inserts, and the sweep's listing
		}
		pool, err := pgxpool.NewWithConfig(ctx, pc)
		if err != nil {
			return nil, fmt.Errorf("jobs: unable to connect: %w", err)
		}
		driver := riverpgxv5.New(pool)
		migrate := func() error { return migratePG(ctx, pool, driver) }
		if opt.NoMigrate {
			migrate = func() error { return checkMigrated(ctx, driver) }
		}
		if err := migrate(); err != nil {
			pool.Close()
			return nil, err
		}
		c, err := river.NewClient(driver, cfg)
		if err != nil {
			pool.Close()
			return nil, fmt.Errorf("jobs: %w", err)
		}
		j.client = riverClient[pgx.Tx]{c: c, close: pool.Close, inTx: func(tx db.JobTx, f func(pgx.Tx) error) error {
			return tx.WithPgx(func(conn *pgx.Conn) error { return f(connTx{conn}) })
		}}
		return j, nil
	}
	driver := riversqlite.New(store.DB())
	if opt.NoMigrate {
		if err := checkMigrated(ctx, driver); err != nil {
			return nil, err
		}
	} else {
		m, err := rivermigrate.New(driver, nil)
		if err != nil {
			return nil, fmt.Errorf("jobs: %w", err)
		}
		if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
			return nil, fmt.Errorf("jobs: unable to set up the job tables: %w", err)
		}
	}
	c, err := river.NewClient(driver, cfg)
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	j.client = riverClient[*sql.Tx]{c: c, inTx: func(tx db.JobTx, f func(*sql.Tx) error) error { return f(tx.Tx) }}
	return j, nil
}

// migratePG brings River's tables up to date holding an advisory lock, so that processes
// starting together migrate one after the other (the second finds nothing to do).
func migratePG(ctx context.Context, pool *pgxpool.Pool, driver *riverpgxv5.Driver) error {
	m, err := rivermigrate.New(driver, nil)
	if err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", riverMigrationLock); err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	defer conn.Exec(context.Background(), "SELECT pg_advisory_unlock($1)", riverMigrationLock)
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("jobs: unable to set up the job tables: %w", err)
	}
	return nil
}

// ErrJobTablesBehind is Open's answer, with Options.NoMigrate, when the job tables are
// missing or older than this Muster's.
var ErrJobTablesBehind = errors.New("jobs: the job tables are missing or out of date: run muster migrate --db on the database first")

// checkMigrated answers ErrJobTablesBehind unless River's tables are up to date (a dry run of
// their migration finds nothing to do).
func checkMigrated[TTx any](ctx context.Context, driver riverdriver.Driver[TTx]) error {
	m, err := rivermigrate.New(driver, nil)
	if err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	res, err := m.Migrate(ctx, rivermigrate.DirectionUp, &rivermigrate.MigrateOpts{DryRun: true})
	if err != nil {
		return fmt.Errorf("%w (%w)", ErrJobTablesBehind, err)
	}
	if len(res.Versions) > 0 {
		return ErrJobTablesBehind
	}
	return nil
}

// Migrate brings the job tables in the store's database up to date (`muster migrate`).
func Migrate(ctx context.Context, store *db.Store) error {
	if !store.Postgres() {
		m, err := rivermigrate.New(riversqlite.New(store.DB()), nil)
		if err != nil {
			return fmt.Errorf("jobs: %w", err)
		}
		if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
			return fmt.Errorf("jobs: unable to set up the job tables: %w", err)
		}
		return nil
	}
	pool, err := pgxpool.New(ctx, store.DSN())
	if err != nil {
		return fmt.Errorf("jobs: unable to connect: %w", err)
	}
	defer pool.Close()
	return migratePG(ctx, pool, riverpgxv5.New(pool))
}

// riverMigrationLock is the advisory lock key held while River's tables are migrated.
const riverMigrationLock = db.WriterLock + 1

// Start starts working jobs (a process with no workers only asks).
func (j *Jobs) Start(ctx context.Context) error {
	if j.opt.Workers == 0 {
		return nil
	}
	return j.client.Start(ctx)
}

// Stop stops working: chunks in hand are left to be played again.
func (j *Jobs) Stop(ctx context.Context) error {
	return j.client.Stop(ctx)
}

// retrySoon plays a failed job again after a second or so, growing slowly.
type retrySoon struct{}

func (retrySoon) NextRetry(job *rivertype.JobRow) time.Time {
	return time.Now().Add(time.Duration(min(job.Attempt, 10)) * 500 * time.Millisecond)
}

// MatchupRequest is everything a worker needs to play a matchup, kept with it: the armies'
// files as they were asked for (a later save does not change a matchup being played).
type MatchupRequest struct {
	Scenario string `json:"scenario"`
	// ScenarioFile is the scenario file when the matchup is played on a player's own
	// scenario (Scenario is then its id, for the result's page): the worker plays this
	// field, never the one saved later.
	ScenarioFile []byte    `json:"scenario_file,omitempty"`
	Seed         uint64    `json:"seed"`
	SeedTyped    bool      `json:"seed_typed,omitempty"` // the player wrote the seed (not drawn for them): a cancel gives it back
	Battles      int       `json:"battles"`
	ChunkSize    int       `json:"chunk_size"`
	Window       int       `json:"window"` // chunk jobs queued at a time (the asking process's, for every worker)
	Armies       [2][]byte `json:"armies"`
	Ask          db.Sim    `json:"ask"`         // owner or game, armies and versions: what the result is saved as
	ResultBase   string    `json:"result_base"` // where the result is reached: "/sims/" or a game's
}

// chunking is a request's chunk size and window, this process's where the request gives none.
func (j *Jobs) chunking(size, window int) (int, int) {
	if size <= 0 {
		size = j.opt.ChunkSize
	}
	if window <= 0 {
		window = j.opt.Window
	}
	return size, window
}

// Submit queues a matchup: it answers db.ErrBusy when its owner has one queued or playing.
func (j *Jobs) Submit(ctx context.Context, owner, title string, req MatchupRequest) (db.Matchup, error) {
	req.ChunkSize, req.Window = j.chunking(req.ChunkSize, req.Window)
	body, err := json.Marshal(req)
	if err != nil {
		return db.Matchup{}, err
	}
	chunks := battle.Split(req.Battles, req.ChunkSize)
	// The matchup and its first chunks in one transaction: never a matchup with nothing to
	// play it (its owner could ask for no other), nor chunks of no matchup.
	m, err := j.queue(ctx, db.Matchup{Owner: owner, Game: req.Ask.Game, Title: title, Request: body,
		Battles: req.Battles, ChunkSize: req.ChunkSize, Chunks: len(chunks)}, chunks, req.Window)
	if err != nil && !isRefusal(err) {
		return db.Matchup{}, fmt.Errorf("jobs: unable to queue the matchup: %w", err)
	}
	return m, err
}

// isRefusal reports whether err is a fair share refusing a job (db.Bounds), not a failure.
func isRefusal(err error) bool {
	var ab *db.ErrAddressBusy
	var tm *db.ErrTooMany
	return errors.Is(err, db.ErrBusy) || errors.As(err, &ab) || errors.As(err, &tm)
}

// Priorities in the shared queue: a row's first part and a merge go first (River's 1), every
// other part after them (2), oldest first.
const (
	firstPriority = 1
	restPriority  = 2
)

// chunkArgs is one chunk job: battles First to First+Count-1 of a matchup.
type chunkArgs struct {
	Matchup string `json:"matchup"`
	First   int    `json:"first"`
	Count   int    `json:"count"`
	// PerBattle is how long one of its battles may take, when longer than perBattle.
	PerBattle time.Duration `json:"per_battle,omitempty"`
}

func (chunkArgs) Kind() string { return KindSimChunk }

// InsertOpts: unique by its arguments, so that a chunk retried after a crash, queuing the
// next chunk again, queues it once.
func (chunkArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: simQueue, Priority: restPriority, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// mergeArgs is a matchup's merge job.
type mergeArgs struct {
	Matchup string `json:"matchup"`
}

func (mergeArgs) Kind() string { return kindSimMerge }

func (mergeArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: simQueue, Priority: firstPriority, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

type chunkWorker struct {
	river.WorkerDefaults[chunkArgs]
	j *Jobs
}

// perBattle bounds a battle's time, generously (a battle takes about a third of a
// millisecond of a core): a chunk is given this much per battle before it is taken for dead.
const perBattle = 2 * time.Millisecond

// Timeout is RescueAfter, or more for a chunk of many battles, so that a slow machine is
// not cancelled midway through a long chunk only to play it again.
func (w *chunkWorker) Timeout(job *river.Job[chunkArgs]) time.Duration {
	return max(w.j.opt.RescueAfter, time.Duration(job.Args.Count)*max(perBattle, job.Args.PerBattle))
}

// Work plays a chunk unless the matchup has ended or the chunk is saved already, saves it,
// queues the matchup's next chunk, and the merge when every chunk is saved.
func (w *chunkWorker) Work(ctx context.Context, job *river.Job[chunkArgs]) (err error) {
	defer w.j.settle(ctx, job.JobRow, job.Args.Matchup, &err)
	return w.work(ctx, job)
}

func (w *chunkWorker) work(ctx context.Context, job *river.Job[chunkArgs]) error {
	j, a := w.j, job.Args
	m, err := j.store.MatchupForWork(ctx, a.Matchup)
	if errors.Is(err, db.ErrNotFound) {
		return river.JobCancel(fmt.Errorf("matchup %s is gone", a.Matchup))
	}
	if err != nil {
		return err
	}
	if m.Over() {
		return nil
	}
	saved, err := j.store.HasChunk(ctx, m.ID, a.First)
	if err != nil {
		return err
	}
	k, err := j.kindOf(m)
	if err != nil {
		_ = j.store.FailMatchup(ctx, m.ID, err.Error())
		return river.JobCancel(err)
	}
	if !saved {
		if m.Status == db.MatchupQueued {
			if err := j.store.StartMatchup(ctx, m.ID); err != nil {
				return err
			}
		}
		body, err := k.play(ctx, m, a.First, a.Count)
		if err != nil {
			return err
		}
		if err := j.store.SaveChunk(ctx, m.ID, a.First, a.Count, body); err != nil {
			return err
		}
	}
	// The next chunk goes to the back of the shared queue, behind other owners' chunks: with
	// the same window for every matchup, each gets an equal share of the workers.
	parts := k.parts(m)
	if i := slices.IndexFunc(parts, func(c battle.ChunkOptions) bool { return c.First == a.First }); i >= 0 && i+k.window() < len(parts) {
		next := parts[i+k.window()]
		if err := j.client.Insert(ctx, chunkArgs{Matchup: m.ID, First: next.First, Count: next.Count}, nil); err != nil {
			return err
		}
	}
	chunks, _, err := j.store.ChunkProgress(ctx, m.ID)
	if err != nil {
		return err
	}
	if chunks == m.Chunks {
		return j.client.Insert(ctx, mergeArgs{Matchup: m.ID}, nil)
	}
	return nil
}

type mergeWorker struct {
	river.WorkerDefaults[mergeArgs]
	j *Jobs
}

// Work sums a matchup's chunks up and saves the result, once.
func (w *mergeWorker) Work(ctx context.Context, job *river.Job[mergeArgs]) (err error) {
	defer w.j.settle(ctx, job.JobRow, job.Args.Matchup, &err)
	return w.work(ctx, job)
}

func (w *mergeWorker) work(ctx context.Context, job *river.Job[mergeArgs]) error {
	j := w.j
	m, err := j.store.MatchupForWork(ctx, job.Args.Matchup)
	if errors.Is(err, db.ErrNotFound) {
		return river.JobCancel(fmt.Errorf("matchup %s is gone", job.Args.Matchup))
	}
	if err != nil || m.Over() {
		return err
	}
	k, err := j.kindOf(m)
	if err != nil {
		_ = j.store.FailMatchup(ctx, m.ID, err.Error())
		return river.JobCancel(err)
	}
	return k.finish(ctx, m)
}

// merge reads a matchup's saved chunks and sums them up.
func (j *Jobs) merge(ctx context.Context, m db.Matchup, p *prepared) (*battle.Summary, error) {
	bodies, err := j.store.Chunks(ctx, m.ID)
	if err != nil {
		return nil, err
	}
	chunks := make([]*battle.Chunk, len(bodies))
	for i, b := range bodies {
		chunks[i] = new(battle.Chunk)
		if err := json.Unmarshal(b, chunks[i]); err != nil {
			return nil, fmt.Errorf("jobs: a chunk of matchup %s: %w", m.ID, err)
		}
	}
	return battle.Merge(p.field, p.forces[0], p.forces[1], p.req.Seed, p.req.Battles, chunks)
}

// prepared is a matchup ready to play: its request, field and forces.
type prepared struct {
	req    MatchupRequest
	field  *battle.Field
	forces [2]*battle.Force
	rr     *rrKind // a round robin's, instead
}

// prepare reads a matchup's request and builds its field and forces (kept for the next
// chunk of the same matchup).
func (j *Jobs) prepare(m db.Matchup) (*prepared, error) {
	if p := j.forces.get(m.ID); p != nil && p.rr == nil {
		return p, nil
	}
	p := &prepared{}
	if err := json.Unmarshal(m.Request, &p.req); err != nil {
		return nil, fmt.Errorf("the matchup's request does not read: %w", err)
	}
	field, err := RequestField(p.req.Scenario, p.req.ScenarioFile)
	if err != nil {
		return nil, err
	}
	p.field = field
	for i, file := range p.req.Armies {
		army, err := roster.Read(file)
		if err != nil {
			return nil, fmt.Errorf("an army of the matchup does not read: %w", err)
		}
		cat, _ := costing.CatalogFor(j.cat, army)
		f, err := muster.NewForce(cat, army)
		if err != nil {
			return nil, fmt.Errorf("%s cannot take the field: %w", army.Name, err)
		}
		p.forces[i] = f
	}
	j.forces.put(m.ID, p)
	return p, nil
}

// forceCache keeps the last few matchups' forces: building a force reads an army file, which
// costs more than a short chunk's battles.
type forceCache struct {
	mu   sync.Mutex
	keys []string
	m    map[string]*prepared
}

func (c *forceCache) get(id string) *prepared {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[id]
}

func (c *forceCache) put(id string, p *prepared) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]*prepared{}
	}
	if _, ok := c.m[id]; ok {
		return
	}
	if len(c.keys) >= 16 {
		delete(c.m, c.keys[0])
		c.keys = c.keys[1:]
	}
	c.keys = append(c.keys, id)
	c.m[id] = p
}

// SummaryRecord is a played matchup as saved: the summary and the pictures' data.
func SummaryRecord(s *battle.Summary, forces [2]*battle.Force, req db.Sim, elapsed time.Duration) (db.Sim, error) {
	sum, err := json.Marshal(s)
	if err != nil {
		return db.Sim{}, err
	}
	charts, err := json.Marshal(ChartsOf(s, forces))
	if err != nil {
		return db.Sim{}, err
	}
	m := req
	m.Scenario, m.Battles, m.Seed, m.Summary, m.Charts = s.Scenario, s.Battles, strconv.FormatUint(s.Seed, 10), sum, charts
	if len(req.ScenarioFile) > 0 {
		// A player's own scenario keeps the name the form gave it ("mine:" and its id), so
		// that "play again" asks for that scenario, never a built-in of the same id.
		m.Scenario = req.Scenario
	}
	m.SampleLog, m.Elapsed, m.Status = s.SampleLog, elapsed, db.SimDone
	return m, nil
}

// SummaryOf is a saved matchup's summary again, as SummaryRecord saved it: the JSON and what
// the pictures keep beside it (the SGPs lost per battle are kept only as histograms).
func SummaryOf(m db.Sim) (*battle.Summary, error) {
	var s battle.Summary
	var ch Charts
	if err := json.Unmarshal(m.Summary, &s); err != nil {
		return nil, fmt.Errorf("matchup %s: %w", m.ID, err)
	}
	if err := json.Unmarshal(m.Charts, &ch); err != nil {
		return nil, fmt.Errorf("matchup %s: %w", m.ID, err)
	}
	s.ScenarioName, s.DrawRate, s.DrawCI, s.TurnCounts, s.SampleLog = ch.ScenarioName, ch.DrawRate, ch.DrawCI, ch.TurnCounts, m.SampleLog
	s.SampleSeed, _ = strconv.ParseUint(ch.SampleSeed, 10, 64)
	for i := range s.Units {
		if i < len(ch.UnitSGP) {
			s.Units[i].SGP = ch.UnitSGP[i]
		}
	}
	return &s, nil
}

// logWriter sends River's own log lines to Muster's logger.
type logWriter struct{ l *slog.Logger }

func (w logWriter) Write(p []byte) (int, error) {
	w.l.Warn("jobs: " + string(p))
	return len(p), nil
}

// DefaultWorkers is one matchup job per core but one, which is left for page requests.
func DefaultWorkers() int { return max(1, runtime.NumCPU()-1) }

// RequestField is a request's field: its scenario file when it carries one (a player's own
// scenario), else the built-in scenario it names.
func RequestField(name string, file []byte) (*battle.Field, error) {
	if len(file) > 0 {
		return battle.ParseScenario(file)
	}
	return battle.LoadScenario(name)
}
