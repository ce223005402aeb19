//! What the reference web client needs from the service: its files served at `/play/` from the binary, and the game
//! as it was at a past version (`GET /v1/games/{id}?at=N`) for its replay. The client itself is played in headless
//! Chromium by `scripts/play-test`.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::http::header::HeaderMap;
use actix_web::test;
use common::app::{TestApp, app, bearer, call};
use serde_json::{Value, json};

fn header<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers
        .get(name)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
}

/// Status, headers and body bytes of a GET.
async fn get_raw(app: &impl TestApp, uri: &str, etag: Option<&str>) -> (StatusCode, HeaderMap, Vec<u8>) {
    let mut request = test::TestRequest::get().uri(uri);
    if let Some(etag) = etag {
        request = request.insert_header(("If-None-Match", etag.to_owned()));
    }
    let response = test::call_service(app, request.to_request()).await;
    let (status, headers) = (response.status(), response.headers().clone());
    (status, headers, test::read_body(response).await.to_vec())
}

#[actix_web::test]
async fn the_web_client_is_served_at_play_with_its_content_types_and_strong_etags() {
    let app = app().await;
    let (status, headers, _) = get_raw(&app, "/play", None).await;
    assert_eq!(status, StatusCode::PERMANENT_REDIRECT);
    assert_eq!(header(&headers, "location"), "/play/");
    for (uri, content_type, marker) in [
        ("/play/", "text/html; charset=utf-8", "lobby.js"),
        ("/play/table.html", "text/html; charset=utf-8", "table.js"),
        ("/play/table.js", "text/javascript; charset=utf-8", "stream-tickets"),
        ("/play/map.js", "text/javascript; charset=utf-8", "/v1/titles"),
        ("/play/chat.js", "text/javascript; charset=utf-8", "/chat"),
        ("/play/style.css", "text/css; charset=utf-8", "svg.map"),
    ] {
        let (status, headers, body) = get_raw(&app, uri, None).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        assert_eq!(header(&headers, "content-type"), content_type, "{uri}");
        assert!(String::from_utf8_lossy(&body).contains(marker), "{uri} is the file from web/");
        let etag = header(&headers, "etag").to_owned();
        assert!(etag.starts_with('"') && !etag.starts_with("W/"), "a strong ETag: {etag}");
        assert_eq!(header(&headers, "cache-control"), "no-cache", "{uri}");
        let (status, headers, body) = get_raw(&app, uri, Some(&etag)).await;
        assert_eq!(status, StatusCode::NOT_MODIFIED, "{uri} revalidates with its ETag");
        assert_eq!(header(&headers, "etag"), etag);
        assert!(body.is_empty());
        let (status, _, _) = get_raw(&app, uri, Some("\"another\"")).await;
        assert_eq!(status, StatusCode::OK, "{uri} with a stale ETag");
    }
}

#[actix_web::test]
async fn unknown_web_client_files_are_404_problems_and_other_methods_405() {
    let app = app().await;
    for uri in ["/play/nope.js", "/play/..%2FCargo.toml", "/play/tests/play.mjs"] {
        let (status, headers, body) = call(&app, test::TestRequest::get().uri(uri)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(header(&headers, "content-type"), "application/problem+json", "{uri}");
        assert_eq!(body["code"], "not_found", "{uri}");
    }
    let (status, headers, body) = call(&app, test::TestRequest::post().uri("/play/index.html")).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(header(&headers, "allow"), "GET");
    assert_eq!(body["code"], "method_not_allowed");
}

/// `GET /v1/games/{id}` as `token` (a spectator without one), at `at` when given.
async fn game(app: &impl TestApp, id: &str, token: Option<&str>, at: Option<u64>) -> (StatusCode, Value) {
    let uri = match at {
        Some(at) => format!("/v1/games/{id}?at={at}"),
        None => format!("/v1/games/{id}"),
    };
    let mut request = test::TestRequest::get().uri(&uri);
    if let Some(token) = token {
        request = request.insert_header(bearer(token));
    }
    let (status, _, body) = call(app, request).await;
    (status, body)
}

#[actix_web::test]
async fn the_view_at_a_past_version_is_the_view_each_seat_got_at_that_version() {
    let app = app().await;
    for title in ["caesar-cleopatra", "alea-iacta-est", "caligula", "rome-carthage"] {
        let (status, _, created) = call(
            &app,
            test::TestRequest::post()
                .uri("/v1/games")
                .set_json(json!({"title": title, "players": 2, "seed": 15})),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["game"]["id"].as_str().unwrap().to_owned();
        let tokens: Vec<String> = created["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|seat| seat["token"].as_str().unwrap().to_owned())
            .collect();
        let viewers: Vec<Option<&str>> = tokens.iter().map(|t| Some(t.as_str())).chain([None]).collect();
        // Every viewer's answer at every version the game passes through, as it was then.
        let mut seen: Vec<(u64, Option<&str>, Value)> = Vec::new();
        for turn in 0..40 {
            for &viewer in &viewers {
                let (status, then) = game(&app, &id, viewer, None).await;
                assert_eq!(status, StatusCode::OK);
                seen.push((then["version"].as_u64().unwrap(), viewer, then));
            }
            let (_, now) = game(&app, &id, None, None).await;
            if now["status"] == "finished" {
                break;
            }
            let (index, actions) = tokens
                .iter()
                .enumerate()
                .map(|(index, token)| (index, seen.iter().rev().find(|(_, v, _)| *v == Some(token)).unwrap()))
                .map(|(index, (_, _, then))| (index, common::title_actions(then["legal_actions"].as_array().unwrap())))
                .find(|(_, actions)| !actions.is_empty())
                .expect("a seat must act");
            let action = &actions[turn * 7 % actions.len()];
            let (status, _, answer) = call(
                &app,
                test::TestRequest::post()
                    .uri(&format!("/v1/games/{id}/actions"))
                    .insert_header(bearer(&tokens[index]))
                    .set_json(json!({"action": action})),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{title}: {answer}");
        }
        assert!(seen.len() > 30, "{title}: the game went through versions");
        for (version, viewer, then) in &seen {
            let (status, past) = game(&app, &id, *viewer, Some(*version)).await;
            assert_eq!(status, StatusCode::OK, "{past}");
            assert!(then["players"][0].get("connected").is_some(), "a live answer tells who is connected");
            // Presence is not in the log: a past version leaves it out.
            assert_eq!(
                past,
                common::without_presence(then),
                "{title}: the view at version {version} is the one its viewer got then"
            );
        }
        let (_, zero) = game(&app, &id, viewers[0], Some(0)).await;
        assert_eq!(zero["version"], 0, "{title}: version 0, before the table opened");
    }
}

#[actix_web::test]
async fn a_version_beyond_the_game_or_not_a_version_is_refused() {
    let app = app().await;
    let (_, _, created) = call(
        &app,
        test::TestRequest::post()
            .uri("/v1/games")
            .set_json(json!({"title": "caesar-cleopatra", "players": 2})),
    )
    .await;
    let id = created["game"]["id"].as_str().unwrap();
    let version = created["game"]["version"].as_u64().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    let (status, now) = game(&app, id, Some(token), Some(version)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(now["version"], version);
    let (status, headers, body) =
        call(&app, test::TestRequest::get().uri(&format!("/v1/games/{id}?at={}", version + 1))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(header(&headers, "content-type"), "application/problem+json");
    assert_eq!(body["code"], "version_not_reached");
    for query in ["at=-1", "at=abc", "at=", "at=9223372036854775808"] {
        let (status, headers, body) =
            call(&app, test::TestRequest::get().uri(&format!("/v1/games/{id}?{query}"))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        assert_eq!(header(&headers, "content-type"), "application/problem+json");
        assert_eq!(body["code"], "invalid_query", "{query}");
    }
    let (status, body) = game(&app, id, Some("not-a-token"), Some(0)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "a past view needs a token of the game too: {body}");
}

/// The client tells the table's actions from a title's moves by their `type`: its list is the server's.
#[actix_web::test]
async fn the_client_knows_every_table_action() {
    let script = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/web/api.js")).expect("web/api.js");
    let start =
        script.find("TABLE_ACTIONS = new Set([").expect("the client's list") + "TABLE_ACTIONS = new Set([".len();
    let listed: Vec<&str> = script[start..start + script[start..].find("])").expect("its end")]
        .split(',')
        .map(|kind| kind.trim().trim_matches('"'))
        .filter(|kind| !kind.is_empty())
        .collect();
    assert_eq!(listed, ludus::engine::table::TABLE_ACTION_TYPES);
    let rules_draw: Vec<&str> = ludus::engine::Registry::with_all_titles()
        .titles()
        .filter(|title| title.rules_draw())
        .map(|title| title.info().id)
        .collect();
    for title in rules_draw {
        assert!(script.contains(&format!("RULES_DRAW = new Set([\"{title}\"")), "{title} in RULES_DRAW");
    }
}

/// The client speaks the service's languages: its `LANGS` are `Lang::ALL`'s codes, and every entry of its word tables
/// (its own and each board's, `key: [english, french, ...]`) has a text in each of them.
#[actix_web::test]
async fn the_client_speaks_every_language_of_the_service() {
    let web = concat!(env!("CARGO_MANIFEST_DIR"), "/web/");
    let i18n = std::fs::read_to_string(format!("{web}i18n.js")).expect("web/i18n.js");
    let codes: Vec<String> = ludus::engine::Lang::ALL
        .iter()
        .map(|lang| format!("\"{}\"", lang.code()))
        .collect();
    assert!(i18n.contains(&format!("LANGS = [{}];", codes.join(", "))), "the client's LANGS are {codes:?}");
    for file in [
        "i18n.js",
        "alea-board.js",
        "caligula-board.js",
        "cc-board.js",
        "rome-board.js",
        "profile.js",
        "leaderboard.js",
    ] {
        let script = std::fs::read_to_string(format!("{web}{file}")).expect("a web file");
        let start = script.find("const WORDS = {").expect("a word table");
        let table = &script[start..start + script[start..].find("\n};").expect("its end")];
        let sizes = entry_sizes(table);
        assert!(sizes.len() > 10, "{file}: {sizes:?}");
        assert!(sizes.iter().all(|size| *size == codes.len()), "{file}: {sizes:?}");
    }
}

/// How many strings each top-level `[...]` of a word table holds (its keys, outside the brackets, are not counted).
fn entry_sizes(table: &str) -> Vec<usize> {
    let (mut sizes, mut count, mut depth) = (Vec::new(), 0, 0);
    let (mut in_string, mut escaped) = (false, false);
    for c in table.chars() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                count += usize::from(depth == 1);
            }
            '[' => {
                depth += 1;
                count = if depth == 1 { 0 } else { count };
            }
            ']' => {
                depth -= 1;
                if depth == 0 {
                    sizes.push(count);
                }
            }
            _ => {}
        }
    }
    sizes
}
