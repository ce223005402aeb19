# Caligula in Worten: Civitas-Karten, SPQR-Plättchen, Sequentia- und Ordo-Karten, Coniura- und Pugio-Stapel,
# Verschwörung, Komplott, Anführer, Favor-Marker, Kaiser, Kandidat, Lebenskraft, Siegpunkte, Runde. Die Argumente sind
# die von en.ftl. Karten sind weiblich, damit Nominativ und Akkusativ gleich lauten.

## Namen

civitas = { $suit } { $kind ->
        [predilection] Vorliebe
        [collective] Gemeinschaft
       *[negative] Malus
    } { $value }
civitas-unknown = eine Civitas-Karte
augustus = { $name }
spqr-token = SPQR-Plättchen { $value }
kind-noun = { $dual ->
        [yes] { $deck }-{ $count ->
            [one] Karte
           *[other] Karten
        } mit Doppelnutzen
       *[no] { $deck }-{ $count ->
            [one] Karte
           *[other] Karten
        }
    }
cards-of-kind = { $count ->
        [1] eine { kind-noun }
       *[other] { $count } { kind-noun }
    }
a-card = eine Karte
some-cards = { $count ->
        [1] eine Karte
       *[other] { $count } Karten
    }
card-count = { $count ->
        [one] { $count } Karte
       *[other] { $count } Karten
    }
coniura-symbols = { $count ->
        [one] { $count } Coniura-Symbol
       *[other] { $count } Coniura-Symbole
    }
victory-points = { $count ->
        [one] { $count } Siegpunkt
       *[other] { $count } Siegpunkte
    }
ordo-held = { $name } Nr. { $ordo }
seat-total = { $name } { $total }
concerned-times = { $name } ({ $times }-mal)
no-token = kein Plättchen
totals = Summen { $totals }
clauses = { $first }; { $next }
no-cards = { $automatic ->
        [yes] { " " }(keine Karten)
       *[no] { "" }
    }
favour-place = { $place ->
        [supply] in den eigenen Vorrat
        [emperor] auf den Kaiser
        [a] auf Kandidat A
       *[b] auf Kandidat B
    }

## Ereignisse

decks-shuffled = Der Coniura-Stapel ({ $coniura }) und der Pugio-Stapel ({ $pugio }) werden gemischt.
civitas-dealt = Die { $suit }-Karten werden gemischt: { $first } auf Position 1, { $second } auf Position 2.
augustus-emperor = { $emperor } ist Kaiser
augustus-removed = { $names } werden aussortiert
augustus-candidates = die Kandidaten sind { $a } (A) und { $b } (B)
augustus-dealt = { $clauses }.
sequentia-row = Die { $count } Sequentia-Karten werden gemischt und in eine Reihe gelegt.
ordo-dealt = Die Ordo-Karten werden verteilt: { $ordo }.
token-placed = { $name } legt das { spqr-token } verdeckt auf die Karte { $card }.
token-placed-hidden = { $name } legt ein SPQR-Plättchen verdeckt auf die Karte { $card }.
placement-ended = Die SPQR-Plättchen der Runde { $round } liegen.
sequentia-started = Die Sequentia-Karte Nr. { $number } wird gespielt: { $suits }.
sequentia-started-unknown = Die Sequentia-Karte Nr. { $number } wird gespielt.
tokens-revealed = Die Karte { $card } wird ausgewertet ({ $totals }): { $negative ->
        [yes] { $count ->
            [0] niemand erleidet ihre Wirkung
            [one] { $who } erleidet ihre Wirkung
           *[other] { $who } erleiden ihre Wirkung
        }
       *[no] { $count ->
            [0] niemand profitiert
            [one] { $who } profitiert
           *[other] { $who } profitieren
        }
    }.
on-card = { $card }: { $what }.
effect-skip = { $name } verzichtet auf die Wirkung
effect-none = keine Wirkung für { $name }
effect-vp-lost = { $name } verliert { $points }
effect-vp-gained = { $name } erhält { $points }
effect-spqr-gained = { $name } erhält das { spqr-token }
effect-spqr-lost = { $name } verliert das { spqr-token }
effect-ordo-swapped = { $name } nimmt { $holder } die Ordo-Karte Nr. 1 ab
effect-candidate-replaced = { $name } ersetzt { $old } (Kandidat { $at }) durch { $new }
effect-life-lowered = { $name } senkt die Lebenskraft des Kaisers um { $by }
effect-life-raised = { $name } erhöht die Lebenskraft des Kaisers um { $by }
effect-pip-taken = { $name } nimmt den Primus-inter-Pares-Marker
effect-first = { $name } wählt die erste Wirkung
effect-second = { $name } wählt die zweite Wirkung
effect-draw = { $name } zieht vom { $deck }-Stapel
effect-discard = { $name } wirft { $card } ab
effect-steal = { $name } stiehlt { $victim } eine Karte
effect-applied = { $name } wendet die Wirkung an
favour-moved = { $place ->
        [supply] { $name } nimmt den Favor-Marker zurück
       *[other] { $name } setzt den Favor-Marker { favour-place }
    }
favour-moved-event = { favour-moved }.
favour-left = { $name } lässt den Favor-Marker { $place ->
        [supply] im eigenen Vorrat
        [emperor] auf dem Kaiser
        [a] auf Kandidat A
       *[b] auf Kandidat B
    }.
card-drawn-shown = { $name } zieht { $cards }.
card-drawn = { $name } zieht { $cards } vom { $deck }-Stapel.
card-discarded = { $name } wirft { $card } ab, sie kommt unter den { $deck }-Stapel.
card-stolen = { $thief } stiehlt { $victim } { $card }.
civitas-removed = { $card } scheidet aus
civitas-first = { $card } rückt auf Position 1
civitas-second = { $card } wird auf Position 2 aufgedeckt
civitas-shifted = { $clauses }.
sequentia-all-draw = Sequentia: Jeder Spieler zieht in Ordo-Reihenfolge eine Coniura-Karte.
sequentia-pass-ordo = Sequentia: Jeder Spieler gibt seine Ordo-Karte an den linken Nachbarn weiter.
sequentia-pass-ordo-shown = Sequentia: Jeder Spieler gibt seine Ordo-Karte an den linken Nachbarn weiter ({ $ordo }).
conspiracy-opened = Eine Verschwörung kann geschmiedet werden.
conspiracy-opened-final = Die letzte Verschwörung kann geschmiedet werden.
conspiracy-declined = { $name } will sich nicht verschwören{ no-cards }.
conspiracy-passed = { $name } passt und steigt aus der Verschwörung aus{ no-cards }.
conspiracy-accepted = { $name } nimmt an und spielt { $owed }.
conspiracy-raised = { $name } bietet { $total } und wird Anführer der Verschwörung.
card-played = { $role ->
        [bid] { $name } spielt { $card } für das Komplott.
        [defence] { $name } spielt { $card } zur Verteidigung des Kaisers.
       *[stab] { $name } spielt { $card } gegen den Kaiser.
    }
conspiracy-abandoned = Niemand will sich verschwören: keine Verschwörung.
conspiracy-formed-alone = Das Komplott ist vorbei: { $name } verschwört sich allein ({ $bid }).
conspiracy-formed = Das Komplott ist vorbei: { $name } führt die Verschwörung mit { $others } an ({ $bid }).
candidate-chosen-only = { $emperor } (Kandidat { $at }) ist der einzige Kandidat.
candidate-chosen = Der Anführer wählt { $emperor } (Kandidat { $at }) als Nachfolger des Kaisers.
defence-passed = { $name } verteidigt den Kaiser nicht{ no-cards }.
stab-done = { $name } spielt keine Pugio mehr{ no-cards }.
emperor-died = { $died }: { $clauses }.
emperor-dies = { $emperor } stirbt ({ $stabs } Pugio gegen eine Lebenskraft von { $life })
emperor-new = { $emperor } wird Kaiser
candidate-new = { $emperor } ist der neue Kandidat { $at }
leader-point = { $name } erhält einen Verschwörungspunkt
stabbers-point = { $who } { $count ->
        [one] erhält
       *[other] erhalten
    } einen Siegpunkt
emperor-survived = { $emperor } überlebt ({ $stabs } Pugio gegen eine Lebenskraft von { $life }){ $count ->
        [0] .
        [one] : { $who } nimmt den Favor-Marker vom Kandidaten zurück.
       *[other] : { $who } nehmen ihre Favor-Marker vom Kandidaten zurück.
    }
round-end-payment = { $emperor } gibt { $who } { $points }.
round-ended = Runde { $round } endet; Runde { $next } beginnt.
round-ended-last = Runde { $round }, die letzte, endet.
empire-fell = Das Reich geht unter.
empire-fell-favours = Das Reich geht unter: Der Kaiser schickt die Favor-Marker von { $who } zurück.
game-over-draw = Spielende: { $who } teilen sich den Sieg mit { $points } Punkten.
game-over = Spielende: { $who } gewinnt mit { $points } Punkten.

## Warten auf eine Entscheidung

awaiting-setup = Das Spiel wird aufgebaut.
awaiting-placement = { $name } legt ein SPQR-Plättchen.
awaiting-effect = { $name } entscheidet über eine Wirkung.
awaiting-complot = { $name } ist im Komplott am Zug.
awaiting-payment = { $name } spielt { $owed }.
awaiting-candidate = { $name }, der Anführer, wählt den Kandidaten.
awaiting-favour = { $name } setzt den Favor-Marker.
awaiting-defence = { $name } verteidigt den Kaiser oder nicht.
awaiting-stabbing = { $name } spielt Pugio gegen den Kaiser oder hört auf.
awaiting-game-over = Die Partie ist vorbei.

## Aktionen

place-token = Das { spqr-token } verdeckt auf die { $suit }-Karte auf Position { $position } legen
complot-pass = Passen
complot-accept = Der Verschwörung beitreten
complot-raise = { $total } bieten und die Verschwörung anführen
pay-coniura = Spielen: { $card }
choose-candidate = Kandidat { $at } wählen
favour-on-candidate = Meinen Favor-Marker auf den Kandidaten setzen
favour-on-emperor = Meinen Favor-Marker auf den Kaiser setzen
favour-stay = Meinen Favor-Marker liegen lassen
defend = Zur Verteidigung des Kaisers spielen: { $card }
defend-pass = Den Kaiser nicht verteidigen
stab = Gegen den Kaiser spielen: { $card }
stab-no-more = Keine Pugio mehr spielen
effect-option = { $option ->
        [apply] Die Wirkung anwenden
        [skip] Auf die Wirkung verzichten
        [none] Nichts verlieren
        [first] Die erste Wirkung wählen
        [second] Die zweite Wirkung wählen
        [coniura] Vom Coniura-Stapel ziehen
        [pugio] Vom Pugio-Stapel ziehen
        [a] Kandidat A wählen
        [b] Kandidat B wählen
        [supply] Meinen Favor-Marker zurücknehmen
        [plus] Die Lebenskraft des Kaisers erhöhen
        [minus] Die Lebenskraft des Kaisers senken
        [emperor] { favour-on-emperor }
       *[other] { $option } wählen
    }
option-discard = Abwerfen: { $card }
option-steal = { $victim } eine Karte stehlen
