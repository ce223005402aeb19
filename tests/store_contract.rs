//! One contract, two implementations: every test runs against the in-memory store and a real redis-server.

use crate::common;

use std::sync::Arc;

use common::RedisServer;
use std::time::Duration;

use futures_util::StreamExt;
use ludus::ids::GameId;
use ludus::store::{
    Append, Appended, CHAT_CAPACITY, ChatPage, EventStore, GameMeta, Head, INBOX_CAPACITY, Idempotency, InboxId,
    InboxPage, Ladder, Lease, MatchmakingStore, MemoryStore, Page, PasskeyCeremony, Rate, RatingChange, RatingUpdate,
    RatingsApplied, ReadAfter, Retention, RoomMessage, Seating, Seeker, SnapshotData, Sought, StoreError,
    StoredAccount, StoredKey, StoredPasskey, StoredRating, StoredSession, StoredSnapshot, StoredWebhook, Window,
};

/// The retention of the contract's stores: short enough to watch it end.
const SHORT: Duration = Duration::from_secs(1);
/// How long the contract's stores keep idempotency records: longer than finished games.
const RECORDS: Duration = Duration::from_secs(3);
const RETENTION: Retention = Retention {
    idempotency: Some(RECORDS),
    finished: Some(SHORT),
};

fn meta(id: &str) -> GameMeta {
    GameMeta {
        id: GameId::known(id),
        title: "duel".into(),
        players: 2,
        options: r#"{"bonus":0}"#.into(),
        token_hashes: vec!["aa".into(), "bb".into()],
        seed: "00".repeat(32),
        created_at_ms: 1_700_000_000_000,
        seeded: true,
    }
}

fn unique(name: &str) -> String {
    format!("{name}-{}", hex::encode(rand::random::<[u8; 8]>()))
}

fn events(texts: &[&str]) -> Vec<String> {
    texts.iter().map(|t| t.to_string()).collect()
}

fn head(id: &str, texts: &[&str]) -> Head {
    Head::of_log(id, &events(texts))
}

fn extends(events: Vec<String>, head: Head) -> ReadAfter {
    ReadAfter::Extends { events, head }
}

async fn creates_and_reads_back(store: Arc<dyn EventStore>) {
    let g1 = &unique("g1");
    assert_eq!(store.create(&meta(g1), &events(&["a", "b"])).await.unwrap(), head(g1, &["a", "b"]));
    let loaded = store.load(g1).await.unwrap();
    assert_eq!(loaded.meta, meta(g1));
    assert_eq!(loaded.events, events(&["a", "b"]));
    assert_eq!(loaded.head, head(g1, &["a", "b"]));
    let at_one = head(g1, &["a"]);
    assert_eq!(store.read_after(g1, at_one).await.unwrap(), extends(events(&["b"]), loaded.head));
    assert_eq!(store.read_after(g1, loaded.head).await.unwrap(), extends(vec![], loaded.head));
    assert!(matches!(store.create(&meta(g1), &[]).await, Err(StoreError::AlreadyExists)));
    assert!(matches!(store.load("nope").await, Err(StoreError::NotFound)));
    assert!(matches!(store.read_after("nope", Head::genesis("nope")).await, Err(StoreError::NotFound)));
}

async fn reads_prove_the_log_extends_the_head(store: Arc<dyn EventStore>) {
    let id = &unique("proof");
    store.create(&meta(id), &events(&["a", "b"])).await.unwrap();
    // A head the log never had at that position (a state built on other events), and one beyond the log's end.
    assert_eq!(store.read_after(id, head(id, &["x"])).await.unwrap(), ReadAfter::Diverged);
    assert_eq!(store.read_after(id, head(id, &["a", "b", "c"])).await.unwrap(), ReadAfter::Diverged);
    // The same events under another game's chain are not this log either.
    assert_eq!(store.read_after(id, head("other", &["a"])).await.unwrap(), ReadAfter::Diverged);
}

async fn appends_only_at_the_expected_head(store: Arc<dyn EventStore>) {
    let g2 = &unique("g2");
    let first = store.create(&meta(g2), &events(&["a"])).await.unwrap();
    assert_eq!(
        store
            .append(g2, Append::new(first, &events(&["b", "c"])))
            .await
            .unwrap(),
        Appended::Ok {
            head: head(g2, &["a", "b", "c"])
        }
    );
    // A head the log extends: nothing appended, and what the writer missed comes back in the same answer.
    assert_eq!(
        store.append(g2, Append::new(first, &events(&["x"]))).await.unwrap(),
        Appended::Behind {
            events: events(&["b", "c"]),
            head: head(g2, &["a", "b", "c"])
        }
    );
    let conflicts: [(&[&str], &[&str], bool); 3] = [
        // A head beyond the log: the store lost events the writer saw.
        (&["a", "b", "c", "d"], &["x"], false),
        // Same prefix length, other content, and a longer log: not an extension either.
        (&["a", "x"], &["y"], true),
        // Right length, other content: the writer decided on a log that is not this one.
        (&["a", "b", "x"], &["y"], true),
    ];
    for (seen, appended, diverged) in conflicts {
        let refused = store.append(g2, Append::new(head(g2, seen), &events(appended))).await;
        assert!(
            matches!(refused, Err(StoreError::Conflict { actual: 3, diverged: found }) if found == diverged),
            "after {seen:?}: {refused:?}"
        );
    }
    assert_eq!(store.load(g2).await.unwrap().events, events(&["a", "b", "c"]));
    assert!(matches!(
        store
            .append("none", Append::new(Head::genesis("none"), &events(&["x"])))
            .await,
        Err(StoreError::NotFound)
    ));
}

/// `events` after `from` under the idempotency key `key`, which remembers `record`.
fn keyed<'a>(from: Head, events: &'a [String], key: &'a str, record: &'a str) -> Append<'a> {
    Append {
        idempotency: Some(Idempotency { key, record }),
        ..Append::new(from, events)
    }
}

async fn idempotency_key_appends_once(store: Arc<dyn EventStore>) {
    let g3 = &unique("g3");
    let first_head = store.create(&meta(g3), &events(&["a"])).await.unwrap();
    let (b, c) = (events(&["b"]), events(&["c"]));
    let Appended::Ok { head: second_head } = store.append(g3, keyed(first_head, &b, "k1", "first")).await.unwrap()
    else {
        panic!("appended")
    };
    assert_eq!(
        store.append(g3, keyed(second_head, &c, "k1", "second")).await.unwrap(),
        Appended::Duplicate { record: "first".into() }
    );
    assert_eq!(store.load(g3).await.unwrap().events, events(&["a", "b"]));
    assert_eq!(store.idempotency_record(g3, "k1").await.unwrap().as_deref(), Some("first"));
    assert_eq!(store.idempotency_record(g3, "k2").await.unwrap(), None);
}

async fn idempotency_records_and_finished_games_expire(store: Arc<dyn EventStore>) {
    // The contract's stores keep idempotency records for `RECORDS` and finished games for `SHORT` only.
    let (open, finished) = (&unique("open"), &unique("done"));
    let open_head = store.create(&meta(open), &events(&["a"])).await.unwrap();
    let done_head = store.create(&meta(finished), &events(&["a"])).await.unwrap();
    let moved = events(&["b"]);
    store.append(open, keyed(open_head, &moved, "k", "r")).await.unwrap();
    store
        .append(
            finished,
            Append {
                finishes: true,
                ..Append::new(done_head, &events(&["end"]))
            },
        )
        .await
        .unwrap();
    assert_eq!(store.idempotency_record(open, "k").await.unwrap().as_deref(), Some("r"));
    assert!(store.load(finished).await.is_ok(), "kept until its retention ends");
    tokio::time::sleep(SHORT + Duration::from_millis(500)).await;
    assert!(matches!(store.load(finished).await, Err(StoreError::NotFound)));
    tokio::time::sleep(RECORDS - SHORT).await;
    assert_eq!(store.idempotency_record(open, "k").await.unwrap(), None);
    assert_eq!(store.load(open).await.unwrap().events, events(&["a", "b"]), "an unfinished game is untouched");
}

async fn a_finished_games_idempotency_records_expire_with_it(store: Arc<dyn EventStore>) {
    // Records are kept for `RECORDS` (longer than finished games): those of a finished game go no later than the
    // game, so that a retry finds no game rather than a replay.
    let id = &unique("kept");
    let head = store.create(&meta(id), &events(&["a"])).await.unwrap();
    let moved = events(&["b"]);
    let retried = keyed(head, &moved, "k", "r");
    let Appended::Ok { head: moved_head } = store.append(id, retried).await.unwrap() else {
        panic!("appended")
    };
    let end = events(&["end"]);
    let finishing = Append {
        finishes: true,
        ..Append::new(moved_head, &end)
    };
    store.append(id, finishing).await.unwrap();
    assert_eq!(store.idempotency_record(id, "k").await.unwrap().as_deref(), Some("r"));
    tokio::time::sleep(SHORT + Duration::from_millis(500)).await;
    assert!(matches!(store.load(id).await, Err(StoreError::NotFound)));
    assert!(
        matches!(store.idempotency_record(id, "k").await, Ok(None) | Err(StoreError::NotFound)),
        "the record went with its game"
    );
    assert!(matches!(store.append(id, retried).await, Err(StoreError::NotFound)));
}

async fn rates_are_counted_in_one_place(store: Arc<dyn EventStore>) {
    let key = unique("rate");
    let rate = Rate {
        count: 3,
        window: Duration::from_secs(60),
    };
    let now = 1_000_000;
    for remaining in [2, 1, 0] {
        let decision = store.rate_limit(&key, rate, now).await.unwrap();
        assert!(decision.allowed);
        assert_eq!(decision.remaining, remaining);
    }
    let refused = store.rate_limit(&key, rate, now).await.unwrap();
    assert!(!refused.allowed);
    assert_eq!(refused.retry_after_ms, 20_000, "one event a third of the window");
    assert!(store.rate_limit(&key, rate, now + 20_000).await.unwrap().allowed);
    assert!(!store.rate_limit(&key, rate, now + 20_000).await.unwrap().allowed);
    assert!(store.rate_limit(&unique("rate"), rate, now).await.unwrap().allowed, "another key has its own quota");
}

async fn places_are_capped_renewed_and_released(store: Arc<dyn EventStore>) {
    let pool = unique("pool");
    let now = 5_000_000;
    let lease = |now_ms| Lease {
        now_ms,
        length: Duration::from_secs(60),
    };
    let hold = async |holder: &str, now_ms| store.hold_place(&pool, holder, 2, lease(now_ms)).await.unwrap();
    assert!(hold("a", now).await);
    assert!(hold("b", now).await);
    assert!(!hold("c", now).await, "full");
    assert!(hold("a", now).await, "a holder keeps its place");
    store.release_place(&pool, "b").await.unwrap();
    assert!(hold("c", now).await, "b's place is free");
    store
        .renew_places(&pool, &["c".to_owned()], lease(now + 50_000))
        .await
        .unwrap();
    assert!(hold("d", now + 61_000).await, "a's lease ended unrenewed: a dead instance's places come free");
    assert!(!hold("e", now + 61_000).await, "c was renewed");
}

async fn racing_writers_never_both_win(store: Arc<dyn EventStore>) {
    let id = unique("race");
    let mut current = store.create(&meta(&id), &events(&["a"])).await.unwrap();
    for version in 1..=5u64 {
        let attempts: Vec<_> = (0..16)
            .map(|writer| {
                let (store, id) = (store.clone(), id.clone());
                tokio::spawn(async move {
                    store
                        .append(&id, Append::new(current, &[format!("v{version}w{writer}")]))
                        .await
                })
            })
            .collect();
        let mut winners = 0;
        for attempt in attempts {
            match attempt.await.expect("task") {
                Ok(Appended::Ok { head }) => {
                    assert_eq!(head.version, version + 1);
                    current = head;
                    winners += 1;
                }
                Ok(Appended::Behind { events, head }) => {
                    assert_eq!(head.version, version + 1, "the loser learns the winner's head");
                    assert_eq!(events.len(), 1, "and the one event it missed: {events:?}");
                    assert!(events[0].starts_with(&format!("v{version}w")));
                }
                other => panic!("unexpected {other:?}"),
            }
        }
        assert_eq!(winners, 1, "at version {version} exactly one writer wins");
    }
    let log = store.load(&id).await.unwrap();
    assert_eq!(log.events.len(), 6);
    assert_eq!(log.head, current);
    for (position, event) in log.events.iter().enumerate().skip(1) {
        assert!(event.starts_with(&format!("v{position}w")), "event {position} is {event}");
    }
}

async fn appends_are_announced(store: Arc<dyn EventStore>) {
    use futures_util::StreamExt;
    let id = unique("announce");
    let first = store.create(&meta(&id), &events(&["a"])).await.unwrap();
    let mut appends = store.appends().await.unwrap();
    store.append(&id, Append::new(first, &events(&["b"]))).await.unwrap();
    let announced = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match appends.next().await {
                Some(game) if game == id => return true,
                Some(_) => continue,
                None => return false,
            }
        }
    })
    .await;
    assert_eq!(announced, Ok(true), "the append of {id} was announced");
}

async fn stream_tickets_are_single_use_scoped_and_expire(store: Arc<dyn EventStore>) {
    let (id, other) = (&unique("tickets"), &unique("other"));
    store.create(&meta(id), &events(&["a"])).await.unwrap();
    store.create(&meta(other), &events(&["a"])).await.unwrap();
    store.issue_ticket(id, "h1", 1, SHORT).await.unwrap();
    store.issue_ticket(id, "h2", 0, SHORT).await.unwrap();
    assert_eq!(store.redeem_ticket(other, "h1").await.unwrap(), None, "scoped to its game");
    assert_eq!(store.redeem_ticket(id, "h1").await.unwrap(), Some(1));
    assert_eq!(store.redeem_ticket(id, "h1").await.unwrap(), None, "single use");
    assert_eq!(store.redeem_ticket(id, "unknown").await.unwrap(), None);
    let racers: Vec<_> = (0..8)
        .map(|_| {
            let (store, id) = (store.clone(), id.clone());
            tokio::spawn(async move { store.redeem_ticket(&id, "h2").await.unwrap() })
        })
        .collect();
    let mut winners = 0;
    for racer in racers {
        winners += usize::from(racer.await.expect("task").is_some());
    }
    assert_eq!(winners, 1, "racing redeemers: exactly one gets the seat");
    store.issue_ticket(id, "h3", 0, SHORT).await.unwrap();
    tokio::time::sleep(SHORT + Duration::from_millis(200)).await;
    assert_eq!(store.redeem_ticket(id, "h3").await.unwrap(), None, "expired");
}

async fn lobby_listings_page_newest_first(store: Arc<dyn EventStore>) {
    let index = &unique("open:duel");
    for (id, created) in [("a", 10), ("b", 30), ("c", 20), ("d", 30)] {
        store.index_put(index, id, created).await.unwrap();
    }
    let page = |max: u64, limit: usize| {
        let (store, index) = (store.clone(), index.clone());
        async move { store.index_page(&index, max, limit).await.unwrap() }
    };
    let pairs = |page: &[(String, u64)]| page.iter().map(|(id, t)| format!("{id}{t}")).collect::<Vec<_>>();
    assert_eq!(pairs(&page(u64::MAX, 3).await), ["d30", "b30", "c20"], "newest first, ties by greater id");
    assert_eq!(pairs(&page(20, 10).await), ["c20", "a10"], "from a score down");
    store.index_remove(index, "b").await.unwrap();
    store.index_put(index, "a", 40).await.unwrap();
    assert_eq!(pairs(&page(u64::MAX, 10).await), ["a40", "d30", "c20"], "moved and removed");
    assert!(page(5, 10).await.is_empty());
}

async fn due_games_are_claimed_once_and_settled(store: Arc<dyn EventStore>) {
    let (early, late) = (&unique("due-early"), &unique("due-late"));
    // Far in the past, so that whatever else the store holds as due does not interfere with the figures below.
    store.schedule(early, 1_000).await.unwrap();
    store.schedule(early, 5_000).await.unwrap();
    store.schedule(late, 9_000).await.unwrap();
    assert_eq!(store.earliest_due().await.unwrap(), Some(1_000), "how far sweeps lag is read from the earliest");
    let claims = futures_util::future::join_all((0..4).map(|_| store.claim_due(2_000, 500, 100))).await;
    let claimed: Vec<String> = claims.into_iter().flat_map(Result::unwrap).collect();
    assert_eq!(
        claimed.iter().filter(|id| *id == early).count(),
        1,
        "the earlier note wins, and racing claims take a due game once"
    );
    assert!(!claimed.contains(late), "not due yet");
    // A settle for an outdated claim changes nothing; the claim's own settles it.
    store.settle(early, 2_400, None).await.unwrap();
    assert!(!claim_takes(store.as_ref(), 2_499, early).await, "leased");
    assert!(claim_takes(store.as_ref(), 2_500, early).await, "the lease ended");
    store.settle(early, 3_000, Some(8_000)).await.unwrap();
    store.schedule(early, 8_500).await.unwrap();
    let due = store.claim_due(8_000, 500, 100).await.unwrap();
    assert!(due.contains(early) && !due.contains(late), "noted again at 8000, not moved later");
    store.settle(early, 8_500, None).await.unwrap();
    assert!(!claim_takes(store.as_ref(), 9_000, early).await, "settled for good");
}

/// Whether a claim of the games due at `now_ms` (for 500 ms, up to 100 of them) takes game `id`.
async fn claim_takes(store: &dyn EventStore, now_ms: u64, id: &str) -> bool {
    store
        .claim_due(now_ms, 500, 100)
        .await
        .unwrap()
        .iter()
        .any(|claimed| claimed == id)
}

async fn snapshots_come_back_with_the_events_after_them(store: Arc<dyn EventStore>) {
    let g = &unique("snap");
    store.create(&meta(g), &events(&["a"])).await.unwrap();
    let latest = store.load_latest(g).await.unwrap();
    assert_eq!(
        (latest.snapshot, latest.events, latest.head),
        (None, events(&["a"]), head(g, &["a"])),
        "no snapshot yet: the whole log"
    );
    // Spaces and line breaks in the data come back as they were.
    let data = "{\"state\": [1, 2],\n \"x\": \"a b\"}";
    let appended = store
        .append(
            g,
            Append {
                snapshot: Some(SnapshotData {
                    format: "t/rules-1",
                    data,
                }),
                ..Append::new(head(g, &["a"]), &events(&["b", "c"]))
            },
        )
        .await
        .unwrap();
    assert_eq!(
        appended,
        Appended::Ok {
            head: head(g, &["a", "b", "c"])
        }
    );
    store
        .append(g, Append::new(head(g, &["a", "b", "c"]), &events(&["d"])))
        .await
        .unwrap();
    let latest = store.load_latest(g).await.unwrap();
    assert_eq!(
        latest.snapshot,
        Some(StoredSnapshot {
            head: head(g, &["a", "b", "c"]),
            format: "t/rules-1".into(),
            data: data.into(),
        }),
        "the snapshot is at the head its append reached"
    );
    assert_eq!(latest.events, events(&["d"]), "only the events after the snapshot");
    assert_eq!(latest.head, head(g, &["a", "b", "c", "d"]));
    // A writer behind the log stores nothing, its snapshot included.
    let behind = store
        .append(
            g,
            Append {
                snapshot: Some(SnapshotData {
                    format: "t/rules-1",
                    data: "stale",
                }),
                ..Append::new(head(g, &["a"]), &events(&["x"]))
            },
        )
        .await
        .unwrap();
    assert!(matches!(behind, Appended::Behind { .. }));
    assert_eq!(store.load_latest(g).await.unwrap().snapshot.unwrap().data, data);
    assert!(matches!(store.load_latest("none").await, Err(StoreError::NotFound)));
}

fn account(name: &str) -> (StoredAccount, StoredKey) {
    let id = unique("acc");
    let key = StoredKey {
        id: unique("key"),
        account: id.clone(),
        hash: "ab".repeat(32),
        created_at_ms: 1,
    };
    let account = StoredAccount {
        id,
        name: name.to_owned(),
        kind: "bot".into(),
        created_at_ms: 1,
        password_hash: None,
    };
    (account, key)
}

async fn accounts_have_unique_names_and_revocable_keys(store: Arc<dyn EventStore>) {
    let accounts = store.accounts();
    let name = unique("Ada");
    let (ada, first_key) = account(&name);
    assert!(accounts.create_account(&ada, Some(&first_key)).await.unwrap());
    let (other, other_key) = account(&name.to_uppercase());
    assert!(!accounts.create_account(&other, Some(&other_key)).await.unwrap(), "names are unique in any case");
    assert_eq!(accounts.key(&other_key.id).await.unwrap(), None, "the refused account keeps no key");
    assert_eq!(accounts.account(&ada.id).await.unwrap().as_ref(), Some(&ada));
    assert_eq!(accounts.account_named(&name.to_lowercase()).await.unwrap().as_ref(), Some(&ada));
    assert_eq!(accounts.account_named(&unique("nobody")).await.unwrap(), None);
    assert_eq!(accounts.key(&first_key.id).await.unwrap().as_ref(), Some(&first_key));
    let second_key = StoredKey {
        id: unique("key"),
        created_at_ms: 2,
        ..first_key.clone()
    };
    accounts.add_key(&second_key).await.unwrap();
    assert_eq!(accounts.keys(&ada.id).await.unwrap(), [first_key.clone(), second_key.clone()]);
    assert!(!accounts.revoke_key(&other.id, &first_key.id).await.unwrap(), "not another account's key");
    assert!(accounts.revoke_key(&ada.id, &first_key.id).await.unwrap());
    assert_eq!(accounts.key(&first_key.id).await.unwrap(), None, "a revoked key is gone");
    assert_eq!(accounts.keys(&ada.id).await.unwrap(), [second_key]);
    assert!(!accounts.revoke_key(&ada.id, &first_key.id).await.unwrap(), "revoked once");
}

async fn people_keep_a_password_hash_and_sessions_that_end_at_once_or_with_their_account(store: Arc<dyn EventStore>) {
    let accounts = store.accounts();
    let (mut livia, _) = account(&unique("Livia"));
    livia.password_hash = Some("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into());
    assert!(accounts.create_account(&livia, None).await.unwrap(), "a person's account has no key");
    assert_eq!(accounts.account(&livia.id).await.unwrap().as_ref(), Some(&livia), "the hash is kept");
    assert_eq!(accounts.keys(&livia.id).await.unwrap(), []);
    let session = |created_at_ms: u64, agent: Option<&str>| StoredSession {
        token_hash: unique("session"),
        account: livia.id.clone(),
        created_at_ms,
        agent: agent.map(str::to_owned),
    };
    let (phone, laptop, brief) = (session(3, Some("Phone/1.0")), session(1, None), session(2, Some("Brief")));
    let month = Duration::from_secs(30 * 24 * 3600);
    accounts.create_session(&phone, month).await.unwrap();
    accounts.create_session(&laptop, month).await.unwrap();
    accounts
        .create_session(&brief, Duration::from_millis(50))
        .await
        .unwrap();
    assert_eq!(accounts.session(&phone.token_hash).await.unwrap().as_deref(), Some(livia.id.as_str()));
    assert_eq!(accounts.session(&unique("session")).await.unwrap(), None, "an unknown session");
    tokio::time::sleep(Duration::from_millis(120)).await;
    assert_eq!(accounts.session(&brief.token_hash).await.unwrap(), None, "an expired session");
    assert_eq!(
        accounts.sessions(&livia.id).await.unwrap(),
        [laptop.clone(), phone.clone()],
        "the account's live sessions, oldest first, with their browsers"
    );
    accounts.delete_session(&phone.token_hash).await.unwrap();
    assert_eq!(accounts.session(&phone.token_hash).await.unwrap(), None, "a session ended");
    assert_eq!(accounts.sessions(&livia.id).await.unwrap(), std::slice::from_ref(&laptop), "and no longer listed");
    accounts.delete_session(&phone.token_hash).await.unwrap();
    let laptop = laptop.token_hash;
    assert_eq!(accounts.session(&laptop).await.unwrap().as_deref(), Some(livia.id.as_str()), "the others go on");
    accounts.erase_account(&livia.id, &livia.name).await.unwrap();
    assert_eq!(accounts.session(&laptop).await.unwrap(), None, "sessions end with their account");
    assert_eq!(accounts.account(&livia.id).await.unwrap(), None);
    assert_eq!(accounts.sessions(&livia.id).await.unwrap(), [], "nor listed");
}

async fn passkeys_are_found_by_credential_counted_once_per_sign_in_and_go_with_their_account(
    store: Arc<dyn EventStore>,
) {
    let accounts = store.accounts();
    let (livia, _) = account(&unique("Livia"));
    let (marcus, _) = account(&unique("Marcus"));
    for person in [&livia, &marcus] {
        assert!(accounts.create_account(person, None).await.unwrap());
    }
    let passkey = |account: &StoredAccount, created_at_ms: u64| StoredPasskey {
        id: unique("credential"),
        account: account.id.clone(),
        public_key: "a501020326200121582001".into(),
        sign_count: 0,
        name: "Laptop".into(),
        created_at_ms,
        last_used_ms: None,
    };
    let (laptop, phone) = (passkey(&livia, 2), passkey(&livia, 1));
    assert!(accounts.add_passkey(&laptop).await.unwrap());
    assert!(accounts.add_passkey(&phone).await.unwrap());
    let taken = StoredPasskey {
        account: marcus.id.clone(),
        ..laptop.clone()
    };
    assert!(!accounts.add_passkey(&taken).await.unwrap(), "one credential, one account");
    assert_eq!(accounts.passkeys(&marcus.id).await.unwrap(), [], "and not listed for the other");
    assert_eq!(accounts.passkey(&laptop.id).await.unwrap().as_ref(), Some(&laptop), "found by its credential");
    assert_eq!(accounts.passkeys(&livia.id).await.unwrap(), [phone.clone(), laptop.clone()], "oldest first");

    assert!(accounts.use_passkey(&laptop.id, 0, 5, 1_000).await.unwrap());
    assert!(!accounts.use_passkey(&laptop.id, 0, 6, 1_001).await.unwrap(), "the counter moved since it was read");
    let used = accounts.passkey(&laptop.id).await.unwrap().unwrap();
    assert_eq!((used.sign_count, used.last_used_ms), (5, Some(1_000)));
    assert!(!accounts.use_passkey(&unique("credential"), 0, 1, 1).await.unwrap(), "an unknown passkey");

    assert!(!accounts.remove_passkey(&marcus.id, &laptop.id).await.unwrap(), "another account's");
    assert!(accounts.remove_passkey(&livia.id, &laptop.id).await.unwrap());
    assert_eq!(accounts.passkey(&laptop.id).await.unwrap(), None, "removed");
    assert!(!accounts.remove_passkey(&livia.id, &laptop.id).await.unwrap(), "once");
    assert_eq!(accounts.passkeys(&livia.id).await.unwrap(), std::slice::from_ref(&phone));

    let (sign_in, register) = (unique("challenge"), unique("challenge"));
    let ceremony = PasskeyCeremony::Register(livia.id.clone());
    let minutes = Duration::from_secs(300);
    accounts
        .issue_passkey_challenge(&sign_in, &PasskeyCeremony::SignIn, minutes)
        .await
        .unwrap();
    accounts
        .issue_passkey_challenge(&register, &ceremony, minutes)
        .await
        .unwrap();
    let brief = unique("challenge");
    (accounts.issue_passkey_challenge(&brief, &PasskeyCeremony::SignIn, Duration::from_millis(50)))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(120)).await;
    assert_eq!(accounts.redeem_passkey_challenge(&brief).await.unwrap(), None, "expired");
    assert_eq!(accounts.redeem_passkey_challenge(&sign_in).await.unwrap(), Some(PasskeyCeremony::SignIn));
    assert_eq!(accounts.redeem_passkey_challenge(&sign_in).await.unwrap(), None, "answered once");
    assert_eq!(accounts.redeem_passkey_challenge(&register).await.unwrap(), Some(ceremony));

    accounts.erase_account(&livia.id, &livia.name).await.unwrap();
    assert_eq!(accounts.passkey(&phone.id).await.unwrap(), None, "passkeys go with their account");
    assert_eq!(accounts.passkeys(&livia.id).await.unwrap(), []);
}

async fn a_source_s_notification_is_pushed_and_announced_once(store: Arc<dyn EventStore>) {
    let accounts = store.accounts();
    let mut pushes = accounts.inbox_pushes().await.unwrap();
    let (owner, marker) = (unique("acc"), unique("acc"));
    let pushed = accounts.push_inbox_once(&owner, "g:1-0", "{\"n\":0}").await.unwrap();
    assert!(pushed.is_some());
    let retried = accounts.push_inbox_once(&owner, "g:1-0", "{\"n\":0}").await.unwrap();
    assert_eq!(retried, None, "a retried delivery adds nothing");
    accounts.push_inbox(&marker, "{}").await.unwrap();
    let mut announced = Vec::new();
    while announced.last() != Some(&marker) {
        let next = tokio::time::timeout(Duration::from_secs(5), pushes.next())
            .await
            .unwrap();
        announced.push(next.expect("announcements go on"));
    }
    // Other tests share the store: only these two accounts' announcements count.
    announced.retain(|account| [&owner, &marker].contains(&account));
    assert_eq!(announced, [owner.clone(), marker], "the push is announced, the retry is not");
    let kept = accounts.read_inbox(&owner, InboxPage::oldest(10)).await.unwrap();
    assert_eq!(kept.iter().map(|entry| Some(entry.id)).collect::<Vec<_>>(), [pushed]);
}

async fn inboxes_resume_after_an_entry_and_stay_capped(store: Arc<dyn EventStore>) {
    let accounts = store.accounts();
    let mut pushes = accounts.inbox_pushes().await.unwrap();
    let owner = unique("acc");
    let first = accounts.push_inbox(&owner, "{\"n\":0}").await.unwrap();
    let announced = tokio::time::timeout(Duration::from_secs(5), pushes.next())
        .await
        .unwrap();
    assert_eq!(announced.as_deref(), Some(owner.as_str()));
    let mut ids = vec![first];
    for n in 1..INBOX_CAPACITY + 5 {
        ids.push(accounts.push_inbox(&owner, &format!("{{\"n\":{n}}}")).await.unwrap());
    }
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]), "ids increase");
    let kept = accounts
        .read_inbox(&owner, InboxPage::oldest(2 * INBOX_CAPACITY))
        .await
        .unwrap();
    assert!(
        (INBOX_CAPACITY..INBOX_CAPACITY + 5).contains(&kept.len()),
        "about INBOX_CAPACITY kept: {}",
        kept.len()
    );
    assert_eq!(kept.last().unwrap().event, format!("{{\"n\":{}}}", INBOX_CAPACITY + 4));
    let after = ids[ids.len() - 3];
    let tail = accounts
        .read_inbox(
            &owner,
            InboxPage {
                after: Some(after),
                limit: 10,
            },
        )
        .await
        .unwrap();
    assert_eq!(tail.iter().map(|entry| entry.id).collect::<Vec<_>>(), ids[ids.len() - 2..]);
    assert_eq!(
        accounts
            .read_inbox(
                &owner,
                InboxPage {
                    after: Some(after),
                    limit: 1
                }
            )
            .await
            .unwrap()
            .len(),
        1,
        "limited"
    );
    let beyond = InboxId {
        ms: u64::MAX / 2,
        seq: 0,
    };
    assert!(
        accounts
            .read_inbox(
                &owner,
                InboxPage {
                    after: Some(beyond),
                    limit: 10
                }
            )
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        accounts
            .read_inbox(&unique("acc"), InboxPage::oldest(10))
            .await
            .unwrap()
            .is_empty()
    );
}

async fn webhooks_are_kept_claimed_once_and_their_deliveries_capped(store: Arc<dyn EventStore>) {
    let accounts = store.accounts();
    let owner = unique("acc");
    assert_eq!(accounts.webhook(&owner).await.unwrap(), None);
    let webhook = StoredWebhook {
        url: "https://hooks.example/ludus".into(),
        secret: "whsec_00".into(),
        cursor: None,
        failures: 0,
        disabled: false,
    };
    accounts.set_webhook(&owner, Some(&webhook)).await.unwrap();
    let advanced = StoredWebhook {
        cursor: Some(InboxId { ms: 5, seq: 1 }),
        failures: 2,
        ..webhook.clone()
    };
    accounts.advance_webhook(&owner, &advanced).await.unwrap();
    assert_eq!(accounts.webhook(&owner).await.unwrap(), Some(advanced.clone()));
    accounts.set_webhook(&owner, None).await.unwrap();
    accounts.advance_webhook(&owner, &advanced).await.unwrap();
    assert_eq!(accounts.webhook(&owner).await.unwrap(), None, "progress does not bring a removed webhook back");

    let now = 9_000_000_000_000;
    accounts.schedule_webhook(&owner, now).await.unwrap();
    let claimed = accounts.claim_webhooks(now, 1_000, 1_000).await.unwrap();
    assert!(claimed.contains(&owner));
    assert!(
        !accounts
            .claim_webhooks(now, 1_000, 1_000)
            .await
            .unwrap()
            .contains(&owner),
        "claimed once"
    );
    accounts.retry_webhook_at(&owner, now + 50).await.unwrap();
    assert!(
        accounts
            .claim_webhooks(now + 50, 1_000, 1_000)
            .await
            .unwrap()
            .contains(&owner),
        "the retry time wins"
    );
    accounts.settle_webhook(&owner, now + 1_050, None).await.unwrap();
    assert!(
        !accounts
            .claim_webhooks(now + 10_000, 1_000, 1_000)
            .await
            .unwrap()
            .contains(&owner),
        "settled"
    );

    for n in 0..5 {
        accounts.record_delivery(&owner, &format!("{n}"), 3).await.unwrap();
    }
    assert_eq!(accounts.deliveries(&owner).await.unwrap(), ["4", "3", "2"], "the latest, newest first");
}

/// Appends the last event of game `id` (at `head`): its finished-game retention (`SHORT`) starts.
async fn finish(store: &dyn EventStore, id: &str, head: Head) {
    let end = events(&["end"]);
    let finishing = Append {
        finishes: true,
        ..Append::new(head, &end)
    };
    assert!(matches!(store.append(id, finishing).await.unwrap(), Appended::Ok { .. }));
}

fn after(id: InboxId) -> ChatPage {
    ChatPage {
        after: Some(id),
        before: None,
    }
}

fn before(id: InboxId) -> ChatPage {
    ChatPage {
        after: None,
        before: Some(id),
    }
}

async fn chats_are_capped_paged_and_go_with_their_game(store: Arc<dyn EventStore>) {
    let rooms = store.rooms();
    let id = &unique("chat");
    assert!(matches!(rooms.push_chat(id, "{}").await, Err(StoreError::NotFound)), "no game, no chat");
    let head = store.create(&meta(id), &events(&["a"])).await.unwrap();
    assert!(rooms.read_chat(id, ChatPage::default(), 10).await.unwrap().is_empty());
    let mut ids = Vec::new();
    for n in 0..5 {
        ids.push(rooms.push_chat(id, &format!("m{n}")).await.unwrap());
    }
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]), "ids increase");
    let messages =
        |entries: Vec<ludus::store::ChatEntry>| entries.into_iter().map(|entry| entry.message).collect::<Vec<_>>();
    assert_eq!(
        messages(rooms.read_chat(id, ChatPage::default(), 2).await.unwrap()),
        ["m3", "m4"],
        "the newest, oldest first"
    );
    assert_eq!(messages(rooms.read_chat(id, before(ids[3]), 2).await.unwrap()), ["m1", "m2"]);
    assert_eq!(messages(rooms.read_chat(id, before(ids[1]), 10).await.unwrap()), ["m0"]);
    assert_eq!(messages(rooms.read_chat(id, after(ids[0]), 2).await.unwrap()), ["m1", "m2"]);
    assert!(rooms.read_chat(id, after(ids[4]), 10).await.unwrap().is_empty());
    let (first, last) = (
        InboxId { ms: 0, seq: 0 },
        InboxId {
            ms: u64::MAX,
            seq: u64::MAX,
        },
    );
    assert!(rooms.read_chat(id, before(first), 10).await.unwrap().is_empty());
    assert!(rooms.read_chat(id, after(last), 10).await.unwrap().is_empty());
    let between = ChatPage {
        after: Some(ids[0]),
        before: Some(ids[3]),
    };
    assert_eq!(messages(rooms.read_chat(id, between, 10).await.unwrap()), ["m1", "m2"], "between, oldest first");
    assert_eq!(messages(rooms.read_chat(id, between, 1).await.unwrap()), ["m1"]);
    let reversed = ChatPage {
        after: Some(ids[3]),
        before: Some(ids[0]),
    };
    assert!(rooms.read_chat(id, reversed, 10).await.unwrap().is_empty());
    assert_eq!(rooms.read_chat(id, after(first), 10).await.unwrap().len(), 5);
    let read = rooms.read_chat(id, ChatPage::default(), 1).await.unwrap();
    assert_eq!(read[0].id, ids[4], "entries come with their ids");

    for n in 5..CHAT_CAPACITY + 3 {
        rooms.push_chat(id, &format!("m{n}")).await.unwrap();
    }
    let kept = rooms
        .read_chat(id, ChatPage::default(), 2 * CHAT_CAPACITY)
        .await
        .unwrap();
    assert_eq!(kept.len(), CHAT_CAPACITY, "capped");
    assert_eq!(kept[0].message, "m3", "the oldest go first");
    assert_eq!(kept.last().unwrap().message, format!("m{}", CHAT_CAPACITY + 2));

    // A finished game's chat stays while the game does, then goes with it, whether written before or after the end.
    finish(store.as_ref(), id, head).await;
    rooms.push_chat(id, "after the end").await.unwrap();
    let latest = rooms.read_chat(id, ChatPage::default(), 1).await.unwrap();
    assert_eq!(latest[0].message, "after the end");
    tokio::time::sleep(SHORT + Duration::from_millis(500)).await;
    assert!(matches!(store.load(id).await, Err(StoreError::NotFound)));
    assert!(rooms.read_chat(id, ChatPage::default(), 10).await.unwrap().is_empty());
    assert!(matches!(rooms.push_chat(id, "{}").await, Err(StoreError::NotFound)));
}

async fn seats_are_seen_forward_and_forgotten_with_their_game(store: Arc<dyn EventStore>) {
    let rooms = store.rooms();
    let id = &unique("seen");
    assert!(matches!(rooms.see(id, &["north"], 1_000).await, Err(StoreError::NotFound)));
    let head = store.create(&meta(id), &events(&["a"])).await.unwrap();
    let sorted = |mut seen: Vec<(String, u64)>| {
        seen.sort();
        seen
    };
    let pair = |seat: &str, at: u64| (seat.to_owned(), at);
    assert!(rooms.seen(id).await.unwrap().is_empty());
    assert!(rooms.see(id, &["north"], 1_000).await.unwrap().is_empty(), "nobody before");
    assert_eq!(
        sorted(rooms.see(id, &["north", "south"], 2_000).await.unwrap()),
        [pair("north", 1_000)],
        "as it was before this note"
    );
    assert_eq!(
        sorted(rooms.see(id, &["north"], 1_500).await.unwrap()),
        [pair("north", 2_000), pair("south", 2_000)]
    );
    assert_eq!(
        sorted(rooms.seen(id).await.unwrap()),
        [pair("north", 2_000), pair("south", 2_000)],
        "an older note does not move a seat back"
    );
    finish(store.as_ref(), id, head).await;
    rooms.see(id, &["south"], 3_000).await.unwrap();
    tokio::time::sleep(SHORT + Duration::from_millis(500)).await;
    assert!(rooms.seen(id).await.unwrap().is_empty(), "forgotten with the game");
    assert!(matches!(rooms.see(id, &["north"], 4_000).await, Err(StoreError::NotFound)));
}

async fn room_messages_reach_every_follower(store: Arc<dyn EventStore>) {
    let rooms = store.rooms();
    let (mut first, mut second) = (rooms.room_messages().await.unwrap(), rooms.room_messages().await.unwrap());
    let message = RoomMessage {
        game: unique("room"),
        text: "chat {\"text\":\"two\nlines\"}".into(),
    };
    rooms.publish_room(&message).await.unwrap();
    for follower in [&mut first, &mut second] {
        let received = tokio::time::timeout(Duration::from_secs(5), async {
            loop {
                match follower.next().await {
                    Some(received) if received.game == message.game => return Some(received),
                    Some(_) => continue,
                    None => return None,
                }
            }
        })
        .await;
        assert_eq!(received, Ok(Some(message.clone())));
    }
}

fn rated(rating: f64, deviation: f64, games: u64) -> StoredRating {
    StoredRating {
        rating,
        deviation,
        volatility: 0.06,
        games,
    }
}

fn update(account: &str, expected_games: u64, rating: StoredRating) -> RatingUpdate {
    RatingUpdate {
        account: account.to_owned(),
        expected_games,
        before: 1500.0 + expected_games as f64,
        rating,
        provisional: rating.deviation > 110.0,
    }
}

async fn ratings_apply_once_per_game_only_over_what_was_read_and_page_best_first(store: Arc<dyn EventStore>) {
    let ratings = store.ratings();
    let title = unique("title");
    let (a, b, c) = (unique("a"), unique("b"), unique("c"));
    let accounts = [a.clone(), b.clone(), c.clone()];
    assert_eq!(ratings.ratings(&title, &accounts).await.unwrap(), [None, None, None]);
    let game = unique("game");
    assert!(!ratings.is_rated(&game).await.unwrap());
    let first = [
        update(&a, 0, rated(1600.0, 200.0, 1)),
        update(&b, 0, rated(1400.0, 200.0, 1)),
    ];
    assert_eq!(ratings.rating_changes(&game).await.unwrap(), [], "no change before the game is rated");
    assert_eq!(ratings.apply_ratings(&title, &game, &first).await.unwrap(), RatingsApplied::Applied);
    assert!(ratings.is_rated(&game).await.unwrap());
    let change = |account: &str, after| RatingChange {
        account: account.to_owned(),
        before: 1500.0,
        after,
    };
    let moved = [change(&a, 1600.0), change(&b, 1400.0)];
    assert_eq!(ratings.rating_changes(&game).await.unwrap(), moved, "the game's changes, as applied");
    let again = [
        update(&a, 1, rated(1700.0, 150.0, 2)),
        update(&b, 1, rated(1300.0, 150.0, 2)),
    ];
    assert_eq!(
        ratings.apply_ratings(&title, &game, &again).await.unwrap(),
        RatingsApplied::AlreadyApplied,
        "a game is rated once"
    );
    assert_eq!(ratings.rating_changes(&game).await.unwrap(), moved, "and its changes kept once");
    let stale = [
        update(&a, 0, rated(1700.0, 150.0, 1)),
        update(&c, 0, rated(1300.0, 300.0, 1)),
    ];
    assert_eq!(
        ratings.apply_ratings(&title, &unique("game"), &stale).await.unwrap(),
        RatingsApplied::Stale,
        "a's rating changed since it was read"
    );
    assert_eq!(
        ratings.ratings(&title, &accounts).await.unwrap(),
        [Some(rated(1600.0, 200.0, 1)), Some(rated(1400.0, 200.0, 1)), None],
        "nothing of a refused update was written"
    );
    assert_eq!(ratings.ratings(&unique("other"), &accounts[..1]).await.unwrap(), [None]);
    let settled = [
        update(&a, 1, rated(1550.0, 100.0, 2)),
        update(&b, 1, rated(1550.0, 90.0, 2)),
        update(&c, 0, rated(1800.0, 300.0, 1)),
    ];
    assert_eq!(ratings.apply_ratings(&title, &unique("game"), &settled).await.unwrap(), RatingsApplied::Applied);
    let ladder = |provisional| Ladder {
        title: &title,
        provisional,
    };
    let page = |offset, limit| Page { offset, limit };
    let board = ratings.leaderboard(ladder(false), page(0, 10)).await.unwrap();
    assert_eq!(board.total, 2, "c is provisional");
    let mut tied = [a.clone(), b.clone()];
    tied.sort();
    let names: Vec<&str> = board.entries.iter().map(|(account, _)| account.as_str()).collect();
    assert_eq!(names, tied, "equal ratings order by account id");
    let second = ratings.leaderboard(ladder(false), page(1, 10)).await.unwrap();
    assert_eq!((second.total, second.entries.len()), (2, 1));
    assert_eq!(second.entries[0].0, tied[1]);
    let provisional = ratings.leaderboard(ladder(true), page(0, 10)).await.unwrap();
    assert_eq!(provisional.entries, [(c.clone(), rated(1800.0, 300.0, 1))]);
    assert!(
        ratings
            .leaderboard(ladder(true), page(5, 10))
            .await
            .unwrap()
            .entries
            .is_empty()
    );
    assert_eq!(ratings.leaderboard(ladder(true), page(0, 0)).await.unwrap().total, 1);
}

fn seeker(account: &str, rating: f64, since_ms: u64, bot_at_ms: Option<u64>) -> Seeker {
    Seeker {
        account: account.to_owned(),
        rating,
        since_ms,
        bot_at_ms,
        expires_at_ms: None,
    }
}

/// Ratings within 100 of a seeker's fit at once, and `per_second` more each second it waits, up to `max`.
fn rating_window(per_second: f64, max: f64) -> Window {
    Window {
        base: 100.0,
        per_second,
        max,
    }
}

/// How long a seeker who completes a table (or the claimer of a due one) holds it while it opens its game.
const LEASE: u64 = 5_000;

async fn seeking_fills_the_oldest_fitting_table_once_per_account_as_windows_widen(store: Arc<dyn EventStore>) {
    let tables = store.matchmaking();
    let window = rating_window(10.0, 500.0);
    let (pool, other_pool) = (unique("pool"), unique("pool"));
    let [a, b, c, d, e] = ["a", "b", "c", "d", "e"].map(unique);
    let seek = |pool: &str, players: usize, seeker: Seeker| {
        let (pool, tables) = (pool.to_owned(), tables);
        async move { seat(tables, &pool, players, &seeker, window).await }
    };
    // The tables due at `now_ms`, claimed for LEASE.
    let claimed = |now_ms| async move { tables.claim_due_tables(now_ms, LEASE, 10).await.unwrap() };
    let Sought::Waiting { table: first } = seek(&pool, 3, seeker(&a, 1500.0, 1_000, None)).await else {
        panic!("a opens a table");
    };
    assert_eq!(
        seek(&pool, 3, seeker(&a, 1500.0, 1_001, None)).await,
        Sought::AlreadySeeking { table: first.clone() },
        "an account waits at one table"
    );
    let Sought::Waiting { table: apart } = seek(&pool, 3, seeker(&b, 1700.0, 1_000, None)).await else {
        panic!("b waits");
    };
    assert_ne!(apart, first, "200 points apart is beyond a new table's window");
    let Sought::Waiting { table: elsewhere } = seek(&other_pool, 3, seeker(&c, 1500.0, 1_000, None)).await else {
        panic!("c waits");
    };
    assert_ne!(elsewhere, first, "another pool's table is not joined");
    assert_eq!(seek(&pool, 3, seeker(&d, 1560.0, 2_000, None)).await, Sought::Waiting { table: first.clone() });
    assert!(tables.cancel_seek(&b).await.unwrap());
    assert!(!tables.cancel_seek(&b).await.unwrap(), "b waits nowhere now");
    // Sixteen seconds later the first table's window is 260 points wide: b fits it, and completes it.
    let Sought::Formed(formed) = seek(&pool, 3, seeker(&b, 1700.0, 17_000, None)).await else {
        panic!("b completes the first table");
    };
    assert_eq!(formed.id, first);
    assert_eq!((formed.players, formed.since_ms, formed.pool.as_str()), (3, 1_000, pool.as_str()));
    let seated: Vec<&str> = formed.seekers.iter().map(|seeker| seeker.account.as_str()).collect();
    assert_eq!(seated, [a.as_str(), d.as_str(), b.as_str()]);
    assert!(!tables.cancel_seek(&a).await.unwrap(), "a formed table's seekers wait no more");
    // The formed table stays, claimed by b's seek until 22 s, until its game is said open: its seekers are seated.
    assert_eq!(
        seek(&pool, 3, seeker(&a, 1500.0, 18_000, None)).await,
        Sought::AlreadySeeking { table: first.clone() },
        "a formed table's seekers wait for its game"
    );
    assert!(claimed(21_999).await.is_empty());
    // b's instance died: at the claim's end, another claims it (once, until 27 s).
    let orphan = claimed(22_000).await;
    assert_eq!(orphan, vec![formed.clone()], "the formed table, as it was");
    assert!(claimed(26_999).await.is_empty());
    tables.opened(&first).await.unwrap();
    assert!(claimed(u64::MAX / 2).await.is_empty(), "gone once opened");
    let Sought::Waiting { table: again } = seek(&pool, 3, seeker(&a, 1500.0, 28_000, None)).await else {
        panic!("a may seek again");
    };
    assert_ne!(again, first);

    let Sought::Waiting { table: for_bots } = seek(&other_pool, 3, seeker(&e, 1400.0, 1_000, Some(5_000))).await else {
        panic!("e joins c's table");
    };
    assert_eq!(for_bots, elsewhere);
    assert!(claimed(4_999).await.is_empty());
    let due = claimed(5_000).await;
    assert_eq!(due.len(), 1, "{due:?}");
    assert_eq!((due[0].id.as_str(), due[0].seekers.len()), (elsewhere.as_str(), 2));
    assert_eq!(due[0].bot_at_ms(), Some(5_000));
    assert!(claimed(9_999).await.is_empty(), "claimed once");
    assert!(!tables.cancel_seek(&e).await.unwrap(), "a table taken for bots seats its seekers");
    tables.opened(&elsewhere).await.unwrap();
    assert!(claimed(u64::MAX / 2).await.is_empty(), "taken once");
    assert!(tables.cancel_seek(&a).await.unwrap());
    assert!(!tables.cancel_seek(&e).await.unwrap(), "e's game is open");
}

/// Seats `seeker` in `pool` (tables of `players`); a table it opens takes a fresh id.
async fn seat(tables: &dyn MatchmakingStore, pool: &str, players: usize, seeker: &Seeker, window: Window) -> Sought {
    let new_table = unique("table");
    let seating = Seating {
        pool,
        players,
        seeker,
        window,
        new_table: &new_table,
        lease_ms: LEASE,
    };
    tables.seek(seating).await.unwrap()
}

async fn seekers_stop_waiting_when_their_wait_is_over(store: Arc<dyn EventStore>) {
    let tables = store.matchmaking();
    let window = rating_window(0.0, 100.0);
    let pool = unique("pool");
    let [f, g, h, p, q] = ["f", "g", "h", "p", "q"].map(unique);
    let waiting = |account: &str, since_ms: u64, expires_at_ms: Option<u64>, players: usize| {
        let (pool, tables) = (pool.clone(), tables);
        let seeker = Seeker {
            expires_at_ms,
            ..seeker(account, 1500.0, since_ms, None)
        };
        async move { seat(tables, &pool, players, &seeker, window).await }
    };
    let Sought::Waiting { table } = waiting(&f, 1_000, Some(30_000), 4).await else {
        panic!("f opens a table");
    };
    assert_eq!(waiting(&g, 2_000, Some(40_000), 4).await, Sought::Waiting { table: table.clone() });
    assert_eq!(waiting(&h, 3_000, None, 4).await, Sought::Waiting { table: table.clone() });
    assert!(tables.expire_seekers(29_999, 10).await.unwrap().is_empty());
    let expired = tables.expire_seekers(30_000, 10).await.unwrap();
    assert_eq!(expired.len(), 1, "{expired:?}");
    let left: Vec<&str> = expired[0]
        .seekers
        .iter()
        .map(|seeker| seeker.account.as_str())
        .collect();
    assert_eq!((expired[0].id.as_str(), left), (table.as_str(), vec![f.as_str()]));
    assert!(!tables.cancel_seek(&f).await.unwrap(), "f waits no more");
    assert!(tables.expire_seekers(30_000, 10).await.unwrap().is_empty(), "once");
    let expired = tables.expire_seekers(50_000, 10).await.unwrap();
    let left: Vec<&str> = expired[0]
        .seekers
        .iter()
        .map(|seeker| seeker.account.as_str())
        .collect();
    assert_eq!(left, [g.as_str()]);
    // h, who set no wait, waits on alone; the last seeker's cancel takes the table out.
    assert!(tables.expire_seekers(u64::MAX / 2, 10).await.unwrap().is_empty());
    assert!(tables.cancel_seek(&h).await.unwrap());
    let Sought::Waiting { table: anew } = waiting(&f, 60_000, Some(90_000), 2).await else {
        panic!("f may seek again");
    };
    assert_ne!(anew, table, "the old table is gone");
    // A complete table's seekers do not expire: its game is being opened.
    let Sought::Formed(formed) = waiting(&p, 61_000, Some(91_000), 2).await else {
        panic!("p completes f's table");
    };
    assert_eq!(formed.id, anew);
    assert!(tables.expire_seekers(u64::MAX / 2, 10).await.unwrap().is_empty());
    assert!(!tables.cancel_seek(&p).await.unwrap());
    tables.opened(&anew).await.unwrap();
    assert!(matches!(waiting(&q, 62_000, Some(92_000), 2).await, Sought::Waiting { .. }));
    assert!(tables.cancel_seek(&q).await.unwrap());
}

macro_rules! contract {
    ($($test:ident),*) => {
        mod memory {
            use std::sync::Arc;
            $(#[tokio::test] async fn $test() {
                super::$test(Arc::new(super::MemoryStore::new(super::RETENTION))).await;
            })*
        }
        mod redis {
            $(#[tokio::test] async fn $test() {
                let server = super::RedisServer::start();
                super::$test(server.store_with(super::RETENTION)).await;
            })*
        }
        /// Over `rediss://` with a private CA, to a server that requires client certificates.
        mod redis_tls {
            $(#[tokio::test] async fn $test() {
                let files = super::common::TlsFiles::generate();
                let server = super::RedisServer::start_tls(&files, true);
                super::$test(server.store_with(super::RETENTION)).await;
            })*
        }
        mod redis_cluster {
            $(#[tokio::test] async fn $test() {
                let cluster = super::common::RedisCluster::start();
                let store = cluster.store_with(super::RETENTION);
                assert_eq!(store.kind(), ludus::store::StoreKind::RedisCluster);
                super::$test(store).await;
            })*
        }
        /// The whole contract in one test on one TLS cluster (a test each would start three more nodes each): the
        /// certificates reach the connections to every node, including those found through the seed's slot map.
        mod redis_cluster_tls {
            #[tokio::test]
            async fn the_contract_holds() {
                let files = super::common::TlsFiles::generate();
                let cluster = super::common::RedisCluster::start_tls(&files);
                assert!(cluster.urls().starts_with("rediss://"));
                let store = cluster.store_with(super::RETENTION);
                assert_eq!(store.kind(), ludus::store::StoreKind::RedisCluster);
                $(super::$test(store.clone()).await;)*
            }
        }
    };
}

contract!(
    creates_and_reads_back,
    reads_prove_the_log_extends_the_head,
    appends_only_at_the_expected_head,
    idempotency_key_appends_once,
    idempotency_records_and_finished_games_expire,
    a_finished_games_idempotency_records_expire_with_it,
    rates_are_counted_in_one_place,
    places_are_capped_renewed_and_released,
    accounts_have_unique_names_and_revocable_keys,
    people_keep_a_password_hash_and_sessions_that_end_at_once_or_with_their_account,
    passkeys_are_found_by_credential_counted_once_per_sign_in_and_go_with_their_account,
    inboxes_resume_after_an_entry_and_stay_capped,
    a_source_s_notification_is_pushed_and_announced_once,
    webhooks_are_kept_claimed_once_and_their_deliveries_capped,
    racing_writers_never_both_win,
    appends_are_announced,
    stream_tickets_are_single_use_scoped_and_expire,
    lobby_listings_page_newest_first,
    due_games_are_claimed_once_and_settled,
    snapshots_come_back_with_the_events_after_them,
    chats_are_capped_paged_and_go_with_their_game,
    seats_are_seen_forward_and_forgotten_with_their_game,
    room_messages_reach_every_follower,
    ratings_apply_once_per_game_only_over_what_was_read_and_page_best_first,
    seeking_fills_the_oldest_fitting_table_once_per_account_as_windows_widen,
    seekers_stop_waiting_when_their_wait_is_over
);
