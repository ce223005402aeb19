//! A real browser on another origin: headless Chromium loads a page served from one loopback port, and the page
//! creates a game, plays a move with fetch and receives it over EventSource (opened with a stream ticket) from the
//! real binary on another port, allowed by `LUDUS_CORS_ORIGINS`; then it creates an account, follows the account's
//! notifications over EventSource (opened with an account stream ticket) and plays the `your_turn` it is told. Skipped, saying so, where Chromium is not installed
//! (`scripts/test` installs it).

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

/// How long the page may take, from Chromium's start to its report.
const PAGE_DEADLINE: Duration = Duration::from_secs(60);

/// The page, with `API` replaced by the server's origin. It reports what it saw by POSTing JSON to its own origin's
/// `/result`, once (success, failure or its own timeout).
const PAGE: &str = r#"<!doctype html>
<html><head><meta charset="utf-8"><title>ludus from another origin</title></head><body><script>
const api = "API";
const result = {};
let reported = false;
function report(extra) {
  if (reported) return;
  reported = true;
  Object.assign(result, extra);
  fetch("/result", {method: "POST", body: JSON.stringify(result)});
}
window.onerror = (message) => report({error: String(message)});
setTimeout(() => report({error: "the page timed out"}), 30000);

async function run() {
  const created = await fetch(`${api}/v1/games`, {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify({title: "caesar-cleopatra", players: 2, seed: 7}),
  });
  result.create_status = created.status;
  result.location = created.headers.get("Location");
  const {game, seats} = await created.json();
  const seat = game.to_act[0];
  const auth = {"Authorization": "Bearer " + seats.find((s) => s.seat === seat).token};

  const issued = await fetch(`${api}/v1/games/${game.id}/stream-tickets`, {method: "POST", headers: auth});
  result.ticket_status = issued.status;
  const {ticket} = await issued.json();
  const streamed = [];
  let [lastSeen, target] = [0, Infinity];
  const source = new EventSource(
    `${api}/v1/games/${game.id}/stream?ticket=${encodeURIComponent(ticket)}&after=${game.version}`);
  const reached = new Promise((resolve, reject) => {
    const arrived = (message) => {
      if (message.type === "game") {
        streamed.push({seq: JSON.parse(message.data).version, event: JSON.parse(message.data).event});
      }
      lastSeen = JSON.parse(message.data).version;
      if (lastSeen >= target) resolve();
    };
    source.addEventListener("game", arrived);
    source.addEventListener("hidden", arrived);
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) reject(new Error("the EventSource was closed"));
    };
  });
  await new Promise((resolve) => { source.onopen = resolve; });

  const listed = await (await fetch(`${api}/v1/games/${game.id}/actions`, {headers: auth})).json();
  const move = {
    method: "POST",
    headers: {...auth, "Content-Type": "application/json", "Idempotency-Key": "browser-move-1"},
    body: JSON.stringify({action: listed.actions[0]}),
  };
  const played = await fetch(`${api}/v1/games/${game.id}/actions`, move);
  result.play_status = played.status;
  const answer = await played.json();
  result.played = answer.events;
  const replayed = await fetch(`${api}/v1/games/${game.id}/actions`, move);
  result.replayed_header = replayed.headers.get("Idempotent-Replayed");

  target = answer.version;
  if (lastSeen < target) await reached;
  source.close();
  result.streamed = streamed;
  await followAccount();
  report({});
}

// An account's notifications over EventSource, opened with an account stream ticket: its your_turn carries the
// legal actions, and one of them is played with one request.
async function followAccount() {
  const made = await fetch(`${api}/v1/accounts`, {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify({name: "browser-bot", kind: "bot"}),
  });
  result.account_status = made.status;
  const {key} = await made.json();
  const auth = {"Authorization": "Bearer " + key};
  const issued = await fetch(`${api}/v1/accounts/me/stream-tickets`, {method: "POST", headers: auth});
  result.account_ticket_status = issued.status;
  const {ticket} = await issued.json();
  const source = new EventSource(`${api}/v1/accounts/me/stream?ticket=${encodeURIComponent(ticket)}`);
  const turn = new Promise((resolve, reject) => {
    source.addEventListener("your_turn", (message) => resolve(JSON.parse(message.data)));
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) reject(new Error("the account's EventSource was closed"));
    };
  });
  await new Promise((resolve) => { source.onopen = resolve; });
  const created = await fetch(`${api}/v1/games`, {
    method: "POST",
    headers: {...auth, "Content-Type": "application/json"},
    body: JSON.stringify({title: "caesar-cleopatra", players: 2, seed: 7, bots: {caesar: {kind: "random"}}}),
  });
  result.account_game_status = created.status;
  result.account_game = (await created.json()).game.id;
  const told = await turn;
  source.close();
  result.your_turn = {game: told.game, seat: told.seat, version: told.version, actions: told.legal_actions.length};
  const played = await fetch(`${api}/v1/games/${told.game}/actions`, {
    method: "POST",
    headers: {...auth, "Content-Type": "application/json", "Prefer": "return=minimal"},
    body: JSON.stringify({action: told.legal_actions[0]}),
  });
  result.account_play_status = played.status;
}
run().catch((error) => report({error: String(error)}));
</script></body></html>
"#;

/// The first Chromium on PATH.
fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser"].into_iter().find(|name| {
        Command::new(name)
            .arg("--version")
            .output()
            .is_ok_and(|output| output.status.success())
    })
}

/// Serves `page` at `/` from a loopback port of its own (another origin than the API's) and forwards the body of
/// every `POST /result` to the returned channel.
fn serve_page(page: String) -> (u16, mpsc::Receiver<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port for the page");
    let port = listener.local_addr().expect("an address").port();
    let (sender, results) = mpsc::channel();
    std::thread::spawn(move || {
        for connection in listener.incoming().flatten() {
            let _ = answer(connection, &page, &sender);
        }
    });
    (port, results)
}

fn answer(connection: TcpStream, page: &str, results: &mpsc::Sender<String>) -> std::io::Result<()> {
    let mut reader = BufReader::new(connection.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    let mut length = 0;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line)?;
        if line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    let (status, content) = match request_line.split_whitespace().take(2).collect::<Vec<_>>()[..] {
        ["GET", "/"] => ("200 OK", page),
        ["POST", "/result"] => {
            let _ = results.send(String::from_utf8_lossy(&body).into_owned());
            ("204 No Content", "")
        }
        _ => ("404 Not Found", ""),
    };
    let mut connection = connection;
    write!(
        connection,
        "HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{content}",
        content.len()
    )
}

#[test]
fn a_page_on_another_origin_plays_with_fetch_and_follows_its_game_and_its_account_with_event_source() {
    let Some(chromium) = chromium() else {
        println!("SKIPPED: chromium not installed (scripts/test installs the Debian package `chromium`)");
        return;
    };
    let api_port = common::free_port();
    let api = format!("http://127.0.0.1:{api_port}");
    let (page_port, results) = serve_page(PAGE.replace("API", &api));
    let page_origin = format!("http://127.0.0.1:{page_port}");
    let _server = common::ServerProcess::start_with_env(api_port, None, &[("LUDUS_CORS_ORIGINS", &page_origin)]);

    let profile = std::env::temp_dir().join(format!("ludus-chromium-{page_port}-{}", std::process::id()));
    let log = profile.with_extension("log");
    let mut browser = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("{page_origin}/"))
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("a log file for chromium"))
        .spawn()
        .expect("chromium starts");
    let report = results.recv_timeout(PAGE_DEADLINE);
    let _ = browser.kill();
    let _ = browser.wait();
    let browser_log = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&profile);
    let _ = std::fs::remove_file(&log);
    let report: Value = match report {
        Ok(text) => serde_json::from_str(&text).expect("the page reports JSON"),
        Err(_) => panic!("the page reported nothing within {PAGE_DEADLINE:?}; chromium said:\n{browser_log}"),
    };

    assert_eq!(report["error"], Value::Null, "the page failed: {report}");
    assert_eq!(report["create_status"], 201, "the page created a game with fetch: {report}");
    assert!(
        report["location"].as_str().is_some_and(|l| l.starts_with("/v1/games/")),
        "Location is exposed to the page: {report}"
    );
    assert_eq!(report["ticket_status"], 201, "{report}");
    assert_eq!(report["play_status"], 200, "the page played a move with fetch: {report}");
    assert_eq!(report["replayed_header"], "true", "Idempotent-Replayed is exposed: {report}");
    // The browser's `Accept-Language` words the move's answer; the events themselves are compared.
    let events = |messages: &Value| -> Vec<Value> {
        messages
            .as_array()
            .expect("a list of events")
            .iter()
            .map(|message| json!({"seq": message["seq"], "event": message["event"]}))
            .collect()
    };
    let played = events(&report["played"]);
    assert!(!played.is_empty(), "{report}");
    assert_eq!(
        events(&report["streamed"]),
        played,
        "the EventSource received exactly the move's events, as the seat sees them"
    );

    assert_eq!(report["account_status"], 201, "{report}");
    assert_eq!(report["account_ticket_status"], 201, "{report}");
    assert_eq!(report["account_game_status"], 201, "{report}");
    let turn = &report["your_turn"];
    assert_eq!(turn["game"], report["account_game"], "the account's EventSource told its turn: {report}");
    assert_eq!(turn["seat"], "cleopatra", "{report}");
    assert!(turn["actions"].as_u64().is_some_and(|count| count > 0), "with its legal actions: {report}");
    assert_eq!(report["account_play_status"], 200, "one of them played with one request: {report}");
}
