// The lobby: signing up, in and out (a person's account, whose games are then listed here on any device), one click
// to play any title against the computer, a form to create a game (players, seats for me / open / bots, options), the
// created game's seats with invitation links, and the open games with Join buttons.

import {API, call, el, heldTokens, pageUrl, saveToken, showError, words} from "./api.js";
import {langSwitch, t} from "./i18n.js";

const form = document.getElementById("create");
const titleSelect = document.getElementById("title");
const playersSelect = document.getElementById("players");
let titles = [];

const SEAT_CHOICES = [
  ["mine", t("me")],
  ["open", t("open seat choice")],
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
    fieldset.append(el("label", {}, words(seat), " ", select));
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
    if (select.value === "random" || select.value === "search") bots[select.dataset.seat] = {kind: select.value};
    else seats[select.dataset.seat] = select.value;
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
      `${seats[seat] === "open" ? t("open") : t("yours to hand over")}: `,
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

/** The person signed in (their account), or null. Only where the pages come from the API's own origin: the session
 * is a cookie of that origin, which the browser sends nowhere else. */
let me = null;
const signable = API === location.origin;

async function whoAmI() {
  if (!signable) return null;
  try {
    return await call("GET", "/v1/accounts/me");
  } catch {
    return null;
  }
}

/** Signed out: a name and a password to sign in or up with. Signed in: who, and a way out. */
function drawAccount() {
  const panel = document.getElementById("account");
  panel.hidden = !signable;
  if (me) {
    panel.replaceChildren(el("p", {id: "signed-in"}, t("signed in as", me.name), " ",
      el("button", {type: "button", id: "sign-out", onclick: signOut}, t("sign out"))));
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
      t("sign up")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    enter("/v1/sessions");
  });
  panel.replaceChildren(el("h2", {}, t("your account")), el("p", {class: "muted"}, t("account hint")), form);
}

/** Signs in (or up, by `path`); the games this browser played as a guest become the account's. */
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
  for (const {game, token} of heldTokens()) {
    // A game gone, or a seat bound to another account already, stays as it is.
    await call("POST", `/v1/games/${game}/bind`, {body: {token}}).catch(() => {});
  }
  drawAccount();
  await drawMyGames();
}

async function signOut() {
  showError(null);
  try {
    await call("DELETE", "/v1/sessions/current");
  } catch (error) {
    showError(error);
    return;
  }
  me = null;
  drawAccount();
  await drawMyGames();
}

/** The account's games, the same on every device: those waiting for me first, then invitations, then the others; the
 * latest finished ones apart. Each links to its table by game and seat, with no token. */
async function drawMyGames() {
  const section = document.getElementById("my-games-section");
  section.hidden = !me;
  if (!me) return;
  try {
    const [active, finished] = await Promise.all([
      call("GET", "/v1/accounts/me/games?status=active&limit=100"),
      call("GET", "/v1/accounts/me/games?status=finished&limit=20"),
    ]);
    const rank = (game) => (game.my_turn ? 0 : game.invited?.length ? 1 : 2);
    const ordered = [...active.games].sort((a, b) => rank(a) - rank(b));
    const list = document.getElementById("my-games");
    list.replaceChildren(...ordered.map(drawMyGame));
    if (!ordered.length) list.append(el("li", {class: "empty"}, t("no game yet")));
    document.getElementById("my-finished").replaceChildren(...finished.games.map(drawMyGame));
  } catch (error) {
    showError(error);
  }
}

function drawMyGame(game) {
  const title = titles.find((known) => known.id === game.title)?.name ?? game.title;
  const seat = game.seats[0] ?? game.invited?.[0];
  const stage = game.status === "finished" ? t("game over")
    : game.my_turn ? t("your turn")
      : game.invited?.length ? t("invited")
        : game.to_act.length ? t("waiting for", game.to_act.map(words).join(", ")) : t("waiting for players");
  return el("li", {"data-game": game.id, class: game.my_turn ? "my-turn" : null},
    el("a", {href: pageUrl("table.html", {game: game.id, seat})}, el("b", {}, title), ` (${words(seat)})`), ` ${stage}`);
}

/** The page's own words in its language. */
function translatePage() {
  document.getElementById("lang").replaceChildren(langSwitch(el));
  for (const [id, key] of [["quick-heading", "play vs computer"], ["quick-hint", "play vs computer hint"],
    ["new-game-heading", "new game"], ["open-games-heading", "open games"], ["refresh", "refresh"],
    ["create-button", "create"], ["my-games-heading", "my games"], ["my-finished-heading", "finished games"]]) {
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
  me = await whoAmI();
  drawAccount();
  await Promise.all([refresh(), drawMyGames()]);
  document.body.dataset.ready = "true";
}

start();
