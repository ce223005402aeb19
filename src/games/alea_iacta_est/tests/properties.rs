//! Legal-action listing (complete, sound, canonical), the action JSON, and the title description.

use super::super::rules::check_place;
use super::super::*;
use super::builder::*;
use crate::engine::{GameSeed, SETUP_STREAM};

type A = Action;

fn building_order(b: B) -> u8 {
    match b {
        B::Templum => 0,
        B::Senatus => 1,
        B::Castrum => 2,
        B::Forum => 3,
    }
}

/// The canonical sort key of an action (spec 5.1, D25).
fn canonical_key(a: &A) -> (u8, u8, u16, Vec<u8>) {
    match a {
        A::Reroll { values } => (0, 0, 0, values.to_vec()),
        A::Place {
            building,
            values,
            combo,
        } => (1, building_order(*building), combo.map_or(0, |c| c as u16 + 1), values.to_vec()),
        A::LatrinaForced {} => (2, 0, 0, vec![]),
        _ => (3, 0, 0, vec![]),
    }
}

/// Checks the turn listing of the current seat against every candidate placement.
fn check_listing(state: &State) {
    let s = state.current;
    let listed = legal(state, s);
    for w in listed.windows(2) {
        assert!(canonical_key(&w[0]) < canonical_key(&w[1]), "not canonical or repeated: {:?} then {:?}", w[0], w[1]);
    }
    let hand = state.seats[s].hand;
    let subs = sub_multisets(&hand);
    let rerolls: Vec<A> = listed
        .iter()
        .filter(|a| matches!(a, A::Reroll { .. }))
        .cloned()
        .collect();
    if state.seats[s].reroll_tokens > 0 {
        assert_eq!(rerolls.len(), subs.len());
    } else {
        assert!(rerolls.is_empty());
    }
    let mut combos: Vec<Option<u8>> = vec![None, Some(99)];
    combos.extend(state.templum.iter().map(|c| Some(c.id)));
    let mut any_place = false;
    for building in [B::Templum, B::Senatus, B::Castrum, B::Forum] {
        for combo in &combos {
            for values in &subs {
                let ok = check_place(state, s, building, values, *combo).is_ok();
                let action = A::Place {
                    building,
                    values: dice(values),
                    combo: *combo,
                };
                assert_eq!(ok, listed.contains(&action), "{action:?} in {:?}", hand.values());
                any_place |= ok;
            }
        }
    }
    assert_eq!(listed.contains(&A::LatrinaForced {}), !any_place);
    // Every listed action is accepted by decide.
    for action in &listed {
        decide_with(state, s, action, &mut Script::none()).unwrap();
    }
}

#[test]
fn listed_placements_are_exactly_the_legal_ones() {
    let mut checked = 0;
    let mut forced = 0;
    for n in 2..=5 {
        for seed in 0..4u64 {
            let log = super::selfplay::random_log(n, 500 + seed);
            let mut state = AleaIactaEst::new_state(n, &Options::default()).unwrap();
            for e in &log {
                evolve(&mut state, e);
                if state.step == Step::TurnDecide && matches!(e, E::DiceRolled { .. } | E::DiceRerolled { .. }) {
                    check_listing(&state);
                    checked += 1;
                    forced += legal(&state, state.current).contains(&A::LatrinaForced {}) as u32;
                }
            }
        }
    }
    assert!(checked > 500, "{checked}");
    assert!(forced > 0);
}

#[test]
fn evaluation_pick_listings() {
    // Senate choices list the offered cards; Castrum and Forum picks list every displayed tile.
    let mut st = game(3);
    straight(&mut st, BRUTUS, 2, 4);
    straight(&mut st, CLAUDIUS, 5, 6);
    group(&mut st, ANTONIUS, 3, 2);
    group(&mut st, CLAUDIUS, 2, 1);
    forum(&mut st, &[(BRUTUS, 1), (ANTONIUS, 2)]);
    evaluation(&mut st, Step::EvalSenatus);
    advance(&mut st, &mut Script::none());
    let offered: Vec<A> = st
        .eval
        .senate_offer
        .iter()
        .map(|&card| A::KeepSenateCard { card })
        .collect();
    let mut listed = legal(&st, BRUTUS);
    assert_eq!(listed.len(), 3);
    for a in &offered {
        assert!(listed.contains(a));
    }
    play(&mut st, BRUTUS, listed.remove(2), &mut Script::none()).unwrap();
    assert_eq!(AleaIactaEst::to_act(&st), vec![CLAUDIUS]);
    let listed = legal(&st, CLAUDIUS);
    assert_eq!(listed.len(), 2);
    play(&mut st, CLAUDIUS, listed[0].clone(), &mut Script::none()).unwrap();
    assert_eq!(st.step, Step::CastrumPick);
    assert_eq!(AleaIactaEst::to_act(&st), vec![ANTONIUS]);
    let expected: Vec<A> = st
        .province_display
        .iter()
        .map(|&province| A::TakeProvince { province })
        .collect();
    assert_eq!(legal(&st, ANTONIUS), expected);
    assert!(legal(&st, CLAUDIUS).is_empty());
    play(&mut st, ANTONIUS, expected[1].clone(), &mut Script::none()).unwrap();
    assert_eq!(AleaIactaEst::to_act(&st), vec![CLAUDIUS]);
    let first = legal(&st, CLAUDIUS)[0].clone();
    play(&mut st, CLAUDIUS, first, &mut Script::none()).unwrap();
    // Two groups, three tiles: the last tile is removed from the game.
    assert_eq!(st.provinces_removed.len(), 1);
    assert_eq!(st.step, Step::ForumPick);
    assert_eq!(AleaIactaEst::to_act(&st), vec![BRUTUS]);
    let expected: Vec<A> = st
        .inhabitant_display
        .iter()
        .map(|&inhabitant| A::TakeInhabitant { inhabitant })
        .collect();
    assert_eq!(legal(&st, BRUTUS), expected);
    // Any displayed inhabitant, not only the one under the picker's column.
    let last = expected.last().unwrap().clone();
    play(&mut st, BRUTUS, last, &mut Script::none()).unwrap();
    assert_eq!(AleaIactaEst::to_act(&st), vec![ANTONIUS]);
    let first = legal(&st, ANTONIUS)[0].clone();
    play(&mut st, ANTONIUS, first, &mut Script::none()).unwrap();
    // Five inhabitants, two Forum dice: three are removed; the next round has started.
    assert_eq!(st.inhabitants_removed.len(), 3);
    assert_eq!(st.round, 2);
    assert_eq!(st.seats[BRUTUS].inhabitants.len() + st.seats[ANTONIUS].inhabitants.len(), 2);
}

#[test]
fn action_json_matches_the_spec() {
    let examples = [
        r#"{"type": "reroll", "values": [1, 1, 5]}"#,
        r#"{"type": "place", "building": "templum", "values": [2, 3], "combo": 1}"#,
        r#"{"type": "place", "building": "templum", "values": [4, 6], "combo": null}"#,
        r#"{"type": "place", "building": "senatus", "values": [3, 4, 5]}"#,
        r#"{"type": "place", "building": "castrum", "values": [5, 5]}"#,
        r#"{"type": "place", "building": "forum", "values": [1, 4]}"#,
        r#"{"type": "latrina_forced"}"#,
        r#"{"type": "keep_senate_card", "card": "senate_13"}"#,
        r#"{"type": "take_province", "province": "province_gallia_3"}"#,
        r#"{"type": "take_inhabitant", "inhabitant": "inhabitant_gallia_woman_1"}"#,
    ];
    for text in examples {
        let action: A = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let back: A = serde_json::from_str(&json(&action)).unwrap();
        assert_eq!(back, action);
    }
    assert_eq!(json(&place(B::Senatus, &[3, 4, 5])), r#"{"type":"place","building":"senatus","values":[3,4,5]}"#);
    for bad in [
        r#"{"type": "latrina_forced", "value": 1}"#,
        r#"{"type": "reroll", "values": [1], "combo": 1}"#,
        r#"{"type": "place", "building": "latrina", "values": [1]}"#,
        r#"{"type": "keep_senate_card", "card": "senate_20"}"#,
        r#"{"type": "take_province", "province": "province_roma_1"}"#,
        r#"{"type": "pass"}"#,
    ] {
        assert!(serde_json::from_str::<A>(bad).is_err(), "{bad}");
    }
}

#[test]
fn title_info_and_options() {
    let info = AleaIactaEst::info();
    assert_eq!(info.id, "alea-iacta-est");
    assert_eq!(info.name, "Alea Iacta Est");
    assert_eq!((info.min_players, info.max_players), (2, 5));
    assert_eq!(info.seats, vec!["antonius", "brutus", "claudius", "darius", "ennius"]);
    assert_eq!(info.options.len(), 1);
    assert_eq!(info.options[0].name, "first_player");
    assert_eq!(info.options[0].default, "antonius");
    // Setup is deterministic for a seed and its events record the shuffles.
    let state = AleaIactaEst::new_state(4, &Options::default()).unwrap();
    let a = AleaIactaEst::setup(&state, &mut GameSeed::from_u64(9).rng(SETUP_STREAM));
    let b = AleaIactaEst::setup(&state, &mut GameSeed::from_u64(9).rng(SETUP_STREAM));
    assert_eq!(a, b);
    assert!(matches!(
        a[0],
        E::FavourPileShuffled {
            count: 30,
            order: Some(_)
        }
    ));
    // The schemas carry the title prefix.
    use utoipa::ToSchema;
    let mut schemas = vec![];
    View::schemas(&mut schemas);
    Event::schemas(&mut schemas);
    Action::schemas(&mut schemas);
    Outcome::schemas(&mut schemas);
    assert!(!schemas.is_empty());
    for (name, _) in &schemas {
        assert!(name.starts_with("AleaIactaEst"), "{name}");
    }
}

#[test]
fn reroll_choices_are_every_sub_multiset_once_in_canonical_order() {
    let hand = Hand::rolled(&[1, 1, 2, 2, 3, 4, 5, 6]);
    let subs = sub_multisets(&hand);
    assert_eq!(subs.len(), 143);
    assert!(subs.windows(2).all(|w| w[0] < w[1]));
    assert!(subs.iter().all(|v| hand.contains(v)));
    assert_eq!(subs[0], vec![1]);
    assert_eq!(subs[1], vec![1, 1]);
    assert_eq!(subs.last().unwrap(), &vec![6]);
    assert_eq!(sub_multisets(&Hand::rolled(&[4, 4, 4])), vec![vec![4], vec![4, 4], vec![4, 4, 4]]);
    assert!(sub_multisets(&Hand::unrolled(3)).is_empty());
}
