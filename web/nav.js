// The header of the pages beside the lobby (profile, leaderboard): the way home, the links between the pages in the
// page's language, and the language switch.

import {el, pageUrl} from "./api.js";
import {langSwitch, t} from "./i18n.js";

export function drawPageHeader() {
  document.getElementById("lang").replaceChildren(langSwitch(el));
  document.getElementById("home").href = pageUrl("./");
  document.getElementById("nav").setAttribute("aria-label", t("pages"));
  for (const [id, page, key] of [["nav-lobby", "./", "lobby"], ["nav-profile", "profile.html", "my profile"],
    ["nav-leaderboard", "leaderboard.html", "leaderboard"]]) {
    const link = document.getElementById(id);
    link.href = pageUrl(page);
    link.textContent = t(key);
  }
}
