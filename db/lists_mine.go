package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// A signed-in player's lists on another device. The player page lists the lists whose keys
// this browser's cookie holds, and only each key's hash is stored, so a key cannot be shown
// again; a list does know its owner (lists.owner_id: an account, once its guest signed in).
// So the page lists the account's lists of the game, and opening one on this device issues
// it a further key (list_keys): the first device's key keeps working. A guest's lists have
// no account to be found by: they stay on the browser that made them.

// OwnedLists returns the lists of a game that belong to an owner, oldest first ("" owns
// nothing).
func (s *Store) OwnedLists(ctx context.Context, gameID, ownerID string) ([]List, error) {
	if ownerID == "" {
		return nil, nil
	}
	return s.gameLists(ctx, gameID, ownerID)
}

// AddListKey issues a further key to a list (128 random bits; only its hash is kept), for
// its owner opening it on another device. The list's other keys keep opening it. A list of
// another owner or of another game is ErrNotFound, as is a list with no owner: no key is
// issued. A locked game's list gets a key too: its player may still look at it and print it.
func (s *Store) AddListKey(ctx context.Context, gameID, listID, ownerID string) (string, error) {
	if ownerID == "" {
		return "", ErrNotFound
	}
	key, err := token(16)
	if err != nil {
		return "", err
	}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		var id string
		err := tx.QueryRowContext(ctx, `SELECT id FROM lists WHERE id = ? AND game_id = ? AND owner_id = ?`,
			listID, gameID, ownerID).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("db: unable to look up list %s: %w", listID, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO list_keys (list_id, key_hash, created) VALUES (?, ?, ?)`,
			id, hashToken(key), stamp(s.now())); err != nil {
			return fmt.Errorf("db: unable to issue a key to list %s: %w", listID, err)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return key, nil
}
