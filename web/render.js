// Drawing a seat's view for a person, for any title: the view's JSON as readable panels, cards and other lists of
// small values as chips, dice as die faces; and each legal action as a readable label.

import {el, words} from "./api.js";
import {t} from "./i18n.js";

const DIE_FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const isPrimitive = (value) => value === null || typeof value !== "object";
/** Keys whose values are dice (Alea Iacta Est's hands and placed dice). */
const isDiceKey = (key) => /^(hand|dice)$/i.test(key);

/** A small value as text: enum names as words, booleans as yes/no. */
export function text(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return /^[a-z0-9_]+$/.test(value) ? words(value) : value;
  return String(value);
}

/** A chip: a card, token or die. Cards named `<group>_<n>` read as "Group n". */
export function chip(value, key = "") {
  if (typeof value === "number" && isDiceKey(key) && value >= 1 && value <= 6) {
    return el("span", {class: "chip die", title: `die ${value}`}, DIE_FACES[value - 1]);
  }
  return el("span", {class: "chip card"}, text(value));
}

/** An object whose fields are all small values, drawn as one chip ("Spy", "Censor II", "4 · collective"). */
function compactChip(object) {
  const shown = Object.entries(object).filter(([key, value]) => key !== "id" && isPrimitive(value) && value !== null);
  const label = (shown.length ? shown : Object.entries(object)).map(([, value]) => text(value)).join(" · ");
  return el("span", {class: "chip card", title: object.id ?? ""}, label);
}

const isCompact = (value) =>
  !isPrimitive(value) && !Array.isArray(value) && Object.keys(value).length <= 4 && Object.values(value).every(isPrimitive);

/** Any part of a view, by its key. */
export function renderValue(key, value, seats = [], mine = null) {
  if (isPrimitive(value)) return el("span", {class: `value ${typeof value}`}, text(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", {class: "muted"}, "none");
    if (value.every(isPrimitive)) return el("span", {class: "chips"}, value.map((item) => chip(item, key)));
    if (value.every(isCompact)) return el("span", {class: "chips"}, value.map(compactChip));
    return el("div", {class: "list"}, value.map((item, index) => panel(itemName(item, index), item, seats, mine)));
  }
  return el("dl", {class: "fields"}, Object.entries(value).flatMap(([name, inner]) => [
    el("dt", {}, words(name)),
    el("dd", {}, renderValue(name, inner, seats, mine)),
  ]));
}

/** A list item's heading: its seat, group, suit or id when it has one. */
function itemName(item, index) {
  if (isPrimitive(item)) return `#${index + 1}`;
  const name = item.seat ?? item.group ?? item.suit ?? item.city ?? item.piece ?? item.id ?? item.card;
  return name === undefined ? `#${index + 1}` : text(name);
}

/** A titled panel; the viewer's own seat's panel (`mine`) stands out. */
function panel(heading, value, seats, mine, seat = isPrimitive(value) ? undefined : value?.seat) {
  return el("section", {class: `panel${seat && seat === mine ? " mine" : ""}`},
    el("h3", {}, heading), renderValue(heading, value, seats, mine));
}

/**
 * The whole view: small top-level values in one summary panel, every larger part in a panel of its own. `skip`
 * names parts drawn otherwise (a title's board).
 */
export function renderView(view, seats, mine, skip = []) {
  if (isPrimitive(view)) return el("p", {}, text(view));
  const entries = Object.entries(view).filter(([key]) => !skip.includes(key));
  const small = entries.filter(([, value]) => isPrimitive(value) || (Array.isArray(value) && value.every(isPrimitive)));
  const large = entries.filter((entry) => !small.includes(entry));
  return el("div", {class: "view-panels"},
    small.length ? el("section", {class: "panel summary"}, el("h3", {}, "Game"), renderValue("game", Object.fromEntries(small), seats, mine)) : null,
    large.map(([key, value]) => {
      // An object keyed by seat (a hand per seat): one panel per seat.
      if (!Array.isArray(value) && Object.keys(value).some((name) => seats.includes(name))) {
        return el("section", {class: "panel"}, el("h3", {}, words(key)),
          el("div", {class: "list"}, Object.entries(value).map(([name, inner]) => panel(text(name), inner, seats, mine, name))));
      }
      return panel(words(key), value, seats, mine);
    }),
  );
}

/** A legal action as words: its type, then each field ("Place initial · card 4 · group Censors"). */
export function actionLabel(action) {
  const {type, ...fields} = action;
  const parts = Object.entries(fields).map(([name, value]) => `${words(name).toLowerCase()} ${fieldText(value)}`);
  return [words(type ?? "action"), ...parts].join(" · ");
}

function fieldText(value) {
  if (Array.isArray(value)) return value.length ? value.map(fieldText).join(", ") : "none";
  if (!isPrimitive(value)) return Object.entries(value).map(([name, inner]) => `${words(name).toLowerCase()} ${fieldText(inner)}`).join(", ");
  return text(value);
}

/** The end of a game in words: how it ended, who won and lost, and the title's own result. */
export function renderResult(game) {
  const ending = game.ending ?? {};
  const names = (seats) => seats.map(text).join(", ");
  // A game played out is decided by the title's own result (winners, scores); the table's ending names the
  // winners and losers of a resignation or timeout.
  const decided = ending.reason && ending.reason !== "played_out";
  const winners = decided ? ending.winners ?? [] : game.result?.winners ?? [];
  return el("div", {},
    el("h2", {}, t("game over")),
    el("p", {class: "ending"},
      decided ? `${text(ending.reason)} (${names(ending.by ?? [])}). ` : `${t("played out")} `,
      winners.length ? t("winners", names(winners)) : t("no winner"),
      game.seat ? ` ${winners.includes(game.seat) ? t("you won") : t("you lost")}` : ""),
    ending.ranking?.length
      ? el("ol", {class: "ranking"}, ...ending.ranking.map((place) => el("li", {}, names(place),
        place.some((seat) => ending.abandoned?.includes(seat)) ? ` ${t("left the game")}` : "")))
      : "",
    game.result ? renderValue("result", game.result, game.seats, game.seat) : "",
  );
}
