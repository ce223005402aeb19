//! `Session<G>` through real titles: snapshots that rebuild the replayed game, undos and their deadlines, and the
//! snapshot format's name.

use serde_json::json;

use crate::engine::bot::Bot;
use crate::engine::table::{OpenedSeat, TableEvent};
use crate::engine::testing::{play_to_the_end, play_undoing_to_the_end};
use crate::engine::{ActionError, BotMove, GameSeed, GameSession, Opening, Registry, RuleCode, Title, Viewer};

/// Everything a session answers with: its whole state as a value (key order aside), every viewer's view, the
/// seats to act and their legal actions, the outcome.
fn everything(session: &dyn GameSession, players: usize) -> Vec<serde_json::Value> {
    let parse = |text: &str| serde_json::from_str::<serde_json::Value>(text).expect("JSON");
    let mut seen = vec![
        parse(&session.snapshot()),
        serde_json::json!(session.to_act()),
        serde_json::json!(session.outcome()),
        serde_json::json!(session.view(Viewer::Spectator)),
    ];
    for seat in 0..players {
        seen.push(serde_json::json!(session.view(Viewer::Seat(seat))));
        seen.push(serde_json::json!(session.legal_actions(seat)));
    }
    seen
}

/// A game restored from a snapshot taken at any position, then fed the rest of its log, is the game a replay
/// from zero builds: snapshots never change what a log means, undos and what may be undone included.
#[test]
fn a_snapshot_then_the_rest_of_the_log_rebuilds_the_replayed_game() {
    for title in Registry::with_all_titles().titles() {
        let info = title.info();
        let options = title.normalize_options(None).expect("default options");
        let mut undos = 0;
        for players in info.min_players..=info.max_players {
            for seed in 0..3 {
                let (log, undone) = played_log(title.as_ref(), players, seed);
                undos += undone.len();
                let regular = (0..log.len()).step_by(log.len() / 7 + 1).chain([log.len()]);
                let positions: Vec<usize> = regular.chain(undone.into_iter().step_by(3)).collect();
                assert_snapshots_rebuild(title.as_ref(), players, seed, &options, &log, &positions);
            }
        }
        assert!(undos > 0, "{}: some random games undo", info.id);
    }
}

/// The log of a random game of `title`, and the positions of its undos. The third game (`seed` 2) undoes now and
/// then: its snapshots are also taken just before some undos, when there is something to undo.
fn played_log(title: &dyn Title, players: usize, seed: u64) -> (Vec<String>, Vec<usize>) {
    let play = if seed < 2 {
        play_to_the_end
    } else {
        play_undoing_to_the_end
    };
    let (_, log) = play(title, players, seed);
    let undone: Vec<usize> = (0..log.len())
        .filter(|&index| log[index].starts_with(r#"{"type":"undone""#))
        .collect();
    (log, undone)
}

/// A snapshot at each of `positions` of `log`, restored and fed the rest of it, answers as the whole log's replay.
fn assert_snapshots_rebuild(
    title: &dyn Title,
    players: usize,
    seed: u64,
    options: &serde_json::Value,
    log: &[String],
    positions: &[usize],
) {
    let info = title.info();
    let replayed = title.replay(players, options, log).expect("its own log");
    let expected = everything(replayed.as_ref(), players);
    for &position in positions {
        let early = title.replay(players, options, &log[..position]).expect("a prefix");
        let snapshot = early.snapshot();
        let mut restored = title.restore(&snapshot).expect("its own snapshot");
        assert_eq!(restored.snapshot(), snapshot, "{} restores what it saved", info.id);
        restored.apply(&log[position..]).expect("the rest of the log");
        assert_eq!(
            everything(restored.as_ref(), players),
            expected,
            "{} with {players} players, seed {seed}: snapshot at {position} of {}",
            info.id,
            log.len()
        );
    }
}

/// An undo gives back the turn deadline that ran before the decision it takes back (no new one); it is refused
/// once that deadline has passed, and to a seat a bot plays.
#[test]
fn an_undo_keeps_the_deadline_before_the_decision_and_is_refused_late_and_to_bots() {
    let registry = Registry::with_all_titles();
    let title = registry.get("caesar-cleopatra").expect("the title");
    let options = title.normalize_options(None).expect("default options");
    let seat = |id: &str, bot| OpenedSeat {
        seat: id.into(),
        open: false,
        name: None,
        bot,
        account: None,
        invited: None,
    };
    let opened = TableEvent::TableOpened {
        seats: vec![seat("cleopatra", Some(Bot::Random {})), seat("caesar", None)],
        turn_seconds: Some(60),
        expires_at_ms: None,
        on_decline: None,
        created_by: None,
        on_leave: None,
        clock: None,
        chat: None,
        rated: false,
    };
    let seed = GameSeed::from_u64(3);
    let opening = Opening {
        players: 2,
        options: &options,
        opened,
        seed,
        now_ms: 0,
    };
    let log = title.open(opening).expect("a game");
    let session = title.replay(2, &options, &log).expect("its own log");
    let undo = json!({"type": "undo"});
    let refusal = |session: &dyn GameSession, seat, now_ms| match session.play(seat, &undo, seed, now_ms) {
        Err(ActionError::Rule(refusal)) => refusal.code.as_str(),
        other => panic!("an undo refused, not {:?}", other.map(|played| played.events)),
    };
    // Both seats stack their pile 2 at once: the bot first.
    let bot_moved = (session.play_bot(
        BotMove {
            seat: 0,
            bot: Bot::Random {},
            seed,
            now_ms: 1_000,
        },
        &mut || false,
    ))
    .expect("a bot's move")
    .next;
    assert!(!bot_moved.legal_actions(0).contains(&undo));
    assert_eq!(refusal(bot_moved.as_ref(), 0, 1_000), "undo_not_allowed");
    let action = bot_moved.legal_actions(1).swap_remove(0);
    let moved = bot_moved.play(1, &action, seed, 2_000).expect("a listed action").next;
    assert_eq!(moved.table().deadline_ms, Some(62_000), "each move restarts it");
    let undone = moved.play(1, &undo, seed, 3_000).expect("a listed undo");
    let undone_event = TableEvent::Undone { seat: "caesar".into() };
    assert_eq!(undone.events, [undone_event.encode()], "no new deadline");
    assert_eq!(undone.next.table().deadline_ms, Some(61_000), "the bot's move set it");
    assert_eq!(refusal(moved.as_ref(), 1, 61_000), RuleCode::DeadlinePassed.as_str());
}

#[test]
fn a_snapshot_format_names_the_title_and_its_versions() {
    for title in Registry::with_all_titles().titles() {
        let format = title.snapshot_format();
        assert!(format.starts_with(title.info().id) && !format.contains(' '), "{format}");
    }
}
