// Told when it is my turn, on any page of a person signed in: the account's notifications are followed over an
// EventSource on the service's own origin (the session cookie opens it; the browser resumes it with Last-Event-ID),
// and the games waiting for me (my turn, invitations) are counted in the tab's title and its icon. While the tab is
// hidden, each notification worth a look is also a browser notification (permission asked once, on a click) and, if
// the person chose it, a short sound.

import {API, call, el, pageUrl} from "./api.js";
import {lang, t} from "./i18n.js";

/** The notifications that call for the person: what each says, and where it leads. */
const TOLD = {
  your_turn: (note, title) => [t("alert your turn", title), {game: note.game, seat: note.seat}],
  invited: (note, title) => [t("alert invited", title), {game: note.game, seat: note.seat}],
  game_finished: (note, title) => [t("alert finished", title), {game: note.game}],
  matched: (note, title) => [t("alert matched", title), {game: note.game, seat: note.seat}],
  rematch_offered: (note, title) => [t("alert rematch", title), {game: note.rematch ?? note.game}],
};
/** Every kind the stream sends: each may change which games wait for me. */
const KINDS = [...Object.keys(TOLD), "game_started", "seat_joined", "invitation_declined", "seek_expired"];
const SOUND = "ludus:sound";
const ASKED = "ludus:notifications-asked";

/** The games waiting for the person now: those where it is their turn, and the invitations. */
async function countWaiting() {
  const active = await call("GET", "/v1/accounts/me/games?status=active&limit=100");
  return active.games.filter((game) => game.my_turn || game.invited?.length).length;
}

/** The tab's title and icon with `count` games waiting ("(2) ludus: lobby"). */
function showCount(count) {
  const pageTitle = document.title.replace(/^\(\d+\) /, "");
  document.title = count ? `(${count}) ${pageTitle}` : pageTitle;
  document.body.dataset.waiting = String(count);
  let icon = document.querySelector("link[rel=icon]");
  if (!icon) {
    icon = el("link", {rel: "icon", type: "image/svg+xml"});
    document.head.append(icon);
  }
  const badge = count
    ? `<circle cx="22" cy="10" r="10" fill="#b3261e"/><text x="22" y="15" font-size="14" text-anchor="middle" fill="#fff" font-family="sans-serif">${Math.min(count, 9)}</text>`
    : "";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="6" width="24" height="24" rx="5" fill="#7a2e1f"/><text x="14" y="25" font-size="18" text-anchor="middle" fill="#fff" font-family="serif">L</text>${badge}</svg>`;
  icon.href = `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** A short tone, for a person who asked for sound. */
function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    volume.gain.value = 0.1;
    tone.frequency.value = 660;
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.15);
    tone.onended = () => audio.close();
  } catch {
    // No audio here: the title and the notification still tell.
  }
}

/** A browser notification for `note` while the tab is hidden, and the sound if chosen. */
function tell(note, titleName) {
  const told = TOLD[note.type];
  if (!told || document.visibilityState !== "hidden") return;
  const [body, where] = told(note, titleName(note.title));
  if (localStorage.getItem(SOUND) === "on") beep();
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  const shown = new Notification("ludus", {body, tag: `${note.game}:${note.type}`, lang});
  shown.onclick = () => {
    window.focus();
    location.href = pageUrl("table.html", where);
  };
}

/**
 * Follows the account's notifications: the count in the title and icon, browser notifications and sound while the
 * tab is hidden; `changed(note)` is called after each (the lobby redraws its games). `titleName(id)` names a title.
 */
export async function followAccount({titleName = (id) => id, changed = () => {}} = {}) {
  const recount = async () => {
    try {
      showCount(await countWaiting());
    } catch {
      // Signed out meanwhile: the count stays as it was until the next page.
    }
  };
  await recount();
  const source = new EventSource(`${API}/v1/accounts/me/stream?lang=${lang}`);
  for (const kind of KINDS) {
    source.addEventListener(kind, (message) => {
      const note = {type: kind, ...JSON.parse(message.data)};
      tell(note, titleName);
      recount();
      changed(note);
    });
  }
  return () => source.close();
}

/** The person's choices about alerts: a button to allow notifications (shown until asked once) and a sound switch. */
export function alertSettings() {
  const controls = [];
  if ("Notification" in window && Notification.permission === "default" && !localStorage.getItem(ASKED)) {
    const allow = el("button", {type: "button", id: "allow-notifications", onclick: async () => {
      localStorage.setItem(ASKED, "yes");
      allow.remove();
      await Notification.requestPermission();
    }}, t("allow notifications"));
    controls.push(allow);
  }
  const sound = el("input", {type: "checkbox", id: "sound-switch", checked: localStorage.getItem(SOUND) === "on",
    onchange: () => localStorage.setItem(SOUND, sound.checked ? "on" : "off")});
  controls.push(el("label", {}, sound, ` ${t("sound")}`));
  return controls;
}
