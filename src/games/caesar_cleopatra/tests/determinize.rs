//! The determinizer: it keeps what the seat sees, is blind to what it does not, and gives playable states.

use super::super::CaesarCleopatra;
use super::super::data::data;
use super::super::face::Face;
use super::super::ids::{Card, Group, Phase};
use super::super::options::{ManipulationPile, Options};
use super::super::state::{State, opponent};
use super::super::value::InfluenceValue;
use super::selfplay::invariant;
use crate::engine::SearchHints;
use crate::engine::selfplay::{Checks, play_random_game};
use crate::games::determinizer_checks::{assert_blind, assert_keeps_views, assert_plays_to_the_end, json, rng};

/// Every state of a few random games, both pile options.
fn states() -> Vec<State> {
    let mut states = Vec::new();
    for seed in 0..6 {
        let manipulation_pile = if seed % 2 == 0 {
            ManipulationPile::Arranged
        } else {
            ManipulationPile::Shuffled
        };
        let options = Options { manipulation_pile };
        let mut keep = |s: &State| {
            states.push(s.clone());
            Ok(())
        };
        play_random_game::<CaesarCleopatra>(2, &options, 12_000 + seed, 20_000, Checks::Full, &mut keep)
            .expect("random games end");
    }
    states
}

#[test]
fn determinizing_keeps_what_the_seat_sees() {
    let states = states();
    // The states reach the steps where the seat sees more or less: setup, a spied hand, a Castling under way.
    assert!(
        states
            .iter()
            .any(|s| s.phase == Phase::SetupPlace && s.placed(0) + s.placed(1) > 0)
    );
    assert!(states.iter().any(|s| s.phase == Phase::SpyPick));
    assert!(states.iter().any(|s| s.castle_placed() > 0));
    assert_keeps_views::<CaesarCleopatra>(&states, 2, invariant);
}

/// `s` with what `me` cannot see moved around: the opponent's face-down cards rotated among their slots, one moved
/// to another group where the seat cannot see it arrive, a hand card swapped with its pile 1 top, a discard swapped
/// with a pile 1 card of the same face (ids are hidden), its pile 2 and unstacked orders reversed, its mission
/// swapped with a boxed one; the seat's own pile 1 and the vote deck reversed.
fn permuted(s: &State, me: usize) -> State {
    let d = data();
    let mut p = s.clone();
    let st = &mut p.seats[opponent(me)];
    let mut down: Vec<&mut Card> = st
        .sides
        .iter_mut()
        .flat_map(|side| side.iter_mut().filter(|slot| !slot.up).map(|slot| &mut slot.card))
        .collect();
    let mut cards: Vec<Card> = down.iter().map(|card| **card).collect();
    if !cards.is_empty() {
        cards.rotate_left(1);
    }
    for (slot, card) in down.iter_mut().zip(cards) {
        **slot = card;
    }
    // To an unused group at setup, or between the two groups of a Castling under way.
    let placed = |g: &Group| s.own(opponent(me), *g) > 0;
    let castling = s
        .pending
        .as_ref()
        .filter(|p| p.seat == opponent(me))
        .and(s.castling_groups);
    let moved = match castling {
        _ if s.phase == Phase::SetupPlace => Group::ALL
            .into_iter()
            .find(placed)
            .zip(Group::ALL.into_iter().find(|g| !placed(g))),
        Some([from, to]) if s.spot(opponent(me), to) => Some((from, to)),
        _ => None,
    };
    if let Some((from, to)) = moved
        && let Some(slot) = st.sides[from.index()].pop()
    {
        st.sides[to.index()].push(slot);
    }
    let spied = s.phase == Phase::SpyPick && s.active == me;
    let influence = st.hand.iter().position(|&c| d.value(c).is_some());
    if let (false, Some(i), false) = (spied, influence, st.pile1.is_empty()) {
        std::mem::swap(&mut st.hand[i], &mut st.pile1[0]);
    }
    let twin = st.discard.iter().enumerate().find_map(|(i, &c)| {
        let j = st.pile1.iter().position(|&other| d.face(other) == d.face(c))?;
        Some((i, j))
    });
    if let Some((i, j)) = twin {
        std::mem::swap(&mut st.discard[i], &mut st.pile1[j]);
    }
    st.pile2.reverse();
    st.unstacked.reverse();
    if s.phase != Phase::GameOver
        && let (Some(mission), Some(boxed)) = (st.mission.as_mut(), p.mission_deck.first_mut())
    {
        std::mem::swap(mission, boxed);
    }
    p.mission_deck.reverse();
    p.seats[me].pile1.reverse();
    if s.options.manipulation_pile == ManipulationPile::Shuffled {
        p.seats[me].pile2.reverse();
    }
    p.vote_deck.reverse();
    p
}

#[test]
fn determinizing_is_blind_to_a_consistent_permutation_of_hidden_state() {
    let mut moved = 0;
    for (i, s) in states().iter().enumerate() {
        for me in 0..2 {
            let p = permuted(s, me);
            moved += usize::from(json(&p) != json(s));
            assert_blind::<CaesarCleopatra>(s, &p, me, i as u64);
        }
    }
    assert!(moved > 1_000, "only {moved} states were permuted");
}

#[test]
fn determinized_states_play_to_the_end() {
    for (i, s) in states().iter().enumerate().step_by(25) {
        for me in 0..2 {
            let world = CaesarCleopatra::determinize(s, me, &mut rng(i as u64));
            assert_plays_to_the_end::<CaesarCleopatra>(world, 2, i as u64);
        }
    }
}

/// Sorted faces of a seat's hand, and sorted values of its face-down cards.
fn hidden_faces(s: &State, seat: usize) -> (Vec<Option<Face>>, Vec<Option<InfluenceValue>>) {
    let d = data();
    let mut hand: Vec<_> = s.seats[seat].hand.iter().map(|&c| d.face(c)).collect();
    hand.sort();
    let sides = s.seats[seat].sides.iter().flat_map(|side| side.iter());
    let mut down: Vec<_> = sides.filter(|slot| !slot.up).map(|slot| d.value(slot.card)).collect();
    down.sort();
    (hand, down)
}

#[test]
fn determinizing_changes_the_hidden_part() {
    let (mut hands, mut face_down, mut piles) = (0, 0, 0);
    for (i, s) in states().iter().enumerate() {
        for me in 0..2 {
            let world = CaesarCleopatra::determinize(s, me, &mut rng(i as u64));
            let (hand, down) = hidden_faces(&world, opponent(me));
            let (real_hand, real_down) = hidden_faces(s, opponent(me));
            hands += usize::from(hand != real_hand);
            face_down += usize::from(down != real_down);
            piles += usize::from(world.seats[me].pile1 != s.seats[me].pile1);
        }
    }
    assert!(
        hands > 100 && face_down > 100 && piles > 100,
        "redrawn: {hands} opponent hands, {face_down} opponent face-down sets, {piles} own pile 1 orders"
    );
}
