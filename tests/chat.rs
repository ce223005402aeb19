//! A game's chat and its players' presence through the real app in-process: what a message may hold, who may read
//! and write it under each `chat` option, paging, the rate limit, delivery on the game's streams (only to viewers who
//! may read it, without an SSE id), and seats coming and going.

use crate::common;

use std::pin::Pin;
use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::http::StatusCode;
use actix_web::{App, test, web};
use common::app::{TestApp, bearer, call, next_block};
use ludus::api::Settings;
use ludus::api::limits::Limits;
use serde_json::{Value, json};

/// The app over a fresh in-memory store, with `settings` and a presence TTL of `ttl`.
async fn app_with(settings: Settings, ttl: Duration) -> impl TestApp {
    let service = web::Data::new(common::service(common::memory()).with_presence_ttl(ttl));
    test::init_service(App::new().configure(ludus::api::routes_with(service, web::Data::new(settings)))).await
}

async fn app() -> impl TestApp {
    app_with(Settings::default(), Duration::from_secs(30)).await
}

struct Game {
    id: String,
    /// The tokens of its seats, north then south.
    tokens: Vec<String>,
}

async fn create(app: &impl TestApp, extra: Value) -> Game {
    let mut body = json!({"title": "duel", "players": 2});
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    let (status, _, created) = call(app, test::TestRequest::post().uri("/v1/games").set_json(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    Game {
        id: created["game"]["id"].as_str().unwrap().to_owned(),
        tokens: common::seat_tokens(&created)
            .into_iter()
            .map(|(_, token)| token)
            .collect(),
    }
}

/// `POST .../chat` with `text` as the seat of `token` (a spectator without), from `peer`.
async fn say(app: &impl TestApp, game: &Game, token: Option<&str>, text: &str, peer: &str) -> (StatusCode, Value) {
    let mut request = test::TestRequest::post()
        .uri(&format!("/v1/games/{}/chat", game.id))
        .peer_addr(peer.parse().unwrap())
        .set_json(json!({"text": text}));
    if let Some(token) = token {
        request = request.insert_header(bearer(token));
    }
    let (status, _, body) = call(app, request).await;
    (status, body)
}

async fn read_chat(app: &impl TestApp, game: &Game, token: Option<&str>, query: &str) -> (StatusCode, Value) {
    let mut request = test::TestRequest::get().uri(&format!("/v1/games/{}/chat{query}", game.id));
    if let Some(token) = token {
        request = request.insert_header(bearer(token));
    }
    let (status, _, body) = call(app, request).await;
    (status, body)
}

async fn game_as(app: &impl TestApp, game: &Game, token: Option<&str>) -> Value {
    let mut request = test::TestRequest::get().uri(&format!("/v1/games/{}", game.id));
    if let Some(token) = token {
        request = request.insert_header(bearer(token));
    }
    let (status, _, body) = call(app, request).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

const PEER: &str = "203.0.113.7:4000";

#[actix_web::test]
async fn a_message_has_1_to_500_characters_and_no_control_character() {
    let app = app().await;
    let game = create(&app, json!({"name": "Livia"})).await;
    let north = Some(game.tokens[0].as_str());
    let longest = "é".repeat(500);
    let (status, sent) = say(&app, &game, north, &longest, PEER).await;
    assert_eq!(status, StatusCode::CREATED, "500 characters, 1000 bytes: {sent}");
    assert_eq!(sent["text"], longest);
    assert_eq!(sent["seat"], "north");
    assert_eq!(sent["name"], "Livia");
    assert_eq!(sent["spectator"], false);
    assert!(sent["id"].as_str().is_some_and(|id| id.contains('-')), "{sent}");
    assert!(sent["sent_ms"].as_u64().is_some());
    for refused in [
        "",
        &"a".repeat(501),
        "two\nlines",
        "tab\there",
        "bell\u{7}",
        "c1\u{85}",
        "del\u{7f}",
    ] {
        let (status, problem) = say(&app, &game, north, refused, PEER).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused:?}: {problem}");
        assert_eq!(problem["code"], "invalid_chat_text");
    }
    let (status, _, problem) = call(
        &app,
        test::TestRequest::post()
            .uri(&format!("/v1/games/{}/chat", game.id))
            .insert_header(bearer(&game.tokens[0]))
            .set_json(json!({"text": "hi", "to": "south"})),
    )
    .await;
    assert_eq!((status, problem["code"].as_str()), (StatusCode::BAD_REQUEST, Some("malformed_request")));
    let (_, messages) = read_chat(&app, &game, north, "").await;
    assert_eq!(messages["messages"].as_array().unwrap().len(), 1, "only the valid message was kept");
}

#[actix_web::test]
async fn the_chat_option_decides_who_reads_and_writes() {
    let app = app().await;
    let code = |(status, body): (StatusCode, Value)| (status.as_u16(), body["code"].as_str().map(str::to_owned));

    let players = create(&app, json!({})).await;
    assert_eq!(game_as(&app, &players, None).await["chat"], "players", "the default");
    let (status, _, events) =
        call(&app, test::TestRequest::get().uri(&format!("/v1/games/{}/events", players.id))).await;
    assert_eq!(status, StatusCode::OK);
    assert_ne!(events["events"][0]["event"]["type"], "table_opened", "the default needs no table event");
    let south = Some(players.tokens[1].as_str());
    assert_eq!(say(&app, &players, south, "hello", PEER).await.0, StatusCode::CREATED);
    assert_eq!(read_chat(&app, &players, south, "").await.0, StatusCode::OK);
    assert_eq!(code(say(&app, &players, None, "hello", PEER).await), (403, Some("chat_players_only".into())));
    assert_eq!(code(read_chat(&app, &players, None, "").await), (403, Some("chat_players_only".into())));
    assert_eq!(
        code(say(&app, &players, Some("not-a-token"), "hello", PEER).await),
        (401, Some("invalid_token".into()))
    );

    let open = create(&app, json!({"chat": "all"})).await;
    assert_eq!(game_as(&app, &open, None).await["chat"], "all");
    let (_, _, events) = call(&app, test::TestRequest::get().uri(&format!("/v1/games/{}/events", open.id))).await;
    assert_eq!(events["events"][0]["event"]["type"], "table_opened");
    assert_eq!(events["events"][0]["event"]["chat"], "all", "the option is in the log");
    let (status, sent) = say(&app, &open, None, "a spectator says hi", PEER).await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");
    assert_eq!(sent["spectator"], true);
    assert_eq!(sent.get("seat"), None);
    let (status, page) = read_chat(&app, &open, None, "").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page["messages"][0]["text"], "a spectator says hi");

    let off = create(&app, json!({"chat": "off"})).await;
    let north = Some(off.tokens[0].as_str());
    assert_eq!(code(say(&app, &off, north, "hello", PEER).await), (403, Some("chat_off".into())));
    assert_eq!(code(read_chat(&app, &off, north, "").await), (403, Some("chat_off".into())));

    let (status, _, problem) = call(
        &app,
        test::TestRequest::post()
            .uri("/v1/games")
            .set_json(json!({"title": "duel", "players": 2, "chat": "friends"})),
    )
    .await;
    assert_eq!((status, problem["code"].as_str()), (StatusCode::BAD_REQUEST, Some("malformed_request")));
}

#[actix_web::test]
async fn the_chat_pages_back_from_the_newest_and_forward_after_an_id() {
    let app = app().await;
    let game = create(&app, json!({})).await;
    let north = Some(game.tokens[0].as_str());
    for n in 0..7 {
        assert_eq!(say(&app, &game, north, &format!("m{n}"), PEER).await.0, StatusCode::CREATED);
    }
    let texts = |page: &Value| -> Vec<String> {
        page["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|message| message["text"].as_str().unwrap().to_owned())
            .collect()
    };
    let (_, newest) = read_chat(&app, &game, north, "?limit=3").await;
    assert_eq!(texts(&newest), ["m4", "m5", "m6"], "the newest, oldest first");
    let before = newest["next_before"].as_str().expect("older ones remain").to_owned();
    assert_eq!(before, newest["messages"][0]["id"]);
    let (_, older) = read_chat(&app, &game, north, &format!("?limit=3&before={before}")).await;
    assert_eq!(texts(&older), ["m1", "m2", "m3"]);
    let (_, oldest) =
        read_chat(&app, &game, north, &format!("?limit=3&before={}", older["next_before"].as_str().unwrap())).await;
    assert_eq!(texts(&oldest), ["m0"]);
    assert_eq!(oldest.get("next_before"), None, "the last page");

    let first = oldest["messages"][0]["id"].as_str().unwrap().to_owned();
    let (_, after) = read_chat(&app, &game, north, &format!("?limit=4&after={first}")).await;
    assert_eq!(texts(&after), ["m1", "m2", "m3", "m4"]);
    let next = after["next_after"].as_str().expect("more may follow");
    let (_, rest) = read_chat(&app, &game, north, &format!("?after={next}")).await;
    assert_eq!(texts(&rest), ["m5", "m6"]);
    assert_eq!(rest.get("next_after"), None);

    let (_, between) = read_chat(&app, &game, north, &format!("?after={first}&before={before}")).await;
    assert_eq!(texts(&between), ["m1", "m2", "m3"], "between two ids");
    for query in [
        "?after=yesterday".to_owned(),
        "?limit=201".to_owned(),
        "?limit=0".to_owned(),
    ] {
        let (status, problem) = read_chat(&app, &game, north, &query).await;
        assert_eq!((status, problem["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_query")), "{query}");
    }
}

#[actix_web::test]
async fn chat_is_rate_limited_per_seat_and_per_spectator_address() {
    let settings = Settings {
        limits: Limits {
            chat_per_minute: 2,
            ..Limits::default()
        },
        ..Settings::default()
    };
    let app = app_with(settings, Duration::from_secs(30)).await;
    let game = create(&app, json!({"chat": "all"})).await;
    let north = Some(game.tokens[0].as_str());
    for _ in 0..2 {
        assert_eq!(say(&app, &game, north, "again", PEER).await.0, StatusCode::CREATED);
    }
    let (status, headers, problem) = call(
        &app,
        test::TestRequest::post()
            .uri(&format!("/v1/games/{}/chat", game.id))
            .insert_header(bearer(&game.tokens[0]))
            .set_json(json!({"text": "and again"})),
    )
    .await;
    assert_eq!((status, problem["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited")));
    assert!(headers.get("retry-after").is_some());
    assert_eq!(headers.get("ratelimit-policy").unwrap(), "\"chat\";q=2;w=60");
    let south = Some(game.tokens[1].as_str());
    assert_eq!(say(&app, &game, south, "my own quota", PEER).await.0, StatusCode::CREATED);
    for _ in 0..2 {
        assert_eq!(say(&app, &game, None, "watching", PEER).await.0, StatusCode::CREATED);
    }
    assert_eq!(
        say(&app, &game, None, "watching", PEER).await.0,
        StatusCode::TOO_MANY_REQUESTS,
        "a spectator is counted by its address"
    );
    assert_eq!(
        say(&app, &game, None, "watching", "198.51.100.9:4000").await.0,
        StatusCode::CREATED,
        "another address"
    );
}

/// A stream's messages as (SSE event, id, data), read as they come.
struct Sse<B> {
    body: B,
    text: String,
}

impl<B: MessageBody + Unpin> Sse<B> {
    fn new(body: B) -> Self {
        Self {
            body,
            text: String::new(),
        }
    }

    /// Reads until a message of `event` arrives; the messages that came first and it.
    async fn until(&mut self, event: &str) -> Vec<(String, Option<String>, Value)> {
        let mut seen = Vec::new();
        loop {
            while let Some(block) = next_block(&mut self.text) {
                if let (Some(kind), Some(data)) = (block.field("event"), block.field("data")) {
                    let done = kind == event;
                    seen.push((kind, block.field("id"), serde_json::from_str(&data).unwrap()));
                    if done {
                        return seen;
                    }
                }
            }
            let chunk = tokio::time::timeout(
                Duration::from_secs(10),
                std::future::poll_fn(|cx| Pin::new(&mut self.body).poll_next(cx)),
            )
            .await
            .unwrap_or_else(|_| panic!("no {event} message within 10 s; seen {seen:?}"));
            let Some(Ok(bytes)) = chunk else {
                panic!("the stream ended before a {event} message; seen {seen:?}")
            };
            self.text.push_str(std::str::from_utf8(&bytes).unwrap());
        }
    }
}

async fn open_stream(app: &impl TestApp, game: &Game, token: Option<&str>) -> Sse<impl MessageBody + Unpin> {
    let mut request = test::TestRequest::get().uri(&format!("/v1/games/{}/stream", game.id));
    if let Some(token) = token {
        request = request.insert_header(bearer(token));
    }
    let response = test::call_service(app, request.to_request()).await;
    assert_eq!(response.status(), StatusCode::OK);
    Sse::new(response.into_body())
}

async fn bump(app: &impl TestApp, game: &Game, token: &str) {
    let (status, _, body) = call(
        app,
        test::TestRequest::post()
            .uri(&format!("/v1/games/{}/actions", game.id))
            .insert_header(bearer(token))
            .set_json(json!({"action": {"type": "bump"}})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[actix_web::test]
async fn chat_reaches_the_streams_that_may_read_it_without_an_id() {
    let app = app().await;
    let game = create(&app, json!({})).await;
    let (north, south) = (game.tokens[0].as_str(), game.tokens[1].as_str());
    let mut seat = open_stream(&app, &game, Some(south)).await;
    let mut spectator = open_stream(&app, &game, None).await;
    let (status, sent) = say(&app, &game, Some(north), "<img src=x onerror=alert(1)>", PEER).await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");
    let heard = seat.until("chat").await;
    let (_, id, message) = heard.last().unwrap();
    assert_eq!(*id, None, "no SSE id: Last-Event-ID stays the log version");
    assert_eq!(*message, sent, "the message as stored, its text as written");
    bump(&app, &game, north).await;
    let seen = spectator.until("game").await;
    assert!(
        seen.iter().all(|(kind, _, _)| kind != "chat"),
        "a spectator of a players' chat gets none of it: {seen:?}"
    );
    for version in [3, 4] {
        let next = seat.until("game").await;
        let id = next.last().unwrap().1.as_deref().expect("a log position's id");
        assert_eq!(common::app::version_of(id), version, "the log goes on as before");
    }

    let open = create(&app, json!({"chat": "all"})).await;
    let mut spectator = open_stream(&app, &open, None).await;
    say(&app, &open, None, "from the stands", PEER).await;
    let heard = spectator.until("chat").await;
    assert_eq!(heard.last().unwrap().2["text"], "from the stands");
}

/// Polls the game as a spectator until `check` holds for it (presence is noted in the background).
async fn until_spectator_sees(app: &impl TestApp, game: &Game, what: &str, check: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let seen = game_as(app, game, None).await;
        if check(&seen) {
            return seen;
        }
        assert!(Instant::now() < deadline, "{what} never showed: {seen}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[actix_web::test]
async fn a_seat_is_connected_while_it_streams_or_asks_and_goes_after_the_ttl() {
    const TTL: Duration = Duration::from_millis(1_500);
    let app = app_with(Settings::default(), TTL).await;
    let game = create(&app, json!({"bots": {"south": {"kind": "random"}}})).await;
    let players = game_as(&app, &game, None).await["players"].clone();
    assert_eq!(players[0]["connected"], false, "nobody seen yet: {players}");
    assert_eq!(players[0].get("last_seen_ms"), None);
    assert_eq!(players[1]["connected"], true, "a bot is always here");

    let north = game.tokens[0].as_str();
    let own = game_as(&app, &game, Some(north)).await;
    assert_eq!(own["players"][0]["connected"], true, "the asking seat is here");
    let seen = until_spectator_sees(&app, &game, "north asked", |game| game["players"][0]["connected"] == true).await;
    assert!(seen["players"][0]["last_seen_ms"].as_u64().is_some());
    let gone = until_spectator_sees(&app, &game, "north went", |game| game["players"][0]["connected"] == false).await;
    assert!(gone["players"][0]["last_seen_ms"].as_u64().is_some(), "remembered after it went");

    let mut watching = open_stream(&app, &game, None).await;
    let streaming = open_stream(&app, &game, Some(north)).await;
    let came = watching.until("presence").await;
    let (_, id, told) = came.last().unwrap();
    assert_eq!(*id, None);
    assert_eq!((told["seat"].as_str(), told["connected"].as_bool()), (Some("north"), Some(true)));
    // Two TTLs pass while the stream stays open: it keeps its seat connected.
    tokio::time::sleep(2 * TTL).await;
    assert_eq!(game_as(&app, &game, None).await["players"][0]["connected"], true);
    drop(streaming);
    let went = watching.until("presence").await;
    let told = &went.last().unwrap().2;
    assert_eq!((told["seat"].as_str(), told["connected"].as_bool()), (Some("north"), Some(false)));
    assert_eq!(game_as(&app, &game, None).await["players"][0]["connected"], false);
}
