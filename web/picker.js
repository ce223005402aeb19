// Moves made on the board. A title's board says, for each legal action, the clicks that make it (its path: keys of
// board elements, in order; a list inside the path is a set of keys picked in any order, such as dice to reroll). The
// picker enables exactly the elements whose key extends the person's clicks towards some legal action, so nothing
// illegal can be chosen, and sends the action once the clicks make exactly one. Keys with no element on the board
// (end the turn, pass, face up or down) become buttons in the prompt.

import {el} from "./api.js";
import {t} from "./i18n.js";

/** How far `keys` go along `path`: `null` when they leave it, else the keys that may come next and whether it is
 * complete. */
export function progress(path, keys) {
  let at = 0;
  for (const stage of path) {
    if (typeof stage === "string") {
      if (at === keys.length) return {next: [stage], complete: false};
      if (keys[at] !== stage) return null;
      at += 1;
      continue;
    }
    const left = [...stage];
    while (left.length && at < keys.length) {
      const found = left.indexOf(keys[at]);
      if (found < 0) return null;
      left.splice(found, 1);
      at += 1;
    }
    if (left.length) return {next: [...new Set(left)], complete: false};
  }
  return at === keys.length ? {next: [], complete: true} : null;
}

export class Picker {
  /**
   * @param board the title's board module (`path`, optional `choiceLabel`)
   * @param game the game as the seat sees it (its `view`, `legal_actions`, `seat`)
   * @param actions the title's legal actions (the table's apart)
   * @param play sends an action
   */
  constructor(board, game, actions, play) {
    this.board = board;
    this.play = play;
    // A path may be `{anyOf: [path, ...]}`: one action made by clicks in either order (two pieces moved at once).
    this.paths = actions.flatMap((action) => {
      const path = board.path(action, game.view, game.seat);
      return (path?.anyOf ?? (path ? [path] : [])).map((clicks) => ({action, path: clicks}));
    });
    this.unpathed = actions.filter((action) => !this.paths.some((entry) => entry.action === action));
    this.elements = [];
    this.chosen = [];
    this.prompt = el("div", {class: "prompt", id: "prompt", "aria-live": "polite"});
  }

  /** Marks `element` as the board element for `key`; `label` names it for screen readers. */
  pick(key, element, label) {
    const entry = {key, element};
    this.elements.push(entry);
    element.classList.add("pickable");
    element.dataset.pick = key;
    element.setAttribute("role", "button");
    if (label) element.setAttribute("aria-label", label);
    element.addEventListener("click", () => this.toggle(entry));
    element.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        this.toggle(entry);
      }
    });
    return element;
  }

  keys() {
    return this.chosen.map((entry) => entry.key);
  }

  /** Each action still reachable from the clicks so far, with what may come next. */
  reachable() {
    const keys = this.keys();
    return this.paths.map((entry) => ({...entry, at: progress(entry.path, keys)})).filter((entry) => entry.at);
  }

  toggle(entry) {
    if (entry.element.getAttribute("aria-disabled") === "true") return;
    const index = this.chosen.indexOf(entry);
    if (index >= 0) this.chosen.splice(index);
    else this.chosen.push(entry);
    this.refresh();
  }

  choose(key) {
    this.chosen.push({key, element: null});
    this.refresh();
  }

  /** Enables what may come next; sends the action once the clicks make exactly one and nothing can follow. */
  refresh() {
    const reachable = this.reachable();
    const next = new Set(reachable.flatMap((entry) => entry.at.next));
    const complete = reachable.filter((entry) => entry.at.complete);
    if (complete.length === 1 && next.size === 0 && this.chosen.length) {
      this.play(complete[0].action);
      return;
    }
    for (const entry of this.elements) {
      const chosen = this.chosen.includes(entry);
      const open = chosen || next.has(entry.key);
      entry.element.classList.toggle("selected", chosen);
      entry.element.classList.toggle("open", open && !chosen);
      entry.element.setAttribute("aria-disabled", String(!open));
      entry.element.setAttribute("aria-pressed", String(chosen));
      entry.element.setAttribute("tabindex", open ? "0" : "-1");
    }
    const onBoard = new Set(this.elements.map((entry) => entry.key));
    const choices = [...next].filter((key) => !onBoard.has(key)).map((key) => {
      const completes = reachable.filter((entry) => entry.at.next.includes(key) && entry.path.length === this.chosen.length + 1);
      const label = this.board.choiceLabel?.(key) ?? (completes.length === 1 ? completes[0].action.label : null) ?? key;
      return el("button", {type: "button", class: "choice", "data-pick": key, onclick: () => this.choose(key)}, label);
    });
    const confirm = complete.map((entry) =>
      el("button", {type: "button", class: "choice confirm", onclick: () => this.play(entry.action)},
        entry.action.label || t("confirm")));
    const cancel = this.chosen.length
      ? el("button", {type: "button", class: "cancel", onclick: () => {
        this.chosen = [];
        this.refresh();
      }}, t("cancel"))
      : "";
    const unpathed = this.chosen.length ? [] : this.unpathed.map((action) =>
      el("button", {type: "button", class: "choice", "data-type": action.type, onclick: () => this.play(action)},
        action.label || action.type));
    this.prompt.replaceChildren(
      el("span", {class: "muted"}, next.size || complete.length || unpathed.length ? t("choose") : ""),
      ...choices, ...confirm, ...unpathed, cancel);
  }
}
