//! Extraordinary votes and phase `vote_window` (spec 4.4 step 2, 4.6): after `end_main`, each open group holding 8
//! cards is revealed, the active seat may play a manipulation before the comparison, and the vote is compared.

use super::super::action::Action;
use super::super::data::data;
use super::super::event::{Event, VoteKind};
use super::super::ids::Group;
use super::super::outcome::EndReason;
use super::super::state::State;
use super::game_over::game_over;
use super::vote::{resolve_vote, reveal_group};
use super::{Ctx, manipulation, run, seat_of};

/// The next group, from index `from` on, that gets an extraordinary vote: open and holding 8 cards.
pub(super) fn next_group(state: &State, from: usize) -> Option<Group> {
    Group::ALL
        .into_iter()
        .skip(from)
        .find(|&group| state.open(group) && state.total(group) == data().limits.group_total)
}

/// Starts the extraordinary vote at `group`. Returns true when the vote window opens, so that the automatic flow stops.
pub(super) fn start(ctx: &mut Ctx, group: Group) -> bool {
    ctx.emit(Event::ExtraordinaryVoteStarted { group });
    reveal_group(ctx, group);
    let active = ctx.state.active;
    if !ctx.state.manip_used && ctx.state.manip(active) >= 1 {
        ctx.emit(Event::VoteWindowOpened {
            seat: seat_of(active),
            group,
        });
        return true;
    }
    false
}

pub(super) fn candidates(state: &State, seat: usize, out: &mut Vec<Action>) {
    manipulation::candidates(state, seat, out);
    out.push(Action::ContinueVote {});
}

pub(super) fn continue_vote(ctx: &mut Ctx, seat: usize) {
    ctx.emit(Event::VoteContinued { seat: seat_of(seat) });
    run(ctx);
}

/// Compares the extraordinary vote at `group`. Returns true when it ended the game.
pub(super) fn compare(ctx: &mut Ctx, group: Group) -> bool {
    resolve_vote(ctx, group, VoteKind::Extraordinary);
    if !ctx.state.any_open() {
        game_over(ctx, EndReason::AllPatriciansAwarded);
        return true;
    }
    false
}
