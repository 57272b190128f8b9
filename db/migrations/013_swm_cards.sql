-- A player's d20 Star Wars Miniatures card library (issue 32): stat cards entered once from
-- the physical cards, which every squad of their owner uses (db/swm_cards.go). Each card is
-- kept as the engine's card (JSON of rules/swm/cards.Card, the fields of a squad file's
-- cards: entry), its name and its matching key (cards.Normalize) beside it; one card of a
-- name per owner, kept by the store (a guest merged into an account may bring a second: the
-- newer is used). share_token is the card's read-only link, NULL while it has none.
CREATE TABLE IF NOT EXISTS swm_cards (
    id          TEXT PRIMARY KEY,
    owner_id    TEXT NOT NULL REFERENCES owners (id),
    name        TEXT NOT NULL,
    name_key    TEXT NOT NULL,
    body        BLOB NOT NULL,
    share_token TEXT UNIQUE,
    created     TEXT NOT NULL,
    updated     TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS swm_cards_by_owner ON swm_cards (owner_id, name_key);
