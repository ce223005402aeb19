//! Server-Sent Events: resume with Last-Event-ID, live delivery within one process and across two processes
//! sharing Redis, redaction per viewer.

use crate::common;

use std::pin::Pin;
use std::sync::Arc;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::{App, test, web};
use common::app::{Duel, read_messages, stream_request};
use ludus::store::EventStore;
use serde_json::{Value, json};

async fn app(
    store: Arc<dyn EventStore>,
) -> impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error> {
    let service = web::Data::new(common::service(store));
    test::init_service(App::new().configure(ludus::api::routes(service))).await
}

async fn create(app: &impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>) -> Duel {
    let body: Value = test::call_and_read_body_json(
        app,
        test::TestRequest::post()
            .uri("/v1/games")
            .set_json(json!({"title": "duel", "players": 2}))
            .to_request(),
    )
    .await;
    Duel::from_created(&body)
}

async fn play(
    app: &impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
    id: &str,
    token: &str,
    kind: &str,
) {
    let response = test::call_service(
        app,
        test::TestRequest::post()
            .uri(&format!("/v1/games/{id}/actions"))
            .insert_header(("Authorization", format!("Bearer {token}")))
            .set_json(json!({"action": {"type": kind}}))
            .to_request(),
    )
    .await;
    assert_eq!(response.status(), 200);
}

#[actix_web::test]
async fn resumes_after_last_event_id_then_goes_live() {
    let app = app(common::memory()).await;
    let duel = create(&app).await;
    play(&app, &duel.id, &duel.north, "bump").await;
    let response = test::call_service(&app, stream_request(&duel.id, Some(&duel.south), Some(1))).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers().get("content-type").unwrap(), "text/event-stream");
    let mut body = response.into_body();
    let missed = read_messages(&mut body, 3).await;
    assert_eq!(missed.iter().map(|m| m.0).collect::<Vec<_>>(), vec![2, 3, 4], "exactly what came after 1");
    assert!(missed[0].2["event"]["card"].as_u64().is_some(), "south sees its own card");
    assert_eq!(missed[1].2["event"], json!({"type": "first_move", "seat": "north"}));
    assert_eq!(missed[2].2["event"], json!({"type": "bumped", "seat": 0}));
    assert_eq!(missed[2].2["to_act"], json!(["south"]));
    assert_eq!(missed[2].2["status"], "active");
    let listed: Value = test::call_and_read_body_json(
        &app,
        test::TestRequest::get()
            .uri(&format!("/v1/games/{}/actions", duel.id))
            .insert_header(("Authorization", format!("Bearer {}", duel.south)))
            .to_request(),
    )
    .await;
    assert_eq!(missed[2].2["legal_actions"], listed["actions"], "the seat's legal actions, pushed");

    play(&app, &duel.id, &duel.south, "bump").await;
    let live = read_messages(&mut body, 2).await;
    assert_eq!(live[1].0, 6);
    assert_eq!(live[1].2["to_act"], json!(["north"]));
}

#[actix_web::test]
async fn a_spectator_stream_is_redacted_and_ends_with_the_game() {
    let app = app(common::memory()).await;
    let duel = create(&app).await;
    let response = test::call_service(&app, stream_request(&duel.id, None, Some(0))).await;
    let mut body = response.into_body();
    let dealt = read_messages(&mut body, 2).await;
    assert_eq!(dealt[0].2["event"], json!({"type": "dealt", "seat": 0}), "no card for a spectator");
    assert_eq!(dealt[1].2["event"], json!({"type": "dealt", "seat": 1}));
    assert!(dealt.iter().all(|message| message.2.get("legal_actions").is_none()), "none for a spectator");
    play(&app, &duel.id, &duel.north, "reveal").await;
    play(&app, &duel.id, &duel.south, "reveal").await;
    let end = read_messages(&mut body, 3).await;
    assert_eq!(end[2].2["status"], "finished");
    assert_eq!(end[2].2["to_act"], json!([]));
    let rest = std::future::poll_fn(|cx| Pin::new(&mut body).poll_next(cx)).await;
    assert!(rest.is_none(), "the stream closes once the game is over");
}

#[actix_web::test]
async fn streams_far_behind_each_get_every_message_as_their_audience_sees_it() {
    let app = app(common::memory()).await;
    let duel = create(&app).await;
    // Four streams from the start, none read while the game runs further than a feed keeps messages (and than the
    // watcher keeps events): two of south, one of south in French, one spectator's.
    let audiences = [
        (Some(&duel.south), None),
        (Some(&duel.south), None),
        (Some(&duel.south), Some("fr")),
        (None, None),
    ];
    let mut bodies = Vec::new();
    for (token, lang) in audiences {
        let mut request = test::TestRequest::get().uri(&format!("/v1/games/{}/stream?after=0", duel.id));
        if let Some(token) = token {
            request = request.insert_header(("Authorization", format!("Bearer {token}")));
        }
        if let Some(lang) = lang {
            request = request.insert_header(("Accept-Language", lang));
        }
        let response = test::call_service(&app, request.to_request()).await;
        assert_eq!(response.status(), 200);
        bodies.push(response.into_body());
    }
    for _ in 0..40 {
        play(&app, &duel.id, &duel.north, "bump").await;
        play(&app, &duel.id, &duel.south, "bump").await;
    }
    let game: Value = test::call_and_read_body_json(
        &app,
        test::TestRequest::get()
            .uri(&format!("/v1/games/{}", duel.id))
            .to_request(),
    )
    .await;
    let version = game["version"].as_u64().unwrap();
    assert!(version > 80, "more moves than the watcher keeps events: {version}");
    let mut received = Vec::new();
    for body in &mut bodies {
        let messages = read_messages(body, version as usize).await;
        let versions: Vec<u64> = messages.iter().map(|m| m.0).collect();
        assert_eq!(versions, (1..=version).collect::<Vec<_>>(), "every position once, in order");
        received.push(messages);
    }
    let data = |stream: usize| received[stream].iter().map(|m| m.2.clone()).collect::<Vec<_>>();
    assert_eq!(data(0), data(1), "two streams of one seat get the same messages");
    assert!(received[0][1].2["event"]["card"].as_u64().is_some(), "south sees its own card");
    assert!(received[3][1].2["event"].get("card").is_none(), "a spectator does not");
    assert!(received[2].iter().all(|m| m.2["text"].is_string()), "the French stream tells each event");
    assert!(received[0].iter().all(|m| m.2.get("text").is_none()), "the others tell none");
    // Then live again, all of them.
    play(&app, &duel.id, &duel.north, "bump").await;
    for body in &mut bodies {
        let next = read_messages(body, 1).await;
        assert_eq!(next[0].0, version + 1);
    }
}

#[actix_web::test]
async fn a_bad_last_event_id_is_a_problem() {
    let app = app(common::memory()).await;
    let duel = create(&app).await;
    let request = test::TestRequest::get()
        .uri(&format!("/v1/games/{}/stream", duel.id))
        .insert_header(("Last-Event-ID", "soon"))
        .to_request();
    let response = test::call_service(&app, request).await;
    assert_eq!(response.status(), 400);
    let body: Value = test::read_body_json(response).await;
    assert_eq!(body["code"], "invalid_last_event_id");
}

#[actix_web::test]
async fn a_move_on_one_instance_reaches_a_stream_on_another() {
    let redis = common::RedisServer::start();
    let reader = app(redis.store()).await;
    let writer = app(redis.store()).await;
    let duel = create(&writer).await;
    let response = test::call_service(&reader, stream_request(&duel.id, Some(&duel.north), None)).await;
    assert_eq!(response.status(), 200);
    let mut body = response.into_body();
    play(&writer, &duel.id, &duel.north, "bump").await;
    play(&writer, &duel.id, &duel.south, "reveal").await;
    let live = read_messages(&mut body, 4).await;
    assert_eq!(live.iter().map(|m| m.0).collect::<Vec<_>>(), vec![3, 4, 5, 6]);
    assert_eq!(live[3].2["event"]["type"], "revealed");
    assert_eq!(live[3].2["to_act"], json!(["north"]));
}

/// `POST /v1/games/{id}/stream-tickets` with a bearer token: (status, body).
async fn issue_ticket(
    app: &impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error>,
    id: &str,
    token: Option<&str>,
) -> (u16, Value) {
    let mut request = test::TestRequest::post().uri(&format!("/v1/games/{id}/stream-tickets"));
    if let Some(token) = token {
        request = request.insert_header(("Authorization", format!("Bearer {token}")));
    }
    let response = test::call_service(app, request.to_request()).await;
    let status = response.status().as_u16();
    (status, test::read_body_json(response).await)
}

fn ticket_stream_request(id: &str, ticket: &str, after: Option<u64>) -> actix_http::Request {
    let after = after.map(|n| format!("&after={n}")).unwrap_or_default();
    test::TestRequest::get()
        .uri(&format!("/v1/games/{id}/stream?ticket={ticket}{after}"))
        .to_request()
}

async fn problem_code(response: ServiceResponse) -> (u16, Value) {
    let status = response.status().as_u16();
    let body: Value = test::read_body_json(response).await;
    (status, body["code"].clone())
}

#[actix_web::test]
async fn stream_ticket_opens_the_stream_as_its_seat_once() {
    let app = app(common::memory()).await;
    let duel = create(&app).await;
    let (status, issued) = issue_ticket(&app, &duel.id, Some(&duel.south)).await;
    assert_eq!(status, 201, "{issued}");
    assert_eq!(issued["expires_in"], 60);
    let ticket = issued["ticket"].as_str().unwrap().to_owned();
    assert!(ticket.len() >= 32, "at least 128 random bits, hex: {ticket}");
    assert_ne!(ticket, duel.south, "the seat token itself is never handed out");

    let response = test::call_service(&app, ticket_stream_request(&duel.id, &ticket, Some(0))).await;
    assert_eq!(response.status(), 200);
    let mut body = response.into_body();
    let dealt = read_messages(&mut body, 2).await;
    assert!(dealt[1].2["event"]["card"].as_u64().is_some(), "the ticket streams as south, who sees its own card");
    assert_eq!(dealt[0].2["event"], json!({"type": "dealt", "seat": 0}), "not north's card");

    let again = test::call_service(&app, ticket_stream_request(&duel.id, &ticket, Some(0))).await;
    assert_eq!(problem_code(again).await, (401, json!("invalid_ticket")), "single use");
}

#[actix_web::test]
async fn stream_ticket_is_scoped_to_its_game_and_refused_when_unknown() {
    let app = app(common::memory()).await;
    let (first, second) = (create(&app).await, create(&app).await);
    let (_, issued) = issue_ticket(&app, &first.id, Some(&first.north)).await;
    let ticket = issued["ticket"].as_str().unwrap();
    let elsewhere = test::call_service(&app, ticket_stream_request(&second.id, ticket, None)).await;
    assert_eq!(problem_code(elsewhere).await, (401, json!("invalid_ticket")));
    let made_up = test::call_service(&app, ticket_stream_request(&first.id, &"0".repeat(32), None)).await;
    assert_eq!(problem_code(made_up).await, (401, json!("invalid_ticket")));
    let own = test::call_service(&app, ticket_stream_request(&first.id, ticket, None)).await;
    assert_eq!(own.status(), 200, "trying it on another game did not use it up");
}

#[actix_web::test]
async fn stream_ticket_needs_a_seat_token_and_excludes_authorization() {
    let app = app(common::memory()).await;
    let duel = create(&app).await;
    assert_eq!(issue_ticket(&app, &duel.id, None).await.1["code"], "missing_token");
    assert_eq!(issue_ticket(&app, &duel.id, Some("wrong")).await.1["code"], "invalid_token");
    assert_eq!(issue_ticket(&app, "nope", Some(&duel.north)).await.0, 404);
    let (_, issued) = issue_ticket(&app, &duel.id, Some(&duel.north)).await;
    let both = test::TestRequest::get()
        .uri(&format!("/v1/games/{}/stream?ticket={}", duel.id, issued["ticket"].as_str().unwrap()))
        .insert_header(("Authorization", format!("Bearer {}", duel.north)))
        .to_request();
    let response = test::call_service(&app, both).await;
    assert_eq!(problem_code(response).await, (400, json!("conflicting_credentials")));
}

#[actix_web::test]
async fn finished_game_stream_answers_204_unless_events_are_unseen() {
    let app = app(common::memory()).await;
    let duel = create(&app).await;
    play(&app, &duel.id, &duel.north, "reveal").await;
    play(&app, &duel.id, &duel.south, "reveal").await;
    // The game ended at version 5 (north's first move was noted): a client that saw everything (or asks for nothing older) gets 204.
    for last in [None, Some(5)] {
        let response = test::call_service(&app, stream_request(&duel.id, Some(&duel.north), last)).await;
        assert_eq!(response.status(), 204, "after {last:?}");
        assert!(test::read_body(response).await.is_empty());
    }
    let (_, issued) = issue_ticket(&app, &duel.id, Some(&duel.south)).await;
    let response =
        test::call_service(&app, ticket_stream_request(&duel.id, issued["ticket"].as_str().unwrap(), Some(5))).await;
    assert_eq!(response.status(), 204, "with a ticket too");

    // One unseen event: it is sent, then the stream closes.
    let response = test::call_service(&app, stream_request(&duel.id, Some(&duel.north), Some(4))).await;
    assert_eq!(response.status(), 200);
    let mut body = response.into_body();
    let last = read_messages(&mut body, 1).await;
    assert_eq!((last[0].0, last[0].2["status"].clone()), (5, json!("finished")));
    let rest = std::future::poll_fn(|cx| Pin::new(&mut body).poll_next(cx)).await;
    assert!(rest.is_none(), "then the stream closes");
}

#[actix_web::test]
async fn a_stream_carries_joins_names_the_start_and_a_resignation() {
    let app = app(common::memory()).await;
    let created: Value = test::call_and_read_body_json(
        &app,
        test::TestRequest::post()
            .uri("/v1/games")
            .set_json(json!({"title": "duel", "players": 2, "seats": 1, "turn_seconds": 60}))
            .to_request(),
    )
    .await;
    let id = created["game"]["id"].as_str().unwrap();
    let north = created["seats"][0]["token"].as_str().unwrap();
    let response = test::call_service(&app, stream_request(id, Some(north), Some(0))).await;
    assert_eq!(response.status(), 200);
    let mut body = response.into_body();
    let opened = read_messages(&mut body, 1).await;
    assert_eq!(opened[0].2["event"]["type"], "table_opened");
    assert_eq!(opened[0].2["status"], "open");

    let joined: Value = test::call_and_read_body_json(
        &app,
        test::TestRequest::post()
            .uri(&format!("/v1/games/{id}/seats/south/join"))
            .set_json(json!({"name": "Marcus"}))
            .to_request(),
    )
    .await;
    // The join, the title's setup (two deals) and the clock starting, one message each.
    let start = read_messages(&mut body, 4).await;
    assert_eq!(start[0].2["event"], json!({"type": "seat_joined", "seat": "south", "name": "Marcus"}));
    assert_eq!(start[0].2["status"], "active");
    assert_eq!(start[3].2["event"]["type"], "deadline_set");
    assert!(start[3].2["event"]["deadline_ms"].as_u64().is_some());
    assert_eq!(start[3].2["to_act"], json!(["north"]));
    assert_eq!(start[3].2["deadline_ms"], start[3].2["event"]["deadline_ms"]);
    assert!(start[3].2["remaining_ms"].as_u64().is_some_and(|left| left <= 60_000));

    play(&app, id, joined["token"].as_str().unwrap(), "resign").await;
    let end = read_messages(&mut body, 1).await;
    assert_eq!(end[0].2["event"], json!({"type": "resigned", "seat": "south"}));
    assert_eq!(end[0].2["status"], "finished");
    let rest = std::future::poll_fn(|cx| Pin::new(&mut body).poll_next(cx)).await;
    assert!(rest.is_none(), "the stream closes with the game");
}
