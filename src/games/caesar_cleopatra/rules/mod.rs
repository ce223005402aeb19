//! Validation, legal actions, and the automatic flow (spec 4, 6, 7, 8). This module checks who acts and in which
//! phase, and runs the automatic steps between decisions (`run`); each phase of spec 4.1 has its own file with its
//! checks, its candidate actions and its events. The setup (spec 3), the votes (7.2, step V), the turn end (step E)
//! and the game end (8) have theirs too.

mod castling;
mod draw;
mod game_over;
mod main;
mod manipulation;
mod passive;
mod reaction;
mod setup;
mod spy_pick;
mod turn_end;
mod turn_start;
mod vote;
mod vote_window;

#[cfg(test)]
pub(super) use game_over::score;
pub use setup::setup;

use super::evolve::evolve;
use super::state::{Cont, State, opp};
use super::types::{
    CaesarCleopatraAction as A, CaesarCleopatraEvent as E, CcCard, CcMode, CcOwnedCard, CcPhase, CcSeat,
};
use crate::engine::{GameRng, RuleError};

type R<T> = Result<T, RuleError>;

fn err<T>(code: &'static str, message: impl Into<String>) -> R<T> {
    Err(RuleError::new(code, message))
}

/// How the checks of an action report a refusal: `decide` needs the player's message, while listing the legal
/// actions only asks yes or no and must not pay for building the messages of every rejected candidate.
trait Refusal {
    fn new<M: Into<String>>(code: &'static str, message: impl FnOnce() -> M) -> Self;
}

impl Refusal for RuleError {
    fn new<M: Into<String>>(code: &'static str, message: impl FnOnce() -> M) -> Self {
        RuleError::new(code, message())
    }
}

/// A refusal without its message.
struct Refused;

impl Refusal for Refused {
    fn new<M: Into<String>>(_: &'static str, _: impl FnOnce() -> M) -> Self {
        Refused
    }
}

fn no<T, X: Refusal, M: Into<String>>(code: &'static str, message: impl FnOnce() -> M) -> Result<T, X> {
    Err(X::new(code, message))
}

fn seat_of(seat: usize) -> CcSeat {
    CcSeat::from_index(seat)
}

// ---------------------------------------------------------------------------------------------------------------
// Who acts

/// Seats that must act now.
pub fn to_act(s: &State) -> Vec<usize> {
    match s.phase {
        CcPhase::Setup | CcPhase::GameOver => Vec::new(),
        CcPhase::SetupArrange => (0..2).filter(|&i| !s.seats[i].unstacked.is_empty()).collect(),
        CcPhase::SetupPlace => (0..2).filter(|&i| !s.seats[i].aside_place.is_empty()).collect(),
        CcPhase::TurnStart
        | CcPhase::Passive
        | CcPhase::Main
        | CcPhase::SpyPick
        | CcPhase::Castling
        | CcPhase::VoteWindow => vec![s.active],
        CcPhase::Reaction => vec![opp(s.active)],
        CcPhase::Draw => s.owed_head().map(|(seat, _)| vec![seat]).unwrap_or_default(),
    }
}

fn action_name(a: &A) -> &'static str {
    match a {
        A::StackManipulation { .. } => "stack_manipulation",
        A::PlaceInitial { .. } => "place_initial",
        A::ChooseActive {} => "choose_active",
        A::ChoosePassive {} => "choose_passive",
        A::PassiveDiscard { .. } => "passive_discard",
        A::EndDiscard {} => "end_discard",
        A::PlaceFaceDown { .. } => "place_face_down",
        A::PlaceFaceUp { .. } => "place_face_up",
        A::PlayManipulation { .. } => "play_manipulation",
        A::EndMain {} => "end_main",
        A::AllowManipulation {} => "allow_manipulation",
        A::VetoManipulation {} => "veto_manipulation",
        A::SpyPick { .. } => "spy_pick",
        A::CastlePlace { .. } => "castle_place",
        A::Draw { .. } => "draw",
        A::ContinueVote {} => "continue_vote",
    }
}

fn action_phases(a: &A) -> &'static [CcPhase] {
    match a {
        A::StackManipulation { .. } => &[CcPhase::SetupArrange],
        A::PlaceInitial { .. } => &[CcPhase::SetupPlace],
        A::ChooseActive {} | A::ChoosePassive {} => &[CcPhase::TurnStart],
        A::PassiveDiscard { .. } | A::EndDiscard {} => &[CcPhase::Passive],
        A::PlaceFaceDown { .. } | A::PlaceFaceUp { .. } | A::EndMain {} => &[CcPhase::Main],
        A::PlayManipulation { .. } => &[CcPhase::Main, CcPhase::VoteWindow],
        A::AllowManipulation {} | A::VetoManipulation {} => &[CcPhase::Reaction],
        A::SpyPick { .. } => &[CcPhase::SpyPick],
        A::CastlePlace { .. } => &[CcPhase::Castling],
        A::Draw { .. } => &[CcPhase::Draw],
        A::ContinueVote {} => &[CcPhase::VoteWindow],
    }
}

fn phase_name(p: CcPhase) -> String {
    serde_json::to_value(p)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

// ---------------------------------------------------------------------------------------------------------------
// Validation

/// Checks that `seat` may take `a` now.
pub fn validate(s: &State, seat: usize, a: &A) -> R<()> {
    if s.phase == CcPhase::GameOver {
        return err("game_over", "The game is over.");
    }
    if seat > 1 {
        return err("invalid_seat", "This game has only two seats.");
    }
    if !to_act(s).contains(&seat) {
        return match s.phase {
            CcPhase::SetupArrange => err("already_done", "You have already stacked all your manipulation cards."),
            CcPhase::SetupPlace => err("already_done", "You have already placed all your initial cards."),
            CcPhase::Setup => err("wrong_phase", "The game has not been set up yet."),
            _ => err("not_your_turn", "It is not your turn to act."),
        };
    }
    if !action_phases(a).contains(&s.phase) {
        return err(
            "wrong_phase",
            format!(
                "`{}` is not possible now: the game is in phase `{}`.",
                action_name(a),
                phase_name(s.phase)
            ),
        );
    }
    check_action::<RuleError>(s, seat, a)
}

/// The checks of one action, once seat and phase are known to fit.
fn check_action<X: Refusal>(s: &State, seat: usize, a: &A) -> Result<(), X> {
    match *a {
        A::StackManipulation { card } => setup::check_stack(s, seat, card),
        A::PlaceInitial { card, group } => setup::check_place_initial(s, seat, card, group),
        A::ChooseActive {} => turn_start::check_active(s, seat),
        A::ChoosePassive {} => turn_start::check_passive(s),
        A::PassiveDiscard { card } => passive::check_discard(s, seat, card),
        A::EndDiscard {} | A::AllowManipulation {} | A::ContinueVote {} => Ok(()),
        A::PlaceFaceDown { card, group } => main::check_face_down(s, seat, card, group),
        A::PlaceFaceUp { card, group } => main::check_face_up(s, seat, card, group),
        A::PlayManipulation {
            card,
            group,
            target,
            ref groups,
        } => manipulation::check_play(s, seat, card, group, target, groups.as_deref()),
        A::EndMain {} => main::check_end(s),
        A::VetoManipulation {} => reaction::check_veto(s, seat),
        A::SpyPick { card } => spy_pick::check(s, seat, card),
        A::CastlePlace { card, group } => castling::check(s, seat, card, group),
        A::Draw { pile } => draw::check(s, seat, pile),
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Legal actions

/// Every legal action of `seat`, each once, exactly as `decide` accepts it.
pub fn legal_actions(s: &State, seat: usize) -> Vec<A> {
    if seat > 1 || !to_act(s).contains(&seat) {
        return Vec::new();
    }
    let mut out = Vec::new();
    match s.phase {
        CcPhase::SetupArrange => setup::arrange_candidates(&mut out),
        CcPhase::SetupPlace => setup::place_candidates(&mut out),
        CcPhase::TurnStart => turn_start::candidates(&mut out),
        CcPhase::Passive => passive::candidates(s, seat, &mut out),
        CcPhase::Main => main::candidates(s, seat, &mut out),
        CcPhase::VoteWindow => vote_window::candidates(s, seat, &mut out),
        CcPhase::Reaction => reaction::candidates(&mut out),
        CcPhase::SpyPick => spy_pick::candidates(s, seat, &mut out),
        CcPhase::Castling => castling::candidates(s, seat, &mut out),
        CcPhase::Draw => draw::candidates(&mut out),
        CcPhase::Setup | CcPhase::GameOver => {}
    }
    out.retain(|a| check_action::<Refused>(s, seat, a).is_ok());
    out
}

// ---------------------------------------------------------------------------------------------------------------
// Deciding

/// The working copy of a decision: events are applied as they are emitted.
pub struct Ctx<'a> {
    pub s: State,
    pub events: Vec<E>,
    rng: &'a mut GameRng,
}

impl<'a> Ctx<'a> {
    pub fn new(s: State, rng: &'a mut GameRng) -> Self {
        Self {
            s,
            events: Vec::new(),
            rng,
        }
    }

    pub fn emit(&mut self, event: E) {
        evolve(&mut self.s, &event);
        self.events.push(event);
    }
}

/// Validates and applies `a`, then runs every automatic step.
pub fn decide(state: &State, seat: usize, a: &A, rng: &mut GameRng) -> R<Vec<E>> {
    validate(state, seat, a)?;
    let mut c = Ctx::new(state.clone(), rng);
    apply(&mut c, seat, a);
    Ok(c.events)
}

fn owned(card: CcCard) -> Option<CcOwnedCard> {
    Some(CcOwnedCard::of(card))
}

/// Applies a validated action.
fn apply(c: &mut Ctx, seat: usize, a: &A) {
    match *a {
        A::StackManipulation { card } => setup::stack(c, seat, card),
        A::PlaceInitial { card, group } => setup::place_initial(c, seat, card, group),
        A::ChooseActive {} => turn_start::choose(c, seat, CcMode::Active),
        A::ChoosePassive {} => turn_start::choose(c, seat, CcMode::Passive),
        A::PassiveDiscard { card } => passive::discard(c, seat, card),
        A::EndDiscard {} => passive::end_discard(c, seat),
        A::PlaceFaceDown { card, group } => main::place(c, seat, card, group, false),
        A::PlaceFaceUp { card, group } => main::place(c, seat, card, group, true),
        A::PlayManipulation {
            card,
            group,
            target,
            ref groups,
        } => manipulation::play(c, seat, card, group, target, groups.as_deref()),
        A::AllowManipulation {} => reaction::allow(c, seat),
        A::VetoManipulation {} => reaction::veto(c, seat),
        A::SpyPick { card } => spy_pick::pick(c, seat, card),
        A::CastlePlace { card, group } => castling::place(c, seat, card, group),
        A::Draw { pile } => draw::choose(c, seat, pile),
        A::ContinueVote {} => vote_window::continue_vote(c, seat),
        A::EndMain {} => main::end(c, seat),
    }
}

/// Runs the automatic steps until a seat must act or the game is over.
fn run(c: &mut Ctx) {
    // Every iteration either emits an event that shrinks some finite quantity, or returns.
    loop {
        if c.s.phase == CcPhase::GameOver {
            return;
        }
        if let Some((seat, count)) = c.s.owed_head() {
            if draw::settle_head(c, seat, count) {
                return;
            }
            continue;
        }
        match c.s.cont {
            Cont::None => return,
            Cont::Main => {
                main::resume(c);
                return;
            }
            Cont::TurnEnd => {
                turn_end::turn_end(c);
                return;
            }
            Cont::ExtraFrom(from) => {
                let Some(g) = vote_window::next_group(&c.s, from) else {
                    vote::vote_card_step(c);
                    if c.s.phase != CcPhase::GameOver {
                        turn_end::turn_end(c);
                    }
                    return;
                };
                if vote_window::start(c, g) {
                    return;
                }
            }
            Cont::Compare(g) => {
                if vote_window::compare(c, g) {
                    return;
                }
            }
        }
    }
}
