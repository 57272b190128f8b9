package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// A player's own scenarios (issue 33): the store keeps each as its scenario file, the bytes
// the web layer gives it (checked by the engine before), with its name for the list. Only
// the owner reaches a scenario, except through its own share link (read-only).

// ErrScenariosFull is returned when a save would take the owner past MaxScenarios.
var ErrScenariosFull = errors.New("db: the scenario list is full")

// MaxScenarios is how many scenarios one owner keeps; MaxScenarioFile the bytes of one.
const (
	MaxScenarios    = 200
	MaxScenarioFile = 256 << 10
)

// Scenario is one of an owner's scenarios: its latest version's name and file.
type Scenario struct {
	ID      string
	Owner   string
	Name    string
	Body    []byte // the scenario file
	Share   string // the share link's token; "" for none
	Created time.Time
	Updated time.Time
	Version int // the latest version's number (every save adds one: ScenarioHistory)
}

// The latest version's number is the highest one kept (the migration gave every scenario
// saved before versions its version 1).
const scenarioColumns = `id, owner_id, name, body, COALESCE(share_token, ''), created, updated,
	(SELECT COALESCE(MAX(number), 0) FROM scenario_versions WHERE scenario_id = scenarios.id)`

func scanScenario(sc interface{ Scan(...any) error }) (Scenario, error) {
	var c Scenario
	var created, updated string
	err := sc.Scan(&c.ID, &c.Owner, &c.Name, &c.Body, &c.Share, &created, &updated, &c.Version)
	if errors.Is(err, sql.ErrNoRows) {
		return Scenario{}, ErrNotFound
	}
	c.Created, c.Updated = parseStamp(created), parseStamp(updated)
	return c, err
}

// Scenarios lists owner's scenarios, the latest changed first.
func (s *Store) Scenarios(ctx context.Context, owner string) ([]Scenario, error) {
	if owner == "" {
		return nil, nil
	}
	rows, err := s.r.QueryContext(ctx, "SELECT "+scenarioColumns+` FROM scenarios WHERE owner_id = ?
		ORDER BY updated DESC, id LIMIT ?`, owner, MaxScenarios*2)
	if err != nil {
		return nil, fmt.Errorf("db: unable to list the scenarios: %w", err)
	}
	defer rows.Close()
	var out []Scenario
	for rows.Next() {
		c, err := scanScenario(rows)
		if err != nil {
			return nil, fmt.Errorf("db: unable to list the scenarios: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// Scenario returns one of owner's scenarios; another owner's is ErrNotFound.
func (s *Store) Scenario(ctx context.Context, owner, id string) (Scenario, error) {
	if owner == "" || id == "" {
		return Scenario{}, ErrNotFound
	}
	return scanScenario(s.r.QueryRowContext(ctx, "SELECT "+scenarioColumns+" FROM scenarios WHERE id = ? AND owner_id = ?", id, owner))
}

// ScenarioByShare returns the scenario a live share link points to.
func (s *Store) ScenarioByShare(ctx context.Context, tok string) (Scenario, error) {
	if tok == "" {
		return Scenario{}, ErrNotFound
	}
	return scanScenario(s.r.QueryRowContext(ctx, "SELECT "+scenarioColumns+" FROM scenarios WHERE share_token = ?", tok))
}

// SaveScenario saves a scenario file to owner's list as a new version: id "" adds a
// scenario (its version 1), else it adds the next version of owner's scenario id (another
// owner's is ErrNotFound), if its latest version is still base, the version the saved form
// was drawn from (*StaleError if not; AnyVersion: whatever it is). note says what made the
// version, for its history.
func (s *Store) SaveScenario(ctx context.Context, owner, id string, base int, name string, body []byte, note string) (Scenario, error) {
	if owner == "" {
		return Scenario{}, ErrNotFound
	}
	if len(body) > MaxScenarioFile {
		return Scenario{}, fmt.Errorf("db: a scenario of %d bytes is larger than %d", len(body), MaxScenarioFile)
	}
	var out Scenario
	err := s.tx(ctx, func(tx *sql.Tx) error {
		now := stamp(s.now())
		if id == "" {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM scenarios WHERE owner_id = ?`, owner).Scan(&n); err != nil {
				return err
			}
			if n >= MaxScenarios {
				return ErrScenariosFull
			}
			var err error
			if id, err = token(12); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO scenarios (id, owner_id, name, body, created, updated) VALUES (?, ?, ?, ?, ?, ?)`,
				id, owner, name, body, now, now); err != nil {
				return fmt.Errorf("db: unable to save the scenario: %w", err)
			}
			if err := insertScenarioVersion(ctx, tx, id, 1, name, body, now, note); err != nil {
				return err
			}
		} else {
			cur, err := scanScenario(tx.QueryRowContext(ctx, "SELECT "+scenarioColumns+" FROM scenarios WHERE id = ? AND owner_id = ?", id, owner))
			if err != nil {
				return err
			}
			if err := onBase(base, cur.Version); err != nil {
				return err
			}
			if err := s.addScenarioVersion(ctx, tx, cur, name, body, note); err != nil {
				return err
			}
		}
		var err error
		out, err = scanScenario(tx.QueryRowContext(ctx, "SELECT "+scenarioColumns+" FROM scenarios WHERE id = ?", id))
		return err
	})
	return out, err
}

// addScenarioVersion makes name and body cur's next version, the one its row holds.
func (s *Store) addScenarioVersion(ctx context.Context, tx *sql.Tx, cur Scenario, name string, body []byte, note string) error {
	now := stamp(s.now())
	if _, err := tx.ExecContext(ctx, `UPDATE scenarios SET name = ?, body = ?, updated = ? WHERE id = ?`,
		name, body, now, cur.ID); err != nil {
		return fmt.Errorf("db: unable to save the scenario: %w", err)
	}
	return insertScenarioVersion(ctx, tx, cur.ID, cur.Version+1, name, body, now, note)
}

func insertScenarioVersion(ctx context.Context, tx *sql.Tx, id string, number int, name string, body []byte, now, note string) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO scenario_versions (scenario_id, number, name, body, saved_at, note)
		VALUES (?, ?, ?, ?, ?, ?)`, id, number, name, body, now, note); err != nil {
		return fmt.Errorf("db: unable to save version %d of the scenario: %w", number, err)
	}
	return nil
}

// DeleteScenario removes one of owner's scenarios, every version and its share link with
// it. Matchups played on it keep their copy of its file.
func (s *Store) DeleteScenario(ctx context.Context, owner, id string) error {
	if owner == "" {
		return ErrNotFound
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		// The versions first, by hand: the schema's ON DELETE CASCADE would do it, but only
		// where foreign keys are enforced (SQLite's are, per connection, by the store's DSN).
		if _, err := tx.ExecContext(ctx, `DELETE FROM scenario_versions WHERE scenario_id IN
			(SELECT id FROM scenarios WHERE id = ? AND owner_id = ?)`, id, owner); err != nil {
			return fmt.Errorf("db: unable to delete the scenario's versions: %w", err)
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM scenarios WHERE id = ? AND owner_id = ?`, id, owner)
		if err != nil {
			return fmt.Errorf("db: unable to delete the scenario: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
}

// ShareScenario gives one of owner's scenarios a share link (128 random bits), or returns
// the one it has.
func (s *Store) ShareScenario(ctx context.Context, owner, id string) (string, error) {
	return s.shareOwned(ctx, "scenarios", owner, id)
}

// UnshareScenario revokes a scenario's share link: it then opens nothing.
func (s *Store) UnshareScenario(ctx context.Context, owner, id string) error {
	return s.unshareOwned(ctx, "scenarios", "scenario", owner, id)
}
