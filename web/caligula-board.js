// Caligula's board: the emperor between his two candidates (Augustus cards with their Favor tokens), the conspiracy
// with the Coniura and Pugio decks, the Sequentia row, the ten Civitas cards in play by suit with the SPQR tokens face
// down on their slots, every seat's Ordo, points, hand and supply, and the seat's own tokens and cards at the bottom.
// Moves are clicks: an SPQR token then a Civitas card; a card of the hand to pay, defend, stab or discard; an Augustus
// card for a candidate or a Favor token; a deck to draw from; another seat's hand to steal from; the prompt for the
// rest (pass, accept or raise in the complot, apply or skip an effect). Words from the French rules (seed 003).

import {el, words} from "./api.js";
import {lang, wordsFrom} from "./i18n.js";

/** The board's words, English, French, then German (the rules' own terms). */
const WORDS = {
  "code vp plus": ["+{0} VP", "+{0} PV", "+{0} SP"],
  "code vp minus": ["−{0} VP", "−{0} PV", "−{0} SP"],
  "code con": ["draw {0} Coniura", "piocher {0} Coniura", "{0} Coniura ziehen"],
  "code pug": ["draw {0} Pugio", "piocher {0} Pugio", "{0} Pugio ziehen"],
  "code any": ["draw {0} Coniura or Pugio", "piocher {0} Coniura ou Pugio", "{0} Coniura oder Pugio ziehen"],
  "code dis one": ["discard {0} card", "défausser {0} carte", "{0} Karte abwerfen"],
  "code dis": ["discard {0} cards", "défausser {0} cartes", "{0} Karten abwerfen"],
  "code disc": ["discard {0} Coniura", "défausser {0} Coniura", "{0} Coniura abwerfen"],
  "code disp": ["discard {0} Pugio", "défausser {0} Pugio", "{0} Pugio abwerfen"],
  "code spqr": ["gain SPQR token {0} (else +{1} VP)", "gagner le jeton SPQR {0} (sinon +{1} PV)", "SPQR-Plättchen {0} erhalten (sonst +{1} SP)"],
  "code lose56": ["lose SPQR token 6 or 5 (else −{0} VP)", "perdre le jeton SPQR 6 ou 5 (sinon −{0} PV)", "SPQR-Plättchen 6 oder 5 verlieren (sonst −{0} SP)"],
  "code pip": ["take the Primus Inter Pares", "prendre le Primus Inter Pares", "den Primus Inter Pares nehmen"],
  "code ordo1": ["take Ordo 1", "prendre l'Ordo 1", "Ordo 1 nehmen"],
  "code cand": ["replace a candidate", "remplacer un candidat", "einen Kandidaten ersetzen"],
  "code fav": ["move one's Favor token", "déplacer son jeton Favor", "den eigenen Favor-Marker versetzen"],
  "code steal": ["steal a card", "voler une carte", "eine Karte stehlen"],
  "code life": ["emperor's life ±{0}", "vie de l'empereur ±{0}", "Lebenskraft des Kaisers ±{0}"],
  "code favemp": ["+{0} VP if one's Favor is on the emperor", "+{0} PV si son Favor est sur l'empereur", "+{0} SP, wenn der eigene Favor auf dem Kaiser liegt"],
  "or": [" or ", " ou ", " oder "],
  "then": [", then ", ", puis ", ", dann "],
  "round": ["Round {0}", "Manche {0}", "Runde {0}"],
  "fallen": ["Fall of the empire", "Chute de l'empire", "Untergang des Reiches"],
  "to play": ["{0} to play", "À {0} de jouer", "{0} ist am Zug"],
  "your turn": ["your turn", "à vous de jouer", "du bist am Zug"],
  "substitute": ["The printed Civitas, Sequentia and Augustus cards could not be obtained: these are substitute cards.",
    "Les textes imprimés des cartes Civitas, Sequentia et Augustus n'ont pu être obtenus : ce sont des cartes de substitution.", "Die gedruckten Civitas-, Sequentia- und Augustus-Karten waren nicht zu bekommen: Dies sind Ersatzkarten."],
  "phase placement": ["Placing SPQR tokens", "Placement des jetons SPQR", "SPQR-Plättchen legen"],
  "phase effect_decision": ["Resolving the Civitas cards", "Résolution des cartes Civitas", "Die Civitas-Karten auswerten"],
  "phase complot": ["Conspiracy: complot", "Conjuration : complot", "Verschwörung: Komplott"],
  "phase complot_payment": ["Conspiracy: complot (paying Coniura)", "Conjuration : complot (paiement en Coniura)", "Verschwörung: Komplott (Coniura bezahlen)"],
  "phase favour_candidate": ["Conspiracy: favours (the leader picks the candidate)", "Conjuration : faveurs (le chef choisit le candidat)", "Verschwörung: Gunst (der Anführer wählt den Kandidaten)"],
  "phase favour_leader": ["Conspiracy: favours (the leader's Favor token)", "Conjuration : faveurs (jeton Favor du chef)", "Verschwörung: Gunst (Favor-Marker des Anführers)"],
  "phase favour_conspirator": ["Conspiracy: favours (a conspirator's Favor token)", "Conjuration : faveurs (jeton Favor d'un conjuré)", "Verschwörung: Gunst (Favor-Marker eines Verschwörers)"],
  "phase defence": ["Assassination: defending the emperor", "Assassinat : défense de l'empereur", "Attentat: Verteidigung des Kaisers"],
  "phase stabbing": ["Assassination: the conspirators stab", "Assassinat : les conjurés frappent", "Attentat: Die Verschwörer stechen zu"],
  "phase game_over": ["Game over", "Partie terminée", "Spielende"],
  "phase setup": ["Setting up", "Préparation", "Aufbau"],
  "augustus": ["Augustus: the emperor and the candidates", "Avgvstvs : l'empereur et les candidats", "Augustus: der Kaiser und die Kandidaten"],
  "emperor": ["Emperor", "Empereur", "Kaiser"],
  "candidate": ["Candidate", "Candidat", "Kandidat"],
  "chosen candidate": ["the conspirators' candidate", "candidat des conjurés", "Kandidat der Verschwörer"],
  "life": ["Life {0}", "Vie {0}", "Lebenskraft {0}"],
  "vp each": ["{0} VP per Favor", "{0} PV par Favor", "{0} SP je Favor"],
  "favour slots": ["Favor spaces: {0} of {1} taken", "Espaces Favor : {0} sur {1} occupés", "Favor-Felder: {0} von {1} besetzt"],
  "no favour space": ["no Favor space", "aucun espace Favor", "kein Favor-Feld"],
  "augustus deck": ["Augustus deck", "Tas Augustus", "Augustus-Stapel"],
  "conspiracy": ["Conspiracy: Coniura and Pugio", "Conjuration : Coniura et Pugio", "Verschwörung: Coniura und Pugio"],
  "coniura deck": ["Coniura deck: {0} cards", "Tas Coniura : {0} cartes", "Coniura-Stapel: {0} Karten"],
  "pugio deck": ["Pugio deck: {0} cards", "Tas Pugio : {0} cartes", "Pugio-Stapel: {0} Karten"],
  "blocked": ["An emperor died this round: no more conspiracies until the round ends.",
    "Un empereur est mort cette manche : plus de conjuration jusqu'à la fin de la manche.", "In dieser Runde ist ein Kaiser gestorben: keine Verschwörung mehr bis zum Ende der Runde."],
  "no conspiracy": ["No conspiracy under way.", "Aucune conjuration en cours.", "Keine Verschwörung im Gang."],
  "final conspiracy": ["The last conspiracy (fall of the empire)", "La dernière conjuration (chute de l'empire)", "Die letzte Verschwörung (Untergang des Reiches)"],
  "conspiracy on": ["A conspiracy is under way", "Une conjuration est en cours", "Eine Verschwörung ist im Gang"],
  "leader bid": ["Leader: {0} · bid: {1} Coniura", "Chef : {0} · mise : {1} Coniura", "Anführer: {0} · Gebot: {1} Coniura"],
  "no leader": ["No leader yet", "Pas encore de chef", "Noch kein Anführer"],
  "owes": ["{0} still plays {1} Coniura", "{0} doit encore jouer {1} Coniura", "{0} spielt noch {1} Coniura"],
  "status leader": ["leader", "chef", "Anführer"],
  "status conspirator": ["conspirator", "conjuré", "Verschwörer"],
  "status passed": ["passed", "a passé", "hat gepasst"],
  "status declined": ["declined to open", "n'a pas conjuré", "hat nicht eröffnet"],
  "status outside": ["not in the plot", "hors du complot", "nicht im Komplott"],
  "committed": ["{0} Coniura played", "{0} Coniura joués", "{0} Coniura gespielt"],
  "stabs": ["{0} Pugio struck", "{0} Pugio frappés", "{0} Pugio zugestochen"],
  "emperor life": ["Emperor's life: {0} (with {1} defending Pugio)", "Capital vie de l'empereur : {0} (dont {1} Pugio en défense)", "Lebenskraft des Kaisers: {0} (davon {1} Pugio zur Verteidigung)"],
  "stab total": ["Conspirators' Pugio: {0}", "Pugio des conjurés : {0}", "Pugio der Verschwörer: {0}"],
  "life modifier": ["life {0} this round", "vie {0} cette manche", "Lebenskraft {0} in dieser Runde"],
  "sequentia": ["Sequentia: the order of play", "Sequentia : l'ordre de jeu", "Sequentia: die Spielreihenfolge"],
  "sequentia card": ["Sequentia {0}: {1}", "Sequentia {0} : {1}", "Sequentia {0}: {1}"],
  "current": ["being played", "en cours", "wird gespielt"],
  "extra all_draw_coniura": ["each draws 1 Coniura", "chacun pioche 1 Coniura", "jeder zieht 1 Coniura"],
  "extra pass_ordo_left": ["Ordo cards pass left", "les Ordo passent à gauche", "die Ordo-Karten gehen nach links"],
  "civitas": ["Civitas cards", "Cartes Civitas", "Civitas-Karten"],
  "deck": ["deck:", "tas :", "Stapel:"],
  "position": ["position {0}", "position {0}", "Position {0}"],
  "empty position": ["no card", "pas de carte", "keine Karte"],
  "type predilection": ["Predilection", "Prédilection", "Vorliebe"],
  "type collective": ["Collective", "Collectif", "Gemeinschaft"],
  "type negative": ["Negative", "Négative", "Malus"],
  "slots": ["{0} SPQR spaces", "{0} espaces SPQR", "{0} SPQR-Felder"],
  "token of": ["an SPQR token of {0}, face down", "un jeton SPQR de {0}, face cachée", "ein SPQR-Plättchen von {0}, verdeckt"],
  "resolving": ["Resolving: {0}, {1} {2}: {3}", "Résolution : {0}, {1} {2} : {3}", "Auswertung: {0}, {1} {2}: {3}"],
  "optional": ["optional", "facultatif", "freiwillig"],
  "mandatory": ["mandatory", "obligatoire", "Pflicht"],
  "queue": ["for: {0}", "pour : {0}", "für: {0}"],
  "decides": ["{0} decides: {1}", "{0} décide : {1}", "{0} entscheidet: {1}"],
  "seats": ["The conspirators at the table", "Les conspirateurs autour de la table", "Die Verschwörer am Tisch"],
  "ordo": ["Ordo {0}", "Ordo {0}", "Ordo {0}"],
  "vp": ["{0} VP", "{0} PV", "{0} SP"],
  "cp": ["{0} conspiracy points", "{0} points conjuration", "{0} Verschwörungspunkte"],
  "pip": ["Primus Inter Pares", "Primus Inter Pares", "Primus Inter Pares"],
  "hand of": ["{0}'s hand:", "Main de {0} :", "Hand von {0}:"],
  "hand cards": [" Coniura or Pugio cards", " cartes Coniura ou Pugio", " Coniura- oder Pugio-Karten"],
  "supply of": ["SPQR tokens in supply: {0}", "Jetons SPQR en réserve : {0}", "SPQR-Plättchen im Vorrat: {0}"],
  "placed": ["on the cards: {0}", "sur les cartes : {0}", "auf den Karten: {0}"],
  "owned": ["owns {0}", "possède {0}", "besitzt {0}"],
  "favour at": ["Favor: {0}", "Favor : {0}", "Favor: {0}"],
  "at supply": ["in supply", "en réserve", "im Vorrat"],
  "at emperor": ["on the emperor", "sur l'empereur", "auf dem Kaiser"],
  "at a": ["on candidate A", "sur le candidat A", "auf Kandidat A"],
  "at b": ["on candidate B", "sur le candidat B", "auf Kandidat B"],
  "you": ["you", "vous", "du"],
  "my hand": ["Your tokens and cards", "Vos jetons et vos cartes", "Deine Plättchen und Karten"],
  "my supply": ["Your SPQR tokens", "Vos jetons SPQR", "Deine SPQR-Plättchen"],
  "my cards": ["Your Coniura and Pugio cards", "Vos cartes Coniura et Pugio", "Deine Coniura- und Pugio-Karten"],
  "no cards": ["no card", "aucune carte", "keine Karte"],
  "no tokens": ["no token in supply", "aucun jeton en réserve", "kein Plättchen im Vorrat"],
  "my favour": ["Your Favor token", "Votre jeton Favor", "Dein Favor-Marker"],
  "favour home": ["Take your Favor token back to your supply", "Reprendre votre jeton Favor dans votre réserve", "Deinen Favor-Marker in den Vorrat zurücknehmen"],
  "favour away": ["Your Favor token is {0}", "Votre jeton Favor est {0}", "Dein Favor-Marker liegt {0}"],
  "kind con": ["Coniura", "Coniura", "Coniura"],
  "kind con_dual": ["Coniura or Pugio", "Coniura ou Pugio", "Coniura oder Pugio"],
  "kind pug": ["Pugio", "Pugio", "Pugio"],
  "kind pug_dual": ["Pugio or Coniura", "Pugio ou Coniura", "Pugio oder Coniura"],
  "single": ["single use", "usage simple", "einfache Nutzung"],
  "role bid": ["bid", "mise", "Gebot"],
  "role defence": ["defence", "défense", "Verteidigung"],
  "role stab": ["stab", "coup", "Stich"],
  "in hand": ["{0} in hand", "{0} en main", "{0} auf der Hand"],
  "on the table": ["Cards played face up:", "Cartes jouées face visible :", "Offen gespielte Karten:"],
  // Prompt choices.
  "apply": ["Apply: {0}", "Appliquer : {0}", "Anwenden: {0}"],
  "skip": ["Skip: {0}", "Ne pas appliquer : {0}", "Nicht anwenden: {0}"],
  "stop drawing": ["Draw no more", "Ne plus piocher", "Nicht mehr ziehen"],
  "favour stays": ["Leave my Favor token where it is", "Laisser mon jeton Favor en place", "Meinen Favor-Marker liegen lassen"],
  "none": ["Nothing to discard", "Rien à défausser", "Nichts abzuwerfen"],
  "alternative": ["Choose: {0}", "Choisir : {0}", "Wählen: {0}"],
  "plus": ["Emperor's life +{0}", "Vie de l'empereur +{0}", "Lebenskraft des Kaisers +{0}"],
  "minus": ["Emperor's life −{0}", "Vie de l'empereur −{0}", "Lebenskraft des Kaisers −{0}"],
  "decline": ["Do not plot", "Ne pas conjurer", "Nicht verschwören"],
  "pass": ["Pass: out of this conspiracy", "Passer : hors de cette conjuration", "Passen: aus dieser Verschwörung aussteigen"],
  "defend pass": ["Do not defend the emperor", "Ne pas défendre l'empereur", "Den Kaiser nicht verteidigen"],
  "accept": ["Accept: play {0} more Coniura (bid {1})", "Accepter : jouer encore {0} Coniura (mise {1})", "Annehmen: noch {0} Coniura spielen (Gebot {1})"],
  "open": ["Plot as leader with {0} Coniura", "Conjurer en chef avec {0} Coniura", "Als Anführer mit {0} Coniura verschwören"],
  "raise": ["Raise to {0} Coniura", "Surenchérir à {0} Coniura", "Auf {0} Coniura erhöhen"],
  "stab done": ["Play no more Pugio", "Ne plus jouer de Pugio", "Keine Pugio mehr spielen"],
};

const say = (key, ...values) => wordsFrom(WORDS, lang, key, ...values);

const SEAT_COLOURS = {chaerea: "#8e24aa", sabinus: "#00796b", callistus: "#5d4037", vinicianus: "#c2185b", clemens: "#283593"};
const SUIT_COLOURS = {legionarii: "#b3261e", praetoriani: "#1f5fa8", tribuni: "#2e7d32", nobiles: "#a85400", plebs: "#616161"};
const TYPE_LETTERS = {predilection: "P", collective: "C", negative: "N"};
const KINDS = ["con", "con_dual", "pug", "pug_dual"];
const PLACES = {supply: "at supply", emperor: "at emperor", a: "at a", b: "at b"};

/** A printed effect code in words: "VP+2" → "+2 VP" ("+2 PV"), each pattern's numbers filling its words. */
const CODES = [
  [/^VP\+(\d+)$/, "code vp plus"],
  [/^VP-(\d+)$/, "code vp minus"],
  [/^CON (\d+)$/, "code con"],
  [/^PUG (\d+)$/, "code pug"],
  [/^ANY (\d+)$/, "code any"],
  [/^DIS (1)$/, "code dis one"],
  [/^DIS (\d+)$/, "code dis"],
  [/^DISC (\d+)$/, "code disc"],
  [/^DISP (\d+)$/, "code disp"],
  [/^SPQR([56])\((\d+)\)$/, "code spqr"],
  [/^LOSE56\((\d+)\)$/, "code lose56"],
  [/^PIP$/, "code pip"],
  [/^ORDO1$/, "code ordo1"],
  [/^CAND$/, "code cand"],
  [/^FAV$/, "code fav"],
  [/^STEAL$/, "code steal"],
  [/^LIFE±(\d+)$/, "code life"],
  [/^FAVEMP (\d+)$/, "code favemp"],
];

function codeWords(code) {
  for (const [pattern, key] of CODES) {
    const found = pattern.exec(code.trim());
    if (found) return say(key, ...found.slice(1).map(Number));
  }
  return code;
}

/** A card's printed effect as steps ("A, then B"), each a list of alternatives ("A / B"). */
const effectSteps = (text) => String(text ?? "").split(/,\s*then\s+/).map((step) => step.split(/\s*\/\s*/));

/** A card's whole effect in words. */
const effectWords = (text) => effectSteps(text)
  .map((alternatives) => alternatives.map(codeWords).join(say("or")))
  .join(say("then"));

const seatName = (seat) => words(seat);
const kindName = (kind) => say(`kind ${kind}`);
const placeName = (place) => say(PLACES[place] ?? place);

/** The view of the move being made, kept by `path`: the prompt's words depend on it (the pending effect, the high
 * bid), and `choiceLabel` is given a key only. */
let shown = null;

/** A round marker with the seat's colour and first two letters (three seats start with C): colour is not the only
 * cue. */
function seatToken(seat, extra = "") {
  return el("span", {class: `cg-token${extra}`, style: `background:${SEAT_COLOURS[seat] ?? "#555"}`, title: seatName(seat),
    "aria-hidden": "true"}, seatName(seat).slice(0, 2));
}

/** Makes `element` the board element for `key` when the seat has a move to make. Its name is its own words, with
 * `srOnly` words for what only colours and places show: an aria-label would have to repeat the visible words. */
function mark(context, key, element) {
  context.picker?.pick(key, element);
  return element;
}

/** Words for screen readers only: what the board shows by colour or position. */
const srOnly = (text) => el("span", {class: "cg-sr"}, text);

function typeBadge(type) {
  return el("span", {class: `cg-type cg-type-${type}`, title: say(`type ${type}`), "aria-hidden": "true"}, TYPE_LETTERS[type] ?? "?");
}

/** A face-down stack: a card back with its count, told as `before` count `after`. */
function backs(count, before, after = "", extra = "") {
  return el("span", {class: `card back cg-back${extra}`}, srOnly(`${before} `), el("span", {}, String(count)), srOnly(after));
}

function civitasCard(view, suit, position, card, context, data) {
  const printed = data?.byId?.[card.id];
  const resolving = view.resolution?.card === card.id;
  const slots = [];
  for (let slot = 1; slot <= Math.max(card.usable_slots, card.tokens.length); slot += 1) {
    const token = card.tokens.find((placed) => placed.slot === slot);
    slots.push(token ? seatToken(token.owner, " cg-slot") : el("span", {class: "cg-slot cg-free", "aria-hidden": "true"}));
  }
  const owners = card.tokens.map((token) => seatName(token.owner));
  const effect = printed ? effectWords(printed.text) : "";
  const element = el("div", {class: `cg-civitas${resolving ? " cg-resolving" : ""}`, "data-card": card.id,
    style: `--suit:${SUIT_COLOURS[suit]}`},
    srOnly(`${words(suit)}, ${say("position", position)}: `),
    el("div", {class: "cg-civitas-top"}, typeBadge(card.card_type),
      el("span", {class: "cg-type-name"}, say(`type ${card.card_type}`)), " ", el("b", {class: "cg-value"}, String(card.value))),
    el("div", {class: "cg-effect"}, effect),
    el("div", {class: "cg-slots", title: say("slots", card.usable_slots)}, slots),
    srOnly(`; ${say("slots", card.usable_slots)}${owners.length ? `: ${owners.map((owner) => say("token of", owner)).join(", ")}` : ""}`));
  return mark(context, `civ:${suit}:${position}`, element);
}

function suitColumn(view, row, context, data) {
  const positions = [1, 2].map((position) => {
    const card = row[`position_${position}`];
    return el("div", {class: "cg-position"},
      el("span", {class: "cg-position-number", "aria-hidden": "true"}, String(position)),
      card ? civitasCard(view, row.suit, position, card, context, data)
        : el("div", {class: "cg-civitas cg-empty"}, say("empty position")));
  });
  return el("section", {class: "cg-suit", style: `--suit:${SUIT_COLOURS[row.suit]}`, "data-suit": row.suit},
    el("h4", {class: "cg-suit-name"}, words(row.suit),
      backs(row.deck_size, `${words(row.suit)}, ${say("deck")}`, "", " cg-mini")),
    positions);
}

function augustusCard(view, card, place, context) {
  const conspiracy = view.conspiracy;
  const chosen = conspiracy?.chosen_candidate && conspiracy.chosen_candidate === place;
  const title = place === "emperor" ? say("emperor") : `${say("candidate")} ${place.toUpperCase()}`;
  const life = place === "emperor" && view.life_modifier
    ? `${say("life", Math.max(1, card.life + view.life_modifier))} (${say("life modifier", signed(view.life_modifier))})`
    : say("life", card.life);
  const slots = [];
  for (let index = 0; index < Math.max(card.slots, card.favours.length); index += 1) {
    const seat = card.favours[index];
    slots.push(seat ? seatToken(seat, " cg-favour") : el("span", {class: "cg-favour cg-free", "aria-hidden": "true"}));
  }
  const favours = card.slots
    ? say("favour slots", card.favours.length, card.slots) + (card.favours.length ? `: ${card.favours.map(seatName).join(", ")}` : "")
    : say("no favour space");
  const element = el("div", {class: `cg-augustus${place === "emperor" ? " cg-emperor" : ""}${chosen ? " cg-chosen" : ""}`,
    "data-place": place},
    el("span", {class: "cg-augustus-role"}, `${title} `),
    el("b", {class: "cg-augustus-name"}, `${words(card.id)} `),
    el("span", {}, `${life} `), el("span", {}, `${say("vp each", card.vp)} `),
    chosen ? el("span", {class: "cg-note"}, `${say("chosen candidate")} `) : "",
    el("div", {class: "cg-slots", title: favours}, slots.length ? [...slots, srOnly(favours)] : el("span", {class: "cg-note"}, favours)));
  return mark(context, `aug:${place}`, element);
}

const signed = (number) => (number > 0 ? `+${number}` : `−${-number}`);

function augustusArea(view, context) {
  const cards = [["a", view.candidate_a], ["emperor", view.emperor], ["b", view.candidate_b]].map(([place, card]) =>
    card ? augustusCard(view, card, place, context) : el("div", {class: "cg-augustus cg-empty"}, `${say("candidate")} ${place.toUpperCase()}`));
  return el("section", {class: "area cg-augustus-area"},
    el("h3", {}, say("augustus")),
    el("div", {class: "row cg-augustus-row"}, cards),
    el("p", {class: "cg-note"}, backs(view.augustus_deck_size, `${say("augustus deck")}:`, "", " cg-mini"),
      ` ${say("augustus deck")}: ${view.augustus_deck_contents.map(words).join(", ") || "—"}`));
}

function deck(name, size, context) {
  const element = el("div", {class: `cg-deck cg-deck-${name}`},
    el("span", {class: "card back cg-back", "aria-hidden": "true"}, el("span", {}, String(size))),
    srOnly(say(`${name} deck`, size)), el("span", {class: "cg-deck-name", "aria-hidden": "true"}, words(name)));
  return mark(context, `deck:${name}`, element);
}

/** A Coniura or Pugio card face up. */
function faceCard(kind, extra = "") {
  const [main, other] = kind.startsWith("con") ? ["Coniura", "Pugio"] : ["Pugio", "Coniura"];
  return el("span", {class: `card cg-face cg-${kind.startsWith("con") ? "coniura" : "pugio"}${extra}`, "data-kind": kind},
    el("span", {class: "cg-symbol"}, main),
    kind.endsWith("dual") ? el("small", {}, `+ ${other}`) : el("small", {}, say("single")));
}

function seatStatus(conspiracy, seat, index) {
  if (conspiracy.leader === seat) return say("status leader");
  if (conspiracy.conspirators.includes(seat)) return say("status conspirator");
  if (conspiracy.passed[index]) return say("status passed");
  if (conspiracy.auction_over) return say("status outside");
  if (conspiracy.declined_opening[index]) return say("status declined");
  return "";
}

function conspiracyArea(view, context) {
  const conspiracy = view.conspiracy;
  const decks = el("div", {class: "row cg-decks"},
    deck("coniura", view.coniura_deck_size, context), deck("pugio", view.pugio_deck_size, context));
  const body = [];
  if (view.conspiracy_blocked) body.push(el("p", {class: "cg-note"}, say("blocked")));
  if (!conspiracy) body.push(el("p", {class: "cg-note"}, say("no conspiracy")));
  else {
    const seats = view.seats.map((entry) => entry.seat);
    body.push(el("p", {}, el("b", {}, conspiracy.final ? say("final conspiracy") : say("conspiracy on"))));
    body.push(el("p", {}, conspiracy.leader ? say("leader bid", seatName(conspiracy.leader), conspiracy.high) : say("no leader")));
    if (view.phase.phase === "complot_payment") body.push(el("p", {}, say("owes", seatName(view.phase.seat), view.phase.owed)));
    body.push(el("ul", {class: "cg-plotters"}, seats.map((seat, index) => {
      const played = conspiracy.table.filter((card) => card.seat === seat);
      return el("li", {"data-seat": seat}, seatToken(seat), el("b", {}, seatName(seat)), " ",
        el("span", {class: "cg-note"}, [seatStatus(conspiracy, seat, index),
          conspiracy.committed[index] ? say("committed", conspiracy.committed[index]) : "",
          conspiracy.stab_count[index] ? say("stabs", conspiracy.stab_count[index]) : ""].filter(Boolean).join(" · ")),
        played.length ? el("span", {class: "cg-played", role: "img",
          "aria-label": `${say("on the table")} ${played.map((card) => `${kindName(card.kind)} (${say(`role ${card.role}`)})`).join(", ")}`},
        played.map((card) => faceCard(card.kind, " cg-small"))) : "");
    })));
    if (conspiracy.auction_over) {
      const life = Math.max(1, view.emperor.life + view.life_modifier) + conspiracy.defence_count;
      const stabs = conspiracy.stab_count.reduce((sum, count) => sum + count, 0);
      body.push(el("p", {}, say("emperor life", life, conspiracy.defence_count), " · ", say("stab total", stabs)));
    }
  }
  return el("section", {class: "area cg-conspiracy"}, el("h3", {}, say("conspiracy")), decks, body);
}

function sequentiaArea(view, data) {
  const cards = view.sequentia_row.map((id, index) => {
    const printed = data?.sequentia?.[id];
    const current = index === view.sequentia_index && view.phase.phase !== "placement";
    const suits = (printed?.suits ?? []).map((suit, at) => el("span", {class: `cg-seq-suit${current && at === view.suit_index ? " cg-now" : ""}`,
      style: `--suit:${SUIT_COLOURS[suit]}`}, words(suit)));
    const extra = printed?.extra ? el("span", {class: "cg-seq-extra"}, say(`extra ${printed.extra}`)) : "";
    const told = [...(printed?.suits ?? []).map(words), printed?.extra ? say(`extra ${printed.extra}`) : null].filter(Boolean).join(", ");
    return el("li", {class: `cg-sequentia${current ? " cg-current" : ""}`, "aria-current": current ? "step" : null,
      "aria-label": say("sequentia card", index + 1, told) + (current ? ` (${say("current")})` : "")},
    el("span", {class: "cg-seq-number", "aria-hidden": "true"}, String(index + 1)), suits, extra);
  });
  return el("section", {class: "area cg-sequentia-area"}, el("h3", {}, say("sequentia")), el("ol", {class: "cg-sequentia-row"}, cards));
}

function seatPanel(view, entry, context) {
  const seat = entry.seat;
  const playing = view.to_act.includes(seat);
  const player = context.players?.find((candidate) => candidate.seat === seat);
  const hand = backs(entry.hand_count, say("hand of", seatName(seat)), say("hand cards"));
  if (seat !== context.seat) mark(context, `seat:${seat}`, hand);
  const facts = [
    say("vp", entry.vp),
    entry.conspiracy_points ? say("cp", entry.conspiracy_points) : null,
    say("favour at", placeName(entry.favour)),
  ].filter(Boolean);
  return el("section", {class: `cg-seat${playing ? " cg-playing" : ""}${seat === context.seat ? " cg-me" : ""}`, "data-seat": seat,
    style: `--seat:${SEAT_COLOURS[seat]}`},
    el("h4", {}, seatToken(seat), `${seatName(seat)}${seat === context.seat ? ` (${say("you")})` : ""}`,
      player?.name && seat !== context.seat ? el("span", {class: "cg-note"}, ` ${player.name}`) : "",
      el("span", {class: "cg-ordo", title: say("ordo", entry.ordo)}, say("ordo", entry.ordo))),
    entry.pip ? el("p", {class: "cg-pip"}, say("pip")) : "",
    el("p", {}, facts.join(" · ")),
    el("div", {class: "row"}, hand,
      el("span", {class: "cg-supply", role: "img", "aria-label": say("supply of", entry.supply_count)},
        Array.from({length: entry.supply_count}, () => el("span", {class: "cg-spqr-back"}))),
    ),
    el("p", {class: "cg-note"}, say("placed", entry.placed_count), " · ", say("owned", entry.owned_spqr.join(", "))));
}

function handArea(view, context) {
  const mine = view.private;
  const me = view.seats.find((entry) => entry.seat === mine.seat);
  const tokens = mine.supply.map((value) => {
    const token = el("span", {class: "cg-spqr", style: `--seat:${SEAT_COLOURS[mine.seat]}`},
      el("small", {}, "SPQR "), el("b", {}, String(value)));
    return mark(context, `spqr:${value}`, token);
  });
  const cards = KINDS.flatMap((kind) => Array.from({length: mine.hand[kind]}, () => {
    const card = faceCard(kind);
    card.append(srOnly(` (${say("in hand", mine.hand[kind])})`));
    return mark(context, `hand:${kind}`, card);
  }));
  const favourHome = me.favour === "supply";
  const favour = el("span", {class: `cg-favour-home${favourHome ? "" : " cg-away"}`, style: `--seat:${SEAT_COLOURS[mine.seat]}`},
    context.picker ? srOnly(`${say("favour home")}: `) : "",
    favourHome ? seatToken(mine.seat, " cg-favour") : el("span", {class: "cg-favour cg-free"}), el("small", {}, "Favor"),
    srOnly(` (${favourHome ? say("my favour") : say("favour away", placeName(me.favour))})`));
  mark(context, "favour:supply", favour);
  return el("section", {class: "area hand cg-hand"},
    el("h3", {}, say("my hand"), el("span", {class: "cg-note"},
      `${say("ordo", me.ordo)} · ${say("vp", me.vp)}${me.conspiracy_points ? ` · ${say("cp", me.conspiracy_points)}` : ""}${me.pip ? ` · ${say("pip")}` : ""}`)),
    el("h4", {}, say("my supply")),
    el("div", {class: "row"}, tokens.length ? tokens : el("span", {class: "cg-note"}, say("no tokens")), favour),
    el("h4", {}, say("my cards")),
    el("div", {class: "row"}, cards.length ? cards : el("span", {class: "cg-note"}, say("no cards"))));
}

/** What the game is at: the round, the phase and whose turn, and the card being resolved. */
function banner(view, data, seat) {
  const phase = view.phase.phase;
  const lines = [el("p", {}, el("b", {}, say("round", view.round)), " · ",
    view.fallen && phase !== "game_over" ? `${say("fallen")} · ` : "", say(`phase ${phase}`),
    view.to_act.length ? ` · ${view.to_act.includes(seat) ? say("your turn") : say("to play", view.to_act.map(seatName).join(", "))}` : "")];
  const resolution = view.resolution;
  if (resolution) {
    const printed = data?.byId?.[resolution.card];
    lines.push(el("p", {}, say("resolving", words(resolution.suit), printed ? say(`type ${printed.type}`) : "", printed?.value ?? "",
      printed ? effectWords(printed.text) : resolution.card), ` (${say(resolution.mode)}) · `,
    say("queue", resolution.queue.map(seatName).join(", ") || "—")));
  }
  const pending = view.pending_effect;
  if (pending) lines.push(el("p", {}, say("decides", seatName(pending.seat), stepWords(pending))));
  return el("div", {class: "area cg-banner", role: "status"}, lines);
}

/** The effect step waiting for a decision, in words. */
function stepWords(pending) {
  const step = effectSteps(pending.text)[pending.cursor.step] ?? [];
  const alternative = pending.cursor.alternative;
  const codes = alternative === undefined || alternative === null ? step : [step[alternative] ?? step[0]];
  return codes.map(codeWords).join(say("or"));
}

/** The printed code of the pending step (or of one alternative), for the prompt's words. */
function pendingCode(view, index = null) {
  const pending = view?.pending_effect;
  if (!pending) return "";
  const step = effectSteps(pending.text)[pending.cursor.step] ?? [];
  const alternative = index ?? pending.cursor.alternative ?? 0;
  return step[alternative] ?? step[0] ?? "";
}

/** The clicks of each effect option: its card, deck, seat or hand card on the board, else a prompt choice. */
function effectPath(option, view) {
  if (KINDS.includes(option)) return [`hand:${option}`];
  if (option === "coniura" || option === "pugio") return [`deck:${option}`];
  const op = view.pending_effect?.op;
  if (op === "replace_candidate" || op === "move_favour") {
    if (option === "a" || option === "b" || option === "emperor") return [`aug:${option}`];
    if (option === "supply") return ["favour:supply"];
  }
  if (view.seats.some((entry) => entry.seat === option)) return [`seat:${option}`];
  return [`effect:${option}`];
}

/** The prompt's words for an effect option. */
function effectLabel(option, view) {
  const op = view?.pending_effect?.op;
  switch (option) {
    case "apply": return say("apply", codeWords(pendingCode(view)));
    case "skip":
      if (op === "move_favour") return say("favour stays");
      if (op === "draw_any") return say("stop drawing");
      return say("skip", op === "either" ? effectWords(view?.pending_effect?.text) : codeWords(pendingCode(view)));
    case "none": return say("none");
    case "first": return say("alternative", codeWords(pendingCode(view, 0)));
    case "second": return say("alternative", codeWords(pendingCode(view, 1)));
    case "plus":
    case "minus": {
      const amount = /LIFE±(\d+)/.exec(pendingCode(view))?.[1] ?? "";
      return say(option, amount);
    }
    default: return undefined;
  }
}

export default {
  parts: ["viewer", "players", "phase", "to_act", "round", "sequentia_row", "sequentia_index", "suit_index", "civitas",
    "emperor", "candidate_a", "candidate_b", "augustus_deck_size", "augustus_deck_contents", "life_modifier",
    "conspiracy_blocked", "fallen", "coniura_deck_size", "pugio_deck_size", "pip_holder", "seats", "resolution",
    "pending_effect", "conspiracy", "private", "substitute_data", "result"],

  /** The printed cards (effect texts, Sequentia suits) by id, from the title's data. */
  load: async (call) => {
    const map = await call("GET", "/v1/titles/caligula/map");
    return {
      byId: Object.fromEntries((map.civitas?.cards ?? []).map((card) => [card.id, card])),
      sequentia: Object.fromEntries((map.sequentia?.cards ?? []).map((card) => [card.id, card])),
    };
  },

  draw(view, context) {
      const data = context.data;
    const suits = el("section", {class: "area cg-civitas-area"}, el("h3", {}, say("civitas")),
      el("div", {class: "cg-suits"}, view.civitas.map((row) => suitColumn(view, row, context, data))),
      view.substitute_data ? el("p", {class: "cg-note"}, say("substitute")) : "");
    const others = view.seats.filter((entry) => entry.seat !== view.private?.seat);
    return el("div", {class: "board cg-board"},
      banner(view, data, context.seat),
      el("div", {class: "cg-top"}, augustusArea(view, context), conspiracyArea(view, context)),
      sequentiaArea(view, data),
      suits,
      el("section", {class: "area"}, el("h3", {}, say("seats")),
        el("div", {class: "cg-seats"}, (view.private ? others : view.seats).map((entry) => seatPanel(view, entry, context)))),
      view.private ? handArea(view, context) : "");
  },

  path(action, view) {
    shown = view;
    switch (action.type) {
      case "place_token": return [`spqr:${action.value}`, `civ:${action.suit}:${action.position}`];
      case "effect_choice": return effectPath(action.option, view);
      case "complot_pass": return ["complot:pass"];
      case "complot_accept": return ["complot:accept"];
      case "complot_raise": return [`complot:raise:${action.total}`];
      case "pay_coniura":
      case "defend":
      case "stab": return [`hand:${action.kind}`];
      case "choose_candidate": return [`aug:${action.candidate}`];
      case "leader_favour":
      case "conspirator_favour":
        if (action.target === "stay") return ["favour:stay"];
        return [action.target === "emperor" ? "aug:emperor" : `aug:${view.conspiracy?.chosen_candidate ?? "a"}`];
      case "defend_pass": return ["defend:pass"];
      case "stab_done": return ["stab:done"];
      default: return null;
    }
  },

  choiceLabel(key) {
    const view = shown;
    const conspiracy = view?.conspiracy;
    const me = view?.viewer ? view.seats.findIndex((entry) => entry.seat === view.viewer) : -1;
    if (key.startsWith("effect:")) return effectLabel(key.slice("effect:".length), view);
    if (key === "complot:pass") return conspiracy?.leader ? say("pass") : say("decline");
    if (key === "complot:accept") {
      const high = conspiracy?.high ?? 0;
      return say("accept", high - (conspiracy?.committed?.[me] ?? 0), high);
    }
    if (key.startsWith("complot:raise:")) {
      const total = key.slice("complot:raise:".length);
      return conspiracy?.leader ? say("raise", total) : say("open", total);
    }
    if (key === "favour:stay") return say("favour stays");
    if (key === "defend:pass") return say("defend pass");
    if (key === "stab:done") return say("stab done");
    return undefined;
  },
};
