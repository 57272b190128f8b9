-- Share links to results (issue 31): a played matchup or round robin, read-only, for anyone
-- holding the link; its owner sees when each was made and last opened, and revokes any.
-- kind is 'sim' (target: a row of sims, the owner's own, not a game night's) or
-- 'roundrobin' (target: a row of matchups of that kind).
CREATE TABLE IF NOT EXISTS result_shares (
    token       TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    target      TEXT NOT NULL,
    owner_id    TEXT NOT NULL REFERENCES owners (id),
    created     TEXT NOT NULL,
    last_opened TEXT NOT NULL DEFAULT '',
    revoked     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS result_shares_by_target ON result_shares (kind, target);
