# Die Wörter des Tisches, allen Spielen gemeinsam: seine Ereignisse, seine Aktionen, wie eine Schaltfläche sie nennt,
# und Aufzählungen. Die Argumente sind die von en.ftl.

table-opened = Der Tisch ist gedeckt ({ $open } freie Plätze).
seat-joined-bot = { $bot } übernimmt den Platz von { $who }.
seat-joined-named = { $name } setzt sich als { $who } an den Tisch.
seat-joined = { $who } setzt sich an den Tisch.
first-move = { $who } macht einen ersten Zug.
resigned = { $who } gibt auf.
aborted = { $who } bricht die Partie ab.
timed-out = { $who }: Zeit abgelaufen.
expired = Die Partie ist abgelaufen, bevor alle Plätze besetzt waren.
deadline-set = Die Zugzeit beginnt.
rematch-created = Eine Revanche ist angesetzt.
invitation-declined = Der als { $who } eingeladene Spieler lehnt ab.
seat-abandoned-resigned = { $who } hat aufgegeben: Der Computer spielt den Platz zu Ende.
seat-abandoned-timed-out = { $who } hat keine Zeit mehr: Der Computer spielt den Platz zu Ende.
handed-to-bot = { $who } übergibt den Platz an den Computer.
seat-taken-back = { $who } übernimmt den Platz wieder.
draw-offer-made = { $who } bietet ein Remis an.
draw-offer-accepted = { $who } nimmt das Remis an.
draw-offer-declined = { $who } lehnt das Remis ab.
draw-agreed = Remis vereinbart: Die Partie endet.
clock-stopped = Die Uhr von { $who } hält an.
clocks-started = Die Uhren laufen.
undone = { $who } nimmt den letzten Zug zurück.
seats-erased = { $who }: Die Person hat ihr Konto gelöscht.
invitations-erased = Eine eingeladene Person hat ihr Konto gelöscht.
seat-bound = { $who } hat sich angemeldet: Der Platz gehört nun zum Konto.

bot-random = Der Zufallscomputer
bot-search = Der Computer

action-resign = Aufgeben
action-abort = Partie abbrechen
action-hand-to-bot = Meinen Platz dem Computer übergeben
action-take-back-seat = Meinen Platz wieder übernehmen
action-offer-draw = Remis anbieten
action-accept-draw = Remis annehmen
action-decline-draw = Remis ablehnen
action-undo = Meinen letzten Zug zurücknehmen

# Wörter, wie ein Satz sie aufzählt: „a, b und c“ ($rest: „a, b“; $last: „c“).
list-and = { $rest } und { $last }
