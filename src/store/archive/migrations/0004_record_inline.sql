-- A record that keeps its game's end state (format 3: Rome et Carthage's long logs) is about 2 KiB, past the size
-- from which PostgreSQL moves a value to its TOAST table: a second row and an index entry for bytes already
-- compressed. MAIN keeps the record in its row (it still may leave it, should a record outgrow a page).
ALTER TABLE ludus_games ALTER COLUMN record SET STORAGE MAIN;
