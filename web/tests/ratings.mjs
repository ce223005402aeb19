// Ratings in headless Chromium. A person signs up in the browser and takes an account key for a program; with it, and
// another account's key, a rated game of César et Cléopâtre is played to the end through the API. Then the person's
// profile shows the title's rating; the provisional leaderboard lists both, and a name links to its profile; "My
// profile" (the session cookie) lists the finished game with the place and a replay link with no token; signed out,
// "My profile" points to the lobby. axe-core checks both pages at 1280 and 390 px, where nothing may scroll sideways.
//
// node ratings.mjs --api http://127.0.0.1:PORT --chromium /usr/bin/chromium [--screenshots DIR]

import {mkdir} from "node:fs/promises";
import {accessibilityProblems, inBrowser} from "./harness.mjs";

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, arg, index, all) =>
  arg.startsWith("--") ? [...pairs, [arg.slice(2), all[index + 1]]] : pairs, []));
const api = args.api;
const screenshots = args.screenshots ?? "target/ratings-screenshots";
const play = `${api}/play`;
const suffix = Date.now() % 100000;
const NAME_A = `livia${suffix}`;
const NAME_B = `marcus${suffix}`;
const TITLE = "caesar-cleopatra";

function fail(message) {
  throw new Error(message);
}

/** Calls the API from node with an account key; answers the JSON, throws with the problem in words. */
async function request(method, path, {key, body, headers = {}} = {}) {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: {
      ...(key ? {Authorization: `Bearer ${key}`} : {}),
      ...(body === undefined ? {} : {"Content-Type": "application/json"}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) fail(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

const randomHex = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
  byte.toString(16).padStart(2, "0")).join("");

/** Plays `game` to the end: each seat to act sends one of its listed actions at random (never a table action). */
async function playOut(game, keys) {
  const deadline = Date.now() + 120000;
  for (;;) {
    const state = await request("GET", `/v1/games/${game}`);
    if (state.status === "finished") return state;
    if (Date.now() > deadline) fail(`game ${game} is not over after 2 minutes (version ${state.version})`);
    for (const seat of state.to_act) {
      const {actions} = await request("GET", `/v1/games/${game}/actions`, {key: keys[seat]});
      const own = actions.filter((action) => !TABLE_ACTIONS.has(action.type));
      if (!own.length) continue;
      const action = own[Math.floor(Math.random() * own.length)];
      await request("POST", `/v1/games/${game}/actions`, {key: keys[seat], body: {action},
        headers: {"Idempotency-Key": randomHex()}});
    }
  }
}

const TABLE_ACTIONS = new Set(["resign", "abort", "hand_to_bot", "take_back_seat", "offer_draw", "accept_draw",
  "decline_draw", "undo"]);

async function open(page, url) {
  await page.goto(url);
  await page.waitForSelector("body[data-ready]");
}

/** axe at 1280 px, then at 390 px, where the page may not be wider than the screen; with `name`, screenshots at both
 * widths (`name.png`, `name-390.png`). */
async function checkLayout(page, where, problems, name) {
  problems.push(...await accessibilityProblems(page, `${where} at 1280 px`));
  if (name) await page.screenshot({path: `${screenshots}/${name}.png`, fullPage: true});
  await page.setViewportSize({width: 390, height: 844});
  problems.push(...await accessibilityProblems(page, `${where} at 390 px`));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > 390) problems.push(`${where}: ${width} px wide at 390 px`);
  if (name) await page.screenshot({path: `${screenshots}/${name}-390.png`, fullPage: true});
  await page.setViewportSize({width: 1280, height: 900});
}

await inBrowser("ratings", args.chromium, async (browser, problems) => {
  await mkdir(screenshots, {recursive: true});
  const context = await browser.newContext({locale: "en-US", viewport: {width: 1280, height: 900}});
  const page = await context.newPage();
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));

  // A signs up in the browser (the session cookie) and takes a key; B is an account made by a program.
  const sameOrigin = {Origin: api};
  const signedUp = await page.request.post(`${api}/v1/accounts/sign-up`,
    {data: {name: NAME_A, password: "correct horse battery"}, headers: sameOrigin});
  if (!signedUp.ok()) fail(`sign-up answered ${signedUp.status()}: ${await signedUp.text()}`);
  const keyAnswer = await page.request.post(`${api}/v1/accounts/me/keys`, {headers: sameOrigin});
  if (!keyAnswer.ok()) fail(`a key for A: ${keyAnswer.status()}: ${await keyAnswer.text()}`);
  const keyA = (await keyAnswer.json()).key;
  const keyB = (await request("POST", "/v1/accounts", {body: {name: NAME_B, kind: "player"}})).key;

  const created = await request("POST", "/v1/games", {key: keyA, body: {title: TITLE, players: 2, rated: true,
    seats: {caesar: "mine", cleopatra: {account: NAME_B}}}});
  const game = created.game.id;
  await request("POST", `/v1/games/${game}/seats/cleopatra/join`, {key: keyB, body: {}});
  const finished = await playOut(game, {caesar: keyA, cleopatra: keyB});
  if (!finished.rated) fail(`game ${game} is not rated`);
  console.log(`ratings: ${NAME_A} and ${NAME_B} played rated game ${game} to the end (version ${finished.version})`);

  // A's public profile shows the rating.
  await open(page, `${play}/profile.html?account=${NAME_A}`);
  const heading = await page.textContent("#profile-name");
  if (!heading.includes(NAME_A)) fail(`the profile's heading reads ${JSON.stringify(heading)}`);
  const row = page.locator(`#ratings tr[data-title="${TITLE}"]`);
  if (!(await row.count())) fail(`the profile has no ${TITLE} row: ${await page.textContent("main")}`);
  const rating = Number(await row.getAttribute("data-rating"));
  if (!(rating > 0) || !(await row.textContent()).includes(rating.toLocaleString("en"))) {
    fail(`the ${TITLE} row reads ${JSON.stringify(await row.textContent())}`);
  }
  await checkLayout(page, "profile", problems, "profile");
  console.log(`ratings: ${NAME_A}'s profile shows ${rating} in ${TITLE}`);

  // The provisional leaderboard lists both; A's name leads to A's profile.
  await open(page, `${play}/leaderboard.html?title=${TITLE}`);
  await page.check("#leaderboard-provisional");
  await page.waitForSelector(`#leaderboard tr[data-account-name="${NAME_B}"]`);
  await page.waitForSelector(`#leaderboard tr[data-account-name="${NAME_A}"]`);
  if (!/provisional=true/.test(page.url())) fail(`the leaderboard's address does not follow the switch: ${page.url()}`);
  await checkLayout(page, "leaderboard", problems, "leaderboard");
  await Promise.all([page.waitForURL(/profile\.html/),
    page.click(`#leaderboard tr[data-account-name="${NAME_A}"] a`)]);
  await page.waitForSelector("body[data-ready]");
  if (!(await page.textContent("#profile-name")).includes(NAME_A)) fail("the leaderboard's link leads elsewhere");
  console.log("ratings: the provisional leaderboard lists both players and links to their profiles");

  // My profile, through the session cookie: the finished game with my place and a replay link with no token.
  await open(page, `${play}/profile.html`);
  const entry = page.locator(`#recent li[data-game="${game}"]`);
  if (!(await entry.count())) fail(`"My profile" does not list game ${game}: ${await page.textContent("main")}`);
  const text = await entry.textContent();
  if (!/Your place: (1st|2nd)/.test(text) || !/rated/.test(text) || !text.includes(NAME_B)) {
    fail(`the finished game reads ${JSON.stringify(text)}`);
  }
  const replay = new URL(await entry.locator("a", {hasText: "Replay"}).getAttribute("href"));
  if (replay.searchParams.get("game") !== game || replay.searchParams.get("seat") !== "caesar" ||
    replay.searchParams.get("at") !== "0" || /token/i.test(replay.href)) {
    fail(`the replay link is ${replay.href}`);
  }
  if (!(await page.isHidden("#recent-more"))) fail("\"More\" shows with one finished game");
  await checkLayout(page, "my profile", problems, "my-profile");
  console.log(`ratings: "My profile" lists game ${game} with its place and replay link`);

  // Signed out, "My profile" says where to sign in.
  const stranger = await browser.newContext({locale: "en-US"});
  const strangerPage = await stranger.newPage();
  await open(strangerPage, `${play}/profile.html`);
  const note = await strangerPage.textContent("#signed-out");
  if (!/Sign in/.test(note) || !(await strangerPage.isVisible("#signed-out a"))) fail(`signed out, the page reads ${note}`);
  console.log("ratings: signed out, \"My profile\" points to the lobby");
  await Promise.all([context.close(), stranger.close()]);
});
