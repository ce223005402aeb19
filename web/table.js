// A table: `table.html?game=ID&seat=SEAT` (the seat's token from localStorage, or from an invitation's `#token=`).
// Draws the seat's view, offers its legal actions as buttons (the table's, such as undo and draw offers, apart),
// follows the game over a stream opened with a ticket, shows who is here (a dot per player) and the chat, the result
// at the end, and replays the finished game with a version slider (`GET /v1/games/{id}?at=N`).

import {API, RULES_DRAW, TABLE_ACTIONS, call, el, loadToken, pageUrl, saveToken, showError, words} from "./api.js";
import {actionLabel, renderResult, renderView, text} from "./render.js";
import {MAP_PARTS, drawMap} from "./map.js";
import {catchUp, pollChat, showMessage, startChat} from "./chat.js";

const params = new URLSearchParams(location.search);
const gameId = params.get("game");
let seat = params.get("seat");
let token = null;
let game = null;
let map = null;
let titleName = "";

/** Labels of the table's actions that `text` would not word well. */
const TABLE_LABELS = {undo: "Undo my last move"};

/** Board drawings by title; the view's parts a board shows are left out of the panels. */
const BOARDS = {"rome-carthage": {parts: MAP_PARTS, draw: (view) => drawMap(map, view)}};

function takeInvitation() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (seat && fragment.get("token")) {
    saveToken(gameId, seat, fragment.get("token"));
    // The token stays in this browser only: out of the address bar and history.
    history.replaceState(null, "", location.pathname + location.search);
  }
  token = seat ? loadToken(gameId, seat) : null;
}

const busy = (on) => {
  if (on) document.body.dataset.busy = "true";
  else delete document.body.dataset.busy;
};

/** Draws `next` unless an answer already drew a later version (answers and stream reloads may cross). */
function render(next) {
  if (game && next.version < game.version) return;
  // A move's answer tells nothing of presence: what the page knew stays.
  for (const player of next.players) {
    const known = game?.players.find((candidate) => candidate.seat === player.seat);
    if (player.connected === undefined && known) Object.assign(player, {connected: known.connected, last_seen_ms: known.last_seen_ms});
  }
  if (game && next.version === game.version && next.status === game.status && next.seat === game.seat) return;
  game = next;
  const status = document.getElementById("status");
  status.dataset.version = game.version;
  status.dataset.status = game.status;
  status.textContent = [
    `game ${game.id}`,
    game.seat ? `you play ${words(game.seat)}` : "spectator",
    `version ${game.version}`,
    text(game.status),
    game.to_act.length && game.status !== "finished" ? `to act: ${game.to_act.map(words).join(", ")}` : null,
  ].filter(Boolean).join(" · ");
  drawPlayers();
  drawView(game, "board", "view");
  drawActions();
  if (game.status === "finished") showEnd();
}

/** A game's view into the elements `boardId` (the title's board, if it has one) and `viewId` (the panels). A game
 * waiting for players has no view yet. */
function drawView(shown, boardId, viewId) {
  const board = shown.view && map ? BOARDS[shown.title] : undefined;
  document.getElementById(boardId).replaceChildren(board ? board.draw(shown.view) : "");
  document.getElementById(viewId).replaceChildren(
    shown.view ? renderView(shown.view, shown.seats, shown.seat, board ? board.parts : []) : el("p", {class: "muted"}, "The game has not started."));
}

/** Whether a player is here: a dot, green while connected, with when it was last seen as its tooltip. */
function presenceDot(player) {
  if (player.open || player.connected === undefined) return "";
  const seen = player.last_seen_ms ? `last seen ${new Date(player.last_seen_ms).toLocaleString()}` : "not seen yet";
  return el("span", {
    class: player.connected ? "presence here" : "presence",
    "data-connected": String(player.connected),
    title: player.bot ? "a bot: always here" : player.connected ? "here" : seen,
  });
}

/** A duration in milliseconds as m:ss (or h:mm:ss). */
function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  return (h ? `${h}:${String(m).padStart(2, "0")}` : `${m}`) + `:${String(s).padStart(2, "0")}`;
}

function drawPlayers() {
  const times = new Map((game.clock?.seats ?? []).map((time) => [time.seat, time]));
  const rows = game.players.map((player) => {
    const time = times.get(player.seat);
    const who = player.open ? "open seat"
      : player.abandoned ? `left (${text(player.abandoned)}): a bot plays`
      : player.handed_to_bot ? `${player.name ?? ""} (away: a bot plays)`
      : player.bot ? "bot" : player.name ?? "";
    return el("li", {class: game.to_act.includes(player.seat) ? "to-act" : "", "data-seat": player.seat},
      presenceDot(player), el("b", {}, words(player.seat)), " ", who,
      player.seat === game.seat ? " (you)" : "",
      time?.remaining_ms !== undefined
        ? el("span", {class: time.running ? "clock running" : "clock", "data-remaining-ms": time.remaining_ms,
          title: time.running ? "time left, running" : "time left"}, ` · ${clockText(time.remaining_ms)}`)
        : "");
  });
  document.getElementById("players").replaceChildren(el("h2", {}, "Players"), el("ul", {}, rows));
}

/** The table's actions (draw offers and answers, taking the seat back; see `TABLE_ACTIONS`), shown apart from the
 * title's moves, with the ones always open to a seat: resigning and handing the seat to a bot. */
function tableButtons(listed) {
  const always = game.status === "active" && !game.players.find((player) => player.seat === game.seat)?.bot
    ? [{type: "hand_to_bot"}, {type: "resign"}] : [];
  return [...listed, ...always].map((action) =>
    el("button", {type: "button", class: "table-action", id: `${action.type}-button`, "data-type": action.type,
      onclick: () => play(action)}, TABLE_LABELS[action.type] ?? text(action.type)));
}

function drawActions() {
  const panel = document.getElementById("actions-panel");
  panel.hidden = !game.seat || game.status === "finished";
  const listed = game.legal_actions ?? [];
  // Rome et Carthage's draw offer is its rules' own: a move like any other.
  const isTable = (action) => TABLE_ACTIONS.has(action.type) && !(RULES_DRAW.has(game.title) && action.type.includes("draw"));
  const actions = listed.filter((action) => !isTable(action));
  const waiting = game.to_act.filter((name) => name !== game.seat).map(words).join(", ");
  document.getElementById("actions").replaceChildren(
    ...actions.map((action, index) =>
      el("button", {type: "button", class: "action", "data-index": index, onclick: () => play(action)}, actionLabel(action))),
    actions.length ? "" : el("p", {class: "muted"}, game.status === "open" ? "Waiting for players to join." : `Waiting for ${waiting || "the others"}.`),
  );
  document.getElementById("table-actions").replaceChildren(...tableButtons(listed.filter(isTable)));
}

async function play(action) {
  busy(true);
  showError(null);
  const buttons = document.querySelectorAll("#actions button, #table-actions button");
  for (const button of buttons) button.disabled = true;
  try {
    const answer = await call("POST", `/v1/games/${gameId}/actions`, {token, body: {action}});
    render(answer.game);
  } catch (error) {
    showError(error);
    await reload();
  } finally {
    for (const button of buttons) button.disabled = false;
    busy(false);
  }
}

let reloading = null;
let reloadAgain = false;

/** Fetches the game and draws it; calls made while one is under way are folded into one more. */
async function reload() {
  if (reloading) {
    reloadAgain = true;
    return reloading;
  }
  reloading = (async () => {
    do {
      reloadAgain = false;
      try {
        render(await call("GET", `/v1/games/${gameId}`, {token}));
      } catch (error) {
        showError(error);
      }
    } while (reloadAgain);
    reloading = null;
  })();
  return reloading;
}

let stream = null;

/** Follows the game live: a stream ticket for a seat (EventSource cannot send a token), none for a spectator. */
async function follow() {
  if (game.status === "finished") return;
  let url = `${API}/v1/games/${gameId}/stream?after=${game.version}`;
  if (token) {
    try {
      const {ticket} = await call("POST", `/v1/games/${gameId}/stream-tickets`, {token});
      url += `&ticket=${encodeURIComponent(ticket)}`;
    } catch (error) {
      showError(error);
      setTimeout(follow, 2000);
      return;
    }
  }
  // One stream at a time: a join follows again as the seat, and a retry replaces what it retries.
  stream?.close();
  const source = new EventSource(url);
  stream = source;
  // Chat messages carry no SSE id: what a reconnection missed is paged.
  source.addEventListener("open", catchUp);
  source.addEventListener("chat", (message) => showMessage(JSON.parse(message.data)));
  source.addEventListener("presence", (message) => {
    const {seat: who, connected, last_seen_ms} = JSON.parse(message.data);
    const player = game.players.find((candidate) => candidate.seat === who);
    if (!player) return;
    Object.assign(player, {connected, last_seen_ms});
    drawPlayers();
  });
  const arrived = (message) => {
    const data = JSON.parse(message.data);
    if (data.status === "finished") source.close();
    if (!game || data.version > game.version) reload();
  };
  source.addEventListener("game", arrived);
  source.addEventListener("hidden", arrived);
  source.addEventListener("error", (message) => {
    // The server's own `error` event (the log changed) carries a problem document; a dropped connection does not.
    if (message.data) showError(new Error(JSON.parse(message.data).title ?? "the stream failed"));
    // A ticket works once: when EventSource gives up, follow again with a new one from where the page is.
    if (source.readyState === EventSource.CLOSED && game.status !== "finished") setTimeout(follow, 1000);
  });
}

let replayReady = false;

/** The result, then the replay: a slider over every version, each drawn as this seat saw it then. */
function showEnd() {
  const result = document.getElementById("result");
  result.replaceChildren(renderResult(game));
  result.hidden = false;
  // The stream has ended: the chat is read now and then instead.
  pollChat();
  if (replayReady) return;
  replayReady = true;
  const slider = document.getElementById("replay-slider");
  slider.max = game.version;
  slider.value = game.version;
  let wanted = null;
  let showing = false;
  const show = async () => {
    if (showing) return;
    showing = true;
    while (wanted !== null) {
      const at = wanted;
      wanted = null;
      try {
        const past = await call("GET", `/v1/games/${gameId}?at=${at}`, {token});
        drawView(past, "replay-board", "replay-view");
        const output = document.getElementById("replay-version");
        output.textContent = `${past.version} / ${game.version}`;
        output.dataset.version = past.version;
      } catch (error) {
        showError(error);
      }
    }
    showing = false;
  };
  slider.addEventListener("input", () => {
    wanted = Number(slider.value);
    show();
  });
  document.getElementById("replay").hidden = false;
  wanted = game.version;
  show();
}

function offerJoin(open) {
  const panel = document.getElementById("join");
  if (!open) {
    panel.replaceChildren(el("p", {}, `No token for ${words(seat)} in this browser: watching as a spectator.`));
    panel.hidden = false;
    return;
  }
  const name = el("input", {maxlength: 40, placeholder: "your name (optional)"});
  const join = async () => {
    try {
      const body = name.value.trim() ? {name: name.value.trim()} : {};
      const joined = await call("POST", `/v1/games/${gameId}/seats/${seat}/join`, {body});
      saveToken(gameId, joined.seat, joined.token);
      token = joined.token;
      panel.hidden = true;
      game = null;
      render(joined.game);
      await startChat(joined.game, token);
      // Followed as the seat from now on: its chat, and its own view's changes.
      follow();
    } catch (error) {
      showError(error);
    }
  };
  panel.replaceChildren(el("p", {}, `${words(seat)} is open: take the seat?`), name,
    el("button", {type: "button", id: "join-button", onclick: join}, `Join as ${words(seat)}`));
  panel.hidden = false;
}

async function start() {
  document.getElementById("lobby-link").href = pageUrl("./");
  if (!gameId) {
    showError(new Error("No game given: open a table from the lobby."));
    return;
  }
  takeInvitation();
  try {
    const [titles, first] = await Promise.all([call("GET", "/v1/titles"), call("GET", `/v1/games/${gameId}`, {token})]);
    titleName = titles.find((title) => title.id === first.title)?.name ?? first.title;
    document.getElementById("title-name").textContent = titleName;
    document.title = `ludus: ${titleName}`;
    if (BOARDS[first.title]) map = await call("GET", `/v1/titles/${first.title}/map`);
    render(first);
    if (seat && !token) offerJoin(first.players.some((player) => player.seat === seat && player.open));
    await startChat(first, token);
  } catch (error) {
    showError(error);
    return;
  }
  document.getElementById("custom-form").addEventListener("submit", (event) => {
    event.preventDefault();
    try {
      play(JSON.parse(event.target.elements.action.value));
    } catch (error) {
      showError(new Error(`That is not JSON: ${error.message}`));
    }
  });
  follow();
  document.body.dataset.ready = "true";
}

start();
