//! Undo over HTTP, on the fixture title (a bump may be undone, a reveal not): the `undone` event on the log and on
//! the stream at its version, `expected_version` and idempotency keys as for any move, and an instance that rebuilds
//! the game from the log (a cold load) agreeing on what may be undone.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test;
use common::app::{TestApp, app_on, bearer, call, read_messages, stream_request};
use ludus::config::CorsOrigins;
use serde_json::{Value, json};

const UNDO: &str = r#"{"type": "undo"}"#;

struct Duel {
    id: String,
    north: String,
    south: String,
}

impl Duel {
    async fn create(app: &impl TestApp) -> Duel {
        let created = call(
            app,
            test::TestRequest::post()
                .uri("/v1/games")
                .set_json(json!({"title": "duel", "players": 2, "seed": 7})),
        )
        .await;
        assert_eq!(created.0, StatusCode::CREATED, "{}", created.2);
        let token = |i: usize| created.2["seats"][i]["token"].as_str().unwrap().to_owned();
        Duel {
            id: created.2["game"]["id"].as_str().unwrap().to_owned(),
            north: token(0),
            south: token(1),
        }
    }

    /// `action` sent by `token`, with `extra` request fields and an optional idempotency key.
    async fn send(
        &self,
        app: &impl TestApp,
        token: &str,
        action: &str,
        extra: Value,
        key: Option<&str>,
    ) -> (StatusCode, Value, bool) {
        let mut body = json!({"action": serde_json::from_str::<Value>(action).unwrap()});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        let mut request = test::TestRequest::post()
            .uri(&format!("/v1/games/{}/actions", self.id))
            .insert_header(bearer(token))
            .set_json(body);
        if let Some(key) = key {
            request = request.insert_header(("Idempotency-Key", key.to_owned()));
        }
        let (status, headers, answer) = call(app, request).await;
        (status, answer, headers.contains_key("idempotent-replayed"))
    }

    async fn game(&self, app: &impl TestApp, token: &str) -> Value {
        let request = test::TestRequest::get()
            .uri(&format!("/v1/games/{}", self.id))
            .insert_header(bearer(token));
        call(app, request).await.2
    }
}

fn undo() -> Value {
    serde_json::from_str(UNDO).unwrap()
}

#[actix_web::test]
async fn an_undo_is_an_event_of_the_log_and_the_stream_and_a_cold_load_agrees() {
    let store = common::memory();
    let app = app_on(store.clone(), CorsOrigins::default()).await;
    let duel = Duel::create(&app).await;
    let stream = test::call_service(&app, stream_request(&duel.id, Some(&duel.south), None)).await;
    let mut stream = stream.into_body();

    let (status, bumped, _) = duel
        .send(&app, &duel.north, r#"{"type": "bump"}"#, json!({}), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{bumped}");
    let version = bumped["version"].as_u64().unwrap();
    assert_eq!(bumped["game"]["legal_actions"], json!([undo()]), "south is to act, north may undo");
    assert_eq!(bumped["game"]["view"]["counter"], 1);

    // expected_version keeps its meaning: an undo against a stale version is refused.
    let stale = duel
        .send(&app, &duel.north, UNDO, json!({"expected_version": version - 1}), None)
        .await;
    assert_eq!((stale.0, &stale.1["code"]), (StatusCode::CONFLICT, &json!("version_conflict")));
    // South did not decide since the setup: nothing of its own to undo.
    let south = duel.send(&app, &duel.south, UNDO, json!({}), None).await;
    assert_eq!((south.0, &south.1["code"]), (StatusCode::UNPROCESSABLE_ENTITY, &json!("undo_not_allowed")));

    let pinned = json!({"expected_version": version});
    let (status, undone, replayed) = duel.send(&app, &duel.north, UNDO, pinned.clone(), Some("undo-1")).await;
    assert_eq!((status, replayed), (StatusCode::OK, false), "{undone}");
    assert_eq!(undone["version"], version + 1, "the log only grows");
    assert_eq!(undone["events"], json!([{"seq": version + 1, "event": {"type": "undone", "seat": "north"}}]));
    assert_eq!(undone["game"]["view"]["counter"], 0, "the bump is undone");
    assert_eq!(undone["game"]["to_act"], json!(["north"]));
    assert_eq!(
        undone["game"]["legal_actions"],
        json!([{"type": "bump"}, {"type": "reveal"}, {"type": "offer_draw"}]),
        "nothing more to undo (a draw may be offered on north's turn)"
    );
    // The same key answers the same, and appends nothing.
    let (status, again, replayed) = duel.send(&app, &duel.north, UNDO, pinned, Some("undo-1")).await;
    assert_eq!((status, replayed), (StatusCode::OK, true));
    assert_eq!(again, undone);
    let more = duel.send(&app, &duel.north, UNDO, json!({}), None).await;
    assert_eq!((more.0, &more.1["code"]), (StatusCode::UNPROCESSABLE_ENTITY, &json!("undo_not_allowed")));

    // South's stream: the bump, then the undo at its version, with north to act again.
    let messages = read_messages(&mut stream, 3).await;
    let (id, _, last) = messages.last().unwrap();
    assert_eq!((*id, &last["event"]), (version + 1, &json!({"type": "undone", "seat": "north"})));
    assert_eq!(last["to_act"], json!(["north"]));
    // And the log.
    let log = call(&app, test::TestRequest::get().uri(&format!("/v1/games/{}/events?after={version}", duel.id))).await;
    assert_eq!(log.2["events"], undone["events"]);

    // North bumps again: another instance, which rebuilds the game from the log, lets it undo that bump.
    let (status, _, _) = duel
        .send(&app, &duel.north, r#"{"type": "bump"}"#, json!({}), None)
        .await;
    assert_eq!(status, StatusCode::OK);
    let cold = app_on(store.clone(), CorsOrigins::default()).await;
    assert_eq!(
        common::without_presence(&duel.game(&cold, &duel.north).await),
        common::without_presence(&duel.game(&app, &duel.north).await)
    );
    let (status, undone, _) = duel.send(&cold, &duel.north, UNDO, json!({}), None).await;
    assert_eq!(status, StatusCode::OK, "{undone}");
    assert_eq!(undone["game"]["view"]["counter"], 0);
    // A reveal shows a card: it is never undone, on either instance.
    let (status, _, _) = duel
        .send(&cold, &duel.north, r#"{"type": "reveal"}"#, json!({}), None)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(duel.game(&app, &duel.north).await["legal_actions"], json!([]));
    assert_eq!(duel.game(&cold, &duel.north).await["legal_actions"], json!([]));
    let refused = duel.send(&app, &duel.north, UNDO, json!({}), None).await;
    assert_eq!((refused.0, &refused.1["code"]), (StatusCode::UNPROCESSABLE_ENTITY, &json!("undo_not_allowed")));
}
