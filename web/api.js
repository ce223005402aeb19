// The public API as a third-party front-end uses it: fetch with bearer tokens, problem+json errors in words, seat
// tokens in localStorage. `?api=https://ludus.example` points the pages at a server on another origin.

const params = new URLSearchParams(location.search);

/** The API's origin: `?api=` when given, else the origin that served the page. */
export const API = (params.get("api") || location.origin).replace(/\/+$/, "");

/** The `type` of the table's actions, which every title takes besides its own (the server's TABLE_ACTION_TYPES). */
export const TABLE_ACTIONS = new Set(["resign", "abort", "hand_to_bot", "take_back_seat", "offer_draw", "accept_draw",
  "decline_draw", "undo"]);
/** Titles whose rules have a draw offer of their own: there, `offer_draw` and its answers are the title's moves. */
export const RULES_DRAW = new Set(["rome-carthage"]);

/** A page of this client with `query`, keeping `?api=` so that links stay on the same server. */
export function pageUrl(page, query = {}) {
  const url = new URL(page, location.href);
  url.search = "";
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  if (params.has("api")) url.searchParams.set("api", API);
  return url;
}

/** A failed call, worded from the problem document (`title`, `detail`) when the server sent one. */
export class ApiError extends Error {
  constructor(status, problem) {
    const words = problem?.title
      ? `${problem.title}${problem.detail ? `: ${problem.detail}` : ""}`
      : `the server answered ${status}`;
    super(words);
    this.status = status;
    this.code = problem?.code;
    /** `history_rewritten` and `log_changed`: the last version this client's history and the game's share. */
    this.commonVersion = problem?.common_version;
  }
}

/**
 * Calls the API; resolves to the JSON answer (null for an empty one), rejects with an ApiError. With `history` (an
 * object this page keeps per game), the position the page was last shown goes with the call, so that a game the
 * server lost acknowledged moves of answers `history_rewritten`, and the answer's position is kept for the next call.
 * Without a `token`, a person signed in on this origin acts through the session cookie the browser sends itself, and
 * `seat` names which of the account's seats of the game (it may hold several).
 */
export async function call(method, path, {token, seat, body, history} = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  else if (seat) headers["X-Ludus-Seat"] = seat;
  if (history?.known) headers["X-Ludus-Known-Head"] = history.known;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method === "POST" && path.endsWith("/actions")) headers["Idempotency-Key"] = randomKey();
  let response;
  try {
    response = await fetch(`${API}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, {title: "The server cannot be reached", detail: String(error.message || error)});
  }
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: worded by status below.
  }
  if (!response.ok) throw new ApiError(response.status, json);
  const etag = response.headers.get("ETag");
  if (history && etag) history.known = etag;
  return json;
}

/** An idempotency key; crypto.randomUUID exists only in secure contexts, so plain random bytes otherwise. */
function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const tokenKey = (game, seat) => `ludus:${API}:${game}:${seat}`;

export function saveToken(game, seat, token) {
  localStorage.setItem(tokenKey(game, seat), token);
}

export function loadToken(game, seat) {
  return localStorage.getItem(tokenKey(game, seat));
}

/** Every seat token this browser holds for this server: `{game, seat, token}` each. */
export function heldTokens() {
  const prefix = `ludus:${API}:`;
  return Object.keys(localStorage).filter((key) => key.startsWith(prefix)).map((key) => {
    const [game, seat] = key.slice(prefix.length).split(":");
    return {game, seat, token: localStorage.getItem(key)};
  });
}

/** Whether a person may sign in on these pages: only where they come from the API's own origin, as the session is a
 * cookie of that origin, which the browser sends nowhere else. */
export const signable = API === location.origin;

/** Whether this browser makes and uses passkeys from the API's JSON options (WebAuthn and its JSON helpers), where
 * a person may sign in (a passkey is bound to the page's host, which must be the API's). */
export const passkeys = signable && typeof window.PublicKeyCredential?.parseRequestOptionsFromJSON === "function"
  && typeof window.PublicKeyCredential?.parseCreationOptionsFromJSON === "function";

/**
 * A passkey ceremony: the server's options from `challenge` (a POST answering `{"publicKey": ...}`), then the
 * browser's dialog, to make a passkey (`kind` "create") or to use one (`kind` "get"); resolves to the credential as
 * JSON for the server to check. A person who closes the dialog rejects it with a DOMException named NotAllowedError.
 */
export async function passkeyCredential(kind, challenge) {
  const {publicKey: options} = await call("POST", challenge);
  const publicKey = kind === "create"
    ? PublicKeyCredential.parseCreationOptionsFromJSON(options)
    : PublicKeyCredential.parseRequestOptionsFromJSON(options);
  const credential = await navigator.credentials[kind]({publicKey});
  if (!credential) throw new DOMException("No passkey was chosen", "NotAllowedError");
  return credential.toJSON();
}

/** The account of the person signed in on this origin, or null (signed out: a 401; another failure is shown). */
export async function signedInAccount() {
  if (!signable) return null;
  try {
    return await call("GET", "/v1/accounts/me");
  } catch (error) {
    if (error.status !== 401) showError(error);
    return null;
  }
}

/** An account's name by its id (a game names its seats' accounts by id only), asked once per page. */
const accountNames = new Map();
export function accountName(id) {
  if (!accountNames.has(id)) {
    accountNames.set(id, call("GET", `/v1/accounts/${encodeURIComponent(id)}`).then((account) => account.name,
      () => null));
  }
  return accountNames.get(id);
}

/** A duration in milliseconds as m:ss (or h:mm:ss). */
export function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  return (h ? `${h}:${String(m).padStart(2, "0")}` : `${m}`) + `:${String(s).padStart(2, "0")}`;
}

/** `snake_case` or `kebab-case` as words: "place_initial" -> "Place initial". */
export function words(name) {
  const text = String(name).replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A small element builder: el("div", {class: "x"}, child, "text", ...). */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElementNS(
    ["svg", "circle", "line", "text", "g", "rect", "title"].includes(tag)
      ? "http://www.w3.org/2000/svg"
      : "http://www.w3.org/1999/xhtml",
    tag,
  );
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Shows `error` (an ApiError or any Error) in words in the page's error bar, or clears it. */
export function showError(error) {
  const bar = document.getElementById("error");
  if (!bar) return;
  bar.textContent = error ? String(error.message || error) : "";
  bar.hidden = !error;
  // Counted for scripts/play-test, which reports how many errors the person saw.
  if (error) document.body.dataset.errors = Number(document.body.dataset.errors ?? 0) + 1;
}
