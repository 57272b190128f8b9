package db

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Sessions is the store github.com/alexedwards/scs/v2 keeps its sessions in (it implements
// scs.CtxStore): lookups go through the reader pool, so that a page's session lookup never
// waits behind a save.
type Sessions struct{ s *Store }

// Sessions returns the session store.
func (s *Store) Sessions() Sessions { return Sessions{s} }

// FindCtx returns a session's data, if it exists and has not expired.
func (ss Sessions) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	var data []byte
	err := ss.s.r.QueryRowContext(ctx, `SELECT data FROM sessions WHERE token = ? AND expiry > ?`, token, stamp(ss.s.now())).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return data, true, nil
}

// CommitCtx saves a session's data until expiry.
func (ss Sessions) CommitCtx(ctx context.Context, token string, data []byte, expiry time.Time) error {
	_, err := ss.s.w.ExecContext(ctx, `INSERT INTO sessions (token, data, expiry) VALUES (?, ?, ?)
		ON CONFLICT (token) DO UPDATE SET data = excluded.data, expiry = excluded.expiry`, token, data, stamp(expiry))
	return err
}

// DeleteCtx removes a session.
func (ss Sessions) DeleteCtx(ctx context.Context, token string) error {
	_, err := ss.s.w.ExecContext(ctx, `DELETE FROM sessions WHERE token = ?`, token)
	return err
}

// AllCtx returns every live session (scs's Iterate).
func (ss Sessions) AllCtx(ctx context.Context) (map[string][]byte, error) {
	rows, err := ss.s.r.QueryContext(ctx, `SELECT token, data FROM sessions WHERE expiry > ?`, stamp(ss.s.now()))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][]byte{}
	for rows.Next() {
		var tok string
		var data []byte
		if err := rows.Scan(&tok, &data); err != nil {
			return nil, err
		}
		out[tok] = data
	}
	return out, rows.Err()
}

// The context-free methods scs.Store also asks for.
func (ss Sessions) Find(token string) ([]byte, bool, error) {
	return ss.FindCtx(context.Background(), token)
}
func (ss Sessions) Commit(token string, data []byte, expiry time.Time) error {
	return ss.CommitCtx(context.Background(), token, data, expiry)
}
func (ss Sessions) Delete(token string) error { return ss.DeleteCtx(context.Background(), token) }

// DeleteExpired removes expired sessions; serve calls it now and then.
func (ss Sessions) DeleteExpired(ctx context.Context) error {
	_, err := ss.s.w.ExecContext(ctx, `DELETE FROM sessions WHERE expiry <= ?`, stamp(ss.s.now()))
	return err
}
