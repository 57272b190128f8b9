package db

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// APIToken is a personal API token as listed (the token itself is shown once, when made).
type APIToken struct {
	ID       string
	Label    string
	Created  time.Time
	LastUsed time.Time
	Revoked  bool
}

// tokenPrefix marks Muster's API tokens, so that a leaked one is recognisable.
const tokenPrefix = "mst_"

// AddToken makes a personal API token for an owner and returns it; only its hash is kept.
func (s *Store) AddToken(ctx context.Context, ownerID, label string) (string, APIToken, error) {
	id, err := token(6)
	if err != nil {
		return "", APIToken{}, err
	}
	secret, err := token(24)
	if err != nil {
		return "", APIToken{}, err
	}
	tok := tokenPrefix + secret
	t := APIToken{ID: id, Label: label, Created: s.now()}
	_, err = s.w.ExecContext(ctx, `INSERT INTO api_tokens (id, owner_id, label, hash, created) VALUES (?, ?, ?, ?, ?)`,
		id, ownerID, label, hashToken(tok), stamp(t.Created))
	if err != nil {
		return "", APIToken{}, fmt.Errorf("db: unable to add a token: %w", err)
	}
	return tok, t, nil
}

// Tokens lists an owner's API tokens, newest first.
func (s *Store) Tokens(ctx context.Context, ownerID string) ([]APIToken, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT id, label, created, last_used, revoked FROM api_tokens
		WHERE owner_id = ? ORDER BY created DESC`, ownerID)
	if err != nil {
		return nil, fmt.Errorf("db: unable to list tokens: %w", err)
	}
	defer rows.Close()
	var out []APIToken
	for rows.Next() {
		var t APIToken
		var created, used string
		if err := rows.Scan(&t.ID, &t.Label, &created, &used, &t.Revoked); err != nil {
			return nil, err
		}
		t.Created, t.LastUsed = parseStamp(created), parseStamp(used)
		out = append(out, t)
	}
	return out, rows.Err()
}

// RevokeToken revokes one of an owner's tokens by its id.
func (s *Store) RevokeToken(ctx context.Context, ownerID, id string) error {
	res, err := s.w.ExecContext(ctx, `UPDATE api_tokens SET revoked = 1 WHERE owner_id = ? AND id = ?`, ownerID, id)
	if err != nil {
		return fmt.Errorf("db: unable to revoke a token: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// RevokeAllTokens revokes every live token of an owner's and says how many there were.
func (s *Store) RevokeAllTokens(ctx context.Context, ownerID string) (int, error) {
	res, err := s.w.ExecContext(ctx, `UPDATE api_tokens SET revoked = 1 WHERE owner_id = ? AND revoked = 0`, ownerID)
	if err != nil {
		return 0, fmt.Errorf("db: unable to revoke the tokens: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// OwnerByToken finds the owner of a live API token, and notes its use.
func (s *Store) OwnerByToken(ctx context.Context, tok string) (Owner, error) {
	if len(tok) <= len(tokenPrefix) || len(tok) > 128 {
		return Owner{}, ErrNotFound
	}
	h := hashToken(tok)
	var id, ownerID string
	var stored []byte
	err := s.r.QueryRowContext(ctx, `SELECT id, owner_id, hash FROM api_tokens WHERE hash = ? AND revoked = 0`, h).Scan(&id, &ownerID, &stored)
	if errors.Is(err, sql.ErrNoRows) || err == nil && subtle.ConstantTimeCompare(h, stored) != 1 {
		return Owner{}, ErrNotFound
	}
	if err != nil {
		return Owner{}, fmt.Errorf("db: unable to look up a token: %w", err)
	}
	// Noting the use is best effort and at most once a minute, to keep API reads off the writer.
	now := s.now()
	_, _ = s.w.ExecContext(ctx, `UPDATE api_tokens SET last_used = ? WHERE id = ? AND last_used < ?`,
		stamp(now), id, stamp(now.Add(-time.Minute)))
	return s.OwnerByID(ctx, ownerID)
}

// AddInvite makes a sign-up invitation (for --signup invite) and returns its secret.
func (s *Store) AddInvite(ctx context.Context, adminID string) (string, error) {
	tok, err := token(16)
	if err != nil {
		return "", err
	}
	_, err = s.w.ExecContext(ctx, `INSERT INTO invites (hash, owner_id, created) VALUES (?, ?, ?)`, hashToken(tok), adminID, stamp(s.now()))
	if err != nil {
		return "", fmt.Errorf("db: unable to add an invitation: %w", err)
	}
	return tok, nil
}

// InviteOpen reports whether an invitation exists and has not been used.
func (s *Store) InviteOpen(ctx context.Context, tok string) bool {
	var n int
	err := s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM invites WHERE hash = ? AND used_by = ''`, hashToken(tok)).Scan(&n)
	return err == nil && n == 1
}

// ErrInviteUsed is returned when a sign-up's invitation is not open: used already, or never
// made.
var ErrInviteUsed = errors.New("db: the invitation is not open")

// spendInvite marks an invitation used by an account, inside the transaction that makes the
// account: the writer is one at a time on both databases, and the UPDATE only takes an
// unused invitation, so a second sign-up on it finds none and its transaction rolls back.
// An empty invite is a sign-up that needs none.
func spendInvite(ctx context.Context, tx *sql.Tx, invite, ownerID string) error {
	if invite == "" {
		return nil
	}
	res, err := tx.ExecContext(ctx, `UPDATE invites SET used_by = ? WHERE hash = ? AND used_by = ''`, ownerID, hashToken(invite))
	if err != nil {
		return fmt.Errorf("db: unable to use an invitation: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrInviteUsed
	}
	return nil
}
