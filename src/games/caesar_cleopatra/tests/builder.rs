//! A small builder of game states for the scenarios, and helpers to drive them.

use serde_json::{Value, json};

use super::super::CaesarCleopatra;
use super::super::action::Action;
use super::super::data::data;
use super::super::event::Event;
use super::super::evolve::evolve;
use super::super::face::Face;
use super::super::ids::Group::{self, Censors, Praetors, Quaestors, Senators};
use super::super::ids::{Card, ManipulationKind, Phase, Placement};
use super::super::options::Options;
use super::super::outcome::{EndReason, Outcome};
use super::super::rules;
use super::super::state::{SeatCards, SeatState, Slot, State};
use super::super::value::InfluenceValue;
use crate::engine::{GameSeed, RuleError, Viewer, Views};

pub const CLEO: usize = 0;
pub const CAESAR: usize = 1;
/// The Philosopher in value lists.
pub const P: u8 = 0;

pub fn val(n: u8) -> InfluenceValue {
    if n == P {
        InfluenceValue::P
    } else {
        InfluenceValue::num(n).expect("value 1..5")
    }
}

pub fn inf(n: u8) -> Face {
    Face::Influence(val(n))
}

pub fn man(kind: ManipulationKind) -> Face {
    Face::Manipulation(kind)
}

/// The five influence values 1 to 5.
pub fn five_influence() -> Vec<Face> {
    [1, 2, 3, 4, 5].map(inf).to_vec()
}

pub fn card(id: &str) -> Card {
    id.parse::<Card>().unwrap_or_else(|_| panic!("unknown card {id}"))
}

/// Parses an action from the spec's JSON.
pub fn action(value: Value) -> Action {
    serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{value} does not parse: {e}"))
}

/// Builds states directly. Starts from a neutral position: every influence card in pile 1 and every manipulation
/// card in pile 2 (id order), missions dealt (Cleopatra senators, Caesar praetors), vote deck in table order,
/// turn 1 of Cleopatra at `turn_start`.
pub struct Builder {
    pub s: State,
}

impl Builder {
    pub fn new() -> Builder {
        let mut s = State::initial(&Options::default());
        for st in &mut s.seats {
            let mut pile1 = std::mem::take(&mut st.aside_place);
            pile1.extend(std::mem::take(&mut st.aside_hand));
            pile1.extend(std::mem::take(&mut st.pile1));
            pile1.sort();
            st.pile1 = pile1;
            st.pile2 = std::mem::take(&mut st.unstacked);
        }
        let mut b = Builder { s };
        b.mission(CLEO, "mission_senators_1");
        b.mission(CAESAR, "mission_praetors_1");
        b.s.phase = Phase::TurnStart;
        b.s.turn = 1;
        b.s.active = CLEO;
        b
    }

    pub fn mission(&mut self, seat: usize, id: &str) -> &mut Self {
        let m = card(id);
        let old = self.s.seats[seat].mission.take();
        if self.s.seats[1 - seat].mission == Some(m) {
            self.s.seats[1 - seat].mission = old;
        } else if let Some(old) = old {
            self.s.mission_deck.push(old);
        }
        self.s.mission_deck.retain(|&c| c != m);
        self.s.seats[seat].mission = Some(m);
        self
    }

    /// Takes a reserve card (pile 1 or 2) of that face out of its pile.
    fn take(&mut self, seat: usize, face: Face) -> Card {
        let st = &mut self.s.seats[seat];
        for pile in [&mut st.pile1, &mut st.pile2] {
            if let Some(c) = State::find_face(pile, face) {
                pile.retain(|&x| x != c);
                return c;
            }
        }
        panic!("no {face} left in the reserves of seat {seat}");
    }

    fn give_back(&mut self, seat: usize, c: Card) {
        let st = &mut self.s.seats[seat];
        if data().value(c).is_some() {
            st.pile1.push(c);
        } else {
            st.pile2.push(c);
        }
    }

    /// Sets a hand (previous hand cards go back to the reserves).
    pub fn hand(&mut self, seat: usize, faces: &[Face]) -> &mut Self {
        for c in std::mem::take(&mut self.s.seats[seat].hand) {
            self.give_back(seat, c);
        }
        for &f in faces {
            let c = self.take(seat, f);
            self.s.seats[seat].hand.push(c);
        }
        self
    }

    /// Sets the cards of a seat at a group (previous ones go back to the reserves).
    pub fn side(&mut self, seat: usize, g: Group, up: &[u8], down: &[u8]) -> &mut Self {
        for slot in std::mem::take(&mut self.s.seats[seat].sides[g.index()]) {
            self.give_back(seat, slot.card);
        }
        for (&n, up) in up.iter().map(|n| (n, true)).chain(down.iter().map(|n| (n, false))) {
            let c = self.take(seat, inf(n));
            self.s.seats[seat].sides[g.index()].push(Slot { card: c, up });
        }
        self
    }

    /// Keeps only the top `n` cards in pile 1 (the rest are parked out of play, in the set-aside zone).
    pub fn pile1_len(&mut self, seat: usize, n: usize) -> &mut Self {
        self.park_below(seat, |zones| &mut zones.pile1, n)
    }

    /// Keeps only the top `n` cards in pile 2 (the rest are parked out of play).
    pub fn pile2_len(&mut self, seat: usize, n: usize) -> &mut Self {
        self.park_below(seat, |zones| &mut zones.pile2, n)
    }

    /// Parks the cards of a pile below its top `n` in the set-aside zone, bottom first.
    fn park_below(&mut self, seat: usize, pile: fn(&mut SeatState) -> &mut SeatCards, n: usize) -> &mut Self {
        let zones = &mut self.s.seats[seat];
        while pile(zones).len() > n {
            if let Some(card) = pile(zones).pop() {
                zones.aside_hand.push(card);
            }
        }
        self
    }

    /// Puts these cards on top of a pile (1 or 2), first = top.
    pub fn pile_top(&mut self, seat: usize, pile: u8, faces: &[Face]) -> &mut Self {
        let cards: Vec<Card> = faces.iter().map(|&f| self.take(seat, f)).collect();
        let st = &mut self.s.seats[seat];
        let target = if pile == 1 { &mut st.pile1 } else { &mut st.pile2 };
        for c in cards.into_iter().rev() {
            target.insert(0, c);
        }
        self
    }

    /// Every patrician but the aediles is won: senators and praetors by Cleopatra, quaestors and censors by Caesar.
    pub fn won_all_but_aediles(&mut self) -> &mut Self {
        self.won(CLEO, Senators, 5)
            .won(CAESAR, Quaestors, 5)
            .won(CLEO, Praetors, 5)
            .won(CAESAR, Censors, 3)
    }

    /// Moves the `n` lowest patricians of a group to a seat's won cards.
    pub fn won(&mut self, seat: usize, g: Group, n: usize) -> &mut Self {
        for _ in 0..n {
            let c = self.s.stacks[g.index()].remove(0);
            self.s.seats[seat].won.push(c);
        }
        self
    }

    /// Sets the vote zones; cards not named go to the bottom of the deck.
    pub fn votes(&mut self, deck: &[&str], discard: &[&str], removed: &[&str]) -> &mut Self {
        let ids = |list: &[&str]| list.iter().map(|id| card(id)).collect::<Vec<_>>();
        let (deck, discard, removed) = (ids(deck), ids(discard), ids(removed));
        let rest: Vec<Card> = data()
            .vote_cards
            .iter()
            .copied()
            .filter(|c| !deck.contains(c) && !discard.contains(c) && !removed.contains(c))
            .collect();
        self.s.vote_deck = deck.into_iter().chain(rest).collect();
        self.s.vote_discard = discard.into_iter().collect();
        self.s.vote_removed = removed.into_iter().collect();
        self
    }

    /// The seat's turn, in phase `main` with the given placement (or `turn_start` when `phase` says so).
    pub fn turn(&mut self, seat: usize, phase: Phase, placement: Placement) -> &mut Self {
        self.s.active = seat;
        self.s.phase = phase;
        self.s.placement = placement;
        self.s.manip_used = false;
        self.s.cont = if phase == Phase::Main {
            super::super::state::Continuation::Main
        } else {
            super::super::state::Continuation::None
        };
        self
    }

    /// `seat`'s turn in `main`, its placement done and a full hand (the five values), so that `end_main` goes
    /// straight to the checks.
    pub fn ready_to_end(&mut self, seat: usize) -> &mut Self {
        self.hand(seat, &five_influence())
            .turn(seat, Phase::Main, Placement::Done)
    }

    pub fn build(&mut self) -> State {
        check_conservation(&self.s).expect("builder keeps every card somewhere");
        self.s.clone()
    }
}

/// The position built by `b`, then `seat` ends the main phase it completed with a full hand: the state after
/// `end_main`, and its events.
pub fn end_main(b: &mut Builder, seat: usize) -> (State, Vec<Event>) {
    b.ready_to_end(seat);
    let mut s = b.build();
    let events = act(&mut s, seat, json!({"type": "end_main"}));
    (s, events)
}

/// The censors vote card on top of the deck, Cleopatra ends her main phase over these face-down values at the
/// censors (hers, Caesar's): the state after `end_main`, and its events.
pub fn censors_vote(cleopatra: &[u8], caesar: &[u8]) -> (State, Vec<Event>) {
    let mut b = Builder::new();
    b.side(CLEO, Censors, &[], cleopatra)
        .side(CAESAR, Censors, &[], caesar)
        .votes(&["vote_censors"], &[], &[]);
    end_main(&mut b, CLEO)
}

/// The score of the position built by `b`, the game ending with influence exhausted.
pub fn final_score(b: &mut Builder) -> Outcome {
    rules::score(&b.build(), EndReason::InfluenceExhausted)
}

/// Every one of the 135 cards is in exactly one zone.
pub fn check_conservation(s: &State) -> Result<(), String> {
    let total = data().cards.len();
    let mut seen = vec![0u32; total];
    let mut add = |cards: &mut dyn Iterator<Item = Card>| {
        for c in cards {
            seen[usize::from(c.0)] += 1;
        }
    };
    for st in &s.seats {
        add(&mut st.hand.iter().copied());
        add(&mut st.pile1.iter().copied());
        add(&mut st.pile2.iter().copied());
        add(&mut st.unstacked.iter().copied());
        add(&mut st.aside_place.iter().copied());
        add(&mut st.aside_hand.iter().copied());
        add(&mut st.discard.iter().copied());
        add(&mut st.mission.iter().copied());
        add(&mut st.won.iter().copied());
        add(&mut st.pool.iter().copied());
        for side in &st.sides {
            add(&mut side.iter().map(|slot| slot.card));
        }
    }
    for stack in &s.stacks {
        add(&mut stack.iter().copied());
    }
    add(&mut s.vote_deck.iter().copied());
    add(&mut s.vote_current.iter().copied());
    add(&mut s.vote_discard.iter().copied());
    add(&mut s.vote_removed.iter().copied());
    add(&mut s.mission_deck.iter().copied());
    add(&mut s.pending.iter().map(|p| p.card));
    match seen.iter().position(|&n| n != 1) {
        Some(i) => Err(format!("card {} is in {} zones", data().cards[i].id, seen[i])),
        None => Ok(()),
    }
}

/// A fixed generator for decisions in scenarios.
pub fn rng() -> crate::engine::GameRng {
    GameSeed::from_u64(7).rng(0)
}

/// Decides and applies; panics when rejected.
pub fn act(s: &mut State, seat: usize, a: Value) -> Vec<Event> {
    let parsed = action(a.clone());
    let events = rules::decide(s, seat, &parsed, &mut rng())
        .unwrap_or_else(|e| panic!("{a} by seat {seat} rejected: {} ({})", e.message, e.code.as_str()));
    for e in &events {
        evolve(s, e);
    }
    events
}

/// An active turn of `seat` that places one card face down: `choose_active`, `place_face_down`, `end_main`. Returns
/// the events of `end_main`.
pub fn face_down_turn(s: &mut State, seat: usize, card: Value, group: &str) -> Vec<Event> {
    act(s, seat, json!({"type": "choose_active"}));
    act(s, seat, json!({"type": "place_face_down", "card": card, "group": group}));
    act(s, seat, json!({"type": "end_main"}))
}

/// Decides; panics when accepted.
pub fn reject(s: &State, seat: usize, a: Value) -> RuleError {
    match rules::decide(s, seat, &action(a.clone()), &mut rng()) {
        Ok(events) => panic!("{a} by seat {seat} was accepted: {events:?}"),
        Err(e) => e,
    }
}

/// Legal actions as JSON values.
pub fn legal(s: &State, seat: usize) -> Vec<Value> {
    rules::legal_actions(s, seat)
        .iter()
        .map(|a| serde_json::to_value(a).expect("actions serialize"))
        .collect()
}

/// A view as JSON.
pub fn view_json(s: &State, viewer: Viewer) -> Value {
    serde_json::to_value(CaesarCleopatra::view(s, viewer)).expect("views serialize")
}

/// The events' JSON as `viewer` sees them.
pub fn redacted(events: &[Event], viewer: Viewer) -> Vec<Value> {
    events
        .iter()
        .filter_map(|e| CaesarCleopatra::redact(e, viewer))
        .map(|e| serde_json::to_value(e).expect("events serialize"))
        .collect()
}

/// Event types in order.
pub fn types(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .map(|e| {
            serde_json::to_value(e).expect("events serialize")["type"]
                .as_str()
                .unwrap_or_default()
                .to_owned()
        })
        .collect()
}

/// The events of a given type, as JSON.
pub fn of_type(events: &[Event], kind: &str) -> Vec<Value> {
    events
        .iter()
        .map(|e| serde_json::to_value(e).expect("events serialize"))
        .filter(|v| v["type"] == kind)
        .collect()
}

/// Sorted face-up values of a side, as JSON.
pub fn face_up(s: &State, seat: usize, g: Group) -> Vec<Value> {
    let mut values: Vec<InfluenceValue> = s.seats[seat].sides[g.index()]
        .iter()
        .filter(|slot| slot.up)
        .filter_map(|slot| data().value(slot.card))
        .collect();
    values.sort();
    values.iter().map(|v| json!(v)).collect()
}

/// All values at a side (any orientation), sorted, as JSON.
pub fn side_values(s: &State, seat: usize, g: Group) -> Vec<Value> {
    let mut values: Vec<InfluenceValue> = s.seats[seat].sides[g.index()]
        .iter()
        .filter_map(|slot| data().value(slot.card))
        .collect();
    values.sort();
    values.iter().map(|v| json!(v)).collect()
}

/// Faces in a seat's discard, as JSON, oldest first.
pub fn discard(s: &State, seat: usize) -> Vec<Value> {
    s.seats[seat]
        .discard
        .iter()
        .filter_map(|&c| data().face(c))
        .map(|f| json!(f))
        .collect()
}
