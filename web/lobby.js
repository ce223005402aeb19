// The lobby, which is a person's home page: signing up, in and out; once signed in, my games on any device (my turn
// first, then invitations to join or decline, the others, and the finished ones paged), told live (alerts.js), and
// quick play with other people (rated or not) with a wait screen. For everyone: one click to play any title against
// the computer, a form to create a game (players, seats for me / open / an invited account / bots, rated, options),
// the created game's seats with invitation links, and the open games with Join buttons.

import {API, accountName, call, clockText, el, heldTokens, pageUrl, passkeyCredential, passkeys, saveToken, showError,
  signable, signedInAccount, words} from "./api.js";
import {alertSettings, followAccount} from "./alerts.js";
import {langSwitch, t} from "./i18n.js";

const form = document.getElementById("create");
const titleSelect = document.getElementById("title");
const playersSelect = document.getElementById("players");
let titles = [];

const SEAT_CHOICES = [
  ["mine", t("me")],
  ["open", t("open seat choice")],
  ["account", t("invite account")],
  ["random", t("bot random")],
  ["search", t("bot search")],
];

const currentTitle = () => titles.find((title) => title.id === titleSelect.value);

function drawPlayers() {
  const title = currentTitle();
  playersSelect.replaceChildren();
  for (let count = title.min_players; count <= title.max_players; count++) {
    playersSelect.append(el("option", {value: count}, count));
  }
  drawSeats();
  drawOptions();
}

function drawSeats() {
  const seats = currentTitle().seats.slice(0, Number(playersSelect.value));
  const fieldset = document.getElementById("seats");
  fieldset.replaceChildren(el("legend", {}, t("seats")));
  seats.forEach((seat, index) => {
    const select = el("select", {name: `seat-${seat}`, "data-seat": seat});
    for (const [value, label] of SEAT_CHOICES) select.append(el("option", {value}, label));
    select.value = index === 0 ? "mine" : "open";
    // An invitation names the account: the field shows only when that is chosen.
    const invitee = el("input", {class: "invitee", "data-seat": seat, maxlength: 24, hidden: true,
      "aria-label": t("account to invite", words(seat)), placeholder: t("account name")});
    select.addEventListener("change", () => {
      invitee.hidden = select.value !== "account";
      invitee.required = !invitee.hidden;
    });
    fieldset.append(el("label", {}, words(seat), " ", select), invitee);
  });
}

function drawOptions() {
  const fieldset = document.getElementById("options");
  const options = currentTitle().options;
  fieldset.hidden = options.length === 0;
  fieldset.replaceChildren(el("legend", {}, "Options"));
  for (const option of options) {
    const input = option.values.length
      ? el("select", {name: `option-${option.name}`}, option.values.map((value) =>
          el("option", {value, selected: value === option.default}, words(value))))
      : el("input", {name: `option-${option.name}`, value: option.default});
    fieldset.append(el("label", {title: option.description}, words(option.name), " ", input));
  }
}

/** An option's text as JSON when it reads as a number or boolean (the API's options are typed). */
function optionValue(text) {
  if (text === "true" || text === "false") return text === "true";
  return text !== "" && !Number.isNaN(Number(text)) ? Number(text) : text;
}

/** The clock fields of a create request from the clock select's value (`turn:S`, `fischer:S:I`, `bank:S:T`). */
function clockOf(value) {
  const [kind, first, second] = value.split(":");
  if (kind === "turn") return {turn_seconds: Number(first)};
  if (kind === "fischer") return {clock: {initial_seconds: Number(first), increment_seconds: Number(second)}};
  if (kind === "bank") return {clock: {bank_seconds: Number(first), turn_seconds: Number(second)}};
  return {};
}

async function create(event) {
  event.preventDefault();
  showError(null);
  const title = currentTitle();
  const name = document.getElementById("name").value.trim();
  const seats = {};
  const bots = {};
  for (const select of document.querySelectorAll("#seats select")) {
    const seat = select.dataset.seat;
    if (select.value === "random" || select.value === "search") bots[seat] = {kind: select.value};
    else if (select.value === "account") {
      seats[seat] = {account: document.querySelector(`.invitee[data-seat="${seat}"]`).value.trim()};
    } else seats[seat] = select.value;
  }
  const options = {};
  for (const option of title.options) {
    options[option.name] = optionValue(form.elements[`option-${option.name}`].value);
  }
  const body = {title: title.id, players: Number(playersSelect.value), options, ...clockOf(form.elements.clock.value)};
  if (Object.keys(seats).length) body.seats = seats;
  if (Object.keys(bots).length) body.bots = bots;
  if (name && Object.values(seats).includes("mine")) body.name = name;
  const chat = document.getElementById("chat").value;
  if (chat !== "players") body.chat = chat;
  if (me && document.getElementById("rated").checked) body.rated = true;
  try {
    const created = await call("POST", "/v1/games", {body});
    for (const {seat, token} of created.seats) saveToken(created.game.id, seat, token);
    drawCreated(created, seats, bots);
    refresh();
  } catch (error) {
    showError(error);
  }
}

/** The created game's seats: a Play link for the one I play, an invitation link to copy for every seat someone else
 * takes. */
function drawCreated(created, seats, bots) {
  const game = created.game;
  const tokens = Object.fromEntries(created.seats.map(({seat, token}) => [seat, token]));
  const played = firstMine(game.seats, seats);
  const rows = game.seats.map((seat, index) => {
    const link = pageUrl("table.html", {game: game.id, seat});
    if (bots[seat]) return el("li", {}, el("b", {}, words(seat)), ` ${t("played by bot")}`);
    // The seat I play is never offered as an invitation: its link would carry my own token.
    if (tokens[seat] && index === played) {
      return el("li", {"data-seat": seat}, el("b", {}, words(seat)), " ",
        el("a", {href: link, class: "play", "data-seat": seat}, t("play this seat")));
    }
    // My other seats are seats to hand to a friend: their invitation carries the token in the fragment, which
    // browsers never send to a server.
    const invitation = new URL(link);
    if (tokens[seat]) invitation.hash = `token=${tokens[seat]}`;
    const input = el("input", {class: "invitation", readonly: true, value: invitation, "data-seat": seat,
      "aria-label": t("invitation for", words(seat))});
    const copy = el("button", {type: "button", onclick: () => copyLink(input)}, t("copy invitation"));
    return el("li", {"data-seat": seat},
      el("b", {}, words(seat)), " ",
      `${seats[seat] === "open" ? t("open") : seats[seat]?.account ? seats[seat].account : t("yours to hand over")}: `,
      input, copy);
  });
  const panel = document.getElementById("created");
  panel.replaceChildren(
    el("h3", {}, `${titles.find((t) => t.id === game.title).name}: game ${game.id}`),
    el("ul", {class: "seats"}, rows),
    el("a", {href: pageUrl("table.html", {game: game.id})}, t("watch")),
  );
  panel.dataset.game = game.id;
  panel.hidden = false;
}

const firstMine = (order, seats) => order.findIndex((seat) => seats[seat] === "mine");

async function copyLink(input) {
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    // No clipboard (an insecure context): the link is selected for the person to copy.
  }
}

async function refresh() {
  try {
    const lobby = await call("GET", "/v1/lobby?status=open");
    const list = document.getElementById("open-games");
    list.replaceChildren(...lobby.games.map(drawOpenGame));
    if (!lobby.games.length) list.append(el("li", {class: "empty"}, t("no open game")));
  } catch (error) {
    showError(error);
  }
}

function drawOpenGame(game) {
  const title = titles.find((t) => t.id === game.title);
  const taken = game.seats.filter((seat) => !seat.open)
    .map((seat) => `${words(seat.seat)}: ${seat.bot ? t("bot") : seat.name || "?"}`);
  return el("li", {"data-game": game.id},
    el("b", {}, title ? title.name : game.title), ` (${game.players} players) `,
    taken.length ? el("span", {class: "muted"}, taken.join(", ")) : "",
    " ",
    game.open_seats.map((seat) =>
      el("button", {type: "button", class: "join", "data-seat": seat, onclick: () => join(game.id, seat)},
        t("join as", words(seat)))),
  );
}

async function join(game, seat) {
  showError(null);
  const name = document.getElementById("name").value.trim();
  try {
    const joined = await call("POST", `/v1/games/${game}/seats/${seat}/join`, {body: name ? {name} : {}});
    saveToken(game, joined.seat, joined.token);
    location.href = pageUrl("table.html", {game, seat: joined.seat});
  } catch (error) {
    showError(error);
    refresh();
  }
}

/** One click to a game against the computer: the person takes the first seat, a `search` bot every other. */
async function playComputer(title) {
  showError(null);
  const players = Math.max(2, title.min_players);
  const [mine, ...others] = title.seats.slice(0, players);
  const body = {title: title.id, players, seats: {[mine]: "mine"},
    bots: Object.fromEntries(others.map((seat) => [seat, {kind: "search"}]))};
  const name = document.getElementById("name").value.trim();
  if (name) body.name = name;
  try {
    const created = await call("POST", "/v1/games", {body});
    for (const {seat, token} of created.seats) saveToken(created.game.id, seat, token);
    location.href = pageUrl("table.html", {game: created.game.id, seat: mine});
  } catch (error) {
    showError(error);
  }
}

/** The person signed in (their account), or null. */
let me = null;

/** Signed out: a name and a password to sign in or up with, or a passkey where the browser has them. Signed in: who,
 * the alerts' settings, and a way out. */
function drawAccount() {
  const panel = document.getElementById("account");
  panel.hidden = !signable;
  document.getElementById("profile-link").hidden = !me;
  document.getElementById("rated-label").hidden = !me;
  document.getElementById("seek-section").hidden = !me;
  if (me) {
    panel.replaceChildren(el("p", {id: "signed-in"}, t("signed in as", me.name), " ",
      el("button", {type: "button", id: "sign-out", onclick: signOut}, t("sign out")), " ", ...alertSettings()));
    return;
  }
  const name = el("input", {id: "account-name", autocomplete: "username", required: true, minlength: 2, maxlength: 24});
  const password = el("input", {id: "account-password", type: "password", autocomplete: "current-password",
    required: true, minlength: 8, maxlength: 128});
  const form = el("form", {id: "sign-in-form"},
    el("label", {}, `${t("account name")} `, name),
    el("label", {}, `${t("password")} `, password),
    el("button", {type: "submit", id: "sign-in"}, t("sign in")),
    el("button", {type: "button", id: "sign-up", onclick: () => form.reportValidity() && enter("/v1/accounts/sign-up")},
      t("sign up")),
    passkeys && el("button", {type: "button", id: "passkey-sign-in", onclick: enterWithPasskey}, t("passkey sign in")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    enter("/v1/sessions");
  });
  panel.replaceChildren(el("h2", {}, t("your account")), el("p", {class: "muted"}, t("account hint")), form);
}

/** Signs in (or up, by `path`) with the name and password typed. */
async function enter(path) {
  showError(null);
  const name = document.getElementById("account-name").value.trim();
  const password = document.getElementById("account-password").value;
  try {
    me = await call("POST", path, {body: {name, password}});
  } catch (error) {
    showError(error);
    return;
  }
  await entered();
}

/** Signs in with a passkey: the server's challenge, the browser's dialog to choose a passkey of this site (no name
 * typed: the passkey names its account), and the server's check of its signature. */
async function enterWithPasskey(event) {
  showError(null);
  const button = event.currentTarget;
  button.disabled = true;
  try {
    const credential = await passkeyCredential("get", "/v1/sessions/passkey/challenge");
    me = await call("POST", "/v1/sessions/passkey", {body: {credential}});
  } catch (error) {
    // Closing the browser's dialog is no failure to explain: a short word, not the DOMException's.
    showError(error.name === "NotAllowedError" ? t("passkey cancelled") : error);
    button.disabled = false;
    return;
  }
  await entered();
}

/** Signed in, however: the games this browser played as a guest become the account's. */
async function entered() {
  for (const {game, token} of heldTokens()) {
    // A game gone, or a seat bound to another account already, stays as it is.
    await call("POST", `/v1/games/${game}/bind`, {body: {token}}).catch(() => {});
  }
  await signedIn();
}

/** What a person signed in sees: their account, their games, followed live. */
async function signedIn() {
  drawAccount();
  await drawMyGames();
  stopFollowing = await followAccount({titleName, changed: noticed});
}

let stopFollowing = () => {};

async function signOut() {
  showError(null);
  try {
    await call("DELETE", "/v1/sessions/current");
  } catch (error) {
    showError(error);
    return;
  }
  me = null;
  stopFollowing();
  drawAccount();
  await drawMyGames();
}

const titleName = (id) => titles.find((known) => known.id === id)?.name ?? id;

/** A notification of the account's: its games are drawn again, and a quick-play match opens its table. */
function noticed(note) {
  if (note.type === "matched" && seeking) {
    seeking = false;
    location.href = pageUrl("table.html", {game: note.game, seat: note.seat});
    return;
  }
  if (note.type === "seek_expired" && seeking) {
    seeking = false;
    drawSeek(t("seek expired"));
  }
  drawMyGames();
}

/** Where the finished games' next page starts, while there may be one. */
let finishedBefore = null;

let drawingGames = null;
let drawGamesAgain = false;

/** The account's games, the same on every device: those waiting for me first, then invitations, then the others; the
 * finished ones apart, newest first, a page at a time. Each links to its table by game and seat, with no token. Calls
 * made while one is under way (a notification each move) are folded into one more. */
function drawMyGames() {
  if (drawingGames) {
    drawGamesAgain = true;
    return drawingGames;
  }
  drawingGames = (async () => {
    do {
      drawGamesAgain = false;
      await drawMyGamesOnce();
    } while (drawGamesAgain);
    drawingGames = null;
  })();
  return drawingGames;
}

async function drawMyGamesOnce() {
  const section = document.getElementById("my-games-section");
  section.hidden = !me;
  if (!me) return;
  try {
    const [active, finished] = await Promise.all([
      call("GET", "/v1/accounts/me/games?status=active&limit=100"),
      call("GET", "/v1/accounts/me/games?status=finished&limit=10"),
    ]);
    const rank = (game) => (game.my_turn ? 0 : game.invited?.length ? 1 : 2);
    const ordered = [...active.games].sort((a, b) => rank(a) - rank(b));
    const list = document.getElementById("my-games");
    list.replaceChildren(...await Promise.all(ordered.map(drawMyGame)));
    if (!ordered.length) list.append(el("li", {class: "empty"}, t("no game yet")));
    document.getElementById("my-finished").replaceChildren(...await Promise.all(finished.games.map(drawMyGame)));
    finishedBefore = finished.next_before ?? null;
    document.getElementById("my-finished-more").hidden = !finishedBefore;
  } catch (error) {
    showError(error);
  }
}

async function moreFinished() {
  try {
    const page = await call("GET", `/v1/accounts/me/games?status=finished&limit=10&before=${encodeURIComponent(finishedBefore)}`);
    document.getElementById("my-finished").append(...await Promise.all(page.games.map(drawMyGame)));
    finishedBefore = page.next_before ?? null;
    document.getElementById("my-finished-more").hidden = !finishedBefore;
  } catch (error) {
    showError(error);
  }
}

/** One of my games: its title, players, whose turn and the time left, linked to its table with no token; an
 * invitation with Join and Decline. */
async function drawMyGame(game) {
  const seat = game.seats[0] ?? game.invited?.[0];
  // The entry carries the game's players: only the names of accounts that gave none are looked up (and cached).
  const accounts = await Promise.all(game.players.map((player) => player.account && !player.name && accountName(player.account)));
  const name = (player, index) => player.bot ? t("bot") : player.deleted_player ? t("deleted player")
    : player.open ? t("open seat") : player.name ?? accounts[index] ?? words(player.seat);
  const players = game.players.map((player, index) => `${name(player, index)} (${words(player.seat)})`).join(", ");
  const stage = game.status === "finished" ? t("game over")
    : game.my_turn ? t("your turn")
      : game.invited?.length ? t("invited")
        : game.to_act.length ? t("waiting for", game.to_act.map(words).join(", ")) : t("waiting for players");
  const left = game.status === "active" && game.deadline_ms ? ` ${t("time left", clockText(game.deadline_ms - Date.now()))}` : "";
  const link = game.status === "finished" ? {game: game.id, seat, at: 0} : {game: game.id, seat};
  const invitation = game.status !== "finished" && game.invited?.length && !game.seats.length;
  return el("li", {"data-game": game.id, "data-stage": game.my_turn ? "my-turn" : invitation ? "invited" : game.status,
    class: game.my_turn ? "my-turn" : null},
    el("a", {href: pageUrl("table.html", link)}, el("b", {}, titleName(game.title)), ` (${words(seat)})`),
    game.rated ? ` · ${t("rated")}` : "",
    players ? el("span", {class: "players-line"}, ` · ${players}`) : "",
    ` · ${stage}${left}`,
    invitation ? [" ",
      el("button", {type: "button", class: "accept-invitation", onclick: () => acceptInvitation(game.id, seat)}, t("join")), " ",
      el("button", {type: "button", class: "decline-invitation", onclick: () => declineInvitation(game.id, seat)}, t("decline"))]
      : "");
}

async function acceptInvitation(game, seat) {
  showError(null);
  try {
    const joined = await call("POST", `/v1/games/${game}/seats/${seat}/join`, {body: {}});
    if (joined.token) saveToken(game, joined.seat, joined.token);
    location.href = pageUrl("table.html", {game, seat: joined.seat});
  } catch (error) {
    showError(error);
    drawMyGames();
  }
}

async function declineInvitation(game, seat) {
  showError(null);
  try {
    await call("POST", `/v1/games/${game}/seats/${seat}/decline`);
  } catch (error) {
    showError(error);
  }
  drawMyGames();
}

/** Whether this page waits for quick play to seat the person. */
let seeking = false;

/** Quick play's form: a title, players, a clock and rated or not; a computer fills the seats left after a minute. */
function drawSeekForm() {
  const title = el("select", {id: "seek-title", "aria-label": t("title")},
    titles.map((known) => el("option", {value: known.id}, known.name)));
  const players = el("select", {id: "seek-players", "aria-label": t("players")});
  const drawPlayersOf = () => {
    const known = titles.find((candidate) => candidate.id === title.value);
    players.replaceChildren();
    for (let count = known.min_players; count <= known.max_players; count++) players.append(el("option", {value: count}, count));
  };
  title.addEventListener("change", drawPlayersOf);
  drawPlayersOf();
  // Quick play takes a clock per seat (Fischer or a time bank), not a turn clock.
  const clock = document.getElementById("clock").cloneNode(true);
  clock.querySelector('option[value^="turn:"]').remove();
  clock.id = "seek-clock";
  clock.setAttribute("aria-label", t("clock"));
  const rated = el("input", {type: "checkbox", id: "seek-rated", checked: true});
  const bot = el("input", {type: "checkbox", id: "seek-bot"});
  const form = el("form", {id: "seek-form"},
    el("label", {}, `${t("title")} `, title), el("label", {}, `${t("players")} `, players),
    el("label", {}, `${t("clock")} `, clock), el("label", {}, rated, ` ${t("rated")}`),
    el("label", {}, bot, ` ${t("bot after")}`),
    el("button", {type: "submit", id: "seek-button"}, t("seek")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {title: title.value, players: Number(players.value), rated: rated.checked};
    const {clock: perSeat} = clockOf(clock.value);
    if (perSeat) body.clock = perSeat;
    if (bot.checked) body.bot_after_seconds = 60;
    await seek(body);
  });
  document.getElementById("seek").replaceChildren(form);
}

async function seek(body) {
  showError(null);
  try {
    const sought = await call("POST", "/v1/matchmaking", {body});
    if (sought.status === "matched") {
      location.href = pageUrl("table.html", {game: sought.game, seat: sought.seat});
      return;
    }
    seeking = true;
    drawSeek(t("seeking", titleName(body.title)));
  } catch (error) {
    showError(error);
  }
}

/** The wait screen of quick play, with a way out; or, after it, why it ended and the form again. */
function drawSeek(words) {
  const panel = document.getElementById("seek");
  if (!seeking) {
    drawSeekForm();
    panel.prepend(el("p", {class: "muted", role: "status"}, words));
    return;
  }
  panel.replaceChildren(el("p", {id: "seek-wait", role: "status"}, el("span", {class: "spinner", "aria-hidden": "true"}), words),
    el("button", {type: "button", id: "seek-cancel", onclick: cancelSeek}, t("cancel")));
}

async function cancelSeek() {
  showError(null);
  try {
    await call("DELETE", "/v1/matchmaking");
  } catch (error) {
    showError(error);
    return;
  }
  seeking = false;
  drawSeekForm();
}

/** The page's own words in its language. */
function translatePage() {
  document.getElementById("lang").replaceChildren(langSwitch(el));
  for (const [id, key] of [["quick-heading", "play vs computer"], ["quick-hint", "play vs computer hint"],
    ["new-game-heading", "new game"], ["open-games-heading", "open games"], ["refresh", "refresh"],
    ["create-button", "create"], ["my-games-heading", "my games"], ["my-finished-heading", "finished games"],
    ["my-finished-more", "more"], ["seek-heading", "quick play"], ["seek-hint", "quick play hint"],
    ["profile-link", "my profile"], ["leaderboard-link", "leaderboard"], ["rated-text", "rated game"]]) {
    document.getElementById(id).textContent = t(key);
  }
  for (const [field, key] of [["title", "title"], ["players", "players"], ["name", "your name"], ["clock", "clock"], ["chat", "chat"]]) {
    const label = document.getElementById(field).closest("label");
    label.firstChild.textContent = `${t(key)} `;
  }
  document.getElementById("name").placeholder = t("optional");
}

async function start() {
  translatePage();
  document.getElementById("server").textContent = API;
  try {
    titles = await call("GET", "/v1/titles");
  } catch (error) {
    showError(error);
    return;
  }
  titleSelect.replaceChildren(...titles.map((title) => el("option", {value: title.id}, title.name)));
  document.getElementById("quick-titles").replaceChildren(...titles.map((title) =>
    el("button", {type: "button", class: "quick-play", "data-title": title.id, onclick: () => playComputer(title)}, title.name)));
  titleSelect.addEventListener("change", drawPlayers);
  playersSelect.addEventListener("change", drawSeats);
  form.addEventListener("submit", create);
  document.getElementById("refresh").addEventListener("click", refresh);
  drawPlayers();
  document.getElementById("my-finished-more").addEventListener("click", moreFinished);
  document.getElementById("profile-link").href = pageUrl("profile.html");
  document.getElementById("leaderboard-link").href = pageUrl("leaderboard.html");
  me = await signedInAccount();
  drawSeekForm();
  drawAccount();
  await Promise.all([refresh(), me ? signedIn() : drawMyGames()]);
  document.body.dataset.ready = "true";
}

start();
