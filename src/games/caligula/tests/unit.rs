//! Further rule tests: refusals and the action JSON, placement order, multi-step effects, Favor moves, event JSON.

use super::super::Caligula;
use super::super::action::*;
use super::super::event::*;
use super::super::ids::*;
use super::builder::*;
use super::scenarios::seed_complot;
use super::selfplay::conservation;
use crate::engine::{GameSeed, Rules, Viewer, Views};

#[test]
fn actions_reject_wrong_turn_phase_and_unknown_fields() {
    let s = game(3);
    let rng = &mut GameSeed::from_u64(1).rng(0);
    let place = Action::PlaceToken {
        value: 1,
        suit: Suit::Plebs,
        position: 1,
    };
    assert_eq!(Caligula::decide(&s, SA, &place, rng).unwrap_err().code.as_str(), "not_your_turn");
    assert_eq!(
        Caligula::decide(&s, CH, &Action::StabDone, rng)
            .unwrap_err()
            .code
            .as_str(),
        "wrong_phase"
    );
    assert_eq!(Caligula::decide(&s, 7, &place, rng).unwrap_err().code.as_str(), "unknown_seat");
    let bad = Action::PlaceToken {
        value: 5,
        suit: Suit::Plebs,
        position: 1,
    };
    assert_eq!(Caligula::decide(&s, CH, &bad, rng).unwrap_err().code.as_str(), "not_in_supply");
    let bad = Action::PlaceToken {
        value: 1,
        suit: Suit::Plebs,
        position: 3,
    };
    assert_eq!(Caligula::decide(&s, CH, &bad, rng).unwrap_err().code.as_str(), "bad_position");
    assert!(serde_json::from_str::<Action>(r#"{"type":"complot_raise","total":2,"x":1}"#).is_err());
    let ok: Action = serde_json::from_str(r#"{"type":"place_token","value":3,"suit":"nobiles","position":2}"#).unwrap();
    assert_eq!(
        ok,
        Action::PlaceToken {
            value: 3,
            suit: Suit::Nobiles,
            position: 2
        }
    );
    assert_eq!(Caligula::legal_actions(&s, SA), vec![]);
    assert_eq!(Caligula::to_act(&s), vec![CH]);
}

#[test]
fn placement_skips_empty_supplies_and_follows_ordo() {
    let mut s = game(3);
    s.players[SA].supply = [false; 8];
    for i in 0..6 {
        s.players[SA].owned[i] = false;
    }
    let (s1, _) = act(
        &s,
        CH,
        Action::PlaceToken {
            value: 0,
            suit: Suit::Plebs,
            position: 1,
        },
    );
    assert_eq!(acting(&s1), Some(CA));
}

#[test]
fn optional_multi_draw_and_any_draw() {
    let mut s = game(4);
    put_with_tokens(&mut s, "ple_09", &[(SA, 1)]);
    s.sequentia_row = seq(&["seq_5"]);
    let (s1, _) = resolve(&s, 0);
    assert_eq!(options(&s1, SA), vec!["coniura", "pugio", "skip"]);
    let (_, events) = act(&s1, SA, choice("pugio"));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CardDrawn {
            deck: Deck::Pugio,
            count: 1,
            ..
        }
    )));
    // CON 2 is accepted or skipped as a whole.
    let mut s = game(4);
    put_with_tokens(&mut s, "tri_08", &[(CA, 4)]);
    s.sequentia_row = seq(&["seq_1"]);
    let (s1, _) = resolve(&s, 0);
    assert_eq!(options(&s1, CA), vec!["apply", "skip"]);
    let (_, events) = act(&s1, CA, choice("apply"));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CardDrawn {
            deck: Deck::Coniura,
            count: 2,
            ..
        }
    )));
}

#[test]
fn replace_candidate_and_move_favour() {
    let mut s = galba_reigns(4);
    s.players[SA].favour = FavourAt::A;
    put_with_tokens(&mut s, "nob_06", &[(CH, 3)]);
    s.sequentia_row = seq(&["seq_3"]);
    let (s1, _) = resolve(&s, 0);
    assert_eq!(options(&s1, CH), vec!["a", "b", "skip"]);
    let (s2, events) = act(&s1, CH, choice("a"));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::EffectStep { candidate_replaced: Some(c), .. }
        if c.old == "pertinax" && c.new == "claudius" && c.returned_favours == vec![SeatId::Sabinus]))
    );
    let x = after(&s1, &events, shifted("nob_06"));
    assert_eq!(x.candidates[0], Some(aug("claudius")));
    assert_eq!(x.augustus_deck.last(), Some(&aug("pertinax")));
    assert_eq!(x.players[SA].favour, FavourAt::Supply);
    conservation(&s2).unwrap();
    // FAV: the options exclude the current place and full cards.
    let mut s = game(4);
    put_with_tokens(&mut s, "pra_09", &[(VI, 1)]);
    s.sequentia_row = seq(&["seq_4"]);
    let (s1, _) = resolve(&s, 0);
    // caligula has no slots: a and b only.
    assert_eq!(options(&s1, VI), vec!["a", "b", "skip"]);
}

#[test]
fn serialized_events_round_trip() {
    let (s, _, log) = seed_complot();
    for e in &log {
        let text = serde_json::to_string(e).unwrap();
        let back: Event = serde_json::from_str(&text).unwrap();
        assert_eq!(&back, e);
    }
    let v = Caligula::view(&s, Viewer::Spectator);
    assert!(v.private.is_none());
    assert_eq!(v.to_act, vec![SeatId::Chaerea]);
}
