//! Tests of the Caligula engine: the spec's scenarios, further rule tests, self-play with invariants, the determinizer, undo.

mod builder;
mod determinize;
mod scenarios;
mod selfplay;
mod undo;
mod unit;
mod words;
