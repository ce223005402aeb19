// A table: `table.html?game=ID&seat=SEAT` (the seat's token from localStorage, or from an invitation's `#token=`).
// Draws the seat's view, offers its legal actions as buttons (the table's, such as undo, apart), follows the game over
// a stream opened with a ticket, shows the result at the end and replays the finished game with a version slider
// (`GET /v1/games/{id}?at=N`).

import {API, call, el, loadToken, pageUrl, saveToken, showError, words} from "./api.js";
import {actionLabel, renderResult, renderView, text} from "./render.js";
import {MAP_PARTS, drawMap} from "./map.js";

const params = new URLSearchParams(location.search);
const gameId = params.get("game");
let seat = params.get("seat");
let token = null;
let game = null;
let map = null;
let titleName = "";

/** The table's actions, listed after the title's when the seat may take them: offered apart, each with its label. */
const TABLE_ACTIONS = {undo: "Undo my last move"};

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

function drawPlayers() {
  const rows = game.players.map((player) => el("li", {class: game.to_act.includes(player.seat) ? "to-act" : ""},
    el("b", {}, words(player.seat)), " ",
    player.open ? "open seat" : player.bot ? "bot" : player.name ?? "",
    player.seat === game.seat ? " (you)" : ""));
  const clock = game.clock?.deadline_ms
    ? el("p", {}, `Turn clock: ${Math.ceil(game.clock.remaining_ms / 1000)} s left of ${game.clock.turn_seconds} s`)
    : "";
  document.getElementById("players").replaceChildren(el("h2", {}, "Players"), el("ul", {}, rows), clock);
}

function drawActions() {
  const panel = document.getElementById("actions-panel");
  panel.hidden = !game.seat || game.status === "finished";
  const listed = game.legal_actions ?? [];
  const actions = listed.filter((action) => !(action.type in TABLE_ACTIONS));
  const waiting = game.to_act.filter((name) => name !== game.seat).map(words).join(", ");
  document.getElementById("actions").replaceChildren(
    ...actions.map((action, index) =>
      el("button", {type: "button", class: "action", "data-index": index, onclick: () => play(action)}, actionLabel(action))),
    actions.length ? "" : el("p", {class: "muted"}, game.status === "open" ? "Waiting for players to join." : `Waiting for ${waiting || "the others"}.`),
  );
  document.getElementById("table-actions").replaceChildren(...listed.filter((action) => action.type in TABLE_ACTIONS)
    .map((action) => el("button", {type: "button", class: "table-action", id: `${action.type}-button`, onclick: () => play(action)},
      TABLE_ACTIONS[action.type])));
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
  const source = new EventSource(url);
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
