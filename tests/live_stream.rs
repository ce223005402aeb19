//! Server-Sent Events: resume with Last-Event-ID, live delivery within one process and across two processes
//! sharing Redis, redaction per viewer.

mod common;

use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::{App, test, web};
use ludus::store::EventStore;
use serde_json::{Value, json};

async fn app(
    store: Arc<dyn EventStore>,
) -> impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error> {
    let service = web::Data::new(common::service(store));
    test::init_service(App::new().configure(ludus::api::routes(service))).await
}

struct Duel {
    id: String,
    north: String,
    south: String,
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
    let token = |i: usize| body["seats"][i]["token"].as_str().unwrap().to_owned();
    Duel {
        id: body["game"]["id"].as_str().unwrap().to_owned(),
        north: token(0),
        south: token(1),
    }
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

/// SSE messages (id, event name, data) read from an open stream until `count` have arrived.
async fn read_messages(body: &mut (impl MessageBody + Unpin), count: usize) -> Vec<(u64, String, Value)> {
    let mut text = String::new();
    let mut messages = Vec::new();
    while messages.len() < count {
        let chunk = tokio::time::timeout(
            Duration::from_secs(10),
            std::future::poll_fn(|cx| Pin::new(&mut *body).poll_next(cx)),
        )
        .await
        .expect("a message within 10 s");
        let Some(Ok(bytes)) = chunk else { break };
        text.push_str(std::str::from_utf8(&bytes).unwrap());
        while let Some(end) = text.find("\n\n") {
            let block: String = text.drain(..end + 2).collect();
            let field = |name: &str| {
                block
                    .lines()
                    .find_map(|line| line.strip_prefix(&format!("{name}: ")).map(str::to_owned))
            };
            if let (Some(id), Some(event), Some(data)) = (field("id"), field("event"), field("data")) {
                messages.push((id.parse().unwrap(), event, serde_json::from_str(&data).unwrap()));
            }
        }
    }
    messages
}

fn stream_request(id: &str, token: Option<&str>, last_event_id: Option<u64>) -> actix_http::Request {
    let mut request = test::TestRequest::get().uri(&format!("/v1/games/{id}/stream"));
    if let Some(token) = token {
        request = request.insert_header(("Authorization", format!("Bearer {token}")));
    }
    if let Some(last) = last_event_id {
        request = request.insert_header(("Last-Event-ID", last.to_string()));
    }
    request.to_request()
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
    let missed = read_messages(&mut body, 2).await;
    assert_eq!(
        missed.iter().map(|m| m.0).collect::<Vec<_>>(),
        vec![2, 3],
        "exactly what came after 1"
    );
    assert!(
        missed[0].2["event"]["card"].as_u64().is_some(),
        "south sees its own card"
    );
    assert_eq!(missed[1].2["event"], json!({"type": "bumped", "seat": 0}));
    assert_eq!(missed[1].2["to_act"], json!(["south"]));
    assert_eq!(missed[1].2["status"], "active");

    play(&app, &duel.id, &duel.south, "bump").await;
    let live = read_messages(&mut body, 1).await;
    assert_eq!(live[0].0, 4);
    assert_eq!(live[0].2["to_act"], json!(["north"]));
}

#[actix_web::test]
async fn a_spectator_stream_is_redacted_and_ends_with_the_game() {
    let app = app(common::memory()).await;
    let duel = create(&app).await;
    let response = test::call_service(&app, stream_request(&duel.id, None, Some(0))).await;
    let mut body = response.into_body();
    let dealt = read_messages(&mut body, 2).await;
    assert_eq!(
        dealt[0].2["event"],
        json!({"type": "dealt", "seat": 0}),
        "no card for a spectator"
    );
    assert_eq!(dealt[1].2["event"], json!({"type": "dealt", "seat": 1}));
    play(&app, &duel.id, &duel.north, "reveal").await;
    play(&app, &duel.id, &duel.south, "reveal").await;
    let end = read_messages(&mut body, 2).await;
    assert_eq!(end[1].2["status"], "finished");
    assert_eq!(end[1].2["to_act"], json!([]));
    let rest = std::future::poll_fn(|cx| Pin::new(&mut body).poll_next(cx)).await;
    assert!(rest.is_none(), "the stream closes once the game is over");
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
    let live = read_messages(&mut body, 2).await;
    assert_eq!(live.iter().map(|m| m.0).collect::<Vec<_>>(), vec![3, 4]);
    assert_eq!(live[1].2["event"]["type"], "revealed");
    assert_eq!(live[1].2["to_act"], json!(["north"]));
}
