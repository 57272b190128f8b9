package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// A scenario's versions (issue 33, as an army's): every save adds one, none is changed, a
// restore copies an old one as the newest. Only the scenario's owner reaches them; a share
// link reads the latest (the scenario's row) and nothing else.

// ScenarioVersion is one saved version of a scenario.
type ScenarioVersion struct {
	Number int
	Name   string
	Saved  time.Time
	Note   string // what made it: "saved in the designer", "imported", "restored version 2"
	Size   int    // the file's bytes
	Body   []byte // the file (ScenarioAt only: ScenarioHistory leaves it out)
}

// ScenarioHistory lists the versions of owner's scenario id, newest first, without their
// files (another owner's scenario is ErrNotFound).
func (s *Store) ScenarioHistory(ctx context.Context, owner, id string) ([]ScenarioVersion, error) {
	if _, err := s.Scenario(ctx, owner, id); err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, `SELECT number, name, saved_at, note, LENGTH(body) FROM scenario_versions
		WHERE scenario_id = ? ORDER BY number DESC`, id)
	if err != nil {
		return nil, fmt.Errorf("db: unable to fetch the scenario's history: %w", err)
	}
	defer rows.Close()
	var out []ScenarioVersion
	for rows.Next() {
		var v ScenarioVersion
		var saved string
		if err := rows.Scan(&v.Number, &v.Name, &saved, &v.Note, &v.Size); err != nil {
			return nil, fmt.Errorf("db: unable to fetch the scenario's history: %w", err)
		}
		v.Saved = parseStamp(saved)
		out = append(out, v)
	}
	return out, rows.Err()
}

// ScenarioAt returns version number of owner's scenario id, its file with it.
func (s *Store) ScenarioAt(ctx context.Context, owner, id string, number int) (ScenarioVersion, error) {
	if _, err := s.Scenario(ctx, owner, id); err != nil {
		return ScenarioVersion{}, err
	}
	return scenarioAt(ctx, s.r, id, number)
}

func scenarioAt(ctx context.Context, q queryer, id string, number int) (ScenarioVersion, error) {
	var v ScenarioVersion
	var saved string
	err := q.QueryRowContext(ctx, `SELECT number, name, saved_at, note, body FROM scenario_versions
		WHERE scenario_id = ? AND number = ?`, id, number).Scan(&v.Number, &v.Name, &saved, &v.Note, &v.Body)
	if errors.Is(err, sql.ErrNoRows) {
		return ScenarioVersion{}, ErrNotFound
	}
	if err != nil {
		return ScenarioVersion{}, fmt.Errorf("db: unable to fetch version %d of the scenario: %w", number, err)
	}
	v.Saved, v.Size = parseStamp(saved), len(v.Body)
	return v, nil
}

// RestoreScenario makes a copy of version number of owner's scenario id its newest
// version: nothing is overwritten, the versions between stay. base is the latest version
// the page offering it showed (*StaleError if another has been saved since; AnyVersion:
// whatever it is); a number that is no version of it is ErrNotFound.
func (s *Store) RestoreScenario(ctx context.Context, owner, id string, base, number int) (Scenario, error) {
	if owner == "" {
		return Scenario{}, ErrNotFound
	}
	var out Scenario
	err := s.tx(ctx, func(tx *sql.Tx) error {
		cur, err := scanScenario(tx.QueryRowContext(ctx, "SELECT "+scenarioColumns+" FROM scenarios WHERE id = ? AND owner_id = ?", id, owner))
		if err != nil {
			return err
		}
		if err := onBase(base, cur.Version); err != nil {
			return err
		}
		old, err := scenarioAt(ctx, tx, id, number)
		if err != nil {
			return err
		}
		if err := s.addScenarioVersion(ctx, tx, cur, old.Name, old.Body, fmt.Sprintf("restored version %d", number)); err != nil {
			return err
		}
		out, err = scanScenario(tx.QueryRowContext(ctx, "SELECT "+scenarioColumns+" FROM scenarios WHERE id = ?", id))
		return err
	})
	return out, err
}
