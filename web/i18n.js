// The client's own words in French and English. The language is the one the person chose (kept in this browser), else
// the browser's; the API tells events and actions in the same language (`?lang=`).

const LANGS = ["en", "fr"];
const STORED = "ludus:lang";

/** The page's language: `en` or `fr`. */
export const lang = (() => {
  const stored = localStorage.getItem(STORED);
  if (LANGS.includes(stored)) return stored;
  const preferred = (navigator.languages ?? [navigator.language]).map((tag) => String(tag).slice(0, 2).toLowerCase());
  return preferred.find((code) => LANGS.includes(code)) ?? "en";
})();
document.documentElement.lang = lang;

/** Switches to `code` and draws the page again in it. */
export function switchLang(code) {
  localStorage.setItem(STORED, code);
  location.reload();
}

const WORDS = {
  "lobby": ["Lobby", "Salon"],
  "new game": ["New game", "Nouvelle partie"],
  "title": ["Game", "Jeu"],
  "players": ["Players", "Joueurs"],
  "your name": ["Your name", "Votre nom"],
  "optional": ["optional", "facultatif"],
  "clock": ["Clock", "Pendule"],
  "chat": ["Chat", "Discussion"],
  "seats": ["Seats", "Places"],
  "options": ["Options", "Options"],
  "create": ["Create", "Créer"],
  "open games": ["Open games", "Parties en attente"],
  "refresh": ["Refresh", "Actualiser"],
  "no open game": ["No game is waiting for players.", "Aucune partie n'attend de joueurs."],
  "join as": ["Join as {0}", "Rejoindre comme {0}"],
  "play vs computer": ["Play against the computer", "Jouer contre l'ordinateur"],
  "play vs computer hint": ["One click: you take the first seat, the computer every other.",
    "Un clic : vous prenez la première place, l'ordinateur toutes les autres."],
  "me": ["me", "moi"],
  "open seat choice": ["open (invite someone)", "libre (inviter quelqu'un)"],
  "bot random": ["computer: random", "ordinateur : au hasard"],
  "bot search": ["computer: search", "ordinateur : réfléchi"],
  "play this seat": ["Play this seat", "Jouer cette place"],
  "copy invitation": ["Copy invitation", "Copier l'invitation"],
  "watch": ["Watch as a spectator", "Regarder en spectateur"],
  "played by bot": ["played by the computer", "jouée par l'ordinateur"],
  "open": ["open", "libre"],
  "yours to hand over": ["yours to hand over", "à confier à quelqu'un"],
  "your move": ["Your move", "À vous de jouer"],
  "waiting for": ["Waiting for {0}.", "En attente de {0}."],
  "waiting for players": ["Waiting for players to join.", "En attente d'autres joueurs."],
  "the others": ["the others", "des autres"],
  "not started": ["The game has not started.", "La partie n'a pas commencé."],
  "game log": ["Game log", "Journal de la partie"],
  "advanced": ["Advanced: every action as a list, and JSON", "Avancé : toutes les actions en liste, et JSON"],
  "another action": ["Another action (JSON)", "Une autre action (JSON)"],
  "send": ["Send", "Envoyer"],
  "cancel": ["Cancel", "Annuler"],
  "confirm": ["Play it", "Jouer"],
  "choose": ["Choose on the board.", "Choisissez sur le plateau."],
  "selected": ["Selected: {0}", "Choisi : {0}"],
  "you": ["you", "vous"],
  "spectator": ["spectator", "spectateur"],
  "you play": ["you play {0}", "vous jouez {0}"],
  "to act": ["to act: {0}", "au tour de : {0}"],
  "version": ["version {0}", "version {0}"],
  "game over": ["Game over", "Partie terminée"],
  "winners": ["Winner(s): {0}.", "Vainqueur(s) : {0}."],
  "no winner": ["No winner.", "Pas de vainqueur."],
  "you won": ["You won.", "Vous avez gagné."],
  "you lost": ["You did not win.", "Vous n'avez pas gagné."],
  "played out": ["Played to the end.", "Jouée jusqu'au bout."],
  "left the game": ["(left the game)", "(a quitté la partie)"],
  "replay": ["Replay", "Revoir la partie"],
  "hand": ["Your hand", "Votre main"],
  "board": ["The board", "Le plateau"],
  "language": ["Language", "Langue"],
  "players heading": ["Players", "Joueurs"],
  "bot": ["computer", "ordinateur"],
  "open seat": ["open seat", "place libre"],
  "say something": ["Say something", "Dites quelque chose"],
  "face down": ["face down", "face cachée"],
  "no token": ["No token for {0} in this browser: watching as a spectator.",
    "Pas de jeton pour {0} dans ce navigateur : vous regardez en spectateur."],
  "seat open": ["{0} is open: take the seat?", "{0} est libre : prendre la place ?"],
  "cards": ["{0} cards", "{0} cartes"],
};

/** The text for `key` in `table` (`key: [english, french]`) in `language`, `{0}`, `{1}`... filled from `values`;
 * the key itself when the table lacks it. The client's words and each board's own use it. */
export function wordsFrom(table, language, key, ...values) {
  const pair = table[key];
  const text = pair ? pair[language === "fr" ? 1 : 0] : key;
  return text.replace(/\{(\d)\}/g, (_, index) => String(values[Number(index)] ?? ""));
}

/** The client's text for `key` in the page's language. */
export const t = (key, ...values) => wordsFrom(WORDS, lang, key, ...values);

/** A two-button switch between the languages, the current one pressed. */
export function langSwitch(el) {
  return el("span", {class: "lang-switch", role: "group", "aria-label": t("language")},
    LANGS.map((code) => el("button", {type: "button", lang: code, "aria-pressed": String(code === lang),
      "data-lang": code, onclick: () => code !== lang && switchLang(code)}, code.toUpperCase())));
}
