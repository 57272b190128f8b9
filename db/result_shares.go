package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// What a result share link opens.
const (
	ShareSim        = "sim"        // a played matchup (sims)
	ShareRoundRobin = "roundrobin" // a played round robin (matchups of KindRoundRobin)
)

// ResultShare is a read-only link to a played result: anyone holding it sees the result
// (and its battles); nobody changes anything through it; its owner can revoke it.
type ResultShare struct {
	Token, Kind, Target string
	Owner               string
	Created, LastOpened time.Time
	Revoked             bool
}

// ownedResult checks that owner has the played result: their own matchup (not a game
// night's) or their round robin, done.
func ownedResult(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, owner, kind, id string) error {
	if owner == "" {
		return ErrNotFound
	}
	var one int
	var err error
	switch kind {
	case ShareSim:
		err = q.QueryRowContext(ctx, `SELECT 1 FROM sims WHERE id = ? AND owner_id = ? AND game_id IS NULL AND status = ?`,
			id, owner, SimDone).Scan(&one)
	case ShareRoundRobin:
		err = q.QueryRowContext(ctx, `SELECT 1 FROM matchups WHERE id = ? AND owner_id = ? AND kind = ? AND status = ?`,
			id, owner, KindRoundRobin, MatchupDone).Scan(&one)
	default:
		return fmt.Errorf("db: no result of kind %q can be shared", kind)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// ShareResult makes a new share link to one of owner's played results (128 random bits).
func (s *Store) ShareResult(ctx context.Context, owner, kind, id string) (ResultShare, error) {
	tok, err := token(16)
	if err != nil {
		return ResultShare{}, err
	}
	l := ResultShare{Token: tok, Kind: kind, Target: id, Owner: owner, Created: s.now()}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		if err := ownedResult(ctx, tx, owner, kind, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO result_shares (token, kind, target, owner_id, created) VALUES (?, ?, ?, ?, ?)`,
			tok, kind, id, owner, stamp(l.Created))
		return err
	})
	return l, err
}

// ResultShares lists the share links of one of owner's results, newest first, revoked ones
// too.
func (s *Store) ResultShares(ctx context.Context, owner, kind, id string) ([]ResultShare, error) {
	if err := ownedResult(ctx, s.r, owner, kind, id); err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, `SELECT token, created, last_opened, revoked FROM result_shares
		WHERE kind = ? AND target = ? AND owner_id = ? ORDER BY created DESC, token`, kind, id, owner)
	if err != nil {
		return nil, fmt.Errorf("db: unable to list the share links of %s %s: %w", kind, id, err)
	}
	defer rows.Close()
	var out []ResultShare
	for rows.Next() {
		l := ResultShare{Kind: kind, Target: id, Owner: owner}
		var created, opened string
		if err := rows.Scan(&l.Token, &created, &opened, &l.Revoked); err != nil {
			return nil, err
		}
		l.Created, l.LastOpened = parseStamp(created), parseStamp(opened)
		out = append(out, l)
	}
	return out, rows.Err()
}

// RevokeResultShare revokes one of the share links of owner's result: it then opens nothing.
func (s *Store) RevokeResultShare(ctx context.Context, owner, kind, id, tok string) error {
	res, err := s.w.ExecContext(ctx, `UPDATE result_shares SET revoked = 1 WHERE token = ? AND kind = ? AND target = ? AND owner_id = ?`,
		tok, kind, id, owner)
	if err != nil {
		return fmt.Errorf("db: unable to revoke a share link: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// ByResultShareToken finds the result a live share link of that kind points to (its owner
// and id), and notes when the link was opened. A revoked link, a link of another kind, or
// one to a result no longer kept (pruned), finds nothing.
func (s *Store) ByResultShareToken(ctx context.Context, kind, tok string) (ResultShare, error) {
	if tok == "" {
		return ResultShare{}, ErrNotFound
	}
	l := ResultShare{Token: tok, Kind: kind}
	var created, opened string
	err := s.r.QueryRowContext(ctx, `SELECT target, owner_id, created, last_opened FROM result_shares
		WHERE token = ? AND kind = ? AND revoked = 0`, tok, kind).Scan(&l.Target, &l.Owner, &created, &opened)
	if errors.Is(err, sql.ErrNoRows) {
		return ResultShare{}, ErrNotFound
	}
	if err != nil {
		return ResultShare{}, fmt.Errorf("db: unable to look up a share token: %w", err)
	}
	if err := ownedResult(ctx, s.r, l.Owner, kind, l.Target); err != nil {
		return ResultShare{}, err
	}
	l.Created, l.LastOpened = parseStamp(created), parseStamp(opened)
	// When a link was last opened is worth a write at most once a minute.
	now := s.now()
	_, _ = s.w.ExecContext(ctx, `UPDATE result_shares SET last_opened = ? WHERE token = ? AND last_opened < ?`,
		stamp(now), tok, stamp(now.Add(-time.Minute)))
	return l, nil
}
