// The client's own words in English, French and German. The language is the one the person chose (kept in this browser), else
// the browser's; the API tells events and actions in the same language (`?lang=`).

/** The languages, in the order of every word table's entries (`key: [english, french, german]`). */
export const LANGS = ["en", "fr", "de"];
const STORED = "ludus:lang";

/** The page's language: one of `LANGS`. */
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
  "lobby": ["Lobby", "Salon", "Lobby"],
  "my profile": ["My profile", "Mon profil", "Mein Profil"],
  "leaderboard": ["Leaderboard", "Classement", "Rangliste"],
  "pages": ["Pages", "Pages", "Seiten"],
  "new game": ["New game", "Nouvelle partie", "Neue Partie"],
  "title": ["Game", "Jeu", "Spiel"],
  "players": ["Players", "Joueurs", "Spieler"],
  "your name": ["Your name", "Votre nom", "Dein Name"],
  "optional": ["optional", "facultatif", "freiwillig"],
  "clock": ["Clock", "Pendule", "Uhr"],
  "chat": ["Chat", "Discussion", "Chat"],
  "seats": ["Seats", "Places", "Plätze"],
  "options": ["Options", "Options", "Optionen"],
  "create": ["Create", "Créer", "Erstellen"],
  "open games": ["Open games", "Parties en attente", "Offene Partien"],
  "refresh": ["Refresh", "Actualiser", "Aktualisieren"],
  "your account": ["Your account", "Votre compte", "Dein Konto"],
  "account hint": ["Sign in to find your games, your turn and your rating on any device. Games played here without an account become yours.",
    "Connectez-vous pour retrouver vos parties, votre tour et votre classement sur tout appareil. Les parties jouées ici sans compte deviennent les vôtres.",
    "Melde dich an, um deine Partien, deinen Zug und deine Wertung auf jedem Gerät zu finden. Hier ohne Konto gespielte Partien werden deine."],
  "account name": ["Name", "Nom", "Name"],
  "password": ["Password", "Mot de passe", "Passwort"],
  "sign in": ["Sign in", "Se connecter", "Anmelden"],
  "sign up": ["Create an account", "Créer un compte", "Konto erstellen"],
  "sign out": ["Sign out", "Se déconnecter", "Abmelden"],
  "signed in as": ["Signed in as {0}.", "Connecté en tant que {0}.", "Angemeldet als {0}."],
  "passkey sign in": ["Sign in with a passkey", "Se connecter avec une clé d'accès", "Mit Passkey anmelden"],
  "passkey cancelled": ["No passkey was chosen: you are not signed in.", "Aucune clé d'accès choisie : vous n'êtes pas connecté.",
    "Kein Passkey gewählt: Du bist nicht angemeldet."],
  "my games": ["My games", "Mes parties", "Meine Partien"],
  "finished games": ["Finished", "Terminées", "Beendet"],
  "no game yet": ["No game on yet.", "Aucune partie en cours.", "Noch keine laufende Partie."],
  "invited": ["You are invited.", "Vous êtes invité.", "Du bist eingeladen."],
  "no open game": ["No game is waiting for players.", "Aucune partie n'attend de joueurs.", "Keine Partie wartet auf Spieler."],
  "join as": ["Join as {0}", "Rejoindre comme {0}", "Als {0} beitreten"],
  "play vs computer": ["Play against the computer", "Jouer contre l'ordinateur", "Gegen den Computer spielen"],
  "play vs computer hint": ["One click: you take the first seat, the computer every other.",
    "Un clic : vous prenez la première place, l'ordinateur toutes les autres.", "Ein Klick: Du nimmst den ersten Platz, der Computer alle anderen."],
  "me": ["me", "moi", "ich"],
  "open seat choice": ["open (invite someone)", "libre (inviter quelqu'un)", "frei (jemanden einladen)"],
  "bot random": ["computer: random", "ordinateur : au hasard", "Computer: zufällig"],
  "bot search": ["computer: search", "ordinateur : réfléchi", "Computer: überlegt"],
  "play this seat": ["Play this seat", "Jouer cette place", "Diesen Platz spielen"],
  "copy invitation": ["Copy invitation", "Copier l'invitation", "Einladung kopieren"],
  "invitation for": ["Invitation for {0}", "Invitation pour {0}", "Einladung für {0}"],
  "watch": ["Watch as a spectator", "Regarder en spectateur", "Als Zuschauer zusehen"],
  "played by bot": ["played by the computer", "jouée par l'ordinateur", "vom Computer gespielt"],
  "open": ["open", "libre", "frei"],
  "yours to hand over": ["yours to hand over", "à confier à quelqu'un", "zum Weitergeben an jemanden"],
  "your move": ["Your move", "À vous de jouer", "Du bist am Zug"],
  "waiting for": ["Waiting for {0}.", "En attente de {0}.", "Warten auf {0}."],
  "waiting for players": ["Waiting for players to join.", "En attente d'autres joueurs.", "Warten auf weitere Spieler."],
  "the others": ["the others", "des autres", "die anderen"],
  "not started": ["The game has not started.", "La partie n'a pas commencé.", "Die Partie hat noch nicht begonnen."],
  "game log": ["Game log", "Journal de la partie", "Spielprotokoll"],
  "advanced": ["Advanced: every action as a list, and JSON", "Avancé : toutes les actions en liste, et JSON", "Erweitert: alle Aktionen als Liste, und JSON"],
  "another action": ["Another action (JSON)", "Une autre action (JSON)", "Eine andere Aktion (JSON)"],
  "send": ["Send", "Envoyer", "Senden"],
  "cancel": ["Cancel", "Annuler", "Abbrechen"],
  "confirm": ["Play it", "Jouer", "Spielen"],
  "choose": ["Choose on the board.", "Choisissez sur le plateau.", "Wähle auf dem Spielbrett."],
  "selected": ["Selected: {0}", "Choisi : {0}", "Gewählt: {0}"],
  "you": ["you", "vous", "du"],
  "spectator": ["spectator", "spectateur", "Zuschauer"],
  "you play": ["you play {0}", "vous jouez {0}", "du spielst {0}"],
  "your turn": ["Your turn.", "À vous de jouer.", "Du bist am Zug."],
  "your turn with": ["Your turn, and {0}'s.", "À vous de jouer, et à {0}.", "Du bist am Zug, und {0}."],
  "game over": ["Game over", "Partie terminée", "Spielende"],
  "winners": ["Winner(s): {0}.", "Vainqueur(s) : {0}.", "Sieger: {0}."],
  "no winner": ["No winner.", "Pas de vainqueur.", "Kein Sieger."],
  "you won": ["You won.", "Vous avez gagné.", "Du hast gewonnen."],
  "you lost": ["You did not win.", "Vous n'avez pas gagné.", "Du hast nicht gewonnen."],
  "played out": ["Played to the end.", "Jouée jusqu'au bout.", "Bis zum Ende gespielt."],
  "left the game": ["(left the game)", "(a quitté la partie)", "(hat die Partie verlassen)"],
  "replay": ["Replay", "Revoir la partie", "Partie nachspielen"],
  "hand": ["Your hand", "Votre main", "Deine Hand"],
  "board": ["The board", "Le plateau", "Das Spielbrett"],
  "language": ["Language", "Langue", "Sprache"],
  "players heading": ["Players", "Joueurs", "Spieler"],
  "bot": ["computer", "ordinateur", "Computer"],
  "open seat": ["open seat", "place libre", "freier Platz"],
  "deleted player": ["deleted player", "joueur supprimé", "gelöschte Person"],
  "alert your turn": ["Your turn: {0}", "À vous de jouer : {0}", "Du bist am Zug: {0}"],
  "alert invited": ["You are invited to {0}", "Vous êtes invité à {0}", "Du bist zu {0} eingeladen"],
  "alert finished": ["{0}: game over", "{0} : partie terminée", "{0}: Spielende"],
  "alert matched": ["A game of {0} is found", "Une partie de {0} est trouvée", "Eine Partie {0} ist gefunden"],
  "alert rematch": ["A rematch of {0}", "Une revanche de {0}", "Eine Revanche in {0}"],
  "allow notifications": ["Notify me when a tab is hidden", "Me prévenir quand l'onglet est caché", "Mich benachrichtigen, wenn der Tab verborgen ist"],
  "sound": ["Sound", "Son", "Ton"],
  "more": ["More", "Plus", "Mehr"],
  "join": ["Join", "Rejoindre", "Beitreten"],
  "decline": ["Decline", "Refuser", "Ablehnen"],
  "invited by": ["{0} invites you.", "{0} vous invite.", "{0} lädt dich ein."],
  "rated": ["rated", "classée", "gewertet"],
  "rated game": ["Rated game", "Partie classée", "Gewertete Partie"],
  "invite account": ["invite an account", "inviter un compte", "ein Konto einladen"],
  "account to invite": ["Account to invite to {0}", "Compte à inviter à {0}", "Einzuladendes Konto für {0}"],
  "time left": ["{0} left", "{0} restantes", "noch {0}"],
  "quick play": ["Quick play", "Partie rapide", "Schnelle Partie"],
  "quick play hint": ["Sit with other people seeking the same game.", "Asseyez-vous avec d'autres personnes qui cherchent la même partie.", "Setz dich zu anderen, die dieselbe Partie suchen."],
  "seek": ["Find a game", "Trouver une partie", "Partie finden"],
  "seeking": ["Looking for players for {0}…", "Recherche de joueurs pour {0}…", "Suche Spieler für {0}…"],
  "seek expired": ["No one came: the search has ended.", "Personne n'est venu : la recherche est terminée.", "Niemand kam: die Suche ist beendet."],
  "bot after": ["a computer fills empty seats after a minute", "un ordinateur prend les places vides après une minute", "ein Computer nimmt freie Plätze nach einer Minute"],
  "rematch": ["Rematch", "Revanche", "Revanche"],
  "rating change": ["{0}: rating {1} ({2})", "{0} : classement {1} ({2})", "{0}: Wertung {1} ({2})"],
  "replay at": ["Step {0} of {1}", "Étape {0} sur {1}", "Schritt {0} von {1}"],
  "previous move": ["Previous step", "Étape précédente", "Vorheriger Schritt"],
  "next move": ["Next step", "Étape suivante", "Nächster Schritt"],
  "say something": ["Say something", "Dites quelque chose", "Sag etwas"],
  "face down": ["face down", "face cachée", "verdeckt"],
  "no token": ["No token for {0} in this browser: watching as a spectator.",
    "Pas de jeton pour {0} dans ce navigateur : vous regardez en spectateur.", "Kein Schlüssel für {0} in diesem Browser: Du siehst als Zuschauer zu."],
  "seat open": ["{0} is open: take the seat?", "{0} est libre : prendre la place ?", "{0} ist frei: Platz übernehmen?"],
  "cards": ["{0} cards", "{0} cartes", "{0} Karten"],
};

/** `language`'s place in `LANGS` (English for an unknown one), and so in a word table's entries. */
export const langIndex = (language) => Math.max(0, LANGS.indexOf(language));

/** The text for `key` in `table` (`key: [english, french, german]`) in `language`, `{0}`, `{1}`... filled from
 * `values`; the key itself when the table lacks it. The client's words and each board's own use it. */
export function wordsFrom(table, language, key, ...values) {
  const texts = table[key];
  const text = texts ? texts[langIndex(language)] : key;
  return text.replace(/\{(\d)\}/g, (_, index) => String(values[Number(index)] ?? ""));
}

/** The client's text for `key` in the page's language. */
export const t = (key, ...values) => wordsFrom(WORDS, lang, key, ...values);

/** A switch between the languages, one button each, the current one pressed. */
export function langSwitch(el) {
  return el("span", {class: "lang-switch", role: "group", "aria-label": t("language")},
    LANGS.map((code) => el("button", {type: "button", lang: code, "aria-pressed": String(code === lang),
      "data-lang": code, onclick: () => code !== lang && switchLang(code)}, code.toUpperCase())));
}
