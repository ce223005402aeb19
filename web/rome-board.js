// Rome et Carthage's board: where the game stands (phase, whose turn, moves left), the map (map.js) with the cities in
// their holders' colours and the pieces on them, the combat being fought with the cards on the table, the seats with
// their States, hands (as card backs) and special cards, the talon and the discard, and at the bottom the seat's own
// pieces to place and its hand: combat cards and special cards.
//
// Moves by clicks (picker.js): a piece, then the cities of its path in order (a second mercenary and its city after the
// first makes a two-mercenary move); a piece to place, then its city; a special card, then what it acts on; a pending
// combat's city; cards of the hand for a commit, a spy's new base, a tie-break card or a forced march (after its
// prompt choice). Ending the moves, draw offers and answers and the spy's choice are prompt choices.

import {el, words as idWords} from "./api.js";
import {lang, wordsFrom} from "./i18n.js";
import {KIND_LETTERS, STATE_COLOURS, drawMap, pieceToken} from "./map.js";

/** The board's words: [English, French, German], French as the seed (004) words them. */
const WORDS = {
  "map": ["Map of the Mediterranean", "Carte de la Méditerranée", "Karte des Mittelmeers"],
  "map scroll": ["The map (scrolls sideways)", "La carte (défile de côté)", "Die Karte (seitlich verschiebbar)"],
  "round": ["Round {0}", "Tour {0}", "Runde {0}"],
  "plays": ["{0} plays", "{0} joue", "{0} ist am Zug"],
  "moves": ["moves {0} of {1}", "déplacements : {0} sur {1}", "Züge: {0} von {1}"],
  "march paid": ["forced march paid", "marche forcée payée", "Gewaltmarsch bezahlt"],
  "placing": ["{0} places pieces: {1} of {2} (placing {3} of {4})", "{0} place ses pièces : {1} sur {2} (placement {3} sur {4})", "{0} stellt Figuren auf: {1} von {2} (Aufstellung {3} von {4})"],
  "to act": ["To act: {0}", "À jouer : {0}", "Am Zug: {0}"],
  "quiet": ["turns without an elimination: {0} of {1}", "tours sans élimination : {0} sur {1}", "Züge ohne Ausscheiden: {0} von {1}"],
  "siege": ["{0} holds both enemy capitals (siege; seen by {1})", "{0} tient les deux capitales adverses (siège ; vu par {1})", "{0} hält beide feindlichen Hauptstädte (Belagerung; gesehen von {1})"],
  "nobody": ["nobody yet", "personne encore", "noch niemand"],
  "draw offered": ["{0} offers a draw", "{0} propose la partie nulle", "{0} bietet ein Remis an"],
  "accepted by": ["accepted by {0}", "acceptée par {0}", "angenommen von {0}"],
  "answers": ["{0} answers", "{0} répond", "{0} antwortet"],
  "choosers": ["Choosing the special cards: {0}", "Choix des cartes spéciales : {0}", "Wahl der Sonderkarten: {0}"],
  "phase setup": ["Setting up", "Préliminaires", "Vorbereitung"],
  "phase special_choice": ["Choosing the special cards", "Choix des cartes spéciales", "Wahl der Sonderkarten"],
  "phase placement": ["Placing the pieces", "Placement des pièces", "Aufstellung der Figuren"],
  "phase main": ["Moves", "Déplacements", "Züge"],
  "phase draw_offer": ["Draw offer", "Proposition de partie nulle", "Remisangebot"],
  "phase combat_choice": ["Choosing the next combat", "Choix du prochain combat", "Wahl des nächsten Kampfes"],
  "phase combat_commit": ["Combat: cards face down", "Combat : cartes face contre table", "Kampf: Karten verdeckt"],
  "phase spy_decision": ["Spy?", "Espion ?", "Spion?"],
  "phase spy_commit": ["The spy chooses his cards", "L'espion choisit ses cartes", "Der Spion wählt seine Karten"],
  "phase tie_break": ["Tie: one more card", "Égalité : une carte de plus", "Gleichstand: eine Karte mehr"],
  "phase resolving": ["Resolving", "Résolution", "Auswertung"],
  "phase game_over": ["Game over", "Partie terminée", "Spielende"],
  "won": ["Side {0} wins ({1})", "Victoire du camp {0} ({1})", "Lager {0} gewinnt ({1})"],
  "draw": ["Draw", "Partie nulle", "Remis"],
  "rounds": ["after {0} rounds", "après {0} tours", "nach {0} Runden"],
  "end capitals_held": ["both enemy capitals held for a whole round", "les deux capitales adverses tenues pendant un tour complet", "beide feindlichen Hauptstädte eine ganze Runde gehalten"],
  "end annihilation": ["the other side has no piece left", "l'équipe adverse n'a plus de pièces", "das andere Lager hat keine Figur mehr"],
  "end draw_agreed": ["agreed by every player", "acceptée par tous les joueurs", "von allen Spielern vereinbart"],
  "end no_progress": ["no piece eliminated for too long", "aucune pièce éliminée depuis trop longtemps", "zu lange keine Figur ausgeschieden"],
  "combat at": ["Combat at {0}", "Combat à {0}", "Kampf in {0}"],
  "attacker": ["Attacker", "Attaquant", "Angreifer"],
  "defender": ["Defender", "Défenseur", "Verteidiger"],
  "cards to play": ["plays {0} card(s)", "joue {0} carte(s)", "spielt {0} Karte(n)"],
  "choosing": ["choosing…", "choisit…", "wählt…"],
  "total": ["Total: {0}", "Total : {0}", "Summe: {0}"],
  "extra": ["tie-break", "égalité", "Stechen"],
  "spy": ["{0} may declare a spy", "{0} peut déclarer « espion »", "{0} darf „Spion“ rufen"],
  "hint commit": ["Your move: choose {0} card(s) from your hand, face down.",
    "À vous : choisissez {0} carte(s) de votre main, face contre table.", "Du bist dran: Wähle {0} Karte(n) aus deiner Hand, verdeckt."],
  "hint spy commit": ["Your move: choose your {0} new cards from your hand, seeing your opponent's.",
    "À vous : choisissez vos {0} nouvelles cartes dans votre main, à la vue de celles de l'adversaire.", "Du bist dran: Wähle deine {0} neuen Karten aus der Hand, in Kenntnis der gegnerischen."],
  "hint tie": ["Your move: add one card from your hand.", "À vous : ajoutez une carte de votre main.", "Du bist dran: Lege eine Karte aus deiner Hand dazu."],
  "hint spy": ["Your move: declare « spy » to choose your cards again, or keep them.",
    "À vous : déclarez « espion » pour choisir à nouveau vos cartes, ou gardez-les.", "Du bist dran: Rufe „Spion“, um deine Karten neu zu wählen, oder behalte sie."],
  "pending": ["Combats to fight", "Combats à livrer", "Auszutragende Kämpfe"],
  "against": ["{0}: {1} against {2}", "{0} : {1} contre {2}", "{0}: {1} gegen {2}"],
  "seats": ["The players and their States", "Les joueurs et leurs États", "Die Spieler und ihre Staaten"],
  "you": ["you", "vous", "du"],
  "solo": ["alone", "joue seul", "allein"],
  "out": ["out of the game", "exclu du jeu", "ausgeschieden"],
  "team": ["side {0}", "camp {0}", "Lager {0}"],
  "hand count": ["{0} cards in hand", "{0} cartes en main", "{0} Karten auf der Hand"],
  "card limit": ["{0} card(s) per combat", "{0} carte(s) par combat", "{0} Karte(n) je Kampf"],
  "pieces left": ["{0} pieces on the board, {1} eliminated", "{0} pièces sur la carte, {1} éliminées", "{0} Figuren auf der Karte, {1} ausgeschieden"],
  "to place": ["{0} to place", "{0} à placer", "{0} aufzustellen"],
  "partner hand": ["Partner's cards", "Cartes du partenaire", "Karten des Partners"],
  "table": ["Talon and discard", "Talon et défausse", "Talon und Ablage"],
  "talon": ["Talon", "Talon", "Talon"],
  "talon team": ["Talon, side {0}", "Talon du camp {0}", "Talon, Lager {0}"],
  "discard": ["Discard", "Défausse", "Ablage"],
  "removed": ["Out of the game", "Hors jeu", "Aus dem Spiel"],
  "kings removed": ["kings removed: {0} of 2", "rois éliminés : {0} sur 2", "ausgeschiedene Könige: {0} von 2"],
  "starting card": ["Starting card", "Carte de départ", "Startkarte"],
  "empty": ["empty", "vide", "leer"],
  "reserve": ["Your pieces to place", "Vos pièces à placer", "Deine aufzustellenden Figuren"],
  "reserve hint": ["A piece, then a city of your States (galleys: ports).",
    "Une pièce, puis une ville de vos États (galères : villes-ports).", "Eine Figur, dann eine Stadt deiner Staaten (Galeeren: Häfen)."],
  "hand": ["Your hand", "Votre main", "Deine Hand"],
  "your specials": ["Your special cards", "Vos cartes spéciales", "Deine Sonderkarten"],
  "choose special": ["to choose", "à choisir", "zu wählen"],
  "used": ["used", "jouée", "gespielt"],
  "no cards": ["no card", "aucune carte", "keine Karte"],
  "face down": ["face down", "face cachée", "verdeckt"],
  "points": ["{0} points", "{0} points", "{0} Punkte"],
  "capital": ["capital", "capitale", "Hauptstadt"],
  "port": ["port", "ville-port", "Hafen"],
  "piece at": ["{0} at {1}", "{0} à {1}", "{0} in {1}"],
  "legend port": ["port", "ville-port", "Hafen"],
  "legend combat": ["combat", "combat", "Kampf"],
  "legend occupied": ["occupied capital", "capitale occupée", "besetzte Hauptstadt"],
  "forced-march": ["Forced march (3 points or more)", "Marche forcée (3 points ou plus)", "Gewaltmarsch (3 Punkte oder mehr)"],
  "offer-draw": ["Offer a draw", "Proposer la partie nulle", "Remis anbieten"],
  "accept-draw": ["Accept the draw", "Accepter la partie nulle", "Remis annehmen"],
  "decline-draw": ["Decline the draw", "Refuser la partie nulle", "Remis ablehnen"],
  "end-moves": ["End my moves", "Terminer mes déplacements", "Meine Züge beenden"],
  "declare-spy": ["Declare « spy »", "Déclarer « espion »", "„Spion“ rufen"],
  "decline-spy": ["Keep my cards", "Garder mes cartes", "Meine Karten behalten"],
};

const STATES = {
  en: {rome: "Rome", carthage: "Carthage", byzance: "Byzantium", alexandrie: "Alexandria"},
  fr: {rome: "Rome", carthage: "Carthage", byzance: "Byzance", alexandrie: "Alexandrie"},
  de: {rome: "Rom", carthage: "Karthago", byzance: "Byzanz", alexandrie: "Alexandria"},
};
/** A State's name after "of": French elides before a vowel. */
const OF_STATE = {
  en: (state) => `of ${STATES.en[state]}`,
  fr: (state) => (/^[aeiouy]/i.test(STATES.fr[state]) ? `d'${STATES.fr[state]}` : `de ${STATES.fr[state]}`),
  de: (state) => `von ${STATES.de[state]}`,
};
const KINDS = {
  en: {elephant: "Elephant", chariot: "Chariot", galley: "Galley", mercenary: "Mercenary"},
  fr: {elephant: "Éléphant", chariot: "Char", galley: "Galère", mercenary: "Mercenaire"},
  de: {elephant: "Elefant", chariot: "Streitwagen", galley: "Galeere", mercenary: "Söldner"},
};
const SPECIALS = {
  en: {betrayal: "General's betrayal", sedition: "Popular sedition"},
  fr: {betrayal: "Trahison de général", sedition: "Sédition populaire"},
  de: {betrayal: "Verrat des Feldherrn", sedition: "Volksaufstand"},
};
const SUITS = {
  en: {clubs: "clubs", diamonds: "diamonds", hearts: "hearts", spades: "spades"},
  fr: {clubs: "trèfle", diamonds: "carreau", hearts: "cœur", spades: "pique"},
  de: {clubs: "Kreuz", diamonds: "Karo", hearts: "Herz", spades: "Pik"},
};
const SUIT_SIGNS = {clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠"};
const RANK_NAMES = {
  en: {1: "Ace", j: "Jack", q: "Queen", k: "King"},
  fr: {1: "As", j: "Valet", q: "Dame", k: "Roi"},
  de: {1: "Ass", j: "Bube", q: "Dame", k: "König"},
};
const RANK_FACES = {en: {j: "J", q: "Q", k: "K"}, fr: {j: "V", q: "D", k: "R"}, de: {j: "B", q: "D", k: "K"}};
/** A card by rank and suit: "King of diamonds", "Roi de carreau", "Karo-König". */
const CARD_NAMES = {
  en: (rank, suit) => `${rank} of ${SUITS.en[suit]}`,
  fr: (rank, suit) => `${rank} de ${SUITS.fr[suit]}`,
  de: (rank, suit) => `${SUITS.de[suit]}-${rank}`,
};
const RANK_VALUES = {j: 0, q: 0, k: 15};
/** The kinds in the order of the rules' table (2.5). */
const KIND_ORDER = ["elephant", "chariot", "galley", "mercenary"];

const say = (key, ...values) => wordsFrom(WORDS, lang, key, ...values);
const stateName = (state) => STATES[lang]?.[state] ?? idWords(state);
const pieceName = (piece) => `${KINDS[lang][piece.kind] ?? idWords(piece.kind)} ${OF_STATE[lang](piece.state)}`;
const rankValue = (rank) => RANK_VALUES[rank] ?? Number(rank);
const rankName = (rank) => RANK_NAMES[lang][rank] ?? rank;
/** "a: b", with French's space before the colon. */
const colon = (before, after) => `${before}${lang === "fr" ? " :" : ":"} ${after}`.trimEnd();
const teamLetter = (team) => (team === "team_a" ? "A" : "B");

/** A card's name: "King of diamonds, 15 points" (by rank only when its suit is unknown). */
function cardLabel(rank, suit) {
  const name = suit ? CARD_NAMES[lang](rankName(rank), suit) : rankName(rank);
  return `${name}, ${say("points", rankValue(rank))}`;
}

/** Words for screen readers only, where the eye reads a symbol. */
const spoken = (text) => el("span", {class: "rc-spoken"}, text);

/** A playing card: its rank large, its suit and value small; read out by its name. `faceDown`: still hidden from the
 * others, shown to the viewer who may see it. */
function cardFace(rank, suit = null, faceDown = false) {
  const face = RANK_FACES[lang][rank] ?? rank;
  const value = rankValue(rank);
  const name = faceDown ? `${cardLabel(rank, suit)} (${say("face down")})` : cardLabel(rank, suit);
  return el("span", {class: `card rc-card${suit ? ` suit-${suit}` : ""}${faceDown ? " hidden-own" : ""}`, title: name},
    el("span", {class: "face", "aria-hidden": "true"}, face),
    el("small", {"aria-hidden": "true"}, `${suit ? SUIT_SIGNS[suit] : ""}${value !== Number(rank) ? ` ${value}` : ""}`.trim() || " "),
    spoken(name));
}

/** Face-down cards: one back with their count. */
const cardBacks = (count, label) =>
  el("span", {class: "card back", title: label, "aria-label": label, role: "img"}, el("span", {class: "face"}, `×${count}`));

/** A small round piece token as an HTML image; without `label`, hidden from screen readers (the text beside it says). */
function tokenImage(piece, label) {
  return el("svg", {class: "rc-token", viewBox: "0 0 22 22", width: 22, height: 22, ...(label
    ? {role: "img", "aria-label": label} : {"aria-hidden": "true"})},
  label ? el("title", {}, label) : null, pieceToken(piece, 11, 11, lang, 10));
}

/** A seat's name: its player's own name, else the seat's name. */
function seatName(context, seat) {
  const player = context.players?.find((candidate) => candidate.seat === seat);
  return player?.name ? `${player.name} (${idWords(seat)})` : idWords(seat);
}

/** Where the game stands: the phase, whose turn and what is left of it, the draw offer, sieges, the quiet count. */
function drawStatus(view, context) {
  const who = (seats) => seats.map((seat) => seatName(context, seat)).join(", ");
  const lines = [];
  if (view.placement) {
    const {seat, placed, quota, round, rounds} = view.placement;
    lines.push(say("placing", seatName(context, seat), placed, quota, round, rounds));
  }
  if (view.turn) {
    const {seat, moves_used: used, budget, forced_march_paid: paid} = view.turn;
    lines.push([say("round", view.round), say("plays", seatName(context, seat)), say("moves", used, budget),
      paid ? say("march paid") : null].filter(Boolean).join(" · "));
  }
  if (view.special_choosers?.length) lines.push(say("choosers", who(view.special_choosers)));
  if (view.draw_offer) {
    const offer = view.draw_offer;
    lines.push([say("draw offered", seatName(context, offer.offered_by)),
      offer.accepted.length ? say("accepted by", who(offer.accepted)) : null,
      offer.responder ? say("answers", seatName(context, offer.responder)) : null].filter(Boolean).join(" · "));
  }
  for (const siege of view.sieges ?? []) {
    const holders = view.teams?.[siege.team]?.seats ?? [];
    lines.push(say("siege", who(holders), siege.witnesses.length ? who(siege.witnesses) : say("nobody")));
  }
  if (view.result) lines.push(resultText(view.result, context));
  if (view.phase !== "game_over" && view.to_act?.length) lines.push(say("to act", who(view.to_act)));
  if (view.turn) lines.push(say("quiet", view.quiet_turns, view.quiet_limit));
  return el("section", {class: "area rc-status"},
    el("h3", {}, say(`phase ${view.phase}`)),
    lines.map((line) => el("p", {}, line)));
}

/** How the game ended, in words: the winning side and why, or the draw and why. */
function resultText(result, context) {
  const reason = say(`end ${result.end_reason}`);
  if (result.draw || !result.winning_team) return colon(say("draw"), reason);
  const winners = result.winners.map((seat) => seatName(context, seat)).join(", ");
  return colon(say("won", teamLetter(result.winning_team), winners), `${reason} (${say("rounds", result.rounds)})`);
}

/** The map in a frame that scrolls sideways on a narrow screen, with its legend. */
function drawMapArea(view, context, pick) {
  const mapWords = {
    title: say("map"),
    city: (city, holder) => {
      const what = [stateName(city.state), city.is_capital ? say("capital") : null, city.is_port ? say("port") : null];
      return colon(`${city.name} (${what.filter(Boolean).join(", ")})`, holder ? pieceName(holder) : say("empty"));
    },
    piece: (piece, city) => say("piece at", pieceName(piece), city.name),
  };
  const owners = Object.fromEntries((view.seats ?? []).flatMap((seat) => seat.states.map((state) => [state, seat.seat])));
  const legend = el("ul", {class: "rc-legend"},
    Object.keys(STATE_COLOURS).map((state) => el("li", {},
      el("span", {class: "swatch", style: `background:${STATE_COLOURS[state]}`}),
      stateName(state), owners[state] ? ` (${seatName(context, owners[state])}${owners[state] === context.seat ? `, ${say("you")}` : ""})` : "")),
    el("li", {}, "⚓ ", say("legend port")),
    el("li", {}, el("span", {class: "swatch combat"}), say("legend combat")),
    el("li", {}, el("span", {class: "swatch occupied"}), say("legend occupied")),
    KIND_ORDER.map((kind) => el("li", {}, el("b", {}, KIND_LETTERS[lang][kind]), ` ${KINDS[lang][kind]}`)));
  const svg = drawMap(context.data, view, {words: mapWords, pick, lang});
  const frame = el("div", {class: "rc-map-scroll", tabindex: 0, role: "region", "aria-label": say("map scroll")}, svg);
  keepScroll(frame, svg, view, context);
  return el("section", {class: "area rc-map-area"}, frame, legend);
}

/** How far the map frame was scrolled sideways (on a phone), kept across the redraws of each move. */
let mapScroll = null;

/** Scrolls a narrow screen's map frame back to where the person left it, at first to the seat's own capitals. */
function keepScroll(frame, svg, view, context) {
  frame.addEventListener("scroll", () => {
    mapScroll = frame.scrollLeft;
  });
  // Once the board is in the page and laid out.
  requestAnimationFrame(() => {
    if (frame.scrollWidth <= frame.clientWidth) return;
    if (mapScroll === null) {
      const states = view.seats?.find((seat) => seat.seat === context.seat)?.states ?? [];
      const capitals = [...svg.querySelectorAll(".capital .city-disc")]
        .filter((disc) => states.includes(disc.closest("[data-city]").dataset.city));
      if (!capitals.length) return;
      const centre = capitals.reduce((sum, disc) => sum + Number(disc.getAttribute("cx")), 0) / capitals.length;
      mapScroll = (centre / svg.viewBox.baseVal.width) * frame.scrollWidth - frame.clientWidth / 2;
    }
    frame.scrollLeft = mapScroll;
  });
}

/** One side of the combat being fought: its piece, its cards on the table, its total. */
function combatSide(view, context, side, role, total) {
  const piece = view.pieces.find((candidate) => candidate.piece === side.piece);
  const base = side.base
    ? side.base.map((rank) => cardFace(rank, null, !view.combat.revealed))
    : side.base_count ? [cardBacks(side.base_count, `${side.base_count} · ${say("face down")}`)] : [];
  const extra = [
    ...side.extra.map((rank) => cardFace(rank)),
    side.extra_pending ? (side.extra_pending_rank
      ? cardFace(side.extra_pending_rank, null, true)
      : cardBacks(1, `1 · ${say("face down")}`)) : null,
  ];
  return el("div", {class: `rc-side${side.to_act ? " to-act" : ""}`, "data-seat": side.seat},
    el("h4", {}, colon(say(role), seatName(context, side.seat))),
    el("p", {class: "row"}, piece ? tokenImage(piece, null) : "", piece ? pieceName(piece) : "",
      ` · ${say("cards to play", side.need)}`),
    el("div", {class: "row"}, base.length ? base : el("span", {class: "muted"}, side.committed ? say("no cards") : say("choosing")),
      extra.some(Boolean) ? el("span", {class: "muted"}, colon(say("extra"), "")) : null,
      extra),
    total === undefined ? null : el("p", {class: "total"}, say("total", total)));
}

/** What the seat does now in the combat, in words: its cards are clicked in its hand below. */
function combatHint(view, context) {
  const combat = view.combat;
  const side = [combat.attacker, combat.defender].find((candidate) => candidate.seat === context.seat && candidate.to_act);
  if (!context.picker || !side) return null;
  const key = {combat_commit: "hint commit", spy_commit: "hint spy commit", tie_break: "hint tie", spy_decision: "hint spy"}[view.phase];
  return key ? el("p", {class: "rc-hint"}, say(key, view.phase === "spy_commit" ? 2 : side.need)) : null;
}

/** The combat being fought and the ones still to fight (their cities may be clicked to fight them next). */
function drawCombats(view, context, pick) {
  const combat = view.combat;
  const pieceOf = (id) => view.pieces.find((piece) => piece.piece === id);
  const cityName = (id) => context.data.cities.find((city) => city.id === id)?.name ?? idWords(id);
  const parts = [];
  if (combat) {
    parts.push(el("section", {class: "area rc-combat", "data-city": combat.city},
      el("h3", {}, say("combat at", cityName(combat.city))),
      el("div", {class: "rc-sides"},
        combatSide(view, context, combat.attacker, "attacker", combat.totals?.[0]),
        combatSide(view, context, combat.defender, "defender", combat.totals?.[1])),
      combat.spy ? el("p", {}, say("spy", seatName(context, combat.spy))) : null,
      combatHint(view, context)));
  }
  const waiting = (view.pending_combats ?? []).filter((pending) => pending.city !== combat?.city);
  if (waiting.length) {
    parts.push(el("section", {class: "area rc-pending"},
      el("h3", {}, say("pending")),
      el("div", {class: "row"}, waiting.map((pending) => {
        const text = say("against", cityName(pending.city), pieceName(pieceOf(pending.attacker)), pieceName(pieceOf(pending.defender)));
        const item = el("span", {class: "chip rc-pending-combat"}, text);
        pick(`city:${pending.city}`, item);
        return item;
      }))));
  }
  return parts;
}

/** Each seat: its States, side, cards (backs and count), card limit, special cards and pieces; in turn order. */
function drawSeats(view, context) {
  const order = view.turn_order?.length ? view.turn_order : view.seats.map((seat) => seat.seat);
  const seats = order.map((id) => view.seats.find((seat) => seat.seat === id)).filter(Boolean);
  return el("section", {class: "area"},
    el("h3", {}, say("seats")),
    el("div", {class: "rc-seats"}, seats.map((seat) => {
      const pieces = view.pieces.filter((piece) => piece.owner === seat.seat);
      const count = (status) => pieces.filter((piece) => piece.status === status).length;
      const specials = view.specials.filter((special) => special.holder === seat.seat);
      const acting = view.to_act?.includes(seat.seat);
      return el("div", {class: `rc-seat${acting ? " to-act" : ""}${seat.seat === context.seat ? " mine" : ""}`,
        "data-seat": seat.seat},
      el("h4", {}, seatName(context, seat.seat), seat.seat === context.seat ? ` (${say("you")})` : "",
        seat.team ? ` · ${say("team", teamLetter(seat.team))}` : ""),
      el("p", {class: "row"}, seat.states.map((state) => el("span", {class: "rc-state"},
        el("span", {class: "swatch", style: `background:${STATE_COLOURS[state]}`}), stateName(state))),
      seat.solo ? el("span", {class: "muted"}, say("solo")) : null,
      seat.in_game ? null : el("b", {}, say("out"))),
      el("div", {class: "row"},
        seat.hand_count ? cardBacks(seat.hand_count, say("hand count", seat.hand_count)) : el("span", {class: "muted"}, say("no cards")),
        seat.hand_ranks ? el("span", {class: "rc-partner", title: say("partner hand")}, seat.hand_ranks.map((rank) => cardFace(rank))) : null,
        specials.map((special) => specialCard(special))),
      el("p", {class: "muted"}, [say("card limit", seat.card_limit),
        say("pieces left", count("on_board"), count("eliminated")),
        count("unplaced") ? say("to place", count("unplaced")) : null].filter(Boolean).join(" · ")));
    })));
}

/** A special card: its name, dimmed once used. */
function specialCard(special, note = null) {
  const kind = special.card.startsWith("betrayal") ? "betrayal" : "sedition";
  const name = SPECIALS[lang][kind];
  return el("span", {class: `card rc-special ${kind}${special.used ? " used" : ""}`, title: name},
    el("span", {class: "face"}, name), special.used ? el("small", {}, say("used")) : note ? el("small", {}, note) : null);
}

/** The talon(s), the discard (its top card face up) and the cards out of the game. */
function drawTable(view) {
  const talons = view.talon_counts.length > 1
    ? view.talon_counts.map((count, index) => [say("talon team", index ? "B" : "A"), count])
    : [[say("talon"), view.talon_counts[0] ?? 0]];
  const pile = (heading, content) => el("div", {class: "rc-pile"}, el("h4", {}, heading), content);
  const top = view.discard.at(-1);
  return el("section", {class: "area rc-table"},
    el("h3", {}, say("table")),
    el("div", {class: "row"},
      talons.map(([heading, count]) => pile(heading, count ? cardBacks(count, colon(heading, count)) : el("span", {class: "muted"}, say("empty")))),
      pile(`${say("discard")} (${view.discard.length})`, top ? cardFace(top) : el("span", {class: "muted"}, say("empty"))),
      view.starting_card && view.phase === "placement"
        ? pile(say("starting card"), cardFace(view.starting_card.split("_")[1], view.starting_card.split("_")[0]))
        : null,
      pile(`${say("removed")} (${view.removed.length})`,
        el("span", {class: "rc-removed"}, view.removed.map((rank) => cardFace(rank)),
          el("small", {class: "muted"}, say("kings removed", view.kings_removed))))));
}

/** The seat's pieces still to place, grouped by kind: click one, then its city. */
function drawReserve(view, context, pick) {
  const waiting = view.pieces.filter((piece) => piece.owner === context.seat && piece.status === "unplaced");
  if (!waiting.length || view.phase !== "placement") return null;
  waiting.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  return el("section", {class: "area rc-reserve"},
    el("h3", {}, say("reserve")),
    el("p", {class: "muted"}, say("reserve hint")),
    el("div", {class: "row"}, waiting.map((piece) => {
      const item = el("span", {class: "rc-reserve-piece"}, tokenImage(piece, null), KINDS[lang][piece.kind],
        spoken(` ${OF_STATE[lang](piece.state)}`));
      pick(`reserve:${piece.kind}`, item);
      return item;
    })));
}

/** The seat's hand at the bottom: its playing cards, then its special cards (and, to choose, its side's). */
function drawHand(view, context, pick) {
  const mine = view.seats.find((seat) => seat.seat === context.seat);
  if (!mine?.hand) return null;
  const cards = mine.hand.map((card) => {
    const suit = card.id.split("_")[0];
    const face = cardFace(card.rank, suit);
    pick(`card:${card.rank}`, face);
    return face;
  });
  const held = view.specials.filter((special) => special.holder === context.seat);
  const choosing = view.phase === "special_choice" && mine.team
    ? view.specials.filter((special) => !special.holder && special.card.endsWith(mine.team)) : [];
  const specials = [...held, ...choosing].map((special) => {
    const kind = special.card.startsWith("betrayal") ? "betrayal" : "sedition";
    const card = specialCard(special, special.holder ? null : say("choose special"));
    if (!special.used) pick(`special:${kind}`, card);
    return card;
  });
  return el("section", {class: "area hand rc-hand"},
    el("h3", {}, el("span", {}, say("hand")), el("span", {class: "muted"}, say("card limit", mine.card_limit))),
    el("div", {class: "row"}, cards.length ? cards : el("span", {class: "muted"}, say("no cards"))),
    specials.length ? el("h4", {}, say("your specials")) : null,
    specials.length ? el("div", {class: "row"}, specials) : null);
}

const STYLE = `
.rc-board .rc-spoken { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
  white-space: nowrap; }
.rc-board .rc-status p { margin: 0.1em 0; }
.rc-board .rc-map-area { padding: 0.3em; }
/* Its own width does not count in the page's: on a phone the map scrolls sideways inside its frame. */
.rc-board .rc-map-scroll { overflow-x: auto; border-radius: 6px; contain: inline-size; }
.rc-board svg.rc-map { display: block; width: 100%; height: auto; margin: 0; }
@media (max-width: 700px) { .rc-board svg.rc-map { width: 740px; } }
.rc-map .sea { fill: #cfe1f0; }
.rc-map .land { opacity: 0.8; }
.rc-map .road { stroke: #7a5a2e; stroke-width: 2; }
.rc-map .coast { stroke: #2f6eaa; stroke-dasharray: 5 3; stroke-width: 1.5; }
.rc-map .sea-route { stroke: #2f6eaa; stroke-dasharray: 1 5; stroke-width: 2.5; stroke-linecap: round; }
.rc-map .city-disc { stroke-width: 3; }
.rc-map .capital-ring { fill: none; stroke-width: 2; }
.rc-map .occupied-ring { fill: none; stroke: #111; stroke-width: 2.5; stroke-dasharray: 3 2; }
.rc-map .combat-ring { fill: #ffcf40; stroke: #b3261e; stroke-width: 2; }
.rc-map .city-name { font-size: 11px; fill: #1d1d1f; paint-order: stroke; stroke: #fff; stroke-width: 3px;
  stroke-linejoin: round; pointer-events: none; }
.rc-map .capital-name { font-weight: 700; font-size: 12.5px; }
.rc-map .port-mark { font-size: 10px; fill: #1a4f86; pointer-events: none; }
.rc-board .token { stroke: #fff; stroke-width: 1.5; }
.rc-board .piece-letter { fill: #fff; font-weight: 700; pointer-events: none; }
.rc-map .piece.engaged .token { stroke: #111; stroke-width: 2.5; }
/* A piece that may not be clicked now lets the click through to its city (a destination, a combat to fight). */
.rc-map .token.pickable[aria-disabled="true"] { pointer-events: none; }
/* On the map, what may be clicked glows green (no State's colour) and what is chosen is ringed in black. */
.rc-board svg .pickable { outline: none; }
.rc-board svg .pickable.open { stroke: #0a7d3b; stroke-width: 4; cursor: pointer; filter: drop-shadow(0 0 3px #19c45f); }
.rc-board svg .pickable.selected { stroke: #111; stroke-width: 3; filter: drop-shadow(0 0 2px #0a7d3b); }
.rc-board svg .pickable:focus-visible { stroke: #1f5fa8; stroke-width: 5; }
.rc-legend { display: flex; flex-wrap: wrap; gap: 0.2em 1em; list-style: none; margin: 0.4em 0.3em 0.1em; padding: 0;
  font-size: 0.9em; }
.rc-board .swatch { display: inline-block; width: 0.9em; height: 0.9em; border-radius: 50%; margin-right: 0.3em;
  vertical-align: -0.1em; border: 1px solid #0003; }
.rc-board .swatch.combat { background: #ffcf40; border: 2px solid #b3261e; }
.rc-board .swatch.occupied { background: #fff; border: 2px dashed #111; }
.rc-board h4 { margin: 0 0 0.3em; font-size: 0.95em; }
.rc-board .rc-sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(14em, 1fr)); gap: 0.6em; }
.rc-board .rc-side, .rc-board .rc-seat { border: 1px solid #e4dccb; border-radius: 6px; padding: 0.4em 0.6em; }
.rc-board .rc-side.to-act, .rc-board .rc-seat.to-act { border: 2px solid #d4a017; }
.rc-board .rc-seat.mine { background: #fbf6ea; }
.rc-board .rc-side p, .rc-board .rc-seat p { margin: 0.3em 0; }
.rc-board .rc-hint { font-weight: 600; color: #7a1f12; margin: 0.4em 0 0; }
.rc-board .total { font-weight: 700; font-size: 1.1em; }
.rc-board .rc-seats { display: grid; grid-template-columns: repeat(auto-fill, minmax(16em, 1fr)); gap: 0.5em; }
.rc-board .rc-state { margin-right: 0.6em; white-space: nowrap; }
.rc-board .rc-token { vertical-align: middle; }
.rc-board .rc-card .face { font-size: 1.35em; line-height: 1.1; }
.rc-board .rc-card.suit-hearts, .rc-board .rc-card.suit-diamonds { color: #b3261e; }
.rc-board .rc-card.hidden-own { background: #efe8d6; border-style: dashed; }
.rc-board .card.back .face { font-size: 1em; }
.rc-board .rc-special { min-width: 6.5em; max-width: 8em; min-height: 3.6em; font-size: 0.8em; color: #fff;
  border-color: #4a3b1a; }
.rc-board .rc-special .face { font-size: 1em; line-height: 1.15; }
.rc-board .rc-special.betrayal { background: #3d4a5c; }
.rc-board .rc-special.sedition { background: #7a1f12; }
.rc-board .rc-special.used { background: #e8e2d4; color: #595959; text-decoration: line-through; }
.rc-board .rc-partner { display: inline-flex; gap: 0.2em; opacity: 0.9; }
.rc-board .rc-pile h4 { font-weight: 400; color: #595959; }
.rc-board .rc-pile { margin-right: 1em; }
.rc-board .rc-removed { display: inline-flex; flex-wrap: wrap; gap: 0.2em; align-items: center; }
.rc-board .rc-removed .card { min-width: 1.8em; min-height: 2.4em; font-size: 0.8em; }
.rc-board .rc-reserve-piece { display: inline-flex; align-items: center; gap: 0.3em; padding: 0.2em 0.5em 0.2em 0.2em;
  border: 1px solid #c9bb98; border-radius: 16px; background: #fffaf0; }
.rc-board .rc-pending-combat { padding: 0.3em 0.6em; }
.rc-board .rc-hand .card { min-width: 2.8em; min-height: 3.9em; }
`;

document.head.append(el("style", {id: "rome-board-style"}, STYLE));

/** The clicks of two steps made at once (mercenaries): either step first. */
const eitherOrder = (steps, before = []) => ({
  anyOf: [steps, [...steps].reverse()].map((ordered) =>
    [...before, ...ordered.flatMap((step) => [`piece:${step.piece}`, `city:${step.to}`])]),
});

const PROMPT_KEYS = {
  offer_draw: "offer-draw", accept_draw: "accept-draw", decline_draw: "decline-draw", end_moves: "end-moves",
  declare_spy: "declare-spy", decline_spy: "decline-spy",
};

export default {
  parts: ["cities", "pieces", "seats", "specials", "combat", "pending_combats", "placement", "turn", "talon_counts",
    "discard", "removed", "kings_removed", "teams", "draw_offer", "phase", "round", "to_act", "starting_card", "sieges",
    "quiet_turns", "quiet_limit", "special_choosers", "turn_order", "starter", "viewer", "players", "result"],

  load: (call) => call("GET", "/v1/titles/rome-carthage/map"),

  draw(view, context) {
    const pick = context.picker ? (key, element, label) => context.picker.pick(key, element, label) : () => {};
    return el("div", {class: "board rc-board"},
      drawStatus(view, context),
      drawCombats(view, context, pick),
      drawMapArea(view, context, pick),
      drawReserve(view, context, pick),
      drawSeats(view, context),
      drawTable(view),
      drawHand(view, context, pick));
  },

  path(action) {
    const city = (id) => `city:${id}`;
    const card = (rank) => `card:${rank}`;
    if (PROMPT_KEYS[action.type]) return [PROMPT_KEYS[action.type]];
    switch (action.type) {
      case "choose_special": return [`special:${action.card}`];
      case "place": return [`reserve:${action.kind}`, city(action.city)];
      case "move": return [`piece:${action.piece}`, ...action.path.map(city)];
      case "move_mercenaries": return eitherOrder(action.steps);
      case "play_betrayal": return action.steps
        ? eitherOrder(action.steps, ["special:betrayal"])
        : ["special:betrayal", `piece:${action.piece}`, ...action.path.map(city)];
      case "play_sedition": return ["special:sedition", city(action.city)];
      case "pay_forced_march": return ["forced-march", action.cards.map(card)];
      case "choose_combat": return [city(action.city)];
      case "commit":
      case "spy_commit": return [action.cards.map(card)];
      case "add_card": return [card(action.card)];
      default: return null;
    }
  },

  choiceLabel: (key) => (WORDS[key] ? say(key) : undefined),
};
