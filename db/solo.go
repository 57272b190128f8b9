package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Solo games of the skirmish quick reference: the store keeps each step's state and result
// as the web layer gives them (JSON it does not read), and only the owner reaches them.

// ErrStale is returned when a step is taken on a game that has moved on since the page was
// drawn (a second tab, a form sent twice): the step is not taken, so nothing is rolled twice.
var ErrStale = errors.New("db: the game has moved on")

// ErrNothingToUndo is returned by UndoSolo at a game's first step.
var ErrNothingToUndo = errors.New("db: nothing to undo")

// MaxSoloState bounds one stored step (a solo game's file is at most 1 MiB; the result is
// small beside it).
const MaxSoloState = 2 << 20

// SoloKeep is how many steps of a game are kept for undo; older ones are dropped.
const SoloKeep = 50

// SoloGame is a solo game as of its head step.
type SoloGame struct {
	ID      string
	Owner   string
	Name    string
	Head    int    // the head step's number (1: just started)
	Action  string // what the head step was
	State   []byte
	Result  []byte
	Created time.Time
	Updated time.Time
}

// CreateSolo saves owner's new game as its first step, under a new unguessable id.
func (s *Store) CreateSolo(ctx context.Context, owner, name string, state, result []byte) (SoloGame, error) {
	if owner == "" {
		return SoloGame{}, errors.New("db: a solo game needs an owner")
	}
	if len(state)+len(result) > MaxSoloState {
		return SoloGame{}, fmt.Errorf("db: a solo game of %d bytes is larger than %d", len(state)+len(result), MaxSoloState)
	}
	id, err := token(12)
	if err != nil {
		return SoloGame{}, err
	}
	now := s.now()
	g := SoloGame{ID: id, Owner: owner, Name: name, Head: 1, Action: "Game started", State: state, Result: result, Created: now, Updated: now}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO solo_games (id, owner_id, name, head, created, updated) VALUES (?, ?, ?, 1, ?, ?)`,
			id, owner, name, stamp(now), stamp(now)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO solo_steps (game_id, number, action, state, result, created) VALUES (?, 1, ?, ?, ?, ?)`,
			id, g.Action, state, result, stamp(now))
		return err
	})
	if err != nil {
		return SoloGame{}, fmt.Errorf("db: unable to save the solo game: %w", err)
	}
	return g, nil
}

// GetSolo returns one of owner's solo games at its head step; another owner's game is
// ErrNotFound.
func (s *Store) GetSolo(ctx context.Context, owner, id string) (SoloGame, error) {
	if owner == "" {
		return SoloGame{}, ErrNotFound
	}
	var g SoloGame
	var created, updated string
	err := s.r.QueryRowContext(ctx, `SELECT g.id, g.owner_id, g.name, g.head, st.action, st.state, st.result, g.created, g.updated
		FROM solo_games g JOIN solo_steps st ON st.game_id = g.id AND st.number = g.head
		WHERE g.id = ? AND g.owner_id = ?`, id, owner).
		Scan(&g.ID, &g.Owner, &g.Name, &g.Head, &g.Action, &g.State, &g.Result, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return SoloGame{}, ErrNotFound
	}
	if err != nil {
		return SoloGame{}, fmt.Errorf("db: unable to fetch solo game %s: %w", id, err)
	}
	g.Created, g.Updated = parseStamp(created), parseStamp(updated)
	return g, nil
}

// ListSolo returns owner's solo games, the latest played first, without their states.
func (s *Store) ListSolo(ctx context.Context, owner string) ([]SoloGame, error) {
	if owner == "" {
		return nil, nil
	}
	rows, err := s.r.QueryContext(ctx, `SELECT id, name, head, created, updated FROM solo_games
		WHERE owner_id = ? ORDER BY updated DESC, id LIMIT 200`, owner)
	if err != nil {
		return nil, fmt.Errorf("db: unable to list solo games: %w", err)
	}
	defer rows.Close()
	var out []SoloGame
	for rows.Next() {
		g := SoloGame{Owner: owner}
		var created, updated string
		if err := rows.Scan(&g.ID, &g.Name, &g.Head, &created, &updated); err != nil {
			return nil, fmt.Errorf("db: unable to list solo games: %w", err)
		}
		g.Created, g.Updated = parseStamp(created), parseStamp(updated)
		out = append(out, g)
	}
	return out, rows.Err()
}

// SaveSoloStep adds a step to owner's game, taken on the page drawn at step base: if the game
// has moved on since, nothing is saved and ErrStale is returned. Steps older than the last
// SoloKeep are dropped.
func (s *Store) SaveSoloStep(ctx context.Context, owner, id string, base int, action string, state, result []byte) (int, error) {
	if len(state)+len(result) > MaxSoloState {
		return 0, fmt.Errorf("db: a solo game of %d bytes is larger than %d", len(state)+len(result), MaxSoloState)
	}
	next := base + 1
	err := s.tx(ctx, func(tx *sql.Tx) error {
		head, err := soloHead(ctx, tx, owner, id)
		if err != nil {
			return err
		}
		if head != base {
			return ErrStale
		}
		now := stamp(s.now())
		if _, err := tx.ExecContext(ctx, `INSERT INTO solo_steps (game_id, number, action, state, result, created) VALUES (?, ?, ?, ?, ?, ?)`,
			id, next, action, state, result, now); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE solo_games SET head = ?, updated = ? WHERE id = ?`, next, now, id); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM solo_steps WHERE game_id = ? AND number <= ?`, id, next-SoloKeep)
		return err
	})
	if err != nil {
		if errors.Is(err, ErrNotFound) || errors.Is(err, ErrStale) {
			return 0, err
		}
		return 0, fmt.Errorf("db: unable to save a step of solo game %s: %w", id, err)
	}
	return next, nil
}

// UndoSolo drops the head step of owner's game, taken on the page drawn at step base (ErrStale
// if the game has moved on): the game stands where it stood before. At the first step, or
// the oldest step kept, there is nothing to undo.
func (s *Store) UndoSolo(ctx context.Context, owner, id string, base int) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		head, err := soloHead(ctx, tx, owner, id)
		if err != nil {
			return err
		}
		if head != base {
			return ErrStale
		}
		var prev int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM solo_steps WHERE game_id = ? AND number = ?`, id, head-1).Scan(&prev); err != nil {
			return err
		}
		if prev == 0 {
			return ErrNothingToUndo
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM solo_steps WHERE game_id = ? AND number = ?`, id, head); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE solo_games SET head = ?, updated = ? WHERE id = ?`, head-1, stamp(s.now()), id)
		return err
	})
}

// DeleteSolo removes owner's game and its steps.
func (s *Store) DeleteSolo(ctx context.Context, owner, id string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := soloHead(ctx, tx, owner, id); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM solo_steps WHERE game_id = ?`, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM solo_games WHERE id = ?`, id)
		return err
	})
}

func soloHead(ctx context.Context, tx *sql.Tx, owner, id string) (int, error) {
	var head int
	err := tx.QueryRowContext(ctx, `SELECT head FROM solo_games WHERE id = ? AND owner_id = ?`, id, owner).Scan(&head)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	return head, err
}
