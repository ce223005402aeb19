//! The service's counters of every move, registered once when the service is built rather than at each move (a
//! registration hashes the labels and looks them up in the recorder's shared registry). Registered at the start,
//! each title's move counter is shown from 0 before its first move.

use metrics::Counter;

use crate::engine::Registry;
use crate::telemetry;

pub(super) struct Meters {
    cache_hits: Counter,
    moves: Vec<(&'static str, Counter)>,
}

impl Meters {
    pub(super) fn new(registry: &Registry) -> Self {
        Self {
            cache_hits: metrics::counter!(telemetry::CACHE_HITS),
            moves: registry.infos().map(|info| (info.id, moves_of(info.id))).collect(),
        }
    }

    /// A game served from the cache.
    pub(super) fn cache_hit(&self) {
        self.cache_hits.increment(1);
    }

    /// A move appended to a game of `title`.
    pub(super) fn moved(&self, title: &'static str) {
        match self.moves.iter().find(|(id, _)| *id == title) {
            Some((_, counter)) => counter.increment(1),
            None => moves_of(title).increment(1),
        }
    }
}

fn moves_of(title: &'static str) -> Counter {
    metrics::counter!(telemetry::MOVES, "title" => title)
}
