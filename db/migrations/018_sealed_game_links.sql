-- A game's links (/gm/{token}, /play/{token}) are its keys, and the games table keeps only
-- their hashes (002). Jobs asked through them kept them in clear: a game's matchup's result
-- address (result_url) and, in its request's JSON, a round robin's links to its pairs, an
-- optimizer search's way back. From now on the web app keeps them sealed with a key only the
-- asking browser holds; the ones kept before are scrubbed here (the request's fields by
-- scrubGameLinks, run in this migration's transaction), so that a copy of the database opens
-- no game. Such a job's result is still kept and listed on its game's pages; its own page
-- says where to find it.
UPDATE matchups SET result_url = '' WHERE result_url LIKE '/gm/%' OR result_url LIKE '/play/%';
