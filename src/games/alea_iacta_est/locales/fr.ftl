# Alea Iacta Est en mots, dans les termes de la règle (Templum, Senatus, Castrum, Forum, Latrina, cartes sénat, jetons
# faveur divine, jetons relance, manche). Les arguments sont ceux de en.ftl. INITIAL($nom) dit « vowel » devant un nom
# qui élide le « de » (« d'Antonius »).

## Événements

favour-pile-shuffled = Les { $count } jetons faveur divine sont mélangés face cachée.
senate-deck-shuffled = Les { $count } cartes sénat sont mélangées face cachée.
senate-deck-shuffled-removed = Les { $count } cartes sénat sont mélangées face cachée ; hors jeu : { $cards }.
province-pile-shuffled = Les { $count } tuiles provinces sont mélangées face cachée.
inhabitant-pile-shuffled = Les { $count } jetons habitants sont mélangés face cachée.
round-started = Manche { $round }, { $who } premier joueur : provinces { $provinces } ; habitants { $inhabitants }.
dice-rolled = { $who } lance { $count ->
        [one] son dé
       *[other] ses dés
    } : { $dice }.
dice-rerolled = { $who } dépense { $tokens } : { $before } { $count ->
        [one] devient
       *[other] deviennent
    } { $after }.
dice-placed = { $who } pose { $dice } au { $building }{ $more }.
dice-placed-combo = { " " }(combinaison { $combo })
dice-placed-no-room = { " " }; le { $value } ne trouve pas de place et va à la Latrina
dice-placed-pushed = { " " }; { $dice } { $count ->
        [one] est poussé
       *[other] sont poussés
    } à la Latrina
pushed-die = le { $value } { INITIAL($who) ->
        [vowel] d'{ $who }
       *[consonant] de { $who }
    }
favour-drawn = { $who } pioche { $tokens } face cachée.
favour-drawn-shown = { $who } pioche { $tokens } face cachée, de valeur { $values }.
favour-reshuffled = La défausse ({ $count } jetons faveur divine) est mélangée en une nouvelle pioche.
latrina-forced = { $who } ne peut poser aucun dé : un { $value } va à la Latrina.
turn-ended-next = Fin du tour { INITIAL($who) ->
        [vowel] d'{ $who }
       *[consonant] de { $who }
    } ; au tour { INITIAL($next) ->
        [vowel] d'{ $next }
       *[consonant] de { $next }
    }.
turn-ended-last = Fin du tour { INITIAL($who) ->
        [vowel] d'{ $who }
       *[consonant] de { $who }
    } ; la manche est finie.
turn-ended-empty-next = { $who } n'a plus de dés ; au tour { INITIAL($next) ->
        [vowel] d'{ $next }
       *[consonant] de { $next }
    }.
turn-ended-empty-last = { $who } n'a plus de dés ; la manche est finie.
round-ended = Fin de la manche { $round }.
round-ended-latrina = Fin de la manche { $round } ; les dés restés en main vont à la Latrina : { $counts }.
templum = Templum : { $clauses }.
templum-empty = Templum : aucun dé cette manche.
templum-keeps = { $who } garde { $tokens } de valeur { $values }
templum-keeps-nothing = { $who } ne garde rien
templum-combo-latrina = { " " }(dés de la combinaison { $combos } à la Latrina)
templum-discarded = { $tokens } { $count ->
        [one] retourne
       *[other] retournent
    } face cachée dans la défausse
clause-separator = { " ; " }
senate-ranked = Classement du Senatus : { $straights }.
senate-ranked-none = Senatus : aucune suite.
senate-drawn = { $who } pioche { $tokens }.
senate-drawn-shown = { $who } pioche { $tokens } : { $cards }.
senate-kept-automatic = { $who } garde la seule carte proposée.
senate-kept-automatic-shown = { $who } garde la seule carte proposée : { $cards }.
senate-kept = { $who } garde la carte { $card }.
senate-kept-hidden = { $who } garde une carte sénat.
senate-passed = { $from } passe { $tokens } à { $to }.
senate-passed-shown = { $from } passe { $tokens } à { $to } : { $cards }.
senate-to-third = La carte laissée par { $from } va à { $who }, troisième au Senatus.
senate-to-third-shown = La carte laissée par { $from }, { $card }, va à { $who }, troisième au Senatus.
senate-returned = { $who } replace { $tokens } sous la pioche.
senate-returned-shown = { $who } replace { $tokens } sous la pioche : { $cards }.
dice-to-latrina = Les dés du { $building } qui ne rapportent rien vont à la Latrina : { $counts }.
dice-to-latrina-none = Aucun dé du { $building } ne va à la Latrina.
castrum-ranked = Classement du Castrum : { $groups }.
castrum-ranked-none = Castrum : aucun dé.
province-taken = { $who } prend la province { $province }.
province-taken-last = { $who } prend la dernière province, { $province }.
inhabitant-taken = { $who } (colonne { $column } du Forum) prend { $sex ->
        [woman] la { $inhabitant }
       *[man] l'{ $inhabitant }
    }.
inhabitant-taken-last = { $who } (colonne { $column } du Forum) prend le dernier habitant, { $sex ->
        [woman] la { $inhabitant }
       *[man] l'{ $inhabitant }
    }.
provinces-removed = { $count ->
        [one] La province { $provinces } est retirée du jeu.
       *[other] Les provinces { $provinces } sont retirées du jeu.
    }
inhabitants-removed = { $count ->
        [one] L'habitant { $inhabitants } est retiré du jeu.
       *[other] Les habitants { $inhabitants } sont retirés du jeu.
    }
display-removed-none = Aucune tuile ne reste.
reroll-tokens-awarded = Latrina : jetons relance pour { $counts }.
reroll-tokens-awarded-none = Latrina : aucun jeton relance cette manche.
first-player-passed = { $from } passe le marqueur de premier joueur à { $to }.
game-over = { $count ->
        [one] Fin de la partie : { $winners } l'emporte avec { $points } points de renommée{ $others }.
       *[other] Fin de la partie : { $winners } se partagent la victoire avec { $points } points de renommée{ $others }.
    }
game-over-others = { " " }({ $scores })

## Actions

reroll = Relancer { $dice }
place = Poser { $dice } au { $building }
place-combo = Poser { $dice } au Templum pour compléter la combinaison { $combo }
place-new-combo = Poser { $dice } au Templum en nouvelle combinaison
send-to-latrina = Envoyer mon plus petit dé à la Latrina
keep-senate-card = Garder la carte { $card }
take-province = Prendre la province { $province }
take-inhabitant = Prendre { $sex ->
        [woman] la { $inhabitant }
       *[man] l'{ $inhabitant }
    }

## Noms et nombres

favour-tokens = { $count ->
        [one] { $count } jeton faveur divine
       *[other] { $count } jetons faveur divine
    }
reroll-tokens = { $count ->
        [one] { $count } jeton relance
       *[other] { $count } jetons relance
    }
senate-cards = { $count ->
        [one] { $count } carte sénat
       *[other] { $count } cartes sénat
    }
joker = joker
inhabitant = { $sex ->
        [man] homme { INITIAL($region) ->
            [vowel] d'{ $region }
           *[consonant] de { $region }
        } { $value }
       *[woman] femme { INITIAL($region) ->
            [vowel] d'{ $region }
           *[consonant] de { $region }
        } { $value }
    }
