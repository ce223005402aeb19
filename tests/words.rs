//! Events and actions in words over HTTP: `?lang=` or `Accept-Language` add a `text` to each event (log pages, move
//! answers, stream messages) and a `label` to each legal action; without them answers carry none. A listed action may
//! be sent back with its label.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::test;
use common::app::{TestApp, app, bearer, call, read_messages};
use serde_json::{Value, json};

struct Game {
    id: String,
    tokens: Value,
}

impl Game {
    async fn create(app: &impl TestApp, title: &str, players: usize) -> Game {
        let request = test::TestRequest::post()
            .uri("/v1/games")
            .set_json(json!({"title": title, "players": players, "seed": 11}));
        let (status, _, created) = call(app, request).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let tokens = created["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|seat| (seat["seat"].as_str().unwrap().to_owned(), seat["token"].clone()))
            .collect::<serde_json::Map<_, _>>();
        Game {
            id: created["game"]["id"].as_str().unwrap().to_owned(),
            tokens: Value::Object(tokens),
        }
    }

    fn token(&self, seat: &str) -> &str {
        self.tokens[seat].as_str().unwrap()
    }

    /// GET `path` (after the game's URL) as `seat`, with `headers`.
    async fn get(&self, app: &impl TestApp, seat: &str, path: &str, headers: &[(&str, &str)]) -> common::app::Response {
        let mut request = test::TestRequest::get()
            .uri(&format!("/v1/games/{}{path}", self.id))
            .insert_header(bearer(self.token(seat)));
        for (name, value) in headers {
            request = request.insert_header((*name, *value));
        }
        call(app, request).await
    }
}

fn texts(events: &Value) -> Vec<Option<&str>> {
    events
        .as_array()
        .unwrap()
        .iter()
        .map(|logged| logged.get("text").map(|text| text.as_str().unwrap()))
        .collect()
}

fn labels(actions: &Value) -> Vec<&str> {
    actions
        .as_array()
        .unwrap()
        .iter()
        .map(|action| action["label"].as_str().expect("a label"))
        .collect()
}

#[actix_web::test]
async fn events_and_actions_are_told_only_when_a_language_is_asked_for() {
    let app = app().await;
    let game = Game::create(&app, "caesar-cleopatra", 2).await;
    let (_, _, shown) = game.get(&app, "cleopatra", "", &[]).await;
    let seat = shown["to_act"][0].as_str().unwrap().to_owned();

    let (status, headers, plain) = game.get(&app, &seat, "/actions", &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        plain["actions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|action| action.get("label").is_none())
    );
    assert!(headers.get("content-language").is_none());
    assert!(
        headers
            .get("vary")
            .unwrap()
            .to_str()
            .unwrap()
            .contains("Accept-Language")
    );

    let (_, headers, french) = game.get(&app, &seat, "/actions?lang=fr", &[]).await;
    assert_eq!(headers.get("content-language").unwrap(), "fr");
    let (_, _, english) = game.get(&app, &seat, "/actions?lang=en", &[]).await;
    let (_, headers, negotiated) = game
        .get(&app, &seat, "/actions", &[("Accept-Language", "it-CH, fr;q=0.8, en;q=0.5")])
        .await;
    assert_eq!(headers.get("content-language").unwrap(), "fr");
    assert_eq!(labels(&negotiated["actions"]), labels(&french["actions"]));
    assert_ne!(labels(&french["actions"]), labels(&english["actions"]));
    assert!(labels(&french["actions"]).iter().all(|label| !label.trim().is_empty()));
    // German is served as the other two are, by `?lang=` and by the header.
    let (status, headers, german) = game.get(&app, &seat, "/actions?lang=de", &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers.get("content-language").unwrap(), "de");
    assert!(labels(&german["actions"]).iter().all(|label| !label.trim().is_empty()));
    assert_ne!(labels(&german["actions"]), labels(&english["actions"]));
    assert_ne!(labels(&german["actions"]), labels(&french["actions"]));
    let (_, headers, negotiated) = game
        .get(&app, &seat, "/actions", &[("Accept-Language", "de-CH, fr;q=0.8")])
        .await;
    assert_eq!(headers.get("content-language").unwrap(), "de");
    assert_eq!(labels(&negotiated["actions"]), labels(&german["actions"]));
    // `?lang=` wins over the header; a language we do not speak is a client mistake.
    let (_, _, asked) = game
        .get(&app, &seat, "/actions?lang=en", &[("Accept-Language", "fr")])
        .await;
    assert_eq!(labels(&asked["actions"]), labels(&english["actions"]));
    let (status, _, problem) = game.get(&app, &seat, "/actions?lang=it", &[]).await;
    assert_eq!((status, problem["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_query")));
    let detail = problem["detail"].as_str().expect("a detail");
    assert!(["`en`", "`fr`", "`de`"].iter().all(|code| detail.contains(code)), "{detail}");
    let (_, _, unspoken) = game
        .get(&app, &seat, "/actions", &[("Accept-Language", "it, *;q=0.5")])
        .await;
    assert!(unspoken["actions"][0].get("label").is_none());

    // The game's own answer labels its legal actions the same way.
    let (_, _, shown) = game.get(&app, &seat, "?lang=en", &[]).await;
    assert_eq!(labels(&shown["legal_actions"]), labels(&english["actions"]));

    // A listed action goes back as it was listed, label included; the answer tells its events.
    let listed = english["actions"][0].clone();
    let request = test::TestRequest::post()
        .uri(&format!("/v1/games/{}/actions?lang=en", game.id))
        .insert_header(bearer(game.token(&seat)))
        .set_json(json!({"action": listed}));
    let (status, headers, played) = call(&app, request).await;
    assert_eq!(status, StatusCode::OK, "{played}");
    assert_eq!(headers.get("content-language").unwrap(), "en");
    let told = texts(&played["events"]);
    assert!(!told.is_empty() && told.iter().all(|text| text.is_some_and(|text| !text.is_empty())), "{played}");
    assert!(
        played["game"]["legal_actions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|action| action["label"].is_string())
    );

    // The log: words in the language asked for, none without.
    let (_, _, french_log) = game.get(&app, &seat, "/events?lang=fr", &[]).await;
    let (_, _, english_log) = game.get(&app, &seat, "/events", &[("Accept-Language", "en-GB")]).await;
    let (_, _, plain_log) = game.get(&app, &seat, "/events", &[]).await;
    let (french_texts, english_texts) = (texts(&french_log["events"]), texts(&english_log["events"]));
    assert!(
        french_texts
            .iter()
            .all(|text| text.is_some_and(|text| !text.is_empty()))
    );
    assert!(english_texts.iter().all(Option::is_some));
    assert_ne!(french_texts, english_texts);
    assert!(texts(&plain_log["events"]).iter().all(Option::is_none));
    assert_eq!(french_log["events"].as_array().unwrap().len(), plain_log["events"].as_array().unwrap().len());
}

#[actix_web::test]
async fn a_stream_opened_in_a_language_tells_each_event() {
    let app = app().await;
    let game = Game::create(&app, "alea-iacta-est", 3).await;
    let (_, _, log) = game.get(&app, "antonius", "/events?lang=fr", &[]).await;
    let request = test::TestRequest::get()
        .uri(&format!("/v1/games/{}/stream?after=0&lang=fr", game.id))
        .insert_header(bearer(game.token("antonius")))
        .to_request();
    let response = test::call_service(&app, request).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers().get("content-language").unwrap(), "fr");
    let mut body = response.into_body();
    let version = log["version"].as_u64().unwrap() as usize;
    let messages = read_messages(&mut body, version).await;
    let streamed: Vec<Option<&str>> = messages
        .iter()
        .filter(|(_, kind, _)| kind == "game")
        .map(|(_, _, data)| data.get("text").map(|text| text.as_str().unwrap()))
        .collect();
    assert_eq!(streamed, texts(&log["events"]));
}
