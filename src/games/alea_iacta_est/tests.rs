//! Scenario tests (spec 11).
