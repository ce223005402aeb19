//! `openapi/openapi.json` is exactly what the service serves. Regenerate it with
//! `cargo run -- openapi > openapi/openapi.json`.

use actix_web::{App, test as web_test, web};
use ludus::engine::Registry;
use ludus::service::GameService;
use ludus::store::MemoryStore;

#[actix_web::test]
async fn committed_spec_matches_the_served_one() {
    let service =
        web::Data::new(GameService::new(Registry::with_all_titles(), std::sync::Arc::new(MemoryStore::default())));
    let app = web_test::init_service(App::new().configure(ludus::api::routes(service.clone()))).await;
    let served: serde_json::Value =
        web_test::call_and_read_body_json(&app, web_test::TestRequest::get().uri("/openapi.json").to_request()).await;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json");
    let committed: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("openapi/openapi.json"))
            .expect("openapi/openapi.json is JSON");
    assert!(
        served == committed,
        "openapi/openapi.json is out of date: run `cargo run -- openapi > openapi/openapi.json`"
    );
    assert_eq!(ludus::api::openapi_json(&service).trim(), std::fs::read_to_string(path).unwrap().trim());
}

#[test]
fn the_move_operation_says_which_retries_are_safe() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json");
    let spec: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let play = &spec["paths"]["/v1/games/{id}/actions"]["post"];
    let description = play["description"].as_str().unwrap_or_default();
    for needed in [
        "same `Idempotency-Key`",
        "expected_version",
        "never twice",
        "idempotency_key_reused",
    ] {
        assert!(description.contains(needed), "the description lacks {needed:?}: {description}");
    }
    let unavailable = play["responses"]["503"]["description"].as_str().unwrap_or_default();
    assert!(unavailable.contains("may still have been applied"), "{unavailable}");
}

#[test]
fn the_account_stream_names_every_notification_type() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json");
    let spec: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let operation = &spec["paths"]["/v1/accounts/me/stream"]["get"];
    let description = ["summary", "description"]
        .map(|part| operation[part].as_str().unwrap_or_default())
        .join("\n");
    let types = spec["components"]["schemas"]["Notification"]["discriminator"]["mapping"]
        .as_object()
        .unwrap();
    assert!(types.len() >= 10, "{types:?}");
    for kind in types.keys() {
        assert!(description.contains(&format!("`{kind}`")), "the account stream's description misses {kind}");
    }
}

#[test]
fn operations_that_take_an_account_key_optionally_declare_it() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json");
    let spec: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    // Creating a game and joining a seat bind it to the account whose key (or a person's session cookie) comes with
    // them: Swagger UI sends the key only where the document declares it.
    for path in ["/v1/games", "/v1/games/{id}/seats/{seat}/join"] {
        let security = &spec["paths"][path]["post"]["security"];
        assert_eq!(security, &serde_json::json!([{}, {"account_key": []}, {"session_cookie": []}]), "{path}");
    }
}
