-- Each version records its army file's game system (the file's system: value): SWMB files
-- (and files saved before other systems existed) are 'swmb'; d20 Star Wars Miniatures
-- squads are 'swm', the skirmish quick reference's armies 'qrs'. The army list shows it and
-- the pages pick the system's own views by it.
ALTER TABLE versions ADD COLUMN system TEXT NOT NULL DEFAULT 'swmb';
