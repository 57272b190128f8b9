-- Games: a gamemaster's game night (Chapter Ten). No accounts: a game is reached through two
-- links, each a 128-bit random token. Only the tokens' SHA-256 hashes are stored, for
-- lookup; the player token is also kept sealed (AES-GCM) under a key derived from the GM
-- token, so that the GM's page can show the player link and nobody else can read it.
-- Every change of a game's details or force limits is a new version; nothing is lost.
CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    gm_hash     BLOB NOT NULL UNIQUE,
    player_hash BLOB NOT NULL UNIQUE,
    player_seal BLOB NOT NULL,
    head        INTEGER NOT NULL,
    locked      INTEGER NOT NULL DEFAULT 0,
    created     TEXT NOT NULL,
    updated     TEXT NOT NULL
);

CREATE TABLE game_versions (
    game_id  TEXT NOT NULL REFERENCES games (id),
    number   INTEGER NOT NULL,
    name     TEXT NOT NULL,
    date     TEXT NOT NULL,
    scenario TEXT NOT NULL,
    notes    TEXT NOT NULL,
    sides    TEXT NOT NULL, -- JSON: [{"side": "imperial", "limits": "total: 1500\n..."}], limits as the GM wrote them
    created  TEXT NOT NULL,
    note     TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);

-- A list a player brings is an army (with its versions) that belongs to a game: it is not
-- on the armies page and is reached only through the game's links.
ALTER TABLE armies ADD COLUMN game_id TEXT REFERENCES games (id);

-- lists: one per army entered in a game. key_hash is the SHA-256 of the player's own key to
-- the list (the player link alone does not open another player's list). submitted is the
-- army version the player last submitted (0: not submitted, or withdrawn).
CREATE TABLE lists (
    id        TEXT PRIMARY KEY,
    game_id   TEXT NOT NULL REFERENCES games (id),
    army_id   TEXT NOT NULL UNIQUE REFERENCES armies (id),
    key_hash  BLOB NOT NULL UNIQUE,
    side      TEXT NOT NULL,
    player    TEXT NOT NULL,
    submitted INTEGER NOT NULL DEFAULT 0,
    created   TEXT NOT NULL,
    updated   TEXT NOT NULL
);

-- submissions: every submit (version > 0) and withdrawal (version 0) of a list, in order.
CREATE TABLE submissions (
    list_id TEXT NOT NULL REFERENCES lists (id),
    number  INTEGER NOT NULL,
    version INTEGER NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (list_id, number)
);

CREATE INDEX lists_by_game ON lists (game_id, created);
