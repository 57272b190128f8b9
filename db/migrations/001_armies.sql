-- Armies and their versions. Every save is a new version; the army row points at its head.
-- Nothing is ever deleted: "delete" hides an army, undo moves the head back.
CREATE TABLE armies (
    id          TEXT PRIMARY KEY,
    head        INTEGER NOT NULL,
    share_token TEXT UNIQUE,
    deleted     INTEGER NOT NULL DEFAULT 0,
    created     TEXT NOT NULL,
    updated     TEXT NOT NULL
);

CREATE TABLE versions (
    army_id TEXT NOT NULL REFERENCES armies (id),
    number  INTEGER NOT NULL,
    parent  INTEGER NOT NULL,
    file    BLOB NOT NULL,
    name    TEXT NOT NULL,
    side    TEXT NOT NULL,
    total   INTEGER NOT NULL,
    lim     INTEGER NOT NULL,
    valid   INTEGER NOT NULL,
    errors  INTEGER NOT NULL,
    created TEXT NOT NULL,
    note    TEXT NOT NULL,
    PRIMARY KEY (army_id, number)
);

CREATE INDEX armies_by_updated ON armies (deleted, updated DESC);
CREATE INDEX versions_by_parent ON versions (army_id, parent);
