//! The rules: `setup`, `decide` and the legal actions, dispatching on the step to the phase that holds its
//! validation, events and action listing (spec 4-6): the placement of dice (`placement/`), the evaluation of the
//! buildings (`evaluation.rs`; the Senate's in `senate.rs`) and the final scoring (`scoring/`).
//! Randomness comes only from a `Chance` source, so tests can inject outcomes (D3).

mod evaluation;
mod placement;
pub mod scoring;
mod senate;

use rand::Rng;
use rand::seq::SliceRandom;

use crate::engine::{GameRng, RuleCode, RuleError};

use super::action::Action;
use super::building::Building;
use super::data::DATA;
use super::dice::FACES;
use super::event::Event;
use super::evolve::evolve;
use super::ids::{CardId, FavourId, InhabitantId, ProvinceId, SeatId};
use super::phase::Phase;
use super::state::State;
pub use evaluation::templum_results;
/// The placement rules alone, which the tests compare with the listing.
#[cfg(test)]
pub(super) use placement::check_place;
pub use placement::sub_multisets;

/// A source of chance outcomes.
pub trait Chance {
    /// One die roll, 1..=6.
    fn die(&mut self) -> u8;
    /// A permutation of `0..len`: position i of the shuffled pile holds item `perm[i]` of the old order.
    fn permutation(&mut self, len: usize) -> Vec<usize>;
}

/// Chance from the engine's seeded generator.
pub struct RngChance<'a>(pub &'a mut GameRng);

impl Chance for RngChance<'_> {
    fn die(&mut self) -> u8 {
        self.0.random_range(1..=FACES)
    }

    fn permutation(&mut self, len: usize) -> Vec<usize> {
        let mut permutation: Vec<usize> = (0..len).collect();
        permutation.shuffle(self.0);
        permutation
    }
}

/// `items` in the order of a permutation from `chance`; unchanged if that is no permutation of them.
fn shuffled<T: Copy>(chance: &mut dyn Chance, items: &[T]) -> Vec<T> {
    let permutation = chance.permutation(items.len());
    let mut seen = vec![false; items.len()];
    let valid = permutation.len() == items.len()
        && permutation
            .iter()
            .all(|&index| index < items.len() && !std::mem::replace(&mut seen[index], true));
    if valid {
        permutation.iter().map(|&index| items[index]).collect()
    } else {
        items.to_vec()
    }
}

/// The working copy of `decide` and `setup`: the state as the events so far left it, and those events.
struct Ctx<'a> {
    state: State,
    events: Vec<Event>,
    chance: &'a mut dyn Chance,
}

impl<'a> Ctx<'a> {
    fn new(state: &State, chance: &'a mut dyn Chance) -> Self {
        Self {
            state: state.clone(),
            events: vec![],
            chance,
        }
    }

    fn emit(&mut self, event: Event) {
        evolve(&mut self.state, &event);
        self.events.push(event);
    }

    /// Runs automatic steps until a seat must decide or the game is over.
    fn run(&mut self) {
        while let Some(event) = self.automatic() {
            self.emit(event);
        }
    }

    /// The event of the automatic step the game is at; `None` at a decision step (a pick with a single candidate
    /// is made automatically, D19) and at the end.
    fn automatic(&mut self) -> Option<Event> {
        let state = &self.state;
        Some(match state.step {
            Phase::TurnDecide | Phase::GameEnd => return None,
            Phase::RoundStart => placement::round_start(state),
            Phase::TurnRoll => placement::turn_roll(state, self.chance),
            Phase::TurnEnd => placement::turn_end(state),
            Phase::RoundEnd => placement::round_end(state),
            Phase::EvalTemplum => evaluation::eval_templum(state),
            Phase::EvalSenatus => senate::eval_senatus(state),
            Phase::SenateDraw => senate::senate_draw(state),
            Phase::SenateChoiceFirst | Phase::SenateChoiceSecond => return senate::senate_choice(state),
            Phase::SenatePass => senate::senate_pass(state),
            Phase::SenateLeftover => senate::senate_leftover(state),
            Phase::SenateFinish => senate::senate_finish(state),
            Phase::EvalCastrum => evaluation::eval_castrum(state),
            Phase::CastrumPick => return evaluation::castrum_pick(state),
            Phase::CastrumFinish => evaluation::castrum_finish(state),
            Phase::CastrumClear => evaluation::castrum_clear(state),
            Phase::ForumPick => return evaluation::forum_pick(state),
            Phase::ForumFinish => evaluation::forum_finish(state),
            Phase::EvalLatrina => evaluation::eval_latrina(state),
            Phase::RoundCleanup => evaluation::round_cleanup(state),
            Phase::FinalScoring => Event::GameEnd {
                result: scoring::outcome(state),
            },
        })
    }
}

/// The setup events: shuffles, then the first round start and the first roll.
pub fn setup_with(state: &State, chance: &mut dyn Chance) -> Vec<Event> {
    let mut ctx = Ctx::new(state, chance);
    let players = state.players;
    if state.templum_used() {
        let tokens: Vec<FavourId> = (0..DATA.favour.len()).map(|index| FavourId(index as u8)).collect();
        let order = shuffled(ctx.chance, &tokens);
        ctx.emit(Event::FavourPileShuffled {
            count: order.len() as u8,
            order: Some(order),
        });
    }
    let (cards, removed): (Vec<CardId>, Vec<CardId>) = (0..DATA.senate_cards.len())
        .map(|index| CardId(index as u8))
        .partition(|card| DATA.senate_cards[card.0 as usize].players.contains(&players));
    let order = shuffled(ctx.chance, &cards);
    ctx.emit(Event::SenateDeckShuffled {
        count: order.len() as u8,
        removed,
        order: Some(order),
    });
    let provinces: Vec<ProvinceId> = (0..DATA.provinces.len()).map(|index| ProvinceId(index as u8)).collect();
    let order = shuffled(ctx.chance, &provinces);
    ctx.emit(Event::ProvincePileShuffled {
        count: order.len() as u8,
        order: Some(order),
    });
    let inhabitants: Vec<InhabitantId> = (0..DATA.inhabitants.len())
        .map(|index| InhabitantId(index as u8))
        .collect();
    let order = shuffled(ctx.chance, &inhabitants);
    ctx.emit(Event::InhabitantPileShuffled {
        count: order.len() as u8,
        order: Some(order),
    });
    ctx.run();
    ctx.events
}

/// Runs the automatic steps from `state` (tests use it to drive fixtures that start at an automatic step).
pub fn run_automatic(state: &State, chance: &mut dyn Chance) -> Vec<Event> {
    let mut ctx = Ctx::new(state, chance);
    ctx.run();
    ctx.events
}

fn rule(code: RuleCode, message: impl Into<String>) -> RuleError {
    RuleError::new(code, message)
}

fn phase_name(step: Phase) -> String {
    serde_json::to_value(step)
        .ok()
        .and_then(|name| name.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// Validates `action` by `seat` and returns its events with every automatic follow-up.
pub fn decide_with(
    state: &State,
    seat: usize,
    action: &Action,
    chance: &mut dyn Chance,
) -> Result<Vec<Event>, RuleError> {
    if state.step == Phase::GameEnd {
        return Err(rule(RuleCode::GameOver, "the game is over"));
    }
    let to_act = state.to_act();
    if to_act != Some(seat) {
        let who = to_act.map_or("", |waited| SeatId::of(waited).id());
        return Err(rule(RuleCode::NotYourTurn, format!("it is not your turn; waiting for {who}")));
    }
    // Validate first, and make the action's event from `state`: a rejected action costs no copy of the state.
    let event = match (state.step, action) {
        (Phase::TurnDecide, Action::Reroll { values }) => {
            return placement::reroll(state, seat, values, chance);
        }
        (
            Phase::TurnDecide,
            Action::Place {
                building,
                values,
                combo,
            },
        ) => placement::place(state, seat, *building, values, *combo)?,
        (Phase::TurnDecide, Action::LatrinaForced {}) => placement::latrina_forced(state, seat)?,
        (Phase::SenateChoiceFirst | Phase::SenateChoiceSecond, Action::KeepSenateCard { card }) => {
            senate::keep_senate_card(state, seat, *card)?
        }
        (Phase::CastrumPick, Action::TakeProvince { province }) => evaluation::take_province(state, seat, *province)?,
        (Phase::ForumPick, Action::TakeInhabitant { inhabitant }) => {
            evaluation::take_inhabitant(state, seat, *inhabitant)?
        }
        (step, _) => {
            return Err(rule(
                RuleCode::WrongPhase,
                format!("this action is not allowed now: the game is at {}", phase_name(step)),
            ));
        }
    };
    let mut ctx = Ctx::new(state, chance);
    ctx.emit(event);
    // Each die placed in the Templum draws a favour token (A3).
    if let Action::Place {
        building: Building::Templum,
        values,
        ..
    } = action
    {
        ctx.draw_favour(seat, values.len());
    }
    ctx.run();
    Ok(ctx.events)
}

/// Every legal action of `seat` now, in canonical order.
pub fn legal_actions(state: &State, seat: usize) -> Vec<Action> {
    if state.to_act() != Some(seat) {
        return vec![];
    }
    match state.step {
        Phase::TurnDecide => placement::turn_actions(state, seat),
        Phase::SenateChoiceFirst | Phase::SenateChoiceSecond => senate::keep_senate_card_actions(state),
        Phase::CastrumPick => evaluation::take_province_actions(state),
        Phase::ForumPick => evaluation::take_inhabitant_actions(state),
        _ => vec![],
    }
}
