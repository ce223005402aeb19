//! The test scenarios of the spec (section 11).

use super::super::Caligula;
use super::super::action::*;
use super::super::data::DATA;
use super::super::event::*;
use super::super::ids::*;
use super::super::options::Options;
use super::super::phase::*;
use super::super::rules::{Next, base_life, score};
use super::super::state::*;
use super::builder::*;
use super::selfplay::conservation;
use crate::engine::{GameSeed, Rules, Viewer, Views};

#[test]
fn scenario_01_setup_3_players() {
    let s = set_up(3, 3);
    let info = Caligula::info();
    assert_eq!(&info.seats[..3], &["chaerea", "sabinus", "callistus"]);
    assert_eq!(s.players.len(), 3);
    for p in &s.players {
        assert_eq!(p.supply_values(), vec![-1, 0, 1, 2, 3, 4]);
        assert!(!p.owned[vi(5)] && !p.owned[vi(6)]);
        assert_eq!(p.hand, [0, 1, 0, 0]);
        assert_eq!((p.vp, p.cp), (0, 0));
    }
    assert_eq!(s.coniura.len(), 17);
    assert_eq!(s.coniura.iter().filter(|&&k| k == Kind::Con).count(), 10);
    assert_eq!(s.coniura.iter().filter(|&&k| k == Kind::ConDual).count(), 7);
    assert_eq!(s.pugio.len(), 14);
    for row in &s.suits {
        assert!(row.pos.iter().all(|p| p.is_some()));
        assert_eq!(row.deck.len(), 9);
    }
    assert_eq!(DATA.augustus[s.emperor].id, "caligula");
    let pool = [
        "galba",
        "pertinax",
        "caracalla",
        "domitianus",
        "vitellius",
        "elagabalus",
    ];
    let mut mine = candidates_and_deck(&s);
    assert_eq!(s.augustus_deck.len(), 4);
    mine.sort();
    let mut pool = pool.to_vec();
    pool.sort();
    assert_eq!(mine, pool);
    let mut ordo: Vec<u8> = s.players.iter().map(|p| p.ordo).collect();
    ordo.sort();
    assert_eq!(ordo, vec![1, 2, 3]);
    let mut row = s.sequentia_row;
    row.sort();
    assert_eq!(row.to_vec(), (0..6).collect::<Vec<_>>());
    assert_eq!(s.pip, None);
    assert!(matches!(s.phase, Phase::Placement { .. }));
    assert_eq!(acting(&s), s.holder_of_ordo(1));
    conservation(&s).unwrap();
    // Wrong player counts.
    assert!(Caligula::new_state(1, &Options::default()).is_err());
    assert!(Caligula::new_state(6, &Options::default()).is_err());
}

#[test]
fn scenario_02_setup_5_players() {
    let s = set_up(5, 4);
    let mut mine = candidates_and_deck(&s);
    mine.sort();
    assert_eq!(mine, vec!["caracalla", "claudius", "commodus", "galba", "nero", "pertinax"]);
    assert_eq!(s.coniura.len(), 15);
    assert_eq!(s.coniura.iter().filter(|&&k| k == Kind::Con).count(), 10);
    assert_eq!(s.coniura.iter().filter(|&&k| k == Kind::ConDual).count(), 5);
}

#[test]
fn scenario_03_slots_by_player_count_filled_left_to_right() {
    let mut s = game(4);
    put(&mut s, civ("leg_01"), Suit::Legionarii, 0);
    let on_leg01 = |value| Action::PlaceToken {
        value,
        suit: Suit::Legionarii,
        position: 1,
    };
    let elsewhere = |value| Action::PlaceToken {
        value,
        suit: Suit::Plebs,
        position: 2,
    };
    let elsewhere2 = |value| Action::PlaceToken {
        value,
        suit: Suit::Nobiles,
        position: 2,
    };
    let mut slots = vec![];
    let plays: Vec<(usize, Action)> = vec![
        (CH, elsewhere(0)),
        (SA, on_leg01(1)),
        (CA, elsewhere(0)),
        (VI, elsewhere2(0)),
        (CH, on_leg01(2)),
        (SA, elsewhere2(0)),
        (CA, on_leg01(3)),
    ];
    for (seat, a) in plays {
        let (next, events) = act(&s, seat, a);
        for e in &events {
            if let Event::TokenPlaced { card, seat, slot, .. } = e
                && card == "leg_01"
            {
                slots.push((seat.idx(), *slot));
            }
        }
        s = next;
    }
    assert_eq!(slots, vec![(SA, 1), (CH, 2), (CA, 3)]);
    assert_eq!(acting(&s), Some(VI));
    let legal = Caligula::legal_actions(&s, VI);
    assert!(!legal.is_empty());
    assert!(!legal.iter().any(|a| matches!(
        a,
        Action::PlaceToken {
            suit: Suit::Legionarii,
            position: 1,
            ..
        }
    )));
    let err = Caligula::decide(&s, VI, &on_leg01(4), &mut GameSeed::from_u64(1).rng(0)).unwrap_err();
    assert_eq!(err.code.as_str(), "no_free_slot");
    let leg01 = civ("leg_01");
    let leg07 = civ("leg_07");
    assert_eq!(DATA.civitas_slots[leg01][2], 2);
    assert_eq!(DATA.civitas_slots[leg01][5], 4);
    assert_eq!([2, 3, 4, 5].map(|n| DATA.civitas_slots[leg07][n]), [2, 3, 4, 5]);
}

#[test]
fn scenario_04_no_passing_placement_ends_when_slots_run_out() {
    let mut s = game(2);
    // Fill every usable slot but one (tokens of a fictitious owner do not matter here).
    for suit in Suit::ALL {
        for position in 0..2 {
            let f = s.suits[suit.index()].pos[position].as_mut().unwrap();
            let usable = DATA.civitas_slots[f.card][2];
            let fill = if suit == Suit::Plebs && position == 1 {
                usable - 1
            } else {
                usable
            };
            for _ in 0..fill {
                f.tokens.push(Placed { owner: SA, value: 6 });
            }
        }
    }
    let legal = Caligula::legal_actions(&s, CH);
    assert!(legal.iter().all(|a| matches!(
        a,
        Action::PlaceToken {
            suit: Suit::Plebs,
            position: 2,
            ..
        }
    )));
    assert_eq!(legal.len(), 6);
    let (_, events) = act(
        &s,
        CH,
        Action::PlaceToken {
            value: 2,
            suit: Suit::Plebs,
            position: 2,
        },
    );
    let at_end = after(&s, &events, |e| matches!(e, Event::PlacementEnded { .. }));
    assert_eq!(at_end.players[SA].supply_count(), 6);
    assert_eq!(at_end.players[CH].supply_count(), 5);
    // No pass action exists in placement.
    let json = serde_json::to_string(&legal).unwrap();
    assert!(!json.contains("pass"));
    assert!(serde_json::from_str::<Action>(r#"{"type":"pass"}"#).is_err());
}

#[test]
fn scenario_05_predilection_tie_goes_to_the_earlier_token() {
    let mut s = game(4);
    put_with_tokens(&mut s, "nob_02", &[(SA, 4), (CH, 3), (CH, 1)]);
    s.sequentia_row = seq(&["seq_3"]);
    let (s1, events) = resolve(&s, 0);
    assert_eq!(concerned_of(revealed(&events, "nob_02")), vec![(SA, 1)]);
    assert_eq!(acting(&s1), Some(SA));
    assert_eq!(options(&s1, SA), vec!["apply", "skip"]);
    let (s2, events) = act(&s1, SA, choice("apply"));
    let s3 = after(&s1, &events, shifted("nob_02"));
    assert_eq!(s3.players[SA].vp, 3);
    assert_eq!(s3.players[CH].vp, 0);
    assert!(supply(&s3, SA).contains(&4));
    assert!(supply(&s3, CH).contains(&3) && supply(&s3, CH).contains(&1));
    assert!(s3.civitas_out.contains(&civ("nob_02")));
    conservation(&s2).unwrap();
}

#[test]
fn scenario_06_sum_with_minus_one() {
    let mut s = game(3);
    put_with_tokens(&mut s, "nob_02", &[(CH, 4), (SA, 3), (CH, -1)]);
    s.sequentia_row = seq(&["seq_3"]);
    let (_, events) = resolve(&s, 0);
    let Event::TokensRevealed { totals, .. } = revealed(&events, "nob_02") else {
        panic!()
    };
    let t: Vec<(usize, i32)> = totals.iter().map(|t| (t.seat.idx(), t.total)).collect();
    assert_eq!(t, vec![(CH, 3), (SA, 3)]);
    assert!(concerned_of(revealed(&events, "nob_02")).is_empty());
}

#[test]
fn scenario_07_collective_with_several_tokens() {
    let mut s = game(4);
    put_with_tokens(&mut s, "leg_07", &[(CH, 3), (CA, 2), (CH, 0), (SA, 1)]);
    s.sequentia_row = seq(&["seq_2"]);
    let (mut s1, events) = resolve(&s, 0);
    assert_eq!(concerned_of(revealed(&events, "leg_07")), vec![(CH, 2), (CA, 1)]);
    let mut order = vec![];
    while let Phase::EffectDecision { seat, .. } = s1.phase {
        order.push(seat.idx());
        s1 = act(&s1, seat.idx(), choice("apply")).0;
    }
    assert_eq!(order, vec![CH, CH, CA]);
    assert_eq!([CH, SA, CA, VI].map(|x| s1.players[x].vp), [2, 0, 1, 0]);
}

#[test]
fn scenario_08_collective_order_on_equal_totals_and_empty_deck() {
    let mut s = game(4);
    put_with_tokens(&mut s, "tri_07", &[(SA, 2), (CH, 2)]);
    // A Coniura deck of one card (the others are out of play for this scenario).
    s.coniura.truncate(1);
    s.sequentia_row = seq(&["seq_1"]);
    let (s1, _) = resolve(&s, 0);
    assert_eq!(acting(&s1), Some(SA));
    let (s2, events) = act(&s1, SA, choice("apply"));
    let s3 = after(&s1, &events, shifted("tri_07"));
    assert_eq!(s3.players[SA].hand_count(), 1);
    assert_eq!(s3.players[CH].hand_count(), 0);
    assert!(s3.coniura.is_empty());
    assert!(events.iter().any(
        |e| matches!(e, Event::EffectStep { seat: SeatId::Chaerea, option, automatic: true, .. } if option == "none")
    ));
    assert_ne!(acting(&s2), Some(CH));
}

/// Issue 14: collective winners are served from the highest single token (then the earliest slot), not from the
/// summed total: chaerea's lone 1 came first and both totals are 1, yet sabinus's 2 (with a -1) is served first.
#[test]
fn collective_card_winners_served_by_highest_single_token() {
    let mut s = game(3);
    put_with_tokens(&mut s, "ple_09", &[(CH, 1), (SA, 2), (SA, -1)]);
    s.sequentia_row = seq(&["seq_5"]);
    let (mut s1, events) = resolve(&s, 0);
    let Event::TokensRevealed { totals, .. } = revealed(&events, "ple_09") else {
        panic!()
    };
    let t: Vec<(usize, i32)> = totals.iter().map(|t| (t.seat.idx(), t.total)).collect();
    assert_eq!(t, vec![(CH, 1), (SA, 1)]);
    assert_eq!(concerned_of(revealed(&events, "ple_09")), vec![(SA, 2), (CH, 1)]);
    let mut order = vec![];
    while let Phase::EffectDecision { seat, .. } = s1.phase {
        order.push(seat.idx());
        let first = options(&s1, seat.idx()).remove(0);
        s1 = act(&s1, seat.idx(), choice(&first)).0;
    }
    assert_eq!(order, vec![SA, SA, CH]);
}

/// Issue 34: among seats whose highest tokens are equal, the one that placed *that* token first is served first,
/// whatever its other tokens: chaerea's 0 came first, but its 1 came last.
#[test]
fn collective_card_ties_on_the_highest_token_go_to_who_placed_it_first() {
    const CL: usize = 4;
    let mut s = game(5);
    put_with_tokens(&mut s, "ple_09", &[(CH, 0), (CL, 1), (CA, 0), (VI, 1), (CH, 1)]);
    s.sequentia_row = seq(&["seq_5"]);
    let (_, events) = resolve(&s, 0);
    assert_eq!(concerned_of(revealed(&events, "ple_09")), vec![(CL, 1), (VI, 1), (CH, 2)]);
}

#[test]
fn scenario_09_negative_with_partial_and_absent_possessions() {
    let mut s = game(4);
    put_with_tokens(&mut s, "nob_10", &[(CH, 2), (SA, 1)]);
    for (seat, vp) in [(CH, 5), (SA, 3), (CA, 1), (VI, 0)] {
        s.players[seat].vp = vp;
    }
    s.sequentia_row = seq(&["seq_3"]);
    let (_, events) = resolve(&s, 0);
    let s1 = after(&s, &events, shifted("nob_10"));
    assert_eq!([CH, SA, CA, VI].map(|x| s1.players[x].vp), [5, 1, 0, 0]);
    let before = events.iter().position(shifted("nob_10")).unwrap();
    assert!(!events[..before].iter().any(|e| matches!(e, Event::Awaiting { .. })));
}

#[test]
fn scenario_10_negative_card_without_tokens_forced_and_free_discards() {
    let mut s = game(4);
    put(&mut s, civ("pra_10"), Suit::Praetoriani, 0);
    set_hands(&mut s, &[(CH, [1, 0, 1, 0]), (SA, [2, 0, 0, 0]), (CA, [0, 1, 0, 1])]);
    s.sequentia_row = seq(&["seq_4"]);
    let (s1, _) = resolve(&s, 0);
    assert_eq!(acting(&s1), Some(CH));
    assert_eq!(options(&s1, CH), vec!["pug"]);
    let spectator_view_1 = serde_json::to_value(Caligula::view(&s1, Viewer::Seat(VI))).unwrap();
    let pugio_before = s1.pugio.len();
    let (s2, events) = act(&s1, CH, choice("pug"));
    assert!(events.contains(&Event::CardDiscarded {
        seat: SeatId::Chaerea,
        kind: Kind::Pug,
        deck: Deck::Pugio
    }));
    assert_eq!(s2.pugio.last(), Some(&Kind::Pug));
    assert_eq!(s2.pugio.len(), pugio_before + 1);
    assert_eq!(acting(&s2), Some(SA));
    assert_eq!(options(&s2, SA), vec!["none"]);
    let (s3, _) = act(&s2, SA, choice("none"));
    assert_eq!(s3.players[SA].hand, [2, 0, 0, 0]);
    assert_eq!(acting(&s3), Some(CA));
    assert_eq!(options(&s3, CA), vec!["con_dual", "pug_dual"]);
    let spectator_view_3 = serde_json::to_value(Caligula::view(&s3, Viewer::Seat(VI))).unwrap();
    // Other seats cannot tell a single-option decision from a real choice.
    assert_eq!(spectator_view_1["pending_effect"]["op"], spectator_view_3["pending_effect"]["op"]);
    assert!(spectator_view_1["private"]["legal_actions"].is_null());
    let (s4, events) = act(&s3, CA, choice("con_dual"));
    assert_eq!(s4.coniura.last(), Some(&Kind::ConDual));
    // vinicianus (empty hand) is skipped automatically.
    assert!(events.iter().any(|e| matches!(
        e,
        Event::EffectStep {
            seat: SeatId::Vinicianus,
            automatic: true,
            ..
        }
    )));
    assert_ne!(acting(&s4), Some(VI), "vinicianus is never asked for the discard");
    conservation(&s4).unwrap();
}

#[test]
fn scenario_11_optional_effect_declined() {
    let mut s = game(4);
    put_with_tokens(&mut s, "leg_05", &[(CA, 2)]);
    s.sequentia_row = seq(&["seq_2"]);
    let (s1, _) = resolve(&s, 0);
    assert_eq!(options(&s1, CA), vec!["apply", "skip"]);
    let (_, events) = act(&s1, CA, choice("skip"));
    let skipped = after(&s1, &events, shifted("leg_05"));
    assert_eq!(skipped.players[CA].ordo, 3);
    assert_eq!(skipped.players[CH].ordo, 1);
    let (_, events) = act(&s1, CA, choice("apply"));
    let applied = after(&s1, &events, shifted("leg_05"));
    assert_eq!(applied.players[CA].ordo, 1);
    assert_eq!(applied.players[CH].ordo, 3);
    assert_eq!(applied.ordo_order().to_vec(), vec![CA, SA, CH, VI]);
}

#[test]
fn scenario_12_shift_and_refill() {
    let mut s = game(4);
    put(&mut s, civ("tri_03"), Suit::Tribuni, 0);
    put(&mut s, civ("tri_08"), Suit::Tribuni, 1);
    tokens(&mut s, Suit::Tribuni, 0, &[(SA, 1)]);
    tokens(&mut s, Suit::Tribuni, 1, &[(CH, 2)]);
    // tri_11 on top of the tribuni deck.
    let deck = &mut s.suits[Suit::Tribuni.index()].deck;
    let i = deck.iter().position(|&c| c == civ("tri_11")).unwrap();
    deck.swap(0, i);
    let deck_before = deck.len();
    s.sequentia_row = seq(&["seq_1", "seq_3"]);
    let (_, events) = resolve(&s, 0);
    let s1 = after(&s, &events, shifted("tri_03"));
    let row = &s1.suits[Suit::Tribuni.index()];
    assert!(s1.civitas_out.contains(&civ("tri_03")));
    let p1 = row.pos[0].as_ref().unwrap();
    assert_eq!(p1.card, civ("tri_08"));
    assert_eq!(p1.tokens[..], vec![Placed { owner: CH, value: 2 }]);
    let p2 = row.pos[1].as_ref().unwrap();
    assert_eq!(p2.card, civ("tri_11"));
    assert!(p2.tokens.is_empty());
    assert_eq!(row.deck.len(), deck_before - 1);
    // The next Sequentia card listing tribuni (seq_3) resolves tri_08.
    let Event::TokensRevealed { tokens, .. } = revealed(&events, "tri_08") else {
        panic!()
    };
    assert_eq!(tokens[0].owner, SeatId::Chaerea);
    let i3 = events
        .iter()
        .position(|e| matches!(e, Event::SequentiaStarted { index: 1, .. }))
        .unwrap();
    let i8 = events
        .iter()
        .position(|e| matches!(e, Event::TokensRevealed { card, .. } if card == "tri_08"))
        .unwrap();
    assert!(i8 > i3);
}

/// The 4-player setting of the seed's examples (7.7), at the conspiracy after row position 1.
fn seed_example() -> State {
    let mut s = game(4);
    set_augustus(&mut s, "claudius", Some("nero"), Some("galba"), &["pertinax", "caracalla", "commodus"]);
    s.players[VI].favour = FavourAt::Emperor;
    set_hands(
        &mut s,
        &[
            (CH, [1, 1, 3, 1]),
            (SA, [2, 0, 0, 0]),
            (CA, [1, 0, 1, 0]),
            (VI, [1, 1, 1, 0]),
        ],
    );
    s.seq_index = 0;
    conservation(&s).unwrap();
    s
}

pub(super) fn seed_complot() -> (State, Vec<usize>, Vec<Event>) {
    let s = seed_example();
    let (mut s, mut log) = run(&s, Next::Opportunity(false));
    let mut speakers = vec![];
    let steps: Vec<(usize, Action)> = vec![
        (CH, Action::ComplotPass),
        (SA, Action::ComplotRaise { total: 1 }),
        (SA, Action::PayConiura { kind: Kind::Con }),
        (CA, Action::ComplotPass),
        (VI, Action::ComplotAccept),
        (VI, Action::PayConiura { kind: Kind::Con }),
        (CH, Action::ComplotRaise { total: 2 }),
        (CH, Action::PayConiura { kind: Kind::Con }),
        (CH, Action::PayConiura { kind: Kind::ConDual }),
        (SA, Action::ComplotAccept),
        (SA, Action::PayConiura { kind: Kind::Con }),
        (VI, Action::ComplotAccept),
        (VI, Action::PayConiura { kind: Kind::ConDual }),
    ];
    for (seat, a) in steps {
        assert_eq!(acting(&s), Some(seat), "before {a:?}");
        if matches!(s.phase, Phase::Complot { .. }) {
            speakers.push(seat);
            let leader = s.conspiracy.as_ref().unwrap().leader;
            if seat == CH && leader == Some(SeatId::Chaerea) {
                panic!("chaerea speaks while leader");
            }
        }
        let (next, events) = act(&s, seat, a);
        log.extend(events);
        s = next;
    }
    (s, speakers, log)
}

#[test]
fn scenario_13_seed_complot_example() {
    let (s, speakers, log) = seed_complot();
    assert_eq!(speakers, vec![CH, SA, CA, VI, CH, SA, VI]);
    assert_eq!(speakers.iter().filter(|&&x| x == CA).count(), 1);
    let formed = log
        .iter()
        .find_map(|e| match e {
            Event::ConspiracyFormed {
                leader,
                high,
                conspirators,
                non_participants,
                returned,
            } => Some((*leader, *high, conspirators.clone(), non_participants.clone(), returned.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(formed.0, SeatId::Chaerea);
    assert_eq!(formed.1, 2);
    assert_eq!(formed.2, vec![SeatId::Chaerea, SeatId::Sabinus, SeatId::Vinicianus]);
    assert_eq!(formed.3, vec![SeatId::Callistus]);
    use Kind::*;
    assert_eq!(formed.4, vec![Con, Con, Con, ConDual, Con, ConDual]);
    let tail: Vec<Kind> = s.coniura.iter().rev().take(6).rev().copied().collect();
    assert_eq!(tail, vec![Con, Con, Con, ConDual, Con, ConDual]);
    // After step 7 nobody speaks: the leader chooses the candidate.
    assert_eq!(s.phase, Phase::FavourCandidate { seat: SeatId::Chaerea });
    conservation(&s).unwrap();
}

fn seed_favours() -> (State, Vec<Event>) {
    let (s, _, _) = seed_complot();
    let (s, mut log) = act(&s, CH, Action::ChooseCandidate { candidate: Pos::A });
    assert_eq!(
        Caligula::legal_actions(&s, CH),
        vec![
            Action::LeaderFavour {
                target: LeaderTarget::Candidate
            },
            Action::LeaderFavour {
                target: LeaderTarget::Emperor
            }
        ]
    );
    let (s, e) = act(
        &s,
        CH,
        Action::LeaderFavour {
            target: LeaderTarget::Candidate,
        },
    );
    log.extend(e);
    assert_eq!(acting(&s), Some(SA));
    let offered = Caligula::legal_actions(&s, SA);
    assert_eq!(offered.len(), 3);
    let (s, e) = act(
        &s,
        SA,
        Action::ConspiratorFavour {
            target: ConspiratorTarget::Candidate,
        },
    );
    log.extend(e);
    assert_eq!(acting(&s), Some(VI));
    assert_eq!(
        Caligula::legal_actions(&s, VI),
        vec![
            Action::ConspiratorFavour {
                target: ConspiratorTarget::Stay
            },
            Action::ConspiratorFavour {
                target: ConspiratorTarget::Candidate
            }
        ]
    );
    let (s, e) = act(
        &s,
        VI,
        Action::ConspiratorFavour {
            target: ConspiratorTarget::Stay,
        },
    );
    log.extend(e);
    (s, log)
}

#[test]
fn scenario_14_seed_favours_example() {
    let (s, _) = seed_favours();
    assert_eq!(s.favours_at(FavourAt::A).to_vec(), vec![CH, SA]);
    assert_eq!(s.candidates[0], Some(aug("nero")));
    assert_eq!(s.favours_at(FavourAt::Emperor).to_vec(), vec![VI]);
    assert_eq!(s.favours_at(FavourAt::B).to_vec(), Vec::<usize>::new());
    // The conspirators' targets never include the other candidate (galba): the action has no such target.
    assert!(serde_json::from_str::<Action>(r#"{"type":"conspirator_favour","target":"b"}"#).is_err());
    assert_eq!(
        s.phase,
        Phase::Defence {
            seat: SeatId::Callistus
        }
    );
}

#[test]
fn scenario_15_seed_assassination_example() {
    let (s, _) = seed_favours();
    let deck_before = s.augustus_deck.len();
    let (s, _) = act(&s, CA, Action::Defend { kind: Kind::Pug });
    assert_eq!(acting(&s), Some(CH), "the defence phase moved on");
    assert!(Caligula::decide(&s, CA, &Action::Defend { kind: Kind::Pug }, &mut GameSeed::from_u64(1).rng(0)).is_err());
    assert_eq!(s.conspiracy.as_ref().unwrap().defence_count, 1);
    assert_eq!(base_life(&s) + 1, 4);
    let s = play(&s, &vec![(CH, Action::Stab { kind: Kind::Pug }); 3]);
    let (s, e1) = act(&s, CH, Action::Stab { kind: Kind::PugDual });
    // chaerea is done automatically, sabinus (empty hand) too.
    assert!(e1.contains(&Event::StabDone {
        seat: SeatId::Chaerea,
        automatic: true
    }));
    assert!(e1.contains(&Event::StabDone {
        seat: SeatId::Sabinus,
        automatic: true
    }));
    assert_eq!(acting(&s), Some(VI));
    let pugio_before = s.pugio.len();
    let (_, events) = act(&s, VI, Action::Stab { kind: Kind::Pug });
    let died = events
        .iter()
        .find(|e| matches!(e, Event::EmperorDied { .. }))
        .expect("claudius dies");
    let Event::EmperorDied {
        life,
        stabs,
        emperor,
        new_emperor,
        returned,
        ..
    } = died
    else {
        panic!()
    };
    assert_eq!((*life, *stabs), (4, 5));
    assert_eq!(emperor, "claudius");
    assert_eq!(new_emperor.as_deref(), Some("nero"));
    use Kind::*;
    assert_eq!(returned, &vec![Pug, Pug, Pug, Pug, PugDual, Pug]);
    let o = after(&s, &events, |e| matches!(e, Event::EmperorDied { .. }));
    assert_eq!((o.players[CH].cp, o.players[CH].vp), (1, 1));
    assert_eq!((o.players[VI].cp, o.players[VI].vp), (0, 1));
    assert_eq!((o.players[SA].cp, o.players[SA].vp), (0, 0));
    assert_eq!(o.players[VI].favour, FavourAt::Supply);
    assert_eq!(o.emperor, aug("nero"));
    assert_eq!(o.favours_at(FavourAt::Emperor).to_vec(), vec![CH, SA]);
    assert_eq!(o.candidates[1], Some(aug("galba")));
    assert!(o.candidates[0].is_some() && o.candidates[0] != Some(aug("nero")));
    assert_eq!(o.augustus_deck.len(), deck_before - 1);
    assert!(o.augustus_out.contains(&aug("claudius")));
    assert!(o.conspiracy_blocked);
    assert_eq!(o.pugio.len(), pugio_before + 6);
    let tail: Vec<Kind> = o.pugio.iter().rev().take(6).rev().copied().collect();
    assert_eq!(tail, vec![Pug, Pug, Pug, Pug, PugDual, Pug]);
    conservation(&o).unwrap();
    // Round end: chaerea and sabinus each gain 3 (nero's vp). The rest of the round resolves harmless cards.
    let payment = events
        .iter()
        .find_map(|e| match e {
            Event::RoundEndPayment { emperor, vp, paid } => Some((emperor.clone(), *vp, paid.clone())),
            _ => None,
        })
        .expect("round end payment");
    assert_eq!(payment, ("nero".to_string(), 3, vec![SeatId::Chaerea, SeatId::Sabinus]));
    // No other conspiracy this round.
    assert!(!events.iter().any(|e| matches!(e, Event::ConspiracyOpened { .. })));
}

#[test]
fn scenario_16_failed_assassination() {
    let mut s = galba_reigns(3);
    s.players[CA].favour = FavourAt::B;
    set_hands(&mut s, &[(CH, [1, 0, 3, 0]), (SA, [0, 1, 0, 0]), (CA, [0, 0, 1, 0])]);
    let (s, _) = run(&s, Next::Opportunity(false));
    let s = play(
        &s,
        &[
            (CH, Action::ComplotRaise { total: 1 }),
            (CH, Action::PayConiura { kind: Kind::Con }),
            (SA, Action::ComplotPass),
            (CA, Action::ComplotPass),
            (CH, Action::ChooseCandidate { candidate: Pos::B }),
            (
                CH,
                Action::LeaderFavour {
                    target: LeaderTarget::Candidate,
                },
            ),
        ],
    );
    assert_eq!(s.favours_at(FavourAt::B).to_vec(), vec![CH, CA]);
    assert_eq!(acting(&s), Some(SA));
    let s = play(
        &s,
        &[
            (SA, Action::Defend { kind: Kind::ConDual }),
            (CA, Action::DefendPass),
            (CH, Action::Stab { kind: Kind::Pug }),
            (CH, Action::Stab { kind: Kind::Pug }),
        ],
    );
    let (s2, events) = act(&s, CH, Action::StabDone);
    let survived = events.iter().find_map(|e| match e {
        Event::EmperorSurvived {
            life,
            stabs,
            returned_favours,
            ..
        } => Some((*life, *stabs, returned_favours.clone())),
        _ => None,
    });
    assert_eq!(survived, Some((3, 2, vec![SeatId::Chaerea, SeatId::Callistus])));
    let o = after(&s, &events, |e| matches!(e, Event::EmperorSurvived { .. }));
    assert_eq!(o.players[CH].favour, FavourAt::Supply);
    assert_eq!(o.players[CA].favour, FavourAt::Supply);
    assert_eq!(o.emperor, aug("galba"));
    assert!(o.players.iter().all(|p| p.vp == 0 && p.cp == 0));
    assert!(!o.conspiracy_blocked);
    conservation(&s2).unwrap();
}

#[test]
fn scenario_17_nobody_opens() {
    let mut s = game(4);
    set_hands(&mut s, &[(CH, [1, 0, 0, 0]), (CA, [0, 0, 1, 0])]);
    let (s1, events) = run(&s, Next::Opportunity(false));
    assert!(events.contains(&Event::ConspiracyOpened {
        final_conspiracy: false
    }));
    assert_eq!(acting(&s1), Some(CH));
    let (s2, e2) = act(&s1, CH, Action::ComplotPass);
    // sabinus (0 cards) declines automatically.
    assert!(e2.contains(&Event::ConspiracyDeclined {
        seat: SeatId::Sabinus,
        automatic: true
    }));
    assert_eq!(acting(&s2), Some(CA));
    // callistus holds only a Pugio card: he must still submit the pass himself.
    assert_eq!(Caligula::legal_actions(&s2, CA), vec![Action::ComplotPass]);
    let (_, e3) = act(&s2, CA, Action::ComplotPass);
    assert!(e3.contains(&Event::ConspiracyDeclined {
        seat: SeatId::Vinicianus,
        automatic: true
    }));
    assert!(e3.contains(&Event::ConspiracyAbandoned {}));
    let next = e3
        .iter()
        .position(|e| matches!(e, Event::SequentiaStarted { index: 1, .. }));
    let abandoned = e3.iter().position(|e| *e == Event::ConspiracyAbandoned {});
    assert!(next > abandoned);
    // Nobody holds a card: no complot phase at all.
    let empty = game(4);
    let (_, events) = run(&empty, Next::Opportunity(false));
    let next = events
        .iter()
        .position(|e| matches!(e, Event::SequentiaStarted { .. }))
        .unwrap();
    assert!(
        !events[..next]
            .iter()
            .any(|e| matches!(e, Event::ConspiracyOpened { .. }))
    );
}

#[test]
fn scenario_18_accepting_a_raise_costs_the_difference() {
    let s = sabinus_outbids([3, 0, 0, 0], 3);
    assert_eq!(acting(&s), Some(CH));
    assert_eq!(Caligula::legal_actions(&s, CH), vec![Action::ComplotPass, Action::ComplotAccept]);
    let (s1, e) = act(&s, CH, Action::ComplotAccept);
    assert!(e.contains(&Event::ConspiracyAccepted {
        seat: SeatId::Chaerea,
        owed: 2
    }));
    let (s1, _) = act(&s1, CH, Action::PayConiura { kind: Kind::Con });
    let (_, e) = act(&s1, CH, Action::PayConiura { kind: Kind::Con });
    let formed = e.iter().find_map(|e| match e {
        Event::ConspiracyFormed {
            leader, conspirators, ..
        } => Some((*leader, conspirators.clone())),
        _ => None,
    });
    assert_eq!(formed, Some((SeatId::Sabinus, vec![SeatId::Sabinus, SeatId::Chaerea])));
    // With only 1 more card, his only legal action is complot_pass, which he submits himself.
    let s = sabinus_outbids([2, 0, 0, 0], 3);
    assert_eq!(acting(&s), Some(CH));
    assert_eq!(Caligula::legal_actions(&s, CH), vec![Action::ComplotPass]);
    let err = Caligula::decide(&s, CH, &Action::ComplotAccept, &mut GameSeed::from_u64(1).rng(0)).unwrap_err();
    assert_eq!(err.code.as_str(), "not_enough_cards");
}

#[test]
fn scenario_19_a_dual_card_is_one_symbol() {
    let mut s = caligula_reigns(2);
    set_hands(&mut s, &[(CH, [0, 1, 0, 0]), (SA, [0, 1, 0, 0])]);
    let (s, _) = run(&s, Next::Opportunity(false));
    assert_eq!(Caligula::legal_actions(&s, CH), vec![Action::ComplotPass, Action::ComplotRaise { total: 1 }]);
    let s = play(
        &s,
        &[
            (CH, Action::ComplotRaise { total: 1 }),
            (CH, Action::PayConiura { kind: Kind::ConDual }),
            (SA, Action::ComplotPass),
            (CH, Action::ChooseCandidate { candidate: Pos::A }),
        ],
    );
    // The leader's only legal target (galba; caligula has no slots) was placed automatically.
    assert_eq!(s.players[CH].favour, FavourAt::A);
    assert_eq!(acting(&s), Some(SA));
    assert_eq!(Caligula::legal_actions(&s, SA), vec![Action::Defend { kind: Kind::ConDual }, Action::DefendPass]);
    let (_, events) = act(&s, SA, Action::Defend { kind: Kind::ConDual });
    // chaerea holds no Pugio symbol any more: he is done automatically.
    assert!(events.contains(&Event::StabDone {
        seat: SeatId::Chaerea,
        automatic: true
    }));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::EmperorSurvived { stabs: 0, .. }))
    );
}

#[test]
fn scenario_20_no_second_conspiracy_in_the_round_after_a_murder() {
    let mut s = galba_reigns(4);
    set_hands(&mut s, &[(CH, [1, 0, 0, 0]), (SA, [1, 0, 0, 0])]);
    s.seq_index = 1;
    s.conspiracy_blocked = true; // an emperor died after row position 2
    let (s1, events) = run(&s, Next::AfterConspiracy);
    assert!(!events.iter().any(|e| matches!(e, Event::ConspiracyOpened { .. })));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::SequentiaStarted { index: 5, .. }))
    );
    assert!(matches!(s1.phase, Phase::Placement { .. }));
    assert!(!s1.conspiracy_blocked);
    // Next round: play the placement out, then the opportunity after position 1 happens.
    let mut x = s1;
    let mut opened = false;
    for _ in 0..200 {
        let seat = acting(&x).unwrap();
        let a = Caligula::legal_actions(&x, seat)[0].clone();
        let (next, events) = act(&x, seat, a);
        x = next;
        if events.iter().any(|e| matches!(e, Event::ConspiracyOpened { .. })) {
            opened = true;
            assert_eq!(x.seq_index, 0);
            break;
        }
    }
    assert!(opened);
}

#[test]
fn scenario_21_no_candidate_no_conspiracy_but_the_final_one_happens() {
    let mut s = game(4);
    set_augustus(&mut s, "galba", None, None, &["claudius", "commodus", "nero"]);
    set_hands(&mut s, &[(CH, [1, 0, 0, 0]), (SA, [1, 0, 0, 0])]);
    let (_, events) = resolve(&s, 0);
    assert!(events.iter().any(|e| matches!(e, Event::RoundEnded { .. })));
    assert!(!events.iter().any(|e| matches!(e, Event::ConspiracyOpened { .. })));
    // The fall: one face-up card per suit and empty decks.
    let mut f = s.clone();
    last_cards_only(&mut f);
    f.seq_index = 5;
    let (f1, events) = run(&f, Next::RoundEnd);
    assert!(events.contains(&Event::ConspiracyOpened { final_conspiracy: true }));
    assert_eq!(f1.phase, Phase::Complot { seat: SeatId::Chaerea });
}

#[test]
fn scenario_22_round_end_payment() {
    let mut s = game(4);
    set_augustus(&mut s, "nero", Some("galba"), Some("pertinax"), &["claudius", "commodus", "caracalla"]);
    s.players[CH].favour = FavourAt::Emperor;
    s.players[SA].favour = FavourAt::Emperor;
    s.players[CA].favour = FavourAt::A;
    s.seq_index = 5;
    let (s1, events) = run(&s, Next::RoundEnd);
    assert!(events.contains(&Event::RoundEndPayment {
        emperor: "nero".into(),
        vp: 3,
        paid: vec![SeatId::Chaerea, SeatId::Sabinus]
    }));
    assert_eq!([CH, SA, CA, VI].map(|x| s1.players[x].vp), [3, 3, 0, 0]);
    assert_eq!(s1.players[CH].favour, FavourAt::Emperor);
    assert_eq!(s1.players[CA].favour, FavourAt::A);
    assert_eq!(s1.round, 2);
    let (s2, _) = run(&s1, Next::RoundEnd);
    assert_eq!([CH, SA, CA, VI].map(|x| s2.players[x].vp), [6, 6, 0, 0]);
    // With caligula as emperor nobody is ever paid.
    let c = game(4);
    let (c1, events) = run(&c, Next::RoundEnd);
    assert!(!events.iter().any(|e| matches!(e, Event::RoundEndPayment { .. })));
    assert!(c1.players.iter().all(|p| p.vp == 0));
}

#[test]
fn scenario_23_fall_of_the_empire() {
    let mut s = galba_reigns(2);
    s.players[SA].favour = FavourAt::Emperor;
    set_hands(&mut s, &[(CH, [1, 0, 2, 0]), (SA, [0, 0, 1, 0])]);
    last_cards_only(&mut s);
    s.round = 5;
    s.seq_index = 5;
    let (s1, events) = run(&s, Next::RoundEnd);
    let pay = events
        .iter()
        .position(|e| matches!(e, Event::RoundEndPayment { .. }))
        .unwrap();
    let fell = events
        .iter()
        .position(|e| matches!(e, Event::EmpireFell { .. }))
        .unwrap();
    assert!(pay < fell);
    assert!(events.contains(&Event::EmpireFell {
        returned_favours: vec![SeatId::Sabinus]
    }));
    assert_eq!(s1.players[SA].vp, 2);
    assert_eq!(s1.players[SA].favour, FavourAt::Supply);
    assert!(s1.fallen);
    let (s2, _) = act(&s1, CH, Action::ComplotRaise { total: 1 });
    let (s3, _) = act(&s2, CH, Action::PayConiura { kind: Kind::Con });
    let (s4, e4) = act(&s3, SA, Action::ComplotPass);
    // No favour phase in the final conspiracy.
    assert!(
        !e4.iter()
            .any(|e| matches!(e, Event::CandidateChosen { .. } | Event::FavourMoved { .. }))
    );
    assert_eq!(s4.phase, Phase::Defence { seat: SeatId::Sabinus });
    let (s5, _) = act(&s4, SA, Action::DefendPass);
    let (s6, _) = act(&s5, CH, Action::Stab { kind: Kind::Pug });
    let (s7, e7) = act(&s6, CH, Action::Stab { kind: Kind::Pug });
    let died = e7.iter().find(|e| matches!(e, Event::EmperorDied { .. })).unwrap();
    assert!(matches!(died, Event::EmperorDied { new_emperor: None, .. }));
    assert_eq!(s7.phase, Phase::GameOver);
    assert_eq!((s7.players[CH].cp, s7.players[CH].vp), (1, 1));
    assert_eq!(s7.emperor, aug("galba"));
    let result = Caligula::outcome(&s7).unwrap();
    assert_eq!(result.scores["chaerea"].total, 2);
    assert_eq!(result.scores["sabinus"].total, 2);
    // Tie on total; nobody holds PIP; chaerea has more conspiracy points.
    assert_eq!(result.winners, vec![SeatId::Chaerea]);
    conservation(&s7).unwrap();
}

#[test]
fn scenario_24_tie_breaks() {
    let base = game(3);
    let with = |f: &dyn Fn(&mut State)| {
        let mut s = base.clone();
        f(&mut s);
        score(&s)
    };
    // (a)
    let r = with(&|s| {
        s.players[CH].vp = 20;
        s.players[SA].vp = 20;
        s.pip = Some(CH);
    });
    assert_eq!(r.winners, vec![SeatId::Chaerea]);
    assert!(!r.draw);
    assert!(r.scores["chaerea"].pip);
    // (b)
    let r = with(&|s| {
        s.players[SA].vp = 18;
        s.players[SA].cp = 2;
        s.players[CA].vp = 19;
        s.players[CA].cp = 1;
    });
    assert_eq!(r.winners, vec![SeatId::Sabinus]);
    assert_eq!(r.ranking[..2], [SeatId::Sabinus, SeatId::Callistus]);
    // (c)
    let r = with(&|s| {
        s.players[CH].vp = 19;
        s.players[CH].cp = 1;
        s.players[SA].vp = 19;
        s.players[SA].cp = 1;
        s.players[CH].hand = [4, 0, 0, 0];
        s.players[SA].hand = [0, 0, 2, 0];
    });
    assert_eq!(r.winners, vec![SeatId::Chaerea]);
    assert_eq!(r.scores["chaerea"].cards, 4);
    // (d)
    let r = with(&|s| {
        s.players[CH].vp = 20;
        s.players[SA].vp = 20;
    });
    assert_eq!(r.winners, vec![SeatId::Chaerea, SeatId::Sabinus]);
    assert!(r.draw);
    assert_eq!(r.ranking, vec![SeatId::Chaerea, SeatId::Sabinus, SeatId::Callistus]);
}

#[test]
fn scenario_25_hidden_placed_values() {
    let mut s = game(4);
    put(&mut s, civ("tri_01"), Suit::Tribuni, 0);
    s.phase = Phase::Placement { seat: SeatId::Sabinus };
    let (s1, events) = act(
        &s,
        SA,
        Action::PlaceToken {
            value: 4,
            suit: Suit::Tribuni,
            position: 1,
        },
    );
    let placed = events.iter().find(|e| matches!(e, Event::TokenPlaced { .. })).unwrap();
    let viewers: Vec<Viewer> = (0..4).map(Viewer::Seat).chain([Viewer::Spectator]).collect();
    for &v in &viewers {
        let r = Caligula::redact(placed, v).unwrap();
        assert!(matches!(&r, Event::TokenPlaced { value: None, slot: 1, card, .. } if card == "tri_01"));
        assert!(!serde_json::to_string(&r).unwrap().contains("\"value\""));
        let view = serde_json::to_value(Caligula::view(&s1, v)).unwrap();
        let tokens = &view["civitas"][2]["position_1"]["tokens"];
        assert_eq!(tokens, &serde_json::json!([{"slot": 1, "owner": "sabinus"}]));
        assert_eq!(view["seats"][1]["supply_count"], 5);
    }
    let own = Caligula::view(&s1, Viewer::Seat(SA));
    assert_eq!(own.private.unwrap().supply, vec![-1, 0, 1, 2, 3]);
    let other = serde_json::to_value(Caligula::view(&s1, Viewer::Seat(CH))).unwrap();
    assert_eq!(other["private"]["seat"], "chaerea");
    // Resolution reveals the value to all.
    let mut r = s1.clone();
    r.sequentia_row = seq(&["seq_1"]);
    let (_, events) = resolve(&r, 0);
    let rev = revealed(&events, "tri_01");
    for &v in &viewers {
        let e = Caligula::redact(rev, v).unwrap();
        assert!(matches!(&e, Event::TokensRevealed { tokens, .. } if tokens[0].value == 4));
    }
}

#[test]
fn scenario_26_two_effect_negative() {
    let mut s = game(4);
    put(&mut s, civ("test_n"), Suit::Plebs, 0);
    for (seat, vp) in [(CH, 0), (SA, 2), (CA, 1), (VI, 0)] {
        s.players[seat].vp = vp;
    }
    set_hands(&mut s, &[(CH, [1, 0, 0, 0]), (SA, [0, 0, 1, 0]), (CA, [0, 0, 0, 1])]);
    s.sequentia_row = seq(&["seq_5"]);
    let (s1, _) = resolve(&s, 0);
    assert_eq!(acting(&s1), Some(CH));
    assert_eq!(options(&s1, CH), vec!["second"]);
    let (s2, _) = act(&s1, CH, choice("second"));
    assert_eq!(acting(&s2), Some(CH));
    assert_eq!(options(&s2, CH), vec!["con"]);
    let (s3, e3) = act(&s2, CH, choice("con"));
    assert!(e3.contains(&Event::CardDiscarded {
        seat: SeatId::Chaerea,
        kind: Kind::Con,
        deck: Deck::Coniura
    }));
    assert_eq!(acting(&s3), Some(SA));
    assert_eq!(options(&s3, SA), vec!["first"]);
    let (s4, _) = act(&s3, SA, choice("first"));
    assert_eq!(s4.players[SA].vp, 1);
    assert_eq!(acting(&s4), Some(CA));
    assert_eq!(options(&s4, CA), vec!["first", "second"]);
    let (s5, _) = act(&s4, CA, choice("second"));
    assert_eq!(options(&s5, CA), vec!["pug_dual"]);
    let (_, e5) = act(&s5, CA, choice("pug_dual"));
    let s5 = after(&s5, &e5, shifted("test_n"));
    assert_eq!(s5.players[CA].hand_count(), 0);
    assert_eq!(s5.players[CA].vp, 1);
    assert_eq!(s5.players[VI].vp, 0);
    assert!(e5.iter().any(
        |e| matches!(e, Event::EffectStep { seat: SeatId::Vinicianus, automatic: true, option, .. } if option == "none")
    ));
}

#[test]
fn scenario_27_lose56() {
    let setup = |with_regain: bool| {
        let mut s = game(4);
        put(&mut s, civ("ple_10"), Suit::Plebs, 0);
        put(&mut s, civ("nob_01"), Suit::Nobiles, 0);
        s.players[CH].owned[vi(5)] = true;
        s.players[CH].owned[vi(6)] = true;
        s.players[CH].supply[vi(5)] = true;
        s.players[CH].supply[vi(6)] = true;
        tokens(&mut s, Suit::Nobiles, 0, &[(SA, 5)]);
        s.players[CA].vp = 3;
        if with_regain {
            put(&mut s, civ("ple_07"), Suit::Plebs, 1);
            tokens(&mut s, Suit::Plebs, 1, &[(SA, 3)]);
            s.sequentia_row = seq(&["seq_5", "seq_2", "seq_3"]);
        } else {
            s.sequentia_row = seq(&["seq_5", "seq_3"]);
        }
        conservation(&s).unwrap();
        s
    };
    let s = setup(false);
    let (end, events) = resolve_applying(&s, 0);
    let s1 = after(&s, &events, shifted("ple_10"));
    assert!(s1.players[CH].owned[vi(5)] && !s1.players[CH].owned[vi(6)]);
    assert_eq!(supply(&s1, CH), vec![-1, 0, 1, 2, 3, 4, 5]);
    assert!(!s1.players[SA].owned[vi(5)]);
    assert_eq!(s1.players[CA].vp, 2);
    assert_eq!(s1.players[VI].vp, 0);
    conservation(&s1).unwrap();
    // Nothing marks which placed token is the lost 5.
    let view = serde_json::to_value(Caligula::view(&s1, Viewer::Spectator)).unwrap();
    assert_eq!(view["civitas"][3]["position_1"]["tokens"], serde_json::json!([{"slot": 1, "owner": "sabinus"}]));
    let lost: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::EffectStep { spqr_lost: Some(_), .. }))
        .collect();
    assert_eq!(lost.len(), 2);
    assert!(!serde_json::to_string(&lost).unwrap().contains("slot"));
    // The lost token still counts when nob_01 resolves, and is then set aside.
    let Event::TokensRevealed { tokens, concerned, .. } = revealed(&events, "nob_01") else {
        panic!()
    };
    assert_eq!((tokens[0].value, tokens[0].returned), (5, false));
    assert_eq!(concerned[0].seat, SeatId::Sabinus);
    let s2 = after(&s, &events, shifted("nob_01"));
    assert!(!s2.players[SA].supply[vi(5)] && !s2.players[SA].owned[vi(5)]);
    conservation(&end).unwrap();
    // Regaining 5 (ple_07) before nob_01 resolves: the token returns to the supply then.
    let s = setup(true);
    let (_, events) = resolve_applying(&s, 0);
    let r = after(&s, &events, shifted("ple_07"));
    assert!(r.players[SA].owned[vi(5)]);
    assert!(!r.players[SA].supply[vi(5)], "the 5 is still on nob_01");
    conservation(&r).unwrap();
    let r2 = after(&s, &events, shifted("nob_01"));
    assert!(r2.players[SA].supply[vi(5)]);
    let Event::TokensRevealed { tokens, .. } = revealed(&events, "nob_01") else {
        panic!()
    };
    assert!(tokens[0].returned);
}

#[test]
fn scenario_28_spqr5_twice() {
    let mut s = game(4);
    put_with_tokens(&mut s, "ple_01", &[(CH, 2), (CH, 1)]);
    s.sequentia_row = seq(&["seq_5"]);
    let (s1, events) = resolve(&s, 0);
    assert_eq!(concerned_of(revealed(&events, "ple_01")), vec![(CH, 2)]);
    let (s2, e2) = act(&s1, CH, choice("apply"));
    assert!(e2.iter().any(|e| matches!(
        e,
        Event::EffectStep {
            spqr_gained: Some(5),
            ..
        }
    )));
    assert!(s2.players[CH].supply[vi(5)]);
    let (s3, _) = act(&s2, CH, choice("apply"));
    assert_eq!(s3.players[CH].vp, 2);
    assert!(s3.players[CH].owned[vi(5)]);
    // Placeable from the next placement.
    let mut p = s3.clone();
    p.phase = Phase::Placement { seat: SeatId::Chaerea };
    assert!(
        Caligula::legal_actions(&p, CH)
            .iter()
            .any(|a| matches!(a, Action::PlaceToken { value: 5, .. }))
    );
}

#[test]
fn scenario_29_life_modifier_and_floor() {
    let mut s = galba_reigns(4);
    put_with_tokens(&mut s, "pra_05", &[(CH, 4), (CH, 2)]);
    s.sequentia_row = seq(&["seq_4"]);
    let (s1, _) = resolve(&s, 0);
    assert_eq!(options(&s1, CH), vec!["plus", "minus", "skip"]);
    let (s2, events) = act(&s1, CH, choice("minus"));
    let _ = s2;
    let x = after(&s1, &events, |e| {
        matches!(
            e,
            Event::EffectStep {
                life_change: Some(_),
                ..
            }
        )
    });
    assert_eq!(x.life_modifier, -2);
    assert_eq!(base_life(&x), 1);
    // At round end the modifier is 0 again.
    let (y, _) = run(&x, Next::RoundEnd);
    assert_eq!(y.life_modifier, 0);
    assert_eq!(base_life(&y), 2);
}

#[test]
fn scenario_30_favours_with_caligula() {
    let mut s = caligula_reigns(4);
    set_hands(
        &mut s,
        &[
            (CH, [1, 0, 1, 0]),
            (SA, [1, 0, 1, 0]),
            (CA, [1, 0, 1, 0]),
            (VI, [1, 0, 1, 0]),
        ],
    );
    let (s, _) = run(&s, Next::Opportunity(false));
    let mut steps = vec![
        (CH, Action::ComplotRaise { total: 1 }),
        (CH, Action::PayConiura { kind: Kind::Con }),
    ];
    for seat in [SA, CA, VI] {
        steps.extend([
            (seat, Action::ComplotAccept),
            (seat, Action::PayConiura { kind: Kind::Con }),
        ]);
    }
    let s = play(&s, &steps);
    let (s, events) = act(&s, CH, Action::ChooseCandidate { candidate: Pos::A });
    assert!(events.contains(&Event::FavourMoved {
        seat: SeatId::Chaerea,
        from: FavourAt::Supply,
        to: FavourAt::A,
        automatic: true
    }));
    assert_eq!(acting(&s), Some(SA));
    assert_eq!(
        Caligula::legal_actions(&s, SA),
        vec![
            Action::ConspiratorFavour {
                target: ConspiratorTarget::Stay
            },
            Action::ConspiratorFavour {
                target: ConspiratorTarget::Candidate
            }
        ]
    );
    let (s, events) = act(
        &s,
        SA,
        Action::ConspiratorFavour {
            target: ConspiratorTarget::Candidate,
        },
    );
    // galba is full: callistus and vinicianus can only stay, automatically.
    assert!(events.contains(&Event::FavourMoved {
        seat: SeatId::Callistus,
        from: FavourAt::Supply,
        to: FavourAt::Supply,
        automatic: true
    }));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::FavourMoved {
            seat: SeatId::Vinicianus,
            automatic: true,
            ..
        }
    )));
    assert_eq!(s.favours_at(FavourAt::A).to_vec(), vec![CH, SA]);
    assert!(matches!(s.phase, Phase::Stabbing { .. }));
}

#[test]
fn scenario_31_sequentia_extras() {
    let mut s = game(3);
    s.players[CH].ordo = 2;
    s.players[SA].ordo = 3;
    s.players[CA].ordo = 1;
    s.sequentia_row = seq(&["seq_5", "seq_4"]);
    let (_, events) = resolve(&s, 0);
    let x = after(&s, &events, |e| {
        matches!(
            e,
            Event::SequentiaExtra {
                extra: super::super::Extra::PassOrdoLeft,
                ..
            }
        )
    });
    assert_eq!([CH, SA, CA].map(|p| x.players[p].ordo), [1, 2, 3]);
    let draws: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::CardDrawn { .. })).collect();
    let seats: Vec<SeatId> = draws
        .iter()
        .map(|e| match e {
            Event::CardDrawn {
                seat,
                count: 1,
                deck: Deck::Coniura,
                ..
            } => *seat,
            _ => panic!(),
        })
        .collect();
    assert_eq!(seats, vec![SeatId::Chaerea, SeatId::Sabinus, SeatId::Callistus]);
    for e in draws {
        let Event::CardDrawn { seat, .. } = e else { panic!() };
        for v in (0..3).map(Viewer::Seat).chain([Viewer::Spectator]) {
            let r = Caligula::redact(e, v).unwrap();
            assert_eq!(matches!(r, Event::CardDrawn { kinds: Some(_), .. }), v.is(seat.idx()));
        }
    }
    let y = after(&s, &events, |e| {
        matches!(
            e,
            Event::CardDrawn {
                seat: SeatId::Callistus,
                ..
            }
        )
    });
    let v = Caligula::view(&y, Viewer::Seat(CH));
    assert_eq!(v.seats.iter().map(|x| x.hand_count).collect::<Vec<_>>(), vec![1, 1, 1]);
}

#[test]
fn scenario_32_steal() {
    let mut s = game(4);
    put_with_tokens(&mut s, "pra_06", &[(CH, 4)]);
    set_hands(&mut s, &[(SA, [1, 0, 0, 1]), (VI, [0, 0, 1, 0])]);
    s.sequentia_row = seq(&["seq_4"]);
    let (s1, _) = resolve(&s, 0);
    assert_eq!(options(&s1, CH), vec!["sabinus", "vinicianus", "skip"]);
    let (s2, events) = act(&s1, CH, choice("sabinus"));
    let stolen = events.iter().find(|e| matches!(e, Event::CardStolen { .. })).unwrap();
    let Event::CardStolen { kind: Some(kind), .. } = stolen else {
        panic!()
    };
    assert!(matches!(kind, Kind::Con | Kind::PugDual));
    let x = after(&s1, &events, |e| matches!(e, Event::CardStolen { .. }));
    assert_eq!(x.players[CH].hand[kind.index()], 1);
    assert_eq!(x.players[SA].hand_count(), 1);
    for v in (0..4).map(Viewer::Seat).chain([Viewer::Spectator]) {
        let r = Caligula::redact(stolen, v).unwrap();
        let sees = matches!(r, Event::CardStolen { kind: Some(_), .. });
        assert_eq!(sees, v.is(CH) || v.is(SA));
    }
    let _ = s2;
}

#[test]
fn scenario_33_conspiracy_after_the_last_sequentia_card() {
    let mut s = galba_reigns(4);
    s.players[SA].favour = FavourAt::Emperor;
    set_hands(&mut s, &[(CH, [1, 0, 0, 0])]);
    let (s1, events) = resolve(&s, 5);
    assert!(events.contains(&Event::ConspiracyOpened {
        final_conspiracy: false
    }));
    assert!(!events.iter().any(|e| matches!(e, Event::RoundEndPayment { .. })));
    assert_eq!(s1.phase, Phase::Complot { seat: SeatId::Chaerea });
    let (_, events) = act(&s1, CH, Action::ComplotPass);
    let abandoned = events.iter().position(|e| *e == Event::ConspiracyAbandoned {}).unwrap();
    let paid = events
        .iter()
        .position(|e| matches!(e, Event::RoundEndPayment { .. }))
        .unwrap();
    assert!(abandoned < paid);
}

#[test]
fn scenario_34_an_outbid_seat_that_passes_is_out() {
    let s = sabinus_outbids([3, 0, 0, 0], 2);
    let hand_before = s.players[CH].hand_count();
    let deck_before = s.coniura.len();
    let (s1, events) = act(&s, CH, Action::ComplotPass);
    assert!(events.iter().any(|e| matches!(e,
        Event::ConspiracyFormed { leader: SeatId::Sabinus, conspirators, non_participants, .. }
        if conspirators == &vec![SeatId::Sabinus] && non_participants == &vec![SeatId::Callistus, SeatId::Chaerea])));
    assert_eq!(s1.players[CH].hand_count(), hand_before);
    assert_eq!(hand_before, 2, "the committed card left the hand");
    // 3 cards returned: chaerea's 1 and sabinus's 2.
    assert_eq!(s1.coniura.len(), deck_before + 3);
    // chaerea and callistus are non-participants and may defend.
    let mut x = s1;
    if matches!(x.phase, Phase::FavourCandidate { .. }) {
        x = act(&x, SA, Action::ChooseCandidate { candidate: Pos::A }).0;
    }
    if matches!(x.phase, Phase::FavourLeader { .. }) {
        x = act(
            &x,
            SA,
            Action::LeaderFavour {
                target: LeaderTarget::Candidate,
            },
        )
        .0;
    }
    assert_eq!(
        x.phase,
        Phase::Defence {
            seat: SeatId::Callistus
        }
    );
}
