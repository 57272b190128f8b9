-- A session's token is its browser's key (an account's, and a guest's only way to its
-- armies): from now on the sessions table keeps only its SHA-256, in hex, as api_tokens and
-- the games' links do, so that a copy of the database signs nobody in. The sessions kept
-- before are hashed by hashSessionTokens (db/sessions.go), in this migration's transaction:
-- every browser stays signed in. Nothing for SQL to do here.
SELECT 1;
