-- A game night's battlefield (issue 33): the scenario file Muster plays the game's matchups
-- and fairness tests on and shows its players (the description, the victory conditions,
-- each side's Orders of the Day to that side), kept with each version of the game as it was
-- attached (a later edit of the gamemaster's scenario changes nothing); empty: none.
ALTER TABLE game_versions ADD COLUMN battlefield BLOB;
