//! Built-in opponents: seats played by bots at creation, their moves played at once by the instance that made it
//! their turn (or by a sweep), exactly once however many instances try.

use crate::common;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::http::send;
use common::{RedisServer, ServerProcess, free_port, memory};
use ludus::engine::bot::Bot;
use ludus::engine::{BotMove, Registry};
use ludus::service::{Caller, GameId, GameService, NewGame, now_ms};
use ludus::store::EventStore;
use rand::seq::IndexedRandom;
use serde_json::{Value, json};

fn service(store: Arc<dyn EventStore>) -> Arc<GameService> {
    Arc::new(GameService::new(Registry::with_all_titles(), store))
}

/// Waits for game `id` to be finished, as `service` sees it.
async fn finished(service: &GameService, id: &str, within: Duration) -> ludus::service::LoadedGame {
    let deadline = Instant::now() + within;
    loop {
        let snapshot = service.games.load(&GameId::parse(id).unwrap()).await.expect("the game");
        if snapshot.session.is_finished() {
            return snapshot;
        }
        assert!(Instant::now() < deadline, "game {id} is not over after {within:?} (version {})", snapshot.version());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_games_of_every_title_finish() {
    let service = service(memory());
    tokio::spawn(service.clone().run_background(None));
    let titles: Vec<_> = service
        .titles()
        .map(|info| (info.id, info.seats.clone(), info.min_players..=info.max_players))
        .collect();
    for (title, seats, players) in titles {
        for players in players {
            let bots: BTreeMap<String, Bot> = seats[..players]
                .iter()
                .map(|seat| ((*seat).to_owned(), Bot::Random {}))
                .collect();
            let created = with_bots(&service, &bots, title, players, Some(players as u64), None).await;
            assert!(created.tokens.is_empty(), "{title}: a bot's seat has no token");
            let id = created.game.meta.id.clone();
            let over = finished(&service, &id, Duration::from_secs(120)).await;
            assert!(over.session.table().ending.is_none(), "{title} {players}p: played out, not ended at the table");
            assert!(over.session.outcome().is_some(), "{title} {players}p: the rules' result");
            assert!(over.version() > 20, "{title} {players}p: a whole game, not {} events", over.version());
        }
    }
}

#[tokio::test]
async fn a_bot_seat_in_a_game_with_two_instances_moves_exactly_once_per_turn() {
    let redis = RedisServer::start();
    for store in [memory(), redis.store()] {
        let (one, two) = (service(store.clone()), service(store));
        let bots = BTreeMap::from([("cleopatra".to_owned(), Bot::Random {})]);
        let created = with_bots(&one, &bots, "caesar-cleopatra", 2, Some(5), None).await;
        let id = created.game.meta.id.clone();
        let [(seat, token)] = &created.tokens[..] else {
            panic!("one token: caesar's")
        };
        assert_eq!(*seat, "caesar");
        let human = created.game.seats.iter().position(|seat| *seat == "caesar").unwrap();
        let mut rng = rand::rng();
        let mut bot_turns = 0;
        for turn in 0..400 {
            let instance = if turn % 2 == 0 { &one } else { &two };
            let before = instance.games.load(&id).await.expect("the game");
            if before.session.is_finished() {
                break;
            }
            if let Some((bot_seat, bot)) = before.session.bot_to_act() {
                // Both instances play the bot's turn at once: one move lands, the other finds it played.
                let alone = before
                    .session
                    .play_bot(
                        BotMove {
                            seat: bot_seat,
                            bot,
                            seed: before.seed().unwrap(),
                            now_ms: now_ms(),
                        },
                        &mut || false,
                    )
                    .expect("a move");
                let (a, b) = tokio::join!(one.games.settle_due(&id, now_ms()), two.games.settle_due(&id, now_ms()));
                a.expect("settled");
                b.expect("settled");
                let after = one.games.load(&id).await.expect("the game");
                let bot_events = alone.events.len() as u64;
                // The bot's turn ended with its one move: the human is to act (or the game is over).
                assert!(after.session.bot_to_act().is_none(), "turn {turn}: the bot moved until it was not its turn");
                assert!(after.version() >= before.version() + bot_events, "turn {turn}: the bot's move is in the log");
                let log = one.games.log_until(&after, after.version()).await.expect("the log");
                assert_eq!(
                    &log[before.version() as usize..][..alone.events.len()],
                    &alone.events[..],
                    "turn {turn}: the log holds the bot's move once, as one instance alone plays it"
                );
                bot_turns += 1;
                continue;
            }
            assert!(before.session.to_act().contains(&human), "turn {turn}: the human is to act when the bot is not");
            let actions: Vec<Value> = serde_json::from_str(before.session.legal_actions_json(human).get()).unwrap();
            let action = common::title_actions(&actions)
                .choose(&mut rng)
                .expect("a legal action")
                .clone();
            let request = ludus::service::MoveRequest {
                known: None,
                action: &action,
                expected_version: None,
                idempotency_key: None,
            };
            instance
                .games
                .play(&id, &Caller::Token(token.to_owned()), &request)
                .await
                .unwrap_or_else(|e| panic!("turn {turn}: {action} refused: {e}"));
        }
        assert!(bot_turns > 5, "the bot played its turns ({bot_turns})");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_bot_never_holds_up_a_game_its_budget_cuts_the_search() {
    let service = service(memory());
    tokio::spawn(service.clone().run_background(None));
    // The most iterations a bot may be given would take this build seconds a move: only the 20 ms budget lets the
    // game end in time.
    let slow = Bot::Search {
        iterations: Some(ludus::engine::bot::MAX_ITERATIONS),
        budget_ms: Some(20),
    };
    let bots = BTreeMap::from([("cleopatra".to_owned(), slow), ("caesar".to_owned(), Bot::Random {})]);
    let created = with_bots(&service, &bots, "caesar-cleopatra", 2, Some(5), None).await;
    let id = created.game.meta.id.clone();
    let over = finished(&service, &id, Duration::from_secs(240)).await;
    assert!(over.session.outcome().is_some(), "played to the rules' end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn search_bots_beyond_the_instances_slots_wait_their_turn_and_every_game_goes_on() {
    let service = Arc::new(GameService::new(Registry::with_all_titles(), memory()).with_search_slots(1));
    tokio::spawn(service.clone().run_background(None));
    let thinker = Bot::Search {
        iterations: Some(ludus::engine::bot::MAX_ITERATIONS),
        budget_ms: Some(40),
    };
    let bots = BTreeMap::from([("cleopatra".to_owned(), thinker), ("caesar".to_owned(), thinker)]);
    let mut games = Vec::new();
    for seed in 0..3 {
        let created = with_bots(&service, &bots, "caesar-cleopatra", 2, Some(seed), None).await;
        games.push((created.game.meta.id.clone(), created.game.version()));
    }
    let (mut most, mut waited) = (0, 0);
    let sampling = Instant::now();
    while sampling.elapsed() < Duration::from_secs(2) {
        let (thinking, waiting) = service.games.searches();
        (most, waited) = (most.max(thinking), waited.max(waiting));
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    assert_eq!(most, 1, "one search at a time on an instance with one slot");
    assert!(waited >= 1, "the other games' bots waited for it");
    for (id, created_at) in games {
        let now = service.games.load(&id).await.expect("the game").version();
        assert!(now > created_at + 2, "game {id} went on ({created_at} -> {now})");
    }
}

/// A new game of `title` whose seats in `bots` are played by those bots, seeded with `seed`.
async fn with_bots(
    service: &GameService,
    bots: &BTreeMap<String, Bot>,
    title: &str,
    players: usize,
    seed: Option<u64>,
    options: Option<&Value>,
) -> ludus::service::Created {
    service
        .tables
        .create(NewGame {
            bots: Some(bots),
            ..NewGame::closed(title, players, seed, options)
        })
        .await
        .expect("created")
}

/// Polls the game as `token`'s seat until that seat is to act or the game is over.
fn wait_for_turn(port: u16, id: &str, token: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let game = send(port, "GET", &format!("/v1/games/{id}"), Some(token), None, None)
            .expect("the game")
            .body;
        let to_act = game["to_act"].as_array().expect("who is to act");
        if game["status"] == "finished" || to_act.contains(&game["seat"]) {
            return game;
        }
        assert!(Instant::now() < deadline, "the bot never moved: {game}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_person_plays_a_whole_game_against_a_bot_over_http() {
    let server = ServerProcess::start_on(free_port(), None);
    let port = server.port;
    let body = json!({"title": "caesar-cleopatra", "players": 2, "bots": {"cleopatra": {"kind": "random"}}});
    let created = send(port, "POST", "/v1/games", None, None, Some(&body)).expect("created");
    assert_eq!(created.status, 201, "{}", created.body);
    let seats = created.body["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 1, "a token for the person's seat only: {seats:?}");
    assert_eq!(seats[0]["seat"], "caesar");
    let token = seats[0]["token"].as_str().unwrap().to_owned();
    let players = created.body["game"]["players"].as_array().unwrap();
    let player = |seat: &str| players.iter().find(|player| player["seat"] == seat).unwrap();
    assert_eq!(player("cleopatra")["bot"], json!({"kind": "random"}), "{players:?}");
    assert!(player("caesar").get("bot").is_none(), "{players:?}");
    let id = created.body["game"]["id"].as_str().unwrap().to_owned();
    let mut rng = rand::rng();
    let mut moves = 0;
    loop {
        let game = wait_for_turn(port, &id, &token);
        if game["status"] == "finished" {
            assert_eq!(game["ending"]["reason"], "played_out", "{game}");
            break;
        }
        let action = common::title_actions(game["legal_actions"].as_array().unwrap())
            .choose(&mut rng)
            .map(|action| (*action).clone())
            .unwrap();
        let played = send(
            port,
            "POST",
            &format!("/v1/games/{id}/actions"),
            Some(&token),
            None,
            Some(&json!({"action": action})),
        )
        .expect("an answer");
        assert_eq!(played.status, 200, "{action}: {}", played.body);
        moves += 1;
        assert!(moves < 2_000, "the game does not end");
    }
    let events = send(port, "GET", &format!("/v1/games/{id}/events"), None, None, None)
        .expect("the log")
        .body;
    let first_moves: Vec<&Value> = events["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|entry| entry["event"]["type"] == "first_move")
        .map(|entry| &entry["event"]["seat"])
        .collect();
    assert!(first_moves.contains(&&json!("cleopatra")), "the bot moved: {first_moves:?}");
}

#[test]
fn bots_on_seats_the_game_lacks_or_also_chosen_are_refused() {
    let server = ServerProcess::start_on(free_port(), None);
    let create = |body: Value| send(server.port, "POST", "/v1/games", None, None, Some(&body)).expect("an answer");
    let unknown = create(json!({"title": "caesar-cleopatra", "players": 2, "bots": {"brutus": {"kind": "random"}}}));
    assert_eq!((unknown.status, &unknown.body["code"]), (400, &json!("invalid_seats")), "{}", unknown.body);
    let beyond = create(json!({"title": "rome-carthage", "players": 2, "bots": {"tertius": {"kind": "random"}}}));
    assert_eq!((beyond.status, &beyond.body["code"]), (422, &json!("seats_conflict")), "{}", beyond.body);
    let both = create(json!({"title": "caesar-cleopatra", "players": 2, "seats": {"cleopatra": "open"},
        "bots": {"cleopatra": {"kind": "random"}}}));
    assert_eq!((both.status, &both.body["code"]), (422, &json!("seats_conflict")), "{}", both.body);
    let kind = create(json!({"title": "caesar-cleopatra", "players": 2, "bots": {"cleopatra": {"kind": "oracle"}}}));
    assert_eq!(kind.status, 400, "{}", kind.body);
    // Searches beyond the documented maxima (the attack that kept cores busy for a whole game asked a million).
    for search in [
        json!({"kind": "search", "iterations": 1_000_000, "budget_ms": 2000}),
        json!({"kind": "search", "iterations": 20_001}),
        json!({"kind": "search", "budget_ms": 2001}),
    ] {
        let heavy = create(json!({"title": "caesar-cleopatra", "players": 2, "bots": {"cleopatra": search}}));
        assert_eq!(heavy.status, 400, "{search}: {}", heavy.body);
    }
    let at_the_maxima = json!({"kind": "search", "iterations": 20_000, "budget_ms": 2000});
    let allowed = create(json!({"title": "caesar-cleopatra", "players": 2, "bots": {"cleopatra": at_the_maxima}}));
    assert_eq!(allowed.status, 201, "{}", allowed.body);
    let too_many = create(json!({"title": "caesar-cleopatra", "players": 2, "seats": 2,
        "bots": {"cleopatra": {"kind": "random"}}}));
    assert_eq!((too_many.status, &too_many.body["code"]), (422, &json!("seats_conflict")), "{}", too_many.body);
}

#[test]
fn a_player_seats_a_bot_on_an_open_seat_and_it_plays_it() {
    let server = ServerProcess::start_on(free_port(), None);
    let port = server.port;
    let body = json!({"title": "caesar-cleopatra", "players": 2, "seats": {"cleopatra": "open"}});
    let created = send(port, "POST", "/v1/games", None, None, Some(&body)).expect("created");
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["game"]["id"].as_str().unwrap().to_owned();
    let token = created.body["seats"][0]["token"].as_str().unwrap().to_owned();
    let path = format!("/v1/games/{id}/seats/cleopatra/bot");
    let random = json!({"kind": "random"});

    let anonymous = send(port, "POST", &path, None, None, Some(&random)).expect("an answer");
    assert_eq!(anonymous.status, 401, "only a player of the game seats a bot: {}", anonymous.body);
    let stranger = send(port, "POST", &path, Some("not-a-token"), None, Some(&random)).expect("an answer");
    assert_eq!(stranger.status, 401, "{}", stranger.body);
    let nowhere = send(port, "POST", &format!("/v1/games/{id}/seats/brutus/bot"), Some(&token), None, Some(&random))
        .expect("an answer");
    assert_eq!(nowhere.status, 404, "{}", nowhere.body);

    let seated = send(port, "POST", &path, Some(&token), None, Some(&random)).expect("an answer");
    assert_eq!(seated.status, 201, "{}", seated.body);
    assert_eq!(seated.body["status"], "active", "the last open seat taken starts the game");
    assert_eq!(seated.body["seat"], "caesar", "answered as the requester's seat sees the game");
    let bot_seat = seated.body["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["seat"] == "cleopatra")
        .cloned();
    assert_eq!(bot_seat.unwrap()["bot"], random);
    let again = send(port, "POST", &path, Some(&token), None, Some(&random)).expect("an answer");
    assert_eq!((again.status, &again.body["code"]), (409, &json!("seat_taken")), "{}", again.body);

    // The bot plays its seat: both seats act at the start, and only the bot can act for cleopatra.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let events = send(port, "GET", &format!("/v1/games/{id}/events"), None, None, None)
            .expect("the log")
            .body;
        let bot_moved = events["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|entry| entry["event"]["type"] == "first_move" && entry["event"]["seat"] == "cleopatra");
        if bot_moved {
            break;
        }
        assert!(Instant::now() < deadline, "the seated bot never moved: {events}");
        std::thread::sleep(Duration::from_millis(20));
    }
}
