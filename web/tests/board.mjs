// Plays every title to the end on its board, as a person would, against the computer: from the lobby's one-click
// "play against the computer" (a `search` bot in every other seat), clicking only the board's elements and the
// prompt's choices above it (never the Advanced list or the JSON form), one pick in two from the keyboard, once in
// French, once in English and once in German (the browser's language picks it). axe-core checks the lobby and each
// table (mid-game and at the end) for serious or critical accessibility violations; screenshots of each table at
// 1280 and 390 px wide go to --screenshots.
//
// node board.mjs --api http://127.0.0.1:PORT --chromium /usr/bin/chromium [--screenshots DIR] [--titles a,b]
//   [--langs fr,en,de] [--seed N] [--page-port PORT] [--no-progress-rounds N]
// With --page-port the pages come from web/ on disk at that port (the API must allow its origin: LUDUS_CORS_ORIGINS),
// so that edits show without rebuilding the server; without it, from the server's own /play/.

import {mkdirSync} from "node:fs";
import {join} from "node:path";
import {chromium} from "playwright-core";
import {generator} from "./random.mjs";
import {accessibilityProblems} from "./harness.mjs";
import {serveWebFromAnotherOrigin} from "./serve.mjs";

const TITLES = ["caesar-cleopatra", "alea-iacta-est", "caligula", "rome-carthage"];
/** Clicks one game may take before the test calls it endless. */
const MAX_CLICKS = 4000;
/** Wall-clock limit of one game. */
const GAME_SECONDS = 600;
/** The click after which the mid-game checks and screenshots are made. */
const MID_GAME = 25;
const LOCALES = {fr: "fr-FR", en: "en-GB", de: "de-DE"};
/** Words of the page that show which language it speaks. */
const SPOKEN = {fr: /vous jouez/, en: /you play/, de: /du spielst/};

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, arg, index, all) =>
  arg.startsWith("--") ? [...pairs, [arg.slice(2), all[index + 1]]] : pairs, []));
/**
 * Options the lobby's one-click game is created with, per title (the page's request is amended on its way). Rome et
 * Carthage's draw after `no_progress_rounds` rounds without an elimination (default 60) made its games 1.5 to 4 min
 * each; with fewer, each still plays to its end (a win, or that draw), sooner. --no-progress-rounds N sets it.
 */
const OPTIONS = {"rome-carthage": {no_progress_rounds: Number(args["no-progress-rounds"] ?? 10)}};
const api = args.api;
const shots = args.screenshots ?? "target/board-screenshots";
const titles = args.titles ? args.titles.split(",") : TITLES;
const langs = args.langs ? args.langs.split(",") : ["fr", "en", "de"];
const seed = Number(args.seed ?? 7);
const pagePort = args["page-port"] ? Number(args["page-port"]) : null;
const lobbyUrl = pagePort ? `http://127.0.0.1:${pagePort}/index.html?api=${encodeURIComponent(api)}` : `${api}/play/`;
mkdirSync(shots, {recursive: true});

function fail(message) {
  throw new Error(message);
}

/** What the table asks of the person: "done" once the result shows, "act" when the board or prompt offers a click. */
const tableState = () => {
  if (!document.getElementById("result").hidden) return "done";
  if (document.body.dataset.busy) return null;
  const open = document.querySelectorAll(
    "#board .pickable[aria-disabled=false], #prompt-area button.choice:not([disabled]), #prompt-area button.cancel");
  return [...open].some((node) => !node.classList.contains("cancel")) ? "act" : null;
};

/** What a pick changes: the chosen elements, the prompt, a move under way (busy), the game's version. */
const signature = () => [document.querySelectorAll("#board .pickable.selected").length,
  document.getElementById("prompt-area").textContent, document.body.dataset.busy ?? "",
  document.getElementById("status").dataset.version].join("|");

/** The elements a person may click now: the board's open elements and the prompt's choices (not Cancel). */
const CLICKABLE = "#board .pickable[aria-disabled=false]:not(.selected), #prompt-area button.choice:not([disabled])";

async function playOnBoard(browser, title, lang, index) {
  const started = Date.now();
  const deadline = started + GAME_SECONDS * 1000;
  const problems = [];
  const context = await browser.newContext({viewport: {width: 1280, height: 900}, locale: LOCALES[lang]});
  const page = await context.newPage();
  if (OPTIONS[title]) {
    await page.route(`${api}/v1/games`, async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      const body = request.postDataJSON();
      body.options = {...OPTIONS[title], ...body.options};
      return route.continue({postData: JSON.stringify(body)});
    });
  }
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  const label = `${title} (${lang})`;
  const random = generator(seed + index);
  try {
    await page.goto(lobbyUrl);
    await page.waitForSelector("body[data-ready]");
    if (index === 0 || lang !== langs[0]) problems.push(...await accessibilityProblems(page, `lobby (${lang})`));
    // The lobby is ready too: wait for the table's page before waiting for it to be ready.
    await Promise.all([page.waitForURL(/table\.html/), page.click(`button.quick-play[data-title="${title}"]`)]);
    await page.waitForSelector("body[data-ready]");
    const status = await page.textContent("#status");
    if (!SPOKEN[lang].test(status)) fail(`${label}: the table does not speak ${lang}: ${status}`);
    let clicks = 0;
    const keys = {tried: 0, worked: 0};
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) fail(`${label}: out of time after ${clicks} clicks`);
      const state = await page.waitForFunction(tableState, null, {timeout: left, polling: 50})
        .then((handle) => handle.jsonValue())
        .catch(async () => fail(`${label}: neither a click to make nor the result, after ${clicks} clicks; the page says: ` +
          `${await page.textContent("#prompt-area")} / ${await page.textContent("#error")}`));
      if (state === "done") break;
      if (++clicks > MAX_CLICKS) fail(`${label}: no result after ${MAX_CLICKS} clicks`);
      const targets = page.locator(CLICKABLE);
      const count = await targets.count();
      if (!count) continue;
      // A redraw may come between the look and the click: the click then fails, and the loop looks again. One pick
      // in two is made from the keyboard (focus, then Enter or Space), as a person without a mouse would.
      const target = targets.nth(Math.floor(random() * count));
      if (clicks % 2) {
        const before = await page.evaluate(signature);
        await target.focus({timeout: 2000}).then(() => page.keyboard.press(clicks % 4 === 1 ? "Enter" : " ")).catch(() => {});
        keys.tried += 1;
        if (await page.evaluate(signature) !== before) keys.worked += 1;
      } else {
        await target.click({timeout: 2000}).catch(() => {});
      }
      if (clicks === MID_GAME) {
        await page.screenshot({path: join(shots, `${title}-${lang}-1280.png`)});
        await page.setViewportSize({width: 390, height: 844});
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        if (wide > 390 + 1) problems.push(`${label}: the table is ${wide} px wide at a 390 px viewport`);
        // What may be clicked now is on the first screen, under the prompt, not a long scroll below it.
        const firstOpen = await page.evaluate(() => Math.min(...[...document.querySelectorAll("#board .pickable.open")]
          .map((element) => element.getBoundingClientRect().top + window.scrollY)));
        if (Number.isFinite(firstOpen) && firstOpen > 844) {
          problems.push(`${label}: at 390 px the first element to click is ${Math.round(firstOpen)} px down the page`);
        }
        await page.screenshot({path: join(shots, `${title}-${lang}-390.png`), fullPage: true});
        await page.setViewportSize({width: 1280, height: 900});
        problems.push(...await accessibilityProblems(page, `${label} mid-game`));
      }
    }
    // A pick from the keyboard does nothing only when the board was redrawn under it (a bot moved meanwhile).
    if (keys.worked < keys.tried / 2) problems.push(`${label}: only ${keys.worked} of ${keys.tried} keyboard picks did something`);
    const errors = Number(await page.getAttribute("body", "data-errors") ?? 0);
    if (errors) problems.push(`${label}: ${errors} errors shown: ${await page.textContent("#error")}`);
    const log = await page.locator("#log-lines li").allTextContents();
    if (log.length < 5) problems.push(`${label}: the game log shows ${log.length} lines`);
    if (log.some((line) => /_/.test(line))) problems.push(`${label}: an id in the log: ${log.find((line) => /_/.test(line))}`);
    await page.screenshot({path: join(shots, `${title}-${lang}-end.png`)});
    problems.push(...await accessibilityProblems(page, `${label} at the end`));
    if (problems.length) fail(problems.join("\n"));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const result = (await page.innerText("#result")).replace(/\s+/g, " ").trim();
    console.log(`${label}: played to the end on the board in ${seconds} s (${clicks} picks, ${keys.worked} of them by ` +
      `keyboard; the log has ${log.length} ` +
      `lines, e.g. "${log[Math.floor(log.length / 2)]}"; the result: "${result.slice(0, 100)}"); axe-core: no serious or ` +
      "critical violation");
  } catch (error) {
    await page.screenshot({path: join(shots, `${title}-${lang}-failed.png`)}).catch(() => {});
    throw new Error([error.message, ...problems].join("\n"));
  } finally {
    await context.close();
  }
}

const server = pagePort ? await serveWebFromAnotherOrigin(pagePort) : null;
const browser = await chromium.launch({
  executablePath: args.chromium,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
let failed = false;
try {
  let index = 0;
  for (const title of titles) {
    for (const lang of langs) {
      try {
        await playOnBoard(browser, title, lang, index++);
      } catch (error) {
        failed = true;
        console.error(`FAILED ${title} (${lang}): ${error.message}`);
      }
    }
  }
} finally {
  await browser.close();
  server?.close();
}
console.log(`screenshots in ${shots}`);
process.exit(failed ? 1 : 0);
