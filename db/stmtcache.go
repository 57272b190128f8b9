package db

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"

	"modernc.org/sqlite"
)

// The read connections of SQLite keep their statements prepared: a page reads the session,
// the owner, the army and its version, the draft, the history, each a statement SQLite
// parsed and planned again on every request (about a tenth of a cost update's CPU, issue
// 30). Each connection keeps the statements it has prepared, by their text, and reuses one
// that is not in use; a statement still reading rows when its text is asked for again
// (a query inside a loop over another) gets one of its own, closed as usual. PostgreSQL's
// driver, pgx, keeps its own cache of prepared statements.

// maxCachedStatements bounds a connection's statements: the store's queries are constant
// texts, a few dozen.
const maxCachedStatements = 128

// openCachedSQLite opens a SQLite pool whose connections keep their statements.
func openCachedSQLite(dsn string) (*sql.DB, error) {
	c, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(cachingConnector{c}), nil
}

type cachingConnector struct{ driver.Connector }

func (cc cachingConnector) Connect(ctx context.Context) (driver.Conn, error) {
	c, err := cc.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &cachingConn{c: c, stmts: map[string]*cachedStmt{}}, nil
}

// cachingConn is a SQLite connection that keeps its prepared statements. It offers no
// QueryerContext or ExecerContext, so that database/sql prepares through it (and closes
// what it prepared, which for a kept statement only marks it free).
type cachingConn struct {
	c     driver.Conn
	stmts map[string]*cachedStmt
}

type cachedStmt struct {
	driver.Stmt
	busy bool
}

// Close frees the statement for the next query of its text; the connection closes it.
func (s *cachedStmt) Close() error {
	s.busy = false
	return nil
}

func (s *cachedStmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	return s.Stmt.(driver.StmtExecContext).ExecContext(ctx, args)
}

func (s *cachedStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	return s.Stmt.(driver.StmtQueryContext).QueryContext(ctx, args)
}

func (c *cachingConn) Prepare(query string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

func (c *cachingConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	if s := c.stmts[query]; s != nil && !s.busy {
		s.busy = true
		return s, nil
	}
	st, err := c.c.(driver.ConnPrepareContext).PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	_, stmtOK := st.(interface {
		driver.StmtExecContext
		driver.StmtQueryContext
	})
	if _, taken := c.stmts[query]; taken || !stmtOK || len(c.stmts) >= maxCachedStatements {
		return st, nil
	}
	s := &cachedStmt{Stmt: st, busy: true}
	c.stmts[query] = s
	return s, nil
}

func (c *cachingConn) Close() error {
	var errs []error
	for _, s := range c.stmts {
		errs = append(errs, s.Stmt.Close())
	}
	clear(c.stmts)
	return errors.Join(append(errs, c.c.Close())...)
}

func (c *cachingConn) Begin() (driver.Tx, error) {
	return c.BeginTx(context.Background(), driver.TxOptions{})
}

func (c *cachingConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	return c.c.(driver.ConnBeginTx).BeginTx(ctx, opts)
}

func (c *cachingConn) Ping(ctx context.Context) error {
	if p, ok := c.c.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

func (c *cachingConn) ResetSession(ctx context.Context) error {
	if r, ok := c.c.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

func (c *cachingConn) IsValid() bool {
	if v, ok := c.c.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}
