// César et Cléopâtre's board: the five groups of patricians between the two parties, each with the opponent's
// influence cards above it and the viewer's below it (face-up cards show their value, face-down ones their back, the
// viewer's own face-down ones their value too), the vote cards, each party's piles, discard, hand and patricians won,
// and the viewer's hand at the bottom. Words in French (seed 000's terms) and English.
//
// Moves: a hand card, then where it goes (a group for an influence card, then face up or down when both are open; the
// target of a manipulation card; the discard pile in a passive turn); a pile to draw from; a Castling's pool card then
// a group; a spied card; the Veto in the hand against the opponent's manipulation. Turn choices, the end of the main
// phase and the like are the prompt's buttons, in the API's words.

import {el} from "./api.js";
import {wordsFrom} from "./i18n.js";

const SEATS = ["cleopatra", "caesar"];
const GROUPS = ["senators", "quaestors", "praetors", "aediles", "censors"];
/** The most cards one party may have at a group, and the most at a group in all (seed 000 §3 A "Important"). */
const SIDE_LIMIT = 5;
const GROUP_LIMIT = 8;

/** The board's words, English, French, then German. */
const WORDS = {
  "quoted": ["{0}", "« {0} »", "„{0}“"],
  cleopatra: ["Cleopatra", "Cléopâtre", "Kleopatra"],
  caesar: ["Caesar", "César", "Cäsar"],
  senators: ["Senators", "Sénateurs", "Senatoren"],
  quaestors: ["Quaestors", "Questeurs", "Quästoren"],
  praetors: ["Praetors", "Préteurs", "Prätoren"],
  aediles: ["Aediles", "Édiles", "Ädilen"],
  censors: ["Censors", "Censeurs", "Zensoren"],
  "one senators": ["Senator", "Sénateur", "Senator"],
  "one quaestors": ["Quaestor", "Questeur", "Quästor"],
  "one praetors": ["Praetor", "Préteur", "Prätor"],
  "one aediles": ["Aedile", "Édile", "Ädil"],
  "one censors": ["Censor", "Censeur", "Zensor"],
  philosopher: ["Philosopher", "Philosophe", "Philosoph"],
  influence: ["Influence", "Influence", "Einfluss"],
  manipulation: ["Manipulation", "Manipulation", "Manipulation"],
  "turn": ["Turn {0}", "Tour {0}", "Zug {0}"],
  "phase setup_arrange": ["Setup: each party stacks its pile 2", "Préparation : chacun range sa pile de réserve n°2", "Vorbereitung: Jeder legt seinen Stapel 2"],
  "phase setup_place": ["Setup: each party places five cards face down, one at each group",
    "Préparation : chacun pose 5 cartes cachées, une devant chaque groupe", "Vorbereitung: Jeder legt fünf Karten verdeckt aus, eine bei jeder Gruppe"],
  "phase turn_start": ["{0} chooses: an active or a passive turn", "À {0} de choisir : tour actif ou passif", "{0} wählt: aktiver oder passiver Zug"],
  "phase passive": ["{0}'s passive turn: discard, then draw as many", "Tour passif de {0} : défausser, puis tirer autant", "Passiver Zug von {0}: abwerfen, dann ebenso viele ziehen"],
  "phase main": ["{0}'s active turn", "Tour actif de {0}", "Aktiver Zug von {0}"],
  "phase reaction": ["{1} may veto {0}'s manipulation", "{1} peut opposer son Veto à la Manipulation de {0}", "{1} kann gegen die Manipulation von {0} ein Veto einlegen"],
  "phase spy_pick": ["{0} chooses the card to discard", "{0} choisit la carte à défausser", "{0} wählt die abzuwerfende Karte"],
  "phase castling": ["{0} puts the cards back face down", "{0} replace ses cartes face cachée", "{0} legt die Karten verdeckt zurück"],
  "phase draw": ["{2} draws", "{2} tire une carte", "{2} zieht"],
  "phase vote_window": ["Extraordinary vote: {3}", "Suffrage exceptionnel : {3}", "Außerordentliche Wahl: {3}"],
  "phase game_over": ["Game over", "Partie terminée", "Spielende"],
  "placement none": ["to place: 1 card face down or 2 face up", "à poser : 1 carte cachée ou 2 visibles", "auszulegen: 1 Karte verdeckt oder 2 offen"],
  "placement half": ["1 more face-up card to place", "encore 1 carte visible à poser", "noch 1 offene Karte auszulegen"],
  "placement done": ["placement done", "pose faite", "Auslegen erledigt"],
  "passive discards": ["cards discarded: {0}", "cartes défaussées : {0}", "abgeworfene Karten: {0}"],
  "manipulation played": ["manipulation played", "Manipulation jouée", "Manipulation gespielt"],
  "plays alone": ["{0} plays on alone", "{0} continue à jouer seul", "{0} spielt allein weiter"],
  "plays alone cleopatra": ["{0} plays on alone", "{0} continue à jouer seule", "{0} spielt allein weiter"],
  "forum": ["The Forum", "Le Forum", "Das Forum"],
  "left": ["{0} left", "reste {0}", "noch {0}"],
  "all won": ["all won", "tous gagnés", "alle gewonnen"],
  "cards at group": ["{0}/8 cards", "{0}/8 cartes", "{0}/8 Karten"],
  "your mission": ["your secret mission", "votre Mission Secrète", "deine geheime Mission"],
  "mission": ["Secret mission", "Mission Secrète", "Geheime Mission"],
  "votes": ["Vote cards", "Cartes Suffrage", "Wahlkarten"],
  "deck": ["Deck", "Paquet", "Stapel"],
  "vote deck": ["vote deck, {0} cards", "paquet Suffrage, {0} cartes", "Wahlkartenstapel, {0} Karten"],
  "last vote": ["last drawn", "dernière tirée", "zuletzt gezogen"],
  "removed": ["out of the game: {0}", "retirées du jeu : {0}", "aus dem Spiel: {0}"],
  "vote group": ["Vote: {0}", "Suffrage : {0}", "Wahl: {0}"],
  "orgy": ["Orgy", "Orgie", "Orgie"],
  "orgy reshuffle": ["Orgy: reshuffle the deck", "Orgie, remélangez tout le paquet", "Orgie: den Stapel neu mischen"],
  "pile1": ["Pile 1", "Réserve n°1", "Stapel 1"],
  "pile2": ["Pile 2", "Réserve n°2", "Stapel 2"],
  "pile label": ["{0} ({1}), {2} cards", "{0} ({1}), {2} cartes", "{0} ({1}), {2} Karten"],
  "next": ["next: {0}", "prochaine : {0}", "als Nächste: {0}"],
  "discard": ["Discard", "Défausse", "Ablage"],
  "discard label": ["{0}'s discard pile, {1} cards", "Défausse de {0}, {1} cartes", "Ablagestapel von {0}, {1} Karten"],
  "hand": ["Hand", "Main", "Hand"],
  "hand label": ["{0}'s hand: {1} influence, {2} manipulation", "Main de {0} : {1} Influence, {2} Manipulation", "Hand von {0}: {1} Einfluss, {2} Manipulation"],
  "your hand": ["Your hand", "Votre main", "Deine Hand"],
  "won": ["Patricians won", "Patriciens gagnés", "Gewonnene Patrizier"],
  "none": ["none", "aucun", "keine"],
  "exhausted": ["no influence card left", "plus de carte Influence", "keine Einflusskarte mehr"],
  "stacked": ["pile 2 stacked: {0} of 13", "réserve n°2 rangée : {0} sur 13", "Stapel 2 gelegt: {0} von 13"],
  "placed": ["initial cards placed: {0} of 5", "cartes initiales posées : {0} sur 5", "Startkarten ausgelegt: {0} von 5"],
  "to stack": ["Manipulation cards to stack: the first one stacked is drawn first",
    "Cartes Manipulation à ranger : la première rangée sera tirée la première", "Manipulationskarten zum Stapeln: Die zuerst gelegte wird zuerst gezogen"],
  "to place": ["Initial cards: one face down at each group", "Cartes initiales : une cachée devant chaque groupe", "Startkarten: eine verdeckt bei jeder Gruppe"],
  "pile2 order": ["Your pile 2, top first", "Votre réserve n°2, du dessus au dessous", "Dein Stapel 2, oberste zuerst"],
  "face down": ["face down", "face cachée", "verdeckt"],
  "face up": ["face up", "face visible", "offen"],
  "side": ["{0} at the {1}", "{0} devant les {1}", "{0} bei den {1}"],
  "place here": ["place a card here", "poser ici", "hier eine Karte auslegen"],
  "the group": ["the {0}", "les {0}", "die {0}"],
  "played": ["{0}: {1} {2}", "{0} : {1} {2}", "{0}: {1} {2}"],
  "pending": ["Manipulation on the table", "Manipulation en cours", "Manipulation auf dem Tisch"],
  "castling pool": ["{0}'s Castling: cards to put back face down ({1})", "{0} : cartes à replacer face cachée ({1})", "Rochade von {0}: verdeckt zurückzulegende Karten ({1})"],
  "spied hand": ["{0}'s hand: choose the card to discard", "La main de {0} : choisissez la carte à défausser", "Hand von {0}: Wähle die abzuwerfende Karte"],
  "between": ["between the {0} and the {1}", "entre les {0} et les {1}", "zwischen den {0} und den {1}"],
  "against": ["against the face-up {0} at the {1}", "contre le {0} visible devant les {1}", "gegen die offene {0} bei den {1}"],
  "on group": ["on the {0}", "sur les {0}", "auf die {0}"],
  "on hand": ["on the opponent's hand", "sur la main adverse", "auf die Hand des Gegners"],
  "owes": ["{0} owes {1} draws", "{0} doit tirer {1} cartes", "{0} muss {1} Karten ziehen"],
};

/** The manipulation cards' names in each language, Caesar's then Cleopatra's (seed 000 §7 names the French ones: the Roman first). */
const MANIPULATIONS = {
  assassination: {en: ["Assassination", "Assassination"], fr: ["Influence", "Influence"], de: ["Attentat", "Attentat"]},
  spy: {en: ["Spy", "Spy"], fr: ["Espion", "Espionne"], de: ["Spion", "Spionin"]},
  castling: {en: ["Castling", "Castling"], fr: ["Roque romain", "Roque égyptien"], de: ["Rochade", "Rochade"]},
  scout: {en: ["Scout", "Scout"], fr: ["Courtisan", "Courtisane"], de: ["Späher", "Späher"]},
  wrath: {en: ["Wrath of the Gods", "Wrath of the Gods"], fr: ["Colère des dieux", "Colère des dieux"], de: ["Zorn der Götter", "Zorn der Götter"]},
  veto: {en: ["Veto", "Veto"], fr: ["Veto de César", "Veto de Cléopâtre"], de: ["Veto", "Veto"]},
};

const CSS = `
.cc { gap: 0.5em; container-type: inline-size; }
.cc .cc-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.cc .cc-status { background: #fff; border-radius: 6px; padding: 0.35em 0.7em; display: flex; flex-wrap: wrap;
  gap: 0.2em 0.9em; align-items: baseline; }
.cc .cc-status b { color: #7a1f12; }
.cc .cc-seat { border-left: 6px solid var(--party); }
.cc .area h2 { font-size: 1em; margin: 0 0 0.3em; display: flex; gap: 0.6em; align-items: baseline; flex-wrap: wrap; }
.cc .area h2 .muted { font-weight: 400; font-size: 0.9em; }
.cc .cc-zones { display: flex; flex-wrap: wrap; gap: 0.4em 1em; align-items: flex-start; }
.cc .cc-zone { display: flex; flex-direction: column; gap: 0.15em; align-items: flex-start; min-width: 0; }
.cc .cc-zone > .cc-caption { font-size: 0.8em; color: #595959; }
.cc .cc-cleopatra { --party: #1b5e7a; --party-light: #2d7fa3; }
.cc .cc-caesar { --party: #8c1d13; --party-light: #ad3a2c; }
.cc .card { position: relative; min-width: 2.3em; width: 2.3em; min-height: 3.2em; height: 3.2em; padding: 0.1em;
  border: 2px solid var(--party, #8a7a55); background: #fffdf7; color: #1d1d1f; font-size: 0.95em; box-sizing: border-box; }
.cc .card .cc-value { font-size: 1.35em; line-height: 1; }
.cc .card small { font-size: 0.62em; line-height: 1.05; }
.cc .card.back { background: repeating-linear-gradient(45deg, var(--party), var(--party) 4px, var(--party-light) 4px,
  var(--party-light) 8px); color: #fff; }
.cc .card.back .cc-value, .cc .card.back .cc-badge { background: #fff; color: #1d1d1f; border-radius: 999px;
  padding: 0.05em 0.3em; font-size: 1em; min-width: 1.1em; }
.cc .cc-m::before { content: "M"; }
.cc .cc-p::before { content: "P"; }
.cc .card.back .cc-m { font-size: 1.1em; font-weight: 800; text-shadow: 0 0 2px #000; }
.cc .card.cc-manip { width: 4.9em; min-width: 4.9em; justify-content: flex-start; gap: 0.3em; hyphens: auto; }
.cc .card.cc-manip .cc-m { align-self: flex-start; font-size: 0.7em; background: var(--party); color: #fff;
  border-radius: 3px; padding: 0 0.25em; }
.cc .card.cc-manip small { font-size: 0.72em; font-weight: 700; }
.cc .card.cc-patrician { width: 3.4em; min-width: 3.4em; border-color: #b8860b; background: #fff6d6; }
.cc .card.cc-vote { width: 4.6em; min-width: 4.6em; border-color: #6b5a2a; background: #fffaf0; }
.cc .card.cc-vote.back { background: repeating-linear-gradient(45deg, #6b5a2a, #6b5a2a 4px, #8a7740 4px, #8a7740 8px); }
.cc .card.cc-empty { border: 2px dashed #b9a67a; background: transparent; }
.cc .cc-sum { margin-left: auto; align-self: flex-end; font-size: 0.8em; color: #595959; white-space: nowrap; }
.cc .cc-big .card { width: 3.1em; min-width: 3.1em; height: 4.3em; font-size: 1.05em; }
.cc .cc-big .card.cc-manip { width: 5.4em; min-width: 5.4em; }
.cc .cc-fan { display: flex; flex-wrap: wrap; gap: 0.25em; align-items: center; }
.cc .cc-forum { display: grid; grid-template-columns: repeat(auto-fit, minmax(10.6em, 1fr)); gap: 0.5em; }
/* Wide enough: the five groups in one row, the vote cards in a narrow column beside them. */
@container (min-width: 56em) {
  .cc .cc-forum { grid-template-columns: repeat(5, minmax(0, 1fr)) 6.2em; }
  .cc .cc-votes .cc-zones { flex-direction: column; }
}
.cc .cc-group { background: #fff; border-radius: 6px; border: 2px solid var(--group); display: flex;
  flex-direction: column; min-width: 0; }
.cc .cc-group.cc-closed { border-style: dashed; border-color: #8a8a8a; }
.cc .cc-group.cc-closed h3 { background: #595959; }
.cc .cc-group.cc-voting { box-shadow: 0 0 0 3px #d4a017; }
.cc .cc-group h3 { margin: 0; padding: 0.2em 0.5em; background: var(--group); color: #fff; font-size: 1em;
  display: flex; justify-content: space-between; gap: 0.4em; }
.cc .cc-group h3 .cc-mission { font-weight: 400; font-size: 0.85em; }
.cc .cc-group h3 .cc-name { flex: 1; }
.cc .cc-group h3 .pickable.open { outline-color: #ffd95a; }
.cc .cc-side { display: flex; flex-wrap: wrap; gap: 0.2em; min-height: 3.6em; padding: 0.25em; align-content: center;
  border-left: 4px solid var(--party); margin: 0.2em 0.3em; border-radius: 3px; }
.cc .cc-side.cc-opp { background: #f6f3ec; }
.cc .cc-side.cc-mine { background: #f3f6f8; }
.cc .cc-centre { display: flex; align-items: center; justify-content: space-between; gap: 0.3em; padding: 0.2em 0.5em;
  border-top: 1px solid #eee; border-bottom: 1px solid #eee; font-size: 0.85em; color: #595959; }
.cc .cc-centre .card { font-size: 1.1em; }
.cc .cc-g-senators { --group: #5b2a86; }
.cc .cc-g-quaestors { --group: #2f6b2f; }
.cc .cc-g-praetors { --group: #1f4e8c; }
.cc .cc-g-aediles { --group: #9a5b13; }
.cc .cc-g-censors { --group: #6b4f2a; }
.cc .cc-votes { background: #fff; border-radius: 6px; border: 2px solid #6b5a2a; padding: 0 0 0.3em; }
.cc .cc-votes h3 { margin: 0 0 0.3em; padding: 0.2em 0.5em; background: #6b5a2a; color: #fff; font-size: 1em; }
.cc .cc-votes .cc-zones { padding: 0 0.5em; }
.cc .cc-chip { display: inline-block; padding: 0.05em 0.45em; border-radius: 4px; background: var(--group); color: #fff;
  font-size: 0.85em; }
.cc .cc-table { border: 2px dashed #d4a017; }
.cc .hand { border-left-width: 6px; border-left-color: var(--party); }
`;

let styled = false;
/** The board's own styles, added once: the page's style.css has only the generic classes. */
function addStyles() {
  if (styled) return;
  styled = true;
  document.head.append(el("style", {}, CSS));
}

export default {
  parts: ["phase", "turn", "active", "placement", "manip_used", "passive_discards", "owed_draws", "solo_survivor",
    "vote_context", "pending_manipulation", "castling", "spied_hand", "groups", "seats", "vote_deck", "vote_discard",
    "vote_removed", "result", "viewer", "to_act"],
  draw,
  path,
};

/** The other party. */
const other = (seat) => (seat === "caesar" ? "cleopatra" : "caesar");

/**
 * The clicks that make `action`, as keys of the board's elements (see draw): `hand:<face>` a card in the viewer's
 * hand, `side:<group>` the viewer's cards at a group, `group:<group>` a group's patricians, `up:<group>:<value>` an
 * opponent's face-up card, `down:<group>` the opponent's face-down cards, `pile:<n>`, `discard`, `opponent-hand`,
 * `pool:<value>` a Castling's card, `spied:<face>`; the rest are prompt buttons.
 */
function path(action, view, seat) {
  const card = action.card;
  switch (action.type) {
    case "stack_manipulation":
      return [`hand:${card}`];
    case "place_initial":
      return [`hand:${card}`, `side:${action.group}`];
    case "choose_active":
      return ["active"];
    case "choose_passive":
      return ["passive"];
    case "passive_discard":
      return [`hand:${card}`, "discard"];
    case "end_discard":
      return ["end-discard"];
    case "place_face_down":
    case "place_face_up": {
      const where = [`hand:${card}`, `side:${action.group}`];
      return bothFaces(view, seat, action.group) ? [...where, action.type === "place_face_up" ? "face-up" : "face-down"] : where;
    }
    case "play_manipulation":
      return [`hand:${card}`, ...manipulationTarget(action)];
    case "end_main":
      return ["end-main"];
    case "allow_manipulation":
      return ["allow"];
    case "veto_manipulation":
      return ["hand:veto"];
    case "spy_pick":
      return [`spied:${card}`];
    case "castle_place":
      return [`pool:${card}`, `side:${action.group}`];
    case "draw":
      return [`pile:${action.pile}`];
    case "continue_vote":
      return ["continue-vote"];
    default:
      return null;
  }
}

/** What a manipulation card is played on (spec 7.5): the Castling's two groups in either order. */
function manipulationTarget(action) {
  switch (action.card) {
    case "assassination":
      return [`up:${action.group}:${action.target}`];
    case "spy":
      return ["opponent-hand"];
    case "castling":
      return [(action.groups ?? []).map((group) => `group:${group}`)];
    case "scout":
      return [`down:${action.group}`];
    default:
      return [`group:${action.group}`];
  }
}

/** The cards `seat` has at `group`. */
const own = (group, seat) => group[seat].face_up.length + group[seat].face_down_count;

/**
 * Whether a card of the viewer's hand may go to `target` both face down and face up: face down only while nothing is
 * placed, and face up then only with a second influence card and a place left for it after this one (spec 5, D4).
 * Where only one way is open, the group click makes the move.
 */
function bothFaces(view, seat, target) {
  if (view.placement !== "none" || view.seats[seat].hand.influence < 2) return false;
  return view.groups.some((group) => {
    const adding = group.group === target ? 1 : 0;
    return group.open && own(group, seat) + adding < SIDE_LIMIT && group.total + adding < GROUP_LIMIT;
  });
}

/**
 * The helpers below draw parts of the board; `b` is what they share: the view, the context, the words (`say`), the
 * viewer's party (`me`, `opp`, `mine`: whether the viewer holds a seat) and `offer`, which makes an element a pick.
 */

/** A card's name: its value, or a manipulation's Roman or Egyptian name by its party. */
function faceName(b, face, owner) {
  const {context, say} = b;
  if (face === "P") return say("philosopher");
  if (typeof face === "number") return String(face);
  const names = MANIPULATIONS[face];
  if (!names) return face;
  const [roman, egyptian] = names[context.lang] ?? names.en;
  return owner === "cleopatra" ? egyptian : roman;
}

const sr = (text) => el("span", {class: "cc-sr"}, text);

/** An influence card face up, or face down (its value shown only when `value` is known). */
// The letters M (manipulation) and P (Philosopher) are drawn by the style sheet: the card's words name it.
function influenceCard(b, value, owner, down = false) {
  const {say} = b;
  const philosopher = value === "P";
  const mark = philosopher ? el("span", {class: "cc-value cc-p"}) : el("span", {class: "cc-value"}, value);
  if (down) {
    return el("div", {class: `card back cc-${owner}`}, value === undefined ? "" : mark,
      sr(philosopher ? `${say("philosopher")}, ${say("face down")}` : say("face down")));
  }
  return el("div", {class: `card cc-${owner}`}, mark, philosopher ? el("small", {}, say("philosopher")) : "");
}

function manipulationCard(b, kind, owner) {
  return el("div", {class: "card cc-manip", "data-kind": kind}, el("span", {class: "cc-m"}),
    el("small", {}, faceName(b, kind, owner)));
}

const anyCard = (b, face, owner) => (typeof face === "number" || face === "P" ? influenceCard(b, face, owner) : manipulationCard(b, face, owner));

/** A face-down pile with its count. */
function pileCard(count, owner, manipulation = false) {
  if (!count) return el("div", {class: "card cc-empty", "aria-hidden": "true"});
  return el("div", {class: `card back cc-${owner}`, "aria-hidden": "true"},
    manipulation ? el("span", {class: "cc-m"}) : "", el("span", {class: "cc-badge"}, count));
}

function zone(caption, ...content) {
  return el("div", {class: "cc-zone"}, el("span", {class: "cc-caption"}, caption), ...content);
}

const voteName = (b, card) => {
  const {say} = b;
  if (card.startsWith("vote_")) return say("vote group", say(card.slice(5)));
  return card === "orgy_reshuffle" ? say("orgy reshuffle") : say("orgy");
};

/** A patrician's group: `aedile_2` is one of the `aediles`. */
const patricianGroup = (card) => `${card.split("_")[0]}s`;

/** The patricians a party won, one chip per group with its count. */
function wonChips(b, won) {
  const {say} = b;
  const counts = new Map();
  for (const card of won) {
    const group = patricianGroup(card);
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  if (!counts.size) return el("span", {class: "muted"}, say("none"));
  return el("span", {class: "cc-fan"}, GROUPS.filter((group) => counts.has(group)).map((group) =>
    el("span", {class: `cc-chip cc-g-${group}`}, `${say(`one ${group}`)} ×${counts.get(group)}`)));
}

/** A party's side of the table: hand (backs, for the opponent), piles, discard, patricians won, mission. */
function seatArea(b, seat) {
  const {view, say, me, opp, mine, offer} = b;
  const data = view.seats[seat];
  const isViewer = mine && seat === me;
  const setup = ["setup_arrange", "setup_place"].includes(view.phase);
  const notes = [
    setup ? say("stacked", data.stacked) : null,
    setup ? say("placed", data.placed) : null,
    data.exhausted ? say("exhausted") : null,
    seat === view.solo_survivor ? say(seat === "cleopatra" ? "plays alone cleopatra" : "plays alone", say(seat)) : null,
  ].filter(Boolean).join(" · ");
  const zones = [];
  if (!isViewer) {
    const backs = [
      ...Array.from({length: data.hand.influence}, () => el("div", {class: `card back cc-${seat}`, "aria-hidden": "true"})),
      ...Array.from({length: data.hand.manipulation}, () =>
        el("div", {class: `card back cc-${seat}`, "aria-hidden": "true"}, el("span", {class: "cc-m"}))),
    ];
    const hand = el("div", {class: "cc-fan"}, backs.length ? backs : el("span", {class: "muted"}, "0"),
      sr(say("hand label", say(seat), data.hand.influence, data.hand.manipulation)));
    zones.push(zone(say("hand"), seat === opp ? offer("opponent-hand", hand,
      say("hand label", say(seat), data.hand.influence, data.hand.manipulation)) : hand));
  }
  const pile = (number, count, manipulation) => {
    const label = say("pile label", say(`pile${number}`), say(number === 1 ? "influence" : "manipulation"), count);
    const card = el("div", {class: "cc-fan"}, pileCard(count, seat, manipulation), sr(label));
    return zone(say(`pile${number}`), isViewer ? offer(`pile:${number}`, card, label) : card);
  };
  zones.push(pile(1, data.pile1, false), pile(2, data.pile2, true));
  if (isViewer && data.pile2_order?.length) {
    zones[zones.length - 1].append(el("span", {class: "cc-caption"}, say("next", faceName(b, data.pile2_order[0].card, seat))));
  }
  const top = data.discard.at(-1);
  const discardLabel = say("discard label", say(seat), data.discard.length);
  const topCard = top ? anyCard(b, top.card, seat) : el("div", {class: "card cc-empty"});
  zones.push(zone(say("discard"), el("div", {class: "cc-fan"},
    isViewer ? offer("discard", topCard, `${top ? faceName(b, top.card, seat) : ""} (${discardLabel})`) : topCard,
    el("span", {class: "cc-caption", "aria-hidden": "true"}, `×${data.discard.length}`), sr(discardLabel))));
  zones.push(zone(say("won"), wonChips(b, data.won)));
  if (data.mission_group) zones.push(zone(say("mission"), el("span", {class: `cc-chip cc-g-${data.mission_group}`}, say(data.mission_group))));
  return el("section", {class: `area cc-seat cc-${seat}`, "data-seat": seat},
    el("h2", {}, say(seat), notes ? el("span", {class: "muted"}, notes) : ""),
    el("div", {class: "cc-zones"}, zones));
}

/** One party's cards at a group: face up first, then face down. */
function sideRow(b, group, seat) {
  const {say, me, opp, mine, offer} = b;
  const side = group[seat];
  const isViewer = mine && seat === me;
  const cards = [];
  for (const value of side.face_up) {
    const card = influenceCard(b, value, seat);
    cards.push(seat === opp
      ? offer(`up:${group.group}:${value}`, card, `${faceName(b, value)} ${say("face up")} (${say("side", say(seat), say(group.group))})`)
      : card);
  }
  const known = side.face_down ?? [];
  for (let index = 0; index < side.face_down_count; index += 1) {
    const card = influenceCard(b, known[index], seat, true);
    cards.push(seat === opp
      ? offer(`down:${group.group}`, card, `${say("face down")} (${say("side", say(seat), say(group.group))})`)
      : card);
  }
  const where = say("side", say(seat), say(group.group));
  const sum = sideSum(side);
  // Spaces between the cards keep their values apart as words ("2 3", not "23").
  const row = el("div", {class: `cc-side ${seat === me ? "cc-mine" : "cc-opp"} cc-${seat}`},
    [sr(where), ...cards, sum].flatMap((item) => [item, " "]));
  if (!isViewer) return row;
  // The row's name holds the words it shows, in their order (what a face-down Philosopher shows is a drawn P).
  const shown = [...side.face_up.map((value) => faceName(b, value)),
    ...known.map((value) => (value === "P" ? `(${faceName(b, value)}, ${say("face down")})` : `${value} (${say("face down")})`)),
    ...(sum ? [sum.textContent] : [])];
  return offer(`side:${group.group}`, row, `${where}${shown.length ? ` : ${shown.join(", ")}` : ""} (${say("place here")})`);
}

/** The influence a side shows: its known values added up (a Philosopher counts 0), "+?" for unseen cards. */
function sideSum(side) {
  const known = [...side.face_up, ...(side.face_down ?? [])];
  if (!side.face_up.length && !side.face_down_count) return "";
  const sum = known.filter((value) => value !== "P").reduce((total, value) => total + value, 0);
  const unseen = side.face_down_count - (side.face_down?.length ?? 0);
  return el("span", {class: "cc-sum"}, `Σ ${known.length ? sum : ""}${known.length && unseen ? " + " : ""}${unseen ? "?" : ""}`);
}

function groupTile(b, group) {
  const {view, say, me, opp, mine, offer} = b;
  const missionHere = mine && view.seats[me].mission_group === group.group;
  const stack = el("div", {class: "card cc-patrician", "aria-hidden": "true"},
    el("span", {class: "cc-value"}, group.patricians_left), el("small", {}, say(`one ${group.group}`)));
  const centre = el("div", {class: "cc-centre"}, stack,
    el("span", {}, group.open ? say("left", group.patricians_left) : say("all won"), el("br"), say("cards at group", group.total)));
  // The group's name is its button (for a Wrath or a Castling); a click on its patricians works as well.
  const name = offer(`group:${group.group}`, el("span", {class: "cc-name"}, say(group.group)), say("the group", say(group.group)));
  if (name.dataset.pick) centre.addEventListener("click", () => name.click());
  const classes = ["cc-group", `cc-g-${group.group}`, group.open ? "" : "cc-closed", view.vote_context === group.group ? "cc-voting" : ""];
  return el("section", {class: classes.filter(Boolean).join(" "), "data-group": group.group},
    el("h3", {}, name, missionHere
      ? el("span", {class: "cc-mission", title: say("your mission")}, el("span", {"aria-hidden": "true"}, "★"), sr(say("your mission")))
      : ""),
    sideRow(b, group, opp),
    centre,
    sideRow(b, group, me));
}

function votesTile(b) {
  const {view, say} = b;
  const last = view.vote_discard.at(-1);
  return el("section", {class: "cc-votes"},
    el("h3", {}, say("votes")),
    el("div", {class: "cc-zones"},
      zone(say("deck"), view.vote_deck
        ? el("div", {class: "card cc-vote back", role: "img", "aria-label": say("vote deck", view.vote_deck)},
          el("span", {class: "cc-badge"}, view.vote_deck))
        : el("div", {class: "card cc-vote cc-empty"})),
      zone(say("last vote"), last
        ? el("div", {class: "cc-fan"}, el("div", {class: "card cc-vote"}, el("small", {}, voteName(b, last))),
          el("span", {class: "cc-caption"}, `×${view.vote_discard.length}`))
        : el("span", {class: "muted"}, say("none"))),
      view.vote_removed.length ? zone(say("removed", view.vote_removed.map((card) => voteName(b, card)).join(", "))) : ""));
}

function statusStrip(b) {
  const {view, say} = b;
  const active = say(view.active);
  const drawing = view.owed_draws[0] ? say(view.owed_draws[0].seat) : active;
  const bits = [
    view.turn ? el("b", {}, say("turn", view.turn)) : "",
    el("span", {}, say(`phase ${view.phase}`, active, say(other(view.active)), drawing, view.vote_context ? say("the group", say(view.vote_context)) : "")),
    ["main", "reaction", "spy_pick", "castling"].includes(view.phase) ? el("span", {}, say(`placement ${view.placement}`)) : "",
    view.manip_used && view.phase !== "turn_start" ? el("span", {}, say("manipulation played")) : "",
    view.phase === "passive" ? el("span", {}, say("passive discards", view.passive_discards)) : "",
    ...view.owed_draws.filter((owed) => owed.count > 1).map((owed) => el("span", {}, say("owes", say(owed.seat), owed.count))),
  ];
  return el("div", {class: "cc-status"}, bits);
}

/** The manipulation being resolved, a Castling's pool, the hand a Spy sees. */
function tableArea(b) {
  const {view, say, opp, offer} = b;
  const parts = [];
  const pending = view.pending_manipulation;
  if (pending) {
    const aim = pending.card === "assassination" ? say("against", faceName(b, pending.target), say(pending.group))
      : pending.card === "castling" ? say("between", say(pending.groups[0]), say(pending.groups[1]))
        : pending.card === "spy" ? say("on hand")
          : pending.group ? say("on group", say(pending.group)) : "";
    parts.push(el("div", {class: `cc-fan cc-${pending.seat}`}, manipulationCard(b, pending.card, pending.seat),
      el("span", {}, say("played", say(pending.seat), say("quoted", faceName(b, pending.card, pending.seat)), aim))));
  }
  const castling = view.castling;
  if (castling) {
    const pool = castling.pool
      ? castling.pool.map(({card}) => offer(`pool:${card}`, influenceCard(b, card, castling.seat), `${faceName(b, card)} (${say("face down")})`))
      : Array.from({length: castling.pool_count}, () => influenceCard(b, undefined, castling.seat, true));
    parts.push(el("h3", {}, say("castling pool", say(castling.seat), castling.groups.map((group) => say(group)).join(", "))),
      el("div", {class: `cc-fan cc-big cc-${castling.seat}`}, pool));
  }
  if (view.spied_hand) {
    parts.push(el("h3", {}, say("spied hand", say(opp))),
      el("div", {class: `cc-fan cc-big cc-${opp}`}, view.spied_hand.map((face) =>
        offer(`spied:${face}`, anyCard(b, face, opp), faceName(b, face, opp)))));
  }
  if (!parts.length) return "";
  return el("section", {class: "area cc-table"}, el("h2", {}, say("pending")), parts);
}

/** The viewer's hand; at setup the cards still to stack or to place. */
function handArea(b) {
  const {view, say, me, mine, offer} = b;
  if (!mine) return "";
  const data = view.seats[me];
  let heading = say("your hand");
  let cards = (data.hand.cards ?? []).map(({card}) => card);
  if (view.phase === "setup_arrange" && data.unstacked?.length) {
    heading = say("to stack");
    cards = data.unstacked.map(({card}) => card);
  } else if (view.phase === "setup_place" && data.to_place?.length) {
    heading = say("to place");
    cards = data.to_place;
  }
  const row = el("div", {class: "row cc-big"}, cards.map((face) =>
    offer(`hand:${face}`, anyCard(b, face, me), typeof face === "string" && face !== "P" ? `« ${faceName(b, face, me)} »` : faceName(b, face, me))));
  const order = view.phase === "setup_arrange" && data.pile2_order?.length
    ? [el("h3", {}, say("pile2 order")), el("div", {class: "row"}, data.pile2_order.map(({card}) => manipulationCard(b, card, me)))]
    : [];
  return el("section", {class: `area hand cc-${me}`}, el("h2", {}, heading), row, order);
}

/** Draws the board for `view`; the viewer's party sits at the bottom (Cleopatra's for a spectator). */
function draw(view, context) {
  addStyles();
  const say = (key, ...values) => wordsFrom(WORDS, context.lang, key, ...values);
  const me = SEATS.includes(context.seat) ? context.seat : "cleopatra";
  const opp = other(me);
  const mine = SEATS.includes(context.seat);
  const picker = context.picker;
  // Only the elements some legal move is made with become buttons: the rest stay plain cards.
  const wanted = new Set((picker?.paths ?? []).flatMap((entry) => entry.path.flat()));
  const offer = (key, element, label) => {
    if (!picker || !wanted.has(key)) return element;
    // A button's name is its label, which says all that its cards show.
    for (const child of element.children) child.setAttribute("aria-hidden", "true");
    return picker.pick(key, element, label);
  };
  const b = {view, context, say, me, opp, mine, offer};
  return el("div", {class: "board cc", "data-title": "caesar-cleopatra"},
    statusStrip(b),
    seatArea(b, opp),
    el("section", {class: "cc-forum"}, el("h2", {class: "cc-sr"}, say("forum")), view.groups.map((group) => groupTile(b, group)), votesTile(b)),
    tableArea(b),
    seatArea(b, me),
    handArea(b));
}
