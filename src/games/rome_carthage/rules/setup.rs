//! Setup (spec section 3), one function per step: teams, states, hands, talon, starting card, turn order, match
//! talons, special cards.

use rand::Rng;
use rand::seq::SliceRandom;

use super::decision::Cx;
use super::packets::{Deal, deal_packets};
use super::placement::first_placement;
use crate::engine::GameRng;
use crate::games::rome_carthage::card::{Card, Rank};
use crate::games::rome_carthage::data::board;
use crate::games::rome_carthage::event::{Event, StateOwner};
use crate::games::rome_carthage::ids::{StateId, TeamId, seat_id};
use crate::games::rome_carthage::state::State;

pub fn setup(state: &State, rng: &mut GameRng) -> Vec<Event> {
    let mut cx = Cx::new(state, rng);
    let suits = draw_teams(&mut cx);
    assign_states(&mut cx, suits);
    deal_hands(&mut cx);
    shuffle_talon(&mut cx);
    draw_starting_card(&mut cx);
    fix_turn_order(&mut cx);
    if cx.state.options.match_talons {
        deal_packets(&mut cx, Deal::Setup);
    }
    deal_specials(&mut cx);
    cx.events
}

/// The states of a team, in canonical order.
fn team_states(state: &State, team: u8) -> Vec<u8> {
    (0..4u8)
        .filter(|&member| state.team_of_state[member as usize] == team)
        .collect()
}

/// Step 2: two suits drawn at random make a team; `team_a` is the one with rome. Returns the suits in the order
/// drawn, which the 4-player state assignment shuffles again.
fn draw_teams(cx: &mut Cx) -> [u8; 4] {
    let mut suits = [0u8, 1, 2, 3];
    suits.shuffle(cx.rng);
    let team = |drawn: &[u8]| {
        let mut states: Vec<u8> = drawn.iter().map(|&suit| board().state_of_suit(suit)).collect();
        states.sort();
        states
    };
    let (first, second) = (team(&suits[..2]), team(&suits[2..]));
    let (team_a, team_b) = if first.contains(&0) {
        (first, second)
    } else {
        (second, first)
    };
    cx.emit(Event::TeamsDrawn {
        team_a: team_a.into_iter().map(StateId::of).collect(),
        team_b: team_b.into_iter().map(StateId::of).collect(),
    });
    suits
}

/// Step 3: states to seats: one each with 4 players, a team each with 2, and with 3 a solo seat owning a whole team.
fn assign_states(cx: &mut Cx, mut suits: [u8; 4]) {
    let team_a = team_states(&cx.state, 0);
    let team_b = team_states(&cx.state, 1);
    let mut owner = [0u8; 4];
    let mut solo = None;
    match cx.state.players {
        4 => {
            suits.shuffle(cx.rng);
            for (seat, &suit) in suits.iter().enumerate() {
                owner[board().state_of_suit(suit) as usize] = seat as u8;
            }
        }
        2 => {
            let primus_team_a = cx.rng.random_bool(0.5);
            for &member in &team_a {
                owner[member as usize] = if primus_team_a { 0 } else { 1 };
            }
            for &member in &team_b {
                owner[member as usize] = if primus_team_a { 1 } else { 0 };
            }
        }
        _ => {
            let solo_seat = cx.rng.random_range(0..3u8);
            let solo_team_a = cx.rng.random_bool(0.5);
            let (solos, mut others) = if solo_team_a {
                (team_a, team_b)
            } else {
                (team_b, team_a)
            };
            others.shuffle(cx.rng);
            for &member in &solos {
                owner[member as usize] = solo_seat;
            }
            let other_seats = (0..3u8).filter(|&seat| seat != solo_seat);
            for (&member, seat) in others.iter().zip(other_seats) {
                owner[member as usize] = seat;
            }
            solo = Some(seat_id(solo_seat));
        }
    }
    cx.emit(Event::StatesAssigned {
        owners: (0..4u8)
            .map(|member| StateOwner {
                state: StateId::of(member),
                seat: seat_id(owner[member as usize]),
            })
            .collect(),
        solo,
    });
}

/// Step 4: a one-state seat gets the even cards and the faces of its suit; a two-state seat the 1 to 10 of its
/// first state's suit and the j and k of both, whose queens leave the game.
fn deal_hands(cx: &mut Cx) {
    for seat in 0..cx.state.players as u8 {
        let suits: Vec<u8> = cx
            .state
            .states_of(seat)
            .map(|owned| board().suit_of_state[owned as usize])
            .collect();
        let mut hand = Vec::new();
        match suits[..] {
            [first, _] => {
                hand.extend(Rank::ALL[..10].iter().map(|&rank| Card::new(first, rank)));
                for &suit in &suits {
                    hand.push(Card::new(suit, Rank::J));
                    hand.push(Card::new(suit, Rank::K));
                }
            }
            [suit] => {
                let ranks = [
                    Rank::R2,
                    Rank::R4,
                    Rank::R6,
                    Rank::R8,
                    Rank::R10,
                    Rank::J,
                    Rank::Q,
                    Rank::K,
                ];
                hand.extend(ranks.map(|rank| Card::new(suit, rank)));
            }
            _ => {}
        }
        hand.sort();
        let shared_with = cx.state.share_with(seat).map(seat_id);
        cx.emit(Event::HandDealt {
            seat: seat_id(seat),
            count: hand.len() as u32,
            cards: Some(hand),
            ranks: None,
            shared_with,
        });
    }
    for seat in 0..cx.state.players as u8 {
        if cx.state.is_two_state(seat) {
            cx.emit(Event::QueensRemoved {
                seat: seat_id(seat),
                ranks: vec![Rank::Q, Rank::Q],
            });
        }
    }
}

/// Step 5: the cards nobody was dealt (and no queen removed) make the talon, shuffled.
fn shuffle_talon(cx: &mut Cx) {
    let state = &cx.state;
    let out: Vec<Card> = state.hands.iter().flatten().chain(&state.removed).copied().collect();
    let mut talon: Vec<Card> = (0..52u8).map(Card).filter(|card| !out.contains(card)).collect();
    talon.shuffle(cx.rng);
    cx.emit(Event::TalonShuffled {
        count: talon.len() as u32,
        order: Some(talon),
    });
}

/// Step 6: a talon card drawn at random (never of the solo's suits) names the starter; the talon is reshuffled (D7).
fn draw_starting_card(cx: &mut Cx) {
    let state = &cx.state;
    let eligible_suits: Vec<u8> = if state.players == 3 {
        (0..3u8)
            .filter(|&seat| state.solo != Some(seat))
            .flat_map(|seat| state.states_of(seat).map(|owned| board().suit_of_state[owned as usize]))
            .collect()
    } else {
        vec![0, 1, 2, 3]
    };
    let mut talon = state.talons[0].to_vec();
    let mut eligible: Vec<Card> = talon
        .iter()
        .copied()
        .filter(|card| eligible_suits.contains(&card.suit()))
        .collect();
    eligible.sort();
    let card = eligible[cx.rng.random_range(0..eligible.len())];
    let starter = cx.state.owner[board().state_of_suit(card.suit()) as usize];
    cx.emit(Event::StartingCard {
        card,
        starter: seat_id(starter),
    });
    talon.shuffle(cx.rng);
    cx.emit(Event::TalonShuffled {
        count: talon.len() as u32,
        order: Some(talon),
    });
}

/// Step 7: the turn order, from the starter: clockwise by states with 4 players, the solo second with 3.
fn fix_turn_order(cx: &mut Cx) {
    let state = &cx.state;
    let starter = state.starter.unwrap_or(0);
    let order: Vec<u8> = match state.players {
        4 => {
            let clockwise = board().clockwise;
            let start = clockwise
                .iter()
                .position(|&member| state.owner[member as usize] == starter)
                .unwrap_or(0);
            (0..4)
                .map(|offset| state.owner[clockwise[(start + offset) % 4] as usize])
                .collect()
        }
        3 => {
            let solo = state.solo.unwrap_or(0);
            let other = (0..3u8).find(|&seat| seat != solo && seat != starter).unwrap_or(0);
            vec![starter, solo, other]
        }
        _ => vec![starter, 1 - starter],
    };
    cx.emit(Event::TurnOrderFixed {
        order: order.into_iter().map(seat_id).collect(),
    });
}

/// Step 10: a one-seat team's special cards go to its seat; a two-seat team's first seat in turn order chooses
/// (phase `special_choice`). Placement follows when nobody chooses.
fn deal_specials(cx: &mut Cx) {
    let mut choosers = Vec::new();
    for team in 0..2u8 {
        match cx.state.seats_of_team(team)[..] {
            [only] => cx.emit(Event::SpecialsDealt {
                team: TeamId::of(team),
                betrayal: seat_id(only),
                sedition: seat_id(only),
                chooser: None,
            }),
            [first, ..] => choosers.push(seat_id(first)),
            [] => {}
        }
    }
    if choosers.is_empty() {
        first_placement(cx);
    } else {
        cx.emit(Event::SpecialChoiceOpened { choosers });
    }
}
