//! Owed draws and phase `draw` (spec 4.7): the head of the FIFO draws by itself when at most one pile has cards,
//! otherwise its seat chooses the pile.

use super::super::action::Action;
use super::super::event::Event;
use super::super::ids::Phase;
use super::super::pile::Pile;
use super::super::state::State;
use super::{Ctx, Refusal, no, owned, run, seat_of};
use crate::engine::RuleCode;

pub(super) fn check<X: Refusal>(state: &State, seat: usize, pile: Pile) -> Result<(), X> {
    let zones = &state.seats[seat];
    let empty = match pile {
        Pile::One => zones.pile1.is_empty(),
        Pile::Two => zones.pile2.is_empty(),
    };
    if empty {
        return no(RuleCode::PileEmpty, || format!("Your pile {} is empty.", pile.number()));
    }
    Ok(())
}

pub(super) fn candidates(out: &mut Vec<Action>) {
    out.extend([Pile::One, Pile::Two].map(|pile| Action::Draw { pile }));
}

pub(super) fn choose(ctx: &mut Ctx, seat: usize, pile: Pile) {
    draw(ctx, seat, pile, false);
    run(ctx);
}

fn draw(ctx: &mut Ctx, seat: usize, pile: Pile, automatic: bool) {
    let zones = &ctx.state.seats[seat];
    let top = match pile {
        Pile::One => zones.pile1.first(),
        Pile::Two => zones.pile2.first(),
    };
    if let Some(&card) = top {
        ctx.emit(Event::CardDrawn {
            seat: seat_of(seat),
            pile,
            automatic,
            card: owned(card),
        });
    }
}

/// One step of the head owed draw (`count` draws owed by `seat`): it lapses, or draws from the only pile with cards.
/// Returns true when the seat must choose the pile (phase `draw`), so that the automatic flow stops.
pub(super) fn settle_head(ctx: &mut Ctx, seat: usize, count: u32) -> bool {
    let zones = &ctx.state.seats[seat];
    match (zones.pile1.is_empty(), zones.pile2.is_empty()) {
        (true, true) => ctx.emit(Event::DrawLapsed {
            seat: seat_of(seat),
            count,
        }),
        (false, true) => draw(ctx, seat, Pile::One, true),
        (true, false) => draw(ctx, seat, Pile::Two, true),
        (false, false) => {
            if ctx.state.phase != Phase::Draw {
                ctx.emit(Event::DrawPending { seat: seat_of(seat) });
            }
            return true;
        }
    }
    false
}
