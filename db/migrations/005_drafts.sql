-- Drafts: the editor's unsaved form, per army and owner, kept as the player types (the same
-- request that re-costs it stores it), so that leaving the page loses nothing. base is the
-- version the draft was made on; a save removes the draft.
CREATE TABLE drafts (
    army_id  TEXT NOT NULL REFERENCES armies (id),
    owner_id TEXT NOT NULL REFERENCES owners (id),
    base     INTEGER NOT NULL,
    form     BLOB NOT NULL,
    updated  TEXT NOT NULL,
    PRIMARY KEY (army_id, owner_id)
);
