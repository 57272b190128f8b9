package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Draft is the editor's unsaved form of an army: the form as posted (urlencoded), the
// version it was made on, and when it was last stored.
type Draft struct {
	Base    int
	Form    []byte
	Updated time.Time
}

// MaxDraft bounds a stored draft: an editor form of 200 units stays far below it.
const MaxDraft = 1 << 20

// SaveDraft keeps owner's unsaved form of their army, replacing the last one.
func (s *Store) SaveDraft(ctx context.Context, owner, id string, base int, form []byte) error {
	if len(form) > MaxDraft {
		return fmt.Errorf("db: a draft of %d bytes is larger than %d", len(form), MaxDraft)
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := ownedArmy(ctx, tx, owner, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO drafts (army_id, owner_id, base, form, updated) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (army_id, owner_id) DO UPDATE SET base = excluded.base, form = excluded.form, updated = excluded.updated`,
			id, owner, base, form, stamp(s.now()))
		return err
	})
}

// DraftWrite is one owner's draft of one army, for SaveDrafts. List: the army is a game's
// list (SaveListDraft's), not one of the owner's own (SaveDraft's).
type DraftWrite struct {
	Owner, Army string
	Base        int
	Form        []byte
	List        bool
}

// SaveDrafts keeps many drafts in one transaction (the web app writes the editor's drafts
// of the last second together: one commit, one sync, for every player typing). A draft of
// an army its owner no longer has (deleted meanwhile, or never theirs), or of a list that is
// no game's, is skipped, as SaveDraft and SaveListDraft would refuse it; the others are
// kept.
func (s *Store) SaveDrafts(ctx context.Context, ds []DraftWrite) error {
	if len(ds) == 0 {
		return nil
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		// Two statements, prepared once for the whole batch.
		owned, err := tx.PrepareContext(ctx, `SELECT 1 FROM armies WHERE id = ? AND owner_id = ? AND game_id IS NULL`)
		if err != nil {
			return err
		}
		defer owned.Close()
		list, err := tx.PrepareContext(ctx, `SELECT 1 FROM armies WHERE id = ? AND game_id IS NOT NULL`)
		if err != nil {
			return err
		}
		defer list.Close()
		keep, err := tx.PrepareContext(ctx, `INSERT INTO drafts (army_id, owner_id, base, form, updated) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (army_id, owner_id) DO UPDATE SET base = excluded.base, form = excluded.form, updated = excluded.updated`)
		if err != nil {
			return err
		}
		defer keep.Close()
		now := stamp(s.now())
		for _, d := range ds {
			if len(d.Form) > MaxDraft || d.Owner == "" {
				continue
			}
			var one int
			var row *sql.Row
			if d.List {
				row = list.QueryRowContext(ctx, d.Army)
			} else {
				row = owned.QueryRowContext(ctx, d.Army, d.Owner)
			}
			if err := row.Scan(&one); errors.Is(err, sql.ErrNoRows) {
				continue
			} else if err != nil {
				return fmt.Errorf("db: unable to fetch army %s: %w", d.Army, err)
			}
			if _, err := keep.ExecContext(ctx, d.Army, d.Owner, d.Base, d.Form, now); err != nil {
				return fmt.Errorf("db: unable to keep the draft of army %s: %w", d.Army, err)
			}
		}
		return nil
	})
}

// SaveListDraft keeps the unsaved form of a game's list (id is its army) for the browser
// owner typing it. A list is reached through the game's player link, which the caller has
// checked; the draft is the typist's own, so another holder of the link does not see it.
func (s *Store) SaveListDraft(ctx context.Context, owner, id string, base int, form []byte) error {
	if owner == "" {
		return ErrNotFound
	}
	if len(form) > MaxDraft {
		return fmt.Errorf("db: a draft of %d bytes is larger than %d", len(form), MaxDraft)
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := findArmy(ctx, tx, " WHERE a.id = ? AND a.game_id IS NOT NULL", id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO drafts (army_id, owner_id, base, form, updated) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (army_id, owner_id) DO UPDATE SET base = excluded.base, form = excluded.form, updated = excluded.updated`,
			id, owner, base, form, stamp(s.now()))
		return err
	})
}

// GetDraft returns owner's unsaved form of their army, or ErrNotFound.
func (s *Store) GetDraft(ctx context.Context, owner, id string) (Draft, error) {
	var d Draft
	var updated string
	err := s.r.QueryRowContext(ctx, `SELECT base, form, updated FROM drafts WHERE army_id = ? AND owner_id = ?`, id, owner).
		Scan(&d.Base, &d.Form, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return Draft{}, ErrNotFound
	}
	if err != nil {
		return Draft{}, fmt.Errorf("db: unable to fetch the draft of army %s: %w", id, err)
	}
	d.Updated = parseStamp(updated)
	return d, nil
}

// DeleteDraft forgets owner's unsaved form of their army (after a save, or when discarded).
func (s *Store) DeleteDraft(ctx context.Context, owner, id string) error {
	_, err := s.w.ExecContext(ctx, `DELETE FROM drafts WHERE army_id = ? AND owner_id = ?`, id, owner)
	return err
}
