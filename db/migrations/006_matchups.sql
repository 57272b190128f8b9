-- Matchups played as jobs (River, in the same database): a matchup of N battles is split by
-- battle index into chunks, each its own job; each chunk's result is kept here once (its
-- primary key), so that a chunk played twice (a worker killed after saving, before its job
-- was marked done) is counted once, and a merge job sums them into a saved sim.
CREATE TABLE matchups (
    id         TEXT PRIMARY KEY,             -- the progress page's address: /sim/run/ID
    owner_id   TEXT REFERENCES owners (id),  -- who asked (for a game night, the gamemaster's browser)
    game_id    TEXT REFERENCES games (id),
    title      TEXT NOT NULL,
    request    BLOB NOT NULL,                -- JSON: everything a worker needs (armies' files, scenario, seed)
    battles    INTEGER NOT NULL,
    chunk_size INTEGER NOT NULL,
    chunks     INTEGER NOT NULL,
    status     TEXT NOT NULL,                -- queued, playing, done, cancelled, failed
    sim_id     TEXT NOT NULL DEFAULT '',     -- the saved result, once done
    result_url TEXT NOT NULL DEFAULT '',
    error      TEXT NOT NULL DEFAULT '',
    created    TEXT NOT NULL,
    updated    TEXT NOT NULL
);
CREATE INDEX matchups_by_owner ON matchups (owner_id, status);
CREATE INDEX matchups_by_status ON matchups (status, created);

CREATE TABLE matchup_chunks (
    matchup_id   TEXT NOT NULL REFERENCES matchups (id),
    first_battle INTEGER NOT NULL,
    battles      INTEGER NOT NULL,
    result       BLOB NOT NULL,              -- JSON: battle.Chunk
    created      TEXT NOT NULL,
    PRIMARY KEY (matchup_id, first_battle)
);
