package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ShareLink is a read-only link to an army: anyone holding it can view and copy the army,
// nobody can change it; its owner can revoke it.
type ShareLink struct {
	Token      string
	ArmyID     string
	Created    time.Time
	LastOpened time.Time
	Revoked    bool
}

// Share makes a new share link to owner's army (128 random bits).
func (s *Store) Share(ctx context.Context, owner, id string) (ShareLink, error) {
	tok, err := token(16)
	if err != nil {
		return ShareLink{}, err
	}
	l := ShareLink{Token: tok, ArmyID: id, Created: s.now()}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		a, err := ownedArmy(ctx, tx, owner, id)
		if err != nil {
			return err
		}
		if a.Deleted {
			return ErrNotFound
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO shares (token, army_id, created) VALUES (?, ?, ?)`, tok, id, stamp(l.Created))
		return err
	})
	return l, err
}

// Shares lists the share links of owner's army, newest first, revoked ones too.
func (s *Store) Shares(ctx context.Context, owner, id string) ([]ShareLink, error) {
	if _, err := ownedArmy(ctx, s.r, owner, id); err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, `SELECT token, army_id, created, last_opened, revoked FROM shares
		WHERE army_id = ? ORDER BY created DESC, token`, id)
	if err != nil {
		return nil, fmt.Errorf("db: unable to list the share links of army %s: %w", id, err)
	}
	defer rows.Close()
	var out []ShareLink
	for rows.Next() {
		var l ShareLink
		var created, opened string
		if err := rows.Scan(&l.Token, &l.ArmyID, &created, &opened, &l.Revoked); err != nil {
			return nil, err
		}
		l.Created, l.LastOpened = parseStamp(created), parseStamp(opened)
		out = append(out, l)
	}
	return out, rows.Err()
}

// RevokeShare revokes one of the share links of owner's army: it then opens nothing.
func (s *Store) RevokeShare(ctx context.Context, owner, id, tok string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := ownedArmy(ctx, tx, owner, id); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE shares SET revoked = 1 WHERE token = ? AND army_id = ?`, tok, id)
		if err != nil {
			return fmt.Errorf("db: unable to revoke a share link: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
}

// ByShareToken finds the army a live share link points to, with its head version's file,
// and notes when the link was opened. A revoked link, or one to a deleted army, finds
// nothing.
func (s *Store) ByShareToken(ctx context.Context, tok string) (Army, []byte, error) {
	if tok == "" {
		return Army{}, nil, ErrNotFound
	}
	var id string
	err := s.r.QueryRowContext(ctx, `SELECT army_id FROM shares WHERE token = ? AND revoked = 0`, tok).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return Army{}, nil, ErrNotFound
	}
	if err != nil {
		return Army{}, nil, fmt.Errorf("db: unable to look up a share token: %w", err)
	}
	a, err := getArmy(ctx, s.r, id)
	if err != nil {
		return Army{}, nil, err
	}
	if a.Deleted {
		return Army{}, nil, ErrNotFound
	}
	// When a link was last opened is worth a write at most once a minute.
	now := s.now()
	_, _ = s.w.ExecContext(ctx, `UPDATE shares SET last_opened = ? WHERE token = ? AND last_opened < ?`,
		stamp(now), tok, stamp(now.Add(-time.Minute)))
	v, err := s.version(ctx, id, a.Version)
	return a, v.File, err
}
