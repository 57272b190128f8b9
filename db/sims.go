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
}

// SaveSim saves a matchup's results under a new unguessable id and returns it.
func (s *Store) SaveSim(ctx context.Context, m Sim) (Sim, error) {
	id, err := token(12)
	if err != nil {
		return Sim{}, err
	}
	m.ID, m.Created = id, s.now()
	_, err = s.w.ExecContext(ctx, `INSERT INTO sims
		(id, army_a, version_a, army_b, version_b, scenario, battles, seed, summary, charts, sample_log, elapsed_ms, created)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		m.ID, m.ArmyA, m.VersionA, m.ArmyB, m.VersionB, m.Scenario, m.Battles, m.Seed, m.Summary, m.Charts,
		m.SampleLog, m.Elapsed.Milliseconds(), stamp(m.Created))
	if err != nil {
		return Sim{}, fmt.Errorf("db: unable to save the matchup: %w", err)
	}
	return m, nil
}

const simColumns = `id, army_a, version_a, army_b, version_b, scenario, battles, seed, summary, charts, sample_log, elapsed_ms, created`

func scanSim(sc interface{ Scan(...any) error }) (Sim, error) {
	var m Sim
	var ms int64
	var created string
	err := sc.Scan(&m.ID, &m.ArmyA, &m.VersionA, &m.ArmyB, &m.VersionB, &m.Scenario, &m.Battles, &m.Seed,
		&m.Summary, &m.Charts, &m.SampleLog, &ms, &created)
	m.Elapsed, m.Created = time.Duration(ms)*time.Millisecond, parseStamp(created)
	return m, err
}

// GetSim returns a saved matchup.
func (s *Store) GetSim(ctx context.Context, id string) (Sim, error) {
	m, err := scanSim(s.r.QueryRowContext(ctx, "SELECT "+simColumns+" FROM sims WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return Sim{}, ErrNotFound
	}
	if err != nil {
		return Sim{}, fmt.Errorf("db: unable to fetch matchup %s: %w", id, err)
	}
	return m, nil
}

// ListSims returns the latest saved matchups, newest first, without their logs.
func (s *Store) ListSims(ctx context.Context, limit int) ([]Sim, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT id, army_a, version_a, army_b, version_b, scenario, battles, seed,
		summary, X'', '', elapsed_ms, created FROM sims ORDER BY created DESC, id LIMIT ?`, limit)
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
