// Alea Iacta Est's board: the five buildings with the dice placed there in their owners' colours and the tiles and
// cards they give (favour tokens at the Templum, the Senate deck and offer at the Senatus, provinces under the Castrum,
// inhabitants under the Forum), each other seat's dice, tokens, cards and tiles, and the seat's own dice at the bottom.
// A turn is made by picking dice (a set, in any order) and then a building, the Templum's new combination or one's own
// combination there, or the reroll token; Senate cards, provinces and inhabitants are picked by clicking them.

import {el, words} from "./api.js";
import {langIndex, wordsFrom} from "./i18n.js";

/** Each seat's dice colour (the rules' table, §1): its name in words, the die's face and pips. */
const DICE = {
  antonius: {colour: ["green", "verts", "grüne"], face: "#2e7d32", pips: "#fff"},
  brutus: {colour: ["brown", "marron", "braune"], face: "#7b4a2a", pips: "#fff"},
  claudius: {colour: ["blue", "bleus", "blaue"], face: "#1f5fa8", pips: "#fff"},
  darius: {colour: ["yellow", "jaunes", "gelbe"], face: "#f2c94c", pips: "#1d1d1f"},
  ennius: {colour: ["grey", "gris", "graue"], face: "#8a8a8a", pips: "#fff"},
};

/** The six regions' colours (the seed names them only by colour; any six distinct ones do), and the joker's grey. */
const REGIONS = {
  aegyptus: {face: "#e0b000", text: "#1d1d1f"},
  britannia: {face: "#2e6b30", text: "#fff"},
  gallia: {face: "#1f5fa8", text: "#fff"},
  germania: {face: "#5d4037", text: "#fff"},
  hispania: {face: "#b3261e", text: "#fff"},
  macedonia: {face: "#6a1b9a", text: "#fff"},
  joker: {face: "#616161", text: "#fff"},
};

const BUILDINGS = ["templum", "senatus", "castrum", "forum", "latrina"];
const BUILDING_NAMES = {templum: "Templum", senatus: "Senatus", castrum: "Castrum", forum: "Forum Romanum", latrina: "Latrina"};
const ROMAN = ["0", "I", "II", "III", "IV", "V", "VI", "VII"];

/** This board's words, English then French; the seed's French terms, the buildings' Latin names in both. */
const WORDS = {
  "and": ["and", "et", "und"],
  "board": ["The board", "Le plateau", "Das Spielbrett"],
  "round": ["Round {0} of {1}", "Manche {0} sur {1}", "Runde {0} von {1}"],
  "first player": ["first player: {0}", "premier joueur : {0}", "Startspieler: {0}"],
  "turn of": ["{0} plays", "au tour de {0}", "{0} ist am Zug"],
  "last lap": ["last lap of the round", "dernier tour de la manche", "letzter Durchgang der Runde"],
  "senate choice": ["{0} chooses a Senate card", "{0} choisit une carte sénat", "{0} wählt eine Senatskarte"],
  "castrum pick": ["{0} takes a province", "{0} prend une province", "{0} nimmt eine Provinz"],
  "forum pick": ["{0} takes an inhabitant", "{0} prend un habitant", "{0} nimmt einen Einwohner"],
  "evaluating": ["the buildings are evaluated", "évaluation des bâtiments", "die Gebäude werden gewertet"],
  "game end": ["the game is over", "la partie est terminée", "die Partie ist vorbei"],
  "rule templum": ["one die more than the best, higher sum", "un dé de plus que la meilleure, somme supérieure", "ein Würfel mehr als die beste, höhere Summe"],
  "rule senatus": ["a better straight", "une suite supérieure", "eine bessere Straße"],
  "rule castrum": ["equal dice, no equal group", "dés identiques, jamais la même combinaison", "gleiche Würfel, keine gleiche Gruppe"],
  "rule forum": ["one die, or two making 5; lowest on the left", "un dé, ou deux de somme 5 ; les plus petits à gauche", "ein Würfel oder zwei mit Summe 5; die niedrigsten links"],
  "rule latrina": ["one reroll token per die", "un jeton relance par dé", "ein Wiederholungsplättchen je Würfel"],
  "place here": ["Place here", "Poser ici", "Hierher setzen"],
  "place on": ["{0}: the chosen dice on the {1}", "{0} : les dés choisis au {1}", "{0}: die gewählten Würfel ins {1}"],
  "new combination": ["New combination", "Nouvelle combinaison", "Neue Kombination"],
  "extend": ["Complete combination {0} with the chosen dice", "Compléter la combinaison {0} avec les dés choisis", "Kombination {0} mit den gewählten Würfeln vervollständigen"],
  "combination": ["Combination {0} of {1}: {2}, sum {3}", "Combinaison {0} de {1} : {2}, somme {3}", "Kombination {0} von {1}: {2}, Summe {3}"],
  "best": ["best", "meilleure", "beste"],
  "sum": ["sum {0}", "somme {0}", "Summe {0}"],
  "straight": ["{0}: straight {1}", "{0} : suite {1}", "{0}: Straße {1}"],
  "group": ["{0}: {1} dice of {2}", "{0} : {1} dés de {2}", "{0}: {1} Würfel mit {2}"],
  "forum column": ["Column {0}: {1}", "Colonne {0} : {1}", "Spalte {0}: {1}"],
  "forum die": ["{0}'s {1}", "le {1} de {0}", "die {1} von {0}"],
  "empty": ["empty", "vide", "leer"],
  "favour piles": ["Favour tokens: {0} in the pile, {1} discarded", "Jetons faveur divine : {0} en pioche, {1} en défausse", "Gunstplättchen: {0} im Stapel, {1} abgelegt"],
  "senate deck": ["Senate deck: {0} cards", "Pioche sénat : {0} cartes", "Senatsstapel: {0} Karten"],
  "province pile": ["Province pile: {0} tiles", "Pile de provinces : {0} tuiles", "Provinzstapel: {0} Plättchen"],
  "inhabitant pile": ["Inhabitant pile: {0}", "Pile d'habitants : {0}", "Einwohnerstapel: {0}"],
  "provinces on offer": ["Provinces to conquer", "Provinces à conquérir", "Zu erobernde Provinzen"],
  "inhabitants on offer": ["Inhabitants", "Habitants", "Einwohner"],
  "offer": ["Senate cards offered", "Cartes sénat proposées", "Angebotene Senatskarten"],
  "offer hidden": ["{0} Senate cards offered to {1}", "{0} cartes sénat proposées à {1}", "{0} Senatskarten für {1} angeboten"],
  "latrina dice": ["{0}: {1} dice in the Latrina", "{0} : {1} dés à la Latrina", "{0}: {1} Würfel in der Latrina"],
  "latrina forced": ["Lowest die to the Latrina", "Plus petit dé à la Latrina", "Niedrigsten Würfel in die Latrina"],
  "your dice": ["Your dice: {0}", "Vos dés : {0}", "Deine Würfel: {0}"],
  "dice of": ["{0} dice", "dés {0}", "{0} Würfel"],
  "die": ["Die {0}", "Dé {0}", "Würfel {0}"],
  "in hand": ["{0} dice in hand", "{0} dés en main", "{0} Würfel in der Hand"],
  "rolled": ["{0} dice in hand: {1}", "{0} dés en main : {1}", "{0} Würfel in der Hand: {1}"],
  "not rolled": ["{0} dice, not rolled yet", "{0} dés, pas encore lancés", "{0} Würfel, noch nicht geworfen"],
  "hint": ["Pick one or more dice, then a building, or the reroll token.",
    "Choisissez un ou plusieurs dés, puis un bâtiment, ou le jeton relance.", "Wähle einen oder mehrere Würfel, dann ein Gebäude, oder das Wiederholungsplättchen."],
  "reroll": ["Reroll", "Relancer", "Neu würfeln"],
  "reroll label": ["Reroll the chosen dice (1 reroll token)", "Relancer les dés choisis (1 jeton relance)", "Die gewählten Würfel neu würfeln (1 Wiederholungsplättchen)"],
  "reroll tokens": ["{0} reroll tokens", "{0} jetons relance", "{0} Wiederholungsplättchen"],
  "favour hidden": ["{0} face-down favour tokens", "{0} jetons faveur divine face cachée", "{0} verdeckte Gunstplättchen"],
  "favour hidden mine": ["Face-down favour tokens: {0}", "Jetons faveur divine face cachée : {0}", "Verdeckte Gunstplättchen: {0}"],
  "favour kept": ["Favour tokens kept: {0}", "Jetons faveur divine gardés : {0}", "Behaltene Gunstplättchen: {0}"],
  "senate cards": ["{0} Senate cards", "{0} cartes sénat", "{0} Senatskarten"],
  "provinces": ["Provinces: {0}", "Provinces : {0}", "Provinzen: {0}"],
  "inhabitants": ["Inhabitants: {0}", "Habitants : {0}", "Einwohner: {0}"],
  "none": ["none", "aucun", "keine"],
  "removed": ["Out of the game:", "Retirés du jeu :", "Aus dem Spiel:"],
  "senate removed": ["{0} Senate cards out of this game", "{0} cartes sénat retirées de cette partie", "{0} Senatskarten nicht in dieser Partie"],
  "unhoused": ["Unhoused: {0}", "Sans province : {0}", "Ohne Provinz: {0}"],
  "marker": ["first-player marker (Caesar)", "marqueur de premier joueur (César)", "Startspielermarker (Cäsar)"],
  "caesar": ["Caesar", "César", "Cäsar"],
  "fame": ["{0} fame points", "{0} points de renommée", "{0} Ruhmespunkte"],
  "scores": ["Fame points", "Points de renommée", "Ruhmespunkte"],
  "seat": ["Seat", "Joueur", "Spieler"],
  "score provinces": ["Provinces", "Provinces", "Provinzen"],
  "score inhabitants": ["Inhabitants", "Habitants", "Einwohner"],
  "score senate": ["Senate", "Sénat", "Senat"],
  "score favour": ["Favour", "Faveur", "Gunst"],
  "score reroll": ["Reroll", "Relance", "Neuwurf"],
  "score total": ["Total", "Total", "Summe"],
  "province": ["province {0} {1}", "province {0} {1}", "Provinz {0} {1}"],
  "joker": ["joker province", "province joker", "Joker-Provinz"],
  "man": ["{0} man {1}", "homme {0} {1}", "Mann aus {0} {1}"],
  "woman": ["{0} woman {1}", "femme {0} {1}", "Frau aus {0} {1}"],
  "card": ["Senate card", "Carte sénat", "Senatskarte"],
};

/** The board's text for `key` in `lang`, `{0}`, `{1}`... filled from `values`. */
function say(lang, key, ...values) {
  return wordsFrom(WORDS, lang, key, ...values);
}

/** Values as a sentence lists them: "3, 4 and 5" / "3, 4 et 5" / "3, 4 und 5". */
function listed(lang, items) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${say(lang, "and")} ${items.at(-1)}`;
}

/** French "de Gallia", "d'Hispania". */
const ofRegion = (name) => (/^[aeiouyh]/i.test(name) ? `d'${name}` : `de ${name}`);

/** A province tile id ("province_gallia_3", "province_joker") as region and value. */
function provinceTile(id) {
  const [, region, value] = id.match(/^province_([a-z]+)_?(\d)?$/) ?? [];
  return {region: region ?? "joker", value: Number(value ?? 0), joker: region === "joker" || !value};
}

/** An inhabitant id ("inhabitant_gallia_woman_1") as region, sex and value. */
function inhabitantTile(id) {
  const [, region, sex, value] = id.match(/^inhabitant_([a-z]+)_(man|woman)_(\d)$/) ?? [];
  return {region: region ?? "joker", sex: sex ?? "man", value: Number(value ?? 0)};
}

function provinceName(lang, id) {
  const tile = provinceTile(id);
  return tile.joker ? say(lang, "joker") : say(lang, "province", words(tile.region), tile.value);
}

function inhabitantName(lang, id) {
  const tile = inhabitantTile(id);
  const region = words(tile.region);
  return say(lang, tile.sex, lang === "fr" ? ofRegion(region) : region, tile.value);
}

/** A seat's name: the player's own name when given, else the seat in words. */
function seatName(context, seat) {
  const player = context.players?.find((candidate) => candidate.seat === seat);
  return player?.name ? `${player.name} (${words(seat)})` : words(seat);
}

/** The label of the legal action made by the single click `key`, when the seat has one. */
const actionLabel = (context, key) =>
  context.picker?.paths.find(({path}) => path.length === 1 && path[0] === key)?.action.label;

// Pips on a 3 × 3 grid, row then column.
const PIPS = {
  1: [[2, 2]],
  2: [[1, 1], [3, 3]],
  3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [1, 3], [3, 1], [3, 3]],
  5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]],
  6: [[1, 1], [1, 3], [2, 1], [2, 3], [3, 1], [3, 3]],
};

/** One die of `seat`'s colour showing `value` (no pips when it is not rolled). */
function die(seat, value, size = "") {
  const colours = DICE[seat] ?? DICE.ennius;
  return el("span", {class: `alea-die ${size}`, style: `--face: ${colours.face}; --pip: ${colours.pips}`},
    (PIPS[value] ?? []).map(([row, column]) => el("span", {class: "pip", style: `grid-area: ${row} / ${column}`})));
}

/** Dice of one seat shown together, read out as one picture. */
function diceGroup(seat, values, label, size = "small") {
  return el("span", {class: "alea-dice", role: "img", "aria-label": label}, values.map((value) => die(seat, value, size)));
}

/** Marks drawn on a piece (numerals, symbols) that its accessible name already says in words: drawn by CSS, so that
 * they are not taken for the text of a clickable piece, whose name must contain its visible text. */
const glyph = (text, tag = "span") => el(tag, {class: "glyph", "data-glyph": text, "aria-hidden": "true"});

/** A pile of face-down tiles or cards: its back and how many are left. */
function pile(kind, count, label = null) {
  return el("span", {class: `alea-pile ${kind}`, role: label ? "img" : null, "aria-label": label, title: label,
    "aria-hidden": label ? null : "true"},
    el("span", {class: "alea-pile-back", "aria-hidden": "true"}, kind === "senate" ? "SPQR" : ""),
    el("span", {class: "alea-count", "aria-hidden": "true"}, `×${count}`));
}

function provinceElement(lang, id, small = false) {
  const tile = provinceTile(id);
  const colours = REGIONS[tile.region] ?? REGIONS.joker;
  return el("span", {class: `alea-province${small ? " small" : ""}`, style: `--face: ${colours.face}; --text: ${colours.text}`,
    title: provinceName(lang, id)},
  glyph(ROMAN[tile.value], "b"), small ? "" : el("small", {}, tile.joker ? "joker" : words(tile.region)));
}

function inhabitantElement(lang, id, small = false) {
  const tile = inhabitantTile(id);
  const colours = REGIONS[tile.region] ?? REGIONS.joker;
  return el("span", {class: `alea-inhabitant${small ? " small" : ""}`, style: `--face: ${colours.face}; --text: ${colours.text}`,
    title: inhabitantName(lang, id)},
  glyph(tile.sex === "woman" ? "♀" : "♂"), glyph(ROMAN[tile.value], "b"));
}

/** A tile or card the seat may be asked to pick: registered with the picker when there is one, else a picture. */
function pickable(context, key, element, label) {
  if (context.picker) context.picker.pick(key, element, actionLabel(context, key) ?? label);
  else {
    element.setAttribute("role", "img");
    element.setAttribute("aria-label", label);
  }
  return element;
}

function favourToken(token, hidden = false) {
  return el("span", {class: `alea-favour${hidden ? " hidden" : ""}`, "aria-hidden": "true"}, ROMAN[token.value]);
}

function senateCard(card, small = false) {
  return el("span", {class: `alea-card${small ? " small" : ""}`, title: card.name},
    el("b", {}, card.numeral), el("small", {}, card.name));
}

/** A building's area: its heading, the rule in a few words, then `children`. */
function building(lang, id, children) {
  return el("section", {class: `area alea-building ${id}`},
    el("h3", {}, el("span", {}, BUILDING_NAMES[id]), el("small", {}, say(lang, `rule ${id}`))),
    children);
}

/** Tiles (or Senate cards) out of the game: small, under the building they came from. */
function removed(lang, label, pieces) {
  return el("div", {class: "row alea-removed", role: "img", "aria-label": label},
    el("small", {"aria-hidden": "true"}, say(lang, "removed")), pieces);
}

/** Where the chosen dice go: one click target per building (the Templum's new combination, the Latrina's forced die). */
function dropSlot(context, key, text, label) {
  const slot = el("span", {class: "alea-slot"}, text);
  context.picker.pick(key, slot, label);
  return slot;
}

/** Whether the viewer's own turn asks it to place dice now: only then are the buildings' drop slots drawn. */
const placing = (view, context) => Boolean(context.picker) && view.phase === "turn_decide" && view.current_seat === context.seat;

function templum(view, context) {
  const {lang} = context;
  const mine = placing(view, context);
  const combos = view.templum.map((combo) => {
    const label = say(lang, "combination", combo.id, seatName(context, combo.seat), listed(lang, combo.dice), combo.sum);
    const element = el("span", {class: `alea-combo${combo.top ? " top" : ""}`},
      el("span", {class: "alea-dice", "aria-hidden": "true"}, combo.dice.map((value) => die(combo.seat, value, "small"))),
      glyph(say(lang, "sum", combo.sum) + (combo.top ? ` · ★ ${say(lang, "best")}` : ""), "small"));
    if (mine && combo.seat === context.seat) context.picker.pick(`combo-${combo.id}`, element, `${say(lang, "extend", combo.id)} (${label})`);
    else {
      element.setAttribute("role", "img");
      element.setAttribute("aria-label", label);
    }
    return element;
  });
  return building(lang, "templum", [
    el("div", {class: "row alea-placed"}, combos.length ? combos : el("span", {class: "alea-muted"}, say(lang, "empty")),
      mine ? dropSlot(context, "templum-new", say(lang, "new combination"), say(lang, "place on", say(lang, "new combination"), "Templum")) : ""),
    el("div", {class: "row alea-supply"},
      pile("favour", view.favour_pile_count, say(lang, "favour piles", view.favour_pile_count, view.favour_discard_count)),
      view.favour_discard_count ? pile("favour discard", view.favour_discard_count) : ""),
  ]);
}

function senatus(view, context) {
  const {lang} = context;
  const evaluation = view.evaluation;
  const chooser = evaluation?.senate_chooser;
  const straights = view.senatus.map((straight, index) => {
    const values = Array.from({length: straight.high - straight.low + 1}, (_, at) => straight.low + at);
    return el("span", {class: `alea-ranked${chooser === straight.seat ? " choosing" : ""}`},
      el("b", {class: "alea-rank"}, `${index + 1}.`),
      diceGroup(straight.seat, values, say(lang, "straight", seatName(context, straight.seat), values.join("-"))));
  });
  let offer = "";
  if (chooser) {
    const shown = evaluation.senate_offer;
    offer = el("div", {class: "alea-offer"},
      el("p", {class: "alea-note"}, shown ? say(lang, "offer") : say(lang, "offer hidden", evaluation.senate_offer_count,
        seatName(context, chooser))),
      el("div", {class: "row"}, shown
        ? shown.map((card) => {
          const label = actionLabel(context, `card-${card}`);
          // The view names offered cards only by id; the chooser's action labels name them.
          const name = label?.match(/^(?:Keep the (.+) card|Garder la carte (.+))$/)?.slice(1).find(Boolean) ?? label;
          const element = name
            ? el("span", {class: "alea-card"}, glyph("SPQR", "b"), el("small", {}, name))
            : el("span", {class: "alea-card back"}, "SPQR");
          return pickable(context, `card-${card}`, element, name ?? say(lang, "card"));
        })
        : Array.from({length: evaluation.senate_offer_count}, () => el("span", {class: "alea-card back", "aria-hidden": "true"}, "SPQR"))));
  }
  return building(lang, "senatus", [
    el("div", {class: "row alea-placed"}, straights.length ? straights : el("span", {class: "alea-muted"}, say(lang, "empty")),
      placing(view, context) ? dropSlot(context, "senatus", say(lang, "place here"), say(lang, "place on", say(lang, "place here"), "Senatus")) : ""),
    offer,
    el("div", {class: "row alea-supply"}, pile("senate", view.senate_deck_count, say(lang, "senate deck", view.senate_deck_count))),
    view.senate_removed.length
      ? removed(lang, say(lang, "senate removed", view.senate_removed.length),
        view.senate_removed.map(() => el("span", {class: "alea-card back small", "aria-hidden": "true"}, "SPQR")))
      : "",
  ]);
}

function castrum(view, context) {
  const {lang} = context;
  const evaluation = view.evaluation;
  const current = view.phase === "castrum_pick" ? evaluation?.castrum_ranking[evaluation.castrum_picked] : null;
  const groups = view.castrum.map((group, index) => el("span", {
    class: `alea-ranked${current && current.seat === group.seat && current.value === group.value ? " choosing" : ""}`},
  el("b", {class: "alea-rank"}, `${index + 1}.`),
  diceGroup(group.seat, Array(group.size).fill(group.value), say(lang, "group", seatName(context, group.seat), group.size, group.value))));
  return building(lang, "castrum", [
    el("div", {class: "row alea-placed"}, groups.length ? groups : el("span", {class: "alea-muted"}, say(lang, "empty")),
      placing(view, context) ? dropSlot(context, "castrum", say(lang, "place here"), say(lang, "place on", say(lang, "place here"), "Castrum")) : ""),
    el("h4", {}, say(lang, "provinces on offer")),
    el("div", {class: "row alea-display"},
      view.province_display.map((id) => pickable(context, `province-${id}`, provinceElement(lang, id), provinceName(lang, id))),
      pile("province", view.province_pile_count, say(lang, "province pile", view.province_pile_count))),
    view.provinces_removed.length
      ? removed(lang, `${say(lang, "removed")} ${listed(lang, view.provinces_removed.map((id) => provinceName(lang, id)))}`,
        view.provinces_removed.map((id) => provinceElement(lang, id, true)))
      : "",
  ]);
}

function forum(view, context) {
  const {lang} = context;
  const picking = view.phase === "forum_pick" ? view.evaluation?.forum_picked : null;
  const columns = Array.from({length: view.forum_columns}, (_, index) => {
    const placed = view.forum[index];
    const label = say(lang, "forum column", index + 1,
      placed ? say(lang, "forum die", seatName(context, placed.seat), placed.value) : say(lang, "empty"));
    return el("span", {class: `alea-column${picking === index ? " choosing" : ""}`, role: "img", "aria-label": label},
      el("small", {"aria-hidden": "true"}, ROMAN[index + 1] ?? index + 1),
      placed ? die(placed.seat, placed.value, "small") : el("span", {class: "alea-die small empty"}));
  });
  return building(lang, "forum", [
    el("div", {class: "row alea-placed"}, el("div", {class: "alea-columns", style: `--columns: ${view.forum_columns}`}, columns),
      placing(view, context) ? dropSlot(context, "forum", say(lang, "place here"), say(lang, "place on", say(lang, "place here"), "Forum")) : ""),
    el("h4", {}, say(lang, "inhabitants on offer")),
    el("div", {class: "row alea-display"},
      view.inhabitant_display.map((id) => pickable(context, `inhabitant-${id}`, inhabitantElement(lang, id), inhabitantName(lang, id))),
      pile("inhabitant", view.inhabitant_pile_count, say(lang, "inhabitant pile", view.inhabitant_pile_count))),
    view.inhabitants_removed.length
      ? removed(lang, `${say(lang, "removed")} ${listed(lang, view.inhabitants_removed.map((id) => inhabitantName(lang, id)))}`,
        view.inhabitants_removed.map((id) => inhabitantElement(lang, id, true)))
      : "",
  ]);
}

function latrina(view, context) {
  const {lang} = context;
  const seats = view.seats.filter((seat) => seat.latrina > 0).map((seat) =>
    diceGroup(seat.seat, Array(seat.latrina).fill(0), say(lang, "latrina dice", seatName(context, seat.seat), seat.latrina)));
  return building(lang, "latrina", el("div", {class: "row alea-placed"},
    seats.length ? seats : el("span", {class: "alea-muted"}, say(lang, "empty")),
    placing(view, context) ? dropSlot(context, "latrina", say(lang, "latrina forced"), say(lang, "latrina forced")) : ""));
}

/** At the end, a seat's provinces (and Colonia sites) with the inhabitants the scoring housed there, then the others. */
function housing(score, seat, context) {
  const {lang} = context;
  const sites = score.housing.map((site) => {
    const people = [site.man, site.woman].filter(Boolean);
    const province = site.site.startsWith("province_");
    // A Colonia site is named by its Senate card, revealed at the end.
    const card = province ? null : seat.senate_cards?.find((held) => held.card === site.site);
    const name = province ? provinceName(lang, site.site) : card?.name ?? site.site;
    return el("span", {class: "alea-site", role: "img",
      "aria-label": `${name}: ${listed(lang, people.map((id) => inhabitantName(lang, id))) || say(lang, "empty")}`},
    province ? provinceElement(lang, site.site, true) : el("span", {class: "alea-card small", "aria-hidden": "true"}, card?.numeral ?? "?"),
    people.map((id) => inhabitantElement(lang, id, true)));
  });
  const unhoused = score.unhoused.length
    ? el("span", {class: "alea-site unhoused", role: "img",
      "aria-label": say(lang, "unhoused", listed(lang, score.unhoused.map((id) => inhabitantName(lang, id))))},
    score.unhoused.map((id) => inhabitantElement(lang, id, true)))
    : "";
  return el("div", {class: "row alea-holding"}, sites, unhoused);
}

/** What a seat holds: tokens, cards and tiles; its own secrets (`seat.favour_face_down_tokens`, cards) when shown. */
function holdings(view, seat, context) {
  const {lang} = context;
  const hiddenTokens = seat.favour_face_down_tokens;
  const cards = seat.senate_cards;
  return el("div", {class: "alea-holdings"},
    el("div", {class: "row alea-holding"},
      el("span", {class: "alea-reroll", role: "img", "aria-label": say(lang, "reroll tokens", seat.reroll_tokens),
        title: say(lang, "reroll tokens", seat.reroll_tokens)}, `↻ ${seat.reroll_tokens}`),
      seat.favour_face_down
        ? el("span", {class: "alea-tokens", role: "img", "aria-label": hiddenTokens
          ? say(lang, "favour hidden mine", listed(lang, hiddenTokens.map((token) => token.value)))
          : say(lang, "favour hidden", seat.favour_face_down)},
        hiddenTokens ? hiddenTokens.map((token) => favourToken(token, true))
          : Array.from({length: seat.favour_face_down}, () => el("span", {class: "alea-favour hidden", "aria-hidden": "true"}, "?")))
        : "",
      seat.favour_kept.length
        ? el("span", {class: "alea-tokens", role: "img",
          "aria-label": say(lang, "favour kept", listed(lang, seat.favour_kept.map((token) => token.value)))},
        seat.favour_kept.map((token) => favourToken(token)))
        : "",
      cards?.length
        ? el("span", {class: "alea-tokens", role: "img", "aria-label": `${say(lang, "senate cards", cards.length)}: ${listed(lang, cards.map((card) => card.name))}`},
          cards.map((card) => senateCard(card, true)))
        : seat.senate_card_count
          ? el("span", {class: "alea-tokens", role: "img", "aria-label": say(lang, "senate cards", seat.senate_card_count)},
            Array.from({length: seat.senate_card_count}, () => el("span", {class: "alea-card back small", "aria-hidden": "true"}, "SPQR")))
          : ""),
    view.result?.scores?.[seat.seat] ? housing(view.result.scores[seat.seat], seat, context)
      : seat.provinces.length || seat.inhabitants.length
      ? el("div", {class: "row alea-holding", role: "img", "aria-label": [
        say(lang, "provinces", listed(lang, seat.provinces.map((id) => provinceName(lang, id))) || say(lang, "none")),
        say(lang, "inhabitants", listed(lang, seat.inhabitants.map((id) => inhabitantName(lang, id))) || say(lang, "none"))].join(". ")},
      el("span", {class: "alea-tokens", "aria-hidden": "true"}, seat.provinces.map((id) => provinceElement(lang, id, true))),
      el("span", {class: "alea-tokens", "aria-hidden": "true"}, seat.inhabitants.map((id) => inhabitantElement(lang, id, true))))
      : "");
}

/** A seat's name with its dice colour, the first-player marker and, at the end, its fame points. */
function seatHeading(view, seat, context, heading = seatName(context, seat.seat)) {
  const {lang} = context;
  const colours = DICE[seat.seat] ?? DICE.ennius;
  const total = view.result?.scores?.[seat.seat]?.total;
  return el("h3", {},
    el("span", {}, el("span", {class: "alea-swatch", style: `--face: ${colours.face}`, "aria-hidden": "true"}), heading,
      el("small", {}, ` (${say(lang, "dice of", colours.colour[langIndex(lang)])})`)),
    el("span", {},
      seat.has_marker ? el("span", {class: "alea-marker", role: "img", "aria-label": say(lang, "marker"), title: say(lang, "marker")}, say(lang, "caesar")) : "",
      total !== undefined ? el("b", {class: "alea-fame"}, say(lang, "fame", total)) : ""));
}

/** Another seat (or every seat, for a spectator): its hand as dice, what it holds. */
function seatArea(view, seat, context) {
  const {lang} = context;
  const playing = view.current_seat === seat.seat;
  const hand = seat.hand
    ? diceGroup(seat.seat, seat.hand, say(lang, "rolled", seat.dice_in_hand, listed(lang, seat.hand)))
    : diceGroup(seat.seat, Array(seat.dice_in_hand).fill(0), say(lang, "in hand", seat.dice_in_hand));
  return el("section", {class: `area alea-seat${playing ? " playing" : ""}`, "data-seat": seat.seat},
    seatHeading(view, seat, context), el("div", {class: "row"}, hand), holdings(view, seat, context));
}

/** The viewer's own seat at the bottom: its dice, to pick when it plays, the reroll token, what it holds. */
function handArea(view, seat, context) {
  const {lang} = context;
  const mine = placing(view, context);
  let dice;
  if (seat.hand) {
    dice = seat.hand.map((value) => {
      const element = die(seat.seat, value, "large");
      if (mine) context.picker.pick(`die-${value}`, element, say(lang, "die", value));
      else element.setAttribute("aria-hidden", "true");
      return element;
    });
    if (!mine) dice = el("span", {class: "alea-dice", role: "img", "aria-label": say(lang, "rolled", seat.dice_in_hand, listed(lang, seat.hand))}, dice);
  } else {
    dice = diceGroup(seat.seat, Array(seat.dice_in_hand).fill(0), say(lang, "not rolled", seat.dice_in_hand), "large");
  }
  const reroll = mine && seat.reroll_tokens > 0
    ? context.picker.pick("reroll", el("span", {class: "alea-reroll large"}, glyph("↻ "), say(lang, "reroll")),
      say(lang, "reroll label"))
    : "";
  return el("section", {class: `area hand alea-seat${view.current_seat === seat.seat ? " playing" : ""}`, "data-seat": seat.seat},
    seatHeading(view, seat, context, say(lang, "your dice", seatName(context, seat.seat))),
    mine ? el("p", {class: "alea-note"}, say(lang, "hint")) : "",
    el("div", {class: "row alea-hand"}, dice, reroll),
    holdings(view, seat, context));
}

/** The round, the first player, and whose decision the game waits for. */
function status(view, context) {
  const {lang} = context;
  const acting = view.to_act[0] ? seatName(context, view.to_act[0]) : "";
  const step = {
    turn_decide: say(lang, "turn of", acting),
    senate_choice_first: say(lang, "senate choice", acting),
    senate_choice_second: say(lang, "senate choice", acting),
    castrum_pick: say(lang, "castrum pick", acting),
    forum_pick: say(lang, "forum pick", acting),
    game_end: say(lang, "game end"),
  }[view.phase] ?? say(lang, "evaluating");
  return el("p", {class: "alea-status"},
    el("b", {}, say(lang, "round", view.round, view.rounds)), " · ", say(lang, "first player", seatName(context, view.first_player)),
    " · ", step, view.round_ending && view.phase === "turn_decide" ? ` · ${say(lang, "last lap")}` : "");
}

/** The final score of each seat, item by item, in ranking order. */
function scores(view, context) {
  const {lang} = context;
  const result = view.result;
  const items = ["provinces", "inhabitants", "senate", "favour", "reroll", "total"];
  return el("section", {class: "area alea-scores"},
    el("h3", {}, say(lang, "scores")),
    el("table", {},
      el("thead", {}, el("tr", {}, el("th", {scope: "col"}, say(lang, "seat")),
        items.map((item) => {
          const name = say(lang, `score ${item}`);
          return el("th", {scope: "col"}, el("span", {class: "full"}, name),
            el("abbr", {class: "short", title: name}, `${name.slice(0, 3)}.`));
        }))),
      el("tbody", {}, result.ranking.map((seat) => el("tr", {class: result.winners.includes(seat) ? "winner" : ""},
        el("th", {scope: "row"}, `${result.winners.includes(seat) ? "★ " : ""}${seatName(context, seat)}`),
        items.map((item) => el("td", {}, String(result.scores[seat]?.[item] ?? ""))))))));
}

function draw(view, context) {
  const {lang} = context;
  const own = view.seats.find((seat) => seat.seat === context.seat);
  const others = view.seats.filter((seat) => seat !== own);
  const buildings = {templum, senatus, castrum, forum, latrina};
  return el("div", {class: "board alea", role: "region", "aria-label": say(lang, "board")},
    status(view, context),
    view.result ? scores(view, context) : "",
    el("div", {class: "alea-seats"}, others.map((seat) => seatArea(view, seat, context))),
    el("div", {class: "alea-buildings"},
      BUILDINGS.filter((id) => id !== "templum" || view.templum_used).map((id) => buildings[id](view, context))),
    own ? handArea(view, own, context) : "");
}

/** The clicks of each move: dice (a set) then where they go; a tile or card by itself. */
function path(action) {
  const dice = (values) => values.map((value) => `die-${value}`);
  switch (action.type) {
    case "reroll":
      return [dice(action.values), "reroll"];
    case "place":
      if (action.building !== "templum") return [dice(action.values), action.building];
      return [dice(action.values), action.combo == null ? "templum-new" : `combo-${action.combo}`];
    case "latrina_forced":
      return ["latrina"];
    case "keep_senate_card":
      return [`card-${action.card}`];
    case "take_province":
      return [`province-${action.province}`];
    case "take_inhabitant":
      return [`inhabitant-${action.inhabitant}`];
    default:
      return null;
  }
}

export default {
  parts: ["players", "viewer", "phase", "round", "rounds", "templum_used", "forum_columns", "first_player", "current_seat",
    "round_ending", "to_act", "seats", "templum", "senatus", "castrum", "forum", "province_display", "inhabitant_display",
    "favour_pile_count", "favour_discard_count", "senate_deck_count", "province_pile_count", "inhabitant_pile_count",
    "evaluation", "result", "senate_removed", "provinces_removed", "inhabitants_removed"],
  draw,
  path,
};
