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

// Scenario is one of an owner's scenarios.
type Scenario struct {
	ID      string
	Owner   string
	Name    string
	Body    []byte // the scenario file
	Share   string // the share link's token; "" for none
	Created time.Time
	Updated time.Time
}

const scenarioColumns = `id, owner_id, name, body, COALESCE(share_token, ''), created, updated`

func scanScenario(sc interface{ Scan(...any) error }) (Scenario, error) {
	var c Scenario
	var created, updated string
	err := sc.Scan(&c.ID, &c.Owner, &c.Name, &c.Body, &c.Share, &created, &updated)
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

// SaveScenario saves a scenario file to owner's list: id "" adds one, else it replaces
// owner's scenario id (another owner's is ErrNotFound).
func (s *Store) SaveScenario(ctx context.Context, owner, id, name string, body []byte) (Scenario, error) {
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
		} else {
			res, err := tx.ExecContext(ctx, `UPDATE scenarios SET name = ?, body = ?, updated = ? WHERE id = ? AND owner_id = ?`,
				name, body, now, id, owner)
			if err != nil {
				return fmt.Errorf("db: unable to save the scenario: %w", err)
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return ErrNotFound
			}
		}
		var err error
		out, err = scanScenario(tx.QueryRowContext(ctx, "SELECT "+scenarioColumns+" FROM scenarios WHERE id = ?", id))
		return err
	})
	return out, err
}

// DeleteScenario removes one of owner's scenarios (its share link with it). Matchups played
// on it keep their copy of its file.
func (s *Store) DeleteScenario(ctx context.Context, owner, id string) error {
	return s.deleteOwned(ctx, "scenarios", "scenario", owner, id)
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
