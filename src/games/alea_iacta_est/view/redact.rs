//! Event redaction (spec 9, event log table): what each viewer may see of an event.

use crate::engine::Viewer;

use super::super::event::Event;
use super::super::ids::SeatId;

/// The event as `viewer` may see it (spec 9, event log table). Every event is shown; private parts are removed.
pub fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
    Some(visible(event, viewer))
}

/// The event as everyone sees it once the game is over (spec 9, A12): the Senate cards kept by anyone are revealed.
/// The rest stays as a spectator saw it, secret forever: the favour tokens discarded face down ("retournent face
/// cachée"), the Senate cards put under the deck, the tiles never revealed and every shuffle order (which would
/// name all of these).
pub fn redact_finished(event: &Event) -> Event {
    match event {
        Event::SenateKept { .. } | Event::SenateToThird { .. } => event.clone(),
        _ => visible(event, Viewer::Spectator),
    }
}

fn visible(event: &Event, viewer: Viewer) -> Event {
    let is = |seat: &SeatId| viewer.is(seat.seat());
    let mut shown = event.clone();
    match &mut shown {
        Event::FavourPileShuffled { order, .. } | Event::FavourReshuffled { order, .. } => {
            *order = None;
        }
        Event::SenateDeckShuffled { order, .. } => *order = None,
        Event::ProvincePileShuffled { order, .. } => *order = None,
        Event::InhabitantPileShuffled { order, .. } => *order = None,
        Event::FavourDrawn { seat, tokens, .. } if !is(seat) => *tokens = None,
        Event::SenateDrawn { seat, cards, .. } | Event::SenateReturned { seat, cards, .. } if !is(seat) => {
            *cards = None;
        }
        Event::SenateKept { seat, card, .. } if !is(seat) => *card = None,
        Event::SenatePassed { from, to, cards, .. } if !is(from) && !is(to) => *cards = None,
        Event::SenateToThird { seat, from, card } if !is(seat) && !is(from) => *card = None,
        _ => {}
    }
    shown
}
