// Plays one game of every title to the end through the reference web client, in headless Chromium, as two people
// would: in two browser contexts, one creates the game in the lobby and takes a seat, the other takes the open seat
// (from the lobby of a page served by another origin, or from the invitation link), and each clicks a random legal
// action (seeded) whenever it is to act, until both see the result; then both move the replay slider to version 0
// and back. The creator also clicks Undo, once per game, the first time it is offered and taken (César et Cléopâtre
// offers it from the setup on). Screenshots of each table (mid-game and at the end) go to --screenshots.
//
// node play.mjs --api http://127.0.0.1:PORT --page-port PORT2 --chromium /usr/bin/chromium [--screenshots DIR]
//   [--titles a,b] [--seed N]

import {mkdirSync} from "node:fs";
import {join} from "node:path";
import {chromium} from "playwright-core";
import {generator} from "./random.mjs";
import {serveWebFromAnotherOrigin} from "./serve.mjs";

const TITLES = ["caesar-cleopatra", "alea-iacta-est", "caligula", "rome-carthage"];
/** Clicks one seat may make in one game before the test calls the game endless. */
const MAX_MOVES = 3000;
/** Wall-clock limit of one title's game, creation to replay. */
const TITLE_SECONDS = 300;
/** The creator's move after which the mid-game screenshot is taken. */
const MID_GAME = {"caesar-cleopatra": 40, "alea-iacta-est": 30, "caligula": 40, "rome-carthage": 12};

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, arg, index, all) =>
  arg.startsWith("--") ? [...pairs, [arg.slice(2), all[index + 1]]] : pairs, []));
const api = args.api;
const pagePort = Number(args["page-port"]);
const shots = args.screenshots ?? "target/play-screenshots";
const titles = args.titles ? args.titles.split(",") : TITLES;
const seed = Number(args.seed ?? 15);
mkdirSync(shots, {recursive: true});

function fail(message) {
  throw new Error(message);
}

async function newPage(browser, label, problems) {
  const context = await browser.newContext({viewport: {width: 1280, height: 860}});
  const page = await context.newPage();
  page.on("pageerror", (error) => problems.push(`${label}: page error: ${error.message}`));
  return {context, page};
}

/** What the table asks of the person: "done" once the result shows, "act" when action buttons are enabled. */
const tableState = () => {
  if (!document.getElementById("result").hidden) return "done";
  if (document.body.dataset.busy) return null;
  return document.querySelector("#actions button.action:not([disabled])") ? "act" : null;
};

/** Clicks random legal actions on `page` until its result shows; `onMove` runs after each click. */
async function playToEnd(page, random, label, deadline, onMove) {
  let moves = 0;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) fail(`${label}: out of time after ${moves} moves`);
    const state = await page.waitForFunction(tableState, null, {timeout: left, polling: "raf"})
      .then((handle) => handle.jsonValue())
      .catch(async () => fail(`${label}: neither an action nor the result within the time limit, after ${moves} moves; ` +
        `the page says: ${await page.textContent("#status")} / ${await page.textContent("#error")}`));
    if (state === "done") return {moves, errors: Number(await page.getAttribute("body", "data-errors") ?? 0)};
    if (++moves > MAX_MOVES) fail(`${label}: no result after ${MAX_MOVES} moves`);
    const buttons = page.locator("#actions button.action:not([disabled])");
    const count = await buttons.count();
    // The other seat's move may redraw the buttons meanwhile: the click then waits briefly, and the loop looks again.
    await buttons.nth(Math.floor(random() * count)).click({timeout: 2000}).catch(() => {});
    await onMove(moves);
  }
}

/** The table's clocks show and run, and a draw offered by the seat to act (the button is listed on its turn)
 * reaches the other, which declines it; the offer is then not listed again before a move. */
async function clocksAndDraw(a, b, title) {
  for (const page of [a, b]) {
    await page.waitForSelector("#players .clock", {timeout: 20000}).catch(() => fail(`${title}: no clock shown`));
  }
  const offer = 'button.table-action[data-type="offer_draw"]';
  const decline = 'button.table-action[data-type="decline_draw"]';
  const offerer = await Promise.any([a, b].map((page) => page.waitForSelector(offer, {timeout: 20000}).then(() => page)))
    .catch(() => fail(`${title}: no draw offer listed`));
  const other = offerer === a ? b : a;
  if (!(await offerer.locator("#players .clock.running").count())) fail(`${title}: no clock runs for the seats to act`);
  await offerer.click(offer);
  await other.waitForSelector(decline, {timeout: 20000})
    .catch(() => fail(`${title}: the draw offer did not reach the other seat`));
  await other.click(decline);
  await other.waitForSelector(decline, {state: "detached", timeout: 20000});
  if (await offerer.locator(offer).count()) {
    await offerer.waitForSelector(offer, {state: "detached", timeout: 5000})
      .catch(() => fail(`${title}: a declined offer is listed again before a move`));
  }
}

/** Clicks Undo when the table offers it: true when the undo was taken, false when it was not offered or was refused
 * (another seat moved first: the refusal shows as an error). */
async function undoIfOffered(page) {
  await page.waitForFunction(() => !document.body.dataset.busy, null, {timeout: 20000});
  const button = page.locator("#undo-button:not([disabled])");
  if (!(await button.isVisible())) return false;
  const before = Number(await page.getAttribute("#status", "data-version"));
  if (!(await button.click({timeout: 2000}).then(() => true, () => false))) return false;
  await page.waitForFunction(() => !document.body.dataset.busy, null, {timeout: 20000});
  const refused = await page.isVisible("#error");
  return !refused && Number(await page.getAttribute("#status", "data-version")) > before;
}

async function replayTo(page, version, label) {
  await page.locator("#replay-slider").fill(String(version));
  await page.waitForSelector(`#replay-version[data-version="${version}"]`, {timeout: 20000})
    .catch(() => fail(`${label}: the replay did not show version ${version}`));
}

async function playTitle(browser, title, index, pageOrigin) {
  const started = Date.now();
  const deadline = started + TITLE_SECONDS * 1000;
  const problems = [];
  const creator = await newPage(browser, `${title} creator`, problems);
  const joiner = await newPage(browser, `${title} joiner`, problems);
  try {
    const a = creator.page;
    await a.goto(`${api}/play/`);
    await a.waitForSelector("body[data-ready]");
    await a.selectOption("#title", title);
    await a.selectOption("#players", "2");
    await a.fill("#name", "Livia");
    // One game in two plays on a clock per seat.
    if (index % 2 === 0) await a.selectOption("#clock", "fischer:600:5");
    await a.click("#create-button");
    await a.waitForSelector("#created:not([hidden])");
    const id = await a.getAttribute("#created", "data-game");
    // The seat Livia plays is never offered as an invitation (its link would carry her token).
    if (await a.locator("#created li:has(a.play) input.invitation").count()) fail(`${title}: my own seat offered as an invitation`);
    const openSeat = await a.getAttribute("#created li:has(input.invitation):not(:has(a.play))", "data-seat");
    const invitation = await a.inputValue(`input.invitation[data-seat="${openSeat}"]`);
    if (!invitation.includes(`table.html?game=${id}&seat=${openSeat}`)) fail(`${title}: invitation link ${invitation}`);
    // The lobby is ready too: wait for the table's page before waiting for it to be ready.
    await Promise.all([a.waitForURL(/table\.html/), a.click("#created a.play")]);
    await a.waitForSelector("body[data-ready]");
    // This test clicks random legal actions from the list behind the Advanced switch (web/tests/board.mjs plays on
    // the boards).
    await a.click("#advanced-summary");

    const b = joiner.page;
    if (index % 2 === 0) {
      // From the lobby of a page on another origin, calling the API across origins.
      await b.goto(`${pageOrigin}/index.html?api=${encodeURIComponent(api)}`);
      await b.waitForSelector("body[data-ready]");
      await b.fill("#name", "Marcus");
      const join = `#open-games li[data-game="${id}"] button.join[data-seat="${openSeat}"]`;
      while (!(await b.isVisible(join))) {
        if (Date.now() > deadline) fail(`${title}: game ${id} never showed in the other origin's lobby`);
        await b.click("#refresh");
        await b.waitForTimeout(100);
      }
      await Promise.all([b.waitForURL(/table\.html/), b.click(join)]);
    } else {
      // From the invitation link, as sent.
      await b.goto(invitation);
      await b.click("#join-button");
    }
    await b.waitForSelector("body[data-ready]");
    await b.waitForSelector('#status[data-status="active"], #status[data-status="finished"]');
    // Where the game stands, in words: whose turn (or that it is over), no version number.
    const stage = await b.textContent("#status");
    if (!/(Your turn|Waiting for|Game over)/.test(stage) || /version/i.test(stage)) fail(`${title}: the status reads ${stage}`);
    await b.click("#advanced-summary");

    // An action the title does not have, sent from the JSON form: the problem document is shown in words.
    await b.click("#custom-summary");
    await b.fill("#custom-form textarea", '{"type": "no_such_action"}');
    await b.click("#custom-form button");
    await b.waitForSelector("#error:not([hidden])");
    const worded = await b.textContent("#error");
    if (!/^Bad Request: the action does not fit/.test(worded)) fail(`${title}: the error reads ${JSON.stringify(worded)}`);
    await b.click("#custom-summary");

    if (index % 2 === 0) await clocksAndDraw(a, b, title);

    const random = generator(seed + index);
    let undone = false;
    const results = await Promise.all([
      playToEnd(a, random, `${title} creator`, deadline, async (moves) => {
        if (moves === MID_GAME[title]) await a.screenshot({path: join(shots, `${title}-mid.png`)});
        if (!undone) undone = await undoIfOffered(a);
      }),
      playToEnd(b, generator(seed + 100 + index), `${title} joiner`, deadline, async () => {}),
    ]);
    for (const page of [a, b]) {
      const ending = await page.textContent("#result");
      if (!/Game over|Partie terminée/.test(ending)) fail(`${title}: no result shown: ${ending}`);
    }
    await a.screenshot({path: join(shots, `${title}-end.png`)});
    const version = Number(await a.getAttribute("#status", "data-version"));
    for (const [page, label] of [[a, "creator"], [b, "joiner"]]) {
      await replayTo(page, version, `${title} ${label}`);
      await replayTo(page, 0, `${title} ${label}`);
      await replayTo(page, version, `${title} ${label}`);
    }
    if (title === "caesar-cleopatra" && !undone) fail(`${title}: the creator never undid a move`);
    if (problems.length) fail(problems.join("\n"));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`${title}: played to the end at version ${version} in ${seconds} s ` +
      `(clicks: creator ${results[0].moves}, joiner ${results[1].moves}; errors shown: ` +
      `${results[0].errors + results[1].errors}, one of them the bad action sent on purpose); ` +
      `${undone ? "one move undone" : "no undo taken"}; replay slider to 0 and back`);
  } catch (error) {
    // What each page showed when it failed, to read with the message.
    const seen = [];
    for (const [{page}, label] of [[creator, "creator"], [joiner, "joiner"]]) {
      await page.screenshot({path: join(shots, `${title}-failed-${label}.png`)}).catch(() => {});
      const error = await page.textContent("#error", {timeout: 1000}).catch(() => "");
      seen.push(`${label} at ${page.url()}: ${error || "no error shown"}`);
    }
    throw new Error([error.message, ...seen, ...problems].join("\n"));
  } finally {
    await creator.context.close();
    await joiner.context.close();
  }
}

const server = await serveWebFromAnotherOrigin(pagePort);
const browser = await chromium.launch({
  executablePath: args.chromium,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
let failed = false;
try {
  for (const [index, title] of titles.entries()) {
    try {
      await playTitle(browser, title, index, `http://127.0.0.1:${pagePort}`);
    } catch (error) {
      failed = true;
      console.error(`FAILED ${title}: ${error.message}`);
    }
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`screenshots in ${shots}`);
process.exit(failed ? 1 : 0);
