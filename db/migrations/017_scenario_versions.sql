-- Every saved version of a player's scenario (issue 33: scenarios belong to their owner
-- like armies, versions and all). Each save (the designer's, an import, a copy, a restore)
-- adds the next number; none is ever changed or removed but with its scenario. The
-- scenario's row keeps its latest version's name and file (what its list, share link and
-- matchups read), so the highest number here is always the one scenarios.body holds.
-- note says what made the version (saved in the designer, imported, restored version 2).
CREATE TABLE IF NOT EXISTS scenario_versions (
    scenario_id TEXT NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE,
    number      INTEGER NOT NULL,
    name        TEXT NOT NULL,
    body        BLOB NOT NULL,
    saved_at    TEXT NOT NULL,
    note        TEXT NOT NULL,
    PRIMARY KEY (scenario_id, number)
);
-- The scenarios saved before versions were kept: each one's file becomes its version 1,
-- so that nothing saved is lost. Written to apply twice (a database whose schema version
-- was set back, as the upgrade test does): a scenario that has versions gets none.
INSERT INTO scenario_versions (scenario_id, number, name, body, saved_at, note)
SELECT s.id, 1, s.name, s.body, s.updated, 'as saved before versions were kept'
FROM scenarios s
WHERE NOT EXISTS (SELECT 1 FROM scenario_versions v WHERE v.scenario_id = s.id);
