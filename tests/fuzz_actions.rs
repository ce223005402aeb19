//! Arbitrary JSON sent as an action to every title, at the start and in the middle of games: the engine never
//! panics; the answer is always a schema error, a rule error, or an accepted move.

use crate::common;

use ludus::engine::{ActionError, GameSeed, GameSession, Title};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

/// Any JSON value, a few levels deep.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (-10i64..60).prop_map(Value::from),
        any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        "[a-z_]{0,12}".prop_map(Value::String),
        ".{0,8}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{1,10}", inner, 0..6)
                .prop_map(|fields| Value::Object(fields.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// A player count of the title, varying with the seed.
fn players(title: &dyn Title, seed: u64) -> usize {
    let info = title.info();
    info.min_players + seed as usize % (info.max_players - info.min_players + 1)
}

/// A game of `title` after `moves` random legal actions (fewer if it ends).
fn game_after(title: &dyn Title, moves: usize, seed: u64) -> Box<dyn GameSession> {
    let options = title.normalize_options(None).expect("default options");
    let game_seed = GameSeed::from_u64(seed);
    let events = title.create(players(title, seed), &options, game_seed).expect("a game");
    let mut session = title.replay(players(title, seed), &options, &events).expect("replay");
    for step in 0..moves {
        let to_act = session.to_act();
        let Some(&seat) = to_act.get(step % to_act.len().max(1)) else {
            break;
        };
        let actions = common::title_actions(&session.legal_actions(seat));
        let Some(action) = actions.get((seed as usize + step) % actions.len().max(1)) else {
            break;
        };
        session = session
            .play(seat, action, game_seed, 0)
            .expect("a listed action is accepted")
            .next;
    }
    session
}

/// Plays `action` for every seat; panics (failing the property) only if the engine does.
fn try_everywhere(session: &dyn GameSession, players: usize, action: &Value) {
    for seat in 0..players {
        match session.play(seat, action, GameSeed::from_u64(9), 0) {
            Ok(played) => assert!(played.next.version() > session.version(), "an accepted move adds events"),
            Err(ActionError::Malformed(_) | ActionError::Rule(_) | ActionError::GameOver) => {}
        }
    }
}

/// A legal action of the session with one field replaced by arbitrary JSON (to get past the schema into the rules).
fn mutated(session: &dyn GameSession, pick: usize, field_pick: usize, value: Value) -> Option<Value> {
    let to_act = session.to_act();
    let seat = *to_act.get(pick % to_act.len().max(1))?;
    let actions = common::title_actions(&session.legal_actions(seat));
    let mut action = actions.get(pick % actions.len().max(1))?.clone();
    let fields = action.as_object_mut()?;
    let keys: Vec<String> = fields.keys().filter(|k| *k != "type").cloned().collect();
    match keys.get(field_pick % keys.len().max(1)) {
        Some(key) => fields.insert(key.clone(), value),
        None => fields.insert("extra".into(), value),
    };
    Some(action)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_json_never_breaks_an_engine(action in any_json(), moves in 0usize..40, seed in 0u64..1000) {
        let registry = common::registry();
        for title in registry.titles() {
            let session = game_after(title.as_ref(), moves, seed);
            try_everywhere(session.as_ref(), players(title.as_ref(), seed), &action);
            let typed = json!({"type": action.get("type").cloned().unwrap_or(Value::Null), "value": action});
            try_everywhere(session.as_ref(), players(title.as_ref(), seed), &typed);
        }
    }

    #[test]
    fn mutated_legal_actions_never_break_an_engine(
        value in any_json(), moves in 0usize..60, seed in 0u64..1000, pick in any::<usize>(), field in any::<usize>()
    ) {
        let registry = common::registry();
        for title in registry.titles() {
            let session = game_after(title.as_ref(), moves, seed);
            if let Some(action) = mutated(session.as_ref(), pick, field, value.clone()) {
                try_everywhere(session.as_ref(), players(title.as_ref(), seed), &action);
            }
        }
    }
}
