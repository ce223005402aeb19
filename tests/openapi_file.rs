//! `openapi/openapi.json` is exactly what the service serves. Regenerate it with
//! `cargo run -- openapi > openapi/openapi.json`.

use actix_web::{App, test, web};
use ludus::engine::Registry;
use ludus::service::GameService;
use ludus::store::MemoryStore;

#[actix_web::test]
async fn committed_spec_matches_the_served_one() {
    let service = web::Data::new(GameService::new(
        Registry::with_all_titles(),
        std::sync::Arc::new(MemoryStore::default()),
    ));
    let app = test::init_service(App::new().configure(ludus::api::routes(service.clone()))).await;
    let served: serde_json::Value =
        test::call_and_read_body_json(&app, test::TestRequest::get().uri("/openapi.json").to_request()).await;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json");
    let committed: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("openapi/openapi.json"))
            .expect("openapi/openapi.json is JSON");
    assert!(
        served == committed,
        "openapi/openapi.json is out of date: run `cargo run -- openapi > openapi/openapi.json`"
    );
    assert_eq!(
        ludus::api::openapi_json(&service).trim(),
        std::fs::read_to_string(path).unwrap().trim()
    );
}
