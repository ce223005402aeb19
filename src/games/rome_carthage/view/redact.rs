//! `redact`: an event as one viewer may see it (spec section 9), during the game and once it is over.

use crate::engine::Viewer;
use crate::games::rome_carthage::card::{Card, Rank};
use crate::games::rome_carthage::event::Event;
use crate::games::rome_carthage::ids::SeatId;

fn ranks_of(cards: &[Card]) -> Vec<Rank> {
    cards.iter().map(|card| card.rank()).collect()
}

/// The event as `viewer` may see it: card ids for their owner only, ranks for a partner allowed to see them
/// (`shared_with`), and never a talon order.
pub fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
    let owner = |seat: &SeatId| viewer.is(seat.index());
    let shared = |partner: &Option<SeatId>| partner.is_some_and(|partner| viewer.is(partner.index()));
    let mut event = without_secrets(event);
    match &mut event {
        Event::HandDealt {
            seat,
            cards,
            ranks,
            shared_with,
            ..
        } if !owner(seat) => {
            // A partner allowed to see hands learns the ranks, never the card ids.
            *ranks = if shared(shared_with) {
                cards.as_deref().map(ranks_of)
            } else {
                None
            };
            *cards = None;
        }
        Event::CardDrawn {
            seat,
            card,
            rank,
            shared_with,
        } if !owner(seat) => {
            *card = None;
            if !shared(shared_with) {
                *rank = None;
            }
        }
        Event::BaseCommitted {
            seat,
            ranks,
            shared_with,
            ..
        } if !owner(seat) && !shared(shared_with) => *ranks = None,
        Event::ExtraAdded {
            seat,
            rank,
            shared_with,
            ..
        } if !owner(seat) && !shared(shared_with) => *rank = None,
        _ => {}
    }
    Some(event)
}

/// The event without what stays secret forever: the talon orders (spec 9: "contents and order stay secret"), which
/// would name the cards never drawn.
fn without_secrets(event: &Event) -> Event {
    let mut event = event.clone();
    match &mut event {
        Event::TalonShuffled { order, .. } | Event::TalonReformed { order, .. } => *order = None,
        Event::TalonsSplit {
            team_a_order,
            team_b_order,
            ..
        }
        | Event::TalonsRefilled {
            team_a_order,
            team_b_order,
            ..
        } => {
            *team_a_order = None;
            *team_b_order = None;
        }
        _ => {}
    }
    event
}

/// The event as everyone sees it once the game is over: all of it (hands, drawn and committed cards) but what stays
/// secret forever.
pub fn redact_finished(event: &Event) -> Event {
    without_secrets(event)
}
