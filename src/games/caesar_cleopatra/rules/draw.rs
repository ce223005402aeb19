//! Owed draws and phase `draw` (spec 4.7): the head of the FIFO draws by itself when at most one pile has cards,
//! otherwise its seat chooses the pile.

use super::super::state::State;
use super::super::types::{CaesarCleopatraAction as A, CaesarCleopatraEvent as E, CcPhase, CcPile};
use super::{Ctx, Refusal, no, owned, run, seat_of};

pub(super) fn check<X: Refusal>(s: &State, seat: usize, pile: CcPile) -> Result<(), X> {
    let st = &s.seats[seat];
    let empty = match pile {
        CcPile::One => st.pile1.is_empty(),
        CcPile::Two => st.pile2.is_empty(),
    };
    if empty {
        return no("pile_empty", || format!("Your pile {} is empty.", pile.number()));
    }
    Ok(())
}

pub(super) fn candidates(out: &mut Vec<A>) {
    out.extend([CcPile::One, CcPile::Two].map(|pile| A::Draw { pile }));
}

pub(super) fn choose(c: &mut Ctx, seat: usize, pile: CcPile) {
    draw(c, seat, pile, false);
    run(c);
}

fn draw(c: &mut Ctx, seat: usize, pile: CcPile, automatic: bool) {
    let st = &c.s.seats[seat];
    let top = match pile {
        CcPile::One => st.pile1.first(),
        CcPile::Two => st.pile2.first(),
    };
    if let Some(&card) = top {
        c.emit(E::CardDrawn {
            seat: seat_of(seat),
            pile,
            automatic,
            card: owned(card),
        });
    }
}

/// One step of the head owed draw (`count` draws owed by `seat`): it lapses, or draws from the only pile with cards.
/// Returns true when the seat must choose the pile (phase `draw`), so that the automatic flow stops.
pub(super) fn settle_head(c: &mut Ctx, seat: usize, count: u32) -> bool {
    let st = &c.s.seats[seat];
    match (st.pile1.is_empty(), st.pile2.is_empty()) {
        (true, true) => c.emit(E::DrawLapsed {
            seat: seat_of(seat),
            count,
        }),
        (false, true) => draw(c, seat, CcPile::One, true),
        (true, false) => draw(c, seat, CcPile::Two, true),
        (false, false) => {
            if c.s.phase != CcPhase::Draw {
                c.emit(E::DrawPending { seat: seat_of(seat) });
            }
            return true;
        }
    }
    false
}
