//! Tests of Alea Iacta Est: the spec's scenarios (section 11), scoring, legal-action listing, random self-play, undo.

mod builder;
mod determinize;
mod properties;
mod scenarios;
mod scoring;
mod selfplay;
mod undo;
mod words;
