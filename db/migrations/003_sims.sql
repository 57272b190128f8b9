-- Matchups: quick-resolved battles between two saved armies (rules/battle), kept so that a
-- result has a link. The armies are referred to by id and the version played; their names
-- are in the summary, so a result still reads after an army changes or is deleted.
CREATE TABLE sims (
    id         TEXT PRIMARY KEY,
    army_a     TEXT NOT NULL,
    version_a  INTEGER NOT NULL,
    army_b     TEXT NOT NULL,
    version_b  INTEGER NOT NULL,
    scenario   TEXT NOT NULL,
    battles    INTEGER NOT NULL,
    seed       TEXT NOT NULL,    -- the master seed, 0 to 2^64-1, in decimal
    summary    BLOB NOT NULL,    -- JSON: the shape of `muster sim --json`
    charts     BLOB NOT NULL,    -- JSON: what the pictures are drawn from
    sample_log TEXT NOT NULL,    -- battle 0's log
    elapsed_ms INTEGER NOT NULL,
    created    TEXT NOT NULL
);

CREATE INDEX sims_by_created ON sims (created DESC);
