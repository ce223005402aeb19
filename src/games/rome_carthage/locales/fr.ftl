# Rome et Carthage en mots, dans les termes de la règle : États, galères, marche forcée, talon, « espion », camp. Les
# arguments sont ceux de en.ftl. INITIAL($nom) dit « vowel » devant un nom qui élide le « de » (« d'Alexandrie »).

## Noms

piece = { $kind ->
        [elephant] l'éléphant
        [chariot] le char
        [galley] la galère
       *[mercenary] le mercenaire
    }{ $number ->
        [0] { "" }
       *[other] { " " }{ $number }
    } { INITIAL($state) ->
        [vowel] d'{ $state }
       *[consonant] de { $state }
    }
a-kind = { $kind ->
        [elephant] un éléphant
        [chariot] un char
        [galley] une galère
       *[mercenary] un mercenaire
    }
is-eliminated = { $piece } est { $kind ->
        [galley] éliminée
       *[other] éliminé
    }
rank = { $rank ->
        [ace] as
        [jack] valet
        [queen] dame
        [king] roi
       *[other] { $rank }
    }
a-rank = { $rank ->
        [queen] une { rank }
       *[other] un { rank }
    }
card = { $rank ->
        [ace] l'{ rank }
        [queen] la { rank }
       *[other] le { rank }
    } de { $suit ->
        [clubs] trèfle
        [diamonds] carreau
        [hearts] cœur
       *[spades] pique
    }
no-card = aucune carte
card-count = { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    }
piece-count = { $count ->
        [one] { $count } pièce
       *[other] { $count } pièces
    }
turn-count = { $count ->
        [one] { $count } tour
       *[other] { $count } tours
    }
kings-out = { $count ->
        [0] { "" }
        [1] , un roi est éliminé du jeu
       *[other] , { $count } rois sont éliminés du jeu
    }
team = { $team ->
        [a] le camp { INITIAL($rome) ->
            [vowel] d'{ $rome }
           *[consonant] de { $rome }
        }
       *[b] le camp opposé à { $rome }
    }
special = { $special ->
        [betrayal] la carte « trahison de général »
       *[sedition] la carte « sédition populaire »
    }
clauses = { $first } ; { $next }
route-from = { " " }à { $to }{ $via }
route-towards = { " " }vers { $to }{ $via }
via = { " " }par { $cities }
attacking = { " " }et attaque { $piece }
step-attacking = { " " }en attaquant { $piece }
moved-step = { $piece } { INITIAL($from) ->
        [vowel] d'{ $from }
       *[consonant] de { $from }
    } à { $to }{ $attack }
city-held = { " " }et { $piece } tient la ville

## Événements

teams-drawn = Tirage des camps : { $a } contre { $b }.
states-drawn = Tirage des États : { $clauses }.
states-alone = { $name } joue seul { $states }
states-taken = { $name } prend { $states }
hand-dealt = { $name } reçoit { $cards }.
hand-dealt-shown = { $name } reçoit { $cards } : { $ranks }.
queens-removed = Les { $count } dames de { $name } sont retirées du jeu.
talon-shuffled = Le talon est battu ({ $cards }).
starting-card = La carte supérieure du talon est { $card } : { $name } ouvre le jeu.
turn-order = Ordre de jeu : { $who }.
talons-split = Le talon est séparé en deux paquets, un talon par camp : { $packets }.
talons-refilled = Un talon est épuisé : les cartes dépensées sont partagées entre les deux talons, battus de nouveau : { $packets }.
packets = { $a } { $cards }, { $b } { $other }
specials-both = { $name } reçoit { $betrayal } et { $sedition }.
specials-dealt = { $first } { $chooses ->
        [yes] choisit
       *[no] reçoit
    } { $first_card } ; { $second } reçoit { $second_card }.
special-choice = { $count ->
        [one] { $who } choisit sa carte spéciale.
       *[other] { $who } choisissent leur carte spéciale.
    }
placement-turn = Placement, tour { $round } : { $name } place { $pieces }.
piece-placed = { $name } place { $piece } à { $city }.
turn-started = Tour { $round } : c'est à { $name } de jouer.
talon-reformed = Le talon est épuisé : les cartes dépensées sont battues et forment le nouveau talon ({ $cards }).
card-drawn = { $name } tire { $card }.
card-drawn-hidden = { $name } tire une carte du talon.
draw-skipped = { $name } ne tire rien : le talon et les cartes dépensées sont épuisés.
piece-moved = { $name } déplace { $piece } { INITIAL($from) ->
        [vowel] d'{ $from }
       *[consonant] de { $from }
    }{ $route }{ $double ->
        [yes] { " " }(double déplacement)
       *[no] { "" }
    }{ $attack }.
piece-moved-betrayal = Par trahison, { $piece } ({ $name }) va { INITIAL($from) ->
        [vowel] d'{ $from }
       *[consonant] de { $from }
    }{ $route }{ $attack }.
mercenaries-moved = { $name } déplace deux mercenaires du même coup : { $steps }.
mercenaries-moved-betrayal = Par trahison, deux mercenaires de { $name } se déplacent du même coup : { $steps }.
forced-march-paid = { $name } paie une marche forcée avec { $cards }{ $kings }.
betrayal-played = { $name } joue { $card } et déplace pour { $target }.
sedition-played = { $name } joue { $card } à { $city } : { $out }{ $held }.
draw-offered = { $name } propose la partie nulle à { $who }.
draw-accepted = { $name } accepte la partie nulle.
draw-declined = { $name } refuse la partie nulle.
moves-ended = { $name } a terminé ses déplacements.
combat-started = Combat à { $city } : { $attacker } ({ $attacker_seat }) attaque { $defender } ({ $defender_seat }), { $cards } contre { $need }.
base-none = { $name } n'a aucune carte à placer.
base-whole-hand = { $name } place toute sa main face contre table : { $cards }.
base-committed = { $name } place { $cards } face contre table.
bases-revealed = Les cartes sont retournées : l'attaquant montre { $attacker }, le défenseur { $defender }{ $spies ->
        [0] { "" }
        [1] { " " }; le { $side ->
            [attacker] attaquant
           *[defender] défenseur
        } peut déclarer « espion »
       *[other] { " " }; les deux sont espions
    }.
double-spy = Les deux joueurs ont joué un espion : leurs cartes sont perdues{ $kings } et le combat recommence.
spy-declined = { $name } ne déclare pas « espion » : ses cartes gardent leur valeur naturelle.
spy-declared = { $name } déclare « espion » : ses cartes sont dépensées{ $kings }, il en choisit d'autres au vu de celles de l'adversaire.
spy-base-chosen = { $name }, l'espion, joue { $cards }.
combat-tied = Égalité à { $total } : chacun ajoute une carte.
extra-added-last = { $name } ajoute sa dernière carte face contre table : { $card }.
extra-added-last-hidden = { $name } ajoute sa dernière carte face contre table.
extra-added = { $name } ajoute { $card } face contre table.
extra-added-hidden = { $name } ajoute une carte face contre table.
extras-revealed = Les cartes ajoutées sont retournées : l'attaquant montre { $attacker } ({ $attacker_total } en tout), le défenseur { $defender } ({ $defender_total }).
combat-resolved = Combat à { $city } : { $piece } l'emporte par { $won } à { $lost } et { $out }{ $kings }.
combat-resolved-empty-hand = Combat à { $city } : égalité à { $won } sans carte à ajouter, { $piece } l'emporte et { $out }{ $kings }.
seat-eliminated = { $name } n'a plus de pièces et est exclu du jeu ; cartes perdues : { $cards }.
siege-established = { $team } occupe les deux capitales adverses : un tour complet de plus et il gagne.
siege-broken = { $team } n'occupe plus les deux capitales adverses.
siege-witnessed = { $team } occupe toujours les deux capitales adverses après le tour de { $name }.
turn-ended = Fin du tour de { $name }.
turn-ended-quiet = Fin du tour de { $name } ({ $turns } sans élimination).
winners = { $who } ({ $states }) { $count ->
        [one] gagne
       *[other] gagnent
    }
game-over = { $reason ->
        [capitals_held] Fin de la partie : { $winners } en occupant un tour complet les deux capitales adverses.
        [annihilation] Fin de la partie : { $winners }, le camp adverse n'a plus de pièces.
        [draw_agreed] Fin de la partie : nulle d'un commun accord.
       *[no_progress] Fin de la partie : nulle, aucune pièce éliminée depuis trop longtemps (tour { $rounds }).
    }

## Actions

choose-special = Garder { $card }
place = Placer { a-kind } à { $city }
move-piece = déplacer { $piece }{ $route }
move-mercenaries = déplacer { $moved }
pay-forced-march = Payer la marche forcée avec { $cards }
play-special = Jouer { $card }
play-betrayal = Jouer { $card } : { $moved }
play-sedition = Jouer { $card } à { $city }
offer-draw = Proposer la nulle
accept-draw = Accepter la nulle
decline-draw = Refuser la nulle
end-moves = Terminer mes déplacements
choose-combat = Livrer maintenant le combat de { $city }
commit = Placer { $cards } face contre table
declare-spy = Déclarer « espion »
decline-spy = Garder à mes cartes leur valeur naturelle
spy-commit = Jouer { $cards } en espion
add-card = Ajouter { $card } face contre table
