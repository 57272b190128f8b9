-- Solo games of the skirmish quick reference (system qrs): a player against the enemy the
-- sheet generates. The game's state (rules/qrs/solo.State, JSON) is saved after every step,
-- each step a row, so that the last steps can be undone; the state carries its dice seed and
-- step counter, so a reload shows what was rolled and never rolls again.
CREATE TABLE solo_games (
    id       TEXT PRIMARY KEY,
    owner_id TEXT NOT NULL REFERENCES owners (id),
    name     TEXT NOT NULL,
    head     INTEGER NOT NULL,   -- the number of the step the game stands at
    created  TEXT NOT NULL,
    updated  TEXT NOT NULL
);
CREATE INDEX solo_games_by_owner ON solo_games (owner_id, updated);

CREATE TABLE solo_steps (
    game_id TEXT NOT NULL REFERENCES solo_games (id),
    number  INTEGER NOT NULL,
    action  TEXT NOT NULL,       -- what the step was, in the player's words
    state   BLOB NOT NULL,       -- JSON: the game after the step
    result  BLOB NOT NULL,       -- JSON: what the page shows of the step's dice
    created TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
