-- Owners: every army, matchup, game, list and share link belongs to someone. An owner is a
-- guest (held by a browser's session; no name, no password) or an account (a name and an
-- argon2id password hash). Signing up turns the guest into an account, keeping its id, so
-- its armies stay its own; signing in merges the browser's guest into the account.
CREATE TABLE owners (
    id        TEXT PRIMARY KEY,
    name      TEXT UNIQUE,            -- NULL for a guest; stored lower case for lookups
    display   TEXT NOT NULL DEFAULT '',
    password  TEXT NOT NULL DEFAULT '',
    admin     INTEGER NOT NULL DEFAULT 0,
    merged_to TEXT,                   -- a guest merged into an account
    created   TEXT NOT NULL
);

-- Sessions, as github.com/alexedwards/scs/v2 keeps them (its store interface, db/sessions.go).
CREATE TABLE sessions (
    token  TEXT PRIMARY KEY,
    data   BLOB NOT NULL,
    expiry TEXT NOT NULL
);
CREATE INDEX sessions_by_expiry ON sessions (expiry);

-- Personal API tokens: only the SHA-256 of each is kept.
CREATE TABLE api_tokens (
    id        TEXT PRIMARY KEY,
    owner_id  TEXT NOT NULL REFERENCES owners (id),
    label     TEXT NOT NULL,
    hash      BLOB NOT NULL UNIQUE,
    created   TEXT NOT NULL,
    last_used TEXT NOT NULL DEFAULT '',
    revoked   INTEGER NOT NULL DEFAULT 0
);

-- Invitations to sign up on an instance in --signup invite mode: the SHA-256 of each link.
CREATE TABLE invites (
    hash     BLOB PRIMARY KEY,
    owner_id TEXT NOT NULL REFERENCES owners (id), -- the admin who made it
    created  TEXT NOT NULL,
    used_by  TEXT NOT NULL DEFAULT ''
);

-- Share links: read-only, revocable, each with when it was made and last opened.
CREATE TABLE shares (
    token       TEXT PRIMARY KEY,
    army_id     TEXT NOT NULL REFERENCES armies (id),
    created     TEXT NOT NULL,
    last_opened TEXT NOT NULL DEFAULT '',
    revoked     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX shares_by_army ON shares (army_id);
INSERT INTO shares (token, army_id, created)
    SELECT share_token, id, updated FROM armies WHERE share_token IS NOT NULL;

-- Armies, matchups and games made before owners existed have none (NULL): nobody reaches
-- them until an admin gives them to an account (`muster user adopt NAME`).
ALTER TABLE armies ADD COLUMN owner_id TEXT REFERENCES owners (id);
ALTER TABLE sims ADD COLUMN owner_id TEXT REFERENCES owners (id);
ALTER TABLE sims ADD COLUMN game_id TEXT REFERENCES games (id);
ALTER TABLE sims ADD COLUMN status TEXT NOT NULL DEFAULT 'done';
ALTER TABLE games ADD COLUMN owner_id TEXT REFERENCES owners (id);
ALTER TABLE lists ADD COLUMN owner_id TEXT REFERENCES owners (id);

CREATE INDEX armies_by_owner ON armies (owner_id, deleted, updated DESC);
CREATE INDEX sims_by_owner ON sims (owner_id, created DESC);
CREATE INDEX sims_by_game ON sims (game_id, created DESC);
