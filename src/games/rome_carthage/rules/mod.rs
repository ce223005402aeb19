//! Setup, `decide` with every automatic follow-up, and the legal-action lists, dispatching on the phase. One module per
//! step of the game flow (spec 4: setup, special choice, placement, turn start, main, draw offer, combats, turn end,
//! game end), with the parts of `main` apart (paths, two-mercenary moves, forced march, special cards). What every
//! step shares (the working copy `Cx`, errors) is in `decision`, the card helpers in `cards`: no step imports this
//! file.

mod cards;
mod combat;
mod decision;
mod draw_offer;
mod forced_march;
pub(super) mod game_over;
mod main_phase;
mod mercenaries;
pub(super) mod packets;
mod paths;
mod placement;
mod setup;
mod special_choice;
mod specials;
mod turn_end;
mod turn_start;

use tinyvec::ArrayVec;

pub use setup::setup;

use decision::{Cx, Listing, err};

use super::action::Action;
use super::event::Event;
use super::state::{Phase, SpyStage, State};
use crate::engine::{GameRng, RuleCode, RuleError};

// ---------------------------------------------------------------------------------------------------------------
// decide

pub fn decide(state: &State, seat: usize, action: &Action, rng: &mut GameRng) -> Result<Vec<Event>, RuleError> {
    if state.phase == Phase::GameOver {
        return Err(err(RuleCode::GameOver, "the game is over"));
    }
    if seat >= state.players {
        return Err(err(RuleCode::NoSuchSeat, "this seat is not in the game"));
    }
    let me = seat as u8;
    let mut cx = Cx::new(state, rng);
    match action {
        Action::ChooseSpecial { card } => special_choice::choose(state, &mut cx, me, *card)?,
        Action::Place { kind, city } => placement::place(state, &mut cx, me, *kind, *city)?,
        Action::Move { piece, path } => main_phase::move_piece(state, &mut cx, me, *piece, path)?,
        Action::MoveMercenaries { steps } => main_phase::move_mercenaries(state, &mut cx, me, steps)?,
        Action::PayForcedMarch { cards } => forced_march::pay(state, &mut cx, me, cards)?,
        Action::PlayBetrayal { piece, path, steps } => {
            specials::play_betrayal(state, &mut cx, me, *piece, path.as_ref(), steps.as_ref())?
        }
        Action::PlaySedition { city } => specials::play_sedition(state, &mut cx, me, *city)?,
        Action::EndMoves {} => main_phase::end_moves(state, &mut cx, me)?,
        Action::OfferDraw {} => draw_offer::offer(state, &mut cx, me)?,
        Action::AcceptDraw {} => draw_offer::answer(state, &mut cx, me, true)?,
        Action::DeclineDraw {} => draw_offer::answer(state, &mut cx, me, false)?,
        Action::ChooseCombat { city } => combat::choose(state, &mut cx, me, *city)?,
        Action::Commit { cards } => combat::commit(state, &mut cx, me, cards)?,
        Action::DeclareSpy {} => combat::spy_decision(state, &mut cx, me, true)?,
        Action::DeclineSpy {} => combat::spy_decision(state, &mut cx, me, false)?,
        Action::SpyCommit { cards } => combat::spy_commit(state, &mut cx, me, cards)?,
        Action::AddCard { card } => combat::add_card(state, &mut cx, me, *card)?,
    }
    Ok(cx.events)
}

// ---------------------------------------------------------------------------------------------------------------
// to_act and legal actions

/// The seats to act: at most one per seat, held inline since listing actions asks for them every time.
pub type Seats = ArrayVec<[usize; 4]>;

pub fn to_act(state: &State) -> Seats {
    match state.phase {
        Phase::Setup | Phase::GameOver => Seats::new(),
        Phase::SpecialChoice => {
            let mut seats: Seats = state.choosers.iter().map(|&(_, chooser)| chooser as usize).collect();
            seats.sort_by_key(|&seat| state.order.iter().position(|&turn| turn as usize == seat));
            seats
        }
        Phase::Placement => Seats::from_iter([state.placement.seat as usize]),
        Phase::Main => Seats::from_iter([state.active as usize]),
        Phase::DrawOffer => state
            .offer
            .as_ref()
            .and_then(|offer| offer.responders.get(offer.accepted))
            .map(|&responder| Seats::from_iter([responder as usize]))
            .unwrap_or_default(),
        Phase::Combat => match &state.combat {
            None if state.pending.len() >= 2 => Seats::from_iter([state.active as usize]),
            None => Seats::new(),
            Some(combat) if combat.committed.contains(&false) => (0..2)
                .filter(|&side| !combat.committed[side])
                .map(|side| combat.seats[side] as usize)
                .collect(),
            Some(combat) => match combat.spy {
                SpyStage::Offered(side) | SpyStage::Declared(side) => {
                    Seats::from_iter([combat.seats[side as usize] as usize])
                }
                SpyStage::Done if combat.tie => (0..2)
                    .filter(|&side| !combat.extra_pending[side])
                    .map(|side| combat.seats[side] as usize)
                    .collect(),
                _ => Seats::new(),
            },
        },
    }
}

pub fn legal_actions(state: &State, seat: usize) -> Vec<Action> {
    actions(state, seat, Listing::Every)
}

fn actions(state: &State, seat: usize, listing: Listing) -> Vec<Action> {
    if !to_act(state).contains(&seat) {
        return vec![];
    }
    let me = seat as u8;
    let mut out = Vec::new();
    match state.phase {
        Phase::Setup | Phase::GameOver => {}
        Phase::SpecialChoice => special_choice::list(&mut out),
        Phase::Placement => placement::list(state, me, &mut out),
        Phase::Main => main_phase::list(state, me, listing, &mut out),
        Phase::DrawOffer => draw_offer::list(&mut out),
        Phase::Combat => combat::list(state, me, &mut out),
    }
    out
}

/// A search's random playout action in the main phase (see `main_phase::playout_action`).
pub fn main_phase_playout_action(state: &State, seat: usize, rng: &mut GameRng) -> Option<Action> {
    main_phase::playout_action(state, seat, actions(state, seat, Listing::WithoutMoves), rng)
}
