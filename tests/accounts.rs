//! Accounts through the real HTTP app on the in-memory store: creation and names, keys rotated and revoked, seats
//! bound by creating and joining with an account key (or later, a guest's, with its token), the key acting for every seat it holds (naming one where it
//! holds several), invitations joined and declined, the account's games, and its inbox of notifications.

use crate::common;

use actix_web::http::StatusCode;
use actix_web::{App, test, web};
use common::app::{TestApp, call};
use ludus::service::GameService;
use ludus::store::InboxPage;
use serde_json::{Value, json};

struct Client<'a, A: TestApp> {
    app: &'a A,
}

impl<A: TestApp> Client<'_, A> {
    async fn send(
        &self,
        method: &str,
        uri: &str,
        key: Option<&str>,
        headers: &[(&str, &str)],
        body: Option<Value>,
    ) -> common::app::Response {
        let mut request = match method {
            "POST" => test::TestRequest::post(),
            "PUT" => test::TestRequest::put(),
            "DELETE" => test::TestRequest::delete(),
            _ => test::TestRequest::get(),
        }
        .uri(uri);
        if let Some(key) = key {
            request = request.insert_header(("Authorization", format!("Bearer {key}")));
        }
        for (name, value) in headers {
            request = request.insert_header((*name, *value));
        }
        if let Some(body) = body {
            request = request.set_json(body);
        }
        call(self.app, request).await
    }

    async fn post_account(&self, body: Value) -> common::app::Response {
        self.send("POST", "/v1/accounts", None, &[], Some(body)).await
    }

    async fn account(&self, name: &str) -> (String, String) {
        let (status, _, body) = self.post_account(json!({"name": name, "kind": "bot"})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        (body["id"].as_str().unwrap().to_owned(), body["key"].as_str().unwrap().to_owned())
    }

    /// Ann's and Bob's accounts (id and key each), then a duel Ann creates with Bob's account invited to its south
    /// seat, which Bob joins: the accounts, the game's id and the answer that created it.
    async fn ann_and_bob_duel(&self) -> (String, String, String, String, String, Value) {
        let (ann, ann_key) = self.account("ann").await;
        let (bob, bob_key) = self.account("bob").await;
        let body = json!({"title": "duel", "players": 2, "seats": {"south": {"account": "bob"}}});
        let (_, _, created) = self.send("POST", "/v1/games", Some(&ann_key), &[], Some(body)).await;
        let game = created["game"]["id"].as_str().unwrap().to_owned();
        let join = format!("/v1/games/{game}/seats/south/join");
        self.send("POST", &join, Some(&bob_key), &[], None).await;
        (ann, ann_key, bob, bob_key, game, created)
    }

    /// The first legal action of `seat`, sent with `key`.
    async fn move_as(&self, game: &str, key: &str, seat: Option<&str>) -> common::app::Response {
        let headers: Vec<(&str, &str)> = seat.map(|seat| ("X-Ludus-Seat", seat)).into_iter().collect();
        let (status, _, listed) = self
            .send("GET", &format!("/v1/games/{game}/actions"), Some(key), &headers, None)
            .await;
        assert_eq!(status, StatusCode::OK, "{listed}");
        let action = listed["actions"][0].clone();
        self.send("POST", &format!("/v1/games/{game}/actions"), Some(key), &headers, Some(json!({"action": action})))
            .await
    }
}

async fn app() -> impl TestApp {
    let service = web::Data::new(common::service(common::memory()));
    test::init_service(App::new().configure(ludus::api::routes(service))).await
}

fn code(body: &Value) -> &str {
    body["code"].as_str().unwrap_or_default()
}

#[actix_web::test]
async fn accounts_have_unique_names_and_keys_that_rotate_and_revoke() {
    let app = app().await;
    let client = Client { app: &app };
    let (id, key) = client.account("Livia").await;
    assert!(key.starts_with("lk_"), "{key}");
    let (status, _, taken) = client.post_account(json!({"name": "LIVIA", "kind": "player"})).await;
    assert_eq!((status, code(&taken)), (StatusCode::CONFLICT, "account_name_taken"));
    for bad in ["x", "with space", "toolongtoolongtoolongtoolong"] {
        let (status, _, body) = client.post_account(json!({"name": bad, "kind": "bot"})).await;
        assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "invalid_account_name"), "{bad}");
    }
    let (status, _, body) = client.post_account(json!({"name": "ok", "kind": "robot"})).await;
    assert_eq!((status, code(&body)), (StatusCode::BAD_REQUEST, "malformed_request"));

    let (status, _, me) = client.send("GET", "/v1/accounts/me", Some(&key), &[], None).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!((me["id"].as_str(), me["name"].as_str()), (Some(id.as_str()), Some("Livia")));
    assert_eq!(me["keys"].as_array().unwrap().len(), 1);
    assert!(!me.to_string().contains(&key[3..]), "the key is never shown again");
    let first_key_id = me["keys"][0]["id"].as_str().unwrap().to_owned();

    let (status, _, added) = client.send("POST", "/v1/accounts/me/keys", Some(&key), &[], None).await;
    assert_eq!(status, StatusCode::CREATED, "{added}");
    let second = added["key"].as_str().unwrap().to_owned();
    let revoke = format!("/v1/accounts/me/keys/{first_key_id}");
    let (status, _, _) = client.send("DELETE", &revoke, Some(&second), &[], None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _, refused) = client.send("GET", "/v1/accounts/me", Some(&key), &[], None).await;
    assert_eq!((status, code(&refused)), (StatusCode::UNAUTHORIZED, "invalid_account_key"));
    let (status, _, again) = client.send("DELETE", &revoke, Some(&second), &[], None).await;
    assert_eq!((status, code(&again)), (StatusCode::NOT_FOUND, "key_not_found"));
    let (status, _, me) = client.send("GET", "/v1/accounts/me", Some(&second), &[], None).await;
    assert_eq!((status, me["keys"].as_array().unwrap().len()), (StatusCode::OK, 1));
    let last = if second.ends_with('0') { '1' } else { '0' };
    let forged = format!("{}{last}", &second[..second.len() - 1]);
    let (status, _, body) = client.send("GET", "/v1/accounts/me", Some(&forged), &[], None).await;
    assert_eq!((status, code(&body)), (StatusCode::UNAUTHORIZED, "invalid_account_key"));
    let (status, _, body) = client.send("GET", "/v1/accounts/me", None, &[], None).await;
    assert_eq!((status, code(&body)), (StatusCode::UNAUTHORIZED, "account_key_required"));
}

#[actix_web::test]
async fn an_account_key_acts_for_the_seats_it_holds_and_no_others() {
    let app = app().await;
    let client = Client { app: &app };
    let (ann, ann_key) = client.account("ann").await;
    let (bob, bob_key) = client.account("bob").await;
    let (_, eve_key) = client.account("eve").await;
    let body = json!({"title": "duel", "players": 2, "seats": {"south": {"account": "BOB"}}});
    let (status, _, created) = client.send("POST", "/v1/games", Some(&ann_key), &[], Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let game = created["game"]["id"].as_str().unwrap().to_owned();
    let players = &created["game"]["players"];
    assert_eq!(players[0]["account"].as_str(), Some(ann.as_str()), "the creator's seat is bound");
    assert_eq!(players[1]["invited"].as_str(), Some(bob.as_str()), "invited by name, shown by id");
    assert_eq!(created["seats"].as_array().unwrap().len(), 1, "the seat token is still issued");

    let join = format!("/v1/games/{game}/seats/south/join");
    let (status, _, refused) = client.send("POST", &join, Some(&eve_key), &[], None).await;
    assert_eq!((status, code(&refused)), (StatusCode::FORBIDDEN, "seat_reserved"));
    let (status, _, refused) = client.send("POST", &join, None, &[], None).await;
    assert_eq!((status, code(&refused)), (StatusCode::FORBIDDEN, "seat_reserved"), "anonymous too");
    let (status, _, joined) = client.send("POST", &join, Some(&bob_key), &[], None).await;
    assert_eq!(status, StatusCode::CREATED, "{joined}");
    assert_eq!(joined["game"]["players"][1]["account"].as_str(), Some(bob.as_str()));

    let (_, _, state) = client.send("GET", &format!("/v1/games/{game}"), None, &[], None).await;
    let to_act = state["to_act"][0].as_str().unwrap().to_owned();
    let (mover, other) = if to_act == "north" {
        (&ann_key, &bob_key)
    } else {
        (&bob_key, &ann_key)
    };
    for method in ["GET", "POST"] {
        let body = (method == "POST").then(|| json!({"action": {"type": "resign"}}));
        let uri = format!("/v1/games/{game}/actions");
        let (status, _, refused) = client
            .send(method, &uri, Some(other), &[("X-Ludus-Seat", &to_act)], body)
            .await;
        assert_eq!((status, code(&refused)), (StatusCode::FORBIDDEN, "seat_not_held"), "{refused}");
    }
    let (status, _, played) = client.move_as(&game, mover, None).await;
    assert_eq!(status, StatusCode::OK, "{played}");
    assert_eq!(played["game"]["seat"].as_str(), Some(to_act.as_str()));
    let (status, _, eves) = client
        .send("GET", &format!("/v1/games/{game}"), Some(&eve_key), &[], None)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(eves.get("seat").is_none(), "an account with no seat here sees as a spectator");
}

#[actix_web::test]
async fn an_account_holding_several_seats_names_the_one_it_acts_for() {
    let app = app().await;
    let client = Client { app: &app };
    let (_, key) = client.account("solo").await;
    let body = json!({"title": "duel", "players": 2});
    let (status, _, created) = client.send("POST", "/v1/games", Some(&key), &[], Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let game = created["game"]["id"].as_str().unwrap().to_owned();
    let actions = format!("/v1/games/{game}/actions");
    let (status, _, unnamed) = client.send("GET", &actions, Some(&key), &[], None).await;
    assert_eq!((status, code(&unnamed)), (StatusCode::BAD_REQUEST, "seat_required"));
    let seat_of = async |uri: &str, headers: &[(&str, &str)]| {
        let (status, _, listed) = client.send("GET", uri, Some(&key), headers, None).await;
        (
            status,
            listed["seat"]
                .as_str()
                .or(listed["code"].as_str())
                .unwrap_or_default()
                .to_owned(),
        )
    };
    let south = ("X-Ludus-Seat", "south");
    assert_eq!(seat_of(&actions, &[south]).await, (StatusCode::OK, "south".into()), "by header");
    let by_query = format!("{actions}?seat=north");
    assert_eq!(seat_of(&by_query, &[]).await, (StatusCode::OK, "north".into()), "by query");
    let east = ("X-Ludus-Seat", "east");
    assert_eq!(seat_of(&actions, &[east]).await, (StatusCode::NOT_FOUND, "seat_not_found".into()));

    let listed = |query: &'static str| {
        let client = &client;
        let key = key.clone();
        async move {
            let (status, _, page) = client
                .send("GET", &format!("/v1/accounts/me/games{query}"), Some(&key), &[], None)
                .await;
            assert_eq!(status, StatusCode::OK, "{page}");
            page
        }
    };
    let active = listed("").await;
    assert_eq!(active["games"][0]["id"].as_str(), Some(game.as_str()));
    assert_eq!(active["games"][0]["seats"], json!(["north", "south"]));
    assert_eq!(active["games"][0]["my_turn"], true);
    let (_, _, shown) = client.send("GET", &format!("/v1/games/{game}"), None, &[], None).await;
    assert_eq!(active["games"][0]["players"], common::without_presence(&shown)["players"], "the game's own players");
    assert_eq!(active["games"][0]["rated"], false);
    assert_eq!(listed("?to_act=true").await["games"].as_array().unwrap().len(), 1);
    assert!(listed("?status=finished").await["games"].as_array().unwrap().is_empty());
    let (status, _, resigned) = client
        .send(
            "POST",
            &actions,
            Some(&key),
            &[("X-Ludus-Seat", "north")],
            Some(json!({"action": {"type": "resign"}})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{resigned}");
    assert!(listed("").await["games"].as_array().unwrap().is_empty());
    assert_eq!(listed("?status=finished").await["games"][0]["id"].as_str(), Some(game.as_str()));
}

#[actix_web::test]
async fn an_invited_account_may_decline_and_the_creator_chose_what_follows() {
    let app = app().await;
    let client = Client { app: &app };
    let (_, ann_key) = client.account("ann").await;
    let (_, bob_key) = client.account("bob").await;
    for (on_decline, finished) in [("open", false), ("abort", true)] {
        let body = json!({"title": "duel", "players": 2, "seats": {"south": {"account": "bob"}},
            "on_decline": on_decline});
        let (_, _, created) = client.send("POST", "/v1/games", Some(&ann_key), &[], Some(body)).await;
        let game = created["game"]["id"].as_str().unwrap().to_owned();
        let decline = format!("/v1/games/{game}/seats/south/decline");
        let (status, _, refused) = client.send("POST", &decline, Some(&ann_key), &[], None).await;
        assert_eq!((status, code(&refused)), (StatusCode::FORBIDDEN, "not_invited"));
        let (status, _, declined) = client.send("POST", &decline, Some(&bob_key), &[], None).await;
        assert_eq!(status, StatusCode::OK, "{declined}");
        assert!(declined["players"][1].get("invited").is_none(), "{declined}");
        assert_eq!(declined["status"] == "finished", finished, "{on_decline}: {declined}");
        if !finished {
            let join = format!("/v1/games/{game}/seats/south/join");
            let (status, _, joined) = client.send("POST", &join, None, &[], None).await;
            assert_eq!(status, StatusCode::CREATED, "the seat is open to anyone: {joined}");
        } else {
            assert_eq!(declined["ending"]["reason"], "aborted");
        }
    }
}

#[actix_web::test]
async fn an_account_s_inbox_tells_its_turns_joins_and_results() {
    let service = web::Data::new(common::service(common::memory()));
    let app = test::init_service(App::new().configure(ludus::api::routes(service.clone()))).await;
    let client = Client { app: &app };
    let (ann, ann_key, bob, bob_key, game, _) = client.ann_and_bob_duel().await;
    for turn in 0..6 {
        let (_, _, state) = client.send("GET", &format!("/v1/games/{game}"), None, &[], None).await;
        let key = if state["to_act"][0] == "north" {
            &ann_key
        } else {
            &bob_key
        };
        let (status, _, played) = if turn < 5 {
            client.move_as(&game, key, None).await
        } else {
            let resign = json!({"action": {"type": "resign"}});
            client
                .send("POST", &format!("/v1/games/{game}/actions"), Some(key), &[], Some(resign))
                .await
        };
        assert_eq!(status, StatusCode::OK, "{played}");
    }
    let inbox = |account: String| {
        let service = service.clone();
        async move {
            let entries = service
                .notifier
                .read_inbox(&account, InboxPage::oldest(1000))
                .await
                .unwrap();
            entries
                .into_iter()
                .map(|entry| serde_json::from_str::<Value>(&entry.event).unwrap())
                .collect::<Vec<Value>>()
        }
    };
    let types = |notes: &[Value]| {
        notes
            .iter()
            .map(|note| note["type"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    let (anns, bobs) = (inbox(ann).await, inbox(bob).await);
    assert_eq!(types(&bobs)[0], "invited", "{bobs:?}");
    assert_eq!(bobs[0]["game"].as_str(), Some(game.as_str()));
    assert!(types(&anns).contains(&"seat_joined".to_owned()), "{anns:?}");
    for notes in [&anns, &bobs] {
        let kinds = types(notes);
        assert_eq!(kinds.iter().filter(|kind| *kind == "game_started").count(), 1, "{kinds:?}");
        assert_eq!(kinds.last().map(String::as_str), Some("game_finished"), "{kinds:?}");
        assert!(kinds.contains(&"your_turn".to_owned()), "{kinds:?}");
        let versions: Vec<u64> = notes
            .iter()
            .filter(|note| note["type"] == "your_turn")
            .map(|note| note["version"].as_u64().unwrap())
            .collect();
        assert!(versions.windows(2).all(|pair| pair[0] < pair[1]), "one per change, in order: {versions:?}");
    }
    let _: &GameService = &service;
}

#[actix_web::test]
async fn a_rematch_keeps_each_player_s_account_on_the_rotated_seat() {
    let app = app().await;
    let client = Client { app: &app };
    let (ann, ann_key, bob, bob_key, game, created) = client.ann_and_bob_duel().await;
    let resign = json!({"action": {"type": "resign"}});
    let (status, _, _) = client
        .send("POST", &format!("/v1/games/{game}/actions"), Some(&ann_key), &[], Some(resign))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, rematch) = client
        .send("POST", &format!("/v1/games/{game}/rematch"), Some(&bob_key), &[], None)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{rematch}");
    assert_eq!(rematch["seat"], "north", "bob's south becomes north");
    let players = &rematch["game"]["players"];
    assert_eq!(
        (players[0]["account"].as_str(), players[1]["account"].as_str()),
        (Some(bob.as_str()), Some(ann.as_str()))
    );
    let next = rematch["game"]["id"].as_str().unwrap();
    let (status, _, mine) = client
        .send("GET", &format!("/v1/games/{next}"), Some(&ann_key), &[], None)
        .await;
    assert_eq!((status, mine["seat"].as_str()), (StatusCode::OK, Some("south")), "ann's key acts there too");
    // A key gets no token for the rematch (nothing to open one with: its seat there is bound to it); the token of
    // ann's seat, given at creation, opens her seat there too and is shown to its holder.
    assert!(rematch.get("token").is_none(), "{rematch}");
    let (_, _, with_key) = client
        .send("GET", &format!("/v1/games/{game}"), Some(&ann_key), &[], None)
        .await;
    assert_eq!(with_key["rematch"], json!({"game": next, "seat": "south"}));
    let ann_token = created["seats"][0]["token"].as_str().unwrap();
    let (_, _, with_token) = client
        .send("GET", &format!("/v1/games/{game}"), Some(ann_token), &[], None)
        .await;
    assert_eq!(with_token["rematch"], json!({"game": next, "seat": "south", "token": ann_token}));
    let (status, _, hers) = client
        .send("GET", &format!("/v1/games/{next}"), Some(ann_token), &[], None)
        .await;
    assert_eq!((status, hers["seat"].as_str()), (StatusCode::OK, Some("south")));
}

#[actix_web::test]
async fn webhook_urls_and_host_names_are_refused_beyond_their_lengths() {
    let app = app().await;
    let client = Client { app: &app };
    let (_, key) = client.account("hooked").await;
    let set = |url: String| {
        let client = &client;
        let key = key.clone();
        async move {
            client
                .send("PUT", "/v1/accounts/me/webhook", Some(&key), &[], Some(json!({"url": url})))
                .await
        }
    };
    let base = "https://hooks.example.com/";
    let path_of = |length: usize| format!("{base}{}", "p".repeat(length - base.len()));
    let label = |c: char, length: usize| c.to_string().repeat(length);
    // 63 + 1 + 63 + 1 + 63 + 1 + 61 = 253 characters, and 254 with one more.
    let longest_host = [label('a', 63), label('b', 63), label('c', 63), label('d', 61)].join(".");
    let too_long_host = [label('a', 63), label('b', 63), label('c', 63), label('d', 62)].join(".");
    for accepted in [
        path_of(2048),
        format!("https://{}.example.com/", label('x', 63)),
        format!("https://{longest_host}/"),
        format!("https://{longest_host}./"),
    ] {
        let (status, _, body) = set(accepted.clone()).await;
        assert_eq!(status, StatusCode::OK, "{} characters: {body}", accepted.len());
        assert_eq!(body["url"].as_str(), Some(accepted.as_str()));
    }
    for (refused, detail) in [
        (path_of(2049), "the URL has 2049 characters: at most 2048".to_owned()),
        (
            format!("{base}{}", "é".repeat(1000)),
            "the URL has 6026 characters once encoded: at most 2048".to_owned(),
        ),
        (
            format!("https://{}.example.com/", label('x', 64)),
            format!(
                "the host name's label \"{}\" has 64 characters: each label (between two dots) has 1 to 63",
                label('x', 64)
            ),
        ),
        (format!("https://{too_long_host}/"), "the host name has 254 characters: at most 253".to_owned()),
        ("https://hooks..example.com/".to_owned(), "the host name's label \"\" has 0 characters".to_owned()),
    ] {
        let (status, _, body) = set(refused.clone()).await;
        assert_eq!(
            (status, code(&body)),
            (StatusCode::BAD_REQUEST, "invalid_webhook_url"),
            "{} characters: {body}",
            refused.len()
        );
        let told = body["detail"].as_str().unwrap();
        assert!(told.contains(&detail), "{told}");
    }
    let (_, _, kept) = client
        .send("GET", "/v1/accounts/me/webhook", Some(&key), &[], None)
        .await;
    assert_eq!(kept["url"].as_str(), Some(format!("https://{longest_host}./").as_str()), "the last one accepted");
}

/// The NDJSON notifications that `body` brings until none came for 300 ms.
async fn notifications_until_quiet(body: &mut (impl actix_web::body::MessageBody + Unpin)) -> Vec<Value> {
    let mut text = String::new();
    loop {
        let next = std::future::poll_fn(|cx| std::pin::Pin::new(&mut *body).poll_next(cx));
        match tokio::time::timeout(std::time::Duration::from_millis(300), next).await {
            Ok(Some(Ok(bytes))) => text.push_str(std::str::from_utf8(&bytes).unwrap()),
            _ => break,
        }
    }
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).expect("one notification a line"))
        .collect()
}

#[actix_web::test]
async fn a_your_turn_carries_the_seat_s_legal_actions_and_a_stream_catching_up_gets_only_the_newest() {
    let app = app().await;
    let client = Client { app: &app };
    let (_, ann_key, _, bob_key, game, _) = client.ann_and_bob_duel().await;
    // Moves until bob was to act three times: three your_turns of his seat in his inbox, two of them stale.
    let mut bobs_turns = 0;
    while bobs_turns < 3 {
        let (_, _, state) = client.send("GET", &format!("/v1/games/{game}"), None, &[], None).await;
        let key = if state["to_act"][0] == "north" {
            &ann_key
        } else {
            &bob_key
        };
        let (status, _, played) = client.move_as(&game, key, None).await;
        assert_eq!(status, StatusCode::OK, "{played}");
        bobs_turns += usize::from(played["game"]["to_act"] == json!(["south"]));
    }
    let stream = |query: &str| {
        test::TestRequest::get()
            .uri(&format!("/v1/accounts/me/stream?after=0-0{query}"))
            .insert_header(("Authorization", format!("Bearer {bob_key}")))
            .insert_header(("Accept", "application/x-ndjson"))
            .to_request()
    };
    let response = test::call_service(&app, stream("")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let mut body = response.into_body();
    let caught_up = notifications_until_quiet(&mut body).await;
    let turns: Vec<&Value> = caught_up.iter().filter(|note| note["type"] == "your_turn").collect();
    assert_eq!(turns.len(), 1, "only the turn that still holds: {caught_up:?}");
    let (_, _, mine) = client
        .send("GET", &format!("/v1/games/{game}/actions"), Some(&bob_key), &[], None)
        .await;
    let (_, _, state) = client.send("GET", &format!("/v1/games/{game}"), None, &[], None).await;
    assert_eq!(turns[0]["version"], state["version"], "{:?}", turns[0]);
    assert_eq!(turns[0]["legal_actions"], mine["actions"], "the seat's own list, unlabelled");
    assert!(caught_up.iter().any(|note| note["type"] == "game_started"), "the rest as it is: {caught_up:?}");

    // One request a move: the pushed action, at the pushed version.
    let action = json!({"action": turns[0]["legal_actions"][0], "expected_version": turns[0]["version"]});
    let (status, _, played) = client
        .send("POST", &format!("/v1/games/{game}/actions"), Some(&bob_key), &[], Some(action))
        .await;
    assert_eq!(status, StatusCode::OK, "{played}");
    if played["game"]["to_act"] == json!(["north"]) {
        client.move_as(&game, &ann_key, None).await;
    }
    let live = notifications_until_quiet(&mut body).await;
    let next = live
        .iter()
        .rfind(|note| note["type"] == "your_turn")
        .expect("bob's next turn, live");
    assert!(next["version"].as_u64() > turns[0]["version"].as_u64(), "{live:?}");
    assert!(
        next["legal_actions"]
            .as_array()
            .is_some_and(|actions| !actions.is_empty()),
        "{next}"
    );

    let labelled = notifications_until_quiet(&mut test::call_service(&app, stream("&lang=fr")).await.into_body()).await;
    let turn = labelled
        .iter()
        .find(|note| note["type"] == "your_turn")
        .expect("bob's turn");
    assert!(
        turn["legal_actions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|action| action["label"].is_string()),
        "labelled in the stream's language: {turn}"
    );

    // Once the game is over, its turns are moot: a stream catching up gets its end alone.
    let resign = json!({"action": {"type": "resign"}});
    let (status, _, resigned) = client
        .send("POST", &format!("/v1/games/{game}/actions"), Some(&bob_key), &[], Some(resign))
        .await;
    assert_eq!(status, StatusCode::OK, "{resigned}");
    let after_the_end = notifications_until_quiet(&mut test::call_service(&app, stream("")).await.into_body()).await;
    assert!(after_the_end.iter().all(|note| note["type"] != "your_turn"), "{after_the_end:?}");
    assert!(after_the_end.iter().any(|note| note["type"] == "game_finished"), "{after_the_end:?}");
}

/// An account stream ticket opens the account's stream once, as the account, on the memory store and on Redis; it
/// never goes with a key, and nothing else opens the stream.
#[actix_web::test]
async fn an_account_stream_ticket_opens_the_account_s_stream_once() {
    let redis = common::RedisServer::start();
    for store in [common::memory(), redis.store()] {
        let service = web::Data::new(common::service(store));
        let app = test::init_service(App::new().configure(ludus::api::routes(service))).await;
        let client = Client { app: &app };
        let (_, ann_key, _, bob_key, game, _) = client.ann_and_bob_duel().await;
        let tickets = "/v1/accounts/me/stream-tickets";
        let (status, _, refused) = client.send("POST", tickets, None, &[], None).await;
        assert_eq!((status, code(&refused)), (StatusCode::UNAUTHORIZED, "account_key_required"), "{refused}");
        let (status, headers, issued) = client.send("POST", tickets, Some(&bob_key), &[], None).await;
        assert_eq!(status, StatusCode::CREATED, "{issued}");
        assert_eq!(headers.get("cache-control").map(|value| value.to_str().unwrap()), Some("no-store"));
        assert_eq!(issued["expires_in"], 60);
        let ticket = issued["ticket"].as_str().expect("a ticket").to_owned();
        assert!(ticket.len() >= 32 && !ticket.contains(&bob_key), "{ticket}");

        let open = |ticket: &str| {
            test::TestRequest::get()
                .uri(&format!("/v1/accounts/me/stream?after=0-0&ticket={ticket}"))
                .insert_header(("Accept", "application/x-ndjson"))
                .to_request()
        };
        let (status, _, both) = call(
            &app,
            test::TestRequest::get()
                .uri(&format!("/v1/accounts/me/stream?ticket={ticket}"))
                .insert_header(("Authorization", format!("Bearer {bob_key}"))),
        )
        .await;
        assert_eq!((status, code(&both)), (StatusCode::BAD_REQUEST, "conflicting_credentials"), "{both}");

        let response = test::call_service(&app, open(&ticket)).await;
        assert_eq!(response.status(), StatusCode::OK, "the ticket was not used up by the refused request");
        let mut body = response.into_body();
        let seen = notifications_until_quiet(&mut body).await;
        let started = seen
            .iter()
            .find(|note| note["type"] == "game_started")
            .unwrap_or_else(|| panic!("bob's own notifications: {seen:?}"));
        assert_eq!((started["game"].as_str(), &started["seats"]), (Some(game.as_str()), &json!(["south"])));

        for (ticket, why) in [(ticket.as_str(), "used"), (&"0".repeat(32), "made up")] {
            let (status, _, again) =
                call(&app, test::TestRequest::get().uri(&format!("/v1/accounts/me/stream?ticket={ticket}"))).await;
            assert_eq!((status, code(&again)), (StatusCode::UNAUTHORIZED, "invalid_ticket"), "{why}: {again}");
        }
        // A game's seat ticket is not an account's.
        let (_, _, seat_ticket) = client
            .send("POST", &format!("/v1/games/{game}/stream-tickets"), Some(&ann_key), &[], None)
            .await;
        let seat_ticket = seat_ticket["ticket"].as_str().expect("a seat ticket");
        let (status, _, refused) =
            call(&app, test::TestRequest::get().uri(&format!("/v1/accounts/me/stream?ticket={seat_ticket}"))).await;
        assert_eq!((status, code(&refused)), (StatusCode::UNAUTHORIZED, "invalid_ticket"), "{refused}");
    }
}

#[actix_web::test]
async fn a_guest_s_seats_are_bound_to_the_account_they_sign_up_with_finished_games_included() {
    let app = app().await;
    let client = Client { app: &app };
    let body = json!({"title": "duel", "players": 2});
    let (status, _, created) = client.send("POST", "/v1/games", None, &[], Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let game = created["game"]["id"].as_str().unwrap().to_owned();
    let token_of = |seat: &str| {
        let seats = created["seats"].as_array().unwrap();
        let held = seats
            .iter()
            .find(|held| held["seat"] == seat)
            .expect("the guest holds both seats");
        held["token"].as_str().unwrap().to_owned()
    };
    let (north, south) = (token_of("north"), token_of("south"));
    let (ann, ann_key) = client.account("ann").await;
    let (_, bob_key) = client.account("bob").await;
    let bind = format!("/v1/games/{game}/bind");

    let (status, _, bound) = client
        .send("POST", &bind, Some(&ann_key), &[], Some(json!({"token": north})))
        .await;
    assert_eq!(status, StatusCode::OK, "{bound}");
    assert_eq!(bound["seat"], "north", "the game as the bound seat sees it");
    assert_eq!(bound["players"][0]["account"].as_str(), Some(ann.as_str()));
    let version = bound["version"].as_u64().unwrap();
    let (status, _, again) = client
        .send("POST", &bind, Some(&ann_key), &[], Some(json!({"token": north})))
        .await;
    assert_eq!((status, again["version"].as_u64()), (StatusCode::OK, Some(version)), "bound once: nothing new");
    let (status, _, refused) = client
        .send("POST", &bind, Some(&bob_key), &[], Some(json!({"token": north})))
        .await;
    assert_eq!((status, code(&refused)), (StatusCode::CONFLICT, "seat_bound_elsewhere"), "{refused}");
    let (status, _, refused) = client
        .send("POST", &bind, Some(&ann_key), &[], Some(json!({"token": "nope"})))
        .await;
    assert_eq!((status, code(&refused)), (StatusCode::UNAUTHORIZED, "invalid_token"), "{refused}");
    let (status, _, refused) = client
        .send("POST", &bind, None, &[], Some(json!({"token": south.clone()})))
        .await;
    assert_eq!((status, code(&refused)), (StatusCode::UNAUTHORIZED, "account_key_required"), "{refused}");

    // The log says so, in words; the key now acts for the seat; the game is among the account's games.
    let (_, _, log) = client
        .send("GET", &format!("/v1/games/{game}/events"), None, &[], None)
        .await;
    let told = log["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|event| event["event"]["type"] == "seat_bound");
    let told = told.unwrap_or_else(|| panic!("no seat_bound in {log}"));
    assert_eq!((&told["event"]["seat"], told["event"]["account"].as_str()), (&json!("north"), Some(ann.as_str())));
    let (status, _, seen) = client
        .send("GET", &format!("/v1/games/{game}"), Some(&ann_key), &[], None)
        .await;
    assert_eq!((status, &seen["seat"]), (StatusCode::OK, &json!("north")));
    // Whether a page of the account's games lists this game.
    let lists = |page: &Value| {
        page["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|listed| listed["id"] == game.as_str())
    };
    let (_, _, listed) = client
        .send("GET", "/v1/accounts/me/games", Some(&ann_key), &[], None)
        .await;
    assert!(lists(&listed), "{listed}");

    // A finished game's seat is bound too, and listed with the account's finished games.
    let resign = json!({"action": {"type": "resign"}});
    let (status, _, over) = client
        .send("POST", &format!("/v1/games/{game}/actions"), Some(&north), &[], Some(resign))
        .await;
    assert_eq!((status, &over["game"]["status"]), (StatusCode::OK, &json!("finished")), "{over}");
    let (status, _, bound) = client
        .send("POST", &bind, Some(&bob_key), &[], Some(json!({"token": south})))
        .await;
    assert_eq!(status, StatusCode::OK, "{bound}");
    let (_, _, finished) = client
        .send("GET", "/v1/accounts/me/games?status=finished", Some(&bob_key), &[], None)
        .await;
    assert!(lists(&finished), "{finished}");

    // Once Ann deletes her account, the log no longer shows it on the seat it was bound to.
    let (status, _, body) = client
        .send("DELETE", "/v1/accounts/me", Some(&ann_key), &[], None)
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let (_, _, log) = client
        .send("GET", &format!("/v1/games/{game}/events"), None, &[], None)
        .await;
    let bound: Vec<&Value> = log["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|event| &event["event"])
        .filter(|event| event["type"] == "seat_bound")
        .collect();
    assert_eq!(bound[0], &json!({"type": "seat_bound", "seat": "north"}), "Ann's account no longer shows");
    assert_eq!((&bound[1]["seat"], bound[1]["account"].is_string()), (&json!("south"), true), "Bob's does");
}
