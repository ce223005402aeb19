// A title's leaderboard, best first, 50 at a time: rank, name (linked to the profile), person or computer, rating and
// rated games. The provisional ratings (too few games to trust them) are a list apart, behind a switch.

import {call, el, pageUrl, showError} from "./api.js";
import {lang, t, wordsFrom} from "./i18n.js";
import {drawPageHeader} from "./nav.js";

/** The page's words, English, French, then German. */
const WORDS = {
  "game": ["Game", "Jeu", "Spiel"],
  "provisional": ["Provisional ratings", "Classements provisoires", "Vorläufige Wertungen"],
  "provisional hint": ["A rating is provisional while its player has played too few rated games to trust it: those are listed apart.",
    "Un classement est provisoire tant que son joueur a joué trop peu de parties classées pour s'y fier : ils sont listés à part.",
    "Eine Wertung ist vorläufig, solange zu wenige gewertete Partien gespielt sind, um ihr zu trauen: Diese stehen in einer eigenen Liste."],
  "caption": ["{0}: leaderboard", "{0} : classement", "{0}: Rangliste"],
  "caption provisional": ["{0}: provisional ratings", "{0} : classements provisoires", "{0}: vorläufige Wertungen"],
  "rank": ["Rank", "Rang", "Platz"],
  "name": ["Name", "Nom", "Name"],
  "kind": ["Player", "Joueur", "Spieler"],
  "rating": ["Rating", "Classement", "Wertung"],
  "rated games": ["Games", "Parties", "Partien"],
  "kind player": ["person", "personne", "Person"],
  "kind app": ["app", "application", "App"],
  "no one": ["No one has a rating in {0} yet.", "Personne n'a encore de classement à {0}.", "Noch niemand hat eine Wertung in {0}."],
  "no one provisional": ["No one has a provisional rating in {0}.", "Personne n'a de classement provisoire à {0}.",
    "Niemand hat eine vorläufige Wertung in {0}."],
};

const say = (key, ...values) => wordsFrom(WORDS, lang, key, ...values);
const params = new URLSearchParams(location.search);
const titleSelect = document.getElementById("leaderboard-title");
const provisionalBox = document.getElementById("leaderboard-provisional");
const table = document.getElementById("leaderboard");
const moreButton = document.getElementById("leaderboard-more");
let titles = [];
let nextOffset = null;
/** Counts the lists asked for: an answer to an older one (the choice changed meanwhile) is dropped. */
let asked = 0;

function drawHeader() {
  drawPageHeader();
  for (const [id, key] of [["leaderboard-title-label", "game"], ["leaderboard-provisional-label", "provisional"],
    ["leaderboard-hint", "provisional hint"]]) {
    document.getElementById(id).textContent = say(key);
  }
  document.getElementById("leaderboard-more").textContent = t("more");
  document.getElementById("leaderboard-heading").textContent = t("leaderboard");
}

const titleName = () => titles.find((title) => title.id === titleSelect.value)?.name ?? titleSelect.value;

/** The list for the title and switch chosen, from its first page; the address follows, to be shared or reloaded. */
async function reload() {
  const query = {title: titleSelect.value};
  if (provisionalBox.checked) query.provisional = "true";
  history.replaceState(null, "", pageUrl("leaderboard.html", query));
  delete document.body.dataset.ready;
  showError(null);
  nextOffset = null;
  table.replaceChildren(
    el("caption", {}, say(provisionalBox.checked ? "caption provisional" : "caption", titleName())),
    el("thead", {}, el("tr", {}, ["rank", "name", "kind", "rating", "rated games"].map((key) =>
      el("th", {scope: "col", class: ["name", "kind"].includes(key) ? null : "number"}, say(key))))),
    el("tbody"),
  );
  const request = ++asked;
  await drawPage(request);
  if (request === asked) document.body.dataset.ready = "true";
}

async function drawPage(request) {
  const query = new URLSearchParams({limit: 50, offset: nextOffset ?? 0});
  if (provisionalBox.checked) query.set("provisional", "true");
  try {
    const page = await call("GET", `/v1/titles/${encodeURIComponent(titleSelect.value)}/leaderboard?${query}`);
    if (request !== asked) return;
    table.tBodies[0].append(...page.entries.map(drawEntry));
    table.hidden = page.total === 0;
    const empty = document.getElementById("leaderboard-empty");
    empty.textContent = say(page.provisional ? "no one provisional" : "no one", titleName());
    empty.hidden = page.total > 0;
    nextOffset = page.next_offset ?? null;
    moreButton.hidden = nextOffset === null;
  } catch (error) {
    showError(error);
  }
}

function drawEntry(entry) {
  const kind = entry.kind === "bot" ? el("span", {class: "tag"}, t("bot")) : say(`kind ${entry.kind}`);
  return el("tr", {"data-account-name": entry.name},
    el("td", {class: "number"}, entry.rank.toLocaleString(lang)),
    el("td", {}, el("a", {href: pageUrl("profile.html", {account: entry.name})}, entry.name)),
    el("td", {}, kind),
    el("td", {class: "number"}, Math.round(entry.rating).toLocaleString(lang)),
    el("td", {class: "number"}, entry.games.toLocaleString(lang)),
  );
}

async function more() {
  moreButton.disabled = true;
  await drawPage(asked);
  moreButton.disabled = false;
}

async function start() {
  drawHeader();
  try {
    titles = await call("GET", "/v1/titles");
  } catch (error) {
    showError(error);
    document.body.dataset.ready = "true";
    return;
  }
  titleSelect.replaceChildren(...titles.map((title) => el("option", {value: title.id}, title.name)));
  const chosen = params.get("title");
  titleSelect.value = titles.some((title) => title.id === chosen) ? chosen : titles[0].id;
  provisionalBox.checked = params.get("provisional") === "true";
  titleSelect.addEventListener("change", reload);
  provisionalBox.addEventListener("change", reload);
  moreButton.addEventListener("click", more);
  await reload();
}

start();
