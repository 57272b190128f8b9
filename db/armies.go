package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// queryer is what both a pool and a transaction offer for reads.
type queryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

const armyColumns = `a.id, a.head, COALESCE(a.share_token, ''), a.deleted, a.updated, COALESCE(a.game_id, ''),
	v.name, v.side, v.total, v.lim, v.valid, v.errors,
	(SELECT COUNT(*) FROM versions WHERE army_id = a.id)`

const armyFrom = ` FROM armies a JOIN versions v ON v.army_id = a.id AND v.number = a.head`

func scanArmy(sc interface{ Scan(...any) error }) (Army, error) {
	var a Army
	var updated string
	err := sc.Scan(&a.ID, &a.Version, &a.ShareToken, &a.Deleted, &updated, &a.Game,
		&a.Name, &a.Side, &a.Total, &a.Limit, &a.Valid, &a.Errors, &a.Versions)
	a.Updated = parseStamp(updated)
	return a, err
}

func getArmy(ctx context.Context, q queryer, id string) (Army, error) {
	a, err := scanArmy(q.QueryRowContext(ctx, "SELECT "+armyColumns+armyFrom+" WHERE a.id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return Army{}, ErrNotFound
	}
	if err != nil {
		return Army{}, fmt.Errorf("db: unable to fetch army %s: %w", id, err)
	}
	return a, nil
}

// insertVersion adds version number on top of parent and makes it the head.
func (s *Store) insertVersion(ctx context.Context, tx *sql.Tx, id string, number, parent int, file []byte, m Meta, note string) error {
	now := stamp(s.now())
	_, err := tx.ExecContext(ctx, `INSERT INTO versions
		(army_id, number, parent, file, name, side, total, lim, valid, errors, created, note)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, number, parent, file, m.Name, m.Side, m.Total, m.Limit, m.Valid, m.Errors, now, note)
	if err != nil {
		return fmt.Errorf("db: unable to save version %d of army %s: %w", number, id, err)
	}
	_, err = tx.ExecContext(ctx, `UPDATE armies SET head = ?, updated = ? WHERE id = ?`, number, now, id)
	return err
}

// Create saves a new army; its first version is 1.
func (s *Store) Create(ctx context.Context, file []byte, m Meta, note string) (Army, error) {
	id, err := token(12)
	if err != nil {
		return Army{}, err
	}
	var a Army
	err = s.tx(ctx, func(tx *sql.Tx) error {
		now := stamp(s.now())
		if _, err := tx.ExecContext(ctx, `INSERT INTO armies (id, head, created, updated) VALUES (?, 1, ?, ?)`, id, now, now); err != nil {
			return fmt.Errorf("db: unable to create army: %w", err)
		}
		if err := s.insertVersion(ctx, tx, id, 1, 0, file, m, note); err != nil {
			return err
		}
		a, err = getArmy(ctx, tx, id)
		return err
	})
	return a, err
}

// Save appends a new version on top of the current head and makes it the head.
func (s *Store) Save(ctx context.Context, id string, file []byte, m Meta, note string) (Army, error) {
	var a Army
	err := s.tx(ctx, func(tx *sql.Tx) error {
		cur, err := getArmy(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := s.insertVersion(ctx, tx, id, cur.Versions+1, cur.Version, file, m, note); err != nil {
			return err
		}
		a, err = getArmy(ctx, tx, id)
		return err
	})
	return a, err
}

// Get returns the army and its head version's file.
func (s *Store) Get(ctx context.Context, id string) (Army, []byte, error) {
	a, err := getArmy(ctx, s.r, id)
	if err != nil {
		return Army{}, nil, err
	}
	v, err := s.Version(ctx, id, a.Version)
	return a, v.File, err
}

// List returns the armies that are not deleted, most recently updated first. Lists entered
// in a game are not among them: they are reached through the game's links only.
func (s *Store) List(ctx context.Context) ([]Army, error) {
	rows, err := s.r.QueryContext(ctx, "SELECT "+armyColumns+armyFrom+" WHERE a.deleted = 0 AND a.game_id IS NULL ORDER BY a.updated DESC")
	if err != nil {
		return nil, fmt.Errorf("db: unable to list armies: %w", err)
	}
	defer rows.Close()
	var out []Army
	for rows.Next() {
		a, err := scanArmy(rows)
		if err != nil {
			return nil, fmt.Errorf("db: unable to list armies: %w", err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

const versionColumns = `number, parent, name, side, total, lim, valid, errors, created, note`

func scanVersion(sc interface{ Scan(...any) error }, withFile bool) (Version, error) {
	var v Version
	var created string
	dst := []any{&v.Number, &v.Parent, &v.Name, &v.Side, &v.Total, &v.Limit, &v.Valid, &v.Errors, &created, &v.Note}
	if withFile {
		dst = append(dst, &v.File)
	}
	err := sc.Scan(dst...)
	v.Created = parseStamp(created)
	return v, err
}

// History lists every version, newest first, without their files.
func (s *Store) History(ctx context.Context, id string) ([]Version, error) {
	if _, err := getArmy(ctx, s.r, id); err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, "SELECT "+versionColumns+" FROM versions WHERE army_id = ? ORDER BY number DESC", id)
	if err != nil {
		return nil, fmt.Errorf("db: unable to fetch the history of army %s: %w", id, err)
	}
	defer rows.Close()
	var out []Version
	for rows.Next() {
		v, err := scanVersion(rows, false)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// Version returns one version with its file.
func (s *Store) Version(ctx context.Context, id string, number int) (Version, error) {
	v, err := scanVersion(s.r.QueryRowContext(ctx,
		"SELECT "+versionColumns+", file FROM versions WHERE army_id = ? AND number = ?", id, number), true)
	if errors.Is(err, sql.ErrNoRows) {
		return Version{}, ErrNotFound
	}
	if err != nil {
		return Version{}, fmt.Errorf("db: unable to fetch version %d of army %s: %w", number, id, err)
	}
	return v, nil
}

// Restore makes a copy of an old version the new head: a new version, so nothing is lost.
func (s *Store) Restore(ctx context.Context, id string, number int) (Army, error) {
	var a Army
	err := s.tx(ctx, func(tx *sql.Tx) error {
		cur, err := getArmy(ctx, tx, id)
		if err != nil {
			return err
		}
		old, err := scanVersion(tx.QueryRowContext(ctx,
			"SELECT "+versionColumns+", file FROM versions WHERE army_id = ? AND number = ?", id, number), true)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		note := fmt.Sprintf("restored version %d", number)
		if err := s.insertVersion(ctx, tx, id, cur.Versions+1, cur.Version, old.File, old.Meta, note); err != nil {
			return err
		}
		a, err = getArmy(ctx, tx, id)
		return err
	})
	return a, err
}

// The versions undo and redo move the head to.
const (
	undoQuery = `SELECT parent FROM versions WHERE army_id = ? AND number = ? AND parent > 0`
	redoQuery = `SELECT MAX(number) FROM versions WHERE army_id = ? AND parent = ? HAVING COUNT(*) > 0`
)

// Undo moves the head to the version it was saved on top of.
func (s *Store) Undo(ctx context.Context, id string) (Army, error) {
	return s.moveHead(ctx, id, undoQuery)
}

// Redo moves the head to the newest version saved on top of it.
func (s *Store) Redo(ctx context.Context, id string) (Army, error) {
	return s.moveHead(ctx, id, redoQuery)
}

func (s *Store) moveHead(ctx context.Context, id, query string) (Army, error) {
	var a Army
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		a, err = s.moveHeadTx(ctx, tx, id, query)
		return err
	})
	return a, err
}

func (s *Store) moveHeadTx(ctx context.Context, tx *sql.Tx, id, query string) (Army, error) {
	cur, err := getArmy(ctx, tx, id)
	if err != nil {
		return Army{}, err
	}
	var to int
	err = tx.QueryRowContext(ctx, query, id, cur.Version).Scan(&to)
	if errors.Is(err, sql.ErrNoRows) {
		return Army{}, ErrNotFound
	}
	if err != nil {
		return Army{}, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE armies SET head = ?, updated = ? WHERE id = ?`, to, stamp(s.now()), id); err != nil {
		return Army{}, err
	}
	return getArmy(ctx, tx, id)
}

// Delete hides an army from List; it can be brought back with Undelete.
func (s *Store) Delete(ctx context.Context, id string) error { return s.setDeleted(ctx, id, true) }

// Undelete brings a deleted army back.
func (s *Store) Undelete(ctx context.Context, id string) error { return s.setDeleted(ctx, id, false) }

func (s *Store) setDeleted(ctx context.Context, id string, deleted bool) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE armies SET deleted = ?, updated = ? WHERE id = ?`, deleted, stamp(s.now()), id)
		if err != nil {
			return fmt.Errorf("db: unable to delete army %s: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
}

// Share returns the army's read-only share token (128 random bits), creating it once.
func (s *Store) Share(ctx context.Context, id string) (string, error) {
	var tok string
	err := s.tx(ctx, func(tx *sql.Tx) error {
		a, err := getArmy(ctx, tx, id)
		if err != nil {
			return err
		}
		if a.ShareToken != "" {
			tok = a.ShareToken
			return nil
		}
		if tok, err = token(16); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE armies SET share_token = ? WHERE id = ?`, tok, id)
		return err
	})
	return tok, err
}

// ByShareToken finds the army a share token points to, with its head version's file.
func (s *Store) ByShareToken(ctx context.Context, tok string) (Army, []byte, error) {
	if tok == "" {
		return Army{}, nil, ErrNotFound
	}
	var id string
	err := s.r.QueryRowContext(ctx, `SELECT id FROM armies WHERE share_token = ?`, tok).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return Army{}, nil, ErrNotFound
	}
	if err != nil {
		return Army{}, nil, fmt.Errorf("db: unable to look up a share token: %w", err)
	}
	return s.Get(ctx, id)
}
