package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Matchup is a matchup being played as jobs: the request a worker reads, its chunks, and
// where it stands. Its chunks' results are kept apart (SaveChunk), each once.
type Matchup struct {
	ID        string
	Owner     string
	Game      string
	Title     string
	Request   []byte // JSON the store does not read
	Battles   int
	ChunkSize int
	Chunks    int
	Status    string
	SimID     string
	ResultURL string
	Error     string
	Created   time.Time
	Updated   time.Time
	// Kind is what is played (KindMatchup, KindWhatIf, KindRoundRobin, ...): all take turns in
	// the same queue, a chunk at a time.
	Kind string
	// Result is the answer of a kind that is not one saved matchup (JSON the store does not
	// read), once done.
	Result []byte
	// Progress is the battles played of a kind played in one piece (a what-if), as its
	// worker last said.
	Progress int
	// Address is where the asker came from (an IPv6 address by its /64), and Guest whether
	// the asker had no account: guests' battles queued from one address are bounded
	// together (Bounds).
	Address string
	Guest   bool
}

// Bounds are the fair shares of the queue, checked as a matchup row is queued, in the same
// transaction, so that every web process sees the same: an owner has at most one row queued
// or playing, of at most GuestBattles (an account: AccountBattles) battles; guests from one
// address have at most AddressBattles battles queued or playing together, so that making
// guests buys no more of the queue. Accounts are not bounded by their address.
type Bounds struct {
	GuestBattles, AccountBattles, AddressBattles int
}

// DefaultBounds: a guest's largest matchup (100,000 battles), an account's two and a half of
// them, and two of the largest from the guests of one address.
var DefaultBounds = Bounds{GuestBattles: 100_000, AccountBattles: 250_000, AddressBattles: 200_000}

// SetBounds changes the queue's fair shares (tests; an operator's flags).
func (s *Store) SetBounds(b Bounds) { s.bounds = b }

// ErrAddressBusy is a guest's row refused because guests from the same address have as many
// battles queued as they may.
type ErrAddressBusy struct{ Queued, Bound int }

func (e *ErrAddressBusy) Error() string {
	return fmt.Sprintf("db: guests from this address have %d battles queued, and may have %d", e.Queued, e.Bound)
}

// ErrTooMany is a row of more battles than its owner may have queued.
type ErrTooMany struct{ Battles, Bound int }

func (e *ErrTooMany) Error() string {
	return fmt.Sprintf("db: %d battles is more than the %d one owner may have queued", e.Battles, e.Bound)
}

// The kinds of matchup rows.
const (
	KindMatchup    = "matchup"
	KindWhatIf     = "whatif"
	KindRoundRobin = "roundrobin"
	KindSWM        = "swm"      // the d20 quick-resolve
	KindQRS        = "qrs"      // the skirmish quick-resolve
	KindFair       = "fair"     // "Is this fair?" (rules/battle/fair)
	KindOptimize   = "optimize" // "What to bring" (issue 34): the list optimizer
)

// The states of a matchup.
const (
	MatchupQueued    = "queued"
	MatchupPlaying   = "playing"
	MatchupDone      = "done"
	MatchupCancelled = "cancelled"
	MatchupFailed    = "failed"
)

// Over reports whether a matchup has ended, one way or another.
func (m Matchup) Over() bool {
	return m.Status == MatchupDone || m.Status == MatchupCancelled || m.Status == MatchupFailed
}

// ErrBusy is a second matchup asked for by an owner who has one queued or playing.
var ErrBusy = errors.New("db: the owner has a matchup being played already")

// errQueue is a matchup's jobs that could not be queued (the matchup is not saved either).
var errQueue = errors.New("db: unable to queue the matchup's jobs")

// CreateMatchup records a new matchup, queued, unless its owner has one queued or playing
// already (ErrBusy): one matchup per owner at a time, checked in the same transaction as the
// insert, so that two web processes cannot both let one through.
func (s *Store) CreateMatchup(ctx context.Context, m Matchup) (Matchup, error) {
	return s.QueueMatchup(ctx, m, nil)
}

// QueueMatchup is CreateMatchup with the matchup's first jobs queued by queue in the same
// transaction: the matchup is saved with its jobs or not at all. Saved apart, a process
// stopped between the two left a matchup queued with nothing to play it, and its owner, who
// may have one matchup at a time, could ask for no other.
func (s *Store) QueueMatchup(ctx context.Context, m Matchup, queue func(context.Context, JobTx, Matchup) error) (Matchup, error) {
	if m.ID == "" {
		id, err := token(12)
		if err != nil {
			return Matchup{}, err
		}
		m.ID = id
	}
	m.Created, m.Status = s.now(), MatchupQueued
	m.Updated = m.Created
	if m.Kind == "" {
		m.Kind = KindMatchup
	}
	err := s.jobTx(ctx, func(jt JobTx) error {
		tx := jt.Tx
		if err := s.withinBounds(ctx, tx, m); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO matchups (id, owner_id, game_id, title, request, battles, chunk_size, chunks,
			status, created, updated, kind, address, guest) VALUES (?, NULLIF(?, ''), NULLIF(?, ''), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			m.ID, m.Owner, m.Game, m.Title, m.Request, m.Battles, m.ChunkSize, m.Chunks, m.Status, stamp(m.Created), stamp(m.Updated), m.Kind,
			m.Address, m.Guest)
		if err != nil || queue == nil {
			return err
		}
		if err := queue(ctx, jt, m); err != nil {
			return fmt.Errorf("%w: %w", errQueue, err)
		}
		return nil
	})
	var ab *ErrAddressBusy
	var tm *ErrTooMany
	if errors.Is(err, ErrBusy) || errors.Is(err, errQueue) || errors.As(err, &ab) || errors.As(err, &tm) {
		return Matchup{}, err
	}
	if err != nil {
		return Matchup{}, fmt.Errorf("db: unable to queue the matchup: %w", err)
	}
	return m, nil
}

// withinBounds checks a new row against the fair shares (Bounds), in the transaction that
// inserts it.
func (s *Store) withinBounds(ctx context.Context, tx *sql.Tx, m Matchup) error {
	b := s.bounds
	if b == (Bounds{}) {
		b = DefaultBounds
	}
	if m.Owner != "" {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM matchups WHERE owner_id = ? AND status IN (?, ?)`,
			m.Owner, MatchupQueued, MatchupPlaying).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return ErrBusy
		}
		if bound := map[bool]int{true: b.GuestBattles, false: b.AccountBattles}[m.Guest]; m.Battles > bound {
			return &ErrTooMany{Battles: m.Battles, Bound: bound}
		}
	}
	if m.Guest && m.Address != "" {
		var queued int
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(battles), 0) FROM matchups WHERE address = ? AND guest = 1 AND status IN (?, ?)`,
			m.Address, MatchupQueued, MatchupPlaying).Scan(&queued); err != nil {
			return err
		}
		if queued+m.Battles > b.AddressBattles {
			return &ErrAddressBusy{Queued: queued, Bound: b.AddressBattles}
		}
	}
	return nil
}

const matchupColumns = `id, COALESCE(owner_id, ''), COALESCE(game_id, ''), title, request, battles, chunk_size, chunks, status,
	sim_id, result_url, error, created, updated, kind, result, progress, address, guest`

func scanMatchup(sc interface{ Scan(...any) error }) (Matchup, error) {
	var m Matchup
	var created, updated string
	err := sc.Scan(&m.ID, &m.Owner, &m.Game, &m.Title, &m.Request, &m.Battles, &m.ChunkSize, &m.Chunks, &m.Status,
		&m.SimID, &m.ResultURL, &m.Error, &created, &updated, &m.Kind, &m.Result, &m.Progress, &m.Address, &m.Guest)
	if errors.Is(err, sql.ErrNoRows) {
		return Matchup{}, ErrNotFound
	}
	m.Created, m.Updated = parseStamp(created), parseStamp(updated)
	return m, err
}

// OwnerMatchup returns one of owner's matchups: another owner's is not found.
func (s *Store) OwnerMatchup(ctx context.Context, owner, id string) (Matchup, error) {
	if owner == "" {
		return Matchup{}, ErrNotFound
	}
	return scanMatchup(s.r.QueryRowContext(ctx, "SELECT "+matchupColumns+" FROM matchups WHERE id = ? AND owner_id = ?", id, owner))
}

// MatchupForWork returns a matchup by id alone, for the workers that play it (they act for
// whoever asked, and reach it only through the job the asking made).
func (s *Store) MatchupForWork(ctx context.Context, id string) (Matchup, error) {
	return scanMatchup(s.r.QueryRowContext(ctx, "SELECT "+matchupColumns+" FROM matchups WHERE id = ?", id))
}

// MatchupsAhead is how many rows not yet started were asked for before this one: a row's
// first part goes before every later part of the rows playing (River's priority, jobs.go),
// so these are the ones it waits behind, besides the chunks the workers have in hand.
func (s *Store) MatchupsAhead(ctx context.Context, m Matchup) (int, error) {
	var n int
	err := s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM matchups WHERE status = ? AND created < ?`,
		MatchupQueued, stamp(m.Created)).Scan(&n)
	return n, err
}

// OwnerActiveMatchup returns owner's matchup queued or playing (ErrNotFound: none), the one
// that keeps them from asking for another.
func (s *Store) OwnerActiveMatchup(ctx context.Context, owner string) (Matchup, error) {
	if owner == "" {
		return Matchup{}, ErrNotFound
	}
	return scanMatchup(s.r.QueryRowContext(ctx, "SELECT "+matchupColumns+` FROM matchups WHERE owner_id = ? AND status IN (?, ?)
		ORDER BY created, id LIMIT 1`, owner, MatchupQueued, MatchupPlaying))
}

// ActiveMatchups lists the matchups queued or playing, oldest first.
func (s *Store) ActiveMatchups(ctx context.Context) ([]Matchup, error) {
	rows, err := s.r.QueryContext(ctx, "SELECT "+matchupColumns+" FROM matchups WHERE status IN (?, ?) ORDER BY created, id",
		MatchupQueued, MatchupPlaying)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Matchup
	for rows.Next() {
		m, err := scanMatchup(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// endMatchup ends one of owner's matchups (any owner's when owner is "") that has not
// ended, without a result (cancelled, failed), and drops its chunks in the same
// transaction: there is nothing left to merge them into. It answers whether it did (false:
// it had ended already, or does not exist).
func (s *Store) endMatchup(ctx context.Context, id, owner, status, msg string) (bool, error) {
	var ended bool
	err := s.tx(ctx, func(tx *sql.Tx) error {
		q := `UPDATE matchups SET status = ?, error = ?, updated = ? WHERE id = ? AND status IN (?, ?)`
		args := []any{status, msg, stamp(s.now()), id, MatchupQueued, MatchupPlaying}
		if owner != "" {
			q += ` AND owner_id = ?`
			args = append(args, owner)
		}
		res, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil || n == 0 {
			return err
		}
		ended = true
		s.notify(ctx, tx, id)
		return deleteChunks(ctx, tx, id)
	})
	if err != nil {
		return false, fmt.Errorf("db: unable to change the matchup: %w", err)
	}
	return ended, nil
}

// deleteChunks drops a matchup's chunk results, once it has ended: merged into its saved
// result, or with none to be saved.
func deleteChunks(ctx context.Context, tx *sql.Tx, matchupID string) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM matchup_chunks WHERE matchup_id = ?`, matchupID)
	return err
}

// CancelMatchup cancels one of owner's matchups, if it has not ended.
func (s *Store) CancelMatchup(ctx context.Context, owner, id string) (bool, error) {
	if owner == "" {
		return false, nil // no one's: not found
	}
	return s.endMatchup(ctx, id, owner, MatchupCancelled, "")
}

// FailMatchup ends a matchup that cannot be played, saying why in the asker's words.
func (s *Store) FailMatchup(ctx context.Context, id, why string) error {
	_, err := s.endMatchup(ctx, id, "", MatchupFailed, why)
	return err
}

// StartMatchup marks a queued matchup as playing.
func (s *Store) StartMatchup(ctx context.Context, id string) error {
	_, err := s.w.ExecContext(ctx, `UPDATE matchups SET status = ?, updated = ? WHERE id = ? AND status = ?`,
		MatchupPlaying, stamp(s.now()), id, MatchupQueued)
	if err == nil {
		s.notify(ctx, s.w, id)
	}
	return err
}

// SaveChunk keeps a chunk's result. A chunk saved already keeps its first result (a chunk
// played again plays the same battles, so the two are the same): no chunk counts twice. A
// chunk of a matchup that has ended is not kept (a worker still playing it when the matchup
// was completed or cancelled): its matchup's chunks are gone, and this one would stay forever.
//
// On PostgreSQL it takes no global lock (the writer lock every other write takes, which
// made every chunk save of the cluster wait in one line): the matchup's row is read FOR
// SHARE, which chunk saves of the same matchup share and which an ending (endMatchup,
// CompleteMatchup: an UPDATE of the row, under the writer lock) waits for, or makes wait and
// then reads as ended; the chunk's primary key keeps it once.
func (s *Store) SaveChunk(ctx context.Context, matchupID string, first, battles int, result []byte) error {
	return s.saveChunk(ctx, matchupID, first, battles, result, !s.pg)
}

// saveChunk is SaveChunk, under the writer lock when global (the benchmark compares).
func (s *Store) saveChunk(ctx context.Context, matchupID string, first, battles int, result []byte, global bool) error {
	save := func(tx *sql.Tx) error {
		q := `SELECT COUNT(*) FROM matchups WHERE id = ? AND status IN (?, ?)`
		if s.pg {
			q = `SELECT COUNT(*) FROM (SELECT id FROM matchups WHERE id = ? AND status IN (?, ?) FOR SHARE) AS m`
		}
		var playing int
		if err := tx.QueryRowContext(ctx, q, matchupID, MatchupQueued, MatchupPlaying).Scan(&playing); err != nil || playing == 0 {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO matchup_chunks (matchup_id, first_battle, battles, result, created)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT (matchup_id, first_battle) DO NOTHING`, matchupID, first, battles, result, stamp(s.now())); err != nil {
			return err
		}
		s.notify(ctx, tx, matchupID)
		return nil
	}
	var err error
	if global {
		err = s.tx(ctx, save)
	} else {
		err = s.rowTx(ctx, save)
	}
	if err != nil {
		return fmt.Errorf("db: unable to save a chunk of matchup %s: %w", matchupID, err)
	}
	return nil
}

// HasChunk reports whether a chunk's result is saved.
func (s *Store) HasChunk(ctx context.Context, matchupID string, first int) (bool, error) {
	var n int
	err := s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM matchup_chunks WHERE matchup_id = ? AND first_battle = ?`, matchupID, first).Scan(&n)
	return n > 0, err
}

// ChunkProgress is how many chunks and battles of a matchup being played are saved; a
// matchup that has ended keeps no chunks (its progress is its status: done is all of its
// battles).
func (s *Store) ChunkProgress(ctx context.Context, matchupID string) (chunks, battles int, err error) {
	err = s.r.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(battles), 0) FROM matchup_chunks WHERE matchup_id = ?`,
		matchupID).Scan(&chunks, &battles)
	return chunks, battles, err
}

// Chunks returns a matchup's saved chunk results, by first battle.
func (s *Store) Chunks(ctx context.Context, matchupID string) ([][]byte, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT result FROM matchup_chunks WHERE matchup_id = ? ORDER BY first_battle`, matchupID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][]byte
	for rows.Next() {
		var b []byte
		if err := rows.Scan(&b); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// MatchupResult returns a done matchup's saved result, for whoever played it (the workers'
// side, as MatchupForWork: `muster sim --jobs` plays for no owner).
func (s *Store) MatchupResult(ctx context.Context, m Matchup) (Sim, error) {
	if m.Status != MatchupDone {
		return Sim{}, ErrNotFound
	}
	return s.findSim(ctx, " WHERE id = ?", m.SimID)
}

// SetProgress records how many battles a matchup played in one piece has played so far,
// for its progress page (a matchup that has ended is left alone).
func (s *Store) SetProgress(ctx context.Context, id string, battles int) error {
	_, err := s.w.ExecContext(ctx, `UPDATE matchups SET progress = ? WHERE id = ? AND status IN (?, ?) AND progress < ?`,
		battles, id, MatchupQueued, MatchupPlaying, battles)
	if err == nil {
		s.notify(ctx, s.w, id)
	}
	return err
}

// CompleteMatchupWith ends a matchup of another kind than one saved matchup: it saves
// sims (a round robin's pairs; none for a what-if), then asks result for the answer's JSON
// and address given the sims as saved (with their ids), and marks the matchup done with
// them, dropping its chunks, all in one transaction. A matchup that has ended already
// keeps its first result, which it answers.
func (s *Store) CompleteMatchupWith(ctx context.Context, id string, sims []Sim,
	result func(saved []Sim) (url string, body []byte, err error)) (Matchup, error) {
	var out Matchup
	err := s.tx(ctx, func(tx *sql.Tx) error {
		cur, err := scanMatchup(tx.QueryRowContext(ctx, "SELECT "+matchupColumns+" FROM matchups WHERE id = ?", id))
		if err != nil {
			return err
		}
		if cur.Over() {
			out = cur
			return nil
		}
		saved := make([]Sim, len(sims))
		for i, m := range sims {
			if saved[i], err = s.saveSim(ctx, tx, m); err != nil {
				return err
			}
		}
		url, body, err := result(saved)
		if err != nil {
			return err
		}
		cur.Status, cur.ResultURL, cur.Result, cur.Updated = MatchupDone, url, body, s.now()
		if _, err = tx.ExecContext(ctx, `UPDATE matchups SET status = ?, result_url = ?, result = ?, updated = ? WHERE id = ?`,
			cur.Status, cur.ResultURL, cur.Result, stamp(cur.Updated), id); err != nil {
			return err
		}
		out = cur
		s.notify(ctx, tx, id)
		return deleteChunks(ctx, tx, id)
	})
	if err != nil {
		return Matchup{}, fmt.Errorf("db: unable to complete matchup %s: %w", id, err)
	}
	return out, nil
}

// CompleteMatchup saves a matchup's result as a sim, marks the matchup done and drops its
// chunks (merged into the result), in one transaction: until it commits, the chunks are
// kept. resultBase is where the result is reached ("/sims/", or a game's), followed by the
// sim's id. A matchup done already keeps its first result, which it answers.
func (s *Store) CompleteMatchup(ctx context.Context, id, resultBase string, m Sim) (Matchup, error) {
	var out Matchup
	err := s.tx(ctx, func(tx *sql.Tx) error {
		cur, err := scanMatchup(tx.QueryRowContext(ctx, "SELECT "+matchupColumns+" FROM matchups WHERE id = ?", id))
		if err != nil {
			return err
		}
		if cur.Over() {
			out = cur
			return nil
		}
		saved, err := s.saveSim(ctx, tx, m)
		if err != nil {
			return err
		}
		cur.Status, cur.SimID, cur.ResultURL, cur.Updated = MatchupDone, saved.ID, resultBase+saved.ID, s.now()
		if _, err = tx.ExecContext(ctx, `UPDATE matchups SET status = ?, sim_id = ?, result_url = ?, updated = ? WHERE id = ?`,
			cur.Status, cur.SimID, cur.ResultURL, stamp(cur.Updated), id); err != nil {
			return err
		}
		out = cur
		s.notify(ctx, tx, id)
		return deleteChunks(ctx, tx, id)
	})
	if err != nil {
		return Matchup{}, fmt.Errorf("db: unable to complete matchup %s: %w", id, err)
	}
	return out, nil
}

// PruneMatchups deletes the matchup rows that ended (done, cancelled, failed) before
// `before`, and any chunk left with them: their progress pages, and the result pages of
// those whose result they hold (a what-if, a round robin's matrix, a quick-resolve), answer
// not found afterwards. Saved matchups (sims, a round robin's pairs among them) are the
// owner's and are kept. It answers how many rows it deleted.
func (s *Store) PruneMatchups(ctx context.Context, before time.Time) (int, error) {
	var n int64
	err := s.tx(ctx, func(tx *sql.Tx) error {
		ended := `SELECT id FROM matchups WHERE status IN (?, ?, ?) AND updated < ?`
		args := []any{MatchupDone, MatchupCancelled, MatchupFailed, stamp(before)}
		if _, err := tx.ExecContext(ctx, `DELETE FROM matchup_chunks WHERE matchup_id IN (`+ended+`)`, args...); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM matchups WHERE status IN (?, ?, ?) AND updated < ?`, args...)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("db: unable to prune ended matchups: %w", err)
	}
	return int(n), nil
}

// matchupChannel is the PostgreSQL channel a matchup row's changes are told on (its id):
// progress pages wait on it instead of asking four times a second.
const matchupChannel = "muster_matchups"

// notify tells the listeners (ListenMatchups) that matchup id changed, when the statement's
// transaction (if any) commits. PostgreSQL only; a failure costs a page only its push (it
// looks again every second or so).
func (s *Store) notify(ctx context.Context, q interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}, id string) {
	if s.pg {
		_, _ = q.ExecContext(ctx, `SELECT pg_notify('`+matchupChannel+`', ?)`, id)
	}
}

// Notifies reports whether the store tells matchup changes (PostgreSQL), so that a page may
// wait for them (ListenMatchups) rather than ask often.
func (s *Store) Notifies() bool { return s.pg }

// ListenMatchups calls f with the id of each matchup row that changes, as told on
// PostgreSQL's channel, until ctx ends, on a connection of its own (reconnecting after a
// second when it drops: f("") then says changes may have been missed). On SQLite it returns
// at once.
func (s *Store) ListenMatchups(ctx context.Context, f func(id string)) error {
	if !s.pg {
		return nil
	}
	for ctx.Err() == nil {
		err := s.listen(ctx, f)
		if ctx.Err() != nil {
			return nil
		}
		_ = err
		f("")
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
	return nil
}

func (s *Store) listen(ctx context.Context, f func(string)) error {
	conn, err := pgx.Connect(ctx, s.dsn)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+matchupChannel); err != nil {
		return err
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		f(n.Payload)
	}
}
