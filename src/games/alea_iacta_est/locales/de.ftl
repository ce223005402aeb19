# Alea Iacta Est in Worten, in den Begriffen des Spiels (Templum, Senatus, Castrum, Forum, Latrina, Senatskarten,
# Gunstplättchen, Wiederholungsplättchen, Runde). Die Argumente sind die von en.ftl.

## Ereignisse

favour-pile-shuffled = Die { $count } Gunstplättchen werden verdeckt gemischt.
senate-deck-shuffled = Die { $count } Senatskarten werden verdeckt gemischt.
senate-deck-shuffled-removed = Die { $count } Senatskarten werden verdeckt gemischt; in dieser Partie nicht dabei: { $cards }.
province-pile-shuffled = Die { $count } Provinzplättchen werden verdeckt gemischt.
inhabitant-pile-shuffled = Die { $count } Einwohner werden verdeckt gemischt.
round-started = Runde { $round }, Startspieler { $who }: Provinzen { $provinces }; Einwohner { $inhabitants }.
dice-rolled = { $who } würfelt: { $dice }.
dice-rerolled = { $who } gibt { $tokens } aus: { $before } { $count ->
        [one] wird
       *[other] werden
    } zu { $after }.
dice-placed = { $who } setzt { $dice } { $building ->
        [Senatus] in den Senatus
       *[other] ins { $building }
    }{ $more }.
dice-placed-combo = { " " }(Kombination { $combo })
dice-placed-no-room = ; die { $value } passt nicht mehr und geht in die Latrina
dice-placed-pushed = ; { $dice } { $count ->
        [one] wird
       *[other] werden
    } in die Latrina verdrängt
pushed-die = die { $value } von { $who }
favour-drawn = { $who } zieht { $tokens } verdeckt.
favour-drawn-shown = { $who } zieht { $tokens } verdeckt, im Wert von { $values }.
favour-reshuffled = Der Ablagestapel der Gunstplättchen ({ $count } Plättchen) wird zu einem neuen Nachziehstapel gemischt.
latrina-forced = { $who } kann keinen Würfel setzen: eine { $value } geht in die Latrina.
turn-ended-next = Der Zug von { $who } endet; { $next } ist als Nächstes dran.
turn-ended-last = Der Zug von { $who } endet; die Runde ist vorbei.
turn-ended-empty-next = { $who } hat keine Würfel mehr; { $next } ist als Nächstes dran.
turn-ended-empty-last = { $who } hat keine Würfel mehr; die Runde ist vorbei.
round-ended = Runde { $round } endet.
round-ended-latrina = Runde { $round } endet; Würfel, die noch in der Hand sind, gehen in die Latrina: { $counts }.
templum = Templum: { $clauses }.
templum-empty = Templum: keine Würfel in dieser Runde.
templum-keeps = { $who } behält { $tokens } im Wert von { $values }
templum-keeps-nothing = { $who } behält nichts
templum-combo-latrina = { " " }(Würfel der Kombination { $combos } in die Latrina)
templum-discarded = { $tokens } { $count ->
        [one] kommt
       *[other] kommen
    } verdeckt auf den Ablagestapel
clause-separator = { "; " }
senate-ranked = Rangfolge im Senatus: { $straights }.
senate-ranked-none = Senatus: keine Straße.
senate-drawn = { $who } zieht { $tokens }.
senate-drawn-shown = { $who } zieht { $tokens }: { $cards }.
senate-kept-automatic = { $who } behält die einzige angebotene Karte.
senate-kept-automatic-shown = { $who } behält die einzige angebotene Karte: { $cards }.
senate-kept = { $who } behält die Karte { $card }.
senate-kept-hidden = { $who } behält eine Senatskarte.
senate-passed = { $from } gibt { $tokens } an { $to } weiter.
senate-passed-shown = { $from } gibt { $tokens } an { $to } weiter: { $cards }.
senate-to-third = Die übrige Karte von { $from } geht an { $who }, Dritter im Senatus.
senate-to-third-shown = Die übrige Karte von { $from }, { $card }, geht an { $who }, Dritter im Senatus.
senate-returned = { $who } legt { $tokens } unter den Stapel.
senate-returned-shown = { $who } legt { $tokens } unter den Stapel: { $cards }.
dice-to-latrina = Würfel { $building ->
        [Senatus] im Senatus
       *[other] im { $building }
    }, die nichts einbringen, gehen in die Latrina: { $counts }.
dice-to-latrina-none = Kein Würfel { $building ->
        [Senatus] im Senatus
       *[other] im { $building }
    } geht in die Latrina.
castrum-ranked = Rangfolge im Castrum: { $groups }.
castrum-ranked-none = Castrum: keine Würfel.
province-taken = { $who } nimmt die Provinz { $province }.
province-taken-last = { $who } nimmt die letzte Provinz, { $province }.
inhabitant-taken = { $who } (Forum, Spalte { $column }) nimmt { $sex ->
        [man] den { $inhabitant }
       *[woman] die { $inhabitant }
    }.
inhabitant-taken-last = { $who } (Forum, Spalte { $column }) nimmt den letzten Einwohner, { $sex ->
        [man] den { $inhabitant }
       *[woman] die { $inhabitant }
    }.
provinces-removed = { $count ->
        [one] Die Provinz { $provinces } wird aus dem Spiel genommen.
       *[other] Die Provinzen { $provinces } werden aus dem Spiel genommen.
    }
inhabitants-removed = { $count ->
        [one] Der Einwohner { $inhabitants } wird aus dem Spiel genommen.
       *[other] Die Einwohner { $inhabitants } werden aus dem Spiel genommen.
    }
display-removed-none = Kein Plättchen bleibt übrig.
reroll-tokens-awarded = Latrina: Wiederholungsplättchen für { $counts }.
reroll-tokens-awarded-none = Latrina: keine Wiederholungsplättchen in dieser Runde.
first-player-passed = { $from } gibt den Startspielermarker an { $to } weiter.
game-over = { $count ->
        [one] Spielende: { $winners } gewinnt mit { $points } Punkten{ $others }.
       *[other] Spielende: { $winners } teilen sich den Sieg mit { $points } Punkten{ $others }.
    }
game-over-others = { " " }({ $scores })

## Aktionen

reroll = { $dice } neu würfeln
place = { $dice } { $building ->
        [Senatus] in den Senatus
       *[other] ins { $building }
    } setzen
place-combo = { $dice } ins Templum setzen und Kombination { $combo } vervollständigen
place-new-combo = { $dice } als neue Kombination ins Templum setzen
send-to-latrina = Meinen niedrigsten Würfel in die Latrina schicken
keep-senate-card = Die Karte { $card } behalten
take-province = Die Provinz { $province } nehmen
take-inhabitant = { $sex ->
        [man] Den { $inhabitant }
       *[woman] Die { $inhabitant }
    } nehmen

## Namen und Anzahlen

favour-tokens = { $count ->
        [one] { $count } Gunstplättchen
       *[other] { $count } Gunstplättchen
    }
reroll-tokens = { $count ->
        [one] { $count } Wiederholungsplättchen
       *[other] { $count } Wiederholungsplättchen
    }
senate-cards = { $count ->
        [one] { $count } Senatskarte
       *[other] { $count } Senatskarten
    }
joker = Joker
inhabitant = { $sex ->
        [man] Mann
       *[woman] Frau
    } aus { $region } { $value }
