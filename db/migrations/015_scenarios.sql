-- A player's own scenarios (issue 33, the scenario designer): each kept as its scenario file
-- (the JSON rules/battle reads, as the built-in files in rules/battle/scenarios/), as it
-- was saved or uploaded, its name beside it for the list (db/scenarios.go). share_token is
-- its read-only link, NULL while it has none.
CREATE TABLE IF NOT EXISTS scenarios (
    id          TEXT PRIMARY KEY,
    owner_id    TEXT NOT NULL REFERENCES owners (id),
    name        TEXT NOT NULL,
    body        BLOB NOT NULL,
    share_token TEXT UNIQUE,
    created     TEXT NOT NULL,
    updated     TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS scenarios_by_owner ON scenarios (owner_id, updated);
-- A matchup played on a player's scenario keeps the scenario file it was played on, so that
-- its replays draw and play that field even after the scenario is edited or deleted; NULL
-- for a built-in scenario (named by sims.scenario).
ALTER TABLE sims ADD COLUMN scenario_file BLOB;
