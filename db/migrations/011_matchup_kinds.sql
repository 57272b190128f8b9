-- What-ifs and round robins (and later the other systems' quick-resolves) are played as
-- jobs in the same queue as matchups (issue 29): a row of matchups each, with its kind, its
-- result when it is not one saved matchup (a round robin's matrix, a what-if's ranking),
-- and its progress when it plays as one piece (a what-if).
ALTER TABLE matchups ADD COLUMN kind TEXT NOT NULL DEFAULT 'matchup';
ALTER TABLE matchups ADD COLUMN result BLOB;
ALTER TABLE matchups ADD COLUMN progress INTEGER NOT NULL DEFAULT 0;
