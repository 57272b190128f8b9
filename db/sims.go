package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Sim is a saved matchup: two armies (by id and the version played), the scenario, the
// battles, the seed, and the results as the battle engine gave them (JSON the store does not
// read).
type Sim struct {
	ID              string
	Owner           string // who played it
	Game            string // the game night it belongs to ("" for one's own matchup)
	ArmyA, ArmyB    string
	VersionA        int
	VersionB        int
	Scenario        string
	Battles         int
	Seed            string
	Summary, Charts []byte
	SampleLog       string
	Elapsed         time.Duration
	Created         time.Time
	Status          string // SimDone, or SimInterrupted: stopped by a shutdown, to be played again
	// ScenarioFile is the scenario file the matchup was played on when it was a player's
	// own scenario (nil for a built-in, named by Scenario): its replays play that field.
	ScenarioFile []byte
}

// The states a saved matchup can be in.
const (
	SimDone        = "done"
	SimInterrupted = "interrupted"
)

// SaveSim saves a matchup's results under a new unguessable id and returns it. A matchup
// belongs to its owner, or, with Game set, to a game night (reached through its links).
func (s *Store) SaveSim(ctx context.Context, m Sim) (Sim, error) {
	return s.saveSim(ctx, s.w, m)
}

func (s *Store) saveSim(ctx context.Context, q interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}, m Sim) (Sim, error) {
	id, err := token(12)
	if err != nil {
		return Sim{}, err
	}
	m.ID, m.Created = id, s.now()
	if m.Status == "" {
		m.Status = SimDone
	}
	if m.Summary == nil {
		m.Summary = []byte("{}")
	}
	if m.Charts == nil {
		m.Charts = []byte("{}")
	}
	_, err = q.ExecContext(ctx, `INSERT INTO sims
		(id, army_a, version_a, army_b, version_b, scenario, battles, seed, summary, charts, sample_log, elapsed_ms, created,
		 owner_id, game_id, status, scenario_file)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULLIF(?, ''), NULLIF(?, ''), ?, ?)`,
		m.ID, m.ArmyA, m.VersionA, m.ArmyB, m.VersionB, m.Scenario, m.Battles, m.Seed, m.Summary, m.Charts,
		m.SampleLog, m.Elapsed.Milliseconds(), stamp(m.Created), m.Owner, m.Game, m.Status, m.ScenarioFile)
	if err != nil {
		return Sim{}, fmt.Errorf("db: unable to save the matchup: %w", err)
	}
	return m, nil
}

const simColumns = `id, army_a, version_a, army_b, version_b, scenario, battles, seed, summary, charts, sample_log, elapsed_ms, created,
	COALESCE(owner_id, ''), COALESCE(game_id, ''), status, scenario_file`

func scanSim(sc interface{ Scan(...any) error }) (Sim, error) {
	var m Sim
	var ms int64
	var created string
	err := sc.Scan(&m.ID, &m.ArmyA, &m.VersionA, &m.ArmyB, &m.VersionB, &m.Scenario, &m.Battles, &m.Seed,
		&m.Summary, &m.Charts, &m.SampleLog, &ms, &created, &m.Owner, &m.Game, &m.Status, &m.ScenarioFile)
	m.Elapsed, m.Created = time.Duration(ms)*time.Millisecond, parseStamp(created)
	return m, err
}

// GetSim returns one of owner's own matchups (not a game night's).
func (s *Store) GetSim(ctx context.Context, owner, id string) (Sim, error) {
	if owner == "" {
		return Sim{}, ErrNotFound
	}
	return s.findSim(ctx, " WHERE id = ? AND owner_id = ? AND game_id IS NULL", id, owner)
}

// GameSim returns a matchup of a game night's lists, by the game's id.
func (s *Store) GameSim(ctx context.Context, gameID, id string) (Sim, error) {
	return s.findSim(ctx, " WHERE id = ? AND game_id = ?", id, gameID)
}

func (s *Store) findSim(ctx context.Context, where string, args ...any) (Sim, error) {
	m, err := scanSim(s.r.QueryRowContext(ctx, "SELECT "+simColumns+" FROM sims"+where, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return Sim{}, ErrNotFound
	}
	if err != nil {
		return Sim{}, fmt.Errorf("db: unable to fetch matchup %v: %w", args[0], err)
	}
	return m, nil
}

// ListSims returns owner's latest matchups (not game nights'), newest first, without logs.
func (s *Store) ListSims(ctx context.Context, owner string, limit int) ([]Sim, error) {
	return s.listSims(ctx, " WHERE owner_id = ? AND game_id IS NULL", owner, limit)
}

// GameSims returns a game night's latest matchups, newest first, without logs.
func (s *Store) GameSims(ctx context.Context, gameID string, limit int) ([]Sim, error) {
	return s.listSims(ctx, " WHERE game_id = ?", gameID, limit)
}

func (s *Store) listSims(ctx context.Context, where, key string, limit int) ([]Sim, error) {
	if key == "" {
		return nil, nil
	}
	rows, err := s.r.QueryContext(ctx, `SELECT id, army_a, version_a, army_b, version_b, scenario, battles, seed,
		summary, NULL, '', elapsed_ms, created, COALESCE(owner_id, ''), COALESCE(game_id, ''), status, scenario_file FROM sims`+where+
		` ORDER BY created DESC, id LIMIT ?`, key, limit)
	if err != nil {
		return nil, fmt.Errorf("db: unable to list matchups: %w", err)
	}
	defer rows.Close()
	var out []Sim
	for rows.Next() {
		m, err := scanSim(rows)
		if err != nil {
			return nil, fmt.Errorf("db: unable to list matchups: %w", err)
		}
		out = append(out, m)
	}
	return out, rows.Err()
}
