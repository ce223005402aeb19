// Passkeys in headless Chromium, with its virtual authenticators (DevTools' WebAuthn domain) standing for the devices'
// own. A person signs up with a name and a password, adds a passkey on My profile (listed with its name and the day
// it was added), signs out and signs in again with the passkey alone. On another device (a new browser context whose
// authenticator is given a copy of the first one's passkey, as a password manager syncs it), a guest game is played,
// then the passkey signs in to the same account and the game becomes the account's. Closing the browser's dialog is
// told in a short word. Once the passkey is removed on My profile, a third device holding a copy of it is refused
// (401 `invalid_passkey`, shown as an error) and stays signed out. axe-core checks My profile with its passkeys at
// 1280 and 390 px, where nothing may scroll sideways.
//
// WebAuthn refuses an IP address as the site, so the pages are opened at http://localhost:PORT (the port of --api),
// which Chromium is told to reach at 127.0.0.1, where the server listens.
//
// node passkeys.mjs --api http://127.0.0.1:PORT --chromium /usr/bin/chromium

import {accessibilityProblems, inBrowser} from "./harness.mjs";

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, arg, index, all) =>
  arg.startsWith("--") ? [...pairs, [arg.slice(2), all[index + 1]]] : pairs, []));
const site = new URL(args.api);
if (site.hostname === "127.0.0.1") site.hostname = "localhost";
const origin = site.origin;
const lobby = `${origin}/play/`;
const profile = `${origin}/play/profile.html`;
const NAME = `flavia${Date.now() % 100000}`;
const PASSWORD = "correct horse battery";
const PASSKEY = "Test laptop";
const TITLE = "caesar-cleopatra";
/** What the home page says when the browser's dialog is closed (web/i18n.js, "passkey cancelled", in English). */
const CANCELLED = "No passkey was chosen: you are not signed in.";

function fail(message) {
  throw new Error(message);
}

/** A credential id as the server writes it (base64url, unpadded), from DevTools' base64 or from base64url. */
const base64url = (text) => text.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** A device: a browser context with a virtual platform authenticator (resident keys, user verification, presence
 * always given) on its one page, which opens the home page. Every step stays on that page: the authenticator belongs
 * to it. */
async function device(browser, label, problems) {
  const context = await browser.newContext({locale: "en-GB", viewport: {width: 1280, height: 900}});
  const page = await context.newPage();
  page.on("pageerror", (error) => problems.push(`${label}: page error: ${error.message}`));
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const {authenticatorId} = await cdp.send("WebAuthn.addVirtualAuthenticator", {options: {protocol: "ctap2",
    transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true,
    automaticPresenceSimulation: true}});
  const found = {context, page, cdp, authenticatorId, label};
  await open(found, lobby);
  return found;
}

async function open({page}, url) {
  await page.goto(url);
  await page.waitForSelector("body[data-ready]");
}

/** The passkeys `who`'s authenticator holds. */
async function credentialsOf(who) {
  const {credentials} = await who.cdp.send("WebAuthn.getCredentials", {authenticatorId: who.authenticatorId});
  return credentials;
}

/** Copies the one passkey of `from`'s authenticator to `to`'s, as a password manager syncing it to another device. */
async function copyPasskey(from, to) {
  const credentials = await credentialsOf(from);
  if (credentials.length !== 1) fail(`${from.label}'s authenticator holds ${credentials.length} passkeys, not 1`);
  await to.cdp.send("WebAuthn.addCredential", {authenticatorId: to.authenticatorId, credential: credentials[0]});
  const copied = await credentialsOf(to);
  if (copied.length !== 1 || copied[0].credentialId !== credentials[0].credentialId) {
    fail(`${to.label}'s authenticator did not take the copy of the passkey`);
  }
  return credentials[0];
}

/** The account the page's session cookie stands for (its name), or the status of the refusal. */
const sessionName = (page) => page.evaluate(async () => {
  const response = await fetch("/v1/accounts/me");
  return response.ok ? (await response.json()).name : `status ${response.status}`;
});

const errorText = async (page) => (await page.isVisible("#error")) ? (await page.textContent("#error")).trim() : null;
/** The error shown, in a failure's message. */
const errorWords = async (page) => (await errorText(page)) ?? "no error shown";

/**
 * Clicks "Sign in with a passkey" on the home page, typing nothing, and waits until the page is signed in or shows an
 * error: `{signedIn, error, answer}`, the answer being the server's response to the passkey (null if none was sent).
 */
async function passkeySignIn({page, label}) {
  const button = page.locator("#passkey-sign-in");
  if (!await button.isVisible()) fail(`${label}: the home page offers no "Sign in with a passkey" (#passkey-sign-in)`);
  if (await page.inputValue("#account-name") || await page.inputValue("#account-password")) {
    fail(`${label}: the sign-in form is not empty`);
  }
  let answer = null;
  const record = (response) => {
    if (response.request().method() === "POST" && new URL(response.url()).pathname === "/v1/sessions/passkey") {
      answer = response;
    }
  };
  page.on("response", record);
  await button.click();
  await page.waitForSelector("#signed-in, #error:not([hidden])", {timeout: 20000})
    .catch(() => fail(`${label}: 20 s after "Sign in with a passkey", neither signed in nor an error shown`));
  page.off("response", record);
  return {signedIn: await page.isVisible("#signed-in"), error: await errorText(page), answer};
}

/** Signs in with the passkey, which must succeed as the account NAME. */
async function signInAsNamed(who) {
  const {signedIn, error, answer} = await passkeySignIn(who);
  if (!signedIn) fail(`${who.label}: the passkey did not sign in: ${error} (server: ${answer?.status() ?? "no answer"})`);
  if (answer?.status() !== 200) fail(`${who.label}: POST /v1/sessions/passkey answered ${answer?.status()}, not 200`);
  const shown = await who.page.textContent("#signed-in");
  if (!shown.includes(NAME)) fail(`${who.label}: signed in with the passkey, the page reads ${JSON.stringify(shown)}`);
  const session = await sessionName(who.page);
  if (session !== NAME) fail(`${who.label}: after the passkey, the session is ${session}, not ${NAME}`);
}

/** The profile's entry of passkey `id` (base64url), once listed. */
async function listedPasskey(page, id, label) {
  const entry = page.locator(`#passkeys li[data-passkey="${id}"]`);
  await entry.waitFor({timeout: 15000}).catch(async () =>
    fail(`${label}: My profile does not list passkey ${id}: ${await page.textContent("#passkeys")} ${await errorWords(page)}`));
  return entry;
}

/** axe-core on the page at 1280 px, then at 390 px (where nothing may scroll sideways). */
async function checkBothWidths(page, where, problems) {
  problems.push(...await accessibilityProblems(page, where));
  await page.setViewportSize({width: 390, height: 844});
  problems.push(...await accessibilityProblems(page, `${where} at 390 px`));
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  if (wide > 390) problems.push(`${where}: ${wide} px wide at 390 px`);
  await page.setViewportSize({width: 1280, height: 900});
}

await inBrowser("passkeys", args.chromium, async (browser, problems) => {
  // The first device signs up with a name and a password, and adds a passkey on My profile.
  const first = await device(browser, "first device", problems);
  await first.page.fill("#account-name", NAME);
  await first.page.fill("#account-password", PASSWORD);
  await first.page.click("#sign-up");
  await first.page.waitForSelector("#signed-in", {timeout: 15000})
    .catch(async () => fail(`signing up did not sign in: ${await errorWords(first.page)}`));
  await open(first, profile);
  await first.page.waitForSelector("#passkeys-section:not([hidden])", {timeout: 15000})
    .catch(async () => fail(`My profile shows no passkeys section: ${await errorWords(first.page)}`));
  if (await first.page.locator("#passkeys li[data-passkey]").count()) fail("a new account already lists a passkey");
  if (!await first.page.isVisible("#add-passkey")) fail("My profile offers no \"Add a passkey\" (#add-passkey)");
  await first.page.fill("#passkey-name", PASSKEY);
  await first.page.click("#add-passkey");
  await first.page.waitForSelector("#passkeys li[data-passkey]", {timeout: 15000})
    .catch(async () => fail(`the passkey added is not listed: ${await errorWords(first.page)}`));
  const made = await credentialsOf(first);
  if (made.length !== 1) fail(`the first device's authenticator holds ${made.length} passkeys, not 1`);
  if (made[0].rpId !== "localhost") fail(`the passkey is for ${made[0].rpId}, not localhost`);
  if (!made[0].isResidentCredential) fail("the passkey is not discoverable (resident): it cannot sign in without a name");
  const id = base64url(made[0].credentialId);
  const entry = await listedPasskey(first.page, id, "after adding it");
  const name = await entry.locator(".passkey-name").textContent();
  if (name !== PASSKEY) fail(`the passkey is listed as ${JSON.stringify(name)}, not ${JSON.stringify(PASSKEY)}`);
  const added = Date.parse(await entry.locator("time").first().getAttribute("datetime"));
  if (!(Math.abs(added - Date.now()) < 10 * 60 * 1000)) fail(`the passkey's date added is not now: ${added}`);
  if (!(await entry.locator("time").first().textContent()).trim()) fail("the passkey's date added is not shown");
  if (!await entry.locator("button.remove-passkey").isVisible()) fail("the passkey has no Remove button");
  if (await errorText(first.page)) fail(`adding the passkey showed an error: ${await errorWords(first.page)}`);
  await checkBothWidths(first.page, "My profile with a passkey", problems);
  console.log(`passkeys: ${NAME} added the passkey ${id} on My profile`);

  // Signed out, the passkey alone signs in again.
  await open(first, lobby);
  await first.page.click("#sign-out");
  await first.page.waitForSelector("#sign-in-form");
  if (await sessionName(first.page) !== "status 401") fail("signing out left a session");
  await signInAsNamed(first);
  console.log("passkeys: signed out, the first device signed in again with the passkey, no password typed");

  // Another device holds a copy of the passkey (synced); a guest game played there becomes the account's.
  const second = await device(browser, "second device", problems);
  await Promise.all([second.page.waitForURL(/table\.html/),
    second.page.click(`button.quick-play[data-title="${TITLE}"]`)]);
  await second.page.waitForSelector("body[data-ready]");
  const game = new URL(second.page.url()).searchParams.get("game");
  if (!game) fail(`the guest's game has no id in ${second.page.url()}`);
  await open(second, lobby);
  const held = await second.page.evaluate((game) =>
    Object.keys(localStorage).filter((key) => key.includes(`:${game}:`)).length, game);
  if (!held) fail(`the second device holds no seat token of the guest's game ${game}`);
  await copyPasskey(first, second);
  await signInAsNamed(second);
  await second.page.waitForSelector(`#my-games li[data-game="${game}"]`, {timeout: 15000})
    .catch(() => fail(`after the passkey sign-in, the guest's game ${game} is not among "My games"`));
  console.log(`passkeys: on a second device the synced passkey signed in, and the guest's game ${game} is the account's`);

  // The passkey was used: My profile says when. The person removes it there.
  await open(first, profile);
  const used = await listedPasskey(first.page, id, "after signing in with it");
  if (await used.locator("time").count() !== 2) fail("a passkey used to sign in does not say when it was last used");
  await used.locator("button.remove-passkey").click();
  await first.page.waitForSelector(`#passkeys li[data-passkey="${id}"]`, {state: "detached", timeout: 15000})
    .catch(async () => fail(`the passkey removed is still listed: ${await errorWords(first.page)}`));
  await open(first, profile);
  await first.page.waitForSelector("#passkeys-section:not([hidden])");
  if (await first.page.locator("#passkeys li[data-passkey]").count()) fail("the passkey removed is listed again on reload");
  if (!await first.page.isVisible("#passkeys li.empty")) fail("with no passkey left, My profile does not say so");
  console.log("passkeys: the passkey is removed on My profile");

  // A third device: closing the browser's dialog is told in a short word; then its copy of the removed passkey is
  // refused, told, and it stays signed out.
  const third = await device(browser, "third device", problems);
  await third.page.evaluate(() => {
    navigator.credentials.get = () => Promise.reject(new DOMException("The dialog was closed.", "NotAllowedError"));
  });
  const closed = await passkeySignIn(third);
  if (closed.signedIn) fail("the third device is signed in though the dialog was closed");
  if (closed.error !== CANCELLED) fail(`closing the dialog reads ${JSON.stringify(closed.error)}, not ${JSON.stringify(CANCELLED)}`);
  if (closed.answer) fail("closing the dialog still sent a passkey to the server");
  await open(third, lobby);
  await copyPasskey(second, third);
  const refused = await passkeySignIn(third);
  if (refused.signedIn) fail("a removed passkey still signs in");
  if (!refused.answer) fail(`the removed passkey was not sent to the server: ${refused.error}`);
  const problem = await refused.answer.json().catch(() => null);
  if (refused.answer.status() !== 401 || problem?.code !== "invalid_passkey") {
    fail(`a removed passkey is answered ${refused.answer.status()} ${JSON.stringify(problem)}, not 401 invalid_passkey`);
  }
  if (!refused.error) fail("the refusal of a removed passkey is not shown");
  if (!await third.page.isVisible("#sign-in-form")) fail("refused, the third device's home page shows no sign-in form");
  if (await sessionName(third.page) !== "status 401") fail("refused, the third device has a session all the same");
  console.log(`passkeys: a copy of the removed passkey is refused: ${refused.error}`);
  await Promise.all([first.context.close(), second.context.close(), third.context.close()]);
  if (!problems.length) console.log("passkeys: passed");
}, ["--host-resolver-rules=MAP localhost 127.0.0.1"]);
