//! Unit tests: tables, JSON shapes, setup, validation codes, legal-action listing, limits, schemas.

use serde_json::{Value, json};

use super::super::action::Action;
use super::super::data::{CardKind, data};
use super::super::event::Event;
use super::super::evolve::evolve;
use super::super::face::Face;
use super::super::ids::Group::{Aediles, Censors, Praetors, Quaestors, Senators};
use super::super::ids::{Card, Group, ManipulationKind as K, Phase, Placement};
use super::super::options::{ManipulationPile, Options};
use super::super::state::State;
use super::super::value::InfluenceValue;
use super::super::{CaesarCleopatra, rules};
use super::builder::*;
use crate::engine::{GameSeed, Registry, Rules, SETUP_STREAM, SetupError, Viewer};

#[test]
fn data_tables_load() {
    let d = data();
    assert_eq!(d.cards.len(), 135);
    assert_eq!(d.patricians.iter().map(Vec::len).sum::<usize>(), 21);
    assert_eq!(d.group_size, [5, 5, 5, 3, 3]);
    assert_eq!(d.vote_cards.len(), 8);
    assert_eq!(d.missions.len(), 6);
    assert_eq!(d.mission_points, 2);
    assert_eq!((d.limits.hand, d.limits.side_per_group, d.limits.group_total), (5, 5, 8));
    for seat in 0..2 {
        assert_eq!(d.initial_placement[seat].len(), 5);
        assert_eq!(d.initial_hand[seat].len(), 5);
        assert_eq!(d.pile1[seat].len(), 27);
        assert_eq!(d.manipulation[seat].len(), 13);
    }
    assert_eq!(card("caesar_inf_3_1").id(), "caesar_inf_3_1");
    assert_eq!(data().value(card("cleopatra_phil_2")), Some(InfluenceValue::P));
    assert_eq!(
        d.kind(card("cleopatra_inf_2_1")),
        CardKind::Influence {
            seat: 0,
            value: InfluenceValue::num(2).unwrap(),
            role: super::super::data::SetupRole::InitialPlacement
        }
    );
    // D2: within one face, index order is id order, so "smallest index" is "smallest id".
    for a in 0..135u8 {
        for b in a + 1..135u8 {
            let (a, b) = (Card(a), Card(b));
            if d.face(a).is_some() && d.face(a) == d.face(b) && d.kind(a) != d.kind(b) {
                continue;
            }
            if d.face(a).is_some() && d.face(a) == d.face(b) {
                assert!(a.id() < b.id(), "{} / {}", a.id(), b.id());
            }
        }
    }
}

#[test]
fn info_and_player_count() {
    let info = CaesarCleopatra::info();
    assert_eq!(info.id, "caesar-cleopatra");
    assert_eq!(info.name, "César et Cléopâtre");
    assert_eq!(info.seats, ["cleopatra", "caesar"]);
    assert_eq!((info.min_players, info.max_players), (2, 2));
    assert_eq!(info.options[0].values, ["arranged", "shuffled"]);
    for players in [0, 1, 3] {
        assert_eq!(
            CaesarCleopatra::new_state(players, &Options::default()).err(),
            Some(SetupError::PlayerCount {
                min: 2,
                max: 2,
                requested: players
            })
        );
    }
}

#[test]
fn options_json() {
    let default = Options::default();
    assert_eq!(serde_json::to_value(&default).unwrap(), json!({"manipulation_pile": "arranged"}));
    assert_eq!(serde_json::from_value::<Options>(json!({})).unwrap(), default);
    assert_eq!(
        serde_json::from_value::<Options>(json!({"manipulation_pile": "shuffled"}))
            .unwrap()
            .manipulation_pile,
        ManipulationPile::Shuffled
    );
    assert!(serde_json::from_value::<Options>(json!({"turns": 3})).is_err());
    assert!(serde_json::from_value::<Options>(json!({"manipulation_pile": "stacked"})).is_err());
}

#[test]
fn action_json_is_the_spec_json() {
    let examples = [
        json!({"type": "stack_manipulation", "card": "veto"}),
        json!({"type": "place_initial", "card": 5, "group": "quaestors"}),
        json!({"type": "choose_active"}),
        json!({"type": "choose_passive"}),
        json!({"type": "passive_discard", "card": "spy"}),
        json!({"type": "passive_discard", "card": 2}),
        json!({"type": "end_discard"}),
        json!({"type": "place_face_down", "card": 3, "group": "senators"}),
        json!({"type": "place_face_up", "card": "P", "group": "censors"}),
        json!({"type": "play_manipulation", "card": "assassination", "group": "aediles", "target": 4}),
        json!({"type": "play_manipulation", "card": "spy"}),
        json!({"type": "play_manipulation", "card": "castling", "groups": ["senators", "praetors"]}),
        json!({"type": "play_manipulation", "card": "scout", "group": "praetors"}),
        json!({"type": "play_manipulation", "card": "wrath", "group": "quaestors"}),
        json!({"type": "end_main"}),
        json!({"type": "allow_manipulation"}),
        json!({"type": "veto_manipulation"}),
        json!({"type": "spy_pick", "card": 5}),
        json!({"type": "spy_pick", "card": "castling"}),
        json!({"type": "castle_place", "card": 2, "group": "praetors"}),
        json!({"type": "draw", "pile": 1}),
        json!({"type": "continue_vote"}),
    ];
    for example in examples {
        let parsed = action(example.clone());
        assert_eq!(serde_json::to_value(&parsed).unwrap(), example);
    }
}

#[test]
fn malformed_actions_do_not_parse() {
    for bad in [
        json!({"type": "choose_active", "extra": 1}),
        json!({"type": "draw", "pile": 3}),
        json!({"type": "draw", "pile": "1"}),
        json!({"type": "place_face_down", "card": 6, "group": "senators"}),
        json!({"type": "place_face_down", "card": 0, "group": "senators"}),
        json!({"type": "place_face_down", "card": "p", "group": "senators"}),
        json!({"type": "place_face_down", "card": 3, "group": "forum"}),
        json!({"type": "place_face_down", "card": 3}),
        json!({"type": "place_face_down", "card": 3, "group": "senators", "face": "up"}),
        json!({"type": "stack_manipulation", "card": 3}),
        json!({"type": "passive_discard", "card": "orgy"}),
        json!({"type": "dance"}),
        json!({"card": 3}),
    ] {
        assert!(serde_json::from_value::<Action>(bad.clone()).is_err(), "{bad} parsed");
    }
}

fn main_state() -> State {
    let mut b = Builder::new();
    b.side(CAESAR, Senators, &[3, P], &[2])
        .side(CLEO, Senators, &[1], &[4])
        .side(CAESAR, Quaestors, &[], &[5])
        .won(CLEO, Censors, 3)
        .hand(CLEO, &[man(K::Assassination), man(K::Castling), inf(3), inf(3), man(K::Veto)])
        .hand(CAESAR, &[inf(1), inf(2), man(K::Spy), inf(4), inf(5)])
        .turn(CLEO, Phase::Main, Placement::None);
    b.build()
}

#[test]
fn manipulation_parameters_and_targets() {
    let s = main_state();
    let cases = [
        (
            json!({"type": "play_manipulation", "card": "assassination", "group": "senators"}),
            "invalid_parameters",
        ),
        (json!({"type": "play_manipulation", "card": "assassination", "target": 3}), "invalid_parameters"),
        (
            json!({"type": "play_manipulation", "card": "assassination", "group": "senators", "target": 3, "groups": ["senators", "aediles"]}),
            "invalid_parameters",
        ),
        (json!({"type": "play_manipulation", "card": "castling"}), "invalid_parameters"),
        (
            json!({"type": "play_manipulation", "card": "castling", "groups": ["senators"]}),
            "invalid_parameters",
        ),
        (
            json!({"type": "play_manipulation", "card": "castling", "groups": ["senators", "aediles", "praetors"]}),
            "invalid_parameters",
        ),
        (
            json!({"type": "play_manipulation", "card": "castling", "group": "senators", "groups": ["senators", "aediles"]}),
            "invalid_parameters",
        ),
        // A face-down 2 is not a target; neither is a value Caesar does not have face up.
        (
            json!({"type": "play_manipulation", "card": "assassination", "group": "senators", "target": 2}),
            "invalid_target",
        ),
        (
            json!({"type": "play_manipulation", "card": "assassination", "group": "quaestors", "target": 5}),
            "invalid_target",
        ),
        (
            json!({"type": "play_manipulation", "card": "castling", "groups": ["senators", "senators"]}),
            "invalid_target",
        ),
        (
            json!({"type": "play_manipulation", "card": "castling", "groups": ["praetors", "aediles"]}),
            "invalid_target",
        ),
        (
            json!({"type": "play_manipulation", "card": "castling", "groups": ["senators", "censors"]}),
            "invalid_target",
        ),
        (json!({"type": "play_manipulation", "card": "veto"}), "veto_only_reaction"),
        (json!({"type": "play_manipulation", "card": "spy"}), "card_not_in_hand"),
    ];
    for (a, code) in cases {
        assert_eq!(reject(&s, CLEO, a.clone()).code.as_str(), code, "{a}");
    }
    // Assassination of a face-up Philosopher is allowed (D27).
    let mut ok = s.clone();
    act(
        &mut ok,
        CLEO,
        json!({"type": "play_manipulation", "card": "assassination", "group": "senators", "target": "P"}),
    );
    act(&mut ok, CAESAR, json!({"type": "allow_manipulation"}));
    assert_eq!(discard(&ok, CAESAR), vec![json!("P")]);

    // Scout and Wrath need a target too; a closed group is never one (D5).
    let mut b = Builder::new();
    b.won(CLEO, Censors, 3)
        .side(CAESAR, Senators, &[3], &[])
        .hand(CLEO, &[man(K::Scout), man(K::Wrath), inf(1), inf(2), inf(3)])
        .turn(CLEO, Phase::Main, Placement::None);
    let s = b.build();
    for (a, code) in [
        (json!({"type": "play_manipulation", "card": "scout", "group": "senators"}), "invalid_target"),
        (json!({"type": "play_manipulation", "card": "scout", "group": "censors"}), "invalid_target"),
        (
            json!({"type": "play_manipulation", "card": "scout", "group": "senators", "target": 3}),
            "invalid_parameters",
        ),
        (json!({"type": "play_manipulation", "card": "wrath", "group": "aediles"}), "invalid_target"),
        (json!({"type": "play_manipulation", "card": "wrath"}), "invalid_parameters"),
        (json!({"type": "play_manipulation", "card": "spy", "group": "senators"}), "card_not_in_hand"),
    ] {
        assert_eq!(reject(&s, CLEO, a.clone()).code.as_str(), code, "{a}");
    }
    let mut with_spy = b.hand(CLEO, &[man(K::Spy), inf(1), inf(2), inf(3), inf(4)]).build();
    assert_eq!(
        reject(&with_spy, CLEO, json!({"type": "play_manipulation", "card": "spy", "group": "senators"}))
            .code
            .as_str(),
        "invalid_parameters"
    );
    with_spy.seats[CAESAR].hand.clear();
    assert_eq!(
        reject(&with_spy, CLEO, json!({"type": "play_manipulation", "card": "spy"}))
            .code
            .as_str(),
        "invalid_target"
    );
}

#[test]
fn legal_actions_are_distinct_canonical_and_accepted() {
    let s = main_state();
    let actions = rules::legal_actions(&s, CLEO);
    let json: Vec<Value> = actions.iter().map(|a| serde_json::to_value(a).unwrap()).collect();
    for (i, a) in json.iter().enumerate() {
        assert!(!json[i + 1..].contains(a), "{a} listed twice");
    }
    for a in &actions {
        assert!(rules::decide(&s, CLEO, a, &mut rng()).is_ok(), "{a:?}");
    }
    // One entry per distinct value and group: the two 3s are listed once.
    assert_eq!(
        json.iter().filter(|a| a["type"] == "place_face_down").count(),
        4,
        "one value (3) at four open groups"
    );
    assert!(
        json.contains(&json!({"type": "play_manipulation", "card": "assassination", "group": "senators", "target": 3}))
    );
    assert!(
        json.contains(
            &json!({"type": "play_manipulation", "card": "assassination", "group": "senators", "target": "P"})
        )
    );
    assert!(!json.iter().any(|a| a["card"] == "veto"));
    let castlings: Vec<&Value> = json.iter().filter(|a| a["card"] == "castling").collect();
    // Cleopatra has cards only at senators; censors is closed: pairs of senators with the 3 other open groups.
    assert_eq!(
        castlings,
        vec![
            &json!({"type": "play_manipulation", "card": "castling", "groups": ["senators", "quaestors"]}),
            &json!({"type": "play_manipulation", "card": "castling", "groups": ["senators", "praetors"]}),
            &json!({"type": "play_manipulation", "card": "castling", "groups": ["senators", "aediles"]}),
        ]
    );
    assert!(
        rules::decide(
            &s,
            CLEO,
            &action(json!({"type": "play_manipulation", "card": "castling", "groups": ["aediles", "senators"]})),
            &mut rng()
        )
        .is_ok()
    );
    assert!(!json.contains(&json!({"type": "end_main"})));
    assert!(rules::legal_actions(&s, CAESAR).is_empty());
    assert!(rules::legal_actions(&s, 2).is_empty());
}

#[test]
fn smallest_id_is_used() {
    let mut s = main_state();
    let events = act(&mut s, CLEO, json!({"type": "place_face_down", "card": 3, "group": "aediles"}));
    assert_eq!(serde_json::to_value(&events[0]).unwrap()["id"], "cleopatra_inf_3_1");
    assert!(s.seats[CLEO].hand.contains(&card("cleopatra_inf_3_2")));
    assert!(!s.seats[CLEO].hand.contains(&card("cleopatra_inf_3_1")));
}

#[test]
fn rule_error_codes() {
    let s = main_state();
    let cases = [
        (CAESAR, json!({"type": "end_main"}), "not_your_turn"),
        (CLEO, json!({"type": "end_discard"}), "wrong_phase"),
        (CLEO, json!({"type": "choose_active"}), "wrong_phase"),
        (CLEO, json!({"type": "draw", "pile": 1}), "wrong_phase"),
        (CLEO, json!({"type": "end_main"}), "placement_incomplete"),
        (CLEO, json!({"type": "place_face_down", "card": 5, "group": "senators"}), "card_not_in_hand"),
        (CLEO, json!({"type": "place_face_down", "card": 3, "group": "censors"}), "group_closed"),
        (2, json!({"type": "end_main"}), "invalid_seat"),
    ];
    for (seat, a, code) in cases {
        let e = reject(&s, seat, a.clone());
        assert_eq!(e.code.as_str(), code, "{a}");
        assert!(!e.message.is_empty());
    }
    // After one face-up card the second must be face up too; after it, the placement is done.
    let mut half = s.clone();
    let face_up_3 = json!({"type": "place_face_up", "card": 3, "group": "senators"});
    for (refused, code) in [
        (json!({"type": "place_face_down", "card": 3, "group": "senators"}), "face_up_expected"),
        (face_up_3.clone(), "placement_done"),
    ] {
        act(&mut half, CLEO, face_up_3.clone());
        assert_eq!(reject(&half, CLEO, refused).code.as_str(), code);
    }
}

#[test]
fn spot_and_limits() {
    let mut b = Builder::new();
    b.side(CLEO, Senators, &[1, 2, 3, 4, 5], &[])
        .side(CLEO, Quaestors, &[1, 2, 3], &[])
        .side(CAESAR, Quaestors, &[1, 2, 3, 4], &[])
        .side(CLEO, Praetors, &[1, 2], &[3, 4])
        .side(CAESAR, Praetors, &[1, 2, 3, 4], &[])
        .won(CAESAR, Aediles, 3);
    let s = b.build();
    assert!(!s.spot(CLEO, Senators), "own 5");
    assert!(s.spot(CAESAR, Senators), "Caesar has room at senators");
    assert!(s.spot(CLEO, Quaestors) && s.spot(CAESAR, Quaestors), "total 7");
    assert!(!s.spot(CLEO, Praetors) && !s.spot(CAESAR, Praetors), "total 8");
    assert!(!s.spot(CLEO, Aediles) && !s.open(Aediles), "closed");
    assert!(s.spot(CLEO, Censors));
    assert!(s.has_spot(CLEO));
}

#[test]
fn setup_arranged_flow() {
    let options = Options::default();
    let mut s = CaesarCleopatra::new_state(2, &options).unwrap();
    let setup = CaesarCleopatra::setup(&s, &mut GameSeed::from_u64(5).rng(SETUP_STREAM));
    assert_eq!(
        types(&setup),
        [
            "vote_deck_shuffled",
            "pile1_shuffled",
            "pile1_shuffled",
            "arrange_started"
        ]
    );
    for e in &setup {
        evolve(&mut s, e);
    }
    assert_eq!(s.phase, Phase::SetupArrange);
    assert_eq!(rules::to_act(&s), vec![CLEO, CAESAR]);
    assert_eq!(legal(&s, CLEO).len(), 6);
    // Each seat stacks in its own order: Cleopatra vetoes first, Caesar assassinations first.
    let order = |first: K| {
        let mut kinds: Vec<K> = data().manipulation[0]
            .iter()
            .filter_map(|&c| match data().face(c) {
                Some(Face::Manipulation(k)) => Some(k),
                _ => None,
            })
            .collect();
        kinds.sort_by_key(|&k| (k != first, k));
        kinds
    };
    let mut last = Vec::new();
    for (i, (a, b)) in order(K::Veto).into_iter().zip(order(K::Assassination)).enumerate() {
        let events = act(&mut s, CLEO, json!({"type": "stack_manipulation", "card": a}));
        let public = redacted(&events, Viewer::Seat(CAESAR));
        assert_eq!(public[0], json!({"type": "manipulation_stacked", "seat": "cleopatra", "stacked": i + 1}));
        last = act(&mut s, CAESAR, json!({"type": "stack_manipulation", "card": b}));
        if i == 12 {
            break;
        }
        assert_eq!(s.phase, Phase::SetupArrange);
    }
    assert_eq!(
        reject(&s, CLEO, json!({"type": "stack_manipulation", "card": "spy"}))
            .code
            .as_str(),
        "wrong_phase"
    );
    // The mission deal is decided when both have stacked 13 cards.
    assert_eq!(
        types(&last),
        [
            "manipulation_stacked",
            "missions_shuffled",
            "mission_dealt",
            "mission_dealt",
            "placement_started"
        ]
    );
    assert_eq!(s.phase, Phase::SetupPlace);
    let view = view_json(&s, Viewer::Seat(CLEO));
    let pile2 = view["seats"]["cleopatra"]["pile2_order"].as_array().unwrap();
    assert_eq!(pile2.len(), 13);
    assert_eq!(pile2[0]["card"], "veto");
    assert_eq!(pile2[2]["card"], "assassination");
    assert!(view["seats"]["caesar"].get("pile2_order").is_none());
    assert!(view["seats"]["cleopatra"]["mission"].is_string());
    assert!(view["seats"]["caesar"].get("mission").is_none());
    for viewer in [Viewer::Seat(CAESAR), Viewer::Spectator] {
        let dealt: Vec<Value> = redacted(&last, viewer)
            .into_iter()
            .filter(|e| e["type"] == "mission_dealt")
            .collect();
        assert_eq!(dealt[0], json!({"type": "mission_dealt", "seat": "cleopatra"}));
        assert_eq!(redacted(&last, viewer)[1], json!({"type": "missions_shuffled", "size": 6}));
    }

    // Initial placement: secret until both are done (D29).
    let groups = ["senators", "quaestors", "praetors", "aediles", "censors"];
    for (i, g) in groups.iter().enumerate() {
        act(&mut s, CLEO, json!({"type": "place_initial", "card": i + 1, "group": g}));
        if i == 1 {
            assert_eq!(
                reject(&s, CLEO, json!({"type": "place_initial", "card": 1, "group": "aediles"}))
                    .code
                    .as_str(),
                "value_already_placed"
            );
            assert_eq!(
                reject(&s, CLEO, json!({"type": "place_initial", "card": 5, "group": "senators"}))
                    .code
                    .as_str(),
                "group_already_used"
            );
            assert_eq!(
                reject(&s, CLEO, json!({"type": "place_initial", "card": "P", "group": "aediles"}))
                    .code
                    .as_str(),
                "invalid_card"
            );
            assert_eq!(legal(&s, CLEO).len(), 9);
        }
    }
    assert_eq!(rules::to_act(&s), vec![CAESAR]);
    assert_eq!(reject(&s, CLEO, json!({"type": "choose_active"})).code.as_str(), "already_done");
    for viewer in [Viewer::Seat(CAESAR), Viewer::Spectator] {
        let view = view_json(&s, viewer);
        assert_eq!(view["seats"]["cleopatra"]["placed"], 5);
        for i in 0..5 {
            assert_eq!(view["groups"][i]["cleopatra"], json!({"face_up": [], "face_down_count": 0}));
        }
    }
    let own = view_json(&s, Viewer::Seat(CLEO));
    assert_eq!(own["groups"][4]["cleopatra"]["face_down"], json!([5]));
    let mut last = Vec::new();
    for (i, g) in groups.iter().rev().enumerate() {
        last = act(&mut s, CAESAR, json!({"type": "place_initial", "card": i + 1, "group": g}));
    }
    assert_eq!(types(&last), ["initial_card_placed", "initial_placement_done", "turn_started"]);
    assert_eq!((s.phase, s.active, s.turn), (Phase::TurnStart, CLEO, 1));
    let view = view_json(&s, Viewer::Spectator);
    for i in 0..5 {
        assert_eq!(view["groups"][i]["cleopatra"], json!({"face_up": [], "face_down_count": 1}));
        assert_eq!(view["groups"][i]["caesar"], json!({"face_up": [], "face_down_count": 1}));
    }
    for seat in ["cleopatra", "caesar"] {
        assert_eq!(view["seats"][seat]["hand"], json!({"influence": 5, "manipulation": 0}));
        assert_eq!(view["seats"][seat]["pile1"], 27);
        assert_eq!(view["seats"][seat]["pile2"], 13);
    }
    assert_eq!(legal(&s, CLEO), vec![json!({"type": "choose_active"}), json!({"type": "choose_passive"})]);
}

#[test]
fn setup_shuffled_flow() {
    let options = Options {
        manipulation_pile: ManipulationPile::Shuffled,
    };
    let mut s = CaesarCleopatra::new_state(2, &options).unwrap();
    let seed = GameSeed::from_u64(9);
    let setup = CaesarCleopatra::setup(&s, &mut seed.rng(SETUP_STREAM));
    assert_eq!(
        types(&setup),
        [
            "vote_deck_shuffled",
            "pile1_shuffled",
            "pile1_shuffled",
            "pile2_shuffled",
            "pile2_shuffled",
            "missions_shuffled",
            "mission_dealt",
            "mission_dealt",
            "placement_started"
        ]
    );
    assert_eq!(setup, CaesarCleopatra::setup(&s, &mut seed.rng(SETUP_STREAM)), "deterministic");
    assert_ne!(setup, CaesarCleopatra::setup(&s, &mut GameSeed::from_u64(10).rng(SETUP_STREAM)));
    for e in &setup {
        evolve(&mut s, e);
    }
    assert_eq!(s.phase, Phase::SetupPlace);
    assert!(
        s.seats
            .iter()
            .all(|st| st.pile2.len() == 13 && st.unstacked.is_empty() && st.mission.is_some())
    );
    assert_eq!(s.mission_deck.len(), 4);
    assert_eq!(
        reject(&s, CLEO, json!({"type": "stack_manipulation", "card": "spy"}))
            .code
            .as_str(),
        "wrong_phase"
    );
    assert!(
        view_json(&s, Viewer::Seat(CLEO))["seats"]["cleopatra"]
            .get("pile2_order")
            .is_none()
    );
    // No viewer sees any shuffled order, not even the owner.
    for viewer in [Viewer::Seat(CLEO), Viewer::Seat(CAESAR), Viewer::Spectator] {
        for e in redacted(&setup, viewer) {
            assert!(e.get("order").is_none(), "{e}");
        }
    }
}

#[test]
fn evolve_is_total() {
    let s = main_state();
    let bogus = [
        json!({"type": "card_drawn", "seat": "caesar", "pile": 1, "automatic": true, "card": {"id": "cleopatra_inf_1_1", "card": 1}}),
        json!({"type": "card_discarded", "seat": "caesar", "origin": "board", "card": 3}),
        json!({"type": "card_discarded", "seat": "caesar", "origin": "board", "card": 3, "id": "caesar_inf_3_5"}),
        json!({"type": "manipulation_played", "seat": "caesar", "card": "spy", "id": "cleopatra_spy_1"}),
        json!({"type": "castling_pool_formed", "seat": "caesar", "groups": ["senators"], "taken": []}),
        json!({"type": "vote_card_drawn", "card": "orgy_2"}),
        json!({"type": "patrician_won", "seat": "caesar", "group": "censors", "patrician": "censor_1"}),
        json!({"type": "draw_lapsed", "seat": "caesar", "count": 1}),
        json!({"type": "mission_dealt", "seat": "caesar", "mission": "mission_senators_1"}),
        json!({"type": "influence_placed", "seat": "caesar", "group": "senators", "face_up": true, "value": 3}),
    ];
    for e in bogus {
        let event: Event = serde_json::from_value(e.clone()).unwrap();
        let mut t = s.clone();
        evolve(&mut t, &event);
        check_conservation(&t).unwrap_or_else(|p| panic!("{e}: {p}"));
    }
}

#[test]
fn schemas_are_prefixed() {
    use utoipa::openapi::RefOr;
    use utoipa::openapi::schema::Schema;
    let registry = Registry::with_all_titles();
    let title = registry.get("caesar-cleopatra").expect("registered");
    let names = title.schema_names();
    assert_eq!(
        [names.action, names.view, names.event, names.outcome, names.options],
        [
            "CaesarCleopatraAction",
            "CaesarCleopatraView",
            "CaesarCleopatraEvent",
            "CaesarCleopatraOutcome",
            "CaesarCleopatraOptions"
        ]
    );
    let mut schemas: Vec<(String, RefOr<Schema>)> = Vec::new();
    title.schemas(&mut schemas);
    assert!(schemas.len() > 10);
    for (name, _) in &schemas {
        assert!(name.starts_with("CaesarCleopatra") || name.starts_with("Cc"), "{name}");
    }
    let value = schemas.iter().find(|(n, _)| n == "CcValue").expect("CcValue schema");
    let text = serde_json::to_value(&value.1).unwrap();
    assert_eq!(text["oneOf"][0]["type"], "integer");
    assert_eq!(text["oneOf"][0]["minimum"], 1);
    assert_eq!(text["oneOf"][0]["maximum"], 5);
    assert_eq!(text["oneOf"][1]["enum"], json!(["P"]));
}

#[test]
fn plays_through_the_json_layer() {
    let registry = Registry::with_all_titles();
    let title = registry.get("caesar-cleopatra").unwrap();
    let options = title.normalize_options(None).unwrap();
    assert_eq!(options, json!({"manipulation_pile": "arranged"}));
    let seed = GameSeed::from_u64(3);
    let log = title.create(2, &options, seed).unwrap();
    let session = title.replay(2, &options, &log).unwrap();
    assert_eq!(session.to_act(), vec![0, 1]);
    let played = session
        .play(1, &json!({"type": "stack_manipulation", "card": "scout"}), seed, 0)
        .unwrap();
    // The table's note of the seat's first move (a game can be aborted until every seat moved), then the title's event.
    assert_eq!(played.events.len(), 2);
    assert_eq!(played.events[0], r#"{"type":"first_move","seat":"caesar"}"#);
    let shown: serde_json::Value =
        serde_json::from_str(played.next.redact(&played.events[1], Viewer::Seat(0)).unwrap().get()).unwrap();
    assert_eq!(shown, json!({"type": "manipulation_stacked", "seat": "caesar", "stacked": 1}));
    assert!(
        session
            .play(0, &json!({"type": "stack_manipulation", "card": 7}), seed, 0)
            .is_err()
    );
    let view: serde_json::Value = serde_json::from_str(
        played
            .next
            .view(Viewer::Seat(1))
            .expect("a started game has a view")
            .get(),
    )
    .unwrap();
    assert_eq!(view["seats"]["caesar"]["stacked"], 1);
    assert!(title.create(3, &options, seed).is_err());
}

#[test]
fn group_enum_matches_data_order() {
    for (i, g) in Group::ALL.into_iter().enumerate() {
        assert_eq!(g.index(), i);
        assert_eq!(serde_json::to_value(g).unwrap(), json!(g.id()));
        assert_eq!(data().patricians[i][0].id().split('_').next().unwrap(), &g.id()[..g.id().len() - 1]);
    }
    let _ = (Aediles, Praetors);
}
