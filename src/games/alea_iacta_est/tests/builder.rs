//! A small test builder: a game after setup, with helpers to set hands and buildings, inject chance outcomes and
//! play actions through `decide` + `evolve`.

use std::collections::VecDeque;

use rand::SeedableRng;

use super::super::*;
use crate::engine::{GameRng, RuleError};

pub use super::super::Building as B;
pub use super::super::Event as E;
pub use super::super::Phase as Step;

pub const ANTONIUS: usize = 0;
pub const BRUTUS: usize = 1;
pub const CLAUDIUS: usize = 2;
pub const DARIUS: usize = 3;

/// Injected chance outcomes: die values in roll order and shuffle permutations; when the script runs out, a
/// seeded generator takes over.
pub struct Script {
    pub dice: VecDeque<u8>,
    pub perms: VecDeque<Vec<usize>>,
    pub rng: GameRng,
}

impl Script {
    pub fn new(dice: &[u8]) -> Self {
        Self {
            dice: dice.iter().copied().collect(),
            perms: VecDeque::new(),
            rng: GameRng::seed_from_u64(7),
        }
    }

    pub fn none() -> Self {
        Self::new(&[])
    }

    pub fn with_perm(mut self, perm: Vec<usize>) -> Self {
        self.perms.push_back(perm);
        self
    }
}

impl Chance for Script {
    fn die(&mut self) -> u8 {
        match self.dice.pop_front() {
            Some(v) => v,
            None => RngChance(&mut self.rng).die(),
        }
    }

    fn permutation(&mut self, len: usize) -> Vec<usize> {
        match self.perms.pop_front() {
            Some(p) => p,
            None => RngChance(&mut self.rng).permutation(len),
        }
    }
}

pub fn seat(s: usize) -> SeatId {
    SeatId::of(s)
}

pub fn card(id: &str) -> CardId {
    id.parse::<CardId>().unwrap_or_else(|_| panic!("card {id}"))
}

pub fn province(id: &str) -> ProvinceId {
    id.parse::<ProvinceId>().unwrap_or_else(|_| panic!("province {id}"))
}

pub fn inhabitant(id: &str) -> InhabitantId {
    id.parse::<InhabitantId>().unwrap_or_else(|_| panic!("inhabitant {id}"))
}

pub fn favour(id: &str) -> FavourId {
    id.parse::<FavourId>().unwrap_or_else(|_| panic!("favour {id}"))
}

/// A game of `n` players after setup (identity shuffles), in round 1 at seat 0's `turn_decide`.
pub fn game(n: usize) -> State {
    let mut state = AleaIactaEst::new_state(n, &Options::default()).expect("2-5 players");
    let mut script = Script::new(&[1; 8]);
    let mut lens = vec![];
    if state.params.templum_used {
        lens.push(DATA.favour.len());
    }
    lens.extend([state.params.senate_deck, DATA.provinces.len(), DATA.inhabitants.len()]);
    for l in lens {
        script.perms.push_back((0..l).collect());
    }
    for event in setup_with(&state, &mut script) {
        evolve(&mut state, &event);
    }
    state
}

/// Makes `s` the current seat at `turn_decide` with this rolled hand.
pub fn turn(state: &mut State, s: usize, hand: &[u8]) {
    for (i, st) in state.seats.iter_mut().enumerate() {
        if i != s {
            st.hand.clear_values();
        }
    }
    state.seats[s].hand = Hand::rolled(hand);
    state.current = s;
    state.step = Step::TurnDecide;
}

pub fn straight(state: &mut State, s: usize, low: u8, high: u8) {
    state.seats[s].straight = Some((low, high));
}

pub fn group(state: &mut State, s: usize, value: u8, size: u8) {
    state.castrum.push(Group { seat: s, value, size });
}

pub fn combo(state: &mut State, id: u8, s: usize, dice: &[u8]) {
    state.templum.push(Combo {
        id,
        seat: s,
        dice: dice.iter().copied().collect(),
    });
}

pub fn forum(state: &mut State, dice: &[(usize, u8)]) {
    state.forum = dice.iter().map(|&(seat, value)| ForumSlot { seat, value }).collect();
}

/// Dice of seat `s` outside its hand and Latrina.
pub fn dice_on_buildings(state: &State, s: usize) -> u32 {
    let templum: usize = state.templum.iter().filter(|c| c.seat == s).map(|c| c.dice.len()).sum();
    let senate = state.seats[s].straight.map_or(0, |(l, h)| (h + 1 - l) as usize);
    let castrum: usize = state
        .castrum
        .iter()
        .filter(|g| g.seat == s)
        .map(|g| g.size as usize)
        .sum();
    let forum = state.forum.iter().filter(|d| d.seat == s).count();
    (templum + senate + castrum + forum) as u32
}

/// Puts every die not in a hand or on a building in its owner's Latrina (the scenarios' convention). Unrolled
/// hands are first reduced so that no seat has more than 8 dice.
pub fn balance(state: &mut State) {
    for s in 0..state.players {
        let on = dice_on_buildings(state, s);
        let hand = &mut state.seats[s].hand;
        if !hand.rolled && hand.size as u32 + on > 8 {
            hand.size = 8u32.saturating_sub(on) as u8;
        }
        let used = state.seats[s].hand.size as u32 + on;
        state.seats[s].latrina = (8u32.saturating_sub(used)) as u8;
    }
}

/// The round is over: hands are empty, every other die is in the Latrina, and the game is at `step`.
pub fn evaluation(state: &mut State, step: Step) {
    for s in &mut state.seats {
        s.hand = Hand::unrolled(0);
    }
    state.round_ending = true;
    state.step = step;
    balance(state);
}

/// Plays the first legal action of every evaluation pick until a turn (or the game end) is reached.
pub fn finish_evaluation(state: &mut State) -> Vec<Event> {
    let mut events = vec![];
    while !matches!(state.step, Step::TurnDecide | Step::GameEnd) {
        let s = AleaIactaEst::to_act(state)[0];
        let action = legal(state, s).remove(0);
        events.extend(play(state, s, action, &mut Script::none()).expect("a listed action"));
    }
    events
}

/// Moves favour tokens from the pile to a seat's face-down tokens (it saw them).
pub fn give_hidden(state: &mut State, s: usize, ids: &[&str]) {
    for id in ids {
        let t = favour(id);
        state.favour_pile.retain(|x| *x != t);
        state.seats[s].favour_hidden.push(t);
        state.favour_known[t.0 as usize] = 1 << s;
    }
}

/// Puts these cards on top of the Senate deck, in this order.
pub fn deck_top(state: &mut State, ids: &[&str]) {
    let cards: Vec<CardId> = ids.iter().map(|id| card(id)).collect();
    state.senate_deck.retain(|c| !cards.contains(c));
    let rest = std::mem::take(&mut state.senate_deck);
    state.senate_deck = cards.into_iter().chain(rest).collect();
}

/// Decides and applies an action; returns the events.
pub fn play(state: &mut State, s: usize, action: Action, script: &mut Script) -> Result<Vec<Event>, RuleError> {
    let events = decide_with(state, s, &action, script)?;
    for e in &events {
        AleaIactaEst::evolve(state, e);
    }
    Ok(events)
}

/// Runs the automatic steps from the current step and applies them.
pub fn advance(state: &mut State, script: &mut Script) -> Vec<Event> {
    let events = run_automatic(state, script);
    for e in &events {
        evolve(state, e);
    }
    events
}

/// The die values of an action.
pub fn dice(values: &[u8]) -> Dice {
    values.iter().copied().collect()
}

pub fn place(building: B, values: &[u8]) -> Action {
    Action::Place {
        building,
        values: dice(values),
        combo: None,
    }
}

pub fn place_combo(values: &[u8], combo: Option<u8>) -> Action {
    Action::Place {
        building: B::Templum,
        values: dice(values),
        combo,
    }
}

/// The place actions in a list, as (building, values, combo).
pub fn places(actions: &[Action]) -> Vec<(B, Vec<u8>, Option<u8>)> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Place {
                building,
                values,
                combo,
            } => Some((*building, values.to_vec(), *combo)),
            _ => None,
        })
        .collect()
}

pub fn places_on(actions: &[Action], b: B) -> Vec<Vec<u8>> {
    places(actions)
        .into_iter()
        .filter(|(x, _, _)| *x == b)
        .map(|(_, v, _)| v)
        .collect()
}

pub fn legal(state: &State, s: usize) -> Vec<Action> {
    AleaIactaEst::legal_actions(state, s)
}

pub fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serializable")
}
