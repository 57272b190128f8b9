package db

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// ErrLocked is returned when a list is changed after its game was locked.
var ErrLocked = errors.New("db: the game is locked")

// Side is one side of a game and the gamemaster's force limits for it, as written (a
// limits file: roster.ReadLimits reads it; empty: no limits).
type Side struct {
	Side   string `json:"side"`
	Limits string `json:"limits"`
}

// GameDetails is what a gamemaster writes about a game; each change is a new version.
type GameDetails struct {
	Name     string
	Date     string // YYYY-MM-DD, or empty
	Scenario string
	Notes    string // for the players
	Sides    []Side
	// Battlefield is the scenario file the game is played on (a built-in's or the
	// gamemaster's own, as it was attached); nil: none.
	Battlefield []byte
}

// SideLimits returns the limits written for a side, and whether the side plays.
func (d GameDetails) SideLimits(side string) (string, bool) {
	for _, s := range d.Sides {
		if s.Side == side {
			return s.Limits, true
		}
	}
	return "", false
}

// Game is a game as of its head version.
type Game struct {
	ID string
	GameDetails
	Version  int // the head version's number
	Versions int
	Locked   bool
	Created  time.Time
	Updated  time.Time
}

// GameVersion is one saved state of a game's details and limits.
type GameVersion struct {
	Number int
	GameDetails
	Created time.Time
	Note    string
}

// Links are a game's two tokens as issued: the gamemaster's and the players'. Only their
// hashes are stored.
type Links struct {
	GM, Player string
}

// List is an army entered in a game for a side by a player.
type List struct {
	ID     string
	GameID string
	Side   string
	Player string
	// Submitted is the army version the player submitted; 0 when not submitted (or
	// withdrawn).
	Submitted int
	// Owner is who made the list (an account once its guest signed in; "" for a list from
	// before owners): its key, not its owner, is what opens it, except to AddListKey.
	Owner   string
	Created time.Time
	Updated time.Time
	Army    Army // the army as of its head version
}

// Submission is one submit (Version > 0) or withdrawal (Version 0) of a list.
type Submission struct {
	Number  int
	Version int
	Created time.Time
}

// hashToken is what is stored of a token.
func hashToken(tok string) []byte {
	h := sha256.Sum256([]byte(tok))
	return h[:]
}

// sealKey derives the key that seals a game's player token from its GM token.
func sealKey(gameID, gm string) ([]byte, error) {
	return hkdf.Key(sha256.New, []byte(gm), []byte(gameID), "muster: player link", 32)
}

// sealPlayer seals the player token so that only the GM token opens it.
func sealPlayer(gameID, gm, player string) ([]byte, error) {
	key, err := sealKey(gameID, gm)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	return aead.Seal(nonce, nonce, []byte(player), []byte(gameID)), nil
}

// openPlayer opens a sealed player token with the GM token.
func openPlayer(gameID, gm string, seal []byte) (string, error) {
	key, err := sealKey(gameID, gm)
	if err != nil {
		return "", err
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return "", err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return "", err
	}
	if len(seal) < aead.NonceSize() {
		return "", errors.New("db: the sealed player link is damaged")
	}
	p, err := aead.Open(nil, seal[:aead.NonceSize()], seal[aead.NonceSize():], []byte(gameID))
	if err != nil {
		return "", fmt.Errorf("db: unable to open the player link: %w", err)
	}
	return string(p), nil
}

const gameColumns = `g.id, g.head, g.locked, g.created, g.updated,
	v.name, v.date, v.scenario, v.notes, v.sides, v.battlefield,
	(SELECT COUNT(*) FROM game_versions WHERE game_id = g.id)`

const gameFrom = ` FROM games g JOIN game_versions v ON v.game_id = g.id AND v.number = g.head`

func scanGame(sc interface{ Scan(...any) error }) (Game, error) {
	var g Game
	var created, updated, sides string
	err := sc.Scan(&g.ID, &g.Version, &g.Locked, &created, &updated,
		&g.Name, &g.Date, &g.Scenario, &g.Notes, &sides, &g.Battlefield, &g.Versions)
	if err != nil {
		return g, err
	}
	g.Created, g.Updated = parseStamp(created), parseStamp(updated)
	if err := json.Unmarshal([]byte(sides), &g.Sides); err != nil {
		return g, fmt.Errorf("db: the sides of game %s do not parse: %w", g.ID, err)
	}
	return g, nil
}

func getGame(ctx context.Context, q queryer, id string) (Game, error) {
	g, err := scanGame(q.QueryRowContext(ctx, "SELECT "+gameColumns+gameFrom+" WHERE g.id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	if err != nil {
		return Game{}, fmt.Errorf("db: unable to fetch game %s: %w", id, err)
	}
	return g, nil
}

func (s *Store) insertGameVersion(ctx context.Context, tx *sql.Tx, id string, number int, d GameDetails, note string) error {
	if d.Sides == nil {
		d.Sides = []Side{}
	}
	sides, err := json.Marshal(d.Sides)
	if err != nil {
		return err
	}
	now := stamp(s.now())
	_, err = tx.ExecContext(ctx, `INSERT INTO game_versions
		(game_id, number, name, date, scenario, notes, sides, battlefield, created, note)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, number, d.Name, d.Date, d.Scenario, d.Notes, string(sides), d.Battlefield, now, note)
	if err != nil {
		return fmt.Errorf("db: unable to save version %d of game %s: %w", number, id, err)
	}
	_, err = tx.ExecContext(ctx, `UPDATE games SET head = ?, updated = ? WHERE id = ?`, number, now, id)
	return err
}

// CreateGame saves a new game and issues its two links.
// owner is who made it (its links, not the owner, are what open it).
func (s *Store) CreateGame(ctx context.Context, owner string, d GameDetails) (Game, Links, error) {
	id, err := token(12)
	if err != nil {
		return Game{}, Links{}, err
	}
	var l Links
	if l.GM, err = token(16); err != nil {
		return Game{}, Links{}, err
	}
	if l.Player, err = token(16); err != nil {
		return Game{}, Links{}, err
	}
	seal, err := sealPlayer(id, l.GM, l.Player)
	if err != nil {
		return Game{}, Links{}, err
	}
	var g Game
	err = s.tx(ctx, func(tx *sql.Tx) error {
		now := stamp(s.now())
		if _, err := tx.ExecContext(ctx, `INSERT INTO games (id, gm_hash, player_hash, player_seal, head, created, updated, owner_id)
			VALUES (?, ?, ?, ?, 1, ?, ?, NULLIF(?, ''))`, id, hashToken(l.GM), hashToken(l.Player), seal, now, now, owner); err != nil {
			return fmt.Errorf("db: unable to create game: %w", err)
		}
		if err := s.insertGameVersion(ctx, tx, id, 1, d, "created"); err != nil {
			return err
		}
		g, err = getGame(ctx, tx, id)
		return err
	})
	return g, l, err
}

// gameByToken finds the game whose column (gm_hash or player_hash) holds the token's hash,
// comparing the hashes in constant time.
func (s *Store) gameByToken(ctx context.Context, column, tok string) (string, error) {
	if tok == "" {
		return "", ErrNotFound
	}
	h := hashToken(tok)
	var id string
	var stored []byte
	err := s.r.QueryRowContext(ctx, "SELECT id, "+column+" FROM games WHERE "+column+" = ?", h).Scan(&id, &stored)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("db: unable to look up a game link: %w", err)
	}
	if subtle.ConstantTimeCompare(stored, h) != 1 {
		return "", ErrNotFound
	}
	return id, nil
}

// GameByGMToken finds the game a gamemaster's token opens, and its player token (unsealed
// with the GM token).
func (s *Store) GameByGMToken(ctx context.Context, gm string) (Game, string, error) {
	id, err := s.gameByToken(ctx, "gm_hash", gm)
	if err != nil {
		return Game{}, "", err
	}
	g, err := getGame(ctx, s.r, id)
	if err != nil {
		return Game{}, "", err
	}
	var seal []byte
	if err := s.r.QueryRowContext(ctx, `SELECT player_seal FROM games WHERE id = ?`, id).Scan(&seal); err != nil {
		return Game{}, "", fmt.Errorf("db: unable to fetch the player link of game %s: %w", id, err)
	}
	player, err := openPlayer(id, gm, seal)
	if err != nil {
		return Game{}, "", err
	}
	return g, player, nil
}

// GameByPlayerToken finds the game a player token opens.
func (s *Store) GameByPlayerToken(ctx context.Context, player string) (Game, error) {
	id, err := s.gameByToken(ctx, "player_hash", player)
	if err != nil {
		return Game{}, err
	}
	return getGame(ctx, s.r, id)
}

// UpdateGame saves the game's details and limits as a new version, if the head is still
// base, the version the form was drawn from (*StaleError if not; AnyVersion: whatever it
// is). Lists are not touched: they are judged against the limits when they are read.
func (s *Store) UpdateGame(ctx context.Context, id string, base int, d GameDetails, note string) (Game, error) {
	var g Game
	err := s.tx(ctx, func(tx *sql.Tx) error {
		cur, err := getGame(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := onBase(base, cur.Version); err != nil {
			return err
		}
		if err := s.insertGameVersion(ctx, tx, id, cur.Versions+1, d, note); err != nil {
			return err
		}
		g, err = getGame(ctx, tx, id)
		return err
	})
	return g, err
}

const gameVersionColumns = `number, name, date, scenario, notes, sides, battlefield, created, note`

func scanGameVersion(sc interface{ Scan(...any) error }) (GameVersion, error) {
	var v GameVersion
	var sides, created string
	if err := sc.Scan(&v.Number, &v.Name, &v.Date, &v.Scenario, &v.Notes, &sides, &v.Battlefield, &created, &v.Note); err != nil {
		return v, err
	}
	v.Created = parseStamp(created)
	if err := json.Unmarshal([]byte(sides), &v.Sides); err != nil {
		return v, fmt.Errorf("db: the sides of a game version do not parse: %w", err)
	}
	return v, nil
}

// GameHistory lists every version of the game, newest first.
func (s *Store) GameHistory(ctx context.Context, id string) ([]GameVersion, error) {
	rows, err := s.r.QueryContext(ctx, "SELECT "+gameVersionColumns+" FROM game_versions WHERE game_id = ? ORDER BY number DESC", id)
	if err != nil {
		return nil, fmt.Errorf("db: unable to fetch the history of game %s: %w", id, err)
	}
	defer rows.Close()
	var out []GameVersion
	for rows.Next() {
		v, err := scanGameVersion(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if len(out) == 0 && rows.Err() == nil {
		return nil, ErrNotFound
	}
	return out, rows.Err()
}

// RestoreGame copies version number of the game forward as the new head, if the head is
// still base, the one the page offering it showed (*StaleError if not; AnyVersion:
// whatever it is).
func (s *Store) RestoreGame(ctx context.Context, id string, base, number int) (Game, error) {
	var g Game
	err := s.tx(ctx, func(tx *sql.Tx) error {
		cur, err := getGame(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := onBase(base, cur.Version); err != nil {
			return err
		}
		old, err := scanGameVersion(tx.QueryRowContext(ctx,
			"SELECT "+gameVersionColumns+" FROM game_versions WHERE game_id = ? AND number = ?", id, number))
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if err := s.insertGameVersion(ctx, tx, id, cur.Versions+1, old.GameDetails, fmt.Sprintf("restored version %d", number)); err != nil {
			return err
		}
		g, err = getGame(ctx, tx, id)
		return err
	})
	return g, err
}

// SetLocked locks (or unlocks) a game's lists: while it is locked no list can be created,
// saved, submitted or withdrawn.
func (s *Store) SetLocked(ctx context.Context, id string, locked bool) (Game, error) {
	var g Game
	err := s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET locked = ?, updated = ? WHERE id = ?`, locked, stamp(s.now()), id)
		if err != nil {
			return fmt.Errorf("db: unable to lock game %s: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		g, err = getGame(ctx, tx, id)
		return err
	})
	return g, err
}

// RotateGM issues a new gamemaster token; the old one opens nothing any more. gm is the
// current token (it unseals the player token, which is sealed again under the new one).
func (s *Store) RotateGM(ctx context.Context, id, gm string) (string, error) {
	fresh, err := token(16)
	if err != nil {
		return "", err
	}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		var stored, seal []byte
		err := tx.QueryRowContext(ctx, `SELECT gm_hash, player_seal FROM games WHERE id = ?`, id).Scan(&stored, &seal)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if subtle.ConstantTimeCompare(stored, hashToken(gm)) != 1 {
			return ErrNotFound
		}
		player, err := openPlayer(id, gm, seal)
		if err != nil {
			return err
		}
		if seal, err = sealPlayer(id, fresh, player); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET gm_hash = ?, player_seal = ?, updated = ? WHERE id = ?`,
			hashToken(fresh), seal, stamp(s.now()), id)
		return err
	})
	if err != nil {
		return "", err
	}
	return fresh, nil
}

// RotatePlayer issues a new player token; the old one, and every list link made with it,
// opens nothing any more (the lists keep their own keys and work with the new link). gm is
// the gamemaster's current token, which seals the new player token.
func (s *Store) RotatePlayer(ctx context.Context, id, gm string) (string, error) {
	fresh, err := token(16)
	if err != nil {
		return "", err
	}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		var stored []byte
		err := tx.QueryRowContext(ctx, `SELECT gm_hash FROM games WHERE id = ?`, id).Scan(&stored)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if subtle.ConstantTimeCompare(stored, hashToken(gm)) != 1 {
			return ErrNotFound
		}
		seal, err := sealPlayer(id, gm, fresh)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET player_hash = ?, player_seal = ?, updated = ? WHERE id = ?`,
			hashToken(fresh), seal, stamp(s.now()), id)
		return err
	})
	if err != nil {
		return "", err
	}
	return fresh, nil
}

// unlocked fails with ErrLocked when the game is locked.
func unlocked(ctx context.Context, tx *sql.Tx, gameID string) error {
	var locked bool
	err := tx.QueryRowContext(ctx, `SELECT locked FROM games WHERE id = ?`, gameID).Scan(&locked)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	if locked {
		return ErrLocked
	}
	return nil
}

const listColumns = `l.id, l.game_id, l.side, l.player, l.submitted, COALESCE(l.owner_id, ''), l.created, l.updated`

func scanList(sc interface{ Scan(...any) error }) (List, error) {
	var l List
	var created, updated, armyUpdated string
	err := sc.Scan(&l.ID, &l.GameID, &l.Side, &l.Player, &l.Submitted, &l.Owner, &created, &updated,
		&l.Army.ID, &l.Army.Version, &l.Army.Owner, &l.Army.Deleted, &armyUpdated, &l.Army.Game,
		&l.Army.Name, &l.Army.Side, &l.Army.Total, &l.Army.Limit, &l.Army.Valid, &l.Army.Errors, &l.Army.Versions, &l.Army.System)
	l.Created, l.Updated, l.Army.Updated = parseStamp(created), parseStamp(updated), parseStamp(armyUpdated)
	return l, err
}

// listArmyColumns are the army columns scanList reads after the list's: armyColumns.
const listArmyColumns = armyColumns

const listFrom = ` FROM lists l JOIN armies a ON a.id = l.army_id JOIN versions v ON v.army_id = a.id AND v.number = a.head`

func getList(ctx context.Context, q queryer, where string, args ...any) (List, error) {
	row := q.QueryRowContext(ctx, "SELECT "+listColumns+", "+listArmyColumns+listFrom+" WHERE "+where, args...)
	l, err := scanList(row)
	if errors.Is(err, sql.ErrNoRows) {
		return List{}, ErrNotFound
	}
	if err != nil {
		return List{}, fmt.Errorf("db: unable to fetch a list: %w", err)
	}
	return l, nil
}

// CreateList saves a new army as a list for a side of a game, with its first version, and
// issues the player's key to it. It fails with ErrLocked when the game is locked.
// owner is the player who made it (its key, not the owner, is what opens it).
func (s *Store) CreateList(ctx context.Context, owner, gameID, side, player string, file []byte, m Meta, note string) (List, string, error) {
	armyID, err := token(12)
	if err != nil {
		return List{}, "", err
	}
	listID, err := token(12)
	if err != nil {
		return List{}, "", err
	}
	key, err := token(16)
	if err != nil {
		return List{}, "", err
	}
	var l List
	err = s.tx(ctx, func(tx *sql.Tx) error {
		if err := unlocked(ctx, tx, gameID); err != nil {
			return err
		}
		now := stamp(s.now())
		if _, err := tx.ExecContext(ctx, `INSERT INTO armies (id, head, created, updated, game_id, owner_id) VALUES (?, 1, ?, ?, ?, NULLIF(?, ''))`,
			armyID, now, now, gameID, owner); err != nil {
			return fmt.Errorf("db: unable to create a list's army: %w", err)
		}
		if err := s.insertVersion(ctx, tx, armyID, 1, 0, file, m, note); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO lists (id, game_id, army_id, key_hash, side, player, created, updated, owner_id)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULLIF(?, ''))`, listID, gameID, armyID, hashToken(key), side, player, now, now, owner); err != nil {
			return fmt.Errorf("db: unable to create a list: %w", err)
		}
		l, err = getList(ctx, tx, "l.id = ?", listID)
		return err
	})
	return l, key, err
}

// ListByKey finds the list a player's key opens, in the game given: a key to another
// game's list finds nothing. Any of a list's keys opens it (the first, or one issued to
// another device by AddListKey). Hashes are compared in constant time.
func (s *Store) ListByKey(ctx context.Context, gameID, key string) (List, error) {
	if key == "" {
		return List{}, ErrNotFound
	}
	h := hashToken(key)
	var id, game string
	var stored []byte
	// The list's first key (lists.key_hash) or a key issued to another device (list_keys,
	// db/lists_mine.go): 128 random bits each, so no key is both.
	err := s.r.QueryRowContext(ctx, `SELECT id, game_id, key_hash FROM lists WHERE key_hash = ?
		UNION ALL SELECT l.id, l.game_id, k.key_hash FROM list_keys k JOIN lists l ON l.id = k.list_id WHERE k.key_hash = ?`,
		h, h).Scan(&id, &game, &stored)
	if errors.Is(err, sql.ErrNoRows) {
		return List{}, ErrNotFound
	}
	if err != nil {
		return List{}, fmt.Errorf("db: unable to look up a list key: %w", err)
	}
	if subtle.ConstantTimeCompare(stored, h) != 1 || game != gameID {
		return List{}, ErrNotFound
	}
	return getList(ctx, s.r, "l.id = ?", id)
}

// GameList finds a list of a game by its id: a list of another game finds nothing.
func (s *Store) GameList(ctx context.Context, gameID, listID string) (List, error) {
	return getList(ctx, s.r, "l.id = ? AND l.game_id = ?", listID, gameID)
}

// GameLists returns every list of a game, oldest first.
func (s *Store) GameLists(ctx context.Context, gameID string) ([]List, error) {
	return s.gameLists(ctx, gameID, "")
}

// gameLists returns a game's lists, oldest first: all of them, or an owner's when owner
// is not "".
func (s *Store) gameLists(ctx context.Context, gameID, owner string) ([]List, error) {
	where, args := " WHERE l.game_id = ?", []any{gameID}
	if owner != "" {
		where, args = where+" AND l.owner_id = ?", append(args, owner)
	}
	rows, err := s.r.QueryContext(ctx, "SELECT "+listColumns+", "+listArmyColumns+listFrom+where+" ORDER BY l.created, l.id", args...)
	if err != nil {
		return nil, fmt.Errorf("db: unable to list the lists of game %s: %w", gameID, err)
	}
	defer rows.Close()
	var out []List
	for rows.Next() {
		l, err := scanList(rows)
		if err != nil {
			return nil, fmt.Errorf("db: unable to list the lists of game %s: %w", gameID, err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// listTx runs f on a list in a write transaction, after checking that its game is not
// locked; it returns the list as f left it.
func (s *Store) listTx(ctx context.Context, listID string, f func(tx *sql.Tx, l List) error) (List, error) {
	var out List
	err := s.tx(ctx, func(tx *sql.Tx) error {
		l, err := getList(ctx, tx, "l.id = ?", listID)
		if err != nil {
			return err
		}
		if err := unlocked(ctx, tx, l.GameID); err != nil {
			return err
		}
		if err := f(tx, l); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE lists SET updated = ? WHERE id = ?`, stamp(s.now()), listID); err != nil {
			return err
		}
		out, err = getList(ctx, tx, "l.id = ?", listID)
		return err
	})
	return out, err
}

// SaveList saves a list's army as a new version (ErrLocked once the game is locked), if its
// head is still base, the version the form was drawn from (*StaleError if not; AnyVersion:
// whatever it is).
func (s *Store) SaveList(ctx context.Context, listID string, base int, file []byte, m Meta, note string) (List, error) {
	return s.listTx(ctx, listID, func(tx *sql.Tx, l List) error {
		if err := onBase(base, l.Army.Version); err != nil {
			return err
		}
		return s.insertVersion(ctx, tx, l.Army.ID, l.Army.Versions+1, l.Army.Version, file, m, note)
	})
}

// UndoList and RedoList move a list's army between its versions, as Undo and Redo do
// (ErrLocked once the game is locked; ErrNotFound when there is nothing to undo or redo;
// *StaleError when the head is no longer base).
func (s *Store) UndoList(ctx context.Context, listID string, base int) (List, error) {
	return s.listTx(ctx, listID, func(tx *sql.Tx, l List) error {
		_, err := s.moveHeadTx(ctx, tx, l.Army.ID, base, undoQuery)
		return err
	})
}

// RedoList: see UndoList.
func (s *Store) RedoList(ctx context.Context, listID string, base int) (List, error) {
	return s.listTx(ctx, listID, func(tx *sql.Tx, l List) error {
		_, err := s.moveHeadTx(ctx, tx, l.Army.ID, base, redoQuery)
		return err
	})
}

// Submit submits the list's army as it is now (its head version) to the gamemaster.
func (s *Store) Submit(ctx context.Context, listID string) (List, error) {
	return s.listTx(ctx, listID, func(tx *sql.Tx, l List) error {
		return s.recordSubmission(ctx, tx, l.ID, l.Army.Version)
	})
}

// Withdraw takes a list's submission back: the gamemaster no longer counts it.
func (s *Store) Withdraw(ctx context.Context, listID string) (List, error) {
	return s.listTx(ctx, listID, func(tx *sql.Tx, l List) error {
		return s.recordSubmission(ctx, tx, l.ID, 0)
	})
}

func (s *Store) recordSubmission(ctx context.Context, tx *sql.Tx, listID string, version int) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO submissions (list_id, number, version, created)
		VALUES (?, (SELECT COALESCE(MAX(number), 0) + 1 FROM submissions WHERE list_id = ?), ?, ?)`,
		listID, listID, version, stamp(s.now()))
	if err != nil {
		return fmt.Errorf("db: unable to record a submission of list %s: %w", listID, err)
	}
	_, err = tx.ExecContext(ctx, `UPDATE lists SET submitted = ? WHERE id = ?`, version, listID)
	return err
}

// Submissions lists a list's submits and withdrawals, newest first.
func (s *Store) Submissions(ctx context.Context, listID string) ([]Submission, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT number, version, created FROM submissions WHERE list_id = ? ORDER BY number DESC`, listID)
	if err != nil {
		return nil, fmt.Errorf("db: unable to fetch the submissions of list %s: %w", listID, err)
	}
	defer rows.Close()
	var out []Submission
	for rows.Next() {
		var sub Submission
		var created string
		if err := rows.Scan(&sub.Number, &sub.Version, &created); err != nil {
			return nil, err
		}
		sub.Created = parseStamp(created)
		out = append(out, sub)
	}
	return out, rows.Err()
}
