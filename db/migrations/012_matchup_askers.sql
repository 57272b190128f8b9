-- Fair shares that cannot be bought with guests (issue 29): each matchup row keeps where its
-- asker came from (the address, an IPv6 one by its /64) and whether the asker was a guest,
-- so that every web process bounds the battles queued by guests from one address alike.
ALTER TABLE matchups ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE matchups ADD COLUMN guest INTEGER NOT NULL DEFAULT 0;
CREATE INDEX matchups_by_address ON matchups (address, status);
