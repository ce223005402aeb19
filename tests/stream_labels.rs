//! Every message of a live stream carries the log version of the event it shows, whatever the interleaving of moves
//! and stream openings, and wherever a stream starts (`Last-Event-ID` 0, behind, at the head, ahead of it, or none):
//! a property test over random scenarios on the memory store, a real `redis-server` and a three-node Redis Cluster.
//! The watcher re-reads its games every few milliseconds here, so that its periodic reads race the reads that the
//! store's notifications start (two reads extending the tail from one head once doubled events under later ids).

use crate::common;

use std::cell::RefCell;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::test::{self as http, TestRequest};
use actix_web::{App, web};
use common::app::{TestApp, call, next_block, version_of};
use ludus::store::EventStore;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Value, json};

/// Few enough moves that no game of these titles ends (once over, a log is shown unredacted).
const MAX_MOVES: usize = 24;
const TITLES: [(&str, usize); 3] = [("caesar-cleopatra", 2), ("rome-carthage", 3), ("caligula", 3)];

/// Where a stream starts, relative to the version when it is opened.
#[derive(Clone, Copy, Debug)]
enum Start {
    /// No `Last-Event-ID`: only what comes next.
    Now,
    Zero,
    Behind(u64),
    Head,
    Ahead(u64),
}

#[derive(Clone, Debug)]
enum Step {
    Moves(usize),
    /// A stream as a spectator (`None`) or as a seat.
    Open {
        start: Start,
        seat: Option<usize>,
    },
}

#[derive(Clone, Debug)]
struct Scenario {
    title: usize,
    seed: u64,
    steps: Vec<Step>,
}

fn scenario() -> impl Strategy<Value = Scenario> {
    let start = prop_oneof![
        Just(Start::Now),
        Just(Start::Zero),
        (1u64..20).prop_map(Start::Behind),
        Just(Start::Head),
        (1u64..5).prop_map(Start::Ahead),
    ];
    let step = prop_oneof![
        (1usize..6).prop_map(Step::Moves),
        (start, prop::option::of(0usize..2)).prop_map(|(start, seat)| Step::Open { start, seat }),
    ];
    (0..TITLES.len(), any::<u64>(), prop::collection::vec(step, 2..10)).prop_map(|(title, seed, steps)| Scenario {
        title,
        seed,
        steps,
    })
}

/// What one stream received: (SSE id, event name, data), in order.
type Received = Rc<RefCell<Vec<(String, String, Value)>>>;

struct Opened {
    seat: Option<usize>,
    /// The version after which its first message must come.
    after: u64,
    received: Received,
}

/// Reads an SSE body into `received` until it ends.
async fn read_stream(mut body: impl MessageBody + Unpin, received: Received) {
    let mut text = String::new();
    loop {
        let chunk = std::future::poll_fn(|cx| Pin::new(&mut body).poll_next(cx)).await;
        let Some(Ok(bytes)) = chunk else { return };
        text.push_str(std::str::from_utf8(&bytes).expect("UTF-8"));
        while let Some(block) = next_block(&mut text) {
            if let (Some(id), Some(event), Some(data)) = (block.field("id"), block.field("event"), block.field("data"))
            {
                let data = serde_json::from_str(&data).expect("JSON data");
                received.borrow_mut().push((id, event, data));
            }
        }
    }
}

async fn version(app: &impl TestApp, id: &str) -> u64 {
    let (_, _, game) = call(app, TestRequest::get().uri(&format!("/v1/games/{id}"))).await;
    game["version"].as_u64().expect("a version")
}

/// Plays one random legal action of a seat to act; false when no seat can act.
async fn play_one(app: &impl TestApp, id: &str, tokens: &[String], pick: u64) -> bool {
    let (_, _, game) = call(app, TestRequest::get().uri(&format!("/v1/games/{id}"))).await;
    assert_ne!(game["status"], "finished", "the scenario keeps the game going");
    for token in tokens {
        let (_, _, listed) = call(
            app,
            TestRequest::get()
                .uri(&format!("/v1/games/{id}/actions"))
                .insert_header(common::app::bearer(token)),
        )
        .await;
        let actions = common::title_actions(listed["actions"].as_array().map(Vec::as_slice).unwrap_or(&[]));
        if actions.is_empty() {
            continue;
        }
        let action = &actions[(pick % actions.len() as u64) as usize];
        let (status, _, answer) = call(
            app,
            TestRequest::post()
                .uri(&format!("/v1/games/{id}/actions"))
                .insert_header(common::app::bearer(token))
                .set_json(json!({"action": action})),
        )
        .await;
        assert_eq!(status, 200, "a listed action is accepted: {answer}");
        return true;
    }
    false
}

/// The log as `token`'s seat (or a spectator) may see it: version → the event shown, for the events it may see.
async fn visible_log(app: &impl TestApp, id: &str, token: Option<&str>) -> std::collections::HashMap<u64, Value> {
    let mut request = TestRequest::get().uri(&format!("/v1/games/{id}/events?after=0&limit=10000"));
    if let Some(token) = token {
        request = request.insert_header(common::app::bearer(token));
    }
    let (_, _, log) = call(app, request).await;
    log["events"]
        .as_array()
        .expect("the log")
        .iter()
        .map(|logged| (logged["seq"].as_u64().unwrap(), logged["event"].clone()))
        .collect()
}

async fn run(
    app: &(impl Service<actix_http::Request, Response = ServiceResponse, Error = actix_web::Error> + 'static),
    scenario: &Scenario,
) {
    let (title, players) = TITLES[scenario.title];
    let (status, _, created) = call(
        app,
        TestRequest::post()
            .uri("/v1/games")
            .set_json(json!({"title": title, "players": players})),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_owned();
    let tokens: Vec<String> = common::seat_tokens(&created)
        .into_iter()
        .map(|(_, token)| token)
        .collect();
    let mut opened: Vec<Opened> = Vec::new();
    let mut moves = 0;
    for (index, step) in scenario.steps.iter().enumerate() {
        match step {
            Step::Moves(count) => {
                for pick in 0..*count {
                    if moves == MAX_MOVES {
                        break;
                    }
                    moves += 1;
                    let pick = scenario.seed.wrapping_add((index * 7 + pick) as u64);
                    assert!(play_one(app, &id, &tokens, pick).await, "some seat can act");
                }
            }
            Step::Open { start, seat } => {
                let now = version(app, &id).await;
                let last_event_id = match start {
                    Start::Now => None,
                    Start::Zero => Some(0),
                    Start::Behind(back) => Some(now.saturating_sub(*back)),
                    Start::Head => Some(now),
                    Start::Ahead(ahead) => Some(now + ahead),
                };
                let token = seat.map(|seat| tokens[seat].as_str());
                let request = common::app::stream_request(&id, token, last_event_id);
                let response = http::call_service(app, request).await;
                assert_eq!(response.status(), 200, "the stream opens");
                let received = Received::default();
                actix_web::rt::spawn(read_stream(response.into_body(), received.clone()));
                opened.push(Opened {
                    seat: *seat,
                    after: last_event_id.unwrap_or(now).min(now),
                    received,
                });
            }
        }
    }
    let last = version(app, &id).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    for stream in &opened {
        while stream.received.borrow().last().map(|(id, ..)| version_of(id)) != Some(last) && stream.after != last {
            {
                let received = stream.received.borrow();
                assert!(
                    received.iter().all(|(_, event, _)| event != "error"),
                    "no stream of a fault-free run ends in error: {:?}",
                    received.last()
                );
                assert!(
                    tokio::time::Instant::now() < deadline,
                    "a stream from {} reaches version {last}: it is at {:?}",
                    stream.after,
                    received.last().map(|(id, ..)| id)
                );
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    let mut logs = std::collections::HashMap::new();
    for seat in [None, Some(0), Some(1)] {
        logs.insert(seat, visible_log(app, &id, seat.map(|seat: usize| tokens[seat].as_str())).await);
    }
    for stream in &opened {
        let received = stream.received.borrow();
        let log = &logs[&stream.seat];
        let versions: Vec<u64> = received.iter().map(|(id, ..)| version_of(id)).collect();
        assert_eq!(
            versions,
            (stream.after + 1..=last).collect::<Vec<_>>(),
            "every version after the start once, in order"
        );
        for (sse_id, kind, data) in received.iter() {
            let at = version_of(sse_id);
            assert_eq!(data["version"], at, "the data's version is its id's");
            match log.get(&at) {
                Some(event) => {
                    assert_eq!(kind, "game", "a visible event at {at}");
                    assert_eq!(&data["event"], event, "the message at {at} shows the log's event {at}");
                }
                None => {
                    assert_eq!(kind, "hidden", "an event the viewer may not see at {at}");
                    assert!(data.get("event").is_none());
                }
            }
        }
    }
}

/// Runs `cases` random scenarios, each on a fresh instance (its own cache, watcher and feeds) over `store()`.
fn check(cases: u32, store: impl Fn() -> Arc<dyn EventStore>) {
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&scenario(), |scenario| {
            let store = store();
            actix_web::rt::System::new().block_on(async {
                let service = common::service(store).with_stream_sweep(Duration::from_millis(2));
                let app = http::init_service(App::new().configure(ludus::api::routes(web::Data::new(service)))).await;
                run(&app, &scenario).await;
            });
            Ok(())
        })
        .unwrap();
}

#[test]
fn stream_messages_carry_their_events_log_versions_in_memory() {
    check(48, common::memory);
}

#[test]
fn stream_messages_carry_their_events_log_versions_on_redis() {
    let redis = common::RedisServer::start();
    check(24, || redis.store());
}

#[test]
fn stream_messages_carry_their_events_log_versions_on_a_redis_cluster() {
    let cluster = common::RedisCluster::start();
    check(12, || cluster.store_with(Default::default()));
}
