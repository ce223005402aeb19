//! Tests of the César et Cléopâtre engine: scenarios of spec 11, unit tests, self-play and replay, undo.

mod builder;
mod determinize;
mod scenarios;
mod selfplay;
mod undo;
mod unit;
mod words;
