//! The test scenarios of the specification (section 11), one test each. Scenarios 20-23 (scoring) are in
//! `scoring.rs`.

use super::super::*;
use super::builder::*;
use super::selfplay::{check_invariants, random_log};
use crate::engine::{GameSeed, SETUP_STREAM, SetupError, Viewer, Views};

type A = Action;

fn places_list(list: &[(B, &[u8], Option<u8>)]) -> Vec<A> {
    list.iter()
        .map(|(b, v, c)| A::Place {
            building: *b,
            values: dice(v),
            combo: *c,
        })
        .collect()
}

fn code(result: Result<Vec<Event>, crate::engine::RuleError>) -> &'static str {
    match result {
        Ok(events) => panic!("accepted: {events:?}"),
        Err(e) => e.code.as_str(),
    }
}

fn try_play(state: &State, s: usize, action: A) -> Result<Vec<Event>, crate::engine::RuleError> {
    decide_with(state, s, &action, &mut Script::none())
}

fn keep(id: &str) -> A {
    A::KeepSenateCard { card: card(id) }
}

#[test]
fn scenario_01_setup_per_player_count() {
    let table = [
        (2, 6, false, 4, 18),
        (3, 6, false, 5, 18),
        (4, 5, true, 6, 19),
        (5, 5, true, 7, 19),
    ];
    for (n, rounds, templum, columns, deck) in table {
        let mut state = AleaIactaEst::new_state(n, &Options::default()).unwrap();
        let events = AleaIactaEst::setup(&state, &mut GameSeed::from_u64(n as u64).rng(SETUP_STREAM));
        for e in &events {
            AleaIactaEst::evolve(&mut state, e);
        }
        let view = AleaIactaEst::view(&state, Viewer::Spectator);
        assert_eq!(view.rounds, rounds);
        assert_eq!(view.templum_used, templum);
        assert_eq!(view.forum_columns as usize, columns);
        assert_eq!(state.senate_deck.len(), deck);
        assert_eq!(view.senate_deck_count as usize, deck);
        assert_eq!(state.senate_deck.contains(&card("senate_06")), n >= 4);
        assert_eq!(state.senate_removed.contains(&card("senate_06")), n <= 3);
        assert_eq!(view.province_display.len(), n);
        assert_eq!(view.inhabitant_display.len(), columns);
        assert_eq!(state.favour_pile.len(), if templum { 30 } else { 0 });
        for s in &view.seats {
            assert_eq!(s.dice_in_hand, 8);
            assert_eq!(s.reroll_tokens, 0);
            assert_eq!(s.latrina, 0);
            assert!(s.provinces.is_empty() && s.inhabitants.is_empty() && s.senate_card_count == 0);
        }
        assert_eq!(view.round, 1);
        assert_eq!(view.phase, Step::TurnDecide);
        assert_eq!(view.to_act, vec![seat(0)]);
        assert_eq!(view.first_player, seat(0));
        check_invariants(&state).unwrap();
    }
    for bad in [0, 1, 6] {
        assert!(matches!(
            AleaIactaEst::new_state(bad, &Options::default()),
            Err(SetupError::PlayerCount { min: 2, max: 5, .. })
        ));
    }
    let options = Options {
        first_player: Some(seat(DARIUS)),
    };
    assert!(matches!(AleaIactaEst::new_state(3, &options), Err(SetupError::OptionsConflict(_))));
    let state = AleaIactaEst::new_state(4, &options).unwrap();
    assert_eq!(state.marker, DARIUS);
    let parsed: Options = serde_json::from_str(r#"{"first_player": "brutus"}"#).unwrap();
    assert_eq!(parsed.first_player, Some(seat(BRUTUS)));
    assert!(serde_json::from_str::<Options>(r#"{"first_player": "caesar"}"#).is_err());
    assert!(serde_json::from_str::<Options>(r#"{"other": 1}"#).is_err());
}

/// Scenario 2's position: Antonius [5] (combo 1, 1 token), Brutus [3,6] (combo 2, 2 tokens); Antonius to play
/// [1,1,2,3].
fn templum_example() -> State {
    let mut st = game(4);
    combo(&mut st, 1, ANTONIUS, &[5]);
    give_hidden(&mut st, ANTONIUS, &["favour_09"]);
    combo(&mut st, 2, BRUTUS, &[3, 6]);
    give_hidden(&mut st, BRUTUS, &["favour_02", "favour_10"]);
    // Antonius's next draws: a 3, then a 1.
    let top = [favour("favour_23"), favour("favour_01")];
    st.favour_pile.retain(|t| !top.contains(t));
    st.favour_pile.splice(0..0, top);
    turn(&mut st, ANTONIUS, &[1, 1, 2, 3]);
    balance(&mut st);
    st
}

#[test]
fn scenario_02_seed_templum_example() {
    let st = templum_example();
    check_invariants(&st).unwrap();
    let expected = places_list(&[
        (B::Templum, &[2, 3], Some(1)),
        (B::Senatus, &[1], None),
        (B::Senatus, &[1, 2], None),
        (B::Senatus, &[1, 2, 3], None),
        (B::Senatus, &[2], None),
        (B::Senatus, &[2, 3], None),
        (B::Senatus, &[3], None),
        (B::Castrum, &[1], None),
        (B::Castrum, &[1, 1], None),
        (B::Castrum, &[2], None),
        (B::Castrum, &[3], None),
        (B::Forum, &[1], None),
        (B::Forum, &[2], None),
        (B::Forum, &[2, 3], None),
        (B::Forum, &[3], None),
    ]);
    assert_eq!(legal(&st, ANTONIUS), expected);
    // [1,3] on combo 1 sums to 9, not more than 9.
    assert_eq!(code(try_play(&st, ANTONIUS, place_combo(&[1, 3], Some(1)))), "templum_sum_too_low");
    // Placing [2,3] draws exactly 2 tokens.
    let mut st = st;
    let events = play(&mut st, ANTONIUS, place_combo(&[2, 3], Some(1)), &mut Script::none()).unwrap();
    let drawn: Vec<u8> = events
        .iter()
        .filter_map(|e| match e {
            E::FavourDrawn { seat: s, count, .. } if s.seat() == ANTONIUS => Some(*count),
            _ => None,
        })
        .collect();
    assert_eq!(drawn, vec![2]);
    assert_eq!(st.seats[ANTONIUS].favour_hidden.len(), 3);
    assert_eq!(st.templum[0].dice[..], [2, 3, 5]);
    check_invariants(&st).unwrap();
}

/// The results of the Templum evaluation among `events`.
fn resolved_templum(events: &[E]) -> Vec<TemplumResult> {
    events
        .iter()
        .find_map(|e| match e {
            E::TemplumResolved { results } => Some(results.clone()),
            _ => None,
        })
        .expect("the Templum was evaluated")
}

/// The reroll tokens awarded at the Latrina evaluation among `events`.
fn reroll_awards(events: &[E]) -> Vec<SeatCount> {
    events
        .iter()
        .find_map(|e| match e {
            E::RerollTokensAwarded { awards } => Some(awards.clone()),
            _ => None,
        })
        .expect("the Latrina was evaluated")
}

#[test]
fn scenario_03_templum_evaluation() {
    let mut st = templum_example();
    play(&mut st, ANTONIUS, place_combo(&[2, 3], Some(1)), &mut Script::none()).unwrap();
    // Drawn: Antonius 2, then 3 and 1; Brutus 1 and 2.
    let values: Vec<u8> = st.seats[ANTONIUS].favour_hidden.iter().map(|t| t.value()).collect();
    assert_eq!(values, vec![2, 3, 1]);
    // The round ends now (Antonius's remaining [1,1] and every hand go to the Latrina).
    st.step = Step::RoundEnd;
    let events = advance(&mut st, &mut Script::none());
    let results = resolved_templum(&events);
    let kept = |s: usize| -> Vec<FavourId> {
        results
            .iter()
            .find(|r| r.seat.seat() == s)
            .map(|r| r.kept.iter().map(|t| t.id).collect())
            .unwrap_or_default()
    };
    assert_eq!(kept(ANTONIUS), vec![favour("favour_23"), favour("favour_09")]);
    assert_eq!(kept(BRUTUS), vec![favour("favour_10")]);
    assert_eq!(st.seats[ANTONIUS].favour_kept[..], kept(ANTONIUS));
    assert_eq!(st.favour_discard.len(), 2);
    assert!(st.favour_discard.iter().all(|t| t.value() == 1));
    // No Templum die went to the Latrina: Antonius's 5 tokens are 3 earlier Latrina dice + 2 from his hand.
    let awards = reroll_awards(&events);
    let award = |s: usize| awards.iter().find(|a| a.seat.seat() == s).map_or(0, |a| a.count);
    assert_eq!(award(ANTONIUS), 5);
    assert_eq!(award(BRUTUS), 6);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, E::DiceToLatrina { dice, .. } if !dice.is_empty()))
    );
}

/// Scenario 4's Templum: Antonius owns combo 1 [4] and combo 3 [2,5,6] (the top); Brutus owns combo 2 [3,5].
fn two_combos_and_a_lone_die() -> State {
    let mut st = game(4);
    combo(&mut st, 1, ANTONIUS, &[4]);
    combo(&mut st, 2, BRUTUS, &[3, 5]);
    combo(&mut st, 3, ANTONIUS, &[2, 5, 6]);
    st
}

#[test]
fn scenario_04_templum_several_combinations_and_a_lone_die() {
    // (a) Antonius owns combo 1 [4] and combo 3 [2,5,6] (the top); Brutus owns combo 2 [3,5].
    let mut st = two_combos_and_a_lone_die();
    give_hidden(&mut st, ANTONIUS, &["favour_01", "favour_02", "favour_09", "favour_23"]);
    give_hidden(&mut st, BRUTUS, &["favour_10", "favour_24"]);
    let results = templum_results(&st);
    assert_eq!(results.len(), 2);
    let a = &results[0];
    assert_eq!(a.seat.seat(), ANTONIUS);
    let ids: Vec<&str> = a.kept.iter().map(|t| t.id.id()).collect();
    assert_eq!(ids, vec!["favour_23", "favour_09", "favour_01"]);
    assert_eq!(a.discarded, 1);
    let b = &results[1];
    assert_eq!(b.kept.len(), 1);
    assert_eq!(b.kept[0].id.id(), "favour_24");
    assert_eq!(b.discarded, 1);
    // (b) A single die [5] in the Templum: its owner keeps his single token.
    let mut st = game(4);
    combo(&mut st, 1, CLAUDIUS, &[5]);
    give_hidden(&mut st, CLAUDIUS, &["favour_05"]);
    let results = templum_results(&st);
    assert_eq!(results.len(), 1);
    assert_eq!(results[0].kept.len(), 1);
    assert_eq!(results[0].discarded, 0);
}

/// Empties both favour piles: every token not drawn is kept by Darius.
fn exhaust_favours(st: &mut State) {
    let rest: Vec<FavourId> = st.favour_pile.drain(..).chain(st.favour_discard.drain(..)).collect();
    st.seats[DARIUS].favour_kept.extend(rest);
}

/// Issue 14: Templum dice that earn no favour token (both favour piles empty) go to their owner's Latrina at the
/// Templum evaluation and earn reroll tokens (seed: the Latrina takes "les dés qui ne rapportent rien").
#[test]
fn templum_dice_without_favour_go_to_latrina() {
    // (a) Played: with both piles empty, Antonius's [5] and Brutus's [3,6] draw nothing.
    let mut st = game(4);
    exhaust_favours(&mut st);
    turn(&mut st, ANTONIUS, &[5, 1, 1, 2]);
    balance(&mut st);
    let events = play(&mut st, ANTONIUS, place_combo(&[5], None), &mut Script::none()).unwrap();
    assert!(!events.iter().any(|e| matches!(e, E::FavourDrawn { .. })));
    turn(&mut st, BRUTUS, &[3, 6, 4]);
    play(&mut st, BRUTUS, place_combo(&[3, 6], None), &mut Script::none()).unwrap();
    evaluation(&mut st, Step::RoundEnd);
    assert_eq!((st.seats[ANTONIUS].latrina, st.seats[BRUTUS].latrina), (7, 6));
    let events = advance(&mut st, &mut Script::none());
    let results = resolved_templum(&events);
    let to_latrina: Vec<(usize, Vec<u8>)> = results.iter().map(|r| (r.seat.seat(), r.to_latrina.clone())).collect();
    assert_eq!(to_latrina, vec![(ANTONIUS, vec![1]), (BRUTUS, vec![2])]);
    let awards = reroll_awards(&events);
    let award = |s: usize| awards.iter().find(|a| a.seat.seat() == s).map_or(0, |a| a.count);
    assert_eq!((award(ANTONIUS), award(BRUTUS)), (8, 8));
    assert_eq!(st.seats[ANTONIUS].reroll_tokens, 8);
    check_invariants(&st).unwrap();

    // (b) A seat that keeps fewer tokens than it has combinations: Antonius drew 1 token for combo 1 [4] and
    // combo 3 [2,5,6] (the top). The token is credited to the lone die, so the top's 3 dice go to the Latrina.
    let mut st = two_combos_and_a_lone_die();
    give_hidden(&mut st, ANTONIUS, &["favour_23"]);
    exhaust_favours(&mut st);
    evaluation(&mut st, Step::EvalTemplum);
    let results = templum_results(&st);
    assert_eq!(results[0].kept.len(), 1);
    assert_eq!(results[0].to_latrina, vec![3]);
    assert!(results[1].kept.is_empty());
    assert_eq!(results[1].to_latrina, vec![2]);
    let latrina = |st: &State| (st.seats[ANTONIUS].latrina, st.seats[BRUTUS].latrina);
    assert_eq!(latrina(&st), (4, 6));
    evolve(&mut st, &E::TemplumResolved { results });
    assert_eq!(latrina(&st), (7, 8));
    assert_eq!(st.templum.iter().map(|c| c.id).collect::<Vec<_>>(), vec![1]);
    advance(&mut st, &mut Script::none());
    check_invariants(&st).unwrap();
}

#[test]
fn scenario_05_seed_senate_example() {
    // (a)
    let mut st = game(3);
    straight(&mut st, CLAUDIUS, 3, 5);
    turn(&mut st, BRUTUS, &[1, 2, 3, 4, 5, 6]);
    let expected: Vec<Vec<u8>> = vec![
        vec![1, 2, 3, 4],
        vec![1, 2, 3, 4, 5],
        vec![1, 2, 3, 4, 5, 6],
        vec![2, 3, 4, 5],
        vec![2, 3, 4, 5, 6],
        vec![3, 4, 5, 6],
        vec![4, 5, 6],
    ];
    assert_eq!(places_on(&legal(&st, BRUTUS), B::Senatus), expected);
    for bad in [&[3, 4, 5][..], &[2, 3, 4], &[1, 2], &[6]] {
        assert_eq!(code(try_play(&st, BRUTUS, place(B::Senatus, bad))), "senate_not_better");
    }
    // (b) No other straight; Claudius has {3,4,5} and rolls [2,6,6].
    let mut st = game(3);
    straight(&mut st, CLAUDIUS, 3, 5);
    turn(&mut st, CLAUDIUS, &[2, 6, 6]);
    assert_eq!(places_on(&legal(&st, CLAUDIUS), B::Senatus), vec![vec![2], vec![2, 6], vec![6]]);
    let mut after = st.clone();
    play(&mut after, CLAUDIUS, place(B::Senatus, &[2, 6]), &mut Script::none()).unwrap();
    assert_eq!(after.seats[CLAUDIUS].straight, Some((2, 6)));
    assert_eq!(code(try_play(&st, CLAUDIUS, place(B::Senatus, &[6, 6]))), "not_a_straight");
    // (c) Brutus placed [4,5,6]; Claudius ({3,4,5}) still may add [2]: (4,5) beats (3,6).
    let mut st = game(3);
    straight(&mut st, CLAUDIUS, 3, 5);
    straight(&mut st, BRUTUS, 4, 6);
    turn(&mut st, CLAUDIUS, &[2]);
    assert_eq!(places_on(&legal(&st, CLAUDIUS), B::Senatus), vec![vec![2]]);
    play(&mut st, CLAUDIUS, place(B::Senatus, &[2]), &mut Script::none()).unwrap();
    assert_eq!(st.seats[CLAUDIUS].straight, Some((2, 5)));
}

/// Scenario 6's Senate: antonius {1,2}, brutus {4,5}, claudius {2,3,4}; deck top 05, 13, 01.
fn senate_example(n: usize, with_antonius: bool) -> State {
    let mut st = game(n);
    if with_antonius {
        straight(&mut st, ANTONIUS, 1, 2);
    }
    straight(&mut st, BRUTUS, 4, 5);
    straight(&mut st, CLAUDIUS, 2, 4);
    deck_top(&mut st, &["senate_05", "senate_13", "senate_01"]);
    evaluation(&mut st, Step::EvalSenatus);
    st
}

#[test]
fn scenario_06_senate_rewards_4_players() {
    let mut st = senate_example(4, true);
    let events = advance(&mut st, &mut Script::none());
    assert!(matches!(events.last(), Some(E::SenateDrawn { seat: s, count: 3, .. }) if s.seat() == CLAUDIUS));
    assert_eq!(st.step, Step::SenateChoiceFirst);
    assert_eq!(AleaIactaEst::to_act(&st), vec![CLAUDIUS]);
    assert_eq!(legal(&st, CLAUDIUS), vec![keep("senate_01"), keep("senate_05"), keep("senate_13")]);
    assert!(legal(&st, BRUTUS).is_empty());
    assert_eq!(code(try_play(&st, BRUTUS, keep("senate_13"))), "not_your_turn");
    assert_eq!(code(try_play(&st, CLAUDIUS, keep("senate_02"))), "card_not_offered");
    check_invariants(&st).unwrap();
    let events = play(&mut st, CLAUDIUS, keep("senate_13"), &mut Script::none()).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        E::SenatePassed { from, to, count: 2, cards: Some(c) }
            if from.seat() == CLAUDIUS && to.seat() == BRUTUS && *c == vec![card("senate_05"), card("senate_01")]
    )));
    assert_eq!(st.step, Step::SenateChoiceSecond);
    assert_eq!(legal(&st, BRUTUS), vec![keep("senate_01"), keep("senate_05")]);
    check_invariants(&st).unwrap();
    let events = play(&mut st, BRUTUS, keep("senate_01"), &mut Script::none()).unwrap();
    assert_eq!(st.seats[CLAUDIUS].senate_cards[..], vec![card("senate_13")]);
    assert_eq!(st.seats[BRUTUS].senate_cards[..], vec![card("senate_01")]);
    assert!(st.seats[ANTONIUS].senate_cards.is_empty());
    assert_eq!(st.senate_deck.len(), 17);
    assert_eq!(st.senate_deck.last(), Some(&card("senate_05")));
    assert!(events.iter().any(|e| matches!(
        e,
        E::SenateReturned { seat: s, count: 1, cards: Some(c) } if s.seat() == BRUTUS && *c == vec![card("senate_05")]
    )));
    let to_latrina = events
        .iter()
        .find_map(|e| match e {
            E::DiceToLatrina {
                building: EvaluatedBuilding::Senatus,
                dice,
            } => Some(dice.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        to_latrina,
        vec![SeatCount {
            seat: seat(ANTONIUS),
            count: 2
        }]
    );
    check_invariants(&st).unwrap();
}

/// Scenario 6's choices from the Senate evaluation: Claudius keeps senate_13, then Brutus senate_01. Returns the
/// events of Brutus's choice.
fn keep_13_then_01(st: &mut State) -> Vec<E> {
    advance(st, &mut Script::none());
    play(st, CLAUDIUS, keep("senate_13"), &mut Script::none()).unwrap();
    play(st, BRUTUS, keep("senate_01"), &mut Script::none()).unwrap()
}

#[test]
fn scenario_07_senate_third_card_5_players() {
    let mut st = senate_example(5, true);
    let events = keep_13_then_01(&mut st);
    assert!(events.iter().any(|e| matches!(
        e,
        E::SenateToThird { seat: s, from, card: Some(c) }
            if s.seat() == ANTONIUS && from.seat() == BRUTUS && *c == card("senate_05")
    )));
    assert_eq!(st.seats[ANTONIUS].senate_cards[..], vec![card("senate_05")]);
    assert_eq!(st.senate_deck.len(), 16);
    assert!(events.iter().any(|e| matches!(
        e,
        E::DiceToLatrina { building: EvaluatedBuilding::Senatus, dice } if dice.is_empty()
    )));
    check_invariants(&st).unwrap();
    // Only two straights: the last card goes under the deck.
    let mut st = senate_example(5, false);
    let events = keep_13_then_01(&mut st);
    assert!(!events.iter().any(|e| matches!(e, E::SenateToThird { .. })));
    assert_eq!(st.senate_deck.len(), 17);
    assert_eq!(st.senate_deck.last(), Some(&card("senate_05")));
}

#[test]
fn scenario_08_senate_lone_seat_with_a_single_die() {
    let mut st = game(3);
    straight(&mut st, BRUTUS, 6, 6);
    deck_top(&mut st, &["senate_07", "senate_15", "senate_19"]);
    evaluation(&mut st, Step::EvalSenatus);
    advance(&mut st, &mut Script::none());
    assert_eq!(AleaIactaEst::to_act(&st), vec![BRUTUS]);
    let events = play(&mut st, BRUTUS, keep("senate_15"), &mut Script::none()).unwrap();
    assert!(!events.iter().any(|e| matches!(e, E::SenatePassed { .. })));
    let n = st.senate_deck.len();
    assert_eq!(n, 17);
    assert_eq!(&st.senate_deck[n - 2..], &[card("senate_07"), card("senate_19")]);
    assert_eq!(st.seats[BRUTUS].senate_cards[..], vec![card("senate_15")]);
    assert!(events.iter().any(|e| matches!(
        e,
        E::DiceToLatrina { building: EvaluatedBuilding::Senatus, dice } if dice.is_empty()
    )));
}

#[test]
fn scenario_09_senate_2_players() {
    let mut st = game(2);
    straight(&mut st, ANTONIUS, 3, 5);
    straight(&mut st, BRUTUS, 2, 5);
    evaluation(&mut st, Step::EvalSenatus);
    advance(&mut st, &mut Script::none());
    assert_eq!(AleaIactaEst::to_act(&st), vec![BRUTUS]);
    let offered = st.eval.senate_offer;
    assert_eq!(offered.len(), 3);
    let events = play(&mut st, BRUTUS, A::KeepSenateCard { card: offered[1] }, &mut Script::none()).unwrap();
    assert_eq!(st.seats[BRUTUS].senate_cards[..], vec![offered[1]]);
    assert!(st.seats[ANTONIUS].senate_cards.is_empty());
    assert_eq!(st.senate_deck.len(), 17);
    assert_eq!(&st.senate_deck[15..], &[offered[0], offered[2]]);
    assert!(events.iter().any(|e| matches!(
        e,
        E::DiceToLatrina { building: EvaluatedBuilding::Senatus, dice }
            if *dice == vec![SeatCount { seat: seat(ANTONIUS), count: 3 }]
    )));
}

#[test]
fn scenario_10_seed_castrum_example() {
    let mut st = game(4);
    turn(&mut st, DARIUS, &[1, 2, 3, 4, 4, 4, 4, 5]);
    // Antonius's next roll is injected.
    let mut script = Script::new(&[1, 1, 2, 2, 3, 4, 4, 5]);
    play(&mut st, DARIUS, place(B::Castrum, &[4, 4, 4]), &mut script).unwrap();
    assert_eq!(
        st.castrum[..],
        vec![Group {
            seat: DARIUS,
            value: 4,
            size: 3
        }]
    );
    assert_eq!(st.current, ANTONIUS);
    assert_eq!(st.seats[ANTONIUS].hand.values(), vec![1, 1, 2, 2, 3, 4, 4, 5]);
    assert!(places_on(&legal(&st, ANTONIUS), B::Castrum).contains(&vec![4, 4]));
    play(&mut st, ANTONIUS, place(B::Castrum, &[4, 4]), &mut Script::none()).unwrap();
    turn(&mut st, DARIUS, &[4, 4, 5, 5]);
    assert_eq!(places_on(&legal(&st, DARIUS), B::Castrum), vec![vec![4], vec![4, 4], vec![5], vec![5, 5]]);
    assert_eq!(code(try_play(&st, DARIUS, place(B::Castrum, &[4, 4, 5, 5]))), "castrum_mixed_values");
    play(&mut st, DARIUS, place(B::Castrum, &[5, 5]), &mut Script::none()).unwrap();
    turn(&mut st, ANTONIUS, &[4]);
    assert!(places_on(&legal(&st, ANTONIUS), B::Castrum).is_empty());
    assert_eq!(code(try_play(&st, ANTONIUS, place(B::Castrum, &[4]))), "castrum_tie");
    turn(&mut st, ANTONIUS, &[4, 4]);
    assert_eq!(places_on(&legal(&st, ANTONIUS), B::Castrum), vec![vec![4, 4]]);
}

#[test]
fn scenario_11_castrum_evaluation() {
    let mut st = game(3);
    let display = ["province_gallia_2", "province_joker", "province_hispania_4"].map(province);
    st.province_pile.append(&mut st.province_display);
    st.province_pile.retain(|p| !display.contains(p));
    st.province_display = display.iter().copied().collect();
    group(&mut st, ANTONIUS, 4, 3);
    group(&mut st, ANTONIUS, 5, 2);
    group(&mut st, BRUTUS, 4, 2);
    group(&mut st, CLAUDIUS, 6, 1);
    evaluation(&mut st, Step::EvalCastrum);
    advance(&mut st, &mut Script::none());
    check_invariants(&st).unwrap();
    assert_eq!(st.step, Step::CastrumPick);
    assert_eq!(AleaIactaEst::to_act(&st), vec![ANTONIUS]);
    assert_eq!(legal(&st, ANTONIUS).len(), 3);
    play(&mut st, ANTONIUS, A::TakeProvince { province: display[1] }, &mut Script::none()).unwrap();
    assert_eq!(AleaIactaEst::to_act(&st), vec![ANTONIUS]);
    assert_eq!(legal(&st, ANTONIUS).len(), 2);
    assert_eq!(code(try_play(&st, ANTONIUS, A::TakeProvince { province: display[1] })), "province_not_displayed");
    let events = play(&mut st, ANTONIUS, A::TakeProvince { province: display[2] }, &mut Script::none()).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        E::ProvinceTaken { seat: s, province: p, automatic: true } if s.seat() == BRUTUS && *p == display[0]
    )));
    assert_eq!(st.seats[ANTONIUS].provinces[..], vec![display[1], display[2]]);
    assert_eq!(st.seats[BRUTUS].provinces[..], vec![display[0]]);
    assert!(st.seats[CLAUDIUS].provinces.is_empty());
    assert!(events.iter().any(|e| matches!(
        e,
        E::DiceToLatrina { building: EvaluatedBuilding::Castrum, dice }
            if *dice == vec![SeatCount { seat: seat(CLAUDIUS), count: 1 }]
    )));
}

#[test]
fn scenario_12_seed_forum_example() {
    let mut st = game(3);
    forum(&mut st, &[(CLAUDIUS, 1), (ANTONIUS, 2), (CLAUDIUS, 2), (ANTONIUS, 3)]);
    turn(&mut st, BRUTUS, &[2, 3, 6]);
    balance(&mut st);
    let latrina = st.seats[ANTONIUS].latrina;
    let events = play(&mut st, BRUTUS, place(B::Forum, &[2, 3]), &mut Script::none()).unwrap();
    let after: Vec<(usize, u8)> = st.forum.iter().map(|d| (d.seat, d.value)).collect();
    let expected = vec![(CLAUDIUS, 1), (BRUTUS, 2), (ANTONIUS, 2), (CLAUDIUS, 2), (BRUTUS, 3)];
    assert_eq!(after, expected);
    assert_eq!(st.seats[ANTONIUS].latrina, latrina + 1);
    assert!(matches!(
        &events[0],
        E::DicePlaced { pushed_off, to_latrina, .. }
            if *pushed_off == vec![ForumDie { seat: seat(ANTONIUS), value: 3 }] && to_latrina.is_empty()
    ));
    check_invariants(&st).unwrap();
    // The same if the 3 is inserted first.
    let mut forum_dice: super::super::state::Forum = [
        ForumSlot {
            seat: CLAUDIUS,
            value: 1,
        },
        ForumSlot {
            seat: ANTONIUS,
            value: 2,
        },
        ForumSlot {
            seat: CLAUDIUS,
            value: 2,
        },
        ForumSlot {
            seat: ANTONIUS,
            value: 3,
        },
    ]
    .into_iter()
    .collect();
    let (pushed, unfit) = super::super::state::forum_place(&mut forum_dice, 5, BRUTUS, &[3, 2]);
    let again: Vec<(usize, u8)> = forum_dice.iter().map(|d| (d.seat, d.value)).collect();
    assert_eq!(again, expected);
    assert_eq!(
        pushed,
        vec![ForumSlot {
            seat: ANTONIUS,
            value: 3
        }]
    );
    assert!(unfit.is_empty());
}

#[test]
fn scenario_13_forum_pair_high_die_does_not_fit() {
    let mut st = game(2);
    forum(&mut st, &[(BRUTUS, 1), (ANTONIUS, 2), (BRUTUS, 2), (ANTONIUS, 3)]);
    turn(&mut st, ANTONIUS, &[1, 4, 6]);
    balance(&mut st);
    assert_eq!(places_on(&legal(&st, ANTONIUS), B::Forum), vec![vec![1], vec![1, 4]]);
    assert_eq!(code(try_play(&st, ANTONIUS, place(B::Forum, &[4]))), "forum_no_room");
    assert_eq!(code(try_play(&st, ANTONIUS, place(B::Forum, &[6]))), "forum_no_room");
    let latrina = st.seats[ANTONIUS].latrina;
    let events = try_play(&st, ANTONIUS, place(B::Forum, &[1, 4])).unwrap();
    // Right after the placement (before the turn ends), his hand is [6].
    let mut placed = st.clone();
    evolve(&mut placed, &events[0]);
    assert_eq!(placed.seats[ANTONIUS].hand.values(), vec![6]);
    for e in &events {
        evolve(&mut st, e);
    }
    let after: Vec<(usize, u8)> = st.forum.iter().map(|d| (d.seat, d.value)).collect();
    assert_eq!(after, vec![(ANTONIUS, 1), (BRUTUS, 1), (ANTONIUS, 2), (BRUTUS, 2)]);
    assert_eq!(st.seats[ANTONIUS].latrina, latrina + 2);
    assert!(matches!(
        &events[0],
        E::DicePlaced { pushed_off, to_latrina, .. }
            if *pushed_off == vec![ForumDie { seat: seat(ANTONIUS), value: 3 }] && *to_latrina == vec![4]
    ));
    check_invariants(&st).unwrap();
}

#[test]
fn scenario_14_forum_evaluation() {
    let mut st = game(2);
    forum(&mut st, &[(ANTONIUS, 1), (BRUTUS, 1), (ANTONIUS, 2), (BRUTUS, 3)]);
    evaluation(&mut st, Step::EvalCastrum);
    assert_eq!(st.inhabitant_display.len(), 4);
    advance(&mut st, &mut Script::none());
    let mut pickers = vec![];
    let mut automatic = vec![];
    while st.step == Step::ForumPick {
        let s = AleaIactaEst::to_act(&st)[0];
        pickers.push(s);
        let action = legal(&st, s).pop().unwrap();
        let events = play(&mut st, s, action, &mut Script::none()).unwrap();
        for e in events {
            if let E::InhabitantTaken {
                seat: who,
                automatic: true,
                column,
                ..
            } = e
            {
                automatic.push((who.seat(), column));
            }
        }
    }
    assert_eq!(pickers, vec![ANTONIUS, BRUTUS, ANTONIUS]);
    assert_eq!(automatic, vec![(BRUTUS, 4)]);
    assert_eq!(st.seats[ANTONIUS].inhabitants.len(), 2);
    assert_eq!(st.seats[BRUTUS].inhabitants.len(), 2);
    // The display was emptied (the next round has revealed new tiles since).
    assert!(st.inhabitants_removed.is_empty());
    assert_eq!(st.round, 2);
}

/// Round 2 of 3 players, Brutus holding the marker: the lap is Brutus, Claudius, Antonius.
fn round_2_brutus_first() -> State {
    let mut st = game(3);
    st.round = 2;
    st.marker = BRUTUS;
    st
}

#[test]
fn scenario_15_end_of_round_lap_completion() {
    // Round 2 of 3 players: Brutus is first; the lap is Brutus, Claudius, Antonius.
    let mut st = round_2_brutus_first();
    group(&mut st, CLAUDIUS, 5, 2);
    turn(&mut st, CLAUDIUS, &[6]);
    balance(&mut st);
    assert_eq!(st.seats[ANTONIUS].hand.size, 8);
    let mut script = Script::new(&[1, 2, 3, 4, 5, 6, 6, 6]);
    let events = play(&mut st, CLAUDIUS, place(B::Castrum, &[6]), &mut script).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        E::TurnEnded { seat: s, hand_empty: true, next: Some(next) } if s.seat() == CLAUDIUS && next.seat() == ANTONIUS
    )));
    assert!(st.round_ending);
    assert_eq!(AleaIactaEst::to_act(&st), vec![ANTONIUS]);
    let mut events = play(&mut st, ANTONIUS, place(B::Castrum, &[6, 6, 6]), &mut Script::none()).unwrap();
    events.extend(finish_evaluation(&mut st));
    assert!(events.iter().any(|e| matches!(
        e,
        E::TurnEnded { seat: s, hand_empty: false, next: None } if s.seat() == ANTONIUS
    )));
    let round_end = events
        .iter()
        .find_map(|e| match e {
            E::RoundEnded { to_latrina, .. } => Some(to_latrina.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        round_end,
        vec![
            SeatCount {
                seat: seat(ANTONIUS),
                count: 5
            },
            SeatCount {
                seat: seat(BRUTUS),
                count: 8
            },
        ]
    );
    // Every Latrina die gives a token (every Castrum group got a tile).
    let awards = reroll_awards(&events);
    assert!(awards.contains(&SeatCount {
        seat: seat(ANTONIUS),
        count: 5
    }));
    assert!(awards.contains(&SeatCount {
        seat: seat(BRUTUS),
        count: 8
    }));
    assert!(awards.contains(&SeatCount {
        seat: seat(CLAUDIUS),
        count: 5
    }));
    // Brutus got no further turn in round 2.
    let end = events.iter().position(|e| matches!(e, E::RoundEnded { .. })).unwrap();
    assert!(
        !events[..end]
            .iter()
            .any(|e| matches!(e, E::DiceRolled { seat: s, .. } if s.seat() == BRUTUS))
    );
    assert_eq!(st.round, 3);

    // If Antonius (the last seat of the lap) empties his hand, the round ends right after his turn.
    let mut st = round_2_brutus_first();
    turn(&mut st, ANTONIUS, &[6]);
    balance(&mut st);
    let events = play(&mut st, ANTONIUS, place(B::Castrum, &[6]), &mut Script::none()).unwrap();
    assert!(events.iter().any(|e| matches!(
        e,
        E::TurnEnded { seat: s, hand_empty: true, next: None } if s.seat() == ANTONIUS
    )));
    assert!(events.iter().any(|e| matches!(e, E::RoundEnded { round: 2, .. })));
}

fn forced_example(tokens: u32) -> State {
    let mut st = game(2);
    straight(&mut st, BRUTUS, 1, 3);
    group(&mut st, BRUTUS, 6, 1);
    forum(&mut st, &[(ANTONIUS, 1), (ANTONIUS, 2), (BRUTUS, 3), (BRUTUS, 5)]);
    turn(&mut st, ANTONIUS, &[6]);
    st.seats[ANTONIUS].reroll_tokens = tokens;
    balance(&mut st);
    st
}

#[test]
fn scenario_16_forced_latrina() {
    let st = forced_example(0);
    assert_eq!(legal(&st, ANTONIUS), vec![A::LatrinaForced {}]);
    let mut after = st.clone();
    let events = play(&mut after, ANTONIUS, A::LatrinaForced {}, &mut Script::none()).unwrap();
    assert!(matches!(&events[0], E::LatrinaForced { seat: s, value: 6 } if s.seat() == ANTONIUS));
    assert!(matches!(
        &events[1],
        E::TurnEnded { seat: s, hand_empty: true, next: Some(n) } if s.seat() == ANTONIUS && n.seat() == BRUTUS
    ));
    assert!(after.round_ending);
    assert_eq!(after.seats[ANTONIUS].latrina, st.seats[ANTONIUS].latrina + 1);
    let st = forced_example(1);
    assert_eq!(legal(&st, ANTONIUS), vec![A::Reroll { values: dice(&[6]) }, A::LatrinaForced {}]);
    // Never a voluntary Latrina placement: the action does not exist, and the forced one needs no placement.
    assert!(serde_json::from_str::<A>(r#"{"type": "place", "building": "latrina", "values": [6]}"#).is_err());
    let mut st = game(2);
    turn(&mut st, ANTONIUS, &[1, 6]);
    assert!(!legal(&st, ANTONIUS).contains(&A::LatrinaForced {}));
    assert_eq!(code(try_play(&st, ANTONIUS, A::LatrinaForced {})), "placement_possible");
}

#[test]
fn scenario_17_reroll() {
    let mut st = game(2);
    turn(&mut st, ANTONIUS, &[1, 1, 3, 6, 6]);
    st.seats[ANTONIUS].reroll_tokens = 2;
    balance(&mut st);
    let events = play(&mut st, ANTONIUS, A::Reroll { values: dice(&[1, 1]) }, &mut Script::new(&[4, 5])).unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(st.seats[ANTONIUS].hand.values(), vec![3, 4, 5, 6, 6]);
    assert_eq!(st.seats[ANTONIUS].reroll_tokens, 1);
    assert_eq!(st.step, Step::TurnDecide);
    assert_eq!(code(try_play(&st, ANTONIUS, A::Reroll { values: dice(&[1]) })), "dice_not_in_hand");
    play(&mut st, ANTONIUS, A::Reroll { values: dice(&[3]) }, &mut Script::new(&[2])).unwrap();
    assert_eq!(st.seats[ANTONIUS].reroll_tokens, 0);
    assert!(!legal(&st, ANTONIUS).iter().any(|a| matches!(a, A::Reroll { .. })));
    assert_eq!(code(try_play(&st, ANTONIUS, A::Reroll { values: dice(&[2]) })), "no_reroll_tokens");
    check_invariants(&st).unwrap();
}

#[test]
fn scenario_18_round_order() {
    let first_players = |log: &[Event]| -> Vec<usize> {
        log.iter()
            .filter_map(|e| match e {
                E::RoundStarted { first_player, .. } => Some(first_player.seat()),
                _ => None,
            })
            .collect()
    };
    assert_eq!(first_players(&random_log(4, 1)), vec![0, 1, 2, 3, 0]);
    assert_eq!(first_players(&random_log(3, 2)), vec![0, 1, 2, 0, 1, 2]);
    assert_eq!(first_players(&random_log(2, 3)), vec![0, 1, 0, 1, 0, 1]);
    assert_eq!(first_players(&random_log(5, 4)), vec![0, 1, 2, 3, 4]);
    // With another first player (the "youngest"), the marker still passes to the left.
    let options = Options {
        first_player: Some(seat(CLAUDIUS)),
    };
    let mut st = AleaIactaEst::new_state(3, &options).unwrap();
    let events = AleaIactaEst::setup(&st, &mut GameSeed::from_u64(3).rng(SETUP_STREAM));
    for e in &events {
        evolve(&mut st, e);
    }
    assert_eq!(AleaIactaEst::to_act(&st), vec![CLAUDIUS]);
    assert_eq!(first_players(&events), vec![CLAUDIUS]);
}

#[test]
fn scenario_19_favour_reshuffle() {
    let mut st = game(4);
    combo(&mut st, 1, BRUTUS, &[3]);
    let all = std::mem::take(&mut st.favour_pile);
    st.favour_pile = [all[0]].into_iter().collect();
    st.favour_discard = all[1..6].iter().copied().collect();
    st.seats[CLAUDIUS].favour_kept = all[6..].iter().copied().collect();
    turn(&mut st, ANTONIUS, &[5, 6, 1]);
    balance(&mut st);
    check_invariants(&st).unwrap();
    let mut script = Script::none().with_perm(vec![4, 3, 2, 1, 0]);
    let events = play(&mut st, ANTONIUS, place_combo(&[5, 6], None), &mut script).unwrap();
    let favour_events: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, E::FavourDrawn { .. } | E::FavourReshuffled { .. }))
        .collect();
    assert_eq!(favour_events.len(), 3);
    assert!(matches!(favour_events[0], E::FavourDrawn { count: 1, tokens: Some(t), .. } if t[0].id == all[0]));
    assert!(matches!(favour_events[1], E::FavourReshuffled { count: 5, .. }));
    assert!(matches!(favour_events[2], E::FavourDrawn { count: 1, tokens: Some(t), .. } if t[0].id == all[5]));
    assert_eq!(st.favour_pile.len(), 4);
    assert_eq!(st.favour_discard.len(), 0);
    assert_eq!(st.seats[ANTONIUS].favour_hidden[..], vec![all[0], all[5]]);
    check_invariants(&st).unwrap();
    // Both piles empty: the draws are skipped, the placement stays legal (D12).
    let mut st = game(4);
    let all = std::mem::take(&mut st.favour_pile);
    st.seats[CLAUDIUS].favour_kept = all.into_iter().collect();
    turn(&mut st, ANTONIUS, &[5, 6, 1]);
    let events = play(&mut st, ANTONIUS, place_combo(&[6], None), &mut Script::none()).unwrap();
    assert!(!events.iter().any(|e| matches!(e, E::FavourDrawn { .. })));
    assert_eq!(st.templum.len(), 1);
}

#[test]
fn scenario_24_hidden_information() {
    // Scenario 6: Antonius sees that Claudius and Brutus each hold 1 Senate card, without ids.
    let mut st = senate_example(4, true);
    let mut log = advance(&mut st, &mut Script::none());
    log.extend(play(&mut st, CLAUDIUS, keep("senate_13"), &mut Script::none()).unwrap());
    log.extend(play(&mut st, BRUTUS, keep("senate_01"), &mut Script::none()).unwrap());
    let view = AleaIactaEst::view(&st, Viewer::Seat(ANTONIUS));
    for s in [BRUTUS, CLAUDIUS] {
        assert_eq!(view.seats[s].senate_card_count, 1);
        assert!(view.seats[s].senate_cards.is_none());
    }
    let text = json(&view);
    assert!(!text.contains("senate_01") && !text.contains("senate_13") && !text.contains("senate_05"));
    // Claudius never learns which of senate_05 / senate_01 Brutus kept.
    let claudius = json(&AleaIactaEst::view(&st, Viewer::Seat(CLAUDIUS)));
    assert!(claudius.contains("senate_13"));
    assert!(!claudius.contains("senate_01") && !claudius.contains("senate_05"));
    for e in &log {
        let seen = json(&AleaIactaEst::redact(e, Viewer::Seat(CLAUDIUS)).unwrap());
        if matches!(e, E::SenateKept { seat: s, .. } | E::SenateReturned { seat: s, .. } if s.seat() == BRUTUS) {
            assert!(!seen.contains("senate_01") && !seen.contains("senate_05"), "{seen}");
        }
    }
    // The senate_returned id goes to Brutus only.
    let returned = log.iter().find(|e| matches!(e, E::SenateReturned { .. })).unwrap();
    for viewer in [
        Viewer::Seat(ANTONIUS),
        Viewer::Seat(CLAUDIUS),
        Viewer::Seat(DARIUS),
        Viewer::Spectator,
    ] {
        let seen = AleaIactaEst::redact(returned, viewer).unwrap();
        assert!(matches!(
            seen,
            E::SenateReturned {
                cards: None,
                count: 1,
                ..
            }
        ));
    }
    assert!(matches!(
        AleaIactaEst::redact(returned, Viewer::Seat(BRUTUS)),
        Some(E::SenateReturned { cards: Some(_), .. })
    ));
    // The offered cards are shown to the chooser only.
    let mut st = senate_example(4, true);
    advance(&mut st, &mut Script::none());
    let offer = |v: Viewer| AleaIactaEst::view(&st, v).evaluation.unwrap().senate_offer;
    assert_eq!(offer(Viewer::Seat(CLAUDIUS)).unwrap().len(), 3);
    assert!(offer(Viewer::Seat(BRUTUS)).is_none() && offer(Viewer::Spectator).is_none());

    // Scenario 3 before evaluation: Brutus sees Antonius's 3 face-down tokens as a count only.
    let mut st = templum_example();
    let events = play(&mut st, ANTONIUS, place_combo(&[2, 3], Some(1)), &mut Script::none()).unwrap();
    let view = AleaIactaEst::view(&st, Viewer::Seat(BRUTUS));
    assert_eq!(view.seats[ANTONIUS].favour_face_down, 3);
    assert!(view.seats[ANTONIUS].favour_face_down_tokens.is_none());
    let text = json(&view);
    for id in ["favour_09", "favour_23", "favour_01"] {
        assert!(!text.contains(id));
    }
    let own = AleaIactaEst::view(&st, Viewer::Seat(ANTONIUS));
    assert_eq!(own.seats[ANTONIUS].favour_face_down_tokens.as_ref().unwrap().len(), 3);
    let drawn = events.iter().find(|e| matches!(e, E::FavourDrawn { .. })).unwrap();
    assert!(matches!(
        AleaIactaEst::redact(drawn, Viewer::Seat(BRUTUS)),
        Some(E::FavourDrawn {
            count: 2,
            tokens: None,
            ..
        })
    ));
    assert!(matches!(
        AleaIactaEst::redact(drawn, Viewer::Seat(ANTONIUS)),
        Some(E::FavourDrawn { tokens: Some(_), .. })
    ));
    check_invariants(&st).unwrap();
}

#[test]
fn scenario_25_one_building_one_combination() {
    let mut st = game(4);
    combo(&mut st, 1, BRUTUS, &[6]);
    turn(&mut st, ANTONIUS, &[1, 1, 2, 2, 3, 3, 4, 5]);
    balance(&mut st);
    let before = st.clone();
    let cases = [
        (place(B::Castrum, &[4, 5]), "castrum_mixed_values"),
        (place(B::Forum, &[2, 2]), "forum_invalid_dice"),
        (place(B::Forum, &[1, 1, 3]), "forum_invalid_dice"),
        (place(B::Senatus, &[3, 3]), "not_a_straight"),
        (place_combo(&[5], None), "templum_wrong_count"),
        (place_combo(&[1, 2, 5], None), "templum_wrong_count"),
        (place_combo(&[4, 5], Some(1)), "not_your_combo"),
        (place_combo(&[4, 5], Some(7)), "unknown_combo"),
        (
            A::Place {
                building: B::Castrum,
                values: dice(&[4]),
                combo: Some(1),
            },
            "invalid_combo",
        ),
        (place(B::Castrum, &[6]), "dice_not_in_hand"),
        (place(B::Castrum, &[]), "no_dice"),
        (place(B::Castrum, &[0]), "invalid_die_value"),
        (
            A::TakeProvince {
                province: province("province_joker"),
            },
            "wrong_phase",
        ),
    ];
    let listed = legal(&st, ANTONIUS);
    for (action, expected) in cases {
        assert!(!listed.contains(&action));
        assert_eq!(code(try_play(&st, ANTONIUS, action)), expected);
        assert_eq!(st, before);
    }
    assert_eq!(code(try_play(&st, BRUTUS, place(B::Castrum, &[4]))), "not_your_turn");
    assert_eq!(code(try_play(&st, 9, place(B::Castrum, &[4]))), "not_your_turn");
    assert!(legal(&st, 9).is_empty());
}
