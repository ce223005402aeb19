//! One contract, two implementations: every test runs against the in-memory store and a real redis-server.

mod common;

use std::sync::Arc;

use common::RedisServer;
use ludus::store::{Appended, EventStore, GameMeta, Idempotency, StoreError};

fn meta(id: &str) -> GameMeta {
    GameMeta {
        id: id.to_owned(),
        title: "duel".into(),
        players: 2,
        options: r#"{"bonus":0}"#.into(),
        token_hashes: vec!["aa".into(), "bb".into()],
        seed: "00".repeat(32),
        created_at_ms: 1_700_000_000_000,
    }
}

fn unique(name: &str) -> String {
    format!("{name}-{}", hex::encode(rand::random::<[u8; 8]>()))
}

fn events(texts: &[&str]) -> Vec<String> {
    texts.iter().map(|t| t.to_string()).collect()
}

async fn creates_and_reads_back(store: Arc<dyn EventStore>) {
    let g1 = &unique("g1");
    store.create(&meta(g1), &events(&["a", "b"])).await.unwrap();
    assert_eq!(store.meta(g1).await.unwrap(), meta(g1));
    assert_eq!(store.events_after(g1, 0).await.unwrap(), events(&["a", "b"]));
    assert_eq!(store.events_after(g1, 1).await.unwrap(), events(&["b"]));
    assert!(store.events_after(g1, 2).await.unwrap().is_empty());
    assert!(store.events_after(g1, 99).await.unwrap().is_empty());
    assert!(matches!(
        store.create(&meta(g1), &[]).await,
        Err(StoreError::AlreadyExists)
    ));
    assert!(matches!(store.meta("nope").await, Err(StoreError::NotFound)));
}

async fn appends_only_at_the_expected_version(store: Arc<dyn EventStore>) {
    let g2 = &unique("g2");
    store.create(&meta(g2), &events(&["a"])).await.unwrap();
    assert_eq!(
        store.append(g2, 1, &events(&["b", "c"]), None).await.unwrap(),
        Appended::Ok { version: 3 }
    );
    assert!(matches!(
        store.append(g2, 1, &events(&["x"]), None).await,
        Err(StoreError::Conflict { actual: 3 })
    ));
    assert_eq!(store.events_after(g2, 0).await.unwrap(), events(&["a", "b", "c"]));
    assert!(matches!(
        store.append("none", 0, &events(&["x"]), None).await,
        Err(StoreError::NotFound)
    ));
}

async fn idempotency_key_appends_once(store: Arc<dyn EventStore>) {
    let g3 = &unique("g3");
    store.create(&meta(g3), &events(&["a"])).await.unwrap();
    let first = Idempotency {
        key: "k1",
        response: "first",
    };
    assert_eq!(
        store.append(g3, 1, &events(&["b"]), Some(first)).await.unwrap(),
        Appended::Ok { version: 2 }
    );
    let again = Idempotency {
        key: "k1",
        response: "second",
    };
    assert_eq!(
        store.append(g3, 2, &events(&["c"]), Some(again)).await.unwrap(),
        Appended::Duplicate {
            response: "first".into()
        }
    );
    assert_eq!(store.events_after(g3, 0).await.unwrap(), events(&["a", "b"]));
    assert_eq!(
        store.idempotent_response(g3, "k1").await.unwrap().as_deref(),
        Some("first")
    );
    assert_eq!(store.idempotent_response(g3, "k2").await.unwrap(), None);
}

async fn racing_writers_never_both_win(store: Arc<dyn EventStore>) {
    let id = unique("race");
    store.create(&meta(&id), &events(&["a"])).await.unwrap();
    for version in 1..=5u64 {
        let attempts: Vec<_> = (0..16)
            .map(|writer| {
                let (store, id) = (store.clone(), id.clone());
                tokio::spawn(async move {
                    store
                        .append(&id, version, &[format!("v{version}w{writer}")], None)
                        .await
                })
            })
            .collect();
        let mut winners = 0;
        for attempt in attempts {
            match attempt.await.expect("task") {
                Ok(Appended::Ok { version: new }) => {
                    assert_eq!(new, version + 1);
                    winners += 1;
                }
                Err(StoreError::Conflict { actual }) => assert_eq!(actual, version + 1),
                other => panic!("unexpected {other:?}"),
            }
        }
        assert_eq!(winners, 1, "at version {version} exactly one writer wins");
    }
    let log = store.events_after(&id, 0).await.unwrap();
    assert_eq!(log.len(), 6);
    for (position, event) in log.iter().enumerate().skip(1) {
        assert!(
            event.starts_with(&format!("v{position}w")),
            "event {position} is {event}"
        );
    }
}

async fn listeners_see_appends_as_they_happen(store: Arc<dyn EventStore>) {
    use std::time::{Duration, Instant};
    let id = unique("listen");
    store.create(&meta(&id), &events(&["a", "b"])).await.unwrap();
    let mut listener = store.listen(&id).await.unwrap();
    assert_eq!(
        listener.events_after(0, Duration::from_secs(5)).await.unwrap(),
        events(&["a", "b"])
    );
    let started = Instant::now();
    assert!(
        listener
            .events_after(2, Duration::from_millis(300))
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        started.elapsed() >= Duration::from_millis(250),
        "waited for the whole timeout"
    );
    let writer = {
        let (store, id) = (store.clone(), id.clone());
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(200)).await;
            store.append(&id, 2, &events(&["c", "d"]), None).await.unwrap();
        })
    };
    let started = Instant::now();
    let live = listener.events_after(2, Duration::from_secs(10)).await.unwrap();
    assert_eq!(live, events(&["c", "d"]));
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "woken by the append, not the timeout"
    );
    writer.await.unwrap();
}

macro_rules! contract {
    ($($test:ident),*) => {
        mod memory {
            $(#[tokio::test] async fn $test() { super::$test(super::common::memory()).await; })*
        }
        mod redis {
            $(#[tokio::test] async fn $test() {
                let server = super::RedisServer::start();
                super::$test(server.store()).await;
            })*
        }
        mod redis_cluster {
            $(#[tokio::test] async fn $test() {
                let cluster = super::common::RedisCluster::start();
                let store = cluster.store();
                assert_eq!(store.kind(), ludus::store::StoreKind::RedisCluster);
                super::$test(store).await;
            })*
        }
    };
}

contract!(
    creates_and_reads_back,
    appends_only_at_the_expected_version,
    idempotency_key_appends_once,
    racing_writers_never_both_win,
    listeners_see_appends_as_they_happen
);
