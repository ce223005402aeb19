//! The test scenarios of spec section 11, one test each.

use serde_json::{Value, json};

use super::super::event::Event;
use super::super::face::Face;
use super::super::ids::Group::{self, Aediles, Censors, Praetors, Quaestors, Senators};
use super::super::ids::{ManipulationKind as K, Phase, Placement};
use super::super::outcome::{EndReason, Outcome};
use super::super::state::State;
use super::builder::*;
use crate::engine::Viewer;

const CLEO_V: Viewer = Viewer::Seat(CLEO);
const CAESAR_V: Viewer = Viewer::Seat(CAESAR);
const SPECTATOR: Viewer = Viewer::Spectator;

fn sorted_json(mut faces: Vec<Face>) -> Vec<Value> {
    faces.sort();
    faces.iter().map(|f| json!(f)).collect()
}

fn discard_sorted(s: &State, seat: usize) -> Vec<Value> {
    let faces = s.seats[seat]
        .discard
        .iter()
        .filter_map(|&c| super::super::data::data().face(c))
        .collect();
    sorted_json(faces)
}

fn values(list: &[u8]) -> Vec<Value> {
    sorted_json(list.iter().map(|&n| inf(n)).collect())
}

fn group_view(view: &Value, g: Group) -> &Value {
    &view["groups"][g.index()]
}

#[test]
fn scenario_01_aediles_vote() {
    let mut b = Builder::new();
    b.side(CAESAR, Aediles, &[4], &[3])
        .side(CLEO, Aediles, &[3], &[2, 3])
        .votes(&["vote_aediles"], &[], &[]);
    b.ready_to_end(CAESAR);
    let mut s = b.build();
    assert_eq!(s.stacks[Aediles.index()].len(), 3);
    let events = act(&mut s, CAESAR, json!({"type": "end_main"}));
    let revealed = of_type(&events, "cards_revealed");
    assert_eq!(revealed.len(), 2);
    assert_eq!(revealed[0]["seat"], "cleopatra");
    assert_eq!(revealed[0]["values"], json!([2, 3]));
    assert_eq!(revealed[1]["seat"], "caesar");
    assert_eq!(revealed[1]["values"], json!([3]));
    let vote = &of_type(&events, "vote_resolved")[0];
    assert_eq!(vote["sums"], json!({"cleopatra": 8, "caesar": 7}));
    assert_eq!(vote["winner"], "cleopatra");
    assert_eq!(s.seats[CLEO].won[..], vec![card("aedile_1")]);
    assert!(s.seats[CAESAR].won.is_empty());
    assert_eq!(discard(&s, CLEO), vec![json!(3)]);
    assert_eq!(discard(&s, CAESAR), vec![json!(3)]);
    assert_eq!(side_values(&s, CAESAR, Aediles), values(&[4]));
    assert_eq!(face_up(&s, CAESAR, Aediles), values(&[4]));
    assert_eq!(face_up(&s, CLEO, Aediles), values(&[2, 3]));
    assert_eq!(side_values(&s, CLEO, Aediles), values(&[2, 3]));
    assert_eq!(s.stacks[Aediles.index()].len(), 2);
    assert_eq!(s.vote_discard[..], vec![card("vote_aediles")]);
    assert_eq!(s.phase, Phase::TurnStart);
    assert_eq!(s.active, CLEO);
}

#[test]
fn scenario_02_censors_philosopher() {
    let mut b = Builder::new();
    b.side(CLEO, Censors, &[4], &[5])
        .side(CAESAR, Censors, &[P], &[3])
        .votes(&["vote_censors"], &[], &[]);
    let (s, events) = end_main(&mut b, CLEO);
    let vote = &of_type(&events, "vote_resolved")[0];
    assert_eq!(vote["sums"], json!({"cleopatra": 9, "caesar": 3}));
    assert_eq!(vote["philosophers"], json!({"cleopatra": 0, "caesar": 1}));
    assert_eq!(vote["winner"], "caesar");
    assert_eq!(s.seats[CAESAR].won[..], vec![card("censor_1")]);
    assert_eq!(discard_sorted(&s, CAESAR), values(&[3, P]));
    assert_eq!(discard_sorted(&s, CLEO), values(&[5]));
    assert_eq!(side_values(&s, CLEO, Censors), values(&[4]));
    assert_eq!(face_up(&s, CLEO, Censors), values(&[4]));
    assert!(s.seats[CAESAR].sides[Censors.index()].is_empty());
}

#[test]
fn scenario_03_nine_point_quaestors() {
    let mut b = Builder::new();
    b.won(CAESAR, Quaestors, 5).mission(CAESAR, "mission_quaestors_1");
    let result = final_score(&mut b);
    let caesar = result.breakdown.caesar;
    assert_eq!((caesar.patricians, caesar.majority, caesar.totality, caesar.mission), (5, 1, 1, 2));
    assert_eq!(result.scores.caesar, 9);
    assert_eq!(result.missions.caesar, Quaestors);
}

#[test]
fn scenario_04_full_scoring_partial_groups() {
    let mut b = Builder::new();
    b.won(CLEO, Senators, 3)
        .won(CAESAR, Senators, 1)
        .won(CLEO, Quaestors, 5)
        .won(CAESAR, Praetors, 2)
        .won(CLEO, Aediles, 2)
        .won(CAESAR, Aediles, 1)
        .mission(CLEO, "mission_senators_1")
        .mission(CAESAR, "mission_praetors_1");
    let result = final_score(&mut b);
    // Exactly the example of spec section 8, which the outcome's schema gives as its example.
    let schema = serde_json::to_value(<Outcome as utoipa::PartialSchema>::schema()).unwrap();
    assert_eq!(serde_json::to_value(&result).unwrap(), schema["example"]);
    assert_eq!(schema["example"]["scores"], json!({"cleopatra": 15, "caesar": 5}));
}

#[test]
fn scenario_05_tie_break_and_draw() {
    let mut b = Builder::new();
    b.won(CLEO, Senators, 5)
        .won(CLEO, Aediles, 2)
        .won(CAESAR, Aediles, 1)
        .won(CAESAR, Quaestors, 4)
        .won(CAESAR, Praetors, 3)
        .mission(CLEO, "mission_praetors_1")
        .mission(CAESAR, "mission_senators_1");
    let result = final_score(&mut b);
    assert_eq!((result.scores.cleopatra, result.scores.caesar), (10, 10));
    let (cleo, caesar) = (result.breakdown.cleopatra, result.breakdown.caesar);
    assert_eq!((cleo.patricians, cleo.majority, cleo.totality, cleo.mission), (7, 2, 1, 0));
    assert_eq!((caesar.patricians, caesar.majority, caesar.totality, caesar.mission), (8, 0, 2, 0));
    assert_eq!(json!(result.winners), json!(["caesar"]));
    assert!(!result.draw);

    let mut b = Builder::new();
    b.won(CLEO, Aediles, 2)
        .won(CAESAR, Aediles, 1)
        .won(CAESAR, Censors, 1)
        .mission(CLEO, "mission_praetors_1")
        .mission(CAESAR, "mission_senators_1");
    let result = final_score(&mut b);
    assert_eq!((result.scores.cleopatra, result.scores.caesar), (3, 3));
    assert_eq!((result.patricians.cleopatra, result.patricians.caesar), (2, 2));
    assert!(result.winners.is_empty());
    assert!(result.draw);
}

#[test]
fn scenario_06_tie_postpones() {
    let mut b = Builder::new();
    b.side(CLEO, Senators, &[], &[2, 3])
        .side(CAESAR, Senators, &[], &[5])
        .hand(CAESAR, &five_influence())
        .votes(&["vote_senators", "orgy_1"], &[], &[]);
    let (mut s, events) = end_main(&mut b, CLEO);
    let vote = &of_type(&events, "vote_resolved")[0];
    assert_eq!(vote["outcome"], "postponed");
    assert!(of_type(&events, "card_discarded").is_empty());
    assert!(of_type(&events, "patrician_won").is_empty());
    assert_eq!(face_up(&s, CLEO, Senators), values(&[2, 3]));
    assert_eq!(face_up(&s, CAESAR, Senators), values(&[5]));
    assert_eq!(s.stacks[Senators.index()].len(), 5);

    // A later vote at senators counts the same cards again (plus a new 1 of Caesar's).
    s.vote_discard.retain(|&c| c != card("vote_senators"));
    s.vote_deck.insert(0, card("vote_senators"));
    face_down_turn(&mut s, CAESAR, json!(1), "senators");
    let events = act(&mut s, CAESAR, json!({"type": "draw", "pile": 1}));
    let vote = &of_type(&events, "vote_resolved")[0];
    assert_eq!(vote["sums"], json!({"cleopatra": 5, "caesar": 6}));
    assert_eq!(vote["winner"], "caesar");
    assert_eq!(discard(&s, CAESAR), vec![json!(5)]);
    assert_eq!(discard(&s, CLEO), vec![json!(2)]);
}

#[test]
fn scenario_07_lone_philosopher() {
    let (s, events) = censors_vote(&[P], &[]);
    let vote = &of_type(&events, "vote_resolved")[0];
    assert_eq!(vote["outcome"], "postponed");
    assert_eq!(vote["sums"], json!({"cleopatra": 0, "caesar": 0}));
    assert_eq!(face_up(&s, CLEO, Censors), values(&[P]));
    assert!(s.seats[CLEO].discard.is_empty());

    let (s, events) = censors_vote(&[P], &[2]);
    assert_eq!(of_type(&events, "vote_resolved")[0]["winner"], "cleopatra");
    assert_eq!(s.seats[CLEO].won[..], vec![card("censor_1")]);
    assert_eq!(discard(&s, CAESAR), vec![json!(2)]);
    assert_eq!(discard(&s, CLEO), vec![json!("P")]);
}

/// (Cleopatra's cards, Caesar's cards, winner, Cleopatra's discards, Caesar's discards).
type Row = (&'static [u8], &'static [u8], Option<usize>, &'static [u8], &'static [u8]);

#[test]
fn scenario_08_philosopher_table() {
    // (Cleopatra's cards, Caesar's cards, winner, Cleopatra's discards, Caesar's discards): table 7.3.
    let rows: [Row; 9] = [
        (&[4, 5], &[3, P], Some(CAESAR), &[5], &[3, P]),
        (&[P], &[], None, &[], &[]),
        (&[P], &[2], Some(CLEO), &[P], &[2]),
        (&[2, P], &[3, P], Some(CAESAR), &[2, P], &[3, P]),
        (&[1, P, P], &[4, P], Some(CLEO), &[1, P, P], &[4, P]),
        (&[1, P, P], &[4], Some(CLEO), &[1, P, P], &[4]),
        (&[3, P, P], &[5, P, P], Some(CAESAR), &[3, P, P], &[5, P, P]),
        (&[3, P], &[], Some(CAESAR), &[3, P], &[]),
        (&[2, 3], &[5], None, &[], &[]),
    ];
    for (cleo, caesar, winner, cleo_discards, caesar_discards) in rows {
        let (s, events) = censors_vote(cleo, caesar);
        let vote = &of_type(&events, "vote_resolved")[0];
        let row = format!("{cleo:?} vs {caesar:?}");
        match winner {
            Some(w) => {
                assert_eq!(s.seats[w].won[..], vec![card("censor_1")], "{row}");
                assert!(s.seats[1 - w].won.is_empty(), "{row}");
                assert_eq!(vote["outcome"], "won", "{row}");
            }
            None => {
                assert_eq!(vote["outcome"], "postponed", "{row}");
                assert!(s.seats.iter().all(|st| st.won.is_empty()), "{row}");
                assert_eq!(face_up(&s, CLEO, Censors), values(cleo), "{row}");
                assert_eq!(face_up(&s, CAESAR, Censors), values(caesar), "{row}");
            }
        }
        assert_eq!(discard_sorted(&s, CLEO), values(cleo_discards), "{row}");
        assert_eq!(discard_sorted(&s, CAESAR), values(caesar_discards), "{row}");
    }
}

#[test]
fn scenario_09_placement_limits() {
    let mut b = Builder::new();
    b.side(CLEO, Praetors, &[1, 2], &[3, 4, 5])
        .side(CAESAR, Praetors, &[1], &[])
        .side(CLEO, Quaestors, &[1, 2], &[3, 4])
        .side(CAESAR, Quaestors, &[2, 3, 4, 5], &[])
        .hand(CLEO, &five_influence())
        .hand(CAESAR, &five_influence())
        .turn(CLEO, Phase::Main, Placement::None);
    let s = b.build();
    let placements: Vec<Value> = legal(&s, CLEO)
        .into_iter()
        .filter(|a| a["type"].as_str().unwrap().starts_with("place_"))
        .collect();
    assert!(!placements.is_empty());
    assert!(
        placements
            .iter()
            .all(|a| a["group"] != "praetors" && a["group"] != "quaestors")
    );
    let e = reject(&s, CLEO, json!({"type": "place_face_down", "card": 1, "group": "praetors"}));
    assert_eq!(e.code.as_str(), "no_spot");
    let e = reject(&s, CLEO, json!({"type": "place_face_up", "card": 1, "group": "quaestors"}));
    assert_eq!(e.code.as_str(), "no_spot");

    let mut caesar_turn = s.clone();
    caesar_turn.active = CAESAR;
    let caesar_legal = legal(&caesar_turn, CAESAR);
    assert!(caesar_legal.contains(&json!({"type": "place_face_down", "card": 1, "group": "praetors"})));
    assert!(!caesar_legal.iter().any(|a| a["group"] == "quaestors"));
}

#[test]
fn scenario_10_face_up_legality() {
    // Exactly one influence card in hand.
    let mut b = Builder::new();
    b.hand(CLEO, &[inf(3), man(K::Spy), man(K::Scout), man(K::Wrath), man(K::Castling)])
        .turn(CLEO, Phase::Main, Placement::None);
    let s = b.build();
    let actions = legal(&s, CLEO);
    assert!(actions.iter().any(|a| a["type"] == "place_face_down"));
    assert!(!actions.iter().any(|a| a["type"] == "place_face_up"));
    let e = reject(&s, CLEO, json!({"type": "place_face_up", "card": 3, "group": "senators"}));
    assert_eq!(e.code.as_str(), "not_enough_influence");

    // The only free spot anywhere has room for one card.
    let mut b = Builder::new();
    b.won(CAESAR, Quaestors, 5)
        .won(CAESAR, Praetors, 5)
        .won(CAESAR, Aediles, 3)
        .won(CAESAR, Censors, 3)
        .side(CLEO, Senators, &[1, 2, 3], &[])
        .side(CAESAR, Senators, &[1, 2, 3, 4], &[])
        .hand(CLEO, &five_influence())
        .turn(CLEO, Phase::Main, Placement::None);
    let s = b.build();
    let actions = legal(&s, CLEO);
    assert!(!actions.iter().any(|a| a["type"] == "place_face_up"));
    assert!(actions.contains(&json!({"type": "place_face_down", "card": 4, "group": "senators"})));
    let e = reject(&s, CLEO, json!({"type": "place_face_up", "card": 4, "group": "senators"}));
    assert_eq!(e.code.as_str(), "no_spot");

    // Normal room: two face-up cards on one group, and a manipulation between them.
    let mut b = Builder::new();
    b.hand(CLEO, &[inf(1), inf(2), inf(3), man(K::Spy), inf(5)])
        .hand(CAESAR, &five_influence())
        .turn(CLEO, Phase::Main, Placement::None);
    let mut s = b.build();
    act(&mut s, CLEO, json!({"type": "place_face_up", "card": 3, "group": "senators"}));
    assert_eq!(s.placement, Placement::Half);
    let actions = legal(&s, CLEO);
    assert!(actions.contains(&json!({"type": "place_face_up", "card": 1, "group": "senators"})));
    assert!(actions.contains(&json!({"type": "play_manipulation", "card": "spy"})));
    assert!(
        !actions
            .iter()
            .any(|a| a["type"] == "place_face_down" || a["type"] == "end_main")
    );
    act(&mut s, CLEO, json!({"type": "play_manipulation", "card": "spy"}));
    act(&mut s, CLEO, json!({"type": "spy_pick", "card": 5}));
    act(&mut s, CAESAR, json!({"type": "draw", "pile": 1}));
    assert_eq!(s.phase, Phase::Main);
    act(&mut s, CLEO, json!({"type": "place_face_up", "card": 1, "group": "senators"}));
    assert_eq!(s.placement, Placement::Done);
    assert_eq!(face_up(&s, CLEO, Senators), values(&[1, 3]));
}

/// Scenario 11/12 position: praetors at 7, Cleopatra to play, her pile 2 topped by an assassination.
fn eighth_card_state() -> State {
    let mut b = Builder::new();
    b.side(CLEO, Praetors, &[5], &[1, 2])
        .side(CAESAR, Praetors, &[4, 3, 2, 1], &[])
        .hand(CLEO, &[inf(2), inf(3), inf(4), inf(4), inf(5)])
        .hand(CAESAR, &five_influence())
        .pile_top(CLEO, 2, &[man(K::Assassination)])
        .votes(&["orgy_1", "orgy_2"], &[], &[])
        .turn(CLEO, Phase::TurnStart, Placement::None);
    let mut s = b.build();
    act(&mut s, CLEO, json!({"type": "choose_active"}));
    act(&mut s, CLEO, json!({"type": "place_face_down", "card": 2, "group": "praetors"}));
    assert_eq!(s.total(Praetors), 8);
    let events = act(&mut s, CLEO, json!({"type": "end_main"}));
    // The extraordinary vote waits for the refill.
    assert!(of_type(&events, "extraordinary_vote_started").is_empty());
    assert_eq!(s.phase, Phase::Draw);
    let events = act(&mut s, CLEO, json!({"type": "draw", "pile": 2}));
    assert_eq!(
        types(&events),
        [
            "card_drawn",
            "extraordinary_vote_started",
            "cards_revealed",
            "vote_window_opened"
        ]
    );
    assert_eq!(s.phase, Phase::VoteWindow);
    let view = view_json(&s, SPECTATOR);
    let praetors = group_view(&view, Praetors);
    assert_eq!(praetors["cleopatra"]["face_up"], json!([1, 2, 2, 5]));
    assert_eq!(praetors["cleopatra"]["face_down_count"], 0);
    assert_eq!(praetors["caesar"]["face_up"], json!([1, 2, 3, 4]));
    s
}

#[test]
fn scenario_11_eighth_card_extraordinary_vote() {
    let mut s = eighth_card_state();
    let events = act(
        &mut s,
        CLEO,
        json!({"type": "play_manipulation", "card": "assassination", "group": "praetors", "target": 1}),
    );
    assert!(of_type(&events, "reaction_offered").is_empty());
    assert_eq!(discard(&s, CAESAR), vec![json!(1)]);
    assert_eq!(s.phase, Phase::Draw);
    assert_eq!(s.owed, vec![(CLEO, 1)]);
    let events = act(&mut s, CLEO, json!({"type": "draw", "pile": 1}));
    let vote = &of_type(&events, "vote_resolved")[0];
    assert_eq!(vote["kind"], "extraordinary");
    assert_eq!(vote["sums"], json!({"cleopatra": 10, "caesar": 9}));
    assert_eq!(vote["winner"], "cleopatra");
    assert_eq!(s.seats[CLEO].won[..], vec![card("praetor_1")]);
    assert_eq!(discard(&s, CLEO), vec![json!("assassination"), json!(5)]);
    assert_eq!(discard(&s, CAESAR), vec![json!(1), json!(2)]);
    // Then the vote card step and the turn end.
    let kinds = types(&events);
    let resolved = kinds.iter().position(|k| k == "vote_resolved").unwrap();
    let drawn = kinds.iter().position(|k| k == "vote_card_drawn").unwrap();
    assert!(resolved < drawn);
    assert_eq!(s.vote_discard[..], vec![card("orgy_1")]);
    assert_eq!((s.active, s.phase), (CAESAR, Phase::TurnStart));
}

#[test]
fn scenario_12_extraordinary_tie_persists() {
    let mut s = eighth_card_state();
    let events = act(&mut s, CLEO, json!({"type": "continue_vote"}));
    let vote = &of_type(&events, "vote_resolved")[0];
    assert_eq!(vote["outcome"], "postponed");
    assert_eq!(s.total(Praetors), 8);
    assert!(
        s.seats
            .iter()
            .all(|st| st.sides[Praetors.index()].iter().all(|slot| slot.up))
    );
    assert_eq!((s.active, s.phase), (CAESAR, Phase::TurnStart));
    let events = face_down_turn(&mut s, CAESAR, json!(5), "senators");
    assert!(of_type(&events, "extraordinary_vote_started").is_empty());
    let events = act(&mut s, CAESAR, json!({"type": "draw", "pile": 1}));
    assert_eq!(
        of_type(&events, "extraordinary_vote_started"),
        vec![json!({"type": "extraordinary_vote_started", "group": "praetors"})]
    );
    assert_eq!(of_type(&events, "vote_resolved")[0]["outcome"], "postponed");
}

#[test]
fn scenario_13_manipulation_before_the_check() {
    let mut b = Builder::new();
    b.side(CLEO, Senators, &[1], &[2, 3])
        .side(CAESAR, Senators, &[1, 2, 3, 4], &[])
        .hand(CLEO, &[inf(4), inf(5), inf(5), man(K::Wrath), inf(1)])
        .hand(CAESAR, &five_influence())
        .pile2_len(CLEO, 0)
        .votes(&["orgy_1"], &[], &[])
        .turn(CLEO, Phase::Main, Placement::None);
    let mut s = b.build();
    act(&mut s, CLEO, json!({"type": "place_face_down", "card": 4, "group": "senators"}));
    assert_eq!(s.total(Senators), 8);
    let there: Vec<_> = (0..2)
        .map(|seat| {
            s.seats[seat].sides[Senators.index()]
                .iter()
                .map(|slot| slot.card)
                .collect::<Vec<_>>()
        })
        .collect();
    act(&mut s, CLEO, json!({"type": "play_manipulation", "card": "wrath", "group": "senators"}));
    assert_eq!(s.total(Senators), 0);
    let events = act(&mut s, CLEO, json!({"type": "end_main"}));
    assert!(of_type(&events, "extraordinary_vote_started").is_empty());
    for (seat, cards) in there.iter().enumerate() {
        for c in cards {
            assert!(s.seats[seat].discard.contains(c), "{} not discarded", c.id());
        }
    }
    // Face up in the public view.
    let view = view_json(&s, SPECTATOR);
    assert_eq!(
        view["seats"]["cleopatra"]["discard"],
        json!([{"card": 1}, {"card": 2}, {"card": 3}, {"card": 4}, {"card": "wrath"}])
    );
    assert_eq!(view["seats"]["caesar"]["discard"].as_array().unwrap().len(), 4);
}

#[test]
fn scenario_14_veto() {
    let mut b = Builder::new();
    b.side(CLEO, Senators, &[2], &[3])
        .side(CAESAR, Senators, &[4], &[])
        .hand(CAESAR, &[inf(1), inf(2), man(K::Wrath), inf(3), inf(5)])
        .hand(CLEO, &[inf(1), man(K::Veto), inf(3), inf(4), inf(5)])
        .turn(CAESAR, Phase::Main, Placement::None);
    let mut s = b.build();
    let events = act(&mut s, CAESAR, json!({"type": "play_manipulation", "card": "wrath", "group": "senators"}));
    assert_eq!(of_type(&events, "reaction_offered")[0]["seat"], "cleopatra");
    assert_eq!(s.phase, Phase::Reaction);
    assert_eq!(
        legal(&s, CLEO),
        vec![
            json!({"type": "allow_manipulation"}),
            json!({"type": "veto_manipulation"})
        ]
    );
    act(&mut s, CLEO, json!({"type": "veto_manipulation"}));
    assert_eq!(discard(&s, CAESAR), vec![json!("wrath")]);
    assert_eq!(discard(&s, CLEO), vec![json!("veto")]);
    assert_eq!(side_values(&s, CLEO, Senators), values(&[2, 3]));
    assert_eq!(side_values(&s, CAESAR, Senators), values(&[4]));
    assert_eq!((s.phase, s.owed_head()), (Phase::Draw, Some((CLEO, 1))));
    assert_eq!(legal(&s, CLEO), vec![json!({"type": "draw", "pile": 1}), json!({"type": "draw", "pile": 2})]);
    act(&mut s, CLEO, json!({"type": "draw", "pile": 2}));
    assert_eq!(s.seats[CLEO].hand.len(), 5);
    assert_eq!(s.phase, Phase::Main);
    assert!(!legal(&s, CAESAR).iter().any(|a| a["type"] == "play_manipulation"));
    act(&mut s, CAESAR, json!({"type": "place_face_up", "card": 1, "group": "aediles"}));
    assert!(!legal(&s, CAESAR).iter().any(|a| a["type"] == "play_manipulation"));
    s.seats[CAESAR].hand.push(s.seats[CAESAR].pile2[0]);
    s.seats[CAESAR].pile2.remove(0);
    let e = reject(
        &s,
        CAESAR,
        json!({"type": "play_manipulation", "card": "assassination", "group": "senators", "target": 2}),
    );
    assert_eq!(e.code.as_str(), "manipulation_already_used");
}

#[test]
fn scenario_15_reaction_without_veto() {
    let mut b = Builder::new();
    b.side(CLEO, Quaestors, &[], &[2])
        .hand(CLEO, &[inf(1), inf(3), man(K::Spy), inf(4), inf(5)])
        .hand(CAESAR, &[inf(1), man(K::Scout), inf(3), inf(4), inf(5)])
        .turn(CAESAR, Phase::Main, Placement::None);
    let mut s = b.build();
    act(&mut s, CAESAR, json!({"type": "play_manipulation", "card": "scout", "group": "quaestors"}));
    assert_eq!(s.phase, Phase::Reaction);
    assert_eq!(rules_to_act(&s), vec![CLEO]);
    assert_eq!(legal(&s, CLEO), vec![json!({"type": "allow_manipulation"})]);
    assert_eq!(reject(&s, CLEO, json!({"type": "veto_manipulation"})).code.as_str(), "no_veto");
    assert_eq!(reject(&s, CAESAR, json!({"type": "end_main"})).code.as_str(), "not_your_turn");

    let mut b = Builder::new();
    b.side(CLEO, Quaestors, &[], &[2])
        .hand(CLEO, &five_influence())
        .hand(CAESAR, &[inf(1), man(K::Scout), inf(3), inf(4), inf(5)])
        .turn(CAESAR, Phase::Main, Placement::None);
    let mut s = b.build();
    let events = act(&mut s, CAESAR, json!({"type": "play_manipulation", "card": "scout", "group": "quaestors"}));
    assert!(of_type(&events, "reaction_offered").is_empty());
    assert_eq!(s.phase, Phase::Main);
    assert_eq!(face_up(&s, CLEO, Quaestors), values(&[2]));
}

fn rules_to_act(s: &State) -> Vec<usize> {
    super::super::rules::to_act(s)
}

#[test]
fn scenario_16_spy() {
    let mut b = Builder::new();
    b.hand(CLEO, &[inf(1), inf(3), inf(5), man(K::Castling), man(K::Scout)])
        .hand(CAESAR, &[inf(1), man(K::Spy), inf(3), inf(4), inf(5)])
        .turn(CAESAR, Phase::Main, Placement::None);
    let mut s = b.build();
    let mut log: Vec<Event> = Vec::new();
    log.extend(act(&mut s, CAESAR, json!({"type": "play_manipulation", "card": "spy"})));
    log.extend(act(&mut s, CLEO, json!({"type": "allow_manipulation"})));
    assert_eq!(s.phase, Phase::SpyPick);
    let hand = json!([1, 3, 5, "castling", "scout"]);
    // Only Caesar's view and log show the hand.
    assert_eq!(view_json(&s, CAESAR_V)["spied_hand"], hand);
    assert!(view_json(&s, CLEO_V).get("spied_hand").is_none());
    assert!(view_json(&s, SPECTATOR).get("spied_hand").is_none());
    let spied = of_type(&log, "hand_spied");
    assert_eq!(spied[0]["hand"], hand);
    for viewer in [CLEO_V, SPECTATOR] {
        let spied: Vec<Value> = redacted(&log, viewer)
            .into_iter()
            .filter(|e| e["type"] == "hand_spied")
            .collect();
        assert_eq!(spied, vec![json!({"type": "hand_spied", "seat": "caesar"})]);
    }
    assert_eq!(
        redacted(&log, CAESAR_V)
            .iter()
            .find(|e| e["type"] == "hand_spied")
            .unwrap()["hand"],
        hand
    );
    assert_eq!(legal(&s, CAESAR).len(), 5);
    log.extend(act(&mut s, CAESAR, json!({"type": "spy_pick", "card": 5})));
    assert_eq!(discard(&s, CLEO), vec![json!(5)]);
    assert_eq!((s.phase, rules_to_act(&s)), (Phase::Draw, vec![CLEO]));
    log.extend(act(&mut s, CLEO, json!({"type": "draw", "pile": 2})));
    assert_eq!(s.phase, Phase::Main);
    // What the spectator saw, beside the spy being played and allowed.
    let spectator = redacted(&log, SPECTATOR);
    let informative: Vec<&Value> = spectator
        .iter()
        .filter(|e| {
            let structural = matches!(
                e["type"].as_str().unwrap(),
                "manipulation_played" | "reaction_offered" | "reacted" | "draw_owed" | "draw_pending" | "main_resumed"
            );
            let spy_card_discarded = e["type"] == "card_discarded" && e["origin"] == "play";
            !structural && !spy_card_discarded
        })
        .collect();
    assert_eq!(
        informative,
        vec![
            &json!({"type": "hand_spied", "seat": "caesar"}),
            &json!({"type": "card_discarded", "seat": "cleopatra", "origin": "hand", "card": 5}),
            &json!({"type": "card_drawn", "seat": "cleopatra", "pile": 2, "automatic": false}),
        ]
    );
    let text = serde_json::to_string(&spectator).unwrap();
    assert!(!text.contains("castling") && !text.contains("scout") && !text.contains("cleopatra_"));
    assert_eq!(spectator[0], json!({"type": "manipulation_played", "seat": "caesar", "card": "spy"}));
    assert_eq!(spectator[2], json!({"type": "reacted", "seat": "cleopatra", "vetoed": false}));
}

#[test]
fn scenario_17_scout() {
    let mut b = Builder::new();
    b.side(CAESAR, Quaestors, &[4], &[1, 2])
        .hand(CLEO, &[inf(1), man(K::Scout), inf(3), inf(4), inf(5)])
        .hand(CAESAR, &[inf(1), man(K::Spy), inf(3), inf(4), inf(5)])
        .votes(&["orgy_1"], &[], &[])
        .turn(CLEO, Phase::Main, Placement::None);
    let mut s = b.build();
    act(&mut s, CLEO, json!({"type": "play_manipulation", "card": "scout", "group": "quaestors"}));
    let events = act(&mut s, CAESAR, json!({"type": "allow_manipulation"}));
    assert_eq!(
        of_type(&events, "cards_revealed"),
        vec![
            json!({"type": "cards_revealed", "group": "quaestors", "seat": "caesar", "values": [1, 2], "cause": "scout"})
        ]
    );
    assert_eq!(face_up(&s, CAESAR, Quaestors), values(&[1, 2, 4]));
    // They stay face up.
    act(&mut s, CLEO, json!({"type": "place_face_down", "card": 3, "group": "senators"}));
    act(&mut s, CLEO, json!({"type": "end_main"}));
    act(&mut s, CLEO, json!({"type": "draw", "pile": 1}));
    act(&mut s, CLEO, json!({"type": "draw", "pile": 1}));
    assert_eq!(s.active, CAESAR);
    assert_eq!(face_up(&s, CAESAR, Quaestors), values(&[1, 2, 4]));
    let view = view_json(&s, CLEO_V);
    assert_eq!(group_view(&view, Quaestors)["caesar"], json!({"face_up": [1, 2, 4], "face_down_count": 0}));
}

fn castling_state() -> State {
    let mut b = Builder::new();
    b.side(CLEO, Senators, &[4], &[2])
        .side(CLEO, Censors, &[], &[5, 3, 1])
        .side(CAESAR, Senators, &[1], &[2])
        .side(CAESAR, Censors, &[3], &[1, 2, 4])
        .hand(CLEO, &[inf(1), man(K::Castling), inf(3), inf(4), inf(5)])
        .hand(CAESAR, &five_influence())
        .turn(CLEO, Phase::Main, Placement::None);
    let mut s = b.build();
    let events = act(
        &mut s,
        CLEO,
        json!({"type": "play_manipulation", "card": "castling", "groups": ["senators", "censors"]}),
    );
    assert_eq!(s.phase, Phase::Castling);
    let formed = redacted(&events, CAESAR_V)
        .into_iter()
        .find(|e| e["type"] == "castling_pool_formed")
        .unwrap();
    assert_eq!(
        formed,
        json!({"type": "castling_pool_formed", "seat": "cleopatra", "groups": ["senators", "censors"],
               "taken": [{"group": "senators", "count": 2}, {"group": "censors", "count": 3}]})
    );
    s
}

#[test]
fn scenario_18_castling() {
    let mut s = castling_state();
    let own_view = view_json(&s, CLEO_V);
    assert_eq!(own_view["castling"]["pool_count"], 5);
    assert_eq!(own_view["castling"]["pool"].as_array().unwrap().len(), 5);
    for value in [1, 2, 3, 4] {
        let events = act(&mut s, CLEO, json!({"type": "castle_place", "card": value, "group": "senators"}));
        for viewer in [CAESAR_V, SPECTATOR] {
            let view = view_json(&s, viewer);
            assert_eq!(view["castling"]["pool_count"], 5, "D29");
            assert!(view["castling"].get("pool").is_none());
            assert_eq!(group_view(&view, Senators)["cleopatra"], json!({"face_up": [], "face_down_count": 0}));
            let public = redacted(&events, viewer);
            assert_eq!(public[0]["type"], "castling_card_placed");
            assert!(public[0].get("card").is_none() && public[0].get("group").is_none());
        }
        assert_eq!(redacted(&events, CLEO_V)[0]["group"], "senators");
    }
    assert!(legal(&s, CLEO).contains(&json!({"type": "castle_place", "card": 5, "group": "senators"})));
    let events = act(&mut s, CLEO, json!({"type": "castle_place", "card": 5, "group": "senators"}));
    assert_eq!(
        of_type(&events, "castling_done"),
        vec![json!({"type": "castling_done", "seat": "cleopatra",
                    "face_down": [{"group": "senators", "count": 5}, {"group": "censors", "count": 0}]})]
    );
    assert_eq!(s.phase, Phase::Main);
    assert_eq!((s.own(CLEO, Senators), s.total(Senators)), (5, 7));
    assert_eq!(s.own(CLEO, Censors), 0);
    for viewer in [CAESAR_V, SPECTATOR] {
        let view = view_json(&s, viewer);
        assert_eq!(group_view(&view, Senators)["cleopatra"], json!({"face_up": [], "face_down_count": 5}));
        assert_eq!(group_view(&view, Censors)["cleopatra"], json!({"face_up": [], "face_down_count": 0}));
        assert!(view["castling"].is_null());
    }
    assert_eq!(discard(&s, CLEO), vec![json!("castling")]);

    // Had she put 4 cards on censors (total 8), a 5th there would be illegal.
    let mut s = castling_state();
    for value in [1, 2, 3, 4] {
        act(&mut s, CLEO, json!({"type": "castle_place", "card": value, "group": "censors"}));
    }
    assert_eq!(s.total(Censors), 8);
    let e = reject(&s, CLEO, json!({"type": "castle_place", "card": 5, "group": "censors"}));
    assert_eq!(e.code.as_str(), "no_spot");
    assert_eq!(legal(&s, CLEO), vec![json!({"type": "castle_place", "card": 5, "group": "senators"})]);
}

#[test]
fn scenario_19_castling_in_window() {
    let mut b = Builder::new();
    b.side(CLEO, Praetors, &[1, 2], &[3, 4])
        .side(CAESAR, Praetors, &[1, 2, 3, 4], &[])
        .side(CLEO, Senators, &[], &[5])
        .hand(CLEO, &[inf(1), man(K::Castling), inf(3), inf(4), inf(5)])
        .hand(CAESAR, &five_influence())
        .turn(CLEO, Phase::Main, Placement::Done);
    let mut s = b.build();
    act(&mut s, CLEO, json!({"type": "end_main"}));
    assert_eq!((s.phase, s.vote_context()), (Phase::VoteWindow, Some(Praetors)));
    let actions = legal(&s, CLEO);
    assert!(
        !actions
            .iter()
            .any(|a| a["card"] == "castling" && a["groups"].as_array().unwrap().contains(&json!("praetors")))
    );
    assert!(
        actions.contains(&json!({"type": "play_manipulation", "card": "castling", "groups": ["senators", "aediles"]}))
    );
    assert!(actions.contains(&json!({"type": "continue_vote"})));
    let e = reject(
        &s,
        CLEO,
        json!({"type": "play_manipulation", "card": "castling", "groups": ["praetors", "senators"]}),
    );
    assert_eq!(e.code.as_str(), "invalid_target");
    // Either order is accepted.
    act(
        &mut s,
        CLEO,
        json!({"type": "play_manipulation", "card": "castling", "groups": ["aediles", "senators"]}),
    );
    assert_eq!(s.castling_groups, Some([Senators, Aediles]));
}

#[test]
fn scenario_20_void_vote_card() {
    let mut b = Builder::new();
    b.won(CAESAR, Censors, 3).votes(&["vote_censors", "orgy_1"], &[], &[]);
    let (s, events) = end_main(&mut b, CLEO);
    assert_eq!(
        types(&events),
        [
            "main_ended",
            "vote_card_drawn",
            "vote_card_removed",
            "vote_card_drawn",
            "vote_card_discarded",
            "turn_started"
        ]
    );
    assert_eq!(s.vote_removed[..], vec![card("vote_censors")]);
    assert_eq!(s.vote_discard[..], vec![card("orgy_1")]);
}

#[test]
fn scenario_21_reshuffle() {
    let mut b = Builder::new();
    b.votes(
        &["orgy_reshuffle", "vote_senators", "orgy_1"],
        &["vote_aediles", "orgy_2"],
        &["vote_censors", "vote_quaestors", "vote_praetors"],
    );
    let (s, events) = end_main(&mut b, CLEO);
    assert_eq!(of_type(&events, "vote_card_drawn").len(), 1);
    let reshuffled = of_type(&events, "vote_deck_reshuffled");
    assert_eq!(reshuffled[0]["size"], 5);
    let mut deck: Vec<&str> = s.vote_deck.iter().map(|c| c.id()).collect();
    deck.sort();
    assert_eq!(deck, ["orgy_1", "orgy_2", "orgy_reshuffle", "vote_aediles", "vote_senators"]);
    assert!(s.vote_discard.is_empty());
    assert_eq!(s.vote_removed[..], ["vote_censors", "vote_quaestors", "vote_praetors"].map(card).to_vec());
    // The new order is never shown.
    for viewer in [CLEO_V, CAESAR_V, SPECTATOR] {
        let shown = redacted(&events, viewer)
            .into_iter()
            .find(|e| e["type"] == "vote_deck_reshuffled");
        assert_eq!(shown, Some(json!({"type": "vote_deck_reshuffled", "size": 5})));
    }
}

fn last_aedile(all_others_won: bool) -> (State, Vec<Event>) {
    let mut b = Builder::new();
    b.won(CLEO, Aediles, 1)
        .won(CAESAR, Aediles, 1)
        .side(CLEO, Aediles, &[5], &[2])
        .side(CAESAR, Aediles, &[], &[3])
        .votes(&["vote_aediles"], &[], &[]);
    if all_others_won {
        b.won_all_but_aediles();
    }
    b.hand(CAESAR, &five_influence());
    end_main(&mut b, CLEO)
}

#[test]
fn scenario_22_last_patrician() {
    let (mut s, events) = last_aedile(false);
    let vote = &of_type(&events, "vote_resolved")[0];
    assert_eq!(vote["sums"], json!({"cleopatra": 7, "caesar": 3}));
    assert_eq!(vote["winner"], "cleopatra");
    assert!(s.seats[CLEO].won.contains(&card("aedile_3")));
    assert_eq!(discard(&s, CLEO), vec![json!(5), json!(2)]);
    assert_eq!(discard(&s, CAESAR), vec![json!(3)]);
    assert!(!s.open(Aediles));
    assert_eq!(of_type(&events, "group_closed"), vec![json!({"type": "group_closed", "group": "aediles"})]);
    assert_eq!(s.phase, Phase::TurnStart);
    act(&mut s, CAESAR, json!({"type": "choose_active"}));
    let actions = legal(&s, CAESAR);
    assert!(actions.iter().any(|a| a["type"] == "place_face_down"));
    assert!(!actions.iter().any(|a| a["group"] == "aediles"));
    assert_eq!(
        reject(&s, CAESAR, json!({"type": "place_face_down", "card": 1, "group": "aediles"}))
            .code
            .as_str(),
        "group_closed"
    );

    // The 21st patrician ends the game at once.
    let (s, events) = last_aedile(true);
    assert_eq!(s.phase, Phase::GameOver);
    assert!(of_type(&events, "turn_started").is_empty());
    let over = &of_type(&events, "game_over")[0];
    assert_eq!(over["result"]["end_reason"], "all_patricians_awarded");
    assert_eq!(types(&events).last().unwrap(), "game_over");
    assert!(rules_to_act(&s).is_empty());
    assert!(legal(&s, CLEO).is_empty() && legal(&s, CAESAR).is_empty());
    assert_eq!(reject(&s, CAESAR, json!({"type": "choose_active"})).code.as_str(), "game_over");

    // Won in an extraordinary vote: no vote card is drawn.
    let mut b = Builder::new();
    b.won(CLEO, Aediles, 2)
        .won_all_but_aediles()
        .side(CLEO, Aediles, &[5, 4], &[3, 2])
        .side(CAESAR, Aediles, &[1, 1], &[2, 3])
        .votes(&["vote_aediles"], &[], &[]);
    let (s, events) = end_main(&mut b, CLEO);
    assert_eq!(of_type(&events, "vote_resolved")[0]["kind"], "extraordinary");
    assert!(of_type(&events, "vote_card_drawn").is_empty());
    assert_eq!(s.phase, Phase::GameOver);
    assert_eq!(s.vote_deck[0], card("vote_aediles"));
}

#[test]
fn scenario_23_solo_mode() {
    let mut b = Builder::new();
    b.hand(CAESAR, &[man(K::Castling), man(K::Veto)])
        .pile1_len(CAESAR, 0)
        .pile2_len(CAESAR, 0)
        .hand(CLEO, &[inf(2), inf(4), man(K::Spy), inf(P), inf(5)])
        .pile1_len(CLEO, 6)
        .votes(&["orgy_1", "orgy_2"], &[], &[])
        .turn(CAESAR, Phase::TurnStart, Placement::None);
    let mut s = b.build();
    assert_eq!(legal(&s, CAESAR), vec![json!({"type": "choose_passive"})]);
    act(&mut s, CAESAR, json!({"type": "choose_passive"}));
    let events = act(&mut s, CAESAR, json!({"type": "end_discard"}));
    assert_eq!(
        of_type(&events, "solo_mode_started"),
        vec![json!({"type": "solo_mode_started", "survivor": "cleopatra"})]
    );
    assert_eq!((s.solo, s.active, s.phase), (Some(CLEO), CLEO, Phase::TurnStart));
    assert_eq!(legal(&s, CLEO), vec![json!({"type": "choose_active"})]);
    assert_eq!(reject(&s, CLEO, json!({"type": "choose_passive"})).code.as_str(), "solo_mode");
    assert!(legal(&s, CAESAR).is_empty());

    act(&mut s, CLEO, json!({"type": "choose_active"}));
    act(&mut s, CLEO, json!({"type": "place_face_down", "card": 2, "group": "senators"}));
    let events = act(&mut s, CLEO, json!({"type": "play_manipulation", "card": "spy"}));
    assert!(of_type(&events, "reaction_offered").is_empty(), "no reaction for the exhausted seat");
    assert_eq!(s.phase, Phase::SpyPick);
    let events = act(&mut s, CLEO, json!({"type": "spy_pick", "card": "castling"}));
    assert_eq!(of_type(&events, "draw_lapsed")[0]["seat"], "caesar");
    let events = act(&mut s, CLEO, json!({"type": "end_main"}));
    assert!(of_type(&events, "draw_owed").is_empty(), "no refill in solo mode");
    assert_eq!(s.seats[CLEO].hand.len(), 3);
    assert_eq!(s.seats[CLEO].pile1.len(), 6);
    let mut turn = s.turn;
    for value in [json!(4), json!("P"), json!(5)] {
        assert_eq!((s.active, s.phase), (CLEO, Phase::TurnStart));
        assert_eq!(legal(&s, CLEO), vec![json!({"type": "choose_active"})]);
        face_down_turn(&mut s, CLEO, value, "quaestors");
        if s.phase != Phase::GameOver {
            assert_eq!(s.turn, turn + 1);
            turn = s.turn;
        }
    }
    assert_eq!(s.phase, Phase::GameOver);
    assert_eq!(s.result.as_ref().unwrap().end_reason, EndReason::SoloFinished);
    assert_eq!(s.seats[CLEO].pile1.len(), 6);
}

#[test]
fn scenario_24_passive_turn() {
    let mut b = Builder::new();
    b.hand(CAESAR, &[inf(1), inf(1), inf(2), man(K::Spy), man(K::Veto)])
        .turn(CAESAR, Phase::TurnStart, Placement::None);
    let mut s = b.build();
    let deck = s.vote_deck;
    let turn = s.turn;
    let mut log = Vec::new();
    for a in [
        json!({"type": "choose_passive"}),
        json!({"type": "passive_discard", "card": 1}),
        json!({"type": "passive_discard", "card": 1}),
        json!({"type": "end_discard"}),
        json!({"type": "draw", "pile": 1}),
        json!({"type": "draw", "pile": 2}),
    ] {
        log.extend(act(&mut s, CAESAR, a));
    }
    let view = view_json(&s, SPECTATOR);
    assert_eq!(view["seats"]["caesar"]["discard"], json!([{"card": 1}, {"card": 1}]));
    assert_eq!(s.seats[CAESAR].hand.len(), 5);
    assert_eq!(s.vote_deck, deck);
    assert!(of_type(&log, "vote_card_drawn").is_empty());
    assert_eq!((s.active, s.phase, s.turn), (CLEO, Phase::TurnStart, turn + 1));
}

#[test]
fn scenario_25_automatic_draws() {
    let mut b = Builder::new();
    b.hand(CLEO, &[inf(1), inf(2), inf(3), inf(4)])
        .pile2_len(CLEO, 0)
        .pile1_len(CLEO, 1)
        .votes(&["orgy_1"], &[], &[])
        .turn(CLEO, Phase::Main, Placement::None);
    let mut s = b.build();
    act(&mut s, CLEO, json!({"type": "place_face_down", "card": 4, "group": "senators"}));
    assert_eq!(s.seats[CLEO].hand.len(), 3);
    let events = act(&mut s, CLEO, json!({"type": "end_main"}));
    assert!(of_type(&events, "draw_pending").is_empty());
    let drawn = of_type(&events, "card_drawn");
    assert_eq!(drawn.len(), 1);
    assert_eq!((drawn[0]["pile"].clone(), drawn[0]["automatic"].clone()), (json!(1), json!(true)));
    assert_eq!(of_type(&events, "draw_lapsed")[0]["count"], 1);
    assert_eq!(s.seats[CLEO].hand.len(), 4);
    assert_eq!(s.active, CAESAR);
}

#[test]
fn scenario_26_board_blocked() {
    let mut b = Builder::new();
    b.won(CLEO, Senators, 5)
        .won(CAESAR, Quaestors, 5)
        .won(CLEO, Praetors, 3)
        .won(CAESAR, Praetors, 2)
        .won(CAESAR, Aediles, 3)
        .side(CLEO, Censors, &[], &[1, 2, 3])
        .side(CAESAR, Censors, &[1, 2, 3], &[3])
        .hand(CLEO, &[inf(3), inf(1), inf(2), inf(4), inf(5)])
        .hand(CAESAR, &five_influence())
        .pile2_len(CLEO, 0)
        .votes(&["orgy_1"], &[], &[])
        .turn(CLEO, Phase::TurnStart, Placement::None);
    let mut s = b.build();
    let events = face_down_turn(&mut s, CLEO, json!(3), "censors");
    let vote = &of_type(&events, "vote_resolved")[0];
    assert_eq!((vote["kind"].clone(), vote["outcome"].clone()), (json!("extraordinary"), json!("postponed")));
    assert_eq!(vote["sums"], json!({"cleopatra": 9, "caesar": 9}));
    assert!(of_type(&events, "vote_window_opened").is_empty());
    let kinds = types(&events);
    assert_eq!(&kinds[kinds.len() - 3..], ["vote_card_drawn", "vote_card_discarded", "game_over"]);
    let result = s.result.as_ref().unwrap();
    assert_eq!(result.end_reason, EndReason::BoardBlocked);
    assert_eq!(result.patricians.cleopatra, 8);
    assert_eq!(result.scores.cleopatra, 8 + 2 + 1 + 2);
}

fn two_eights() -> State {
    let mut b = Builder::new();
    b.side(CLEO, Senators, &[3], &[4, 5])
        .side(CAESAR, Senators, &[1, 2, 3, 4], &[])
        .side(CLEO, Censors, &[3], &[4, 5])
        .side(CAESAR, Censors, &[1, 1, 2, 2], &[])
        .hand(CLEO, &[inf(1), inf(2), man(K::Wrath), inf(4), inf(5)])
        .hand(CAESAR, &five_influence())
        .pile2_len(CLEO, 0)
        .votes(&["orgy_1"], &[], &[])
        .turn(CLEO, Phase::Main, Placement::None);
    let mut s = b.build();
    act(&mut s, CLEO, json!({"type": "place_face_up", "card": 1, "group": "senators"}));
    act(&mut s, CLEO, json!({"type": "place_face_up", "card": 2, "group": "censors"}));
    let events = act(&mut s, CLEO, json!({"type": "end_main"}));
    assert_eq!(
        of_type(&events, "extraordinary_vote_started"),
        vec![json!({"type": "extraordinary_vote_started", "group": "senators"})]
    );
    assert_eq!((s.phase, s.vote_context()), (Phase::VoteWindow, Some(Senators)));
    s
}

#[test]
fn scenario_27_order_of_extraordinary_votes() {
    let mut s = two_eights();
    let events = act(&mut s, CLEO, json!({"type": "continue_vote"}));
    let kinds = types(&events);
    assert_eq!(kinds[..2], ["vote_continued", "vote_resolved"]);
    assert_eq!(of_type(&events, "vote_resolved")[0]["group"], "senators");
    assert_eq!(
        of_type(&events, "extraordinary_vote_started"),
        vec![json!({"type": "extraordinary_vote_started", "group": "censors"})]
    );
    assert_eq!((s.phase, s.vote_context()), (Phase::VoteWindow, Some(Censors)));

    // A Wrath on censors in the senators window cancels the censors vote.
    let mut s = two_eights();
    let events = act(&mut s, CLEO, json!({"type": "play_manipulation", "card": "wrath", "group": "censors"}));
    assert_eq!(s.total(Censors), 0);
    assert!(of_type(&events, "extraordinary_vote_started").is_empty());
    let votes = of_type(&events, "vote_resolved");
    assert_eq!(votes.len(), 1);
    assert_eq!(votes[0]["group"], "senators");
    assert_eq!(s.active, CAESAR);
}

#[test]
fn scenario_28_hidden_placement() {
    let mut b = Builder::new();
    b.hand(CLEO, &five_influence()).turn(CLEO, Phase::Main, Placement::None);
    let mut s = b.build();
    let before = view_json(&s, CAESAR_V);
    assert_eq!(group_view(&before, Senators)["cleopatra"]["face_down_count"], 0);
    let events = act(&mut s, CLEO, json!({"type": "place_face_down", "card": 4, "group": "senators"}));
    for viewer in [CAESAR_V, SPECTATOR] {
        let view = view_json(&s, viewer);
        assert_eq!(group_view(&view, Senators)["cleopatra"], json!({"face_up": [], "face_down_count": 1}));
        assert_eq!(view["seats"]["cleopatra"]["hand"], json!({"influence": 4, "manipulation": 0}));
        assert_eq!(
            redacted(&events, viewer),
            vec![json!({"type": "influence_placed", "seat": "cleopatra", "group": "senators", "face_up": false})]
        );
        assert!(!serde_json::to_string(&view).unwrap().contains("cleopatra_inf"));
    }
    let own = redacted(&events, CLEO_V);
    assert_eq!(own[0]["value"], 4);
    assert_eq!(own[0]["id"], "cleopatra_inf_4_1");
    let own_view = view_json(&s, CLEO_V);
    assert_eq!(
        group_view(&own_view, Senators)["cleopatra"],
        json!({"face_up": [], "face_down_count": 1, "face_down": [4]})
    );
}
