//! Test support: games played through the type-erased session, exactly as the service plays and shows them.

use rand::seq::IndexedRandom;

use crate::engine::{GameSeed, GameSession, Title, Viewer};

/// A game of random legal actions played to its end: the finished session and its stored log.
pub(crate) fn play_to_the_end(title: &dyn Title, players: usize, seed: u64) -> (Box<dyn GameSession>, Vec<String>) {
    let options = title.normalize_options(None).expect("default options");
    let game_seed = GameSeed::from_u64(seed);
    let mut log = title
        .create(players, &options, game_seed)
        .expect("a valid player count");
    let mut session = title.replay(players, &options, &log).expect("its own log");
    let mut chooser = GameSeed::from_u64(seed ^ 1).rng(0);
    while !session.is_finished() {
        let seat = *session
            .to_act()
            .choose(&mut chooser)
            .expect("someone acts in an unfinished game");
        let actions = title_actions(title, session.legal_actions(seat));
        let action = actions.choose(&mut chooser).expect("a seat to act has actions");
        let played = session
            .play(seat, action, game_seed, 0)
            .expect("listed actions are accepted");
        log.extend(played.events);
        session = played.next;
    }
    (session, log)
}

/// The title's own actions among `listed` (a random player that offered draws or took moves back would play other
/// games than the titles' own).
pub(crate) fn title_actions(title: &dyn Title, listed: Vec<serde_json::Value>) -> Vec<serde_json::Value> {
    listed
        .into_iter()
        .filter(|action| crate::engine::table::TableAction::parse(action).is_none() || title.is_action(action))
        .collect()
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
