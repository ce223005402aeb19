-- Finished games, one row each: the record holds the metadata and the whole log (src/store/archive/record.rs).
-- `version` is the log's length: a game that grew after it was archived (a rematch) replaces its row only with a
-- longer log.
CREATE TABLE ludus_games (
    id text PRIMARY KEY,
    title text NOT NULL,
    version bigint NOT NULL,
    record bytea NOT NULL
);
