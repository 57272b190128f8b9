-- A list's further keys: a signed-in player who opens the player link on another device
-- (the phone at the table) is issued a key of that device's own to each list they own
-- (db/lists_mine.go). The first key, lists.key_hash, stays as it was, so the browser that
-- made the list keeps opening it: a list is opened by its first key or any of these. Only
-- each key's SHA-256 is stored, as for the first. (IF NOT EXISTS: a test opens a database
-- with its schema version set back, and this migration is applied to it again.)
CREATE TABLE IF NOT EXISTS list_keys (
    list_id  TEXT NOT NULL REFERENCES lists (id),
    key_hash BLOB NOT NULL UNIQUE,
    created  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS list_keys_by_list ON list_keys (list_id);
CREATE INDEX IF NOT EXISTS lists_by_owner ON lists (owner_id, game_id);
