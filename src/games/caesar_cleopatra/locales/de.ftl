# César et Cléopâtre (Caesar & Cleopatra) in Worten: Einflusskarten, Manipulationskarten, Wahlkarten, geheime
# Missionen, Nachziehstapel 1 und 2. Die Argumente sind die von en.ftl. Karten sind „die Karte …“, damit Nominativ
# und Akkusativ gleich lauten.

## Namen

seat-name = { $seat ->
        [cleopatra] Kleopatra
       *[caesar] Cäsar
    }
group-name = { $group ->
        [senators] Senatoren
        [quaestors] Quästoren
        [praetors] Prätoren
        [aediles] Ädilen
       *[censors] Zensoren
    }
patrician = { $group ->
        [senators] Senator
        [quaestors] Quästor
        [praetors] Prätor
        [aediles] Ädil
       *[censors] Zensor
    }
a-patrician = einen { patrician }
the-group = die { group-name }
at-group = bei den { group-name }
manipulation = { $kind ->
        [assassination] Attentat
        [spy] { $owner ->
            [cleopatra] Spionin
           *[other] Spion
        }
        [castling] Rochade
        [scout] Späher
        [wrath] Zorn der Götter
       *[veto] Veto
    }
philosopher = Philosoph
card-influence = { $value }
card-manipulation = „{ manipulation }“
a-card-influence = { $value ->
        [Philosoph] einen Philosophen
       *[other] eine { $value }
    }
a-card-manipulation = { $kind ->
        [wrath] die Karte „{ manipulation }“
       *[other] eine Karte „{ manipulation }“
    }
a-card-hidden = eine Karte
a-manipulation-hidden = eine Manipulationskarte
an-influence-hidden = eine Einflusskarte
pile-name = Stapel { $number }
cards = { $count ->
        [one] { $count } Karte
       *[other] { $count } Karten
    }
vote-card = { $vote ->
        [group] die Wahlkarte der { group-name }
        [orgy] eine Karte „Orgie“
        [orgy_reshuffle] die Karte „Orgie“, die den ganzen Stapel neu mischen lässt
       *[none] eine Wahlkarte
    }
whose = { $opponent ->
        [none] des Gegners
       *[other] von { $name }
    }
aim-spy = { " " }auf die Hand { whose }
aim-target = { " " }gegen die offene Karte { $value } { whose } { at-group }
aim-between = { " " }zwischen den { $first } und den { $second }
aim-group = { " " }auf { the-group }

## Ereignisse

vote-deck-shuffled = Die { $size } Wahlkarten werden gemischt.
pile-shuffled = { $pile } von { $name } wird gemischt ({ $cards }).
arrange-started = Die Spieler legen ihre Manipulationskarten in der Reihenfolge ihrer Wahl aufeinander: Das ist ihr Stapel 2.
manipulation-stacked = { $name } legt { $what } auf Stapel 2 ({ $stacked } von { $of }).
missions-shuffled = Die { $size } geheimen Missionen werden gemischt.
mission-dealt = { $name } zieht eine geheime Mission.
mission-dealt-shown = { $name } zieht eine geheime Mission: { the-group }.
placement-started = Jeder Spieler legt fünf verdeckte Karten, 1 bis 5, je eine bei jeder Patriziergruppe aus.
initial-card-placed = { $name } legt { $what } verdeckt { at-group } aus ({ $placed } von { $of }).
initial-card-placed-hidden = { $name } legt eine Karte verdeckt aus ({ $placed } von { $of }).
initial-placement-done = Alle Startkarten liegen: Jeder Spieler nimmt die übrigen fünf, 1 bis 5, auf die Hand.
turn-started = Zug { $turn }: { $name } ist am Zug.
mode-active = { $name } entscheidet sich für einen aktiven Zug.
mode-passive = { $name } entscheidet sich für einen passiven Zug.
discarded-hand = { $name } wirft { $what } aus der Hand ab.
discarded-board = { $name } wirft { $what } ab.
discarded-board-group = { $name } wirft { $what } { at-group } ab.
discarded-play = { $name } wirft { $what } nach dem Ausspielen ab.
influence-face-up = { $name } legt { $what } offen { at-group } aus.
influence-face-down = { $name } legt { $what } verdeckt { at-group } aus.
nothing-discarded = { $name } wirft nichts ab.
draw-owed = { $name } muss { $cards } ziehen{ $reason ->
        [refill] , um die Hand aufzufüllen
        [passive] { " " }für die abgeworfenen Karten
        [veto] { " " }nach dem Veto
        [spy] { " " }für die an den Spion abgeworfene Karte
       *[window] { " " }für die in der außerordentlichen Wahl gespielte Manipulation
    }.
draw-pending = { $name } wählt einen Stapel zum Ziehen.
card-drawn = { $name } zieht { $what } von { $pile }.
card-drawn-only = { $name } zieht { $what } von { $pile } (dem einzigen Stapel, der übrig ist).
draw-lapsed = { $name } kann { $cards } nicht ziehen: Beide Stapel sind leer.
manipulation-played = { $name } spielt { $what }{ $aim }.
reaction-offered = { $name } kann gegen die Manipulation ein Veto einlegen oder sie geschehen lassen.
vetoed = { $name } legt ein Veto ein: Die Manipulation ist aufgehoben.
allowed = { $name } lässt die Manipulation geschehen.
hand-spied = { $name } sieht sich die Hand von { $victim } an.
hand-spied-shown = { $name } sieht sich die Hand von { $victim } an: { $cards }.
castling-pool = { $name } nimmt { $seat ->
        [cleopatra] ihre
       *[caesar] seine
    } Karten zurück ({ $taken }).
castling-pool-shown = { $name } nimmt { $seat ->
        [cleopatra] ihre
       *[caesar] seine
    } Karten zurück ({ $taken }): { $cards }.
castling-count = { $count } { at-group }
castling-card-placed = { $name } legt { $what } verdeckt { at-group } zurück (noch { $left }).
castling-card-placed-hidden = { $name } legt eine Karte verdeckt zurück (noch { $left }).
castling-done = Die { manipulation } von { $name } ist ausgeführt, verdeckte Karten: { $counts }.
main-resumed = { $name } setzt den Zug fort.
main-ended = { $name } legt keine Karten mehr aus.
cards-revealed = Die verdeckten Karten von { $name } { at-group } werden aufgedeckt: { $values }.
cards-revealed-scout = Der { $card } von { $scout } deckt die verdeckten Karten von { $name } { at-group } auf: { $values }.
extraordinary-vote = { $full } Karten { at-group }: außerordentliche Wahl.
vote-window = { $name } kann eine Manipulationskarte spielen, bevor die Wahl über { the-group } ausgezählt wird.
vote-continued = { $name } lässt die außerordentliche Wahl weiterlaufen.
vote-resolved = { $extraordinary ->
        [yes] Außerordentliche Wahl
       *[no] Wahl
    } über { the-group }: { $tally }; { $winner ->
        [none] die Wahl wird vertagt
       *[other] { $winner } gewinnt
    }.
vote-sum = { $philosophers ->
        [0] { $name } { $sum }
        [one] { $name } { $sum } mit 1 Philosophen
       *[other] { $name } { $sum } mit { $philosophers } Philosophen
    }
patrician-won = { $name } gewinnt { a-patrician }.
group-closed = Kein { patrician } mehr zu gewinnen: Die Gruppe ist geschlossen.
vote-card-drawn = { $card } wird aufgedeckt.
vote-card-removed = { $card } scheidet aus dem Spiel aus.
vote-card-discarded = { $card } kommt auf den Ablagestapel der Wahlkarten.
vote-deck-reshuffled = Der ganze Wahlkartenstapel wird neu gemischt ({ $cards }).
solo-mode = { $loser } hat keine Einflusskarte mehr: { $name } spielt allein weiter.
game-over = Spielende, { $why ->
        [all_patricians_awarded] alle Patrizier sind gewonnen
        [influence_exhausted] keine Einflusskarte ist übrig
        [solo_finished] wer allein übrig ist, kann nicht weiterspielen
       *[board_blocked] alle Gruppen sind voll
    }: { $score }.
game-over-wins = { $name } gewinnt { $won } zu { $lost }
game-over-wins-patricians = { $name } gewinnt { $won } zu { $lost }, mit mehr Patriziern ({ $more } zu { $fewer })
game-over-draw = unentschieden, { $first } zu { $second }

## Aktionen

stack-manipulation = Als Nächste auf Stapel 2 legen: { $what }
place-face-down = Verdeckt { at-group } auslegen: { $what }
place-face-up = Offen { at-group } auslegen: { $what }
choose-active = Einen aktiven Zug machen
choose-passive = Einen passiven Zug machen
passive-discard = Abwerfen: { $what }
end-discard = Mit dem Abwerfen aufhören und ebenso viele ziehen
play-manipulation = Ausspielen: { $what }{ $aim }
end-main = Meinen Zug beenden und die Hand auffüllen
allow-manipulation = Die Manipulation geschehen lassen
veto-manipulation = Ein Veto gegen die Manipulation einlegen
spy-pick = Den Gegner { $what } abwerfen lassen
castle-place = Verdeckt { at-group } zurücklegen: { $what }
draw-from = Von { $pile } ziehen ({ $number ->
        [1] Einfluss
       *[2] Manipulation
    })
continue-vote = Mit der Wahl fortfahren
