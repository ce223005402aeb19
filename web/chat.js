// The table's chat panel: the game's chat as text only (each message's author and text become text nodes, never
// markup), the newest page first, then each message the stream brings, and what a reconnection missed paged with
// `?after=` (chat messages carry no SSE id). Shown where the game's `chat` option lets this viewer in.

import {call, el, showError, words} from "./api.js";

let gameId = null;
let token = null;
let mine = null;
let lastId = null;
let polling = false;
const shown = new Set();

/** Whether the game's chat option lets this viewer (a seat, or a spectator) read and write. */
const admits = (game) => game.chat === "all" || (game.chat === "players" && Boolean(game.seat));

/** Shows the chat panel with the newest messages, if this viewer may use it; true once it is shown. */
export async function startChat(game, seatToken) {
  if (gameId) return true;
  if (!admits(game)) return false;
  [gameId, token, mine] = [game.id, seatToken, game.seat];
  document.getElementById("chat").hidden = false;
  document.getElementById("chat-form").addEventListener("submit", send);
  await catchUp();
  return true;
}

/** Fetches what the panel has not shown: the newest page at first, then what came after the last message shown. */
export async function catchUp() {
  if (!gameId) return;
  try {
    const query = lastId ? `?after=${encodeURIComponent(lastId)}&limit=200` : "";
    const page = await call("GET", `/v1/games/${gameId}/chat${query}`, {token, seat: mine});
    page.messages.forEach(showMessage);
  } catch (error) {
    showError(error);
  }
}

/** Once no stream brings messages (the game is over): looks for new ones every 5 s. */
export function pollChat() {
  if (polling) return;
  polling = true;
  setInterval(() => {
    if (document.visibilityState === "visible") catchUp();
  }, 5000);
}

/** One message in its place by id (the stream and a send's answer may bring the same one: it is shown once). */
export function showMessage(message) {
  if (!gameId || shown.has(message.id)) return;
  shown.add(message.id);
  const author = message.spectator ? "Spectator" : message.name ?? words(message.seat);
  const item = el("li", {"data-id": message.id, class: message.seat === mine ? "mine" : undefined},
    el("b", {class: "author"}, author), " ", el("span", {class: "text"}, message.text));
  const list = document.getElementById("chat-messages");
  const later = [...list.children].find((other) => isAfter(other.dataset.id, message.id));
  list.insertBefore(item, later ?? null);
  if (!lastId || isAfter(message.id, lastId)) lastId = message.id;
  list.scrollTop = list.scrollHeight;
}

/** Whether chat id `a` (`<ms>-<n>`) comes after `b`. */
function isAfter(a, b) {
  const [[aMs, aN], [bMs, bN]] = [a, b].map((id) => id.split("-").map(Number));
  return aMs > bMs || (aMs === bMs && aN > bN);
}

async function send(event) {
  event.preventDefault();
  const input = document.getElementById("chat-text");
  if (!input.value.trim()) return;
  showError(null);
  try {
    showMessage(await call("POST", `/v1/games/${gameId}/chat`, {token, seat: mine, body: {text: input.value}}));
    input.value = "";
  } catch (error) {
    showError(error);
  }
}
