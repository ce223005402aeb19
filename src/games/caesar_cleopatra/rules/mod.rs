//! Validation, legal actions, and the automatic flow (spec 4, 6, 7, 8). This module checks who acts and in which
//! phase, and runs the automatic steps between decisions (`run`); each phase of spec 4.1 has its own file with its
//! checks, its candidate actions and its events. The setup (spec 3), the votes (7.2, step V), the turn end (step E)
//! and the game end (8) have theirs too.

mod castling;
mod draw;
mod game_over;
mod main;
mod manipulation;
mod manipulation_end;
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

use super::action::Action;
use super::card::OwnedCard;
use super::event::{Event, Mode};
use super::evolve::evolve;
use super::ids::{Card, Phase, SeatId};
use super::state::{Continuation, State, opponent};
use crate::engine::{GameRng, RuleCode, RuleError};

type RuleResult<T> = Result<T, RuleError>;

fn err<T>(code: RuleCode, message: impl Into<String>) -> RuleResult<T> {
    Err(RuleError::new(code, message))
}

/// How the checks of an action report a refusal: `decide` needs the player's message, while listing the legal
/// actions only asks yes or no and must not pay for building the messages of every rejected candidate.
trait Refusal {
    fn new<M: Into<String>>(code: RuleCode, message: impl FnOnce() -> M) -> Self;
}

impl Refusal for RuleError {
    fn new<M: Into<String>>(code: RuleCode, message: impl FnOnce() -> M) -> Self {
        RuleError::new(code, message())
    }
}

/// A refusal without its message.
struct Refused;

impl Refusal for Refused {
    fn new<M: Into<String>>(_: RuleCode, _: impl FnOnce() -> M) -> Self {
        Refused
    }
}

fn no<T, X: Refusal, M: Into<String>>(code: RuleCode, message: impl FnOnce() -> M) -> Result<T, X> {
    Err(X::new(code, message))
}

fn seat_of(seat: usize) -> SeatId {
    SeatId::from_index(seat)
}

// ---------------------------------------------------------------------------------------------------------------
// Who acts

/// Seats that must act now.
pub fn to_act(state: &State) -> Vec<usize> {
    match state.phase {
        Phase::Setup | Phase::GameOver => Vec::new(),
        Phase::SetupArrange => (0..2).filter(|&seat| !state.seats[seat].unstacked.is_empty()).collect(),
        Phase::SetupPlace => (0..2)
            .filter(|&seat| !state.seats[seat].aside_place.is_empty())
            .collect(),
        Phase::TurnStart | Phase::Passive | Phase::Main | Phase::SpyPick | Phase::Castling | Phase::VoteWindow => {
            vec![state.active]
        }
        Phase::Reaction => vec![opponent(state.active)],
        Phase::Draw => state.owed_head().map(|(seat, _)| vec![seat]).unwrap_or_default(),
    }
}

fn action_name(action: &Action) -> &'static str {
    match action {
        Action::StackManipulation { .. } => "stack_manipulation",
        Action::PlaceInitial { .. } => "place_initial",
        Action::ChooseActive {} => "choose_active",
        Action::ChoosePassive {} => "choose_passive",
        Action::PassiveDiscard { .. } => "passive_discard",
        Action::EndDiscard {} => "end_discard",
        Action::PlaceFaceDown { .. } => "place_face_down",
        Action::PlaceFaceUp { .. } => "place_face_up",
        Action::PlayManipulation { .. } => "play_manipulation",
        Action::EndMain {} => "end_main",
        Action::AllowManipulation {} => "allow_manipulation",
        Action::VetoManipulation {} => "veto_manipulation",
        Action::SpyPick { .. } => "spy_pick",
        Action::CastlePlace { .. } => "castle_place",
        Action::Draw { .. } => "draw",
        Action::ContinueVote {} => "continue_vote",
    }
}

fn action_phases(action: &Action) -> &'static [Phase] {
    match action {
        Action::StackManipulation { .. } => &[Phase::SetupArrange],
        Action::PlaceInitial { .. } => &[Phase::SetupPlace],
        Action::ChooseActive {} | Action::ChoosePassive {} => &[Phase::TurnStart],
        Action::PassiveDiscard { .. } | Action::EndDiscard {} => &[Phase::Passive],
        Action::PlaceFaceDown { .. } | Action::PlaceFaceUp { .. } | Action::EndMain {} => &[Phase::Main],
        Action::PlayManipulation { .. } => &[Phase::Main, Phase::VoteWindow],
        Action::AllowManipulation {} | Action::VetoManipulation {} => &[Phase::Reaction],
        Action::SpyPick { .. } => &[Phase::SpyPick],
        Action::CastlePlace { .. } => &[Phase::Castling],
        Action::Draw { .. } => &[Phase::Draw],
        Action::ContinueVote {} => &[Phase::VoteWindow],
    }
}

fn phase_name(phase: Phase) -> String {
    serde_json::to_value(phase)
        .ok()
        .and_then(|value| value.as_str().map(str::to_owned))
        .unwrap_or_default()
}

// ---------------------------------------------------------------------------------------------------------------
// Validation

/// Checks that `seat` may take `action` now.
pub fn validate(state: &State, seat: usize, action: &Action) -> RuleResult<()> {
    if state.phase == Phase::GameOver {
        return err(RuleCode::GameOver, "The game is over.");
    }
    if seat > 1 {
        return err(RuleCode::InvalidSeat, "This game has only two seats.");
    }
    if !to_act(state).contains(&seat) {
        return match state.phase {
            Phase::SetupArrange => err(RuleCode::AlreadyDone, "You have already stacked all your manipulation cards."),
            Phase::SetupPlace => err(RuleCode::AlreadyDone, "You have already placed all your initial cards."),
            Phase::Setup => err(RuleCode::WrongPhase, "The game has not been set up yet."),
            _ => err(RuleCode::NotYourTurn, "It is not your turn to act."),
        };
    }
    if !action_phases(action).contains(&state.phase) {
        return err(
            RuleCode::WrongPhase,
            format!(
                "`{}` is not possible now: the game is in phase `{}`.",
                action_name(action),
                phase_name(state.phase)
            ),
        );
    }
    check_action::<RuleError>(state, seat, action)
}

/// The checks of one action, once seat and phase are known to fit.
fn check_action<X: Refusal>(state: &State, seat: usize, action: &Action) -> Result<(), X> {
    match *action {
        Action::StackManipulation { card } => setup::check_stack(state, seat, card),
        Action::PlaceInitial { card, group } => setup::check_place_initial(state, seat, card, group),
        Action::ChooseActive {} => turn_start::check_active(state, seat),
        Action::ChoosePassive {} => turn_start::check_passive(state),
        Action::PassiveDiscard { card } => passive::check_discard(state, seat, card),
        Action::EndDiscard {} | Action::AllowManipulation {} | Action::ContinueVote {} => Ok(()),
        Action::PlaceFaceDown { card, group } => main::check_face_down(state, seat, card, group),
        Action::PlaceFaceUp { card, group } => main::check_face_up(state, seat, card, group),
        Action::PlayManipulation {
            card,
            group,
            target,
            ref groups,
        } => manipulation::check_play(state, seat, card, group, target, groups.as_deref()),
        Action::EndMain {} => main::check_end(state),
        Action::VetoManipulation {} => reaction::check_veto(state, seat),
        Action::SpyPick { card } => spy_pick::check(state, seat, card),
        Action::CastlePlace { card, group } => castling::check(state, seat, card, group),
        Action::Draw { pile } => draw::check(state, seat, pile),
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Legal actions

/// Every legal action of `seat`, each once, exactly as `decide` accepts it.
pub fn legal_actions(state: &State, seat: usize) -> Vec<Action> {
    if seat > 1 || !to_act(state).contains(&seat) {
        return Vec::new();
    }
    let mut out = Vec::new();
    match state.phase {
        Phase::SetupArrange => setup::arrange_candidates(&mut out),
        Phase::SetupPlace => setup::place_candidates(&mut out),
        Phase::TurnStart => turn_start::candidates(&mut out),
        Phase::Passive => passive::candidates(state, seat, &mut out),
        Phase::Main => main::candidates(state, seat, &mut out),
        Phase::VoteWindow => vote_window::candidates(state, seat, &mut out),
        Phase::Reaction => reaction::candidates(&mut out),
        Phase::SpyPick => spy_pick::candidates(state, seat, &mut out),
        Phase::Castling => castling::candidates(state, seat, &mut out),
        Phase::Draw => draw::candidates(&mut out),
        Phase::Setup | Phase::GameOver => {}
    }
    out.retain(|action| check_action::<Refused>(state, seat, action).is_ok());
    out
}

// ---------------------------------------------------------------------------------------------------------------
// Deciding

/// The working copy of a decision: events are applied as they are emitted.
pub struct Ctx<'a> {
    pub state: State,
    pub events: Vec<Event>,
    rng: &'a mut GameRng,
}

impl<'a> Ctx<'a> {
    pub fn new(state: State, rng: &'a mut GameRng) -> Self {
        Self {
            state,
            events: Vec::new(),
            rng,
        }
    }

    pub fn emit(&mut self, event: Event) {
        evolve(&mut self.state, &event);
        self.events.push(event);
    }
}

/// Validates and applies `action`, then runs every automatic step.
pub fn decide(state: &State, seat: usize, action: &Action, rng: &mut GameRng) -> RuleResult<Vec<Event>> {
    validate(state, seat, action)?;
    let mut ctx = Ctx::new(state.clone(), rng);
    apply(&mut ctx, seat, action);
    Ok(ctx.events)
}

fn owned(card: Card) -> Option<OwnedCard> {
    Some(OwnedCard::of(card))
}

/// Applies a validated action.
fn apply(ctx: &mut Ctx, seat: usize, action: &Action) {
    match *action {
        Action::StackManipulation { card } => setup::stack(ctx, seat, card),
        Action::PlaceInitial { card, group } => setup::place_initial(ctx, seat, card, group),
        Action::ChooseActive {} => turn_start::choose(ctx, seat, Mode::Active),
        Action::ChoosePassive {} => turn_start::choose(ctx, seat, Mode::Passive),
        Action::PassiveDiscard { card } => passive::discard(ctx, seat, card),
        Action::EndDiscard {} => passive::end_discard(ctx, seat),
        Action::PlaceFaceDown { card, group } => main::place(ctx, seat, card, group, false),
        Action::PlaceFaceUp { card, group } => main::place(ctx, seat, card, group, true),
        Action::PlayManipulation {
            card,
            group,
            target,
            ref groups,
        } => manipulation::play(ctx, seat, card, group, target, groups.as_deref()),
        Action::AllowManipulation {} => reaction::allow(ctx, seat),
        Action::VetoManipulation {} => reaction::veto(ctx, seat),
        Action::SpyPick { card } => spy_pick::pick(ctx, seat, card),
        Action::CastlePlace { card, group } => castling::place(ctx, seat, card, group),
        Action::Draw { pile } => draw::choose(ctx, seat, pile),
        Action::ContinueVote {} => vote_window::continue_vote(ctx, seat),
        Action::EndMain {} => main::end(ctx, seat),
    }
}

/// Runs the automatic steps until a seat must act or the game is over.
fn run(ctx: &mut Ctx) {
    // Every iteration either emits an event that shrinks some finite quantity, or returns.
    loop {
        if ctx.state.phase == Phase::GameOver {
            return;
        }
        if let Some((seat, count)) = ctx.state.owed_head() {
            if draw::settle_head(ctx, seat, count) {
                return;
            }
            continue;
        }
        match ctx.state.cont {
            Continuation::None => return,
            Continuation::Main => {
                main::resume(ctx);
                return;
            }
            Continuation::TurnEnd => {
                turn_end::turn_end(ctx);
                return;
            }
            Continuation::ExtraFrom(from) => {
                let Some(group) = vote_window::next_group(&ctx.state, from) else {
                    vote::vote_card_step(ctx);
                    if ctx.state.phase != Phase::GameOver {
                        turn_end::turn_end(ctx);
                    }
                    return;
                };
                if vote_window::start(ctx, group) {
                    return;
                }
            }
            Continuation::Compare(group) => {
                if vote_window::compare(ctx, group) {
                    return;
                }
            }
        }
    }
}
