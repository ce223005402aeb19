//! Event redaction (spec 9): what each viewer may see of an event, during the game and once it is over.

use super::super::event::Event;
use crate::engine::Viewer;

pub fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
    let mut redacted = without_secrets(event);
    match &mut redacted {
        Event::TokenPlaced { value, .. } => *value = None,
        Event::CardDrawn { seat, kinds, .. } if !viewer.is(seat.idx()) => {
            *kinds = None;
        }
        Event::CardStolen { thief, victim, kind } if !viewer.is(thief.idx()) && !viewer.is(victim.idx()) => {
            *kind = None;
        }
        _ => {}
    }
    Some(redacted)
}

/// The event as everyone sees it once the game is over: all of it (placed values, drawn and stolen kinds) but what
/// stays secret forever.
pub fn redact_finished(event: &Event) -> Event {
    without_secrets(event)
}

/// The event without what stays secret forever: the deck orders (spec 9: "never; only sizes are shown"), which would
/// name the cards never drawn.
fn without_secrets(event: &Event) -> Event {
    let mut public = event.clone();
    match &mut public {
        Event::DecksShuffled { coniura, pugio, .. } => {
            *coniura = None;
            *pugio = None;
        }
        Event::CivitasDealt { deck, .. } | Event::AugustusDealt { deck, .. } => *deck = None,
        _ => {}
    }
    public
}
