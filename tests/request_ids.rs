//! Request ids as a client reporting a problem uses them: its own well-formed id comes back in the answer and in the
//! problem document's `instance`; a missing or malformed one is replaced by one the server made.

use crate::common;

use common::ServerProcess;
use common::http::request;

#[test]
fn a_request_id_is_echoed_and_names_the_problem_instance() {
    let server = ServerProcess::start(None);
    let mine = "report-4711.a_b:c";
    let missing = request(server.port, "GET", "/v1/games/nope", &[("X-Request-Id", mine)], None).unwrap();
    assert_eq!(missing.status, 404);
    assert_eq!(missing.header("x-request-id"), Some(mine));
    assert_eq!(missing.body["instance"], format!("urn:ludus:request:{mine}"));

    let made = request(server.port, "GET", "/v1/games/nope", &[("X-Request-Id", "two words")], None).unwrap();
    let id = made.header("x-request-id").expect("an id of the server's").to_owned();
    assert_ne!(id, "two words");
    assert_eq!(id.len(), 32);
    assert_eq!(made.body["instance"], format!("urn:ludus:request:{id}"));

    let plain = request(server.port, "GET", "/livez", &[], None).unwrap();
    assert_eq!(plain.status, 200);
    assert!(plain.header("x-request-id").is_some(), "every answer has one");
}
