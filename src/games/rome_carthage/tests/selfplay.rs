//! Random self-play with invariants after every action, a replay test and an event-redaction test.

use std::collections::HashSet;
use std::time::Instant;

use crate::engine::selfplay::{Checks, play_many};
use crate::engine::{GameSeed, Rules, SETUP_STREAM, TitleAdapter, Viewer, Views, testing};
use crate::games::rome_carthage::card::Card;
use crate::games::rome_carthage::data::board;
use crate::games::rome_carthage::piece::{Kind, Piece};
use crate::games::rome_carthage::state::{Phase, State};
use crate::games::rome_carthage::{Options, RomeCarthage};

/// Card ids quoted in a JSON text (the public starting card excepted).
fn card_ids_in(json: &str, starting: Option<Card>) -> HashSet<Card> {
    let text = match starting {
        Some(card) => json.replace(&format!("\"starting_card\":\"{}\"", card), ""),
        None => json.to_owned(),
    };
    text.split('"')
        .skip(1)
        .step_by(2)
        .filter_map(|id| id.parse::<Card>().ok())
        .collect()
}

/// Cards of `seat` that only it may know by id: its hand and its face-down table cards.
fn private_cards(s: &State, seat: usize) -> Vec<Card> {
    let mut cards = s.hands[seat].to_vec();
    if let Some(c) = &s.combat {
        for side in 0..2 {
            if c.seats[side] as usize == seat {
                if !c.revealed {
                    cards.extend(c.base[side].iter().copied());
                }
                if c.extra_pending[side] {
                    cards.extend(c.extra[side].last().copied());
                }
            }
        }
    }
    cards
}

pub fn invariant(s: &State) -> Result<(), String> {
    // 52 cards, each exactly once.
    let mut seen = [0u8; 52];
    let mut count = |cards: &[Card]| {
        for c in cards {
            seen[c.0 as usize] += 1;
        }
    };
    for hand in &s.hands {
        count(hand);
    }
    for talon in &s.talons {
        count(talon);
    }
    count(&s.discard);
    count(&s.removed);
    if let Some(c) = &s.combat {
        for side in 0..2 {
            count(&c.base[side]);
            count(&c.extra[side]);
        }
    }
    if s.phase != Phase::Setup
        && let Some(card) = (0..52).find(|&c| seen[c] != 1)
    {
        return Err(format!("card {} is present {} times", Card(card as u8), seen[card]));
    }
    // Specials: four, each with one holder once dealt.
    if !matches!(s.phase, Phase::Setup | Phase::SpecialChoice) {
        for (i, &holder) in s.special_holder.iter().enumerate() {
            if holder as usize >= s.players {
                return Err(format!("special card {i} has no holder"));
            }
        }
    }
    // Pieces: one per city (attacker + defender in a combat city), galleys in ports, holders consistent.
    let mut per_city = vec![0u8; board().city_count()];
    for p in (0..Piece::COUNT).map(Piece) {
        if let Some(city) = s.city_of(p) {
            per_city[city as usize] += 1;
            if p.kind() == Kind::Galley && !board().cities[city as usize].port {
                return Err(format!("{p} stands in {city}, not a port"));
            }
        }
    }
    let combat_cities: Vec<u8> = s
        .pending
        .iter()
        .map(|p| p.city)
        .chain(s.combat.iter().map(|c| c.city))
        .collect();
    for (city, &n) in per_city.iter().enumerate() {
        let limit = if combat_cities.contains(&(city as u8)) { 2 } else { 1 };
        if n > limit {
            return Err(format!("city {city} holds {n} pieces"));
        }
        if n == 1 && s.holder_of(city as u8).is_none() {
            return Err(format!("city {city} holds a piece but no holder"));
        }
        if let Some(h) = s.holder_of(city as u8)
            && s.city_of(h) != Some(city as u8)
        {
            return Err(format!("holder of city {city} is elsewhere"));
        }
    }
    // No hidden card id of a seat in another seat's or the spectator's view; no talon card in any view.
    let talon: Vec<Card> = s.talons.iter().flatten().copied().collect();
    let private: Vec<Vec<Card>> = (0..s.players).map(|seat| private_cards(s, seat)).collect();
    // The ranks everyone knows a seat holds are among its hand and face-down table cards.
    for (seat, cards) in private.iter().enumerate() {
        let mut held = [0u8; 13];
        for c in cards {
            held[c.rank().index() as usize] += 1;
        }
        if let Some(rank) = (0..13).find(|&r| s.known_ranks[seat][r] > held[r]) {
            return Err(format!("seat {seat} is known to hold more cards of rank index {rank} than it does"));
        }
    }
    let viewers = (0..s.players)
        .map(Viewer::Seat)
        .chain(std::iter::once(Viewer::Spectator));
    for viewer in viewers {
        let json = serde_json::to_string(&RomeCarthage::view(s, viewer)).map_err(|e| e.to_string())?;
        let shown = card_ids_in(&json, s.starting_card);
        for (seat, cards) in private.iter().enumerate() {
            if viewer.is(seat) {
                continue;
            }
            if let Some(c) = cards.iter().find(|c| shown.contains(c)) {
                return Err(format!("{viewer:?} sees {} of seat {seat}", c));
            }
        }
        if let Some(c) = talon.iter().find(|c| shown.contains(c)) {
            return Err(format!("{viewer:?} sees talon card {}", c));
        }
        if let Viewer::Seat(me) = viewer {
            let own: HashSet<Card> = s.hands[me].iter().copied().collect();
            if let Some(c) = shown.iter().find(|c| !own.contains(c)) {
                return Err(format!("{viewer:?} sees card id {} outside its hand", c));
            }
        } else if !shown.is_empty() {
            return Err("the spectator sees a card id".into());
        }
    }
    Ok(())
}

fn options(no_progress_rounds: u32, partners_see_hands: bool, match_talons: bool) -> Options {
    Options {
        partners_see_hands,
        match_talons,
        no_progress_rounds,
    }
}

/// Runs `games` games in four option sets (short and default no-progress limits, both flags).
fn self_play(players: usize, games: u64) {
    let started = Instant::now();
    let sets = [
        options(2, false, false),
        options(3, true, true),
        options(5, true, false),
        options(60, false, true),
    ];
    let per_set = games.div_ceil(sets.len() as u64);
    let mut total_games = 0;
    let mut total_actions = 0;
    for (i, opts) in sets.iter().enumerate() {
        let first_seed = 1_000 * players as u64 + i as u64 * 100_000;
        let stats =
            play_many::<RomeCarthage>(players, opts, first_seed, per_set, 200_000, Checks::Full, &mut invariant)
                .unwrap_or_else(|failure| panic!("{players} players, options {opts:?}: {failure}"));
        total_games += stats.games;
        total_actions += stats.actions;
    }
    assert!(total_games >= games);
    eprintln!(
        "rome-carthage self-play, {players} players: {total_games} games, {total_actions} actions in {:.1?}",
        started.elapsed()
    );
}

/// 500 games per player count (`ROME_CARTHAGE_GAMES` overrides it, for quick local runs).
fn games() -> u64 {
    std::env::var("ROME_CARTHAGE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500)
}

#[test]
fn self_play_2_players() {
    self_play(2, games());
}

#[test]
fn self_play_3_players() {
    self_play(3, games());
}

#[test]
fn self_play_4_players() {
    self_play(4, games());
}

/// Plays a random game by hand, returning the setup events and every action's events.
fn random_game(players: usize, opts: &Options, seed: u64) -> (State, Vec<crate::games::rome_carthage::Event>) {
    use rand::seq::IndexedRandom;
    let game_seed = GameSeed::from_u64(seed);
    let mut chooser = GameSeed::from_u64(seed ^ 0xabc).rng(0);
    let mut state = RomeCarthage::new_state(players, opts).unwrap();
    let mut log = RomeCarthage::setup(&state, &mut game_seed.rng(SETUP_STREAM));
    for e in &log {
        RomeCarthage::evolve(&mut state, e);
    }
    for _ in 0..100_000 {
        if RomeCarthage::outcome(&state).is_some() {
            break;
        }
        let to_act = RomeCarthage::to_act(&state);
        let seat = *to_act.choose(&mut chooser).expect("someone acts");
        let actions = RomeCarthage::legal_actions(&state, seat);
        let action = actions.choose(&mut chooser).expect("an action");
        let events =
            RomeCarthage::decide(&state, seat, action, &mut game_seed.rng(log.len() as u64)).expect("accepted");
        for e in &events {
            RomeCarthage::evolve(&mut state, e);
        }
        log.extend(events);
    }
    assert!(RomeCarthage::outcome(&state).is_some(), "the game ends");
    (state, log)
}

#[test]
fn replay_from_json_gives_the_same_views() {
    for (players, seed) in [(2, 7), (3, 8), (4, 9)] {
        let opts = options(3, true, true);
        let (state, log) = random_game(players, &opts, seed);
        let text: Vec<String> = log.iter().map(|e| serde_json::to_string(e).unwrap()).collect();
        let mut replayed = RomeCarthage::new_state(players, &opts).unwrap();
        for line in &text {
            let event = serde_json::from_str(line).unwrap();
            RomeCarthage::evolve(&mut replayed, &event);
        }
        let viewers = (0..players).map(Viewer::Seat).chain(std::iter::once(Viewer::Spectator));
        for viewer in viewers {
            assert_eq!(
                serde_json::to_value(RomeCarthage::view(&state, viewer)).unwrap(),
                serde_json::to_value(RomeCarthage::view(&replayed, viewer)).unwrap(),
                "{players} players, {viewer:?}"
            );
        }
        assert_eq!(
            serde_json::to_value(RomeCarthage::outcome(&replayed)).unwrap(),
            serde_json::to_value(RomeCarthage::outcome(&state)).unwrap()
        );
    }
}

#[test]
fn redacted_events_show_card_ids_only_to_their_owner() {
    for players in 2..=4 {
        for seed in 0..20u64 {
            let opts = options(2, seed % 2 == 0, seed % 3 == 0);
            let (_, log) = random_game(players, &opts, seed + 50);
            // Replay the log, checking every event as each viewer receives it.
            let mut state = RomeCarthage::new_state(players, &opts).unwrap();
            for event in &log {
                RomeCarthage::evolve(&mut state, event);
                let viewers = (0..players).map(Viewer::Seat).chain(std::iter::once(Viewer::Spectator));
                for viewer in viewers {
                    let redacted = RomeCarthage::redact(event, viewer).expect("every event has a public part");
                    let json = serde_json::to_string(&redacted).unwrap();
                    if json.contains("\"type\":\"starting_card\"") {
                        continue;
                    }
                    let shown = card_ids_in(&json, None);
                    let allowed: HashSet<Card> = match viewer {
                        Viewer::Seat(me) => state.hands[me].iter().copied().collect(),
                        Viewer::Spectator => HashSet::new(),
                    };
                    assert!(
                        shown.iter().all(|c| allowed.contains(c)),
                        "{viewer:?} receives a hidden card id in {json}"
                    );
                    assert!(
                        !(json.contains("\"type\":\"talon") && json.contains("order\"")),
                        "a talon order leaked: {json}"
                    );
                }
            }
        }
    }
}

/// A random game where nobody offers or accepts a draw, so that games reach combats, sieges and eliminations.
/// Checks the contract (every listed action accepted, a seat to act always has actions) and the invariants after
/// every action. Returns the event-type counts and the number of actions.
fn warlike_game(
    players: usize,
    opts: &Options,
    seed: u64,
    counts: &mut std::collections::BTreeMap<String, u64>,
) -> u64 {
    use crate::games::rome_carthage::Action as A;
    use rand::seq::IndexedRandom;
    let game_seed = GameSeed::from_u64(seed);
    let mut chooser = GameSeed::from_u64(seed ^ 0x77).rng(0);
    let mut state = RomeCarthage::new_state(players, opts).unwrap();
    let mut position = 0u64;
    for e in RomeCarthage::setup(&state, &mut game_seed.rng(SETUP_STREAM)) {
        RomeCarthage::evolve(&mut state, &e);
        position += 1;
    }
    for action_index in 0..200_000u64 {
        invariant(&state).unwrap_or_else(|e| panic!("seed {seed}, action {action_index}: {e}"));
        if let Some(outcome) = RomeCarthage::outcome(&state) {
            let reason = serde_json::to_value(outcome.end_reason).unwrap();
            *counts.entry(format!("end:{}", reason.as_str().unwrap())).or_default() += 1;
            return action_index;
        }
        let to_act = RomeCarthage::to_act(&state);
        let seat = *to_act.choose(&mut chooser).expect("someone acts");
        let actions = RomeCarthage::legal_actions(&state, seat);
        assert!(!actions.is_empty(), "seed {seed}: seat {seat} has no action");
        for other in &to_act {
            assert!(!RomeCarthage::legal_actions(&state, *other).is_empty());
        }
        for action in &actions {
            RomeCarthage::decide(&state, seat, action, &mut game_seed.rng(position))
                .unwrap_or_else(|e| panic!("seed {seed}: listed {action:?} rejected: {e}"));
        }
        let peaceful: Vec<&A> = actions
            .iter()
            .filter(|a| !matches!(a, A::OfferDraw {} | A::AcceptDraw {}))
            .collect();
        let action = aggressive_choice(&state, &peaceful, &mut chooser);
        let events = RomeCarthage::decide(&state, seat, action, &mut game_seed.rng(position)).unwrap();
        position += events.len() as u64;
        for e in &events {
            let kind = serde_json::to_value(e).unwrap()["type"].as_str().unwrap().to_owned();
            *counts.entry(kind).or_default() += 1;
            RomeCarthage::evolve(&mut state, e);
        }
    }
    panic!("seed {seed}: the game did not end");
}

/// Shortest-path lengths in the land and galley graphs.
static DISTANCES: std::sync::LazyLock<[Vec<Vec<u8>>; 2]> = std::sync::LazyLock::new(|| {
    let all = |net: &[Vec<u8>]| -> Vec<Vec<u8>> {
        (0..net.len())
            .map(|from| {
                let mut dist = vec![u8::MAX; net.len()];
                let mut queue = std::collections::VecDeque::from([from]);
                dist[from] = 0;
                while let Some(at) = queue.pop_front() {
                    for &next in &net[at] {
                        if dist[next as usize] == u8::MAX {
                            dist[next as usize] = dist[at] + 1;
                            queue.push_back(next as usize);
                        }
                    }
                }
                dist
            })
            .collect()
    };
    [all(&board().land), all(&board().galley)]
});

/// Prefers attacks and entering enemy capitals, then moves that get closer to an enemy piece or capital;
/// otherwise a random action.
fn aggressive_choice<'a>(
    s: &State,
    actions: &[&'a crate::games::rome_carthage::Action],
    rng: &mut crate::engine::GameRng,
) -> &'a crate::games::rome_carthage::Action {
    use crate::games::rome_carthage::Action as A;
    use rand::Rng;
    use rand::seq::IndexedRandom;
    if rng.random_bool(0.25) {
        return actions.choose(rng).expect("an action");
    }
    let score = |piece: Piece, end: u8| -> i32 {
        let team = s.team_of_piece(piece);
        if let Some(h) = s.holder_of(end)
            && s.team_of_piece(h) != team
        {
            return 100;
        }
        let net = usize::from(piece.kind() == Kind::Galley);
        let targets = (0..Piece::COUNT)
            .map(Piece)
            .filter(|&p| s.team_of_piece(p) != team)
            .filter_map(|p| s.city_of(p))
            .chain(
                (0..4)
                    .filter(|&st| s.team_of_state[st] != team)
                    .map(|st| board().capital[st]),
            );
        let best = targets
            .map(|c| DISTANCES[net][end as usize][c as usize])
            .min()
            .unwrap_or(u8::MAX);
        if best == 0 {
            return 90;
        }
        let from = s.city_of(piece).unwrap_or(end);
        let before = (0..Piece::COUNT)
            .map(Piece)
            .filter(|&p| s.team_of_piece(p) != team)
            .filter_map(|p| s.city_of(p))
            .map(|c| DISTANCES[net][from as usize][c as usize])
            .min()
            .unwrap_or(u8::MAX);
        if best < before { 50 - best as i32 } else { -1 }
    };
    let scored: Vec<(i32, &&A)> = actions
        .iter()
        .map(|a| {
            let value = match a {
                A::Move { piece, path } => path.last().map_or(-1, |c| score(*piece, c.0)),
                A::MoveMercenaries { steps } => steps.iter().map(|st| score(st.piece, st.to.0)).max().unwrap_or(-1),
                A::PlaySedition { .. } => 95,
                A::PayForcedMarch { .. } => 1,
                _ => 0,
            };
            (value, a)
        })
        .collect();
    let best = scored.iter().map(|(v, _)| *v).max().unwrap_or(0);
    let top: Vec<&&A> = scored.iter().filter(|(v, _)| *v == best).map(|(_, a)| *a).collect();
    top.choose(rng).expect("an action")
}

#[test]
fn warlike_self_play_reaches_every_rule() {
    let started = Instant::now();
    let mut all = std::collections::BTreeMap::<String, u64>::new();
    for players in 2..=4 {
        let mut counts = std::collections::BTreeMap::new();
        let mut actions = 0;
        let games = 100;
        for seed in 0..games {
            let opts = options(6 + (seed % 3) as u32, seed % 2 == 1, seed % 4 == 3);
            actions += warlike_game(players, &opts, 90_000 + seed, &mut counts);
        }
        eprintln!("{players} players: {games} warlike games, {actions} actions; {counts:?}");
        assert_eq!(counts.get("game_over"), Some(&games));
        for (kind, n) in counts {
            *all.entry(kind).or_default() += n;
        }
    }
    eprintln!("warlike self-play in {:.1?}", started.elapsed());
    for kind in [
        "end:annihilation",
        "end:no_progress",
        "end:capitals_held",
        "combat_tied",
        "extras_revealed",
        "spy_declared",
        "spy_declined",
        "double_spy",
        "siege_established",
        "siege_broken",
        "seat_eliminated",
        "sedition_played",
        "betrayal_played",
        "talon_reformed",
        "talons_refilled",
        "mercenaries_moved",
        "forced_march_paid",
    ] {
        assert!(all.get(kind).copied().unwrap_or(0) > 0, "no {kind} in warlike self-play");
    }
}

/// Issue 14: once the game is over its log is public (hands and drawn cards by id), except the talon orders, which
/// stay secret forever (spec 9: "never: contents and order stay secret").
#[test]
fn talon_orders_stay_secret_after_the_game() {
    let (session, log) = testing::play_to_the_end(&TitleAdapter::<RomeCarthage>::default(), 2, 31);
    let secret_keys = |kind: &str| -> &'static [&'static str] {
        match kind {
            "talon_shuffled" | "talon_reformed" => &["order"][..],
            "talons_split" | "talons_refilled" => &["team_a_order", "team_b_order"][..],
            _ => &[][..],
        }
    };
    let stored: Vec<serde_json::Value> = log.iter().map(|t| serde_json::from_str(t).unwrap()).collect();
    assert!(
        stored
            .iter()
            .any(|e| e["type"] == "talon_shuffled" && e.get("order").is_some())
    );
    for viewer in (0..2).map(Viewer::Seat).chain([Viewer::Spectator]) {
        let events = testing::shown_events_hiding(session.as_ref(), &log, viewer, &secret_keys);
        let hands: Vec<&serde_json::Value> = events.iter().filter(|e| e["type"] == "hand_dealt").collect();
        assert!(!hands.is_empty() && hands.iter().all(|e| e.get("cards").is_some()), "hands are public");
    }
}

/// A log cut anywhere, between the events of one decision too (`?at=N`, a store that lost its tail), is a game that
/// answers every question without panicking.
#[test]
fn every_prefix_of_random_logs_answers_without_panicking() {
    testing::assert_every_prefix_answers(&TitleAdapter::<RomeCarthage>::default(), 2);
}
