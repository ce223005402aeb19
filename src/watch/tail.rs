//! A watched game's tail: where its log ends as last read, with its recent events for streams a little behind.

use std::sync::Arc;

use crate::store::Head;

/// Recent events kept per watched game, so that streams a little behind need no read of their own.
const RECENT: usize = 64;

/// What the watcher last read of a game's log.
#[derive(Clone, Debug)]
pub enum Tail {
    /// The log ends at `head`; `recent` are its last events, each with the head right after it, oldest first.
    Log { head: Head, recent: Arc<[(Head, String)]> },
    /// The game is gone, or its log no longer extends what was read: every stream of it must end.
    Lost,
}

impl Tail {
    /// The events after `from`, when `from` is the head or one of the recent positions; `None` otherwise.
    pub fn after(&self, from: Head) -> Option<Vec<String>> {
        let Tail::Log { head, recent } = self else {
            return None;
        };
        if *head == from {
            return Some(Vec::new());
        }
        let start = recent.iter().position(|(after, _)| *after == from)? + 1;
        Some(recent[start..].iter().map(|(_, event)| event.clone()).collect())
    }

    pub fn head(&self) -> Option<Head> {
        match self {
            Tail::Log { head, .. } => Some(*head),
            Tail::Lost => None,
        }
    }

    /// The tail whose recent events were `recent`, ending at `head`, followed by `events`: the last `RECENT` of them
    /// kept.
    pub(super) fn extended(recent: &[(Head, String)], head: Head, events: Vec<String>) -> Tail {
        let mut window: Vec<(Head, String)> = recent.to_vec();
        let mut position = head;
        for event in events {
            position = position.then(&event);
            window.push((position, event));
        }
        let skip = window.len().saturating_sub(RECENT);
        Tail::Log {
            head: position,
            recent: window.into_iter().skip(skip).collect(),
        }
    }
}
