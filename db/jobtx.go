package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// JobTx is a store transaction as a job queue adds its rows to it (QueueMatchup), so that a
// matchup and its jobs are saved together or not at all. On SQLite the queue's driver takes
// the *sql.Tx itself; on PostgreSQL River's driver takes pgx, not database/sql, and reaches
// the same transaction through the connection under it (WithPgx).
type JobTx struct {
	Tx   *sql.Tx
	conn *sql.Conn // the transaction's connection, on PostgreSQL
}

// WithPgx calls f with the pgx connection the transaction runs on (PostgreSQL only):
// statements on it are in the transaction, and the store commits or rolls it back. f must
// not keep the connection, nor use the transaction's *sql.Tx meanwhile.
func (t JobTx) WithPgx(f func(*pgx.Conn) error) error {
	if t.conn == nil {
		return errors.New("db: not a PostgreSQL transaction")
	}
	// A panic in f is carried out of Raw and raised again after it. Left to Raw, it would
	// take the connection for broken and close it, which waits for the transaction open on
	// it, which waits for the panic to unwind: the goroutine would hang for ever, holding the
	// connection.
	var panicked any
	err := t.conn.Raw(func(dc any) error {
		defer func() { panicked = recover() }()
		c, ok := dc.(pgConn)
		if !ok {
			return fmt.Errorf("db: the connection is a %T, not pgx's", dc)
		}
		return f(c.Conn.Conn())
	})
	if panicked != nil {
		panic(panicked)
	}
	return err
}

// jobTx runs f in a write transaction (tx), on a connection held for it so that a job
// queue on PostgreSQL can reach the transaction through it (JobTx.WithPgx).
func (s *Store) jobTx(ctx context.Context, f func(JobTx) error) error {
	conn, err := s.w.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	// Rolled back unless committed, even when f panics: a transaction left open would hold
	// the connection (SQLite's only writer) for ever.
	defer tx.Rollback()
	jt := JobTx{Tx: tx}
	if s.pg {
		jt.conn = conn
		// One writer at a time, as on SQLite (db/postgres.go).
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(?)", WriterLock); err != nil {
			return err
		}
	}
	if err := f(jt); err != nil {
		return err
	}
	return tx.Commit()
}
