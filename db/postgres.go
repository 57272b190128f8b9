package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// Muster on PostgreSQL. The store's SQL is written once, for SQLite's dialect with portable
// forms (TEXT timestamps, INTEGER booleans, ? placeholders, ON CONFLICT), and adapted here in
// one place, so that no store method (and no migration) has two versions:
//   - queries: the driver rewrites ? to $1, $2, ... and passes booleans as 0 and 1;
//   - migrations: BLOB is BYTEA, and TEXT compares byte by byte (COLLATE "C"), as SQLite
//     does, so that ORDER BY on ids and timestamps agrees on both;
//   - the schema version is a row in muster_schema, not PRAGMA user_version;
//   - write transactions take one advisory lock, so that writers queue as they do behind
//     SQLite's single writer connection and every read-then-write in a transaction stays
//     what it was written to be.

// IsPostgres reports whether a --db value names a PostgreSQL database rather than a file.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// ErrUnreachable is Open's answer when no PostgreSQL server answers at the address (or it
// refuses the user, password or database).
var ErrUnreachable = errors.New("db: unable to reach the PostgreSQL database")

// WriterLock is the advisory lock key of write transactions (an arbitrary constant: "MUST");
// the job system's migrations take it too.
const WriterLock = 0x4d555354

var registerPG sync.Once

// pgDriverName is pgx's database/sql driver behind the rewriting below.
const pgDriverName = "muster-pgx"

func openPostgres(ctx context.Context, dsn string, migrate bool) (*Store, error) {
	registerPG.Do(func() { sql.Register(pgDriverName, pgDriver{stdlib.GetDefaultDriver()}) })
	p, err := sql.Open(pgDriverName, dsn)
	if err != nil {
		return nil, fmt.Errorf("db: unable to open the PostgreSQL database: %w", err)
	}
	// Every web process and worker has its own pool: a few connections each, so that many
	// processes fit in the server's max_connections (docs/benchmarks.md).
	p.SetMaxOpenConns(8)
	p.SetMaxIdleConns(4)
	if err := p.PingContext(ctx); err != nil {
		p.Close()
		return nil, fmt.Errorf("%w: %w", ErrUnreachable, err)
	}
	s := &Store{w: p, r: p, pg: true, dsn: dsn}
	if !migrate {
		return s, nil
	}
	if err := s.migrate(ctx); err != nil {
		p.Close()
		return nil, err
	}
	return s, nil
}

// SetMaxConns bounds the connections the store opens to a PostgreSQL database (8 unless
// told): a process's share of the server's max_connections (docs/benchmarks.md). SQLite's
// connections are its own business (one writer, a few readers).
func (s *Store) SetMaxConns(n int) {
	if !s.pg || n < 1 {
		return
	}
	s.w.SetMaxOpenConns(n)
	s.w.SetMaxIdleConns(min(n, 4))
}

// pgSchemaVersion reads how many migrations a PostgreSQL database has applied, creating
// the table that counts them if needed. It runs in the migration's transaction, after the
// writer lock, so that two processes starting together migrate once.
func pgSchemaVersion(ctx context.Context, tx *sql.Tx) (int, error) {
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS muster_schema (version INTEGER NOT NULL)`); err != nil {
		return 0, err
	}
	var v int
	err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM muster_schema`).Scan(&v)
	return v, err
}

func pgSetSchemaVersion(ctx context.Context, tx *sql.Tx, v int) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM muster_schema`); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO muster_schema (version) VALUES (?)`, v)
	return err
}

var (
	blobType = regexp.MustCompile(`\bBLOB\b`)
	textType = regexp.MustCompile(`\bTEXT\b`)
	comment  = regexp.MustCompile(`--[^\n]*`)
)

// pgMigration adapts a migration written for SQLite to PostgreSQL.
func pgMigration(body string) string {
	body = comment.ReplaceAllString(body, "")
	body = blobType.ReplaceAllString(body, "BYTEA")
	return textType.ReplaceAllString(body, `TEXT COLLATE "C"`)
}

// rebind turns a query's ? placeholders into PostgreSQL's $1, $2, ..., leaving string
// literals, quoted names and comments alone.
func rebind(q string) string {
	if !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch c {
		case '\'', '"':
			j := strings.IndexByte(q[i+1:], c)
			if j < 0 {
				b.WriteString(q[i:])
				return b.String()
			}
			b.WriteString(q[i : i+j+2])
			i += j + 1
		case '-':
			if i+1 < len(q) && q[i+1] == '-' {
				j := strings.IndexByte(q[i:], '\n')
				if j < 0 {
					j = len(q) - i
				}
				b.WriteString(q[i : i+j])
				i += j - 1
				continue
			}
			b.WriteByte(c)
		case '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// pgDriver is pgx's database/sql driver with the store's queries rebound.
type pgDriver struct{ d driver.Driver }

func (d pgDriver) Open(name string) (driver.Conn, error) {
	c, err := d.d.Open(name)
	if err != nil {
		return nil, err
	}
	return pgConn{c.(*stdlib.Conn)}, nil
}

// pgConn is a pgx connection that rebinds each query; everything else is pgx's.
type pgConn struct{ *stdlib.Conn }

func (c pgConn) Prepare(q string) (driver.Stmt, error) { return c.Conn.Prepare(rebind(q)) }

func (c pgConn) PrepareContext(ctx context.Context, q string) (driver.Stmt, error) {
	return c.Conn.PrepareContext(ctx, rebind(q))
}

func (c pgConn) ExecContext(ctx context.Context, q string, args []driver.NamedValue) (driver.Result, error) {
	return c.Conn.ExecContext(ctx, rebind(q), args)
}

func (c pgConn) QueryContext(ctx context.Context, q string, args []driver.NamedValue) (driver.Rows, error) {
	rows, err := c.Conn.QueryContext(ctx, rebind(q), args)
	if err != nil && c.retryable(ctx, q, err) {
		// database/sql runs it again on another connection (a new one when every pooled
		// one is as dead): a server restarted, or a connection dropped by a proxy, costs a
		// read one retry rather than a page a 500.
		return nil, driver.ErrBadConn
	}
	return rows, err
}

// retryable reports whether a query that failed may be run again on another connection:
// pgx says it never reached the server (pgconn.SafeToRetry), or it is a read (a SELECT:
// running it twice changes nothing) and the connection is lost (pgx closed it: the server
// ended the session, or the network failed), while the request still waits for it.
func (c pgConn) retryable(ctx context.Context, q string, err error) bool {
	if errors.Is(err, driver.ErrBadConn) || ctx.Err() != nil {
		return false
	}
	if pgconn.SafeToRetry(err) {
		return true
	}
	return isRead(q) && c.Conn.Conn().IsClosed()
}

// isRead reports whether a query only reads: a SELECT (not one that locks rows).
func isRead(q string) bool {
	q = strings.TrimSpace(q)
	return len(q) > 6 && strings.EqualFold(q[:6], "select") && !strings.Contains(strings.ToLower(q), " for update")
}

// CheckNamedValue passes booleans as the 0 and 1 the INTEGER columns hold.
func (c pgConn) CheckNamedValue(nv *driver.NamedValue) error {
	if b, ok := nv.Value.(bool); ok {
		nv.Value = int64(0)
		if b {
			nv.Value = int64(1)
		}
		return nil
	}
	return c.Conn.CheckNamedValue(nv)
}
