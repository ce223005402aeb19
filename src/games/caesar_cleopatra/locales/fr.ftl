# César et Cléopâtre en mots, dans les termes de la traduction de Carlos Lopez (seed 000) : « Suffrage », « pile de
# réserve n°1 », « face cachée », les cartes Manipulation par leurs noms du §7. Les arguments sont ceux de en.ftl ;
# les mots qui s'accordent au joueur choisissent sur $seat (Cléopâtre est « active », César « actif »).

## Noms

seat-name = { $seat ->
        [cleopatra] Cléopâtre
       *[caesar] César
    }
group-name = { $group ->
        [senators] Sénateurs
        [quaestors] Questeurs
        [praetors] Préteurs
        [aediles] Édiles
       *[censors] Censeurs
    }
patrician = { $group ->
        [senators] Sénateur
        [quaestors] Questeur
        [praetors] Préteur
        [aediles] Édile
       *[censors] Censeur
    }
a-patrician = un { patrician }
the-group = les { group-name }
at-group = devant les { group-name }
# Le §7 nomme quatre sortes par une carte romaine et une égyptienne ; sans propriétaire (un bouton ne nomme aucun
# joueur), une sorte prend le nom commun aux deux, ou le romain.
manipulation = { $kind ->
        [assassination] Influence
        [spy] { $owner ->
            [cleopatra] Espionne
           *[other] Espion
        }
        [castling] { $owner ->
            [cleopatra] Roque égyptien
            [caesar] Roque romain
           *[none] Roque
        }
        [scout] { $owner ->
            [cleopatra] Courtisane
           *[other] Courtisan
        }
        [wrath] Colère des dieux
       *[veto] { $owner ->
            [cleopatra] Veto de Cléopâtre
            [caesar] Veto de César
           *[none] Veto
        }
    }
philosopher = Philosophe
card-influence = { $value }
card-manipulation = « { manipulation } »
a-card-influence = un { $value }
# « une carte « Influence » », pour que la carte Manipulation nommée Influence se distingue d'une carte Influence.
a-card-manipulation = une carte « { manipulation } »
a-card-hidden = une carte
a-manipulation-hidden = une carte Manipulation
an-influence-hidden = une carte Influence
pile-name = pile de réserve n°{ $number }
cards = { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    }
vote-card = { $vote ->
        [group] la carte Suffrage des { group-name }
        [orgy] une carte « Orgie »
        [orgy_reshuffle] la carte « Orgie, remélangez tout le paquet »
       *[none] une carte Suffrage
    }
whose = { $opponent ->
        [none] adverse
       *[other] de { $name }
    }
aim-spy = { " " }sur la main { whose }
aim-target = { " " }contre le { $value } visible { whose } { at-group }
aim-between = { " " }entre les { $first } et les { $second }
aim-group = { " " }sur { the-group }

## Événements

vote-deck-shuffled = Les { $size } cartes Suffrage sont mélangées.
pile-shuffled = La { $pile } de { $name } est mélangée ({ $cards }).
arrange-started = Les joueurs trient leurs cartes Manipulation selon l'ordre qui leur convient : c'est leur pile de réserve n°2.
manipulation-stacked = { $name } range { $what } dans sa pile de réserve n°2 ({ $stacked } sur { $of }).
missions-shuffled = Les { $size } cartes Mission Secrète sont mélangées.
mission-dealt = { $name } tire une Mission Secrète.
mission-dealt-shown = { $name } tire une Mission Secrète : { the-group }.
placement-started = Chaque joueur pose 5 cartes cachées, de 1 à 5, une devant chaque groupe de Patriciens.
initial-card-placed = { $name } pose { $what } face cachée { at-group } ({ $placed } sur { $of }).
initial-card-placed-hidden = { $name } pose une carte face cachée ({ $placed } sur { $of }).
initial-placement-done = Les cartes initiales sont posées : chaque joueur prend en main ses 5 cartes restantes, de 1 à 5.
turn-started = Tour { $turn } : à { $name } de jouer.
mode-active = { $name } décide d'être { $seat ->
        [cleopatra] active
       *[caesar] actif
    }.
mode-passive = { $name } décide de rester { $seat ->
        [cleopatra] passive
       *[caesar] passif
    }.
discarded-hand = { $name } défausse { $what } de sa main.
discarded-board = { $name } défausse { $what }.
# Seules les cartes Influence sont posées devant un groupe : « un 4 posé », « un Philosophe posé ».
discarded-board-group = { $name } défausse { $what } posé { at-group }.
discarded-play = { $name } défausse { $what } après l'avoir jouée.
influence-face-up = { $name } pose { $what } face visible { at-group }.
influence-face-down = { $name } pose { $what } face cachée { at-group }.
nothing-discarded = { $name } ne défausse rien.
draw-owed = { $name } doit tirer { $cards }{ $reason ->
        [refill] { " " }pour compléter sa main
        [passive] { " " }pour remplacer ses défausses
        [veto] { " " }après son Veto
        [spy] { " " }pour remplacer la carte défaussée
       *[window] { " " }pour la Manipulation jouée pendant le Suffrage exceptionnel
    }.
draw-pending = { $name } choisit la pile où tirer.
card-drawn = { $name } tire { $what } de sa { $pile }.
card-drawn-only = { $name } tire { $what } de sa { $pile } (seule pile non vide).
draw-lapsed = { $name } ne peut pas tirer { $cards } : ses deux piles de réserve sont vides.
manipulation-played = { $name } joue { $what }{ $aim }.
reaction-offered = { $name } peut opposer son Veto à la Manipulation ou la laisser faire.
vetoed = { $name } oppose son Veto : la Manipulation est annulée.
allowed = { $name } laisse faire la Manipulation.
hand-spied = { $name } regarde la main de { $victim }.
hand-spied-shown = { $name } regarde la main de { $victim } : { $cards }.
castling-pool = { $name } reprend ses cartes ({ $taken }).
castling-pool-shown = { $name } reprend ses cartes ({ $taken }) : { $cards }.
castling-count = { $count } { at-group }
castling-card-placed = { $name } replace { $what } face cachée { at-group } (il en reste { $left }).
castling-card-placed-hidden = { $name } replace une carte face cachée (il en reste { $left }).
castling-done = Le { manipulation } de { $name } est terminé, cartes cachées : { $counts }.
main-resumed = { $name } reprend son tour.
main-ended = { $name } a fini de poser ses cartes.
cards-revealed = Les cartes cachées de { $name } { at-group } sont révélées : { $values }.
cards-revealed-scout = La carte { $card } de { $scout } retourne les cartes cachées de { $name } { at-group } : { $values }.
extraordinary-vote = { $full } cartes Influence { at-group } : Suffrage exceptionnel.
vote-window = { $name } peut jouer une carte Manipulation avant le décompte du Suffrage sur { the-group }.
vote-continued = { $name } laisse le Suffrage exceptionnel se poursuivre.
vote-resolved = { $extraordinary ->
        [yes] Suffrage exceptionnel
       *[no] Suffrage
    } sur { the-group } : { $tally } ; { $winner ->
        [none] le Suffrage est ajourné
       *[other] { $winner } l'emporte
    }.
vote-sum = { $philosophers ->
        [0] { $name } { $sum }
        [1] { $name } { $sum } avec 1 Philosophe
       *[other] { $name } { $sum } avec { $philosophers } Philosophes
    }
patrician-won = { $name } gagne { a-patrician }.
group-closed = Plus aucun { patrician } à gagner : le groupe est fermé.
vote-card-drawn = { $card } est retournée.
vote-card-removed = { $card } est retirée du jeu.
vote-card-discarded = { $card } est défaussée.
vote-deck-reshuffled = Tout le paquet Suffrage est remélangé ({ $cards }).
solo-mode = { $loser } n'a plus de carte Influence : { $name } continue à jouer { $seat ->
        [cleopatra] seule
       *[caesar] seul
    }.
game-over = Fin de la partie, { $why ->
        [all_patricians_awarded] tous les Patriciens sont gagnés
        [influence_exhausted] il ne reste plus de carte Influence
        [solo_finished] le joueur resté seul ne peut plus jouer
       *[board_blocked] tous les groupes sont pleins
    } : { $score }.
game-over-wins = { $name } gagne { $won } à { $lost }
game-over-wins-patricians = { $name } gagne { $won } à { $lost }, avec plus de Patriciens ({ $more } à { $fewer })
game-over-draw = égalité, { $first } à { $second }

## Actions

stack-manipulation = Ranger { $what } ensuite dans ma pile de réserve n°2
place-face-down = Poser { $what } face cachée { at-group }
place-face-up = Poser { $what } face visible { at-group }
choose-active = Jouer un tour actif
choose-passive = Jouer un tour passif
passive-discard = Défausser { $what }
end-discard = Arrêter de défausser et tirer autant de cartes
play-manipulation = Jouer { $what }{ $aim }
end-main = Finir de jouer et compléter ma main
allow-manipulation = Laisser faire la Manipulation
veto-manipulation = Opposer mon Veto
spy-pick = Faire défausser { $what } à l'adversaire
castle-place = Replacer { $what } face cachée { at-group }
draw-from = Tirer de ma { $pile } ({ $number ->
        [1] Influence
       *[2] Manipulation
    })
continue-vote = Poursuivre le Suffrage
