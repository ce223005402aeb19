// The table's chat and presence dots in headless Chromium: two people at one table, each in a browser context of its
// own. One sends `<img src=x onerror=alert(1)>` from the chat panel, and the other a `<script>` through the API: both
// pages show both messages as the literal text, create no element from them and run nothing (alert is hooked, and
// so are dialogs and page errors). Each sees the other's dot turn green while its page is open, and grey once it
// closed and the presence TTL passed (the server runs with a short one).
//
// node chat.mjs --api http://127.0.0.1:PORT --chromium /usr/bin/chromium

import {inBrowser} from "./harness.mjs";

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, arg, index, all) =>
  arg.startsWith("--") ? [...pairs, [arg.slice(2), all[index + 1]]] : pairs, []));
const api = args.api;
const IMG = "<img src=x onerror=alert(1)>";
const SCRIPT = "<script>alert(2)</script><b>bold?</b>";

function fail(message) {
  throw new Error(message);
}

async function post(path, token, body) {
  const response = await fetch(`${api}${path}`, {
    method: "POST",
    headers: {"Content-Type": "application/json", ...(token ? {Authorization: `Bearer ${token}`} : {})},
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) fail(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** A page at the table as `seat`, with its token handed over as an invitation does, and alert hooked. */
async function seatPage(browser, game, seat, token, problems) {
  const context = await browser.newContext();
  // Anything the payload would run ends up here; the page's own alert is never used.
  await context.addInitScript(() => {
    window.__ran = [];
    window.alert = (what) => window.__ran.push(`alert(${what})`);
  });
  const page = await context.newPage();
  page.on("dialog", (dialog) => {
    problems.push(`${seat}: a dialog opened: ${dialog.message()}`);
    dialog.dismiss().catch(() => {});
  });
  page.on("pageerror", (error) => problems.push(`${seat}: page error: ${error.message}`));
  await page.goto(`${api}/play/table.html?game=${game}&seat=${seat}#token=${token}`);
  await page.waitForSelector("body[data-ready]");
  await page.waitForSelector("#chat:not([hidden])");
  return {context, page};
}

/** Waits until `page` shows `count` chat messages. */
async function waitForMessages(page, count, label) {
  await page.waitForFunction((count) => document.querySelectorAll("#chat-messages li").length >= count, count,
    {timeout: 15000}).catch(() => fail(`${label}: fewer than ${count} chat messages showed`));
}

async function dotOf(page, seat) {
  return page.getAttribute(`#players li[data-seat="${seat}"] .presence`, "data-connected");
}

async function waitForDot(page, seat, connected, label) {
  await page.waitForSelector(`#players li[data-seat="${seat}"] .presence[data-connected="${connected}"]`, {timeout: 20000})
    .catch(async () => fail(`${label}: ${seat}'s dot never turned ${connected ? "green" : "grey"} ` +
      `(it says ${await dotOf(page, seat)})`));
}

await inBrowser("chat", args.chromium, async (browser, problems) => {
  const created = await post("/v1/games", null, {title: "caesar-cleopatra", players: 2});
  const game = created.game.id;
  const token = Object.fromEntries(created.seats.map(({seat, token}) => [seat, token]));
  const caesar = await seatPage(browser, game, "caesar", token.caesar, problems);
  const cleopatra = await seatPage(browser, game, "cleopatra", token.cleopatra, problems);
  await waitForDot(caesar.page, "cleopatra", true, "caesar");
  await waitForDot(cleopatra.page, "caesar", true, "cleopatra");

  await caesar.page.fill("#chat-text", IMG);
  await caesar.page.click("#chat-form button");
  // The click only starts the page's request: the message is stored once the page shows it, and only then the
  // second one is sent, so that both pages must list them in this order.
  await waitForMessages(caesar.page, 1, "caesar");
  await post(`/v1/games/${game}/chat`, token.cleopatra, {text: SCRIPT});
  for (const [{page}, label] of [[caesar, "caesar"], [cleopatra, "cleopatra"]]) {
    await waitForMessages(page, 2, label);
    // An image that failed to load would have fired its onerror by now.
    await page.waitForTimeout(500);
    const seen = await page.evaluate(() => ({
      texts: [...document.querySelectorAll("#chat-messages .text")].map((node) => node.textContent),
      ran: window.__ran,
      elements: [...document.querySelectorAll("#chat-messages li *")].map((node) => node.tagName.toLowerCase()),
      images: document.querySelectorAll("img").length,
      scripts: [...document.querySelectorAll("script")].map((node) => node.src || "inline"),
      authors: [...document.querySelectorAll("#chat-messages .author")].map((node) => node.textContent),
    }));
    if (seen.ran.length) fail(`${label}: the payload ran: ${seen.ran.join(", ")}`);
    if (seen.images) fail(`${label}: ${seen.images} <img> element(s) in the page`);
    if (seen.scripts.some((src) => src === "inline")) fail(`${label}: an inline <script> element in the page`);
    if (seen.elements.some((tag) => !["b", "span"].includes(tag))) {
      fail(`${label}: the chat holds elements of its messages: ${seen.elements.join(", ")}`);
    }
    if (JSON.stringify(seen.texts) !== JSON.stringify([IMG, SCRIPT])) {
      fail(`${label}: the messages read ${JSON.stringify(seen.texts)}, not as written`);
    }
    if (seen.authors.join(",") !== "Caesar,Cleopatra") fail(`${label}: authors ${seen.authors.join(",")}`);
  }
  console.log("chat: both payloads shown as text on both pages, nothing ran, no element made of them");

  await cleopatra.context.close();
  await waitForDot(caesar.page, "cleopatra", false, "caesar");
  console.log("presence: each sees the other here, and cleopatra gone once her page closed and the TTL passed");
  await caesar.context.close();
});
