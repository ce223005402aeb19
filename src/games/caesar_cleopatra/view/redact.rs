//! Each event as one viewer may see it (spec 9, D24, D25): private fields for their seat only, shuffle orders for
//! nobody.

use super::super::event::Event;
use super::super::ids::SeatId;
use crate::engine::Viewer;

/// True when `viewer` is the seat `seat`.
fn owns(viewer: Viewer, seat: SeatId) -> bool {
    viewer.is(seat.index())
}

fn keep<T: Clone>(field: &Option<T>, visible: bool) -> Option<T> {
    if visible { field.clone() } else { None }
}

/// The event without what stays secret forever (spec 9, D24): the shuffle orders. The mission order would name the
/// missions put back in the box "sans être montrées" (seed 000 §1.3), the pile and deck orders the cards never drawn.
fn without_secrets(event: &Event) -> Event {
    let mut event = event.clone();
    if let Event::VoteDeckShuffled { order, .. }
    | Event::Pile1Shuffled { order, .. }
    | Event::Pile2Shuffled { order, .. }
    | Event::MissionsShuffled { order, .. }
    | Event::VoteDeckReshuffled { order, .. } = &mut event
    {
        *order = None;
    }
    event
}

/// The event as everyone sees it once the game is over: all of it but what stays secret forever.
pub fn redact_finished(event: &Event) -> Event {
    without_secrets(event)
}

/// The event as `viewer` may see it. Every event has a public part, so this never returns `None`.
pub fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
    let mut event = without_secrets(event);
    match &mut event {
        Event::ManipulationStacked { seat, card, .. } => *card = keep(card, owns(viewer, *seat)),
        Event::MissionDealt { seat, mission } => *mission = keep(mission, owns(viewer, *seat)),
        Event::InitialCardPlaced { seat, card, group, .. } | Event::CastlingCardPlaced { seat, card, group, .. } => {
            let visible = owns(viewer, *seat);
            *card = keep(card, visible);
            *group = keep(group, visible);
        }
        Event::CardDiscarded { seat, id, .. } | Event::ManipulationPlayed { seat, id, .. } => {
            *id = keep(id, owns(viewer, *seat))
        }
        Event::InfluencePlaced {
            seat,
            face_up,
            value,
            id,
            ..
        } => {
            let visible = owns(viewer, *seat);
            *id = keep(id, visible);
            *value = keep(value, visible || *face_up);
        }
        Event::CardDrawn { seat, card, .. } => *card = keep(card, owns(viewer, *seat)),
        Event::HandSpied { seat, hand } => *hand = keep(hand, owns(viewer, *seat)),
        Event::CastlingPoolFormed { seat, pool, .. } => *pool = keep(pool, owns(viewer, *seat)),
        _ => {}
    }
    Some(event)
}
