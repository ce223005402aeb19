//! Random self-play with invariants after every action, redaction checks and a replay test.

use std::time::Instant;

use super::super::data::DATA;
use super::super::event::*;
use super::super::ids::*;
use super::super::options::Options;
use super::super::phase::*;
use super::super::state::*;
use super::super::{Caligula, view};
use super::builder::set_up;
use crate::engine::selfplay::{Checks, play_many};
use crate::engine::{GameSeed, Rules, SETUP_STREAM, TitleAdapter, Viewer, Views, testing};

/// Every SPQR token, Civitas, Sequentia, Augustus, Coniura and Pugio card is in exactly one place, and the
/// public bookkeeping is consistent.
pub fn conservation(s: &State) -> Result<(), String> {
    if s.phase == Phase::Setup {
        return Ok(());
    }
    // Civitas.
    let mut seen = vec![0u32; DATA.civitas.len()];
    for row in &s.suits {
        for f in row.pos.iter().flatten() {
            seen[f.card] += 1;
            if f.tokens.len() > s.usable_slots(f.card) {
                return Err(format!("{} holds too many tokens", DATA.civitas[f.card].id));
            }
        }
        for &c in &row.deck {
            seen[c] += 1;
        }
    }
    for &c in &s.civitas_out {
        seen[c] += 1;
    }
    let misplaced = |c: usize| seen[c] != 1 && !(DATA.civitas[c].is_fixture() && seen[c] == 0);
    if let Some(c) = (0..seen.len()).find(|&c| misplaced(c)) {
        return Err(format!("Civitas {} is in {} places", DATA.civitas[c].id, seen[c]));
    }
    // Augustus.
    let mut seen = vec![0u32; DATA.augustus.len()];
    seen[s.emperor] += 1;
    for c in s.candidates.iter().flatten() {
        seen[*c] += 1;
    }
    for &c in s.augustus_deck.iter().chain(&s.augustus_out) {
        seen[c] += 1;
    }
    if let Some(c) = seen.iter().position(|&k| k != 1) {
        return Err(format!("Augustus {} is in {} places", DATA.augustus[c].id, seen[c]));
    }
    // Sequentia.
    let mut row = s.sequentia_row;
    row.sort();
    if !row.iter().copied().eq(0..DATA.sequentia.len()) {
        return Err("the Sequentia row is not a permutation".into());
    }
    // Coniura / Pugio.
    let mut counts = [0u32; 4];
    for p in &s.players {
        for k in Kind::ALL {
            counts[k.index()] += p.hand[k.index()];
        }
    }
    for (deck, cards) in [(Deck::Coniura, &s.coniura), (Deck::Pugio, &s.pugio)] {
        for k in cards {
            if k.deck() != deck {
                return Err(format!("{} is in the wrong deck", k.name()));
            }
            counts[k.index()] += 1;
        }
    }
    if let Some(c) = &s.conspiracy {
        for p in &c.table {
            counts[p.kind.index()] += 1;
        }
    }
    if counts != DATA.kind_counts {
        return Err(format!("Coniura/Pugio cards not conserved: {counts:?}"));
    }
    // SPQR tokens.
    for (seat, p) in s.players.iter().enumerate() {
        for i in 0..8 {
            let value = iv(i);
            let placed: usize = s
                .suits
                .iter()
                .flat_map(|r| r.pos.iter().flatten())
                .map(|f| f.tokens.iter().filter(|t| t.owner == seat && t.value == value).count())
                .sum();
            let supply = usize::from(p.supply[i]);
            if placed + supply > 1 {
                return Err(format!("seat {seat} token {value} is in {} places", placed + supply));
            }
            if p.supply[i] && !p.owned[i] {
                return Err(format!("seat {seat} has unowned token {value} in supply"));
            }
            if p.owned[i] && placed == 0 && !p.supply[i] {
                return Err(format!("seat {seat} owned token {value} is nowhere"));
            }
        }
    }
    // Favor tokens.
    for place in [FavourAt::Emperor, FavourAt::A, FavourAt::B] {
        let k = s.favours_at(place).len();
        match s.augustus_at(place) {
            None if k > 0 => return Err(format!("Favor tokens on an empty {place:?}")),
            Some(card) if k > DATA.augustus[card].slots => {
                return Err(format!("too many Favor tokens on {}", DATA.augustus[card].id));
            }
            _ => {}
        }
    }
    // Ordo.
    let mut ordo: Vec<u8> = s.players.iter().map(|p| p.ordo).collect();
    ordo.sort();
    if ordo != (1..=s.n as u8).collect::<Vec<_>>() {
        return Err(format!("Ordo cards are not a permutation: {ordo:?}"));
    }
    Ok(())
}

/// The serialized hidden items of a seat: hand kinds and supply contents.
fn secrets_of(s: &State, seat: usize) -> Vec<String> {
    let private = view::private_view(s, seat);
    vec![
        serde_json::to_string(&private.hand).unwrap(),
        format!("\"supply\":{}", serde_json::to_string(&private.supply).unwrap()),
    ]
}

/// Deck orders (never shown to anyone), as serialized sequences long enough to be meaningful.
fn deck_secrets(s: &State) -> Vec<String> {
    let mut v = vec![];
    for deck in [&s.coniura, &s.pugio] {
        if deck.len() >= 4 {
            let kinds: Vec<Kind> = deck.iter().copied().collect();
            v.push(serde_json::to_string(&kinds).unwrap());
        }
    }
    for row in &s.suits {
        if row.deck.len() >= 2 {
            let ids: Vec<&str> = row.deck.iter().map(|&c| DATA.civitas[c].id.as_str()).collect();
            v.push(serde_json::to_string(&ids).unwrap());
        }
    }
    let ids: Vec<&str> = s.augustus_deck.iter().map(|&c| DATA.augustus[c].id.as_str()).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    if ids.len() >= 2 && ids != sorted {
        v.push(serde_json::to_string(&ids).unwrap());
    }
    v
}

fn placed_tokens_carry_no_value(text: &str) -> Result<(), String> {
    for (start, _) in text.match_indices("\"tokens\":[") {
        let rest = &text[start..];
        let end = rest.find(']').unwrap_or(rest.len());
        if rest[..end].contains("\"value\"") {
            return Err(format!("a placed token shows its value: {}", &rest[..end]));
        }
    }
    Ok(())
}

/// Every hidden item starts with one of these; a view is scanned once per anchor.
const ANCHORS: [&str; 3] = ["{\"con\":", "\"supply\":[", "[\""];

/// No viewer's serialized view contains a value that viewer may not know.
pub fn no_leaks(s: &State) -> Result<(), String> {
    if s.phase == Phase::Setup {
        return Ok(());
    }
    let viewers: Vec<Viewer> = (0..s.n).map(Viewer::Seat).chain([Viewer::Spectator]).collect();
    let decks = deck_secrets(s);
    let secrets: Vec<Vec<String>> = (0..s.n).map(|seat| secrets_of(s, seat)).collect();
    let mut buf = Vec::with_capacity(8192);
    for viewer in viewers {
        buf.clear();
        serde_json::to_writer(&mut buf, &Caligula::view(s, viewer)).unwrap();
        let text = std::str::from_utf8(&buf).unwrap();
        placed_tokens_carry_no_value(text)?;
        // The items this viewer must not see. Its own section may hold an identical item by coincidence.
        let mut forbidden: Vec<&String> = decks.iter().collect();
        for (seat, items) in secrets.iter().enumerate() {
            if viewer.is(seat) {
                continue;
            }
            for item in items {
                let own = match viewer {
                    Viewer::Seat(v) => secrets[v].contains(item),
                    Viewer::Spectator => false,
                };
                if !own {
                    forbidden.push(item);
                }
            }
        }
        for anchor in ANCHORS {
            for (i, _) in text.match_indices(anchor) {
                let rest = &text[i..];
                if let Some(item) = forbidden
                    .iter()
                    .find(|item| item.starts_with(anchor) && rest.starts_with(item.as_str()))
                {
                    return Err(format!("{viewer:?} sees the hidden {item}"));
                }
            }
        }
        let own = match viewer {
            Viewer::Spectator => "\"private\":null".to_string(),
            Viewer::Seat(i) => format!("\"private\":{{\"seat\":\"{}\"", SeatId::of(i).name()),
        };
        if !text.contains(own.as_str()) {
            return Err(format!("{viewer:?} sees a private section that is not its own"));
        }
    }
    Ok(())
}

#[test]
fn every_hidden_item_starts_with_an_anchor() {
    let state = set_up(4, 1);
    let mut items = deck_secrets(&state);
    items.extend(secrets_of(&state, 2));
    assert!(items.len() >= 9);
    for item in items {
        assert!(ANCHORS.iter().any(|a| item.starts_with(a)), "{item}");
    }
    // A planted leak is found.
    let mut leaky = state.clone();
    leaky.players[0].hand = [3, 1, 4, 1];
    assert!(no_leaks(&leaky).is_ok());
}

pub fn full_invariant(s: &State) -> Result<(), String> {
    conservation(s)?;
    no_leaks(s)
}

/// 1,000 random games with every invariant checked after every action (one test per player count, so that the
/// test harness runs them in parallel).
fn selfplay_1000_games(players: usize) {
    let t = Instant::now();
    let stats = play_many::<Caligula>(
        players,
        &Options::default(),
        1_000 * players as u64,
        1_000,
        20_000,
        Checks::Full,
        &mut full_invariant,
    )
    .unwrap_or_else(|e| panic!("{players} players: {e}"));
    assert_eq!(stats.games, 1_000);
    eprintln!(
        "caligula self-play, {players} players: {} games, {} actions, {:.1?}",
        stats.games,
        stats.actions,
        t.elapsed()
    );
}

#[test]
fn selfplay_1000_games_2_players() {
    selfplay_1000_games(2);
}

#[test]
fn selfplay_1000_games_3_players() {
    selfplay_1000_games(3);
}

#[test]
fn selfplay_1000_games_4_players() {
    selfplay_1000_games(4);
}

#[test]
fn selfplay_1000_games_5_players() {
    selfplay_1000_games(5);
}

/// Plays one random game and returns every event with its state before it.
fn random_game(players: usize, seed: u64) -> (Vec<Event>, State) {
    use rand::seq::IndexedRandom;
    let game_seed = GameSeed::from_u64(seed);
    let mut chooser = GameSeed::from_u64(seed ^ 77).rng(1);
    let mut state = Caligula::new_state(players, &Options::default()).unwrap();
    let mut log = Caligula::setup(&state, &mut game_seed.rng(SETUP_STREAM));
    for e in &log {
        Caligula::evolve(&mut state, e);
    }
    let mut position = 0;
    while Caligula::outcome(&state).is_none() {
        let seat = Caligula::to_act(&state)[0];
        let actions = Caligula::legal_actions(&state, seat);
        let action = actions.choose(&mut chooser).unwrap();
        let events = Caligula::decide(&state, seat, action, &mut game_seed.rng(position)).unwrap();
        position += events.len() as u64;
        for e in &events {
            Caligula::evolve(&mut state, e);
        }
        log.extend(events);
    }
    (log, state)
}

#[test]
fn replayed_json_log_gives_the_same_views() {
    for players in 2..=5 {
        let (log, state) = random_game(players, 4242 + players as u64);
        let text: Vec<String> = log.iter().map(|e| serde_json::to_string(e).unwrap()).collect();
        let mut replayed = Caligula::new_state(players, &Options::default()).unwrap();
        for t in &text {
            let e: Event = serde_json::from_str(t).unwrap();
            Caligula::evolve(&mut replayed, &e);
        }
        assert_eq!(replayed, state);
        let viewers = (0..players).map(Viewer::Seat).chain([Viewer::Spectator]);
        for v in viewers {
            assert_eq!(
                serde_json::to_string(&Caligula::view(&replayed, v)).unwrap(),
                serde_json::to_string(&Caligula::view(&state, v)).unwrap()
            );
        }
        assert!(Caligula::outcome(&replayed).is_some());
    }
}

#[test]
fn redacted_events_never_carry_hidden_values() {
    for players in 2..=5 {
        for seed in 0..50 {
            let (log, _) = random_game(players, 900 + seed);
            for e in &log {
                let viewers = (0..players).map(Viewer::Seat).chain([Viewer::Spectator]);
                for v in viewers {
                    let r = Caligula::redact(e, v).expect("every event is visible");
                    let text = serde_json::to_value(&r).unwrap();
                    match &r {
                        Event::DecksShuffled { .. } | Event::CivitasDealt { .. } | Event::AugustusDealt { .. } => {
                            assert!(
                                text.get("deck").is_none()
                                    && text.get("coniura").is_none()
                                    && text.get("pugio").is_none()
                            );
                        }
                        Event::TokenPlaced { .. } => assert!(text.get("value").is_none()),
                        Event::CardDrawn { seat, .. } => {
                            assert_eq!(text.get("kinds").is_some(), v.is(seat.idx()));
                        }
                        Event::CardStolen { thief, victim, .. } => {
                            assert_eq!(text.get("kind").is_some(), v.is(thief.idx()) || v.is(victim.idx()));
                        }
                        _ => assert_eq!(&r, e),
                    }
                }
            }
        }
    }
}

/// Random games reach every part of the rules (so that the self-play invariants cover them).
#[test]
fn random_games_cover_the_rules() {
    let mut seen = std::collections::BTreeMap::<&str, u32>::new();
    for players in 2..=5 {
        for seed in 0..60 {
            let (log, _) = random_game(players, 7_000 + seed);
            for e in &log {
                let key = match e {
                    Event::EmperorDied {
                        new_emperor: Some(_), ..
                    } => "murder",
                    Event::EmperorDied { new_emperor: None, .. } => "final_murder",
                    Event::EmperorSurvived { .. } => "survived",
                    Event::CardStolen { .. } => "steal",
                    Event::CardDiscarded { .. } => "discard",
                    Event::RoundEndPayment { .. } => "payment",
                    Event::ConspiracyOpened { final_conspiracy: true } => "final_conspiracy",
                    Event::ConspiracyAbandoned {} => "abandoned",
                    Event::ConspiracyRaised { .. } => "raise",
                    Event::ConspiracyAccepted { .. } => "accept",
                    Event::CardPlayed {
                        role: Role::Defence, ..
                    } => "defence",
                    Event::EffectStep {
                        candidate_replaced: Some(_),
                        ..
                    } => "cand",
                    Event::EffectStep {
                        spqr_gained: Some(_), ..
                    } => "spqr_gained",
                    Event::EffectStep { spqr_lost: Some(_), .. } => "spqr_lost",
                    Event::EffectStep { pip_taken: Some(_), .. } => "pip",
                    Event::EffectStep {
                        ordo_swapped_with: Some(_),
                        ..
                    } => "ordo1",
                    Event::EffectStep { favour_to: Some(_), .. } => "fav",
                    Event::EffectStep {
                        life_change: Some(_), ..
                    } => "life",
                    Event::SequentiaExtra { .. } => "extra",
                    Event::TokensRevealed { tokens, .. } if tokens.iter().any(|t| !t.returned) => "set_aside",
                    _ => continue,
                };
                *seen.entry(key).or_default() += 1;
            }
        }
    }
    eprintln!("{seen:?}");
    for key in [
        "murder",
        "survived",
        "steal",
        "discard",
        "payment",
        "final_conspiracy",
        "abandoned",
        "raise",
        "accept",
        "defence",
        "cand",
        "spqr_gained",
        "spqr_lost",
        "pip",
        "ordo1",
        "fav",
        "life",
        "extra",
    ] {
        assert!(seen.contains_key(key), "random games never reach {key}: {seen:?}");
    }
}

/// Issue 14: once the game is over its log is public (placed values, drawn and stolen kinds), except the deck orders,
/// which stay secret forever (spec 9: "never; only sizes are shown").
#[test]
fn deck_orders_stay_secret_after_the_game() {
    let (session, log) = testing::play_to_the_end(&TitleAdapter::<Caligula>::default(), 3, 17);
    let secret_keys = |kind: &str| -> &'static [&'static str] {
        match kind {
            "decks_shuffled" => &["coniura", "pugio"][..],
            "civitas_dealt" | "augustus_dealt" => &["deck"][..],
            _ => &[][..],
        }
    };
    let stored: Vec<serde_json::Value> = log.iter().map(|t| serde_json::from_str(t).unwrap()).collect();
    assert!(
        stored
            .iter()
            .any(|e| e["type"] == "decks_shuffled" && e.get("coniura").is_some())
    );
    for viewer in (0..3).map(Viewer::Seat).chain([Viewer::Spectator]) {
        let events = testing::shown_events_hiding(session.as_ref(), &log, viewer, &secret_keys);
        let placed: Vec<&serde_json::Value> = events.iter().filter(|e| e["type"] == "token_placed").collect();
        assert!(!placed.is_empty() && placed.iter().all(|e| e.get("value").is_some()), "placed values are public");
    }
}

/// A log cut anywhere, between the events of one decision too (`?at=N`, a store that lost its tail), is a game that
/// answers every question without panicking.
#[test]
fn every_prefix_of_random_logs_answers_without_panicking() {
    testing::assert_every_prefix_answers(&TitleAdapter::<Caligula>::default(), 8);
}
