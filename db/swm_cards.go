package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// A player's d20 Star Wars Miniatures card library: the store keeps each card as the web
// layer gives it (the engine's card as JSON), with its name and the key names match by; only the owner reaches a card, except through the card's own share link (read-only).

// ErrCardNameTaken is returned when the owner's library has another card of the name.
var ErrCardNameTaken = errors.New("db: the library has a card of this name")

// ErrLibraryFull is returned when a save would take the library past MaxSWMCards.
var ErrLibraryFull = errors.New("db: the card library is full")

// MaxSWMCards is how many cards one owner's library holds; MaxSWMCard the bytes of one.
const (
	MaxSWMCards = 500
	MaxSWMCard  = 64 << 10
)

// SWMCard is one card of a library.
type SWMCard struct {
	ID      string
	Owner   string
	Name    string
	Key     string // the name as names match (cards.Normalize)
	Body    []byte
	Share   string // the share link's token; "" for none
	Created time.Time
	Updated time.Time
}

const swmCardColumns = `id, owner_id, name, name_key, body, COALESCE(share_token, ''), created, updated`

func scanSWMCard(sc interface{ Scan(...any) error }) (SWMCard, error) {
	var c SWMCard
	var created, updated string
	err := sc.Scan(&c.ID, &c.Owner, &c.Name, &c.Key, &c.Body, &c.Share, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return SWMCard{}, ErrNotFound
	}
	c.Created, c.Updated = parseStamp(created), parseStamp(updated)
	return c, err
}

// SWMCards lists owner's cards by name.
func (s *Store) SWMCards(ctx context.Context, owner string) ([]SWMCard, error) {
	if owner == "" {
		return nil, nil
	}
	rows, err := s.r.QueryContext(ctx, "SELECT "+swmCardColumns+` FROM swm_cards WHERE owner_id = ?
		ORDER BY name_key, updated DESC, id LIMIT ?`, owner, MaxSWMCards*2)
	if err != nil {
		return nil, fmt.Errorf("db: unable to list the card library: %w", err)
	}
	defer rows.Close()
	var out []SWMCard
	for rows.Next() {
		c, err := scanSWMCard(rows)
		if err != nil {
			return nil, fmt.Errorf("db: unable to list the card library: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// SWMCard returns one of owner's cards; another owner's is ErrNotFound.
func (s *Store) SWMCard(ctx context.Context, owner, id string) (SWMCard, error) {
	if owner == "" || id == "" {
		return SWMCard{}, ErrNotFound
	}
	return scanSWMCard(s.r.QueryRowContext(ctx, "SELECT "+swmCardColumns+" FROM swm_cards WHERE id = ? AND owner_id = ?", id, owner))
}

// SWMCardByName returns owner's card of a name key, the newest if there are two.
func (s *Store) SWMCardByName(ctx context.Context, owner, key string) (SWMCard, error) {
	if owner == "" || key == "" {
		return SWMCard{}, ErrNotFound
	}
	return scanSWMCard(s.r.QueryRowContext(ctx, "SELECT "+swmCardColumns+` FROM swm_cards WHERE owner_id = ? AND name_key = ?
		ORDER BY updated DESC, id DESC LIMIT 1`, owner, key))
}

// SWMCardByShare returns the card a live share link points to.
func (s *Store) SWMCardByShare(ctx context.Context, tok string) (SWMCard, error) {
	if tok == "" {
		return SWMCard{}, ErrNotFound
	}
	return scanSWMCard(s.r.QueryRowContext(ctx, "SELECT "+swmCardColumns+" FROM swm_cards WHERE share_token = ?", tok))
}

// SaveSWMCard saves a card to owner's library: id "" adds one, else it replaces owner's
// card id (another owner's is ErrNotFound). A name another of owner's cards has is
// ErrCardNameTaken.
func (s *Store) SaveSWMCard(ctx context.Context, owner, id, name, key string, body []byte) (SWMCard, error) {
	if owner == "" {
		return SWMCard{}, ErrNotFound
	}
	if len(body) > MaxSWMCard {
		return SWMCard{}, fmt.Errorf("db: a card of %d bytes is larger than %d", len(body), MaxSWMCard)
	}
	var out SWMCard
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		out, err = saveSWMCard(ctx, tx, s.now(), owner, id, name, key, body)
		return err
	})
	return out, err
}

func saveSWMCard(ctx context.Context, tx *sql.Tx, now time.Time, owner, id, name, key string, body []byte) (SWMCard, error) {
	var other string
	err := tx.QueryRowContext(ctx, `SELECT id FROM swm_cards WHERE owner_id = ? AND name_key = ? AND id <> ? LIMIT 1`, owner, key, id).Scan(&other)
	if err == nil {
		return SWMCard{}, ErrCardNameTaken
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return SWMCard{}, err
	}
	if id == "" {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM swm_cards WHERE owner_id = ?`, owner).Scan(&n); err != nil {
			return SWMCard{}, err
		}
		if n >= MaxSWMCards {
			return SWMCard{}, ErrLibraryFull
		}
		if id, err = token(12); err != nil {
			return SWMCard{}, err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO swm_cards (id, owner_id, name, name_key, body, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			id, owner, name, key, body, stamp(now), stamp(now)); err != nil {
			return SWMCard{}, fmt.Errorf("db: unable to save the card: %w", err)
		}
	} else {
		res, err := tx.ExecContext(ctx, `UPDATE swm_cards SET name = ?, name_key = ?, body = ?, updated = ? WHERE id = ? AND owner_id = ?`,
			name, key, body, stamp(now), id, owner)
		if err != nil {
			return SWMCard{}, fmt.Errorf("db: unable to save the card: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return SWMCard{}, ErrNotFound
		}
	}
	return scanSWMCard(tx.QueryRowContext(ctx, "SELECT "+swmCardColumns+" FROM swm_cards WHERE id = ?", id))
}

// NewSWMCard is a card to import: its name, key and file.
type NewSWMCard struct {
	Name, Key string
	Body      []byte
}

// ImportSWMCards saves cards to owner's library in one transaction: a card whose name the
// library has replaces that card, the others are added. It says how many were added and
// how many replaced; nothing is saved when any is refused.
func (s *Store) ImportSWMCards(ctx context.Context, owner string, list []NewSWMCard) (added, replaced int, err error) {
	if owner == "" {
		return 0, 0, ErrNotFound
	}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		added, replaced = 0, 0
		for _, c := range list {
			if len(c.Body) > MaxSWMCard {
				return fmt.Errorf("db: a card of %d bytes is larger than %d", len(c.Body), MaxSWMCard)
			}
			var id string
			err := tx.QueryRowContext(ctx, `SELECT id FROM swm_cards WHERE owner_id = ? AND name_key = ? ORDER BY updated DESC, id DESC LIMIT 1`, owner, c.Key).Scan(&id)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return err
			}
			if _, err := saveSWMCard(ctx, tx, s.now(), owner, id, c.Name, c.Key, c.Body); err != nil {
				return err
			}
			if id == "" {
				added++
			} else {
				replaced++
			}
		}
		return nil
	})
	return added, replaced, err
}

// DeleteSWMCard removes one of owner's cards (its share link with it).
func (s *Store) DeleteSWMCard(ctx context.Context, owner, id string) error {
	return s.deleteOwned(ctx, "swm_cards", "card", owner, id)
}

// ShareSWMCard gives one of owner's cards a share link (128 random bits), or returns the
// one it has.
func (s *Store) ShareSWMCard(ctx context.Context, owner, id string) (string, error) {
	return s.shareOwned(ctx, "swm_cards", owner, id)
}

// UnshareSWMCard revokes a card's share link: it then opens nothing.
func (s *Store) UnshareSWMCard(ctx context.Context, owner, id string) error {
	return s.unshareOwned(ctx, "swm_cards", "card", owner, id)
}
