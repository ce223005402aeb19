// A table: `table.html?game=ID&seat=SEAT` (the seat's token from localStorage, or from an invitation's `#token=`, or
// the account of the person signed in, which needs no token).
// Draws the title's board, on which the seat makes its moves (see picker.js), with the players, whose turn and the
// clocks above it, the game log in words beside it (the API's `text` of each event), and the table's actions (undo,
// draw offers) apart; every legal action as a list and a JSON form stay behind the Advanced switch. Follows the game
// over a stream opened with a ticket, shows who is here (a dot per player) and the chat, the result at the end (with
// the rating changes of a rated game, and a rematch), and replays the finished game move by move (`?at=N` opens it
// there; `GET /v1/games/{id}?at=N`), the log's later lines set apart. Tells a person signed in of their other games
// (alerts.js). In English, French and German (i18n.js).

import {API, RULES_DRAW, TABLE_ACTIONS, accountName, call, clockText, el, loadToken, pageUrl, saveToken, showError, signedInAccount,
  words} from "./api.js";
import {actionLabel, renderResult, renderView, text} from "./render.js";
import {catchUp, pollChat, showMessage, startChat} from "./chat.js";
import {followAccount} from "./alerts.js";
import {lang, langSwitch, t} from "./i18n.js";
import {Picker} from "./picker.js";

const params = new URLSearchParams(location.search);
const gameId = params.get("game");
/** The version a replay opens at (`?at=N`), for a finished game. */
const openedAt = params.has("at") ? Number(params.get("at")) : null;
let seat = params.get("seat");
let token = null;
/** The seat the person signed in acts as through their account (no token here), once the server showed it theirs. */
let asSeat = null;
let game = null;
let titleName = "";
/** The title's board module (`draw`, `path`, `parts`, optional `load` and `choiceLabel`), its static data, and the
 * picker of the seat's move while it has one to make. */
let board = null;
let boardData = null;
let picker = null;

/** Each title's board. A title without one is drawn as panels of its view. */
const BOARD_MODULES = {
  "rome-carthage": "./rome-board.js",
  "alea-iacta-est": "./alea-board.js",
  "caligula": "./caligula-board.js",
  "caesar-cleopatra": "./cc-board.js",
};

/** `path` with the page's language asked of the API. */
const inLang = (path) => `${path}${path.includes("?") ? "&" : "?"}lang=${lang}`;

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
  // A page that took a seat never goes back to a spectator's view: an answer fetched before the join completed may
  // arrive after it.
  if (game?.seat && !next.seat) return;
  // A move's answer tells nothing of presence: what the page knew stays.
  for (const player of next.players) {
    const known = game?.players.find((candidate) => candidate.seat === player.seat);
    if (player.connected === undefined && known) Object.assign(player, {connected: known.connected, last_seen_ms: known.last_seen_ms});
  }
  if (game && next.version === game.version && next.status === game.status && next.seat === game.seat) return;
  game = next;
  drawStatus();
  learnNames();
  const moves = titleActions();
  picker = board && game.view && game.status === "active" && moves.length ? new Picker(board, game, moves, play) : null;
  drawPlayers();
  drawView(game, "board", "view", picker);
  picker?.refresh();
  drawPrompt();
  drawActions();
  drawLog();
  if (game.status === "finished") showEnd();
}

/** The status line: the seat I play, and where the game stands. */
function drawStatus() {
  const status = document.getElementById("status");
  status.dataset.version = game.version;
  status.dataset.status = game.status;
  status.textContent = [game.seat ? t("you play", seatName(game.seat)) : t("spectator"), stage()].filter(Boolean)
    .join(" · ");
}

/** Where the game stands, in words: whose turn it is (mine first), or that it waits for players or is over. */
function stage() {
  if (game.status === "open") return t("waiting for players");
  if (game.status === "finished") return t("game over");
  const others = game.to_act.filter((seat) => seat !== game.seat).map(seatName).join(", ");
  if (game.seat && game.to_act.includes(game.seat)) return others ? t("your turn with", others) : t("your turn");
  return others ? t("waiting for", others) : null;
}

/** The names of the accounts at the table that gave none of their own (a game names them by id), once looked up. */
const accountNames = new Map();

/** Looks up the names of the table's accounts not known yet, then draws the players and the status with them. */
async function learnNames() {
  const unknown = game.players.filter((player) => player.account && !player.name && !accountNames.has(player.account));
  if (!unknown.length) return;
  for (const player of unknown) accountNames.set(player.account, await accountName(player.account));
  drawPlayers();
  drawStatus();
  if (game.status === "finished") drawResult();
}

/** Who sits at `player`'s seat: the name its player gave, else its account's. */
const playerName = (player) => player?.name ?? (player?.account ? accountNames.get(player.account) : null);

/** A seat's name as its player is known, else its id in words. */
function seatName(seat) {
  const name = playerName(game?.players.find((candidate) => candidate.seat === seat));
  return name ? `${name} (${words(seat)})` : words(seat);
}

/** Whether `action` is the table's (draw offers, undo...) rather than the title's. Rome et Carthage's draw offer is its
 * rules' own: a move like any other. */
const isTableAction = (action) => TABLE_ACTIONS.has(action.type) && !(RULES_DRAW.has(game.title) && action.type.includes("draw"));

/** The seat's legal actions of the title, those it makes on the board. */
const titleActions = () => (game.seat && game.status !== "finished" ? game.legal_actions ?? [] : []).filter((action) => !isTableAction(action));

/** A game's view into the elements `boardId` (the title's board, if it has one) and `viewId` (panels of what the
 * board does not show). A game waiting for players has no view yet. `choosing`: the picker the board's elements are
 * picked with, when the seat has a move to make on it. */
function drawView(shown, boardId, viewId, choosing = null) {
  const context = {picker: choosing, seat: shown.seat, seats: shown.seats, players: shown.players, data: boardData, lang, t};
  document.getElementById(boardId).replaceChildren(board && shown.view ? board.draw(shown.view, context) : "");
  document.getElementById(viewId).replaceChildren(
    shown.view ? renderView(shown.view, shown.seats, shown.seat, board?.parts ?? []) : el("p", {class: "muted"}, t("not started")));
}

/** Above the board: what the seat may do now (the picker's prompt), or whom the game waits for. */
function drawPrompt() {
  const area = document.getElementById("prompt-area");
  if (picker) {
    area.replaceChildren(picker.prompt);
    return;
  }
  const waiting = game.to_act.filter((name) => name !== game.seat).map(seatName).join(", ");
  area.replaceChildren(game.status === "finished" ? "" : el("p", {class: "prompt muted"},
    game.status === "open" ? t("waiting for players") : t("waiting for", waiting || t("the others"))));
}

let logged = 0;
let logging = null;
let logAgain = false;

/** The game log in words: the events this viewer may see since the last look, each as the API tells it. */
async function drawLog() {
  if (logging) {
    logAgain = true;
    return;
  }
  logging = (async () => {
    const lines = document.getElementById("log-lines");
    do {
      logAgain = false;
      try {
        for (;;) {
          const page = await call("GET", inLang(`/v1/games/${gameId}/events?after=${logged}`), {token, seat: asSeat});
          for (const {seq, event, text: told} of page.events) {
            lines.append(el("li", {"data-seq": seq, "data-type": event.type}, told ?? words(event.type)));
          }
          markReplayed();
          logged = page.next_after ?? page.version;
          if (page.next_after === undefined) break;
        }
        lines.scrollTop = lines.scrollHeight;
      } catch (error) {
        showError(error);
      }
    } while (logAgain);
    logging = null;
  })();
  return logging;
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

function drawPlayers() {
  const times = new Map((game.clock?.seats ?? []).map((time) => [time.seat, time]));
  const rows = game.players.map((player) => {
    const time = times.get(player.seat);
    const who = player.open ? t("open seat")
      : player.deleted_player ? t("deleted player")
      : player.abandoned ? `${text(player.abandoned)}: ${t("bot")}`
      : player.handed_to_bot ? `${playerName(player) ?? ""} (${t("bot")})`
      : player.bot ? t("bot") : playerName(player) ?? "";
    return el("li", {class: game.to_act.includes(player.seat) ? "to-act" : "", "data-seat": player.seat,
      "aria-current": game.to_act.includes(player.seat) ? "true" : null},
      presenceDot(player), el("b", {}, words(player.seat)), " ", who,
      player.seat === game.seat ? ` (${t("you")})` : "",
      time?.remaining_ms !== undefined
        ? el("span", {class: time.running ? "clock running" : "clock", "data-remaining-ms": time.remaining_ms,
          title: time.running ? "time left, running" : "time left"}, ` · ${clockText(time.remaining_ms)}`)
        : "");
  });
  document.getElementById("players").replaceChildren(el("ul", {}, rows));
}

/** The table's actions (draw offers and answers, taking the seat back; see `TABLE_ACTIONS`), shown apart from the
 * title's moves, with the ones always open to a seat: resigning and handing the seat to a bot. */
function tableButtons(listed) {
  const always = game.status === "active" && !game.players.find((player) => player.seat === game.seat)?.bot
    ? [{type: "hand_to_bot"}, {type: "resign"}] : [];
  return [...listed, ...always].map((action) =>
    el("button", {type: "button", class: "table-action", id: `${action.type}-button`, "data-type": action.type,
      onclick: () => play(action)}, action.label ?? TABLE_LABELS[action.type]?.[lang] ?? text(action.type)));
}

/** The table's actions always open to a seat are never listed, so never labelled by the API. */
const TABLE_LABELS = {
  resign: {en: "Resign", fr: "Abandonner"},
  hand_to_bot: {en: "Hand my seat to the computer", fr: "Confier ma place à l'ordinateur"},
};

/** The table's actions, and every legal action as a list (behind the Advanced switch). */
function drawActions() {
  const panel = document.getElementById("actions-panel");
  panel.hidden = !game.seat || game.status === "finished";
  const listed = game.legal_actions ?? [];
  const actions = titleActions();
  document.getElementById("actions").replaceChildren(
    ...actions.map((action, index) =>
      el("button", {type: "button", class: "action", "data-index": index, onclick: () => play(action)},
        action.label ?? actionLabel(action))),
  );
  document.getElementById("table-actions").replaceChildren(...tableButtons(listed.filter(isTableAction)));
}

async function play(action) {
  busy(true);
  showError(null);
  const buttons = document.querySelectorAll("#actions button, #table-actions button, #prompt-area button");
  for (const button of buttons) button.disabled = true;
  try {
    const answer = await call("POST", inLang(`/v1/games/${gameId}/actions`), {token, seat: asSeat, body: {action}, history: shownAt});
    render(answer.game);
  } catch (error) {
    if (error.code === "history_rewritten") return rewind(error.commonVersion);
    showError(error);
    await reload();
  } finally {
    for (const button of buttons) button.disabled = false;
    busy(false);
  }
}

let reloading = null;
let reloadAgain = false;
/** The position this page was last shown (the answers' ETag), sent back so that a rewritten history is told. */
const shownAt = {known: null};

/**
 * The server lost moves this page was shown (a store failover): what came after `common` is not the game's. The log
 * drops those lines, and the game is drawn again as it is now.
 */
async function rewind(common) {
  shownAt.known = null;
  for (const line of [...document.querySelectorAll("#log-lines li")]) {
    if (Number(line.dataset.seq) > common) line.remove();
  }
  logged = Math.min(logged, common);
  await reload();
  await drawLog();
}

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
        render(await call("GET", inLang(`/v1/games/${gameId}`), {token, seat: asSeat, history: shownAt}));
      } catch (error) {
        if (error.code === "history_rewritten") {
          reloading = null;
          return rewind(error.commonVersion);
        }
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
  const since = shownAt.known?.replaceAll('"', "") ?? game.version;
  let url = `${API}/v1/games/${gameId}/stream?last_event_id=${since}&lang=${lang}`;
  // A seat: by its token, or by the account of the person signed in.
  if (token || game.seat) {
    try {
      const {ticket} = await call("POST", `/v1/games/${gameId}/stream-tickets`, {token, seat: asSeat});
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
  source.addEventListener("rewritten", (message) => rewind(JSON.parse(message.data).common_version));
  source.addEventListener("error", (message) => {
    // The server's own `error` event (the log changed) carries a problem document; a dropped connection does not.
    const problem = message.data ? JSON.parse(message.data) : null;
    if (problem?.common_version !== undefined) rewind(problem.common_version);
    else if (problem) showError(new Error(problem.title ?? "the stream failed"));
    // A ticket works once: when EventSource gives up, follow again with a new one from where the page is.
    if (source.readyState === EventSource.CLOSED && game.status !== "finished") setTimeout(follow, 1000);
  });
}

let replayReady = false;
/** The version the replay shows, while it shows one. */
let replayedAt = null;

/** The log's lines after the version the replay shows are set apart; the last one it shows is marked current. */
function markReplayed() {
  for (const line of document.querySelectorAll("#log-lines li")) {
    const seq = Number(line.dataset.seq);
    line.classList.toggle("after-replay", replayedAt !== null && seq > replayedAt);
    if (replayedAt !== null && seq === replayedAt) line.setAttribute("aria-current", "step");
    else line.removeAttribute("aria-current");
  }
}

/** A rated game's rating changes, in words: each player's new rating and by how much it moved. */
function ratingChanges() {
  const changes = game.rating_changes ?? [];
  if (!changes.length) return "";
  const signed = (delta) => `${delta >= 0 ? "+" : "−"}${Math.abs(Math.round(delta))}`;
  return el("ul", {class: "rating-changes"}, changes.map((change) => el("li", {"data-seat": change.seat,
    "data-rating": Math.round(change.after)},
    t("rating change", seatName(change.seat), Math.round(change.after), signed(change.after - change.before)))));
}

let awaitingRatings = false;

/** A rated game's ratings are applied just after its end: read again until they are, and shown then. */
async function awaitRatings() {
  if (awaitingRatings) return;
  awaitingRatings = true;
  for (let tries = 0; tries < 20 && !game.rating_changes; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await call("GET", inLang(`/v1/games/${gameId}`), {token, seat: asSeat}).catch(() => null);
    if (again?.rating_changes) {
      game.rating_changes = again.rating_changes;
      drawResult();
    }
  }
}

/** The result in words: the ranking, each seat's rating change in a rated game, and a rematch. */
function drawResult() {
  document.getElementById("result").replaceChildren(renderResult(game), ratingChanges(), rematchControl());
}

/** A rematch for a seat of the game: a link to it once asked for, else a button that asks for it. */
function rematchControl() {
  if (!game.seat) return "";
  if (game.rematch) {
    const where = {game: game.rematch.game, ...(game.rematch.seat ? {seat: game.rematch.seat} : {})};
    return el("a", {href: pageUrl("table.html", where), id: "rematch-link", class: "button"}, t("rematch"));
  }
  return el("button", {type: "button", id: "rematch-button", onclick: async () => {
    try {
      const rematch = await call("POST", `/v1/games/${gameId}/rematch`, {token, seat: asSeat});
      if (rematch.token) saveToken(rematch.game.id, rematch.seat, rematch.token);
      location.href = pageUrl("table.html", {game: rematch.game.id, seat: rematch.seat});
    } catch (error) {
      showError(error);
    }
  }}, t("rematch"));
}

/** The result (the ranking, rating changes, a rematch), then the replay: a slider and steps over every version, each
 * drawn as this seat saw it then. */
function showEnd() {
  drawResult();
  document.getElementById("result").hidden = false;
  if (game.rated && !game.rating_changes) awaitRatings();
  // The stream has ended: the chat is read now and then instead.
  pollChat();
  if (replayReady) return;
  replayReady = true;
  const slider = document.getElementById("replay-slider");
  slider.max = game.version;
  let wanted = null;
  let showing = false;
  const show = async () => {
    if (showing) return;
    showing = true;
    while (wanted !== null) {
      const at = wanted;
      wanted = null;
      try {
        const past = await call("GET", inLang(`/v1/games/${gameId}?at=${at}`), {token, seat: asSeat});
        drawView(past, "replay-board", "replay-view");
        const output = document.getElementById("replay-version");
        output.textContent = t("replay at", past.version, game.version);
        output.dataset.version = past.version;
        replayedAt = past.version === game.version ? null : past.version;
        markReplayed();
      } catch (error) {
        showError(error);
      }
    }
    showing = false;
  };
  const go = (at) => {
    const version = Math.min(game.version, Math.max(0, at));
    slider.value = version;
    wanted = version;
    // The address names the step shown, to come back to it or pass it on.
    const address = new URL(location.href);
    address.searchParams.set("at", version);
    history.replaceState(null, "", address);
    show();
  };
  slider.addEventListener("input", () => go(Number(slider.value)));
  document.getElementById("replay-previous").addEventListener("click", () => go(Number(slider.value) - 1));
  document.getElementById("replay-next").addEventListener("click", () => go(Number(slider.value) + 1));
  const replay = document.getElementById("replay");
  replay.hidden = false;
  slider.value = openedAt ?? game.version;
  wanted = Number(slider.value);
  show();
  // Opened as a replay: the replay comes first.
  if (openedAt !== null) replay.scrollIntoView({block: "start"});
}

function offerJoin(open) {
  const panel = document.getElementById("join");
  if (!open) {
    panel.replaceChildren(el("p", {}, t("no token", words(seat))));
    panel.hidden = false;
    return;
  }
  const name = el("input", {maxlength: 40, placeholder: t("your name"), "aria-label": t("your name")});
  const join = async () => {
    try {
      const body = name.value.trim() ? {name: name.value.trim()} : {};
      const joined = await call("POST", inLang(`/v1/games/${gameId}/seats/${seat}/join`), {body});
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
  panel.replaceChildren(el("p", {}, t("seat open", words(seat))), name,
    el("button", {type: "button", id: "join-button", onclick: join}, t("join as", words(seat))));
  panel.hidden = false;
}

/** The page's own words in its language. */
function translatePage() {
  document.getElementById("lang").replaceChildren(langSwitch(el));
  for (const [id, key] of [["log-heading", "game log"], ["chat-heading", "chat"], ["replay-heading", "replay"],
    ["advanced-summary", "advanced"], ["custom-summary", "another action"], ["custom-send", "send"], ["chat-send", "send"],
    ["replay-previous", "previous move"], ["replay-next", "next move"]]) {
    document.getElementById(id).textContent = t(key);
  }
  document.getElementById("chat-text").placeholder = t("say something");
  document.getElementById("players").setAttribute("aria-label", t("players heading"));
}

/** The game as this page may see it first: as the seat its token holds, else as the seat of the person signed in if
 * their account holds it, else as a spectator. */
async function firstLook() {
  const path = inLang(`/v1/games/${gameId}`);
  if (token || !seat) return call("GET", path, {token});
  try {
    const shown = await call("GET", path, {seat});
    if (shown.seat === seat) asSeat = seat;
    return shown;
  } catch (error) {
    if (error.code !== "seat_not_held") throw error;
    return call("GET", path);
  }
}

async function start() {
  translatePage();
  document.getElementById("lobby-link").href = pageUrl("./");
  if (!gameId) {
    showError(new Error("No game given: open a table from the lobby."));
    return;
  }
  takeInvitation();
  try {
    const [titles, first] = await Promise.all([call("GET", "/v1/titles"), firstLook()]);
    titleName = titles.find((title) => title.id === first.title)?.name ?? first.title;
    document.getElementById("title-name").textContent = titleName;
    document.title = `ludus: ${titleName}`;
    if (BOARD_MODULES[first.title]) {
      board = (await import(BOARD_MODULES[first.title])).default;
      boardData = board.load ? await board.load(call, first) : null;
    }
    render(first);
    // A seat this browser holds no token of, unless the person signed in holds it with their account.
    if (seat && !token && first.seat !== seat) offerJoin(first.players.some((player) => player.seat === seat && player.open));
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
  // A person signed in hears of their other games here too.
  signedInAccount().then((me) => me && followAccount({titleName: (id) => (id === game.title ? titleName : id)}));
  document.body.dataset.ready = "true";
}

start();
