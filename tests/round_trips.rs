//! How many store round trips a move costs, counted at the store's interface: one on a warm cache, whoever else
//! writes to the game; a stale cache costs what catching up needs, never a wrong answer.

use crate::common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use futures_util::stream::BoxStream;
use ludus::engine::Seat;
use ludus::service::{Caller, GameId, GameService, IdempotencyKey, LoadedGame, MoveRequest, NewGame, PlayOutcome};
use ludus::store::{
    AccountStore, Append, Appended, ChatEntry, ChatPage, Creation, EventStore, Head, HeadTag, History, InboxId, Lease,
    Loaded, LoadedLatest, MatchmakingStore, OutboxEntry, Persistence, Rate, RateDecision, RatingStore, ReadAfter,
    RoomMessage, RoomStore, StoreKind, StoreResult,
};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use serde_json::Value;

/// A store that records the name of every operation before passing it on.
struct Counting {
    inner: Arc<dyn EventStore>,
    calls: Mutex<Vec<&'static str>>,
}

impl Counting {
    fn new(inner: Arc<dyn EventStore>) -> Arc<Self> {
        Arc::new(Self {
            inner,
            calls: Mutex::new(Vec::new()),
        })
    }

    fn note(&self, call: &'static str) {
        self.calls.lock().unwrap().push(call);
    }

    fn take(&self) -> Vec<&'static str> {
        std::mem::take(&mut self.calls.lock().unwrap())
    }
}

#[async_trait]
impl EventStore for Counting {
    fn kind(&self) -> StoreKind {
        self.inner.kind()
    }
    fn accounts(&self) -> &dyn AccountStore {
        self.inner.accounts()
    }
    fn rooms(&self) -> &dyn RoomStore {
        self
    }
    fn ratings(&self) -> &dyn RatingStore {
        self.inner.ratings()
    }
    fn matchmaking(&self) -> &dyn MatchmakingStore {
        self.inner.matchmaking()
    }
    async fn create_with(&self, creation: Creation<'_>) -> StoreResult<Head> {
        self.note("create");
        self.inner.create_with(creation).await
    }
    async fn outbox(&self, id: &str) -> StoreResult<Vec<OutboxEntry>> {
        self.note("outbox");
        self.inner.outbox(id).await
    }
    async fn outbox_delivered(&self, id: &str, entries: &[String]) -> StoreResult<()> {
        self.note("outbox_delivered");
        self.inner.outbox_delivered(id, entries).await
    }
    async fn load(&self, id: &str) -> StoreResult<Loaded> {
        self.note("load");
        self.inner.load(id).await
    }
    async fn read_after(&self, id: &str, from: Head) -> StoreResult<ReadAfter> {
        self.note("read_after");
        self.inner.read_after(id, from).await
    }
    async fn load_latest(&self, id: &str) -> StoreResult<LoadedLatest> {
        self.note("load_latest");
        self.inner.load_latest(id).await
    }
    async fn append(&self, id: &str, append: Append<'_>) -> StoreResult<Appended> {
        self.note(if append.snapshot.is_some() {
            "append+snapshot"
        } else {
            "append"
        });
        self.inner.append(id, append).await
    }
    async fn history_of(&self, id: &str, tag: HeadTag) -> StoreResult<History> {
        self.note("history_of");
        self.inner.history_of(id, tag).await
    }
    async fn idempotency_record(&self, id: &str, key: &str) -> StoreResult<Option<String>> {
        self.note("idempotency_record");
        self.inner.idempotency_record(id, key).await
    }
    async fn issue_ticket(&self, id: &str, ticket_hash: &str, seat: usize, ttl: Duration) -> StoreResult<()> {
        self.note("issue_ticket");
        self.inner.issue_ticket(id, ticket_hash, seat, ttl).await
    }
    async fn redeem_ticket(&self, id: &str, ticket_hash: &str) -> StoreResult<Option<usize>> {
        self.note("redeem_ticket");
        self.inner.redeem_ticket(id, ticket_hash).await
    }
    async fn index_put(&self, index: &str, id: &str, score: u64) -> StoreResult<()> {
        self.note("index_put");
        self.inner.index_put(index, id, score).await
    }
    async fn index_remove(&self, index: &str, id: &str) -> StoreResult<()> {
        self.note("index_remove");
        self.inner.index_remove(index, id).await
    }
    async fn index_page(&self, index: &str, max_score: u64, limit: usize) -> StoreResult<Vec<(String, u64)>> {
        self.note("index_page");
        self.inner.index_page(index, max_score, limit).await
    }
    async fn schedule(&self, id: &str, due_ms: u64) -> StoreResult<()> {
        self.note("schedule");
        self.inner.schedule(id, due_ms).await
    }
    async fn rate_limit(&self, key: &str, rate: Rate, now_ms: u64) -> StoreResult<RateDecision> {
        self.note("rate_limit");
        self.inner.rate_limit(key, rate, now_ms).await
    }
    async fn hold_place(&self, pool: &str, holder: &str, cap: usize, lease: Lease) -> StoreResult<bool> {
        self.note("hold_place");
        self.inner.hold_place(pool, holder, cap, lease).await
    }
    async fn renew_places(&self, pool: &str, holders: &[String], lease: Lease) -> StoreResult<()> {
        self.note("renew_places");
        self.inner.renew_places(pool, holders, lease).await
    }
    async fn release_place(&self, pool: &str, holder: &str) -> StoreResult<()> {
        self.note("release_place");
        self.inner.release_place(pool, holder).await
    }
    async fn earliest_due(&self) -> StoreResult<Option<u64>> {
        self.note("earliest_due");
        self.inner.earliest_due().await
    }
    async fn claim_due(&self, now_ms: u64, lease_ms: u64, limit: usize) -> StoreResult<Vec<String>> {
        self.note("claim_due");
        self.inner.claim_due(now_ms, lease_ms, limit).await
    }
    async fn settle(&self, id: &str, claimed_ms: u64, next_ms: Option<u64>) -> StoreResult<()> {
        self.note("settle");
        self.inner.settle(id, claimed_ms, next_ms).await
    }
    async fn note_archival(&self, id: &str, due_ms: u64) -> StoreResult<()> {
        self.note("note_archival");
        self.inner.note_archival(id, due_ms).await
    }
    async fn claim_archival(&self, now_ms: u64, lease_ms: u64, limit: usize) -> StoreResult<Vec<String>> {
        self.note("claim_archival");
        self.inner.claim_archival(now_ms, lease_ms, limit).await
    }
    async fn earliest_archival(&self) -> StoreResult<Option<u64>> {
        self.note("earliest_archival");
        self.inner.earliest_archival().await
    }
    async fn settle_archival(&self, id: &str, claimed_ms: u64, next_ms: Option<u64>) -> StoreResult<()> {
        self.note("settle_archival");
        self.inner.settle_archival(id, claimed_ms, next_ms).await
    }
    async fn remove_game(&self, id: &str, head: Head) -> StoreResult<bool> {
        self.note("remove_game");
        self.inner.remove_game(id, head).await
    }
    async fn ping(&self) -> StoreResult<()> {
        self.inner.ping().await
    }
    async fn persistence(&self) -> StoreResult<Option<Persistence>> {
        self.inner.persistence().await
    }
    async fn appends(&self) -> StoreResult<BoxStream<'static, String>> {
        self.inner.appends().await
    }
}

#[async_trait]
impl RoomStore for Counting {
    async fn push_chat(&self, id: &str, message: &str) -> StoreResult<InboxId> {
        self.note("push_chat");
        self.inner.rooms().push_chat(id, message).await
    }
    async fn read_chat(&self, id: &str, page: ChatPage, limit: usize) -> StoreResult<Vec<ChatEntry>> {
        self.note("read_chat");
        self.inner.rooms().read_chat(id, page, limit).await
    }
    async fn see(&self, id: &str, seats: &[&str], now_ms: u64) -> StoreResult<Vec<(String, u64)>> {
        self.note("see");
        self.inner.rooms().see(id, seats, now_ms).await
    }
    async fn seen(&self, id: &str) -> StoreResult<Vec<(String, u64)>> {
        self.note("seen");
        self.inner.rooms().seen(id).await
    }
    async fn publish_room(&self, message: &RoomMessage) -> StoreResult<()> {
        self.note("publish_room");
        self.inner.rooms().publish_room(message).await
    }
    async fn room_messages(&self) -> StoreResult<BoxStream<'static, RoomMessage>> {
        self.inner.rooms().room_messages().await
    }
}

struct Table {
    id: GameId,
    tokens: Vec<String>,
}

async fn create(service: &GameService, turn_seconds: Option<u64>) -> Table {
    let created = service
        .tables
        .create(NewGame {
            turn_seconds,
            ..NewGame::closed("caesar-cleopatra", 2, Some(7), None)
        })
        .await
        .expect("a new game");
    Table {
        id: created.game.meta.id.clone(),
        tokens: created.tokens.into_iter().map(|(_, token)| token).collect(),
    }
}

/// A seat to act and one of its legal actions, as the game is now in the store (read by a referee of its own, so
/// that the players' caches stay as they are).
async fn next_move(referee: &GameService, id: &GameId, rng: &mut impl rand::Rng) -> Option<(Seat, Value)> {
    let snapshot: LoadedGame = referee.games.load(id).await.expect("the game");
    let seat = *snapshot.session.to_act().choose(rng)?;
    let action = common::title_actions(&snapshot.session.legal_actions(seat))
        .choose(rng)?
        .clone();
    Some((seat, action))
}

async fn play(service: &GameService, table: &Table, seat: Seat, action: &Value, key: Option<&str>) -> u64 {
    let key = key.map(|key| IdempotencyKey::parse(key).unwrap());
    let request = MoveRequest {
        action,
        known: None,
        expected_version: None,
        idempotency_key: key.as_ref(),
    };
    match service
        .games
        .play(&table.id, &Caller::Token(table.tokens[seat].clone()), &request)
        .await
    {
        Ok(PlayOutcome::Played(done)) => done.after.version(),
        Ok(PlayOutcome::Replayed { .. }) => panic!("a new move was answered as a replay"),
        Err(error) => panic!("listed action {action} refused: {error}"),
    }
}

#[actix_web::test]
async fn a_move_on_a_warm_cache_is_one_round_trip() {
    let store = Counting::new(common::memory());
    let service = common::service(store.clone());
    let referee = common::service(store.clone());
    let table = create(&service, None).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    for key in [None, Some("k1"), None, Some("k2")] {
        let (seat, action) = next_move(&referee, &table.id, &mut rng).await.expect("an active game");
        store.take();
        play(&service, &table, seat, &action, key).await;
        assert_eq!(store.take(), ["append"], "one conditional append, keyed or not ({key:?})");
    }
}

#[actix_web::test]
async fn a_move_with_a_clock_notes_its_deadline_then_appends() {
    let store = Counting::new(common::memory());
    let service = common::service(store.clone());
    let referee = common::service(store.clone());
    let table = create(&service, Some(600)).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    let (seat, action) = next_move(&referee, &table.id, &mut rng).await.expect("an active game");
    store.take();
    play(&service, &table, seat, &action, None).await;
    assert_eq!(store.take(), ["schedule", "append"]);
}

#[actix_web::test]
async fn moves_sent_through_two_instances_in_turn_are_all_accepted_at_the_cost_of_catching_up() {
    let store = Counting::new(common::memory());
    let instances = [common::service(store.clone()), common::service(store.clone())];
    let referee = common::service(store.clone());
    let table = create(&instances[0], None).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut version = referee.games.load(&table.id).await.unwrap().version();
    let (mut caught_up_in_the_append, mut refused_then_read) = (0, 0);
    for turn in 0..200 {
        let Some((seat, action)) = next_move(&referee, &table.id, &mut rng).await else {
            break;
        };
        store.take();
        // The other instance moved last: this one's cache is behind by that move.
        let after = play(&instances[turn % 2], &table, seat, &action, None).await;
        assert!(after > version, "the move was appended after the other instance's");
        version = after;
        // Whether the append also carried a snapshot does not change the count.
        let calls: Vec<&str> = store
            .take()
            .into_iter()
            .map(|call| if call == "append+snapshot" { "append" } else { call })
            .collect();
        match calls.as_slice() {
            // Decided on the stale state, the append answered with the missed events, decided again, appended.
            ["append", "append"] => caught_up_in_the_append += 1,
            // The stale state refused the move (not yet this seat's turn there): a fresh read, then the append.
            ["read_after", "append"] => refused_then_read += 1,
            // Only the instance that created the game has it cached at the first turn.
            ["load_latest", "append"] if turn == 1 => {}
            ["append"] if turn == 0 => {}
            other => panic!("turn {turn}: unexpected store calls {other:?}"),
        }
    }
    assert!(caught_up_in_the_append > 50, "{caught_up_in_the_append} moves caught up in the append");
    assert!(refused_then_read > 0, "no move was refused by a stale state");
}

#[actix_web::test]
async fn a_cold_instance_rebuilds_from_the_latest_snapshot_in_one_round_trip() {
    let store = Counting::new(common::memory());
    let warm = common::service(store.clone());
    let referee = common::service(store.clone());
    let table = create(&warm, None).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    let mut snapshots = 0;
    while referee.games.load(&table.id).await.unwrap().version() < 2 * ludus::service::SNAPSHOT_EVERY + 5 {
        let (seat, action) = next_move(&referee, &table.id, &mut rng).await.expect("an active game");
        store.take();
        play(&warm, &table, seat, &action, None).await;
        let calls = store.take();
        snapshots += usize::from(calls == ["append+snapshot"]);
        assert!(calls == ["append"] || calls == ["append+snapshot"], "{calls:?}");
    }
    assert!(snapshots >= 2, "a snapshot every {} events", ludus::service::SNAPSHOT_EVERY);
    let latest = store.load_latest(&table.id).await.unwrap();
    let at = latest.snapshot.as_ref().expect("a snapshot").head.version;
    assert!(
        latest.events.len() < ludus::service::SNAPSHOT_EVERY as usize + 4,
        "{} events after it",
        latest.events.len()
    );
    assert!(at >= 2 * ludus::service::SNAPSHOT_EVERY);

    // A new instance (a restart) moves: the snapshot and the events after it, in one read, then the append.
    let cold = common::service(store.clone());
    let (seat, action) = next_move(&referee, &table.id, &mut rng).await.expect("an active game");
    store.take();
    play(&cold, &table, seat, &action, None).await;
    assert_eq!(store.take(), ["load_latest", "append"]);
    // What it serves is what a replay of the whole log from zero builds.
    let rebuilt = cold.games.load(&table.id).await.unwrap();
    let log = store.load(&table.id).await.unwrap();
    let replayed = rebuilt
        .title
        .replay(2, &serde_json::from_str(&rebuilt.meta.options).unwrap(), &log.events)
        .unwrap();
    assert_eq!(rebuilt.session.snapshot(), replayed.snapshot());
    assert_eq!(rebuilt.head, log.head);
}

#[actix_web::test]
async fn noting_a_seat_as_seen_adds_no_round_trip_to_a_move_over_http() {
    use actix_web::{App, test, web};
    const TTL: Duration = Duration::from_secs(3);
    let store = Counting::new(common::memory());
    let service = web::Data::new(common::service(store.clone()).with_presence_ttl(TTL));
    let referee = common::service(store.clone());
    let table = create(&service, None).await;
    let app = test::init_service(App::new().configure(ludus::api::routes(service))).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut move_over_http = async |wait: Duration| {
        let (seat, action) = next_move(&referee, &table.id, &mut rng).await.expect("an active game");
        // What the previous move left to do in the background (noting its seat as seen) is done by then.
        tokio::time::sleep(wait).await;
        store.take();
        let request = test::TestRequest::post()
            .uri(&format!("/v1/games/{}/actions", table.id))
            .insert_header(("Authorization", format!("Bearer {}", table.tokens[seat])))
            .set_json(serde_json::json!({"action": action}));
        let response = test::call_service(&app, request.to_request()).await;
        assert_eq!(response.status(), 200);
        store.take()
    };
    // The move's one append; then, in the background, perhaps its seat noted as seen (and its coming announced).
    let noted_after =
        |calls: &[&str]| calls[0] == "append" && calls[1..].iter().all(|call| ["see", "publish_room"].contains(call));
    let first = move_over_http(Duration::ZERO).await;
    assert!(noted_after(&first), "{first:?}");
    for _ in 0..2 {
        let warm = move_over_http(Duration::from_millis(20)).await;
        assert_eq!(warm, ["append"], "each seat noted at most once a third of the TTL");
    }
    let later = move_over_http(TTL / 3 + Duration::from_millis(50)).await;
    assert!(noted_after(&later), "{later:?}");
}
