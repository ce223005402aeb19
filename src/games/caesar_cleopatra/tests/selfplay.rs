//! Random self-play with full invariants, and replay of a logged game.

use std::time::Instant;

use serde_json::Value;

use super::super::CaesarCleopatra;
use super::super::action::Action;
use super::super::data::data;
use super::super::event::Event;
use super::super::ids::{Card, Group, Phase, SeatId};
use super::super::options::{ManipulationPile, Options};
use super::super::state::State;
use super::super::value::InfluenceValue;
use super::builder::check_conservation;
use crate::engine::selfplay::{Checks, play_many, play_weighted_game};
use crate::engine::{GameSeed, Rules, SETUP_STREAM, TitleAdapter, Viewer, Views, testing};

const GAMES_PER_OPTION: u64 = 1_000;
const MAX_ACTIONS: u64 = 20_000;

/// Per-side, per-group and hand limits.
fn check_limits(s: &State) -> Result<(), String> {
    let limits = data().limits;
    for g in Group::ALL {
        if s.total(g) > limits.group_total {
            return Err(format!("{} holds {} cards", g.id(), s.total(g)));
        }
        for seat in 0..2 {
            if s.own(seat, g) > limits.side_per_group {
                return Err(format!("seat {seat} has {} cards at {}", s.own(seat, g), g.id()));
            }
        }
    }
    for (seat, st) in s.seats.iter().enumerate() {
        if st.hand.len() > limits.hand {
            return Err(format!("seat {seat} holds {} cards", st.hand.len()));
        }
    }
    Ok(())
}

/// Every string in a JSON tree.
fn strings<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
    match value {
        Value::String(text) => out.push(text),
        Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        Value::Object(map) => map.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

/// Neither the opponent's nor the spectator's view shows any of a seat's hidden cards: the serialized view holds
/// none of its card ids (nor its mission before the end), and the typed view none of its hidden values.
fn check_hidden(s: &State) -> Result<(), String> {
    let over = s.phase == Phase::GameOver;
    let setup = matches!(s.phase, Phase::Setup | Phase::SetupArrange | Phase::SetupPlace);
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
        let view = CaesarCleopatra::view(s, viewer);
        let text = serde_json::to_string(&view).map_err(|e| e.to_string())?;
        for owner in (0..2).filter(|&owner| !viewer.is(owner)) {
            let seat_id = SeatId::from_index(owner).id();
            // No id of any of the owner's influence or manipulation cards (D25): that covers hand, face-down
            // cards, pile order, castling pool and discards.
            if text.contains(&format!("\"{seat_id}_")) {
                return Err(format!("{viewer:?} sees an id of {seat_id}'s cards: {text}"));
            }
            if let Some(m) = s.seats[owner].mission
                && !over
                && text.contains(&format!("\"{}\"", m.id()))
            {
                return Err(format!("{viewer:?} sees {seat_id}'s mission"));
            }
            let sv = if owner == 0 {
                &view.seats.cleopatra
            } else {
                &view.seats.caesar
            };
            if sv.pile2_order.is_some() || sv.unstacked.is_some() || sv.to_place.is_some() {
                return Err(format!("{viewer:?} sees {seat_id}'s reserves"));
            }
            if sv.hand.cards.is_some() {
                return Err(format!("{viewer:?} sees {seat_id}'s hand"));
            }
            let castling_here = s.pending.as_ref().is_some_and(|p| p.seat == owner);
            for (g, gv) in Group::ALL.into_iter().zip(&view.groups) {
                let side = if owner == 0 { &gv.cleopatra } else { &gv.caesar };
                if side.face_down.is_some() {
                    return Err(format!("{viewer:?} sees {seat_id}'s face-down values"));
                }
                let hidden = setup || (castling_here && s.castling_groups.is_some_and(|gs| gs.contains(&g)));
                let mut expected_up: Vec<InfluenceValue> = s.seats[owner].sides[g.index()]
                    .iter()
                    .filter(|slot| slot.up && !hidden)
                    .filter_map(|slot| data().value(slot.card))
                    .collect();
                expected_up.sort();
                if side.face_up != expected_up {
                    return Err(format!("{viewer:?} sees wrong face-up values of {seat_id}"));
                }
            }
            if view
                .castling
                .as_ref()
                .is_some_and(|c| c.seat.index() == owner && c.pool.is_some())
            {
                return Err(format!("{viewer:?} sees {seat_id}'s castling pool"));
            }
        }
        let spy = s.phase == Phase::SpyPick && viewer.is(s.active);
        if !spy && view.spied_hand.is_some() {
            return Err(format!("{viewer:?} sees a spied hand"));
        }
    }
    Ok(())
}

pub(super) fn invariant(s: &State) -> Result<(), String> {
    check_conservation(s)?;
    check_limits(s)?;
    check_hidden(s)
}

fn run(pile: ManipulationPile, first_seed: u64) {
    let options = Options {
        manipulation_pile: pile,
    };
    let mut invariant = invariant;
    let start = Instant::now();
    let stats = play_many::<CaesarCleopatra>(
        2,
        &options,
        first_seed,
        GAMES_PER_OPTION,
        MAX_ACTIONS,
        Checks::Full,
        &mut invariant,
    )
    .unwrap_or_else(|failure| panic!("{failure}"));
    assert_eq!(stats.games, GAMES_PER_OPTION);
    eprintln!("self-play {pile:?}: {} games, {} actions, {:.1?}", stats.games, stats.actions, start.elapsed());
}

#[test]
fn selfplay_arranged() {
    run(ManipulationPile::Arranged, 1);
}

#[test]
fn selfplay_shuffled() {
    run(ManipulationPile::Shuffled, 100_001);
}

/// Uniform play nearly always ends in solo mode; a policy that prefers active turns and placements also reaches the
/// other end conditions, with the same invariants after every action.
#[test]
fn selfplay_active_policy_reaches_every_common_end() {
    use super::super::outcome::EndReason;
    let weight = |action: &Action| match action {
        Action::ChooseActive {} => 50,
        Action::PlaceFaceDown { .. } | Action::PlaceFaceUp { .. } => 10,
        // Passing stays possible, or a seat holding no influence card could never draw one (D22).
        _ => 1,
    };
    let mut ends = std::collections::BTreeMap::<String, u32>::new();
    for seed in 0..300 {
        let mut invariant = |s: &State| {
            if let Some(result) = &s.result {
                *ends.entry(format!("{:?}", result.end_reason)).or_default() += 1;
            }
            invariant(s)
        };
        play_weighted_game::<CaesarCleopatra>(
            2,
            &Options::default(),
            500_000 + seed,
            MAX_ACTIONS,
            Checks::Full,
            &weight,
            &mut invariant,
        )
        .unwrap_or_else(|failure| panic!("{failure}"));
    }
    eprintln!("end reasons with the active policy: {ends:?}");
    assert_eq!(ends.values().sum::<u32>(), 300, "every game ended");
    for reason in [
        EndReason::AllPatriciansAwarded,
        EndReason::BoardBlocked,
        EndReason::SoloFinished,
    ] {
        assert!(ends.contains_key(&format!("{reason:?}")), "no game ended by {reason:?}: {ends:?}");
    }
}

/// Private fields per event type (spec 9 event table): only the seat named in `seat` may see them.
const PRIVATE: [(&str, &[&str]); 10] = [
    ("manipulation_stacked", &["card"]),
    ("mission_dealt", &["mission"]),
    ("initial_card_placed", &["card", "group"]),
    ("castling_card_placed", &["card", "group"]),
    ("castling_pool_formed", &["pool"]),
    ("card_drawn", &["card"]),
    ("hand_spied", &["hand"]),
    ("card_discarded", &["id"]),
    ("manipulation_played", &["id"]),
    ("influence_placed", &["id"]),
];

/// `redact` keeps private parts for their owner only, and shuffle orders for nobody.
fn check_redaction(event: &Event) -> Result<(), String> {
    let full = serde_json::to_value(event).map_err(|e| e.to_string())?;
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
        let shown = CaesarCleopatra::redact(event, viewer).ok_or("every event has a public part")?;
        let json = serde_json::to_value(&shown).map_err(|e| e.to_string())?;
        if json.get("order").is_some() {
            return Err(format!("{viewer:?} sees a shuffle order"));
        }
        let kind = json["type"].as_str().unwrap_or_default();
        let owner = json["seat"].as_str().unwrap_or_default();
        let is_owner = matches!(viewer, Viewer::Seat(i) if SeatId::from_index(i).id() == owner);
        let mut private: Vec<&str> = PRIVATE
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, keys)| keys.to_vec())
            .unwrap_or_default();
        if kind == "influence_placed" && json["face_up"] == false {
            private.push("value");
        }
        for key in private {
            let present = json.get(key).is_some();
            if present != (is_owner && full.get(key).is_some()) {
                return Err(format!("{viewer:?}: {kind}.{key} present = {present}"));
            }
        }
        let mut texts = Vec::new();
        strings(&json, &mut texts);
        for other in (0..2).filter(|&o| !viewer.is(o)) {
            let prefix = format!("{}_", SeatId::from_index(other).id());
            if let Some(id) = texts.iter().find(|t| t.starts_with(&prefix)) {
                return Err(format!("{viewer:?} sees {id} in {kind}"));
            }
        }
    }
    Ok(())
}

fn views(s: &State) -> Vec<Value> {
    [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator]
        .map(|v| serde_json::to_value(CaesarCleopatra::view(s, v)).expect("views serialize"))
        .to_vec()
}

#[test]
fn replay_of_the_json_log_gives_the_same_views() {
    use rand::seq::IndexedRandom;
    for (pile, seed) in [(ManipulationPile::Arranged, 77), (ManipulationPile::Shuffled, 78)] {
        let options = Options {
            manipulation_pile: pile,
        };
        let game_seed = GameSeed::from_u64(seed);
        let mut chooser = GameSeed::from_u64(seed + 1_000).rng(0);
        let mut live = CaesarCleopatra::new_state(2, &options).unwrap();
        let mut replayed = CaesarCleopatra::new_state(2, &options).unwrap();
        let mut log: Vec<String> = Vec::new();
        let mut pending = CaesarCleopatra::setup(&live, &mut game_seed.rng(SETUP_STREAM));
        loop {
            for event in pending.drain(..) {
                check_redaction(&event).unwrap_or_else(|p| panic!("{p}: {event:?}"));
                let text = serde_json::to_string(&event).unwrap();
                CaesarCleopatra::evolve(&mut live, &event);
                let parsed: Event = serde_json::from_str(&text).unwrap();
                assert_eq!(parsed, event);
                CaesarCleopatra::evolve(&mut replayed, &parsed);
                log.push(text);
            }
            assert_eq!(views(&live), views(&replayed));
            if CaesarCleopatra::outcome(&live).is_some() {
                break;
            }
            let seat = *CaesarCleopatra::to_act(&live).choose(&mut chooser).unwrap();
            let actions = CaesarCleopatra::legal_actions(&live, seat);
            let action = actions.choose(&mut chooser).unwrap();
            pending = CaesarCleopatra::decide(&live, seat, action, &mut game_seed.rng(log.len() as u64)).unwrap();
        }
        // A fresh replay of the whole log, as the service does it.
        let mut fresh = CaesarCleopatra::new_state(2, &options).unwrap();
        for text in &log {
            CaesarCleopatra::evolve(&mut fresh, &serde_json::from_str(text).unwrap());
        }
        assert_eq!(views(&fresh), views(&live));
        assert_eq!(CaesarCleopatra::outcome(&fresh), CaesarCleopatra::outcome(&live));
        assert!(log.len() > 500, "a whole game: {} events", log.len());
    }
}

/// Issue 14: once the game is over its log and views are public, except what stays secret forever: the four
/// missions put back in the box "sans être montrées", and the shuffle orders (which would name them).
#[test]
fn boxed_missions_stay_secret_after_the_game() {
    let (session, log) = testing::play_to_the_end(&TitleAdapter::<CaesarCleopatra>::default(), 2, 91);
    let mut state = CaesarCleopatra::new_state(2, &Options::default()).unwrap();
    for event in testing::title_events(&log) {
        CaesarCleopatra::evolve(&mut state, &event);
    }
    let quoted = |card: &Card| format!("\"{}\"", card.id());
    let boxed: Vec<String> = state.mission_deck.iter().map(quoted).collect();
    let dealt: Vec<String> = state
        .seats
        .iter()
        .filter_map(|s| s.mission.as_ref())
        .map(quoted)
        .collect();
    assert_eq!((boxed.len(), dealt.len()), (4, 2));
    assert!(log.iter().any(|e| boxed.iter().any(|m| e.contains(m))), "the stored log holds them");
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
        let shown = testing::shown(session.as_ref(), &log, viewer);
        assert_eq!(shown.len(), log.len() + 1, "every event is shown, and the view");
        for text in &shown {
            assert!(!boxed.iter().any(|m| text.contains(m)), "{viewer:?} sees a boxed mission: {text}");
            assert!(!text.contains("\"order\""), "{viewer:?} sees a shuffle order: {text}");
        }
        // The rest is public: both dealt missions and the card ids of both seats.
        let all = shown.concat();
        assert!(dealt.iter().all(|m| all.contains(m)));
        for seat in [SeatId::Cleopatra, SeatId::Caesar] {
            assert!(all.contains(&format!("\"{}_", seat.id())), "{viewer:?} sees {seat:?}'s card ids");
        }
    }
}

/// Any action, mostly illegal: random variant and parameters.
fn random_action(rng: &mut crate::engine::GameRng) -> Action {
    use super::super::face::Face;
    use super::super::ids::ManipulationKind;
    use super::super::pile::Pile;
    use super::super::value::InfluenceValue;
    use rand::Rng;
    use rand::seq::IndexedRandom;
    type A = Action;
    let value = *InfluenceValue::ALL.choose(rng).unwrap();
    let group = *Group::ALL.choose(rng).unwrap();
    let kind = *ManipulationKind::ALL.choose(rng).unwrap();
    let face = if rng.random_bool(0.5) {
        Face::Influence(value)
    } else {
        Face::Manipulation(kind)
    };
    let maybe_group = |rng: &mut crate::engine::GameRng| rng.random_bool(0.6).then(|| *Group::ALL.choose(rng).unwrap());
    match rng.random_range(0..16) {
        0 => A::StackManipulation { card: kind },
        1 => A::PlaceInitial { card: value, group },
        2 => A::ChooseActive {},
        3 => A::ChoosePassive {},
        4 => A::PassiveDiscard { card: face },
        5 => A::EndDiscard {},
        6 => A::PlaceFaceDown { card: value, group },
        7 => A::PlaceFaceUp { card: value, group },
        8 => A::PlayManipulation {
            card: kind,
            group: maybe_group(rng),
            target: rng.random_bool(0.5).then_some(value),
            groups: rng.random_bool(0.5).then(|| {
                let n = rng.random_range(0..4);
                (0..n).map(|_| *Group::ALL.choose(rng).unwrap()).collect()
            }),
        },
        9 => A::EndMain {},
        10 => A::AllowManipulation {},
        11 => A::VetoManipulation {},
        12 => A::SpyPick { card: face },
        13 => A::CastlePlace { card: value, group },
        14 => A::Draw {
            pile: if rng.random_bool(0.5) { Pile::One } else { Pile::Two },
        },
        _ => A::ContinueVote {},
    }
}

/// The same action with a Castling's pair in canonical order.
fn canonical(action: &Action) -> Action {
    let mut action = action.clone();
    if let Action::PlayManipulation {
        groups: Some(groups), ..
    } = &mut action
    {
        groups.sort();
    }
    action
}

#[test]
fn random_actions_never_panic_and_only_listed_ones_are_accepted() {
    use rand::seq::IndexedRandom;
    for (pile, seed) in [(ManipulationPile::Arranged, 500), (ManipulationPile::Shuffled, 501)] {
        for game in 0..15 {
            let options = Options {
                manipulation_pile: pile,
            };
            let game_seed = GameSeed::from_u64(seed * 100 + game);
            let mut rng = GameSeed::from_u64(seed * 100 + game + 7).rng(1);
            let mut s = CaesarCleopatra::new_state(2, &options).unwrap();
            for event in CaesarCleopatra::setup(&s, &mut game_seed.rng(SETUP_STREAM)) {
                CaesarCleopatra::evolve(&mut s, &event);
            }
            let mut position = 0;
            while CaesarCleopatra::outcome(&s).is_none() {
                for _ in 0..20 {
                    let seat = *[0, 1, 2].choose(&mut rng).unwrap();
                    let action = random_action(&mut rng);
                    let accepted = CaesarCleopatra::decide(&s, seat, &action, &mut game_seed.rng(position));
                    let listed = CaesarCleopatra::legal_actions(&s, seat).contains(&canonical(&action));
                    assert_eq!(accepted.is_ok(), listed, "{action:?} by {seat}: {accepted:?}");
                    if let Err(e) = accepted {
                        assert!(!e.code.as_str().is_empty() && !e.message.is_empty());
                    }
                }
                let seat = *CaesarCleopatra::to_act(&s).choose(&mut rng).unwrap();
                let action = CaesarCleopatra::legal_actions(&s, seat)
                    .choose(&mut rng)
                    .unwrap()
                    .clone();
                let events = CaesarCleopatra::decide(&s, seat, &action, &mut game_seed.rng(position)).unwrap();
                position += events.len() as u64;
                for event in &events {
                    CaesarCleopatra::evolve(&mut s, event);
                }
            }
            let action = random_action(&mut rng);
            assert_eq!(
                CaesarCleopatra::decide(&s, 0, &action, &mut game_seed.rng(position))
                    .unwrap_err()
                    .code
                    .as_str(),
                "game_over"
            );
        }
    }
}

/// A log cut anywhere, between the events of one decision too (`?at=N`, a store that lost its tail), is a game that
/// answers every question without panicking.
#[test]
fn every_prefix_of_random_logs_answers_without_panicking() {
    testing::assert_every_prefix_answers(&TitleAdapter::<CaesarCleopatra>::default(), 8);
}
