//! `setup`, `decide`, `legal_actions` and the automatic flow between decisions (spec sections 3 to 8). This module
//! holds the working copy of a decision (`Work`) with the helpers the steps share, the flow's dispatch (`drive`), and
//! dispatches the legal actions and `decide` on the phase. Each part of the game has its own file: `setup` (3),
//! `placement` (4.3), `resolution` (4.4, 6.2, 6.3, 7.1), the effects in three (`effect_decision`: the effect-instance
//! queue and `effect_choice`, 4.5, 7.2; `effect_options`: what a step offers, 7.3, 7.4; `effect_apply`: applying a
//! code, 7.4), the conspiracy in three (`conspiracy`: 4.6 A to D; `favours`: 4.6 E, 7.5; `assassination`: 4.6 F to
//! H, 7.6), and `end` (4.8, 4.9, 8).

mod assassination;
mod conspiracy;
mod effect_apply;
mod effect_decision;
mod effect_options;
mod end;
mod favours;
mod placement;
mod resolution;
mod setup;

#[cfg(test)]
pub(super) use assassination::base_life;
#[cfg(test)]
pub(super) use end::score;
pub use setup::setup;

use super::action::Action;
use super::event::Event;
use super::evolve::evolve;
use super::ids::{Deck, Kind, Role, SeatId};
use super::phase::{EffectCursor, Phase};
use super::state::{Player, State};
use crate::engine::{GameRng, RuleCode, RuleError, Seat};

/// A working copy: every emitted event is applied at once so that later automatic steps see it.
pub struct Work<'a> {
    pub state: State,
    pub events: Vec<Event>,
    pub rng: &'a mut GameRng,
}

impl<'a> Work<'a> {
    pub fn new(state: &State, rng: &'a mut GameRng) -> Self {
        Work {
            state: state.clone(),
            // Room for a typical action's events (the action's and `awaiting`), kept below the size at which
            // malloc consolidates its free lists: an event is about 200 bytes.
            events: Vec::with_capacity(4),
            rng,
        }
    }
    pub fn emit(&mut self, event: Event) {
        evolve(&mut self.state, &event);
        self.events.push(event);
    }
    fn await_phase(&mut self, phase: Phase) {
        self.emit(Event::Awaiting { phase });
    }
}

fn seat_id(seat: Seat) -> SeatId {
    SeatId::of(seat)
}

fn err(code: RuleCode, message: impl Into<String>) -> RuleError {
    RuleError::new(code, message)
}

fn hand_empty(state: &State, seat: Seat) -> bool {
    state.players[seat].hand_count() == 0
}

/// The kinds `player` holds among those with the symbol `symbol`.
fn held(player: &Player, symbol: fn(Kind) -> bool) -> impl Iterator<Item = Kind> + '_ {
    Kind::ALL
        .into_iter()
        .filter(move |&kind| symbol(kind) && player.has(kind))
}

/// The index in `seats` just after `seat` (where a walk through `seats` goes on once `seat` has acted).
fn index_after(seats: &[Seat], seat: Seat) -> usize {
    seats.iter().position(|&other| other == seat).unwrap_or(0) + 1
}

/// `seat` draws `count` cards from `deck`, fewer if the deck runs out.
fn draw(work: &mut Work, seat: Seat, deck: Deck, count: u32) {
    let count = (count as usize).min(work.state.deck(deck).len());
    if count == 0 {
        return;
    }
    let kinds: Vec<Kind> = work.state.deck(deck).iter().take(count).copied().collect();
    work.emit(Event::CardDrawn {
        seat: seat_id(seat),
        deck,
        count,
        kinds: Some(kinds),
    });
}

/// Offers a decision to `seats` in turn: a seat without cards is passed automatically (the event `passed`), the first
/// seat with a card is awaited in the phase `asked`. False when every seat was passed.
fn ask_first_with_cards(
    work: &mut Work,
    seats: impl IntoIterator<Item = Seat>,
    passed: fn(SeatId) -> Event,
    asked: fn(SeatId) -> Phase,
) -> bool {
    for seat in seats {
        if hand_empty(&work.state, seat) {
            work.emit(passed(seat_id(seat)));
        } else {
            work.await_phase(asked(seat_id(seat)));
            return true;
        }
    }
    false
}

/// Plays `kind` face up for `role`, once it shows the symbol the role needs (Coniura to bid, Pugio to defend or stab)
/// and the seat holds one.
fn play_face_up(state: &State, work: &mut Work, seat: Seat, kind: Kind, role: Role) -> Result<(), RuleError> {
    let (has_symbol, wrong_kind) = match role {
        Role::Bid => (kind.coniura_symbol(), "Only a card with a Coniura symbol (con, con_dual, pug_dual) can pay."),
        Role::Defence | Role::Stab => {
            (kind.pugio_symbol(), "Only a card with a Pugio symbol (pug, pug_dual, con_dual) can be used.")
        }
    };
    if !has_symbol {
        return Err(err(RuleCode::WrongKind, wrong_kind));
    }
    if !state.players[seat].has(kind) {
        return Err(err(RuleCode::CardNotInHand, format!("You hold no {} card.", kind.name())));
    }
    work.emit(Event::CardPlayed {
        seat: seat_id(seat),
        kind,
        role,
    });
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// The automatic flow

/// Where the automatic flow goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The next placer after this one (None: the first of the round).
    Placement(Option<Seat>),
    StartSequentia(usize),
    /// Resolve the suit at this index of the current Sequentia card.
    Suit(usize),
    Effects(EffectCursor),
    FinishCard,
    Extra,
    Opportunity(bool),
    /// Offer the opening to the seat at this index of `ordo_order`.
    Opening(usize),
    /// The next speaker after this seat.
    Auction(Seat),
    EndAuction,
    FavourCandidate,
    FavourLeader,
    /// Index into the other conspirators in `ordo_after(leader)` order.
    FavourConspirators(usize),
    /// Index into the non-participants in `ordo_after(leader)` order.
    Defence(usize),
    /// Index into the conspirators in `ordo_from(leader)` order.
    Stab(usize),
    Outcome,
    AfterConspiracy,
    RoundEnd,
    Fall,
    End,
    Stop,
}

pub fn drive(work: &mut Work, mut next: Next) {
    loop {
        next = match next {
            Next::Stop => return,
            Next::Placement(last) => placement::placement(work, last),
            Next::StartSequentia(index) => resolution::start_sequentia(work, index),
            Next::Suit(index) => resolution::resolve_suit(work, index),
            Next::Effects(cursor) => effect_decision::effects(work, cursor),
            Next::FinishCard => resolution::finish_card(work),
            Next::Extra => resolution::extra(work),
            Next::Opportunity(final_conspiracy) => conspiracy::opportunity(work, final_conspiracy),
            Next::Opening(index) => conspiracy::opening(work, index),
            Next::Auction(last) => conspiracy::auction(work, last),
            Next::EndAuction => conspiracy::end_auction(work),
            Next::FavourCandidate => favours::favour_candidate(work),
            Next::FavourLeader => favours::favour_leader(work),
            Next::FavourConspirators(index) => favours::favour_conspirators(work, index),
            Next::Defence(index) => assassination::defence(work, index),
            Next::Stab(index) => assassination::stabbing(work, index),
            Next::Outcome => assassination::outcome(work),
            Next::AfterConspiracy => resolution::after_conspiracy(work),
            Next::RoundEnd => end::round_end(work),
            Next::Fall => end::fall(work),
            Next::End => end::game_over(work),
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Legal actions and decide

pub fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
    // `acting`: nobody acts in a state that does not fit its phase (a log cut in the middle of a step).
    if state.acting() != Some(seat) || seat >= state.n {
        return vec![];
    }
    match &state.phase {
        Phase::Setup | Phase::GameOver => vec![],
        Phase::Placement { .. } => placement::actions(state, seat),
        Phase::EffectDecision { cursor, .. } => effect_decision::actions(state, cursor),
        Phase::Complot { .. } => conspiracy::complot_actions(state, seat),
        Phase::ComplotPayment { .. } => conspiracy::payment_actions(state, seat),
        Phase::FavourCandidate { .. } => favours::candidate_actions(state),
        Phase::FavourLeader { .. } => favours::leader_actions(state),
        Phase::FavourConspirator { .. } => favours::conspirator_actions(state, seat),
        Phase::Defence { .. } => assassination::defence_actions(state, seat),
        Phase::Stabbing { .. } => assassination::stabbing_actions(state, seat),
    }
}

fn phase_name(phase: &Phase) -> &'static str {
    match phase {
        Phase::Setup => "setup",
        Phase::Placement { .. } => "placement",
        Phase::EffectDecision { .. } => "effect_decision",
        Phase::Complot { .. } => "complot",
        Phase::ComplotPayment { .. } => "complot_payment",
        Phase::FavourCandidate { .. } => "favour_candidate",
        Phase::FavourLeader { .. } => "favour_leader",
        Phase::FavourConspirator { .. } => "favour_conspirator",
        Phase::Defence { .. } => "defence",
        Phase::Stabbing { .. } => "stabbing",
        Phase::GameOver => "game_over",
    }
}

fn wrong_phase(state: &State, action: &str) -> RuleError {
    err(
        RuleCode::WrongPhase,
        format!("{action} is not possible now: the game is in the {} phase", phase_name(&state.phase)),
    )
}

/// Refuses an action when the game is over, the seat does not exist or it is not its turn.
fn check_turn(state: &State, seat: Seat) -> Result<(), RuleError> {
    if state.phase == Phase::GameOver {
        return Err(err(RuleCode::GameOver, "The game is over."));
    }
    if seat >= state.n {
        return Err(err(RuleCode::UnknownSeat, "There is no such seat in this game."));
    }
    if state.acting() != Some(seat) {
        return Err(err(
            RuleCode::NotYourTurn,
            match state.acting() {
                Some(acting) => format!("It is {}'s turn, not yours.", seat_id(acting).name()),
                None => "Nobody may act now.".to_string(),
            },
        ));
    }
    Ok(())
}

pub fn decide(state: &State, seat: Seat, action: &Action, rng: &mut GameRng) -> Result<Vec<Event>, RuleError> {
    check_turn(state, seat)?;
    let mut work = Work::new(state, rng);
    let next = match (action, &state.phase) {
        (Action::PlaceToken { value, suit, position }, Phase::Placement { .. }) => {
            placement::place_token(state, &mut work, seat, *value, *suit, *position)?
        }
        (Action::EffectChoice { option }, Phase::EffectDecision { cursor, .. }) => {
            effect_decision::choose(state, &mut work, *cursor, option)?
        }
        (Action::ComplotPass, Phase::Complot { .. }) => conspiracy::pass(state, &mut work, seat),
        (Action::ComplotAccept, Phase::Complot { .. }) => conspiracy::accept(state, &mut work, seat)?,
        (Action::ComplotRaise { total }, Phase::Complot { .. }) => conspiracy::raise(state, &mut work, seat, *total)?,
        (Action::PayConiura { kind }, Phase::ComplotPayment { owed, .. }) => {
            conspiracy::pay(state, &mut work, seat, *kind, *owed)?
        }
        (Action::ChooseCandidate { candidate }, Phase::FavourCandidate { .. }) => {
            favours::choose_candidate(state, &mut work, *candidate)?
        }
        (Action::LeaderFavour { target }, Phase::FavourLeader { .. }) => {
            favours::leader_favour(state, &mut work, seat, *target)?
        }
        (Action::ConspiratorFavour { target }, Phase::FavourConspirator { .. }) => {
            favours::conspirator_favour(state, &mut work, seat, *target)?
        }
        (Action::Defend { kind }, Phase::Defence { .. }) => assassination::defend(state, &mut work, seat, *kind)?,
        (Action::Stab { kind }, Phase::Stabbing { .. }) => assassination::stab(state, &mut work, seat, *kind)?,
        (Action::DefendPass, Phase::Defence { .. }) => assassination::defend_pass(state, &mut work, seat),
        (Action::StabDone, Phase::Stabbing { .. }) => assassination::stab_done(state, &mut work, seat),
        (action, _) => {
            let name = serde_json::to_value(action)
                .ok()
                .and_then(|value| value.get("type").and_then(|kind| kind.as_str()).map(String::from))
                .unwrap_or_else(|| "this action".into());
            return Err(wrong_phase(state, &name));
        }
    };
    drive(&mut work, next);
    Ok(work.events)
}
