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

const armyColumns = `a.id, a.head, COALESCE(a.owner_id, ''), a.deleted, a.updated, COALESCE(a.game_id, ''),
	v.name, v.side, v.total, v.lim, v.valid, v.errors,
	(SELECT COUNT(*) FROM versions WHERE army_id = a.id), v.system`

const armyFrom = ` FROM armies a JOIN versions v ON v.army_id = a.id AND v.number = a.head`

func scanArmy(sc interface{ Scan(...any) error }) (Army, error) {
	var a Army
	var updated string
	err := sc.Scan(&a.ID, &a.Version, &a.Owner, &a.Deleted, &updated, &a.Game,
		&a.Name, &a.Side, &a.Total, &a.Limit, &a.Valid, &a.Errors, &a.Versions, &a.System)
	a.Updated = parseStamp(updated)
	return a, err
}

func getArmy(ctx context.Context, q queryer, id string) (Army, error) {
	return findArmy(ctx, q, " WHERE a.id = ?", id)
}

// ownedArmy is the one way the army pages reach an army: by its owner and id. Another
// owner's army, a list entered in a game, and an army saved before owners existed are all
// not found, as if they did not exist.
func ownedArmy(ctx context.Context, q queryer, owner, id string) (Army, error) {
	if owner == "" {
		return Army{}, ErrNotFound
	}
	return findArmy(ctx, q, " WHERE a.id = ? AND a.owner_id = ? AND a.game_id IS NULL", id, owner)
}

func findArmy(ctx context.Context, q queryer, where string, args ...any) (Army, error) {
	id := args[0]
	a, err := scanArmy(q.QueryRowContext(ctx, "SELECT "+armyColumns+armyFrom+where, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return Army{}, ErrNotFound
	}
	if err != nil {
		return Army{}, fmt.Errorf("db: unable to fetch army %v: %w", id, err)
	}
	return a, nil
}

// insertVersion adds version number on top of parent and makes it the head.
func (s *Store) insertVersion(ctx context.Context, tx *sql.Tx, id string, number, parent int, file []byte, m Meta, note string) error {
	now := stamp(s.now())
	_, err := tx.ExecContext(ctx, `INSERT INTO versions
		(army_id, number, parent, file, name, side, total, lim, valid, errors, created, note, system)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, number, parent, file, m.Name, m.Side, m.Total, m.Limit, m.Valid, m.Errors, now, note, m.system())
	if err != nil {
		return fmt.Errorf("db: unable to save version %d of army %s: %w", number, id, err)
	}
	_, err = tx.ExecContext(ctx, `UPDATE armies SET head = ?, updated = ? WHERE id = ?`, number, now, id)
	return err
}

// Create saves a new army of owner's; its first version is 1.
func (s *Store) Create(ctx context.Context, owner string, file []byte, m Meta, note string) (Army, error) {
	if owner == "" {
		return Army{}, errors.New("db: an army needs an owner")
	}
	id, err := token(12)
	if err != nil {
		return Army{}, err
	}
	var a Army
	err = s.tx(ctx, func(tx *sql.Tx) error {
		now := stamp(s.now())
		if _, err := tx.ExecContext(ctx, `INSERT INTO armies (id, head, created, updated, owner_id) VALUES (?, 1, ?, ?, ?)`, id, now, now, owner); err != nil {
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

// Save appends a new version on top of the current head and makes it the head, if the
// head is still base, the version the saved form was drawn from (*StaleError if not;
// AnyVersion: whatever the head is).
func (s *Store) Save(ctx context.Context, owner, id string, base int, file []byte, m Meta, note string) (Army, error) {
	var a Army
	err := s.tx(ctx, func(tx *sql.Tx) error {
		cur, err := ownedArmy(ctx, tx, owner, id)
		if err != nil {
			return err
		}
		if err := onBase(base, cur.Version); err != nil {
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

// Get returns owner's army and its head version's file (a deleted one too, marked Deleted:
// its owner may bring it back).
func (s *Store) Get(ctx context.Context, owner, id string) (Army, []byte, error) {
	a, err := ownedArmy(ctx, s.r, owner, id)
	if err != nil {
		return Army{}, nil, err
	}
	v, err := s.version(ctx, id, a.Version)
	return a, v.File, err
}

// Ping reports whether the database answers.
func (s *Store) Ping(ctx context.Context) error {
	var n int
	return s.r.QueryRowContext(ctx, "SELECT 1").Scan(&n)
}

// List returns owner's armies that are not deleted, most recently updated first. Lists
// entered in a game are not among them: they are reached through the game's links only.
func (s *Store) List(ctx context.Context, owner string) ([]Army, error) {
	rows, err := s.r.QueryContext(ctx, "SELECT "+armyColumns+armyFrom+
		" WHERE a.owner_id = ? AND a.deleted = 0 AND a.game_id IS NULL ORDER BY a.updated DESC", owner)
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

const versionColumns = `number, parent, name, side, total, lim, valid, errors, created, note, system`

func scanVersion(sc interface{ Scan(...any) error }, withFile bool) (Version, error) {
	var v Version
	var created string
	dst := []any{&v.Number, &v.Parent, &v.Name, &v.Side, &v.Total, &v.Limit, &v.Valid, &v.Errors, &created, &v.Note, &v.System}
	if withFile {
		dst = append(dst, &v.File)
	}
	err := sc.Scan(dst...)
	v.Created = parseStamp(created)
	return v, err
}

// History lists every version, newest first, without their files.
func (s *Store) History(ctx context.Context, owner, id string) ([]Version, error) {
	if _, err := ownedArmy(ctx, s.r, owner, id); err != nil {
		return nil, err
	}
	return s.history(ctx, id)
}

// ListHistory is History of a list entered in a game, by the game's id: the game's links
// are what authorize reaching it.
func (s *Store) ListHistory(ctx context.Context, gameID, armyID string) ([]Version, error) {
	a, err := getArmy(ctx, s.r, armyID)
	if err != nil {
		return nil, err
	}
	if a.Game == "" || a.Game != gameID {
		return nil, ErrNotFound
	}
	return s.history(ctx, armyID)
}

func (s *Store) history(ctx context.Context, id string) ([]Version, error) {
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

// Version returns one version of owner's army with its file.
func (s *Store) Version(ctx context.Context, owner, id string, number int) (Version, error) {
	if _, err := ownedArmy(ctx, s.r, owner, id); err != nil {
		return Version{}, err
	}
	return s.version(ctx, id, number)
}

// GameArmyVersion returns one version of a list entered in a game, by the game's id: the
// game's links are what authorize reaching it.
func (s *Store) GameArmyVersion(ctx context.Context, gameID, armyID string, number int) (Version, error) {
	a, err := getArmy(ctx, s.r, armyID)
	if err != nil {
		return Version{}, err
	}
	if a.Game == "" || a.Game != gameID {
		return Version{}, ErrNotFound
	}
	return s.version(ctx, armyID, number)
}

func (s *Store) version(ctx context.Context, id string, number int) (Version, error) {
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

// Restore makes a copy of version number the new head: a new version, so nothing is lost.
// base is the head the page offering it showed (*StaleError if the head has moved since;
// AnyVersion: whatever it is).
func (s *Store) Restore(ctx context.Context, owner, id string, base, number int) (Army, error) {
	var a Army
	err := s.tx(ctx, func(tx *sql.Tx) error {
		cur, err := ownedArmy(ctx, tx, owner, id)
		if err != nil {
			return err
		}
		if err := onBase(base, cur.Version); err != nil {
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

// Undo moves the head to the version it was saved on top of, if the head is still base,
// the version the page offering it showed (*StaleError if not; AnyVersion: whatever it is).
func (s *Store) Undo(ctx context.Context, owner, id string, base int) (Army, error) {
	return s.moveHead(ctx, owner, id, base, undoQuery)
}

// Redo moves the head to the newest version saved on top of it (base: as for Undo).
func (s *Store) Redo(ctx context.Context, owner, id string, base int) (Army, error) {
	return s.moveHead(ctx, owner, id, base, redoQuery)
}

func (s *Store) moveHead(ctx context.Context, owner, id string, base int, query string) (Army, error) {
	var a Army
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := ownedArmy(ctx, tx, owner, id); err != nil {
			return err
		}
		var err error
		a, err = s.moveHeadTx(ctx, tx, id, base, query)
		return err
	})
	return a, err
}

func (s *Store) moveHeadTx(ctx context.Context, tx *sql.Tx, id string, base int, query string) (Army, error) {
	cur, err := getArmy(ctx, tx, id)
	if err != nil {
		return Army{}, err
	}
	if err := onBase(base, cur.Version); err != nil {
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

// Delete hides owner's army from everyone (its share links, the API, matchups); only its
// owner can bring it back with Undelete.
func (s *Store) Delete(ctx context.Context, owner, id string) error {
	return s.setDeleted(ctx, owner, id, true)
}

// Undelete brings a deleted army back.
func (s *Store) Undelete(ctx context.Context, owner, id string) error {
	return s.setDeleted(ctx, owner, id, false)
}

func (s *Store) setDeleted(ctx context.Context, owner, id string, deleted bool) error {
	if owner == "" {
		return ErrNotFound
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE armies SET deleted = ?, updated = ? WHERE id = ? AND owner_id = ? AND game_id IS NULL`,
			deleted, stamp(s.now()), id, owner)
		if err != nil {
			return fmt.Errorf("db: unable to delete army %s: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
}
