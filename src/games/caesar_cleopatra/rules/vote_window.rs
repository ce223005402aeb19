//! Extraordinary votes and phase `vote_window` (spec 4.4 step 2, 4.6): after `end_main`, each open group holding 8
//! cards is revealed, the active seat may play a manipulation before the comparison, and the vote is compared.

use super::super::data::data;
use super::super::state::State;
use super::super::types::{CaesarCleopatraAction as A, CaesarCleopatraEvent as E, CcEndReason, CcGroup, CcVoteKind};
use super::game_over::game_over;
use super::vote::{resolve_vote, reveal_group};
use super::{Ctx, manipulation, run, seat_of};

/// The next group, from index `from` on, that gets an extraordinary vote: open and holding 8 cards.
pub(super) fn next_group(s: &State, from: usize) -> Option<CcGroup> {
    CcGroup::ALL
        .into_iter()
        .skip(from)
        .find(|&g| s.open(g) && s.total(g) == data().limits.group_total)
}

/// Starts the extraordinary vote at `g`. Returns true when the vote window opens, so that the automatic flow stops.
pub(super) fn start(c: &mut Ctx, g: CcGroup) -> bool {
    c.emit(E::ExtraordinaryVoteStarted { group: g });
    reveal_group(c, g);
    let active = c.s.active;
    if !c.s.manip_used && c.s.manip(active) >= 1 {
        c.emit(E::VoteWindowOpened {
            seat: seat_of(active),
            group: g,
        });
        return true;
    }
    false
}

pub(super) fn candidates(s: &State, seat: usize, out: &mut Vec<A>) {
    manipulation::candidates(s, seat, out);
    out.push(A::ContinueVote {});
}

pub(super) fn continue_vote(c: &mut Ctx, seat: usize) {
    c.emit(E::VoteContinued { seat: seat_of(seat) });
    run(c);
}

/// Compares the extraordinary vote at `g`. Returns true when it ended the game.
pub(super) fn compare(c: &mut Ctx, g: CcGroup) -> bool {
    resolve_vote(c, g, CcVoteKind::Extraordinary);
    if !c.s.any_open() {
        game_over(c, CcEndReason::AllPatriciansAwarded);
        return true;
    }
    false
}
