package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// A player's own things kept in a table of their own (d20 cards, scenarios): an id, an
// owner_id and a share_token (NULL while it has no link). Deleting, sharing and revoking
// work alike for each; table is one of the package's own names, never a user's.

// deleteOwned removes row id of owner's from table (what names it in an error).
func (s *Store) deleteOwned(ctx context.Context, table, what, owner, id string) error {
	if owner == "" {
		return ErrNotFound
	}
	res, err := s.w.ExecContext(ctx, `DELETE FROM `+table+` WHERE id = ? AND owner_id = ?`, id, owner)
	if err != nil {
		return fmt.Errorf("db: unable to delete the %s: %w", what, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// shareOwned gives row id of owner's in table a share link (128 random bits), or returns
// the one it has.
func (s *Store) shareOwned(ctx context.Context, table, owner, id string) (string, error) {
	var tok string
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var have string
		err := tx.QueryRowContext(ctx, `SELECT COALESCE(share_token, '') FROM `+table+` WHERE id = ? AND owner_id = ?`, id, owner).Scan(&have)
		if errors.Is(err, sql.ErrNoRows) || owner == "" {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if have != "" {
			tok = have
			return nil
		}
		if tok, err = token(16); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE `+table+` SET share_token = ? WHERE id = ? AND owner_id = ?`, tok, id, owner)
		return err
	})
	return tok, err
}

// unshareOwned revokes the share link of row id of owner's in table: it then opens nothing.
func (s *Store) unshareOwned(ctx context.Context, table, what, owner, id string) error {
	if owner == "" {
		return ErrNotFound
	}
	res, err := s.w.ExecContext(ctx, `UPDATE `+table+` SET share_token = NULL WHERE id = ? AND owner_id = ?`, id, owner)
	if err != nil {
		return fmt.Errorf("db: unable to revoke the %s's link: %w", what, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}
