// Two people play a rated game in headless Chromium, as the issue "people come back" has it: both sign up in the
// lobby; A creates a rated table and invites B by name; B's home page lists the invitation and the tab's title counts
// it; B joins; they play to the end on the board, B's tab hidden until a browser notification tells B it is their
// turn; both see the result with their rating changes, then their ratings on their profiles and both names on the
// title's leaderboard; B signs in from a third context (another device), finds the finished game among "My games" and
// steps through its replay; then B signs that device out from My profile on the first. Quick play's wait screen is
// shown and cancelled. axe-core checks the home page, the
// invitation, the wait screen and the table at the end, at 1280 and 390 px; screenshots go to --screenshots.
//
// node rated.mjs --api http://127.0.0.1:PORT --chromium /usr/bin/chromium [--screenshots DIR] [--seed N]

import {mkdirSync} from "node:fs";
import {join} from "node:path";
import {generator} from "./random.mjs";
import {accessibilityProblems, inBrowser} from "./harness.mjs";

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, arg, index, all) =>
  arg.startsWith("--") ? [...pairs, [arg.slice(2), all[index + 1]]] : pairs, []));
const api = args.api;
const lobby = `${api}/play/`;
const shots = args.screenshots ?? "target/people-screenshots";
const random = generator(Number(args.seed ?? 11));
const suffix = Date.now() % 100000;
const [A, B] = [`ann${suffix}`, `bob${suffix}`];
const PASSWORD = "correct horse battery";
const TITLE = "caesar-cleopatra";
/** Wall-clock limit of the game. */
const GAME_SECONDS = 600;
mkdirSync(shots, {recursive: true});

function fail(message) {
  throw new Error(message);
}

/**
 * Before the page's scripts: notifications are recorded as the page makes them, and the test can hide the tab (a
 * headless page is never hidden by itself), as a person switching to another tab does.
 */
function recordNotificationsAndHide() {
  window.notified = [];
  const Real = window.Notification;
  class Recorded extends Real {
    constructor(title, options) {
      window.notified.push(options?.body ?? title);
      super(title, options);
    }
  }
  Recorded.requestPermission = Real.requestPermission.bind(Real);
  Object.defineProperty(Recorded, "permission", {get: () => Real.permission});
  window.Notification = Recorded;
  let hidden = false;
  Object.defineProperty(document, "visibilityState", {get: () => (hidden ? "hidden" : "visible"), configurable: true});
  Object.defineProperty(document, "hidden", {get: () => hidden, configurable: true});
  window.hideTab = (value) => {
    hidden = value;
    document.dispatchEvent(new Event("visibilitychange"));
  };
}

async function device(browser, label, problems) {
  const context = await browser.newContext({locale: "en-GB", viewport: {width: 1280, height: 900}});
  await context.grantPermissions(["notifications"], {origin: api});
  await context.addInitScript(recordNotificationsAndHide);
  const page = await context.newPage();
  page.on("pageerror", (error) => problems.push(`${label}: page error: ${error.message}`));
  await page.goto(lobby);
  await page.waitForSelector("body[data-ready]");
  return {context, page, label};
}

async function signUp(page, name) {
  await page.fill("#account-name", name);
  await page.fill("#account-password", PASSWORD);
  await page.click("#sign-up");
  await page.waitForSelector("#signed-in");
}

/** axe-core on the page at 1280 px, then at 390 px (where nothing may scroll sideways); a screenshot of each. */
async function checkBothWidths(page, where, shot, problems) {
  problems.push(...await accessibilityProblems(page, where));
  if (shot) await page.screenshot({path: join(shots, `${shot}.png`), fullPage: true});
  await page.setViewportSize({width: 390, height: 844});
  problems.push(...await accessibilityProblems(page, `${where} at 390 px`));
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > 390) problems.push(`${where}: ${wide} px wide at 390 px`);
  if (shot) await page.screenshot({path: join(shots, `${shot}-390.png`), fullPage: true});
  await page.setViewportSize({width: 1280, height: 900});
}

/** What the table asks of the person: "done" once the result shows, "act" when the board or prompt offers a click. */
const tableState = () => {
  if (!document.getElementById("result").hidden) return "done";
  if (document.body.dataset.busy) return "wait";
  const open = document.querySelectorAll("#board .pickable[aria-disabled=false], #prompt-area button.choice:not([disabled])");
  return open.length ? "act" : "wait";
};
const CLICKABLE = "#board .pickable[aria-disabled=false]:not(.selected), #prompt-area button.choice:not([disabled])";

/** One click on the board or the prompt of `page`, if it has one to make; its state. */
async function step(page) {
  const state = await page.evaluate(tableState);
  if (state !== "act") return state;
  const targets = page.locator(CLICKABLE);
  const count = await targets.count();
  if (count) await targets.nth(Math.floor(random() * count)).click({timeout: 2000}).catch(() => {});
  return state;
}

await inBrowser("rated", args.chromium, async (browser, problems) => {
  const ann = await device(browser, "A", problems);
  const bob = await device(browser, "B", problems);
  await signUp(ann.page, A);
  await signUp(bob.page, B);
  await checkBothWidths(bob.page, "home signed in", null, problems);

  // A creates a rated table and invites B by name.
  await ann.page.selectOption("#title", TITLE);
  await ann.page.check("#rated");
  const second = ann.page.locator("#seats select").nth(1);
  await second.selectOption("account");
  await ann.page.fill(`.invitee[data-seat="${await second.getAttribute("data-seat")}"]`, B);
  await ann.page.click("#create-button");
  await ann.page.waitForSelector("#created:not([hidden])");
  const game = await ann.page.getAttribute("#created", "data-game");

  // B's home page shows the invitation, live, and the title counts it.
  const invitation = bob.page.locator(`#my-games li[data-game="${game}"][data-stage="invited"]`);
  await invitation.waitFor({timeout: 15000}).catch(() => fail(`B's home page does not show the invitation to ${game}`));
  await bob.page.waitForFunction(() => /^\(1\) /.test(document.title), null, {timeout: 15000})
    .catch(async () => fail(`B's tab title does not count the invitation: ${await bob.page.title()}`));
  // The entry tells who invites and that the game is rated, from the listing alone.
  const entry = await invitation.textContent();
  if (!entry.includes(A) || !/rated/i.test(entry)) fail(`B's invitation does not name ${A} nor say rated: ${entry}`);
  await checkBothWidths(bob.page, "home with an invitation", "home", problems);
  await Promise.all([bob.page.waitForURL(/table\.html/), invitation.locator(".accept-invitation").click()]);
  await bob.page.waitForSelector("body[data-ready]");
  await Promise.all([ann.page.waitForURL(/table\.html/), ann.page.click("#created a.play")]);
  await ann.page.waitForSelector("body[data-ready]");
  if (/token/.test(ann.page.url()) || /token/.test(bob.page.url())) fail("a table's address carries a token");

  // They play on the board; B's tab is hidden until a notification says it is B's turn.
  await bob.page.evaluate(() => window.hideTab(true));
  let notified = false;
  const deadline = Date.now() + GAME_SECONDS * 1000;
  let clicks = 0;
  for (;;) {
    if (Date.now() > deadline) fail(`no result after ${clicks} clicks`);
    if (!notified) {
      const notes = await bob.page.evaluate(() => window.notified);
      if (notes.length) {
        notified = true;
        if (!notes.some((note) => /Your turn/.test(note))) fail(`B's notifications do not say it is B's turn: ${notes}`);
        await bob.page.evaluate(() => window.hideTab(false));
      }
    }
    const annState = await step(ann.page);
    // While B's tab is hidden, B does not play: the notification is what brings B back.
    const bobState = notified ? await step(bob.page) : "hidden";
    if (annState === "done" && bobState === "done") break;
    if (annState !== "act" && bobState !== "act") await ann.page.waitForTimeout(50);
    clicks += 1;
  }
  if (!notified) fail("B's hidden tab got no notification");

  // The result in words, with each player's new rating.
  for (const person of [ann, bob]) {
    await person.page.waitForSelector("#result .rating-changes li", {timeout: 15000})
      .catch(() => fail(`${person.label} sees no rating change in the result`));
  }
  await checkBothWidths(ann.page, "table at the end", "result", problems);

  // A asks for a rematch from the result: her table of it opens, and B's link to it shows once B's page learns of it.
  await Promise.all([ann.page.waitForURL((url) => url.searchParams.get("game") !== game), ann.page.click("#rematch-button")]);
  await ann.page.waitForSelector("body[data-ready]");
  const rematch = new URL(ann.page.url()).searchParams.get("game");
  if (!await ann.page.textContent("#status").then((status) => /you play/.test(status))) fail("A is not seated in the rematch");
  await bob.page.reload();
  await bob.page.waitForSelector(`#rematch-link[href*="${rematch}"]`, {timeout: 15000})
    .catch(() => fail("B's table of the finished game does not lead to the rematch"));

  // Their profiles show their ratings; the leaderboard (provisional: new players) lists both.
  for (const [person, name] of [[ann, A], [bob, B]]) {
    await person.page.goto(`${api}/play/profile.html`);
    await person.page.waitForSelector("body[data-ready]");
    const row = person.page.locator(`#ratings tr[data-title="${TITLE}"]`);
    await row.waitFor({timeout: 10000}).catch(() => fail(`${name}'s profile shows no ${TITLE} rating`));
  }
  await ann.page.goto(`${api}/play/leaderboard.html?title=${TITLE}`);
  await ann.page.waitForSelector("body[data-ready]");
  await ann.page.check("#leaderboard-provisional");
  for (const name of [A, B]) {
    await ann.page.waitForSelector(`#leaderboard tr[data-account-name="${name}"]`, {timeout: 10000})
      .catch(() => fail(`the leaderboard does not list ${name}`));
  }

  // Quick play: the wait screen, then cancelled.
  await ann.page.goto(lobby);
  await ann.page.waitForSelector("body[data-ready]");
  await ann.page.selectOption("#seek-title", "alea-iacta-est");
  await ann.page.click("#seek-button");
  await ann.page.waitForSelector("#seek-wait", {timeout: 10000}).catch(() => fail("quick play shows no wait screen"));
  await checkBothWidths(ann.page, "quick play's wait", "quick-play-wait", problems);
  await ann.page.click("#seek-cancel");
  await ann.page.waitForSelector("#seek-button");

  // B, on another device, finds the finished game and steps through its replay.
  const third = await device(browser, "B's other device", problems);
  await third.page.fill("#account-name", B);
  await third.page.fill("#account-password", PASSWORD);
  await third.page.click("#sign-in");
  const finished = third.page.locator(`#my-finished li[data-game="${game}"] a`);
  await finished.waitFor({timeout: 15000}).catch(() => fail("B's other device does not list the finished game"));
  await Promise.all([third.page.waitForURL(/at=0/), finished.click()]);
  await third.page.waitForSelector(`#replay-version[data-version="0"]`, {timeout: 15000});
  for (const expected of [1, 2]) {
    await third.page.click("#replay-next");
    await third.page.waitForSelector(`#replay-version[data-version="${expected}"]`, {timeout: 15000})
      .catch(() => fail(`the replay does not step to ${expected}`));
  }
  if (!/at=2/.test(third.page.url())) fail(`the address does not name the step shown: ${third.page.url()}`);
  const later = await third.page.locator("#log-lines li.after-replay").count();
  if (!later) fail("the replay sets no later log line apart");
  await third.page.click("#replay-previous");
  await third.page.waitForSelector(`#replay-version[data-version="1"]`, {timeout: 15000});

  // On B's first device, My profile lists both devices; B signs the other one out, which is signed out at once.
  await bob.page.goto(`${api}/play/profile.html`);
  await bob.page.waitForSelector("body[data-ready]");
  const sessions = bob.page.locator("#sessions li");
  if (await sessions.count() !== 2) fail(`B's profile lists ${await sessions.count()} sessions, not 2`);
  await bob.page.click("#sessions li button.end-session");
  await bob.page.waitForFunction(() => document.querySelectorAll("#sessions li").length === 1, null, {timeout: 10000})
    .catch(() => fail("the session ended is still listed"));
  await third.page.goto(lobby);
  await third.page.waitForSelector("body[data-ready]");
  if (!await third.page.isVisible("#sign-in-form")) fail("the device signed out elsewhere is still signed in");
  if (!await bob.page.isVisible("#profile-name")) fail("B's own device was signed out too");
  console.log(`rated: ${A} and ${B} played game ${game} to the end in ${clicks} rounds of clicks`);
});
