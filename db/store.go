// Package db is Muster's store, on SQLite (a file, the default) or PostgreSQL (a
// postgres:// address, db/postgres.go): armies saved as army files with indexed metadata,
// every save a new version. Nothing a user saved is ever lost: deleting hides an army,
// undo moves its head back, restore copies an old version forward.
package db

import (
	"context"
	"crypto/rand"
	"database/sql"
	"embed"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"sort"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
)

//go:embed migrations/*.sql
var migrations embed.FS

// ErrNotFound is returned when an army, version, share token or undo step does not exist.
var ErrNotFound = errors.New("db: not found")

// Store is the database. Writes go through one connection, so SQLite never sees two
// writers; reads use a small pool of read-only connections, which WAL lets run alongside.
// On PostgreSQL both are the same pool.
type Store struct {
	w, r *sql.DB
	now  func() time.Time
	pg   bool   // PostgreSQL rather than SQLite
	dsn  string // the database's path or address, as Open was given it
	// bounds are the job queue's fair shares (zero: DefaultBounds).
	bounds Bounds
}

// Meta is the indexed metadata saved with each version of an army.
type Meta struct {
	Name   string
	Side   string
	Total  int  // SGPs
	Limit  int  // 0: none
	Valid  bool // no error-severity problems
	Errors int  // number of error problems
	// System is the army file's game system (its system: value): "swmb" (also when
	// empty), "swm", "qrs".
	System string
}

// system is the value stored for m's game system: SWMB when none is named.
func (m Meta) system() string {
	if m.System == "" {
		return "swmb"
	}
	return m.System
}

// Army is a saved army as of its head version.
type Army struct {
	ID string
	Meta
	Version  int // the head version's number
	Versions int // how many versions exist
	Updated  time.Time
	Owner    string // the owner's id; "" for an army saved before owners existed
	Deleted  bool
	// Game is the game the army is a list for ("" for an army of one's own): such an army
	// is reached through the game's links, not /armies/.
	Game string
}

// Version is one saved state of an army.
type Version struct {
	Number int
	Parent int // the version it was saved on top of; 0 for the first
	Meta
	File    []byte
	Created time.Time
	Note    string
}

// synchronous is SQLite's synchronous setting: FULL, so that WAL commits are synced before
// a save is acknowledged. Only the benchmark that measures its price changes it.
var synchronous = "FULL"

func dsn(path string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(5000)")
	q.Add("_pragma", "foreign_keys(1)")
	// FULL: an acknowledged save survives a power cut, not only a crash of Muster
	// (docs/benchmarks.md measures what it costs).
	q.Add("_pragma", "synchronous("+synchronous+")")
	if readOnly {
		q.Add("mode", "ro")
	} else {
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_txlock", "immediate")
	}
	return "file:" + uriPath.Replace(path) + "?" + q.Encode()
}

// uriPath escapes what SQLite's file: URIs read in a path ('?' starts the query, '#' a
// fragment, '%' an escape), so that any file name, a test directory's "#01" included,
// opens the file it names.
var uriPath = strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23")

// Open opens (creating if needed) the database at path, or the PostgreSQL database at a
// postgres:// address, and brings its schema up to date.
func Open(ctx context.Context, path string) (*Store, error) {
	return open(ctx, path, true)
}

// ErrSchemaBehind is OpenMigrated's answer for a database whose schema is older than this
// Muster's (or new): `muster migrate` brings it up to date.
type ErrSchemaBehind struct{ Have, Want int }

func (e *ErrSchemaBehind) Error() string {
	return fmt.Sprintf("db: the database's schema is at version %d, and this Muster needs version %d: run muster migrate --db on it first", e.Have, e.Want)
}

// OpenMigrated opens a database someone else migrates (`muster migrate`): it changes no
// schema, so its user needs no right to, and refuses (*ErrSchemaBehind) a schema older than
// this Muster's.
func OpenMigrated(ctx context.Context, path string) (*Store, error) {
	s, err := open(ctx, path, false)
	if err != nil {
		return nil, err
	}
	have, want, err := s.SchemaVersion(ctx)
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("db: unable to read the schema version: %w", err)
	}
	if have < want {
		s.Close()
		return nil, &ErrSchemaBehind{Have: have, Want: want}
	}
	return s, nil
}

// SchemaVersion is the migrations the database has applied, and how many this Muster has.
func (s *Store) SchemaVersion(ctx context.Context) (have, want int, err error) {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return 0, 0, err
	}
	if s.pg {
		var exists bool
		if err := s.w.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'muster_schema')`).Scan(&exists); err != nil || !exists {
			return 0, len(names), err
		}
		err = s.w.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM muster_schema`).Scan(&have)
		return have, len(names), err
	}
	err = s.w.QueryRowContext(ctx, "PRAGMA user_version").Scan(&have)
	return have, len(names), err
}

// Migrate applies the migrations the database has not seen (Open does it too).
func (s *Store) Migrate(ctx context.Context) error { return s.migrate(ctx) }

func open(ctx context.Context, path string, migrate bool) (*Store, error) {
	if IsPostgres(path) {
		s, err := openPostgres(ctx, path, migrate)
		if s != nil {
			s.now = time.Now
		}
		return s, err
	}
	if path == "" || strings.Contains(path, ":memory:") {
		return nil, errors.New("db: a database file path is required")
	}
	w, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		return nil, fmt.Errorf("db: unable to open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	s := &Store{w: w, now: time.Now, dsn: path}
	// Not migrating, it is opened as it is; SQLite makes an empty file for a missing one,
	// which OpenMigrated then finds at version 0.
	if migrate {
		if err := s.migrate(ctx); err != nil {
			w.Close()
			return nil, err
		}
	}
	r, err := openCachedSQLite(dsn(path, true)) // statements prepared once (stmtcache.go)
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("db: unable to open %s for reading: %w", path, err)
	}
	r.SetMaxOpenConns(4)
	s.r = r
	return s, nil
}

// Close closes both connection pools.
func (s *Store) Close() error {
	if s.r == s.w {
		return s.w.Close()
	}
	return errors.Join(s.r.Close(), s.w.Close())
}

// Now is the store's clock.
func (s *Store) Now() time.Time { return s.now() }

// Postgres reports whether the store is on PostgreSQL.
func (s *Store) Postgres() bool { return s.pg }

// DSN is the database's path or address, as Open was given it.
func (s *Store) DSN() string { return s.dsn }

// DB is the connection pool that writes (on SQLite, the one writer connection), for a job
// system that keeps its tables in the same database.
func (s *Store) DB() *sql.DB { return s.w }

// migrate applies the embedded migrations the database has not seen, in name order, each
// in its own transaction; PRAGMA user_version counts those applied.
// migrationSteps are the parts of migrations SQL cannot write on both SQLite and
// PostgreSQL, run after the migration's SQL in its transaction, by its file's name.
var migrationSteps = map[string]func(context.Context, *sql.Tx) error{
	"migrations/018_sealed_game_links.sql": scrubGameLinks,
	"migrations/019_hashed_sessions.sql":   hashSessionTokens,
}

func (s *Store) migrate(ctx context.Context) error {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	// The version is read again inside each migration's transaction, so that two
	// processes opening a new PostgreSQL database together apply each migration once.
	version := func(tx *sql.Tx) (int, error) {
		if s.pg {
			return pgSchemaVersion(ctx, tx)
		}
		var v int
		err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v)
		return v, err
	}
	for i := range names {
		body, err := migrations.ReadFile(names[i])
		if err != nil {
			return err
		}
		err = s.tx(ctx, func(tx *sql.Tx) error {
			applied, err := version(tx)
			if err != nil {
				return fmt.Errorf("unable to read the schema version: %w", err)
			}
			if applied > i {
				return nil
			}
			sqlBody := string(body)
			if s.pg {
				sqlBody = pgMigration(sqlBody)
			}
			if _, err := tx.ExecContext(ctx, sqlBody); err != nil {
				return err
			}
			if step := migrationSteps[names[i]]; step != nil {
				if err := step(ctx, tx); err != nil {
					return err
				}
			}
			if s.pg {
				return pgSetSchemaVersion(ctx, tx, i+1)
			}
			_, err = tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", i+1))
			return err
		})
		if err != nil {
			return fmt.Errorf("db: unable to apply %s: %w", names[i], err)
		}
	}
	return nil
}

// tx runs f in a write transaction (BEGIN IMMEDIATE through the DSN on SQLite, the writer
// lock on PostgreSQL), committing when f returns nil: a save is all or nothing.
func (s *Store) tx(ctx context.Context, f func(*sql.Tx) error) error {
	return s.jobTx(ctx, func(jt JobTx) error { return f(jt.Tx) })
}

// rowTx runs f in a transaction without the writer lock (PostgreSQL only: on SQLite every
// write transaction is the one writer's): f makes its own rows safe, with row locks and
// constraints (SaveChunk).
func (s *Store) rowTx(ctx context.Context, f func(*sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return err
	}
	return tx.Commit()
}

func token(n int) (string, error) {
	b := make([]byte, n)
	for {
		if _, err := rand.Read(b); err != nil {
			return "", err
		}
		// An id is also typed on the command line (muster token revoke NAME ID), where one
		// starting with "-" reads as a flag: one in 64 would. Draw again.
		if s := base64.RawURLEncoding.EncodeToString(b); s[0] != '-' {
			return s, nil
		}
	}
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func parseStamp(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}
