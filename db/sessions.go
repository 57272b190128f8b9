package db

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"time"
)

// Sessions is the store github.com/alexedwards/scs/v2 keeps its sessions in (it implements
// scs.CtxStore): lookups go through the reader pool, so that a page's session lookup never
// waits behind a save. A session's token is its browser's key (an account's, and a guest's
// only way to its armies), so the table keeps only its SHA-256, as it does for API tokens
// and game links: a copy of the database signs nobody in. (Not scs's IterableCtxStore: a
// hash cannot be handed back as the token; Muster never iterates its sessions.)
type Sessions struct{ s *Store }

// Sessions returns the session store.
func (s *Store) Sessions() Sessions { return Sessions{s} }

// FindCtx returns a session's data, if it exists and has not expired.
func (ss Sessions) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	var data []byte
	err := ss.s.r.QueryRowContext(ctx, `SELECT data FROM sessions WHERE token = ? AND expiry > ?`, sessionKey(token), stamp(ss.s.now())).Scan(&data)
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
		ON CONFLICT (token) DO UPDATE SET data = excluded.data, expiry = excluded.expiry`, sessionKey(token), data, stamp(expiry))
	return err
}

// DeleteCtx removes a session.
func (ss Sessions) DeleteCtx(ctx context.Context, token string) error {
	_, err := ss.s.w.ExecContext(ctx, `DELETE FROM sessions WHERE token = ?`, sessionKey(token))
	return err
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

// sessionKey is what the sessions table keeps of a token: its SHA-256, in hex.
func sessionKey(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// hashSessionTokens keeps only the hashes of the sessions saved before they were hashed
// (migration 019): every browser stays signed in, as the same owner.
func hashSessionTokens(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, "SELECT token FROM sessions")
	if err != nil {
		return err
	}
	var tokens []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			rows.Close()
			return err
		}
		tokens = append(tokens, t)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, t := range tokens {
		if isSessionKey(t) {
			continue // hashed already: the migration applied again (a schema version set back)
		}
		if _, err := tx.ExecContext(ctx, "UPDATE sessions SET token = ? WHERE token = ?", sessionKey(t), t); err != nil {
			return err
		}
	}
	return nil
}

// isSessionKey tells a kept hash from a token: scs's tokens are 43 characters of base64.
func isSessionKey(t string) bool {
	if len(t) != 2*sha256.Size {
		return false
	}
	_, err := hex.DecodeString(t)
	return err == nil
}
