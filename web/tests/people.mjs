// People who come back, in headless Chromium. A guest plays against the computer, then creates an account in the
// lobby: the game becomes the account's (bound with the token that browser held) and shows under "My games", linked
// with no token. From another browser context (another device) the person signs in with the same name and password,
// finds the game, opens it and moves as the seat through the session cookie alone; a wrong password is told in words;
// signing out there leaves the first device signed in. axe-core checks the lobby signed out and signed in, at 1280
// and 390 px.
//
// node people.mjs --api http://127.0.0.1:PORT --chromium /usr/bin/chromium

import {accessibilityProblems, inBrowser} from "./harness.mjs";

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, arg, index, all) =>
  arg.startsWith("--") ? [...pairs, [arg.slice(2), all[index + 1]]] : pairs, []));
const api = args.api;
const lobby = `${api}/play/`;
const NAME = `livia${Date.now() % 100000}`;
const PASSWORD = "correct horse battery";

function fail(message) {
  throw new Error(message);
}

async function device(browser, label, problems) {
  const context = await browser.newContext({locale: "en-US"});
  const page = await context.newPage();
  page.on("pageerror", (error) => problems.push(`${label}: page error: ${error.message}`));
  await page.goto(lobby);
  await page.waitForSelector("body[data-ready]");
  return {context, page};
}

async function signIn(page, button, password = PASSWORD) {
  await page.fill("#account-name", NAME);
  await page.fill("#account-password", password);
  await page.click(button);
}

/** Waits for `game` among "My games" and answers its link. */
async function listed(page, game, label) {
  const link = page.locator(`#my-games li[data-game="${game}"] a`);
  await link.waitFor({timeout: 15000}).catch(() => fail(`${label}: game ${game} is not among "My games"`));
  const href = await link.getAttribute("href");
  if (/token/.test(href)) fail(`${label}: the link to the game carries a token: ${href}`);
  return link;
}

await inBrowser("people", args.chromium, async (browser, problems) => {
  // A guest plays against the computer, then signs up.
  const first = await device(browser, "first device", problems);
  problems.push(...await accessibilityProblems(first.page, "lobby signed out"));
  await Promise.all([first.page.waitForURL(/table\.html/),
    first.page.click('button.quick-play[data-title="caesar-cleopatra"]')]);
  await first.page.waitForSelector("body[data-ready]");
  const game = new URL(first.page.url()).searchParams.get("game");
  await first.page.goto(lobby);
  await first.page.waitForSelector("body[data-ready]");
  await signIn(first.page, "#sign-up");
  await first.page.waitForSelector("#signed-in");
  await listed(first.page, game, "after signing up");
  problems.push(...await accessibilityProblems(first.page, "lobby signed in"));
  await first.page.setViewportSize({width: 390, height: 844});
  problems.push(...await accessibilityProblems(first.page, "lobby signed in at 390 px"));
  console.log(`people: a guest's game ${game} is the account's once the guest signed up, listed with no token`);

  // Another device: a wrong password is told, the right one finds the game, which is played through the cookie.
  const second = await device(browser, "second device", problems);
  await signIn(second.page, "#sign-in", "not the password");
  await second.page.waitForSelector("#error:not([hidden])");
  const refused = await second.page.textContent("#error");
  if (!/^Unauthorized: /.test(refused)) fail(`a wrong password reads ${JSON.stringify(refused)}`);
  await signIn(second.page, "#sign-in");
  await second.page.waitForSelector("#signed-in");
  const link = await listed(second.page, game, "on another device");
  await Promise.all([second.page.waitForURL(/table\.html/), link.click()]);
  await second.page.waitForSelector("body[data-ready]");
  const status = await second.page.textContent("#status");
  if (!/^you play /.test(status)) fail(`on another device the table reads ${JSON.stringify(status)}`);
  if (await second.page.isVisible("#join")) fail("on another device the table offers to join a seat the account holds");
  const before = Number(await second.page.getAttribute("#status", "data-version"));
  const deadline = Date.now() + 30000;
  let moved = false;
  while (!moved && Date.now() < deadline) {
    const open = second.page.locator("#board .pickable[aria-disabled=false], #prompt-area button.choice");
    const count = await open.count();
    if (count) await open.nth(0).click({timeout: 2000}).catch(() => {});
    await second.page.waitForTimeout(200);
    moved = Number(await second.page.getAttribute("#status", "data-version")) > before &&
      !(await second.page.isVisible("#error"));
  }
  if (!moved) fail(`on another device no move was made in 30 s: ${await second.page.textContent("#error")}`);
  console.log("people: signed in on another device, the game is found and played through the session cookie");

  // Signing out there ends that session only.
  await second.page.goto(lobby);
  await second.page.waitForSelector("body[data-ready]");
  await second.page.click("#sign-out");
  await second.page.waitForSelector("#sign-in-form");
  if (await second.page.isVisible("#my-games-section")) fail("signed out, the games still show");
  await first.page.reload();
  await first.page.waitForSelector("body[data-ready]");
  if (!(await first.page.isVisible("#signed-in"))) fail("signing out on one device signed the other out");
  console.log("people: signed out on one device, still signed in on the other");
  await Promise.all([first.context.close(), second.context.close()]);
});
