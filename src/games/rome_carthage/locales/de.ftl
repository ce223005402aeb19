# Rome et Carthage in Worten: Staaten, Lager, Galeeren, Gewaltmarsch, Talon, „Spion“. Städte und Staaten heißen wie in
# der Kartendatei. Die Argumente sind die von en.ftl. Figuren und Karten stehen im Nominativ, oft nach einem
# Doppelpunkt, damit kein Satz sie beugen muss.

## Namen

piece = { $kind ->
        [elephant] der Elefant
        [chariot] der Streitwagen
        [galley] die Galeere
       *[mercenary] der Söldner
    }{ $number ->
        [0] { "" }
       *[other] { " " }{ $number }
    } von { $state }
a-kind = { $kind ->
        [elephant] ein Elefant
        [chariot] ein Streitwagen
        [galley] eine Galeere
       *[mercenary] ein Söldner
    }
is-eliminated = { $piece } ist ausgeschieden
rank = { $rank ->
        [ace] Ass
        [jack] Bube
        [queen] Dame
        [king] König
       *[other] { $rank }
    }
a-rank = { $rank ->
        [ace] ein { rank }
        [jack] ein { rank }
        [king] ein { rank }
       *[other] eine { rank }
    }
card = { $suit ->
        [clubs] Kreuz
        [diamonds] Karo
        [hearts] Herz
       *[spades] Pik
    }-{ rank }
no-card = keine Karte
card-count = { $count ->
        [one] { $count } Karte
       *[other] { $count } Karten
    }
piece-count = { $count ->
        [one] { $count } Figur
       *[other] { $count } Figuren
    }
turn-count = { $count ->
        [one] { $count } Zug
       *[other] { $count } Züge
    }
kings-out = { $count ->
        [0] { "" }
        [1] , ein König scheidet aus dem Spiel aus
       *[other] , { $count } Könige scheiden aus dem Spiel aus
    }
team = { $team ->
        [a] das Lager von { $rome }
       *[b] das Lager gegen { $rome }
    }
special = { $special ->
        [betrayal] die Karte „Verrat des Feldherrn“
       *[sedition] die Karte „Volksaufstand“
    }
clauses = { $first }; { $next }
route-from = { " " }nach { $to }{ $via }
route-towards = { " " }nach { $to }{ $via }
via = { " " }über { $cities }
attacking = { " " }(greift an: { $piece })
step-attacking = { " " }(greift an: { $piece })
moved-step = { $piece } von { $from } nach { $to }{ $attack }
city-held = { " " }und { $piece } hält die Stadt

## Ereignisse

teams-drawn = Die Lager sind gelost: { $a } gegen { $b }.
states-drawn = Die Staaten sind gelost: { $clauses }.
states-alone = { $name } spielt allein { $states }
states-taken = { $name } übernimmt { $states }
hand-dealt = { $name } erhält { $cards }.
hand-dealt-shown = { $name } erhält { $cards }: { $ranks }.
queens-removed = Die { $count } Damen von { $name } scheiden aus dem Spiel aus.
talon-shuffled = Der Talon wird gemischt ({ $cards }).
starting-card = Oberste Karte des Talons: { $card }; { $name } eröffnet das Spiel.
turn-order = Zugreihenfolge: { $who }.
talons-split = Der Talon wird in zwei Päckchen geteilt, ein Talon je Lager: { $packets }.
talons-refilled = Ein Talon ist aufgebraucht: Die ausgegebenen Karten werden auf beide Talons verteilt und neu gemischt: { $packets }.
packets = { $a } { $cards }, { $b } { $other }
specials-both = { $name } erhält { $betrayal } und { $sedition }.
specials-dealt = { $first } { $chooses ->
        [yes] wählt
       *[no] erhält
    } { $first_card }; { $second } erhält { $second_card }.
special-choice = { $count ->
        [one] { $who } wählt, welche Sonderkarte bleibt.
       *[other] { $who } wählen, welche Sonderkarte bleibt.
    }
placement-turn = Aufstellung, Runde { $round }: { $name } stellt { $pieces } auf.
piece-placed = { $name } stellt auf: { $piece } in { $city }.
turn-started = Runde { $round }: { $name } ist am Zug.
talon-reformed = Der Talon ist aufgebraucht: Die ausgegebenen Karten werden zu einem neuen Talon gemischt ({ $cards }).
card-drawn = { $name } zieht: { $card }.
card-drawn-hidden = { $name } zieht eine Karte vom Talon.
draw-skipped = { $name } zieht nichts: Talon und ausgegebene Karten sind aufgebraucht.
piece-moved = { $name } zieht: { $piece } von { $from }{ $route }{ $double ->
        [yes] { " " }(Doppelzug)
       *[no] { "" }
    }{ $attack }.
piece-moved-betrayal = Durch Verrat zieht { $piece } ({ $name }) von { $from }{ $route }{ $attack }.
mercenaries-moved = { $name } zieht zwei Söldner auf einmal: { $steps }.
mercenaries-moved-betrayal = Durch Verrat ziehen zwei Söldner von { $name } auf einmal: { $steps }.
forced-march-paid = { $name } bezahlt einen Gewaltmarsch: { $cards }{ $kings }.
betrayal-played = { $name } spielt { $card } und zieht für { $target }.
sedition-played = { $name } spielt { $card } in { $city }: { $out }{ $held }.
draw-offered = { $name } bietet { $who } ein Remis an.
draw-accepted = { $name } nimmt das Remis an.
draw-declined = { $name } lehnt das Remis ab.
moves-ended = { $name } ist mit dem Ziehen fertig.
combat-started = Kampf in { $city }: { $attacker } ({ $attacker_seat }) greift an, { $defender } ({ $defender_seat }) verteidigt, { $cards } gegen { $need }.
base-none = { $name } hat keine Karte zum Auslegen.
base-whole-hand = { $name } legt die ganze Hand verdeckt aus: { $cards }.
base-committed = { $name } legt verdeckt aus: { $cards }.
bases-revealed = Die Karten werden aufgedeckt, Angreifer: { $attacker }, Verteidiger: { $defender }{ $spies ->
        [0] { "" }
        [1] ; der { $side ->
            [attacker] Angreifer
           *[defender] Verteidiger
        } darf „Spion“ rufen
       *[other] ; beide sind Spione
    }.
double-spy = Beide Seiten haben einen Spion gespielt: Ihre Karten sind verloren{ $kings }, und der Kampf beginnt von vorn.
spy-declined = { $name } ruft nicht „Spion“: Die Karten behalten ihren Nennwert.
spy-declared = { $name } ruft „Spion“: Die Karten sind ausgegeben{ $kings }, neue werden in Kenntnis der gegnerischen gewählt.
spy-base-chosen = { $name }, der Spion, spielt: { $cards }.
combat-tied = Gleichstand bei { $total }: Jede Seite legt eine Karte dazu.
extra-added-last = { $name } legt die letzte Handkarte verdeckt dazu: { $card }.
extra-added-last-hidden = { $name } legt die letzte Handkarte verdeckt dazu.
extra-added = { $name } legt verdeckt dazu: { $card }.
extra-added-hidden = { $name } legt eine Karte verdeckt dazu.
extras-revealed = Die dazugelegten Karten werden aufgedeckt, Angreifer: { $attacker } ({ $attacker_total } insgesamt), Verteidiger: { $defender } ({ $defender_total }).
combat-resolved = Kampf in { $city }: { $piece } gewinnt { $won } zu { $lost }, und { $out }{ $kings }.
combat-resolved-empty-hand = Kampf in { $city }: Gleichstand bei { $won } und keine Karte mehr zum Dazulegen, { $piece } gewinnt, und { $out }{ $kings }.
seat-eliminated = { $name } hat keine Figur mehr und scheidet aus; verlorene Karten: { $cards }.
siege-established = { $team } hält beide feindlichen Hauptstädte: Noch eine volle Runde, und es gewinnt.
siege-broken = { $team } hält nicht mehr beide feindlichen Hauptstädte.
siege-witnessed = { $team } hält nach dem Zug von { $name } weiterhin beide feindlichen Hauptstädte.
turn-ended = Der Zug von { $name } endet.
turn-ended-quiet = Der Zug von { $name } endet ({ $turns } ohne Ausscheiden).
winners = { $who } ({ $states }) { $count ->
        [one] gewinnt
       *[other] gewinnen
    }
game-over = { $reason ->
        [capitals_held] Spielende: { $winners }, indem beide feindlichen Hauptstädte eine volle Runde gehalten werden.
        [annihilation] Spielende: { $winners }, das andere Lager hat keine Figur mehr.
        [draw_agreed] Spielende: Remis nach Vereinbarung.
       *[no_progress] Spielende: Remis, zu lange ist keine Figur ausgeschieden (Runde { $rounds }).
    }

## Aktionen

choose-special = Behalten: { $card }
place = Aufstellen in { $city }: { a-kind }
move-piece = { $piece }{ $route }
move-mercenaries = { $moved }
pay-forced-march = Den Gewaltmarsch bezahlen: { $cards }
play-special = Ausspielen: { $card }
play-betrayal = Ausspielen: { $card } – { $moved }
play-sedition = Ausspielen in { $city }: { $card }
offer-draw = Remis anbieten
accept-draw = Remis annehmen
decline-draw = Remis ablehnen
end-moves = Meine Züge beenden
choose-combat = Den Kampf in { $city } jetzt austragen
commit = Verdeckt auslegen: { $cards }
declare-spy = „Spion“ rufen
decline-spy = Meine Karten zum Nennwert behalten
spy-commit = Als Spion spielen: { $cards }
add-card = Verdeckt dazulegen: { $card }
