// A player's profile: the account's name and its rating in each title it played rated games of, each linked to that
// title's leaderboard. Signed in, on one's own profile (no `?account=`, or one's own name): the finished games too,
// newest first, with who played, one's place and a link to the replay (by game and seat: never a token); and where one
// is signed in (each session's browser and when it began), to sign out any other device; and the account's passkeys
// (each one's name, when it was added and last used), to add one made on this device or to remove one.

import {accountName, call, el, pageUrl, passkeyCredential, passkeys, showError, signedInAccount, words} from "./api.js";
import {followAccount} from "./alerts.js";
import {lang, t, wordsFrom} from "./i18n.js";
import {drawPageHeader} from "./nav.js";

/** The page's words, English, French, then German. */
const WORDS = {
  "profile": ["Profile", "Profil", "Profil"],
  "playing since": ["Playing since {0}.", "Joue depuis le {0}.", "Spielt seit {0}."],
  "ratings": ["Ratings", "Classements", "Wertungen"],
  "game": ["Game", "Jeu", "Spiel"],
  "rating": ["Rating", "Classement", "Wertung"],
  "margin": ["Margin", "Marge", "Spanne"],
  "rated games": ["Games", "Parties", "Partien"],
  "provisional": ["provisional", "provisoire", "vorläufig"],
  "no rating": ["{0} has no rated game yet.", "{0} n'a pas encore joué de partie classée.",
    "{0} hat noch keine gewertete Partie gespielt."],
  "finished games": ["My finished games", "Mes parties terminées", "Meine beendeten Partien"],
  "no finished game": ["No finished game yet.", "Aucune partie terminée pour l'instant.", "Noch keine beendete Partie."],
  "your place": ["Your place: {0}.", "Votre place : {0}.", "Dein Platz: {0}."],
  "shared": ["{0}, shared", "{0} ex æquo", "{0}, geteilt"],
  "place one": ["{0}st", "{0}er", "{0}."],
  "place two": ["{0}nd", "{0}e", "{0}."],
  "place few": ["{0}rd", "{0}e", "{0}."],
  "place other": ["{0}th", "{0}e", "{0}."],
  "signed out": ["Sign in to see your profile: ", "Connectez-vous pour voir votre profil : ",
    "Melde dich an, um dein Profil zu sehen: "],
  "to the lobby": ["go to the lobby", "aller au salon", "zur Lobby"],
  "sessions": ["Where you are signed in", "Où vous êtes connecté", "Wo du angemeldet bist"],
  "since": ["since {0}", "depuis le {0}", "seit {0}"],
  "this device": ["this device", "cet appareil", "dieses Gerät"],
  "unknown browser": ["a browser that did not say which", "un navigateur qui ne l'a pas dit", "ein Browser, der es nicht sagte"],
  "end session": ["Sign out there", "Déconnecter", "Dort abmelden"],
  "passkeys": ["Passkeys", "Clés d'accès", "Passkeys"],
  "passkeys hint": ["A passkey signs you in without a password, on this device or any other your password manager syncs it to.",
    "Une clé d'accès vous connecte sans mot de passe, sur cet appareil ou tout autre où votre gestionnaire de mots de passe la synchronise.",
    "Ein Passkey meldet dich ohne Passwort an, auf diesem Gerät oder jedem anderen, auf das dein Passwortmanager ihn überträgt."],
  "no passkeys here": ["This browser cannot make passkeys.", "Ce navigateur ne sait pas créer de clé d'accès.",
    "Dieser Browser kann keine Passkeys erstellen."],
  "no passkey": ["No passkey yet.", "Aucune clé d'accès pour l'instant.", "Noch kein Passkey."],
  "added": ["added {0}", "ajoutée le {0}", "hinzugefügt am {0}"],
  "last used": ["last used {0}", "dernière utilisation le {0}", "zuletzt benutzt am {0}"],
  "remove passkey": ["Remove", "Supprimer", "Entfernen"],
  "remove passkey named": ["Remove the passkey {0}", "Supprimer la clé d'accès {0}", "Den Passkey {0} entfernen"],
  "passkey name": ["Name of the new passkey", "Nom de la nouvelle clé d'accès", "Name des neuen Passkeys"],
  "add passkey": ["Add a passkey", "Ajouter une clé d'accès", "Passkey hinzufügen"],
  "passkey": ["Passkey", "Clé d'accès", "Passkey"],
  "passkey added": ["Passkey added: {0}.", "Clé d'accès ajoutée : {0}.", "Passkey hinzugefügt: {0}."],
  "passkey removed": ["Passkey removed: {0}.", "Clé d'accès supprimée : {0}.", "Passkey entfernt: {0}."],
  "passkey not added": ["No passkey was added: the browser's dialog was closed.",
    "Aucune clé d'accès n'a été ajoutée : la fenêtre du navigateur a été fermée.",
    "Kein Passkey wurde hinzugefügt: Das Fenster des Browsers wurde geschlossen."],
  "passkey already here": ["This device already holds a passkey for your account.",
    "Cet appareil a déjà une clé d'accès pour votre compte.", "Dieses Gerät hat schon einen Passkey für dein Konto."],
};

const say = (key, ...values) => wordsFrom(WORDS, lang, key, ...values);
const number = (value) => Math.round(value).toLocaleString(lang);
const ordinals = new Intl.PluralRules(lang, {type: "ordinal"});
const params = new URLSearchParams(location.search);
let titleNames = new Map();
let nextBefore = null;

function drawProfile(profile) {
  const name = profile.kind === "bot" ? `${profile.name} (${t("bot")})` : profile.name;
  document.getElementById("profile-name").textContent = name;
  document.title = `ludus: ${profile.name}`;
  document.getElementById("profile-since").textContent =
    say("playing since", new Date(profile.created_at_ms).toLocaleDateString(lang, {dateStyle: "long"}));
  const none = document.getElementById("no-ratings");
  none.textContent = say("no rating", profile.name);
  none.hidden = profile.ratings.length > 0;
  const table = document.getElementById("ratings");
  table.hidden = profile.ratings.length === 0;
  table.replaceChildren(
    el("caption", {}, say("ratings")),
    el("thead", {}, el("tr", {}, ["game", "rating", "margin", "rated games"].map((key) =>
      el("th", {scope: "col", class: key === "game" ? null : "number"}, say(key))))),
    el("tbody", {}, profile.ratings.map(drawRating)),
  );
  document.getElementById("profile").hidden = false;
}

function drawRating(rating) {
  return el("tr", {"data-title": rating.title, "data-rating": Math.round(rating.rating)},
    el("td", {}, el("a", {href: pageUrl("leaderboard.html", {title: rating.title})},
      titleNames.get(rating.title) ?? rating.title)),
    el("td", {class: "number"}, number(rating.rating),
      rating.provisional ? [" ", el("span", {class: "tag"}, say("provisional"))] : null),
    el("td", {class: "number"}, `± ${number(2 * rating.deviation)}`),
    el("td", {class: "number"}, rating.games.toLocaleString(lang)),
  );
}

/** A page of my finished games, after those shown; each game is read as my seat, for its players and ranking. */
async function drawRecent() {
  const query = new URLSearchParams({status: "finished", limit: 10});
  if (nextBefore) query.set("before", nextBefore);
  const page = await call("GET", `/v1/accounts/me/games?${query}`);
  const games = await Promise.all(page.games.map(async (entry) => {
    const game = await call("GET", `/v1/games/${entry.id}`, {seat: entry.seats[0]});
    const names = await Promise.all(game.players.map((player) => player.account && accountName(player.account)));
    return {entry, game, names};
  }));
  const list = document.getElementById("recent");
  list.append(...games.map(drawFinished));
  if (!list.children.length) list.append(el("li", {class: "empty"}, say("no finished game")));
  nextBefore = page.next_before ?? null;
  document.getElementById("recent-more").hidden = !nextBefore;
}

function drawFinished({entry, game, names}) {
  const seat = entry.seats[0];
  const players = game.players.flatMap((player, index) => [index ? ", " : "", `${words(player.seat)}: `,
    drawPlayer(player, names[index]), player.seat === seat ? ` (${t("you")})` : ""]);
  const place = placeOf(game.ending?.ranking ?? [], seat);
  return el("li", {"data-game": game.id},
    el("b", {}, titleNames.get(game.title) ?? game.title), " ",
    game.rated ? [el("span", {class: "tag"}, t("rated")), " "] : null,
    el("span", {class: "muted"}, new Date(game.created_at_ms).toLocaleDateString(lang)),
    el("div", {}, players),
    place ? el("div", {}, place) : null,
    el("a", {href: pageUrl("table.html", {game: game.id, seat, at: 0})}, t("replay")),
  );
}

/** A seat's player: a guest by the name it gave, an account by its own name, linked to its profile. */
function drawPlayer(player, name) {
  if (player.bot) return t("bot");
  if (player.deleted_player) return t("deleted player");
  if (!player.account) return player.name ?? "?";
  return el("a", {href: pageUrl("profile.html", {account: player.account})}, name ?? player.name ?? "?");
}

/** "Your place: 2nd." from the ending's ranking (seats sharing a place together), or null for a game with none
 * (aborted). Places count the seats before: two sharing the 1st place put the next seat 3rd. */
function placeOf(ranking, seat) {
  const index = ranking.findIndex((group) => group.includes(seat));
  if (index < 0) return null;
  const place = 1 + ranking.slice(0, index).reduce((count, group) => count + group.length, 0);
  const text = say(`place ${ordinals.select(place)}`, place.toLocaleString(lang));
  return say("your place", ranking[index].length > 1 ? say("shared", text) : text);
}

async function more(event) {
  event.target.disabled = true;
  try {
    await drawRecent();
  } catch (error) {
    showError(error);
  }
  event.target.disabled = false;
}

/** My sessions (`GET /v1/sessions`): each browser signed in and since when; any but this one can be signed out. */
async function drawSessions() {
  const {sessions} = await call("GET", "/v1/sessions");
  const list = document.getElementById("sessions");
  list.replaceChildren(...sessions.map((session) => el("li", {"data-session": session.id},
    session.agent ?? say("unknown browser"), " · ",
    say("since", new Date(session.created_at_ms).toLocaleString(lang, {dateStyle: "medium", timeStyle: "short"})),
    session.current ? ` · ${say("this device")}` : [" ",
      el("button", {type: "button", class: "end-session", onclick: () => endSession(session.id)}, say("end session"))])));
  document.getElementById("sessions-section").hidden = false;
}

async function endSession(id) {
  showError(null);
  try {
    await call("DELETE", `/v1/sessions/${encodeURIComponent(id)}`);
  } catch (error) {
    showError(error);
  }
  await drawSessions().catch(showError);
}

/** My passkeys (`GET /v1/accounts/me/passkeys`, oldest first): each one's name, when it was added and last used, and
 * a button to remove it; the form to add one, where this browser can make one. */
async function drawPasskeys() {
  const {passkeys: found} = await call("GET", "/v1/accounts/me/passkeys");
  const list = document.getElementById("passkeys");
  list.replaceChildren(...found.map(drawPasskey));
  if (!found.length) list.append(el("li", {class: "empty"}, say("no passkey")));
  document.getElementById("passkeys-section").hidden = false;
}

/** "added 4 Dec 2026" and the like, as a `<time>` with the moment in its `datetime`. */
const when = (key, ms) => el("time", {datetime: new Date(ms).toISOString()},
  say(key, new Date(ms).toLocaleDateString(lang, {dateStyle: "medium"})));

function drawPasskey(passkey) {
  return el("li", {"data-passkey": passkey.id},
    el("b", {class: "passkey-name"}, passkey.name), " · ", when("added", passkey.created_at_ms),
    passkey.last_used_ms ? [" · ", when("last used", passkey.last_used_ms)] : null, " ",
    el("button", {type: "button", class: "remove-passkey", "aria-label": say("remove passkey named", passkey.name),
      onclick: () => removePasskey(passkey)}, say("remove passkey")));
}

/** A name for a passkey made here when the person gives none: the device's platform, as the browser tells it. */
const defaultPasskeyName = () => (navigator.userAgentData?.platform || say("passkey")).slice(0, 40);

/** Makes a passkey on this device (the browser's dialog, from the server's challenge) and has the server keep it. */
async function addPasskey(event) {
  event.preventDefault();
  showError(null);
  const status = document.getElementById("passkey-status");
  status.textContent = "";
  const input = document.getElementById("passkey-name");
  const button = document.getElementById("add-passkey");
  const name = input.value.trim() || defaultPasskeyName();
  button.disabled = true;
  try {
    const credential = await passkeyCredential("create", "/v1/accounts/me/passkeys/challenge");
    const added = await call("POST", "/v1/accounts/me/passkeys", {body: {name, credential}});
    input.value = "";
    status.textContent = say("passkey added", added.name);
  } catch (error) {
    showError(passkeyProblem(error));
  }
  button.disabled = false;
  await drawPasskeys().catch(showError);
}

/** The browser's refusals in the page's words: the dialog closed, or a passkey of the account on this device
 * already (the server's challenge lists them to exclude); the server's own in its words. */
function passkeyProblem(error) {
  if (error.name === "NotAllowedError") return say("passkey not added");
  if (error.name === "InvalidStateError") return say("passkey already here");
  return error;
}

async function removePasskey(passkey) {
  showError(null);
  const status = document.getElementById("passkey-status");
  status.textContent = "";
  try {
    await call("DELETE", `/v1/accounts/me/passkeys/${encodeURIComponent(passkey.id)}`);
    status.textContent = say("passkey removed", passkey.name);
  } catch (error) {
    showError(error);
  }
  await drawPasskeys().catch(showError);
}

/** The passkeys section's own words, and its form where this browser makes passkeys (else why not). */
function preparePasskeys() {
  document.getElementById("passkeys-heading").textContent = say("passkeys");
  document.getElementById("passkeys-hint").textContent = say(passkeys ? "passkeys hint" : "no passkeys here");
  document.getElementById("passkey-name-label").textContent = say("passkey name");
  document.getElementById("passkey-name").placeholder = defaultPasskeyName();
  document.getElementById("add-passkey").textContent = say("add passkey");
  const form = document.getElementById("add-passkey-form");
  form.hidden = !passkeys;
  form.addEventListener("submit", addPasskey);
}

function drawSignedOut() {
  document.getElementById("nav-profile").setAttribute("aria-current", "page");
  document.getElementById("signed-out").replaceChildren(say("signed out"),
    el("a", {href: pageUrl("./")}, say("to the lobby")), ".");
  document.getElementById("signed-out").hidden = false;
}

async function start() {
  const asked = params.get("account");
  drawPageHeader();
  document.getElementById("recent-heading").textContent = say("finished games");
  document.getElementById("recent-more").textContent = t("more");
  document.getElementById("recent-more").addEventListener("click", more);
  document.getElementById("sessions-heading").textContent = say("sessions");
  preparePasskeys();
  try {
    const [titles, me] = await Promise.all([call("GET", "/v1/titles"), signedInAccount()]);
    titleNames = new Map(titles.map((title) => [title.id, title.name]));
    if (!asked && !me) {
      drawSignedOut();
    } else {
      const profile = await call("GET", `/v1/accounts/${encodeURIComponent(asked ?? me.id)}`);
      drawProfile(profile);
      if (me) followAccount({titleName: (id) => titleNames.get(id) ?? id});
      if (profile.id === me?.id) {
        document.getElementById("nav-profile").setAttribute("aria-current", "page");
        document.getElementById("recent-section").hidden = false;
        await Promise.all([drawRecent(), drawSessions(), drawPasskeys()]);
      }
    }
  } catch (error) {
    showError(error);
  }
  document.body.dataset.ready = "true";
}

start();
