-- The last chat entry's id (`<ms>-<seq>`, each zero-padded to 20 digits; empty without chat): a game brought back by
-- a word in its chat is archived again with the same log, and its row is replaced because it goes further:
-- (version, chat_last) compared in order.
ALTER TABLE ludus_games ADD COLUMN chat_last text COLLATE "C" NOT NULL DEFAULT '';
