-- A matchup's chunk results are kept only while it is played: once it is done (merged into
-- its saved result), cancelled or failed, they go (db/matchups.go). The chunks of matchups
-- that ended before that rule go now.
DELETE FROM matchup_chunks
 WHERE matchup_id IN (SELECT id FROM matchups WHERE status IN ('done', 'cancelled', 'failed'));
