-- The listings an archived game leaves Redis with (an account's finished games, a title's finished public games):
-- one row per listing and game, read newest first by creation time, ties by the greater id (as Redis orders them).
CREATE TABLE ludus_listings (
    listing text COLLATE "C" NOT NULL,
    created_at_ms bigint NOT NULL,
    game text COLLATE "C" NOT NULL,
    PRIMARY KEY (listing, created_at_ms, game)
);
