# Les mots de la table, communs à tous les jeux : ses événements, ses actions comme un bouton les dit, les listes.
# Arguments : $who, le nom d'une place ; $name, le nom d'un joueur ; $bot, un joueur ordinateur (bot-*) ; $open, un nombre.

table-opened = La table est dressée ({ $open } places libres).
seat-joined-bot = { $bot } prend la place de { $who }.
seat-joined-named = { $name } s'assied à la place de { $who }.
seat-joined = { $who } s'assied.
first-move = { $who } joue son premier coup.
resigned = { $who } abandonne la partie.
aborted = { $who } annule la partie.
timed-out = { $who } : temps écoulé.
expired = La partie a expiré avant que toutes les places soient prises.
deadline-set = Le temps du tour commence.
rematch-created = Une revanche est proposée.
invitation-declined = Le joueur invité à la place de { $who } refuse.
seat-abandoned-resigned = { $who } a abandonné : l'ordinateur joue sa place jusqu'à la fin.
seat-abandoned-timed-out = { $who } a épuisé son temps : l'ordinateur joue sa place jusqu'à la fin.
handed-to-bot = { $who } confie sa place à l'ordinateur.
seat-taken-back = { $who } reprend sa place.
draw-offer-made = { $who } propose la partie nulle.
draw-offer-accepted = { $who } accepte la partie nulle.
draw-offer-declined = { $who } refuse la partie nulle.
draw-agreed = Partie nulle d'un commun accord.
clock-stopped = La pendule de { $who } s'arrête.
clocks-started = Les pendules démarrent.
undone = { $who } reprend son dernier coup.
seats-erased = { $who } : le joueur a supprimé son compte.
invitations-erased = Un joueur invité a supprimé son compte.
seat-bound = { $who } s'est connecté : la place est liée à son compte.

bot-random = L'ordinateur (au hasard)
bot-search = L'ordinateur

action-resign = Abandonner
action-abort = Annuler la partie
action-hand-to-bot = Confier ma place à l'ordinateur
action-take-back-seat = Reprendre ma place
action-offer-draw = Proposer la nulle
action-accept-draw = Accepter la nulle
action-decline-draw = Refuser la nulle
action-undo = Reprendre mon dernier coup

# Des mots joints comme une phrase les dit : « a, b et c » ($rest : « a, b » ; $last : « c »).
list-and = { $rest } et { $last }
