//! Test support: games played through the type-erased session, exactly as the service plays and shows them.

use rand::Rng;
use rand::seq::IndexedRandom;
use serde_json::{Value, json};

use super::typed_session::Session;
use crate::engine::table::TableAction;
use crate::engine::{ActionError, Game, GameSeed, GameSession, Lang, Played, Title, Viewer};

/// A game of random legal actions played to its end: the finished session and its stored log. The table's listed
/// actions (undo) are left out, as a random client must.
pub(crate) fn play_to_the_end(title: &dyn Title, players: usize, seed: u64) -> (Box<dyn GameSession>, Vec<String>) {
    play(title, players, seed, false)
}

/// As `play_to_the_end`, but a seat that may undo does so one time in three. Before every step, each seat's undo is
/// accepted exactly when it is listed; every undo gives back the game as it was before the decision it undid (the
/// views of every viewer, who is to act, the title's actions). After every step, the session played and one that
/// folded the stored events in agree, their undo trails included.
pub(crate) fn play_undoing_to_the_end(
    title: &dyn Title,
    players: usize,
    seed: u64,
) -> (Box<dyn GameSession>, Vec<String>) {
    play(title, players, seed, true)
}

fn play(title: &dyn Title, players: usize, seed: u64, undoing: bool) -> (Box<dyn GameSession>, Vec<String>) {
    let options = title.normalize_options(None).expect("default options");
    let game_seed = GameSeed::from_u64(seed);
    let mut log = title
        .create(players, &options, game_seed)
        .expect("a valid player count");
    let mut session = title.replay(players, &options, &log).expect("its own log");
    let mut stored = title.replay(players, &options, &log).expect("its own log");
    let mut chooser = GameSeed::from_u64(seed ^ 1).rng(0);
    // What each decision not undone started from, latest last, with its seat.
    let mut decisions: Vec<(usize, Vec<Value>)> = Vec::new();
    let undo = json!({"type": "undo"});
    while !session.is_finished() {
        let may_undo: Vec<usize> = if undoing {
            (0..players)
                .filter(|&seat| undo_listed_exactly_when_allowed(session.as_ref(), seat, &undo))
                .collect()
        } else {
            Vec::new()
        };
        let undoer = may_undo
            .choose(&mut chooser)
            .copied()
            .filter(|_| chooser.random_ratio(1, 3));
        let (seat, action) = match undoer {
            Some(seat) => (seat, undo.clone()),
            None => {
                let seat = *session
                    .to_act()
                    .choose(&mut chooser)
                    .expect("someone acts in an unfinished game");
                let actions = title_actions(title, session.legal_actions(seat));
                let action = actions.choose(&mut chooser).expect("a seat to act has actions").clone();
                if undoing {
                    decisions.push((seat, everything_of_the_game(session.as_ref(), players)));
                }
                (seat, action)
            }
        };
        let played = session
            .play(seat, &action, game_seed, 0)
            .expect("listed actions are accepted");
        assert_decided_as_stored(&played, players);
        if undoing {
            stored.apply(&played.events).expect("its own events");
            assert_eq!(stored.snapshot(), played.next.snapshot(), "stored and played alike");
        }
        log.extend(played.events);
        session = played.next;
        if undoer.is_some() {
            let (decided, before) = decisions.pop().expect("an undo undoes a decision");
            assert_eq!(decided, seat, "a seat undoes its own decision");
            assert_eq!(everything_of_the_game(session.as_ref(), players), before, "the game before it");
        }
    }
    (session, log)
}

/// Every prefix of random games' logs (`games` seeds, every player count, one game in two undoing now and then),
/// cut anywhere, in the middle of a decision's events too (what `?at=N`, or a store that lost its tail, gives),
/// replays and answers everything a game is asked without panicking: who is to act and whether a bot is, every
/// seat's legal actions (with their words) and view, the spectator's view, the outcome and the rewards; and a few of
/// each seat's listed actions, played there, are decided or refused without panicking too.
pub(crate) fn assert_every_prefix_answers(title: &dyn Title, games: u64) {
    let info = title.info();
    let options = title.normalize_options(None).expect("default options");
    for players in info.min_players..=info.max_players {
        for seed in 0..games {
            let play = if seed % 2 == 0 {
                play_to_the_end
            } else {
                play_undoing_to_the_end
            };
            let (_, log) = play(title, players, seed);
            let mut session = title.replay(players, &options, &[]).expect("an empty log");
            for (cut, event) in log.iter().enumerate() {
                let asked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    let _ = (session.to_act(), session.bot_to_act(), session.is_finished());
                    let _ = (session.outcome(), session.rewards(), session.view(Viewer::Spectator));
                    for seat in 0..players {
                        let listed = title_actions(title, session.legal_actions(seat));
                        let _ = (session.view(Viewer::Seat(seat)), session.labelled_actions_json(seat, Lang::En));
                        for action in listed.iter().take(4) {
                            let _ = session.play(seat, action, GameSeed::from_u64(seed), 0);
                        }
                    }
                }));
                if let Err(panic) = asked {
                    let why = panic
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| panic.downcast_ref::<&str>().map(|why| (*why).to_owned()))
                        .unwrap_or_default();
                    panic!(
                        "{} with {players} players, seed {seed}: the log cut after {cut} of {} events panics ({why}); \
                         the last events: {:?}",
                        info.id,
                        log.len(),
                        &log[cut.saturating_sub(3)..cut]
                    );
                }
                session.apply(std::slice::from_ref(event)).expect("its own event");
            }
        }
    }
}

/// What every viewer is shown of a step's events from them as they were decided (a move's answer) is what it is
/// shown of them once stored and read back (the log, the streams), words included.
fn assert_decided_as_stored(played: &Played, players: usize) {
    let finished = played.next.is_finished();
    let viewers = (0..players).map(Viewer::Seat).chain([Viewer::Spectator]);
    for viewer in viewers {
        for lang in std::iter::once(None).chain(Lang::ALL.map(Some)) {
            let decided: Vec<_> = played
                .decided
                .iter()
                .flat_map(|decided| decided.told(viewer, finished, lang))
                .map(|told| told.map(|(json, text)| (json.get().to_owned(), text)))
                .collect();
            let stored: Vec<_> = played
                .events
                .iter()
                .map(|event| {
                    let json = played.next.redact(event, viewer)?.get().to_owned();
                    Some((json, lang.and_then(|lang| played.next.event_text(event, viewer, lang))))
                })
                .collect();
            assert_eq!(decided, stored, "{viewer:?} in {lang:?}");
        }
    }
}

/// The title's own actions among `listed` (a random player that offered draws or took moves back would play other
/// games than the titles' own).
pub(crate) fn title_actions(title: &dyn Title, listed: Vec<serde_json::Value>) -> Vec<serde_json::Value> {
    listed
        .into_iter()
        .filter(|action| TableAction::parse(action).is_none() || title.is_action(action))
        .collect()
}

/// A session of title `G` at `state` (a position the title's tests built), every seat taken, no clock: where the
/// title's undo scenarios start.
pub(crate) fn session_at<G: Game>(state: G::State, players: usize) -> Box<dyn GameSession> {
    Box::new(Session::<G>::new(state, players))
}

/// `seat` plays `actions` from `session`, each listed: it may then undo every one, latest first, each undo listed and
/// giving back the game as it was before the action it undoes. Returns the session after the actions.
pub(crate) fn assert_undoable(
    session: &dyn GameSession,
    players: usize,
    seat: usize,
    actions: &[Value],
) -> Box<dyn GameSession> {
    let undo = json!({"type": "undo"});
    let mut befores = Vec::new();
    let mut played = session.clone_session();
    for action in actions {
        assert!(played.legal_actions(seat).contains(action), "{action} is listed");
        befores.push(everything_of_the_game(played.as_ref(), players));
        played = played
            .play(seat, action, GameSeed::from_u64(0), 0)
            .expect("a listed action")
            .next;
    }
    let after = played.clone_session();
    while let Some(before) = befores.pop() {
        assert!(undo_listed_exactly_when_allowed(played.as_ref(), seat, &undo), "an undo for each action");
        played = played
            .play(seat, &undo, GameSeed::from_u64(0), 0)
            .expect("a listed undo")
            .next;
        assert_eq!(everything_of_the_game(played.as_ref(), players), before, "the game before the action");
    }
    assert!(!undo_listed_exactly_when_allowed(played.as_ref(), seat, &undo), "nothing more to undo");
    after
}

/// `seat` plays `action` from `session`, listed: no seat may then undo.
pub(crate) fn assert_not_undoable(session: &dyn GameSession, players: usize, seat: usize, action: &Value) {
    assert!(session.legal_actions(seat).contains(action), "{action} is listed");
    let played = session
        .play(seat, action, GameSeed::from_u64(0), 0)
        .expect("a listed action")
        .next;
    for seat in 0..players {
        assert_cannot_undo(played.as_ref(), seat);
    }
}

/// `seat` may not undo: no undo is listed for it, and one is refused.
pub(crate) fn assert_cannot_undo(session: &dyn GameSession, seat: usize) {
    let undo = json!({"type": "undo"});
    assert!(!undo_listed_exactly_when_allowed(session, seat, &undo), "seat {seat} may not undo");
}

/// Whether `seat` may undo, after checking that an undo is listed for it exactly when it is accepted.
fn undo_listed_exactly_when_allowed(session: &dyn GameSession, seat: usize, undo: &Value) -> bool {
    let listed = session.legal_actions(seat).contains(undo);
    match session.play(seat, undo, GameSeed::from_u64(0), 0) {
        Ok(_) => assert!(listed, "seat {seat} may undo, unlisted"),
        Err(ActionError::Rule(refusal)) => {
            assert!(!listed, "seat {seat}'s listed undo is refused: {refusal}");
            assert_eq!(refusal.code.as_str(), "undo_not_allowed");
        }
        Err(other) => panic!("an undo is refused with {other}"),
    }
    listed
}

/// The game as its players see it: every viewer's view, who is to act, each seat's title actions.
fn everything_of_the_game(session: &dyn GameSession, players: usize) -> Vec<Value> {
    let mut seen = vec![json!(session.to_act()), json!(session.view(Viewer::Spectator))];
    for seat in 0..players {
        seen.push(json!(session.view(Viewer::Seat(seat))));
        let title_actions: Vec<Value> = (session.legal_actions(seat).into_iter())
            .filter(|action| TableAction::parse(action).is_none())
            .collect();
        seen.push(json!(title_actions));
    }
    seen
}

/// The title's own events of a stored log, parsed (the table's events, which the title never sees, left out).
pub(crate) fn title_events<E: serde::de::DeserializeOwned>(log: &[String]) -> Vec<E> {
    log.iter()
        .filter(|text| crate::engine::table::TableEvent::parse(text).is_none())
        .map(|text| serde_json::from_str(text).expect("a title's event"))
        .collect()
}

/// The events of a finished game as `viewer` is shown them, parsed, after checking that every event is shown and
/// that no event shows a field `secret_fields` names for its `type`.
pub(crate) fn shown_events_hiding(
    session: &dyn GameSession,
    log: &[String],
    viewer: Viewer,
    secret_fields: &dyn Fn(&str) -> &'static [&'static str],
) -> Vec<serde_json::Value> {
    let shown = shown(session, log, viewer);
    assert_eq!(shown.len(), log.len() + 1, "every event is shown, and the view");
    let events: Vec<serde_json::Value> = shown[..log.len()]
        .iter()
        .map(|text| serde_json::from_str(text).expect("shown events are JSON"))
        .collect();
    for event in &events {
        let kind = event["type"].as_str().expect("events have a type");
        for field in secret_fields(kind) {
            assert!(event.get(*field).is_none(), "{viewer:?} sees {kind}.{field}");
        }
    }
    events
}

/// Everything `viewer` is shown of a game: each event of its log as the session redacts it, then its view.
pub(crate) fn shown(session: &dyn GameSession, log: &[String], viewer: Viewer) -> Vec<String> {
    log.iter()
        .filter_map(|event| session.redact(event, viewer))
        .chain(session.view(viewer))
        .map(|value| value.to_string())
        .collect()
}

/// The event and action types random games of `G` met, told in words.
#[derive(Debug, Default)]
pub(crate) struct Told {
    pub(crate) events: std::collections::BTreeSet<String>,
    pub(crate) actions: std::collections::BTreeSet<String>,
}

/// Plays a random game of `G` per seed and tells, in every language, each event as each viewer sees it (every seat,
/// a spectator, and everyone once the game is over) and each legal action of each seat to act, checking every text
/// (`assert_words`). Returns the types it met, for the caller to check they are the ones it expects.
pub(crate) fn assert_told<G: Game>(players: usize, seeds: std::ops::Range<u64>) -> Told {
    let mut told = Told::default();
    let kind = |value: &Value| value["type"].as_str().expect("a type").to_owned();
    let viewers: Vec<Viewer> = (0..players).map(Viewer::Seat).chain([Viewer::Spectator]).collect();
    let tell = |event: &G::Event, told: &mut Told| {
        told.events.insert(kind(&json!(event)));
        let shown = viewers
            .iter()
            .filter_map(|viewer| G::redact(event, *viewer))
            .chain([G::redact_finished(event)]);
        for shown in shown {
            for lang in crate::engine::Lang::ALL {
                assert_words(&G::describe(&shown, lang), &json!(shown));
            }
        }
    };
    for seed in seeds {
        let game_seed = GameSeed::from_u64(seed);
        let mut chooser = GameSeed::from_u64(seed ^ 0x7e11).rng(0);
        let mut state = G::new_state(players, &G::Options::default()).expect("a state");
        let mut position = 0;
        for event in G::setup(&state, &mut game_seed.rng(crate::engine::SETUP_STREAM)) {
            tell(&event, &mut told);
            G::evolve(&mut state, &event);
        }
        while G::outcome(&state).is_none() {
            let to_act = G::to_act(&state);
            for &seat in &to_act {
                for action in G::legal_actions(&state, seat) {
                    told.actions.insert(kind(&json!(action)));
                    for lang in crate::engine::Lang::ALL {
                        assert_words(&G::label(&action, lang), &json!(action));
                    }
                }
            }
            let seat = *to_act.choose(&mut chooser).expect("a seat to act");
            let action = G::legal_actions(&state, seat)
                .choose(&mut chooser)
                .cloned()
                .expect("an action");
            let events = G::decide(&state, seat, &action, &mut game_seed.rng(position)).expect("a legal action");
            position += events.len() as u64;
            for event in &events {
                tell(event, &mut told);
                G::evolve(&mut state, event);
            }
        }
    }
    told
}

/// Checks the words for `what`: a sentence of its own, with names, not ids (no `snake_case` word, no JSON).
#[track_caller]
pub(crate) fn assert_words(text: &str, what: &Value) {
    assert!(!text.trim().is_empty(), "no words for {what}");
    assert!(!text.contains(['_', '{', '}', '"']), "an id or JSON in {text:?} for {what}");
}
