//! Strangers meeting through the real HTTP app: open seats and the lobby, joining (racing joiners included), display
//! names, seeded games, resigning and aborting, deadlines and expiries applied by sweeps of several instances, and
//! rematches, on the in-memory store and on a real Redis.

use crate::common;

use std::sync::Arc;
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::{App, test, web};
use common::app::{TestApp, bearer, call};
use ludus::service::{GameService, now_ms};
use ludus::store::EventStore;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

async fn app_of(service: web::Data<GameService>) -> impl TestApp {
    test::init_service(App::new().configure(ludus::api::routes(service))).await
}

fn service(store: Arc<dyn EventStore>) -> web::Data<GameService> {
    web::Data::new(common::service(store))
}

async fn post(app: &impl TestApp, uri: &str, token: Option<&str>, body: Option<Value>) -> common::app::Response {
    let mut request = test::TestRequest::post().uri(uri);
    if let Some(token) = token {
        request = request.insert_header(bearer(token));
    }
    if let Some(body) = body {
        request = request.set_json(body);
    }
    call(app, request).await
}

async fn get(app: &impl TestApp, uri: &str, token: Option<&str>) -> Value {
    let mut request = test::TestRequest::get().uri(uri);
    if let Some(token) = token {
        request = request.insert_header(bearer(token));
    }
    let (status, _, body) = call(app, request).await;
    assert_eq!(status, StatusCode::OK, "{uri}: {body}");
    body
}

/// A duel whose creator (named Livia) takes north and leaves south open; returns (id, north's token).
async fn open_duel(app: &impl TestApp, extra: Value) -> (String, String) {
    let mut body = json!({"title": "duel", "players": 2, "seats": 1, "name": "Livia"});
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    let (status, _, created) = post(app, "/v1/games", None, Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let seats = created["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 1, "a token for the creator's seat only");
    assert_eq!(seats[0]["seat"], "north");
    (created["game"]["id"].as_str().unwrap().to_owned(), seats[0]["token"].as_str().unwrap().to_owned())
}

async fn join(app: &impl TestApp, id: &str, seat: &str, name: Option<&str>) -> common::app::Response {
    let body = name.map(|name| json!({"name": name}));
    post(app, &format!("/v1/games/{id}/seats/{seat}/join"), None, body).await
}

async fn act(app: &impl TestApp, id: &str, token: &str, action: Value) -> common::app::Response {
    post(app, &format!("/v1/games/{id}/actions"), Some(token), Some(json!({"action": action}))).await
}

fn lobby_ids(lobby: &Value) -> Vec<&str> {
    lobby["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|game| game["id"].as_str().unwrap())
        .collect()
}

fn event_types(events: &Value) -> Vec<String> {
    events["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|logged| logged["event"]["type"].as_str().unwrap().to_owned())
        .collect()
}

#[actix_web::test]
async fn an_open_seat_is_listed_joined_once_and_starts_the_game() {
    let app = app_of(service(common::memory())).await;
    let (id, north) = open_duel(&app, json!({})).await;

    let waiting = get(&app, &format!("/v1/games/{id}"), Some(&north)).await;
    assert_eq!(waiting["status"], "open");
    assert_eq!(waiting["to_act"], json!([]));
    assert!(waiting.get("view").is_none(), "no title state before the game starts");
    let north_seen = &waiting["players"][0]["last_seen_ms"];
    assert!(north_seen.as_u64().is_some(), "{waiting}");
    assert_eq!(
        waiting["players"],
        json!([
            {"seat": "north", "open": false, "name": "Livia", "connected": true, "last_seen_ms": north_seen},
            {"seat": "south", "open": true, "connected": false},
        ])
    );
    assert!(waiting["expires_at_ms"].as_u64().unwrap() > now_ms());
    assert_eq!(waiting["seeded"], false);

    let lobby = get(&app, "/v1/lobby?title=duel", None).await;
    assert_eq!(lobby_ids(&lobby), [id.as_str()]);
    assert_eq!(lobby["games"][0]["open_seats"], json!(["south"]));
    assert_eq!(lobby["games"][0]["seats"][0]["name"], "Livia");

    let early = act(&app, &id, &north, json!({"type": "bump"})).await;
    assert_eq!((early.0, early.2["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("game_not_started")));

    let (status, _, joined) = join(&app, &id, "south", Some("Marcus")).await;
    assert_eq!(status, StatusCode::CREATED, "{joined}");
    assert_eq!(joined["seat"], "south");
    let south = joined["token"].as_str().unwrap().to_owned();
    assert_eq!(joined["game"]["status"], "active");
    let south_seen = &joined["game"]["players"][1]["last_seen_ms"];
    assert!(south_seen.as_u64().is_some(), "{joined}");
    assert_eq!(
        joined["game"]["players"][1],
        json!({"seat": "south", "open": false, "name": "Marcus", "connected": true, "last_seen_ms": south_seen})
    );
    assert!(joined["game"]["view"]["my_card"].as_u64().is_some(), "the joiner sees its own card");

    let again = join(&app, &id, "south", None).await;
    assert_eq!((again.0, again.2["code"].as_str()), (StatusCode::CONFLICT, Some("seat_taken")));
    let unknown = join(&app, &id, "east", None).await;
    assert_eq!((unknown.0, unknown.2["code"].as_str()), (StatusCode::NOT_FOUND, Some("seat_not_found")));

    assert!(lobby_ids(&get(&app, "/v1/lobby", None).await).is_empty(), "a full game leaves the open list");
    assert_eq!(lobby_ids(&get(&app, "/v1/lobby?status=active", None).await), [id.as_str()]);
    let played = act(&app, &id, &south, json!({"type": "bump"})).await;
    assert_eq!(played.2["code"], "not_your_turn", "south's token is south's");
    let played = act(&app, &id, &north, json!({"type": "bump"})).await;
    assert_eq!(played.0, StatusCode::OK, "{}", played.2);

    // The join is in the log, and no token material ever leaves the store.
    let events = get(&app, &format!("/v1/games/{id}/events"), None).await;
    assert_eq!(event_types(&events)[..3], ["table_opened", "seat_joined", "dealt"]);
    assert_eq!(events["events"][1]["event"], json!({"type": "seat_joined", "seat": "south", "name": "Marcus"}));
    assert!(!events.to_string().contains("token"));
}

#[actix_web::test]
async fn display_names_are_letters_marks_digits_spaces_and_punctuation_kept_in_nfc() {
    let app = app_of(service(common::memory())).await;
    let (id, _) = open_duel(&app, json!({})).await;
    // Blank is what the schema says (400); which characters of Unicode are refused it cannot say (422).
    let refused = (StatusCode::UNPROCESSABLE_ENTITY, Some("name_refused"));
    let refusals = [
        ("\u{202e}evil", "U+202E", refused),
        ("\u{200b}\u{200b}\u{200b}", "U+200B", refused),
        ("ad\u{2067}min\u{200d}", "U+2067", refused),
        ("   ", "blank", (StatusCode::BAD_REQUEST, Some("invalid_name"))),
    ];
    for (name, why, answer) in refusals {
        let create = json!({"title": "duel", "players": 2, "seats": 1, "name": name});
        let joined = join(&app, &id, "south", Some(name)).await;
        for (status, _, problem) in [post(&app, "/v1/games", None, Some(create)).await, joined] {
            assert_eq!((status, problem["code"].as_str()), answer, "{name:?}: {problem}");
            let detail = problem["detail"].as_str().unwrap();
            assert!(detail.contains(why), "{name:?}: {detail}");
            assert!(!detail.contains(name.trim()) || name.trim().is_empty(), "the detail names no invisible character");
        }
    }
    let lobby = get(&app, "/v1/lobby?title=duel", None).await;
    assert_eq!(lobby_ids(&lobby), [id.as_str()], "nothing was created");
    assert_eq!(lobby["games"][0]["open_seats"], json!(["south"]), "nor joined");

    // Names of every script, told back as given; a decomposed é is kept composed (NFC), spaces around trimmed.
    let names = [
        ("Léa", "José María"),
        ("O'Brien-Smith", "李雷"),
        ("  e\u{301} ", "e\u{301}"),
    ];
    for (creator, joiner) in names {
        let (id, _) = open_duel(&app, json!({"name": creator})).await;
        let (status, _, joined) = join(&app, &id, "south", Some(joiner)).await;
        assert_eq!(status, StatusCode::CREATED, "{joiner:?}: {joined}");
        let stored = |name: &str| name.trim().replace("e\u{301}", "\u{e9}");
        let players = &get(&app, &format!("/v1/games/{id}"), None).await["players"];
        assert_eq!(
            (players[0]["name"].as_str(), players[1]["name"].as_str()),
            (Some(stored(creator).as_str()), Some(stored(joiner).as_str()))
        );
        let lobby = get(&app, "/v1/lobby?title=duel&status=active", None).await;
        let listed = lobby["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|game| game["id"] == id.as_str())
            .unwrap();
        assert_eq!(listed["seats"][0]["name"].as_str(), Some(stored(creator).as_str()));
        assert_eq!(listed["seats"][1]["name"].as_str(), Some(stored(joiner).as_str()));
        if joiner.contains('\u{301}') {
            assert_eq!(listed["seats"][1]["name"], "\u{e9}", "one character, U+00E9");
        }
    }
}

#[actix_web::test]
async fn racing_joiners_on_redis_get_the_seat_exactly_once() {
    let redis = common::RedisServer::start();
    // Two instances sharing the store, 32 joiners split between them.
    let first = app_of(service(redis.store())).await;
    let second = app_of(service(redis.store())).await;
    let (id, _) = open_duel(&first, json!({})).await;
    let racing = futures_util::future::join_all((0..32).map(|n| {
        let (id, first, second) = (&id, &first, &second);
        async move {
            let name = format!("joiner {n}");
            if n % 2 == 0 {
                join(first, id, "south", Some(&name)).await
            } else {
                join(second, id, "south", Some(&name)).await
            }
        }
    }))
    .await;
    let results = racing;
    let winners: Vec<&common::app::Response> = results.iter().filter(|r| r.0 == StatusCode::CREATED).collect();
    assert_eq!(winners.len(), 1, "exactly one joiner gets the seat");
    assert!(
        results
            .iter()
            .filter(|r| r.0 != StatusCode::CREATED)
            .all(|r| r.0 == StatusCode::CONFLICT && r.2["code"] == "seat_taken"),
        "every other joiner is told the seat is taken"
    );
    let events = get(&first, &format!("/v1/games/{id}/events"), None).await;
    assert_eq!(
        event_types(&events)
            .iter()
            .filter(|kind| *kind == "seat_joined")
            .count(),
        1
    );
    let winner = winners[0].2["token"].as_str().unwrap();
    let game = get(&second, &format!("/v1/games/{id}"), Some(winner)).await;
    assert_eq!(game["seat"], "south");
    assert_eq!(game["players"][1]["name"], winners[0].2["game"]["players"][1]["name"]);
}

#[actix_web::test]
async fn an_explicit_seed_with_open_seats_needs_consent_and_is_marked() {
    let app = app_of(service(common::memory())).await;
    let body = json!({"title": "duel", "players": 2, "seats": {"south": "open"}, "seed": 7});
    let (status, _, refused) = post(&app, "/v1/games", None, Some(body.clone())).await;
    assert_eq!((status, refused["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("seed_not_public")));
    let (id, _) = open_duel(&app, json!({"seed": 7, "public_seed": true})).await;
    assert_eq!(get(&app, &format!("/v1/games/{id}"), None).await["seeded"], true);
    assert_eq!(get(&app, "/v1/lobby", None).await["games"][0]["seeded"], true);
    // A game whose creator holds every seat may be seeded freely: it is marked all the same.
    let (status, _, closed) =
        post(&app, "/v1/games", None, Some(json!({"title": "duel", "players": 2, "seed": 7}))).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(closed["game"]["seeded"], true);
    for (bad, code) in [
        (json!({"seats": {"east": "open"}}), "invalid_seats"),
        (json!({"turn_seconds": 0}), "invalid_turn_seconds"),
        (json!({"name": ""}), "invalid_name"),
    ] {
        let mut body = json!({"title": "duel", "players": 2});
        body.as_object_mut().unwrap().extend(bad.as_object().unwrap().clone());
        let (status, _, problem) = post(&app, "/v1/games", None, Some(body)).await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::BAD_REQUEST, Some(code)), "{problem}");
    }
}

#[actix_web::test]
async fn a_resignation_ends_the_game_and_a_rematch_invites_both_players() {
    let app = app_of(service(common::memory())).await;
    let (id, north) = open_duel(&app, json!({"turn_seconds": 600})).await;
    let south = join(&app, &id, "south", Some("Marcus")).await.2["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let early = post(&app, &format!("/v1/games/{id}/rematch"), Some(&north), None).await;
    assert_eq!((early.0, early.2["code"].as_str()), (StatusCode::CONFLICT, Some("game_not_finished")));

    let resigned = act(&app, &id, &south, json!({"type": "resign"})).await;
    assert_eq!(resigned.0, StatusCode::OK, "{}", resigned.2);
    let game = &resigned.2["game"];
    assert_eq!(game["status"], "finished");
    assert_eq!(
        game["ending"],
        json!({"reason": "resigned", "by": ["south"], "losers": ["south"], "winners": ["north"],
               "ranking": [["north"], ["south"]]})
    );
    assert!(game.get("result").is_none(), "the title's rules did not end it");
    let late = act(&app, &id, &north, json!({"type": "bump"})).await;
    assert_eq!(late.2["code"], "game_over");

    let (status, _, rematch) = post(&app, &format!("/v1/games/{id}/rematch"), Some(&north), None).await;
    assert_eq!(status, StatusCode::CREATED, "{rematch}");
    let new_id = rematch["game"]["id"].as_str().unwrap().to_owned();
    assert_eq!(rematch["seat"], "south", "seats rotate: north's player sits south");
    assert_eq!(rematch["game"]["players"][0]["name"], "Marcus", "names follow their players");
    assert_eq!(rematch["game"]["clock"]["turn_seconds"], 600, "the clock carries over");
    assert_eq!(rematch["game"]["status"], "active");

    // The other player finds its token in its view of the old game; a spectator sees only the new id.
    let south_view = get(&app, &format!("/v1/games/{id}"), Some(&south)).await;
    assert_eq!(south_view["rematch"]["game"], new_id.as_str());
    assert_eq!(south_view["rematch"]["seat"], "north");
    let invited = south_view["rematch"]["token"].as_str().unwrap().to_owned();
    let spectator = get(&app, &format!("/v1/games/{id}"), None).await;
    assert_eq!(spectator["rematch"], json!({"game": new_id}));
    let events = get(&app, &format!("/v1/games/{id}/events"), Some(&south)).await;
    assert!(!events.to_string().contains(&invited), "tokens never travel in events");
    assert!(!events.to_string().contains("sealed"));

    let as_invited = get(&app, &format!("/v1/games/{new_id}"), Some(&invited)).await;
    assert_eq!(as_invited["seat"], "north");
    let (status, _, again) = post(&app, &format!("/v1/games/{id}/rematch"), Some(&south), None).await;
    assert_eq!(status, StatusCode::OK, "the rematch exists: it is returned, not created again");
    assert_eq!(
        (again["game"]["id"].as_str(), again["token"].as_str()),
        (Some(new_id.as_str()), Some(invited.as_str()))
    );
    assert_eq!(
        get(&app, &format!("/v1/games/{new_id}"), Some(rematch["token"].as_str().unwrap())).await["seat"],
        "south"
    );
}

/// Every key of the Redis at `url` and everything each holds (SCAN, then each value read by its type), as text.
fn everything_stored(url: &str) -> Vec<String> {
    fn flatten(value: redis::Value, into: &mut Vec<String>) {
        match value {
            redis::Value::BulkString(bytes) => into.push(String::from_utf8_lossy(&bytes).into_owned()),
            redis::Value::SimpleString(text) => into.push(text),
            redis::Value::Array(items) | redis::Value::Set(items) => {
                items.into_iter().for_each(|item| flatten(item, into));
            }
            redis::Value::Map(pairs) => pairs.into_iter().for_each(|(key, value)| {
                flatten(key, into);
                flatten(value, into);
            }),
            other => into.push(format!("{other:?}")),
        }
    }
    let mut connection = redis::Client::open(url).unwrap().get_connection().unwrap();
    let mut keys: Vec<String> = Vec::new();
    let mut cursor = 0_u64;
    loop {
        let (next, batch): (u64, Vec<String>) = redis::cmd("SCAN")
            .arg(cursor)
            .arg("COUNT")
            .arg(1000)
            .query(&mut connection)
            .unwrap();
        keys.extend(batch);
        if next == 0 {
            break;
        }
        cursor = next;
    }
    let mut stored = Vec::new();
    for key in keys {
        let kind: String = redis::cmd("TYPE").arg(&key).query(&mut connection).unwrap();
        let read = match kind.as_str() {
            "string" => redis::cmd("GET").arg(&key).clone(),
            "hash" => redis::cmd("HGETALL").arg(&key).clone(),
            "list" => redis::cmd("LRANGE").arg(&key).arg(0).arg(-1).clone(),
            "set" => redis::cmd("SMEMBERS").arg(&key).clone(),
            "zset" => redis::cmd("ZRANGE").arg(&key).arg(0).arg(-1).arg("WITHSCORES").clone(),
            "stream" => redis::cmd("XRANGE").arg(&key).arg("-").arg("+").clone(),
            other => panic!("{key} is a {other}: read it too"),
        };
        let value: redis::Value = read.query(&mut connection).unwrap();
        stored.push(key);
        flatten(value, &mut stored);
    }
    stored
}

#[actix_web::test]
async fn a_rematch_leaves_no_token_in_redis_and_each_player_gets_their_own() {
    let redis = common::RedisServer::start();
    let app = app_of(service(redis.store())).await;
    let (id, north) = open_duel(&app, json!({})).await;
    let south = join(&app, &id, "south", Some("Marcus")).await.2["token"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(act(&app, &id, &south, json!({"type": "resign"})).await.0, StatusCode::OK);
    let (status, _, rematch) = post(&app, &format!("/v1/games/{id}/rematch"), Some(&north), None).await;
    assert_eq!(status, StatusCode::CREATED, "{rematch}");
    let new_id = rematch["game"]["id"].as_str().unwrap().to_owned();

    // Each player gets their token for the rematch, and only their own: the asker in the answer, the other in its
    // view of the old game; a spectator, none.
    let north_new = rematch["token"].as_str().unwrap().to_owned();
    let south_view = get(&app, &format!("/v1/games/{id}"), Some(&south)).await;
    let south_new = south_view["rematch"]["token"].as_str().unwrap().to_owned();
    let north_view = get(&app, &format!("/v1/games/{id}"), Some(&north)).await;
    assert_eq!(north_view["rematch"]["token"].as_str(), Some(north_new.as_str()));
    assert_ne!(north_new, south_new);
    assert!(!south_view.to_string().contains(&north_new) && !north_view.to_string().contains(&south_new));
    assert_eq!(get(&app, &format!("/v1/games/{id}"), None).await["rematch"], json!({"game": new_id}));
    assert_eq!(get(&app, &format!("/v1/games/{new_id}"), Some(&north_new)).await["seat"], "south");
    assert_eq!(get(&app, &format!("/v1/games/{new_id}"), Some(&south_new)).await["seat"], "north");

    // Everything Redis holds: no token in any key or value, sealed or in clear.
    let stored = everything_stored(&redis.url);
    for token in [&north_new, &south_new, &north, &south] {
        assert!(stored.iter().all(|value| !value.contains(token.as_str())), "a token is in Redis");
    }
    // ... and nothing it holds opens a seat of the rematch: every stored value, and every run of letters and digits
    // in one, is no rematch token once unsealed as tokens were sealed before (XOR with a key derived from a stored
    // token hash and the rematch's id), nor a seat's token of either game, tried as the bearer token.
    let mut candidates: Vec<String> = stored.clone();
    for value in &stored {
        candidates.extend(
            value
                .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                .filter(|run| run.len() >= 16)
                .map(str::to_owned),
        );
    }
    // As a header carries them: visible ASCII (the runs cover the rest).
    candidates.retain(|candidate| !candidate.is_empty() && candidate.chars().all(|c| c.is_ascii_graphic()));
    candidates.sort();
    candidates.dedup();
    let hash = |token: &str| ludus::service::hash_token(token);
    for stored_hash in [hash(&north), hash(&south)] {
        assert!(candidates.contains(&stored_hash), "the dump holds the seats' token hashes (it read the games)");
    }
    let sealed: Vec<&String> = candidates
        .iter()
        .filter(|candidate| hex::decode(candidate).is_ok())
        .collect();
    for key in &candidates {
        let pad = Sha256::new()
            .chain_update(b"ludus rematch\0")
            .chain_update(key.as_bytes())
            .chain_update(b"\0")
            .chain_update(new_id.as_bytes())
            .finalize();
        for sealed in &sealed {
            let bytes = hex::decode(sealed).unwrap();
            let opened = hex::encode(bytes.iter().zip(pad.iter()).map(|(a, b)| a ^ b).collect::<Vec<u8>>());
            assert!(opened != north_new && opened != south_new, "Redis holds a sealed rematch token and its key");
        }
    }
    assert!(stored.iter().all(|value| !value.contains("sealed")));
    for candidate in &candidates {
        for game in [&new_id, &id] {
            let request = test::TestRequest::get()
                .uri(&format!("/v1/games/{game}"))
                .insert_header(("Authorization", format!("Bearer {candidate}")));
            let (status, _, answer) = call(&app, request).await;
            assert!(
                status == StatusCode::UNAUTHORIZED || status == StatusCode::BAD_REQUEST,
                "{candidate:?} read from Redis is no seat's token: {status} {answer}"
            );
        }
    }
}

#[actix_web::test]
async fn a_game_can_be_aborted_until_every_seat_has_moved() {
    let app = app_of(service(common::memory())).await;
    let create = json!({"title": "duel", "players": 2});
    let (_, _, created) = post(&app, "/v1/games", None, Some(create.clone())).await;
    let id = created["game"]["id"].as_str().unwrap();
    let token = |n: usize| created["seats"][n]["token"].as_str().unwrap().to_owned();
    assert_eq!(act(&app, id, &token(0), json!({"type": "bump"})).await.0, StatusCode::OK);
    let aborted = act(&app, id, &token(1), json!({"type": "abort"})).await;
    assert_eq!(aborted.0, StatusCode::OK, "{}", aborted.2);
    assert_eq!(
        aborted.2["game"]["ending"],
        json!({"reason": "aborted", "by": ["south"], "losers": [], "winners": [], "ranking": []})
    );

    let (_, _, created) = post(&app, "/v1/games", None, Some(create)).await;
    let id = created["game"]["id"].as_str().unwrap();
    assert_eq!(act(&app, id, &token_of(&created, 0), json!({"type": "bump"})).await.0, StatusCode::OK);
    assert_eq!(act(&app, id, &token_of(&created, 1), json!({"type": "bump"})).await.0, StatusCode::OK);
    let refused = act(&app, id, &token_of(&created, 0), json!({"type": "abort"})).await;
    assert_eq!((refused.0, refused.2["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("abort_too_late")));
    let malformed = act(&app, id, &token_of(&created, 0), json!({"type": "resign", "now": true})).await;
    assert_eq!(malformed.0, StatusCode::BAD_REQUEST);
}

fn token_of(created: &Value, seat: usize) -> String {
    created["seats"][seat]["token"].as_str().unwrap().to_owned()
}

/// A two-seat duel with a one-second clock, every seat taken; returns (id, north's token, south's token).
async fn clocked_duel(app: &impl TestApp) -> (String, String, String) {
    let body = json!({"title": "duel", "players": 2, "turn_seconds": 1});
    let (status, _, created) = post(app, "/v1/games", None, Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_owned();
    let clock = &created["game"]["clock"];
    assert_eq!(clock["turn_seconds"], 1);
    assert!(clock["remaining_ms"].as_u64().unwrap() <= 1000);
    (id, token_of(&created, 0), token_of(&created, 1))
}

#[actix_web::test]
async fn a_passed_deadline_is_applied_once_by_racing_instances() {
    let redis = common::RedisServer::start();
    let (one, two) = (service(redis.store()), service(redis.store()));
    let app = app_of(one.clone()).await;
    let (id, north, _) = clocked_duel(&app).await;
    assert_eq!(act(&app, &id, &north, json!({"type": "bump"})).await.0, StatusCode::OK);

    // Nothing is due yet.
    assert_eq!(two.games.sweep(now_ms()).await.unwrap(), 0);
    let game = get(&app, &format!("/v1/games/{id}"), None).await;
    assert_eq!(game["status"], "active");
    assert_eq!(game["to_act"], json!(["south"]));

    // Both instances sweep at once, past the deadline: one timeout, whoever applies it.
    let later = now_ms() + 2_000;
    let (a, b) = tokio::join!(one.games.sweep(later), two.games.sweep(later));
    assert!(a.unwrap() + b.unwrap() >= 1, "the due game was claimed");
    let (a, b) = tokio::join!(one.games.sweep(later + 6_000), two.games.sweep(later + 6_000));
    assert_eq!(a.unwrap() + b.unwrap(), 0, "nothing stays due once the game ended");
    let game = get(&app, &format!("/v1/games/{id}"), None).await;
    assert_eq!(
        game["ending"],
        json!({"reason": "timed_out", "by": ["south"], "losers": ["south"], "winners": ["north"],
               "ranking": [["north"], ["south"]]})
    );
    assert!(game.get("clock").unwrap().get("deadline_ms").is_none(), "no deadline once over");
    let events = get(&app, &format!("/v1/games/{id}/events"), None).await;
    assert_eq!(event_types(&events).iter().filter(|kind| *kind == "timed_out").count(), 1);
}

#[actix_web::test]
async fn a_move_after_its_deadline_is_refused_and_ends_the_game() {
    let service = service(common::memory());
    let app = app_of(service.clone()).await;
    let (id, north, _) = clocked_duel(&app).await;
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let late = act(&app, &id, &north, json!({"type": "bump"})).await;
    assert_eq!((late.0, late.2["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("deadline_passed")));
    let game = get(&app, &format!("/v1/games/{id}"), None).await;
    assert_eq!(game["ending"]["reason"], "timed_out");
    assert_eq!(game["ending"]["losers"], json!(["north"]));
}

#[actix_web::test]
async fn an_unfilled_game_expires_and_leaves_the_lobby() {
    let service = web::Data::new(common::service(common::memory()).with_lobby_ttl(Some(Duration::from_secs(60))));
    let app = app_of(service.clone()).await;
    let (id, _) = open_duel(&app, json!({})).await;
    // Listed by creation time (ties by id): a later millisecond for a certain order.
    tokio::time::sleep(Duration::from_millis(5)).await;
    let (kept, _) = open_duel(&app, json!({})).await;
    assert_eq!(lobby_ids(&get(&app, "/v1/lobby", None).await), [kept.as_str(), id.as_str()], "newest first");
    let page = get(&app, "/v1/lobby?limit=1", None).await;
    assert_eq!(lobby_ids(&page), [kept.as_str()]);
    let next = page["next_before"].as_str().unwrap();
    assert_eq!(lobby_ids(&get(&app, &format!("/v1/lobby?limit=1&before={next}"), None).await), [id.as_str()]);

    assert!(service.games.sweep(now_ms() + 61_000).await.unwrap() >= 2);
    for game in [&id, &kept] {
        let expired = get(&app, &format!("/v1/games/{game}"), None).await;
        assert_eq!(expired["status"], "finished");
        assert_eq!(expired["ending"]["reason"], "expired");
    }
    assert!(lobby_ids(&get(&app, "/v1/lobby", None).await).is_empty());
    let late = join(&app, &id, "south", None).await;
    assert_eq!((late.0, late.2["code"].as_str()), (StatusCode::CONFLICT, Some("join_too_late")));
}
