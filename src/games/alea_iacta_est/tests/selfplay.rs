//! Random self-play with invariants after every action, a replay test and a redaction test.

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use super::super::*;
use super::builder::*;
use crate::engine::selfplay::{Checks, play_many};
use crate::engine::{GameSeed, SETUP_STREAM, TitleAdapter, Viewer, Views, testing};

/// True when `text` holds a quoted id starting with `prefix` and a digit (`"senate_07"`, `"favour_12"`).
fn has_id(text: &str, prefix: &str) -> bool {
    let quoted = format!("\"{prefix}");
    text.match_indices(&quoted)
        .any(|(i, m)| text[i + m.len()..].chars().next().is_some_and(|c| c.is_ascii_digit()))
}

fn distinct_count<T: Copy + Eq + std::hash::Hash>(items: impl Iterator<Item = T>) -> (usize, usize) {
    let all: Vec<T> = items.collect();
    let set: HashSet<T> = all.iter().copied().collect();
    (all.len(), set.len())
}

fn conservation<T: Copy + Eq + std::hash::Hash>(
    what: &str,
    items: impl Iterator<Item = T>,
    expected: usize,
) -> Result<(), String> {
    let (all, distinct) = distinct_count(items);
    if all != expected || distinct != expected {
        return Err(format!("{what}: {all} items ({distinct} distinct), expected {expected}"));
    }
    Ok(())
}

/// Every invariant of a state (spec rules and hidden information).
pub fn check_invariants(state: &State) -> Result<(), String> {
    let n = state.players;
    // Dice conservation: every die is in exactly one place.
    for s in 0..n {
        let st = &state.seats[s];
        let total = st.hand.size as u32 + dice_on_buildings(state, s) + st.latrina as u32;
        if total != 8 {
            return Err(format!("seat {s} has {total} dice"));
        }
        if st.hand.rolled && st.hand.counts.iter().map(|&c| c as u32).sum::<u32>() != st.hand.size as u32 {
            return Err(format!("seat {s}: rolled hand does not match its size"));
        }
        if !st.hand.rolled && st.hand.counts != [0; 7] {
            return Err(format!("seat {s}: unrolled hand shows values"));
        }
    }
    if state.step == Step::TurnDecide && !state.seats[state.current].hand.rolled {
        return Err("the current seat decides with an unrolled hand".into());
    }
    // Templum.
    if !state.templum_used() && !state.templum.is_empty() {
        return Err("Templum used with fewer than 4 players".into());
    }
    let mut combos: Vec<&Combo> = state.templum.iter().collect();
    combos.sort_by_key(|c| c.dice.len());
    for w in combos.windows(2) {
        if w[0].dice.len() == w[1].dice.len() || w[0].sum() >= w[1].sum() {
            return Err(format!("Templum combinations break the rules: {:?}", state.templum));
        }
    }
    if combos.iter().any(|c| c.dice.is_empty() || c.dice.len() > 8) {
        return Err("Templum combination of bad size".into());
    }
    let (ids, distinct) = distinct_count(state.templum.iter().map(|c| c.id));
    if ids != distinct {
        return Err("duplicate Templum combination ids".into());
    }
    // Senate.
    let mut ranks = HashSet::new();
    for s in 0..n {
        if let Some((l, h)) = state.seats[s].straight {
            if !(1 <= l && l <= h && h <= 6) {
                return Err(format!("bad straight {l}-{h}"));
            }
            if !ranks.insert((h - l, h)) {
                return Err("two straights of equal rank".into());
            }
        }
    }
    // Castrum.
    for (i, a) in state.castrum.iter().enumerate() {
        if a.size == 0 || !(1..=6).contains(&a.value) {
            return Err(format!("bad Castrum group {a:?}"));
        }
        for b in &state.castrum[i + 1..] {
            if a.value == b.value && (a.seat == b.seat || a.size == b.size) {
                return Err(format!("Castrum groups {a:?} and {b:?} break the rules"));
            }
        }
    }
    // Forum.
    if state.forum.len() > state.columns() || state.forum.windows(2).any(|w| w[0].value > w[1].value) {
        return Err(format!("Forum breaks the rules: {:?}", state.forum));
    }
    // Tokens, tiles, cards.
    if state.templum_used() {
        conservation(
            "favour tokens",
            state
                .favour_pile
                .iter()
                .chain(&state.favour_discard)
                .chain(
                    state
                        .seats
                        .iter()
                        .flat_map(|s| s.favour_hidden.iter().chain(&s.favour_kept)),
                )
                .copied(),
            30,
        )?;
    } else if !state.favour_pile.is_empty() || state.seats.iter().any(|s| !s.favour_kept.is_empty()) {
        return Err("favour tokens with fewer than 4 players".into());
    }
    if state.step != Step::RoundStart {
        conservation(
            "Senate cards",
            state
                .senate_deck
                .iter()
                .chain(&state.senate_removed)
                .chain(&state.eval.senate_offer)
                .chain(state.seats.iter().flat_map(|s| &s.senate_cards))
                .copied(),
            19,
        )?;
        conservation(
            "provinces",
            state
                .province_pile
                .iter()
                .chain(&state.province_display)
                .chain(&state.provinces_removed)
                .chain(state.seats.iter().flat_map(|s| &s.provinces))
                .copied(),
            25,
        )?;
        conservation(
            "inhabitants",
            state
                .inhabitant_pile
                .iter()
                .chain(&state.inhabitant_display)
                .chain(&state.inhabitants_removed)
                .chain(state.seats.iter().flat_map(|s| &s.inhabitants))
                .copied(),
            36,
        )?;
    }
    if state.senate_removed.contains(&card("senate_06")) != (n <= 3) {
        return Err("senate_06 in play with the wrong player count".into());
    }
    // Hidden information: no viewer's view holds an id it may not know.
    #[derive(Clone, Copy, PartialEq)]
    enum Owner {
        Nobody,
        Seat(usize),
        Offer,
    }
    let over = state.step == Step::GameEnd;
    let mut secret: HashMap<&'static str, Owner> = HashMap::new();
    for id in state
        .favour_pile
        .iter()
        .chain(&state.favour_discard)
        .map(|t| t.id())
        .chain(state.senate_deck.iter().map(|c| c.id()))
        .chain(state.province_pile.iter().map(|p| p.id()))
        .chain(state.inhabitant_pile.iter().map(|h| h.id()))
    {
        secret.insert(id, Owner::Nobody);
    }
    for (s, st) in state.seats.iter().enumerate() {
        for t in &st.favour_hidden {
            secret.insert(t.id(), Owner::Seat(s));
        }
        if !over {
            for c in &st.senate_cards {
                secret.insert(c.id(), Owner::Seat(s));
            }
        }
    }
    for c in &state.eval.senate_offer {
        secret.insert(c.id(), Owner::Offer);
    }
    let offer_seen: Vec<usize> = match state.step {
        Step::SenateChoiceFirst => state.eval.senate_ranking.iter().take(1).copied().collect(),
        Step::SenateChoiceSecond => state.eval.senate_ranking.iter().take(2).copied().collect(),
        _ => vec![],
    };
    // A seat knows where its own secrets are, and the offered cards it is shown (what determinizations keep).
    for (s, st) in state.seats.iter().enumerate() {
        let offer = offer_seen.contains(&s).then_some(&state.eval.senate_offer);
        let mut cards = st.senate_cards.iter().chain(offer.into_iter().flatten());
        if st
            .favour_hidden
            .iter()
            .any(|t| state.favour_known[t.0 as usize] & 1 << s == 0)
            || cards.any(|c| state.senate_known[c.0 as usize] & 1 << s == 0)
        {
            return Err(format!("seat {s} does not know where its secrets are"));
        }
    }
    for viewer in (0..n).map(Viewer::Seat).chain([Viewer::Spectator]) {
        let text = json(&AleaIactaEst::view(state, viewer));
        // Ids contain no quote: the quoted strings are the odd-numbered pieces. Every id ends with a digit.
        for (i, piece) in text.split('"').enumerate() {
            if i % 2 == 0 || !piece.as_bytes().last().is_some_and(u8::is_ascii_digit) {
                continue;
            }
            let allowed = match secret.get(piece) {
                None => true,
                Some(Owner::Nobody) => false,
                Some(Owner::Seat(s)) => viewer.is(*s),
                Some(Owner::Offer) => offer_seen.iter().any(|&s| viewer.is(s)),
            };
            if !allowed {
                return Err(format!("{viewer:?} sees hidden {piece}"));
            }
        }
    }
    // Whoever must act has something to do; nobody acts at game end.
    if over != state.result.is_some() {
        return Err("result and phase disagree".into());
    }
    let to_act = state.to_act();
    if !over && to_act.is_none() {
        return Err(format!("nobody acts at {:?}", state.step));
    }
    if let Some(s) = (0..n).find(|s| to_act != Some(*s) && !AleaIactaEst::legal_actions(state, *s).is_empty()) {
        return Err(format!("seat {s} has legal actions but need not act"));
    }
    Ok(())
}

/// 1,000 random games with `Checks::Full` and the invariants after every action. One test per player count, so
/// that the harness runs them in parallel.
fn selfplay(n: usize) {
    let t = Instant::now();
    let stats = play_many::<AleaIactaEst>(
        n,
        &Options::default(),
        1_000 * n as u64,
        1_000,
        100_000,
        Checks::Full,
        &mut check_invariants,
    )
    .unwrap_or_else(|e| panic!("{n} players: {e}"));
    assert_eq!(stats.games, 1_000);
    eprintln!(
        "alea-iacta-est self-play, {n} players: {} games, {} actions, {:.1}s (Checks::Full)",
        stats.games,
        stats.actions,
        t.elapsed().as_secs_f64()
    );
}

#[test]
fn selfplay_2_players_1000_games_with_invariants() {
    selfplay(2);
}

#[test]
fn selfplay_3_players_1000_games_with_invariants() {
    selfplay(3);
}

#[test]
fn selfplay_4_players_1000_games_with_invariants() {
    selfplay(4);
}

#[test]
fn selfplay_5_players_1000_games_with_invariants() {
    selfplay(5);
}

/// Plays one random game and returns its full event log (setup included).
pub fn random_log(n: usize, seed: u64) -> Vec<Event> {
    let options = Options::default();
    let game_seed = GameSeed::from_u64(seed);
    let mut state = AleaIactaEst::new_state(n, &options).unwrap();
    let mut log = AleaIactaEst::setup(&state, &mut game_seed.rng(SETUP_STREAM));
    for e in &log {
        AleaIactaEst::evolve(&mut state, e);
    }
    let mut chooser = GameSeed::from_u64(seed ^ 1).rng(0);
    let mut position = 0;
    while AleaIactaEst::outcome(&state).is_none() {
        let s = AleaIactaEst::to_act(&state)[0];
        let actions = AleaIactaEst::legal_actions(&state, s);
        let action = rand::seq::IndexedRandom::choose(actions.as_slice(), &mut chooser).unwrap();
        let events = AleaIactaEst::decide(&state, s, action, &mut game_seed.rng(position)).unwrap();
        position += events.len() as u64;
        for e in &events {
            AleaIactaEst::evolve(&mut state, e);
        }
        log.extend(events);
    }
    log
}

#[test]
fn replayed_json_log_gives_the_same_views() {
    for n in 2..=5 {
        let log = random_log(n, 40 + n as u64);
        let options = Options::default();
        let mut direct = AleaIactaEst::new_state(n, &options).unwrap();
        let mut replayed = AleaIactaEst::new_state(n, &options).unwrap();
        for e in &log {
            AleaIactaEst::evolve(&mut direct, e);
            let text = serde_json::to_string(e).unwrap();
            let back: Event = serde_json::from_str(&text).unwrap();
            assert_eq!(&back, e);
            AleaIactaEst::evolve(&mut replayed, &back);
        }
        assert!(AleaIactaEst::outcome(&replayed).is_some());
        assert_eq!(direct, replayed);
        for viewer in (0..n).map(Viewer::Seat).chain([Viewer::Spectator]) {
            assert_eq!(json(&AleaIactaEst::view(&direct, viewer)), json(&AleaIactaEst::view(&replayed, viewer)));
        }
    }
}

#[test]
fn redacted_events_hide_what_the_viewer_may_not_know() {
    for n in 2..=5 {
        let log = random_log(n, 90 + n as u64);
        let over_at = log.len() - 1;
        for (i, e) in log.iter().enumerate() {
            let spectator = json(&AleaIactaEst::redact(e, Viewer::Spectator).unwrap());
            let is_end = i == over_at;
            // Spectators never see a favour id except kept ones, nor a Senate card id before game end.
            if !matches!(e, E::TemplumResolved { .. }) {
                assert!(!has_id(&spectator, "favour_"), "{spectator}");
            }
            if !is_end && !matches!(e, E::SenateDeckShuffled { .. }) {
                assert!(!has_id(&spectator, "senate_"), "{spectator}");
            }
            if matches!(
                e,
                E::FavourPileShuffled { .. }
                    | E::FavourReshuffled { .. }
                    | E::SenateDeckShuffled { .. }
                    | E::ProvincePileShuffled { .. }
                    | E::InhabitantPileShuffled { .. }
            ) {
                for s in 0..n {
                    let text = json(&AleaIactaEst::redact(e, Viewer::Seat(s)).unwrap());
                    assert!(!text.contains("order"), "{text}");
                }
            }
            for s in 0..n {
                let seen = AleaIactaEst::redact(e, Viewer::Seat(s)).unwrap();
                let text = json(&seen);
                match e {
                    E::FavourDrawn { seat: d, .. } => {
                        assert_eq!(has_id(&text, "favour_"), d.seat() == s, "{text}");
                    }
                    E::SenateDrawn { seat: d, .. }
                    | E::SenateKept { seat: d, .. }
                    | E::SenateReturned { seat: d, .. } => {
                        assert_eq!(has_id(&text, "senate_"), d.seat() == s, "{text}");
                    }
                    E::SenatePassed { from, to, .. } => {
                        assert_eq!(has_id(&text, "senate_"), from.seat() == s || to.seat() == s, "{text}");
                    }
                    E::SenateToThird { seat: d, from, .. } => {
                        assert_eq!(has_id(&text, "senate_"), from.seat() == s || d.seat() == s, "{text}");
                    }
                    _ => {}
                }
            }
        }
    }
}

/// Issue 14: once the game is over its log and views are public, except what stays secret forever: the Senate cards
/// put under the deck (with the rest of the deck), the favour tokens discarded face down (with the rest of the
/// piles), the tiles never revealed and the shuffle orders. The Senate cards kept by anyone are revealed (A12).
#[test]
fn alea_secret_senate_cards_and_discarded_favours_stay_secret_after_the_game() {
    for n in [4, 5] {
        let (session, log) = testing::play_to_the_end(&TitleAdapter::<AleaIactaEst>::default(), n, 60 + n as u64);
        let mut state = AleaIactaEst::new_state(n, &Options::default()).unwrap();
        let events: Vec<Event> = testing::title_events(&log);
        for e in &events {
            evolve(&mut state, e);
        }
        let quoted = |id: &str| format!("\"{id}\"");
        let returned: Vec<String> = events
            .iter()
            .filter_map(|e| match e {
                E::SenateReturned { cards, .. } => cards.clone(),
                _ => None,
            })
            .flatten()
            .map(|c| quoted(c.id()))
            .collect();
        let discarded: Vec<String> = state.favour_discard.iter().map(|t| quoted(t.id())).collect();
        let secret: Vec<String> = (state.senate_deck.iter().map(|c| c.id()))
            .chain(state.favour_pile.iter().chain(&state.favour_discard).map(|t| t.id()))
            .chain(state.province_pile.iter().map(|p| p.id()))
            .chain(state.inhabitant_pile.iter().map(|h| h.id()))
            .map(quoted)
            .collect();
        assert!(returned.iter().any(|c| secret.contains(c)), "a card put under the deck stays there");
        assert!(!discarded.is_empty(), "favour tokens were discarded in the last round");
        let held: Vec<String> = state
            .seats
            .iter()
            .flat_map(|s| &s.senate_cards)
            .map(|c| quoted(c.id()))
            .collect();
        for viewer in (0..n).map(Viewer::Seat).chain([Viewer::Spectator]) {
            let shown = testing::shown(session.as_ref(), &log, viewer);
            assert_eq!(shown.len(), log.len() + 1, "every event is shown, and the view");
            for text in &shown {
                assert!(!secret.iter().any(|id| text.contains(id)), "{viewer:?} sees a secret: {text}");
                assert!(!text.contains("\"order\""), "{viewer:?} sees a shuffle order: {text}");
            }
            let log_only = shown[..log.len()].concat();
            assert!(held.iter().all(|c| log_only.contains(c)), "kept Senate cards are revealed in the log");
        }
    }
}

/// A log cut anywhere, between the events of one decision too (`?at=N`, a store that lost its tail), is a game that
/// answers every question without panicking.
#[test]
fn every_prefix_of_random_logs_answers_without_panicking() {
    testing::assert_every_prefix_answers(&TitleAdapter::<AleaIactaEst>::default(), 4);
}
