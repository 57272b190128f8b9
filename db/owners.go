package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Owner is who an army, matchup, game or share link belongs to: a guest held by a browser's
// session, or an account with a name and a password.
type Owner struct {
	ID       string
	Name     string // "" for a guest
	Display  string // the name as the user wrote it
	Admin    bool
	Password string // the password hash; "" for a guest
	Created  time.Time
}

// Guest reports whether the owner has no account yet.
func (o Owner) Guest() bool { return o.Name == "" }

// ErrNameTaken is returned when an account name is in use.
var ErrNameTaken = errors.New("db: the account name is taken")

const ownerColumns = `id, COALESCE(name, ''), display, password, admin, created`

func scanOwner(sc interface{ Scan(...any) error }) (Owner, error) {
	var o Owner
	var created string
	err := sc.Scan(&o.ID, &o.Name, &o.Display, &o.Password, &o.Admin, &created)
	o.Created = parseStamp(created)
	if errors.Is(err, sql.ErrNoRows) {
		return Owner{}, ErrNotFound
	}
	return o, err
}

// accountKey is how account names are compared: case and surrounding spaces do not count.
func accountKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// CreateGuest makes a new guest owner.
func (s *Store) CreateGuest(ctx context.Context) (Owner, error) {
	id, err := token(12)
	if err != nil {
		return Owner{}, err
	}
	o := Owner{ID: id, Created: s.now()}
	if _, err := s.w.ExecContext(ctx, `INSERT INTO owners (id, created) VALUES (?, ?)`, id, stamp(o.Created)); err != nil {
		return Owner{}, fmt.Errorf("db: unable to create a guest: %w", err)
	}
	return o, nil
}

// CreateAccount makes a new account with a password hash (made by the caller).
func (s *Store) CreateAccount(ctx context.Context, name, hash string, admin bool) (Owner, error) {
	return s.createAccount(ctx, name, hash, admin, "")
}

// CreateInvitedAccount makes a new account on an invitation, spending it in the same
// transaction: of two sign-ups on one invitation only one makes an account, the other gets
// ErrInviteUsed and leaves nothing behind.
func (s *Store) CreateInvitedAccount(ctx context.Context, name, hash, invite string) (Owner, error) {
	if invite == "" {
		return Owner{}, ErrInviteUsed
	}
	return s.createAccount(ctx, name, hash, false, invite)
}

func (s *Store) createAccount(ctx context.Context, name, hash string, admin bool, invite string) (Owner, error) {
	id, err := token(12)
	if err != nil {
		return Owner{}, err
	}
	var o Owner
	err = s.tx(ctx, func(tx *sql.Tx) error {
		if err := nameFree(ctx, tx, name); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO owners (id, name, display, password, admin, created) VALUES (?, ?, ?, ?, ?, ?)`,
			id, accountKey(name), strings.TrimSpace(name), hash, admin, stamp(s.now())); err != nil {
			return fmt.Errorf("db: unable to create account: %w", err)
		}
		if err := spendInvite(ctx, tx, invite, id); err != nil {
			return err
		}
		o, err = scanOwner(tx.QueryRowContext(ctx, "SELECT "+ownerColumns+" FROM owners WHERE id = ?", id))
		return err
	})
	return o, err
}

func nameFree(ctx context.Context, tx *sql.Tx, name string) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM owners WHERE name = ?`, accountKey(name)).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return ErrNameTaken
	}
	return nil
}

// SignUp turns a guest into an account, keeping its id (so everything the guest saved stays
// its own). With an invitation (invite not ""), the invitation is spent in the same
// transaction: ErrInviteUsed, and the guest stays a guest, when it is not open.
func (s *Store) SignUp(ctx context.Context, guestID, name, hash, invite string) (Owner, error) {
	var o Owner
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if err := nameFree(ctx, tx, name); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE owners SET name = ?, display = ?, password = ? WHERE id = ? AND name IS NULL`,
			accountKey(name), strings.TrimSpace(name), hash, guestID)
		if err != nil {
			return fmt.Errorf("db: unable to sign up: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		if err := spendInvite(ctx, tx, invite, guestID); err != nil {
			return err
		}
		o, err = scanOwner(tx.QueryRowContext(ctx, "SELECT "+ownerColumns+" FROM owners WHERE id = ?", guestID))
		return err
	})
	return o, err
}

// OwnerByID returns an owner.
func (s *Store) OwnerByID(ctx context.Context, id string) (Owner, error) {
	return scanOwner(s.r.QueryRowContext(ctx, "SELECT "+ownerColumns+" FROM owners WHERE id = ?", id))
}

// OwnerByName returns an account by its name (any case).
func (s *Store) OwnerByName(ctx context.Context, name string) (Owner, error) {
	return scanOwner(s.r.QueryRowContext(ctx, "SELECT "+ownerColumns+" FROM owners WHERE name = ?", accountKey(name)))
}

// Accounts lists the accounts, by name.
func (s *Store) Accounts(ctx context.Context) ([]Owner, error) {
	rows, err := s.r.QueryContext(ctx, "SELECT "+ownerColumns+" FROM owners WHERE name IS NOT NULL ORDER BY name")
	if err != nil {
		return nil, fmt.Errorf("db: unable to list accounts: %w", err)
	}
	defer rows.Close()
	var out []Owner
	for rows.Next() {
		o, err := scanOwner(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// SetPassword replaces an account's password hash.
func (s *Store) SetPassword(ctx context.Context, id, hash string) error {
	res, err := s.w.ExecContext(ctx, `UPDATE owners SET password = ? WHERE id = ? AND name IS NOT NULL`, hash, id)
	if err != nil {
		return fmt.Errorf("db: unable to change the password: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// owned are the tables whose rows have an owner_id.
var owned = []string{"armies", "sims", "games", "lists", "api_tokens", "matchups", "solo_games", "swm_cards", "scenarios"}

// MergeGuest gives everything a guest owns to an account (signing in on a browser that built
// as a guest) and marks the guest merged.
func (s *Store) MergeGuest(ctx context.Context, guestID, accountID string) error {
	if guestID == "" || guestID == accountID {
		return nil
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		var name sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT name FROM owners WHERE id = ?`, guestID).Scan(&name)
		if errors.Is(err, sql.ErrNoRows) || name.Valid {
			return nil // not a guest: nothing to merge
		}
		if err != nil {
			return err
		}
		for _, t := range owned {
			if _, err := tx.ExecContext(ctx, "UPDATE "+t+" SET owner_id = ? WHERE owner_id = ?", accountID, guestID); err != nil {
				return fmt.Errorf("db: unable to merge the guest's %s: %w", t, err)
			}
		}
		_, err = tx.ExecContext(ctx, `UPDATE owners SET merged_to = ? WHERE id = ?`, accountID, guestID)
		return err
	})
}

// Adopt gives the armies, matchups and games saved before owners existed (owner NULL) to an
// account, and says how many armies it got.
func (s *Store) Adopt(ctx context.Context, accountID string) (int, error) {
	var n int64
	err := s.tx(ctx, func(tx *sql.Tx) error {
		for _, t := range []string{"armies", "sims", "games", "lists"} {
			res, err := tx.ExecContext(ctx, "UPDATE "+t+" SET owner_id = ? WHERE owner_id IS NULL", accountID)
			if err != nil {
				return fmt.Errorf("db: unable to adopt %s: %w", t, err)
			}
			if t == "armies" {
				n, _ = res.RowsAffected()
			}
		}
		return nil
	})
	return int(n), err
}
