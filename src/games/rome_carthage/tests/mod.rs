mod builder;
mod determinize;
mod map_check;
mod scenarios;
mod selfplay;
mod undo;
mod unit;
mod words;
