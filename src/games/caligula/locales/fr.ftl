# Caligula en mots, dans les termes de la règle (README, « Words ») : carte Civitas, jeton SPQR, tas Coniura et Pugio,
# conjuration, complot, chef, jeton Favor, capital vie, points victoire, manche. Les arguments sont ceux de en.ftl.

## Noms

civitas = { $suit } { $kind ->
        [predilection] prédilection
        [collective] collective
       *[negative] négative
    } { $value }
civitas-unknown = une carte Civitas
# La règle écrit un des noms à sa façon.
augustus = { $id ->
        [elagabalus] Elagabalo
       *[other] { $name }
    }
spqr-token = jeton SPQR { $value }
kind-noun = { $count ->
        [one] carte
       *[other] cartes
    } { $deck }{ $dual ->
        [yes] { " " }à double usage
       *[no] { "" }
    }
cards-of-kind = { $count ->
        [1] une { kind-noun }
       *[other] { $count } { kind-noun }
    }
a-card = une carte
some-cards = { $count ->
        [1] une carte
       *[other] { $count } cartes
    }
card-count = { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    }
coniura-symbols = { $count ->
        [one] { $count } symbole Coniura
       *[other] { $count } symboles Coniura
    }
victory-points = { $count ->
        [one] { $count } point victoire
       *[other] { $count } points victoire
    }
ordo-held = { $name } n°{ $ordo }
seat-total = { $name } { $total }
concerned-times = { $name } ({ $times } fois)
no-token = aucun jeton
totals = totaux { $totals }
clauses = { $first } ; { $next }
no-cards = { $automatic ->
        [yes] { " " }(aucune carte)
       *[no] { "" }
    }
favour-place = { $place ->
        [supply] dans sa réserve
        [emperor] sur l'empereur
        [a] sur le candidat A
       *[b] sur le candidat B
    }

## Événements

decks-shuffled = Le tas Coniura ({ $coniura }) et le tas Pugio ({ $pugio }) sont mélangés.
civitas-dealt = Les cartes { $suit } sont mélangées : { $first } en position 1, { $second } en position 2.
augustus-emperor = { $emperor } est l'empereur
augustus-removed = { $names } sont retirés
augustus-candidates = les candidats sont { $a } (A) et { $b } (B)
augustus-dealt = { $clauses }.
sequentia-row = Les { $count } cartes Sequentia sont mélangées et posées en ligne.
ordo-dealt = Les cartes Ordo sont distribuées : { $ordo }.
token-placed = { $name } place le { spqr-token } face cachée sur la carte { $card }.
token-placed-hidden = { $name } place un jeton SPQR face cachée sur la carte { $card }.
placement-ended = Fin du placement des jetons SPQR de la manche { $round }.
sequentia-started = La carte Sequentia n°{ $number } est jouée : { $suits }.
sequentia-started-unknown = La carte Sequentia n°{ $number } est jouée.
tokens-revealed = La carte { $card } est résolue ({ $totals }) : { $negative ->
        [yes] { $count ->
            [0] personne n'en subit les effets
            [one] { $who } en subit les effets
           *[other] { $who } en subissent les effets
        }
       *[no] { $count ->
            [0] personne n'en profite
            [one] { $who } en profite
           *[other] { $who } en profitent
        }
    }.
on-card = { $card } : { $what }.
effect-skip = { $name } renonce à l'effet
effect-none = sans effet pour { $name }
effect-vp-lost = { $name } perd { $points }
effect-vp-gained = { $name } gagne { $points }
effect-spqr-gained = { $name } gagne le { spqr-token }
effect-spqr-lost = { $name } perd le { spqr-token }
effect-ordo-swapped = { $name } prend la carte Ordo n°1 à { $holder }
effect-candidate-replaced = { $name } remplace { $old } (candidat { $at }) par { $new }
effect-life-lowered = { $name } retire { $by } au capital vie de l'empereur
effect-life-raised = { $name } ajoute { $by } au capital vie de l'empereur
effect-pip-taken = { $name } prend le jeton Primus Inter Pares
effect-first = { $name } choisit le premier effet
effect-second = { $name } choisit le second effet
effect-draw = { $name } pioche dans le tas { $deck }
effect-discard = { $name } jette { $card }
effect-steal = { $name } vole une carte à { $victim }
effect-applied = { $name } applique l'effet
favour-moved = { $place ->
        [supply] { $name } reprend son jeton Favor
       *[other] { $name } place son jeton Favor { favour-place }
    }
favour-moved-event = { favour-moved }.
favour-left = { $name } laisse son jeton Favor { favour-place }.
card-drawn-shown = { $name } pioche { $cards }.
card-drawn = { $name } pioche { $cards } dans le tas { $deck }.
card-discarded = { $name } jette { $card }, replacée sous le tas { $deck }.
card-stolen = { $thief } vole { $card } à { $victim }.
civitas-removed = { $card } est éliminée
civitas-first = { $card } passe en position 1
civitas-second = { $card } est retournée en position 2
civitas-shifted = { $clauses }.
sequentia-all-draw = Sequentia : tous les joueurs, suivant l'ordre de jeu, piochent une carte dans le tas Coniura.
sequentia-pass-ordo = Sequentia : chaque joueur passe sa carte Ordo au joueur sur sa gauche.
sequentia-pass-ordo-shown = Sequentia : chaque joueur passe sa carte Ordo au joueur sur sa gauche ({ $ordo }).
conspiracy-opened = Une conjuration peut être fomentée.
conspiracy-opened-final = Une dernière conjuration peut être fomentée.
conspiracy-declined = { $name } ne veut pas conjurer{ no-cards }.
conspiracy-passed = { $name } passe et renonce à la conjuration{ no-cards }.
conspiracy-accepted = { $name } accepte et joue { $owed }.
conspiracy-raised = { $name } propose { $total } et devient le chef de la conjuration.
card-played = { $role ->
        [bid] { $name } joue { $card } pour le complot.
        [defence] { $name } défend l'empereur avec { $card }.
       *[stab] { $name } joue { $card } contre l'empereur.
    }
conspiracy-abandoned = Personne ne veut conjurer : pas de conjuration.
conspiracy-formed-alone = Fin du complot : { $name } conjure seul ({ $bid }).
conspiracy-formed = Fin du complot : { $name } mène la conjuration avec { $others } ({ $bid }).
candidate-chosen-only = { $emperor } (candidat { $at }) est le seul candidat.
candidate-chosen = Le chef choisit { $emperor } (candidat { $at }) pour remplacer l'empereur.
defence-passed = { $name } ne défend pas l'empereur{ no-cards }.
stab-done = { $name } ne joue plus de Pugio{ no-cards }.
emperor-died = { $died } : { $clauses }.
emperor-dies = { $emperor } meurt ({ $stabs } Pugio pour un capital vie de { $life })
emperor-new = { $emperor } devient empereur
candidate-new = { $emperor } est le nouveau candidat { $at }
leader-point = { $name } gagne 1 point conjuration
stabbers-point = { $who } { $count ->
        [one] gagne
       *[other] gagnent
    } 1 point victoire
emperor-survived = { $emperor } survit ({ $stabs } Pugio pour un capital vie de { $life }){ $count ->
        [0] .
        [one] { " " }: { $who } reprend son jeton Favor sur le candidat.
       *[other] { " " }: { $who } reprennent leurs jetons Favor sur le candidat.
    }
round-end-payment = { $emperor } attribue { $points } à { $who }.
round-ended = Fin de la manche { $round } ; la manche { $next } commence.
round-ended-last = Fin de la manche { $round }, la dernière.
empire-fell = Chute de l'empire.
empire-fell-favours = Chute de l'empire : l'empereur élimine les jetons Favor de { $who }.
game-over-draw = Fin de la partie : { $who } l'emportent à égalité avec { $points } points.
game-over = Fin de la partie : { $who } l'emporte avec { $points } points.

## En attente d'une décision

awaiting-setup = Mise en place du jeu.
awaiting-placement = À { $name } de placer un jeton SPQR.
awaiting-effect = À { $name } de décider d'un effet.
awaiting-complot = À { $name } de parler pour le complot.
awaiting-payment = À { $name } de jouer { $owed }.
awaiting-candidate = À { $name }, chef de la conjuration, de choisir le candidat.
awaiting-favour = À { $name } de placer son jeton Favor.
awaiting-defence = À { $name } de défendre l'empereur ou non.
awaiting-stabbing = À { $name } de jouer des Pugio contre l'empereur ou de s'arrêter.
awaiting-game-over = La partie est terminée.

## Actions

place-token = Placer le { spqr-token } face cachée sur la carte { $suit } en position { $position }
complot-pass = Passer
complot-accept = Accepter la conjuration
complot-raise = Proposer { $total } et mener la conjuration
pay-coniura = Jouer { $card }
choose-candidate = Choisir le candidat { $at }
favour-on-candidate = Placer mon jeton Favor sur le candidat
favour-on-emperor = Placer mon jeton Favor sur l'empereur
favour-stay = Laisser mon jeton Favor en place
defend = Défendre l'empereur avec { $card }
defend-pass = Ne pas défendre l'empereur
stab = Jouer { $card } contre l'empereur
stab-no-more = Ne plus jouer de Pugio
effect-option = { $option ->
        [apply] Appliquer l'effet
        [skip] Renoncer à l'effet
        [none] Ne rien perdre
        [first] Choisir le premier effet
        [second] Choisir le second effet
        [coniura] Piocher dans le tas Coniura
        [pugio] Piocher dans le tas Pugio
        [a] Choisir le candidat A
        [b] Choisir le candidat B
        [supply] Reprendre mon jeton Favor
        [plus] Augmenter le capital vie de l'empereur
        [minus] Diminuer le capital vie de l'empereur
        [emperor] { favour-on-emperor }
       *[other] Choisir { $option }
    }
option-discard = Jeter { $card }
option-steal = Voler une carte à { $victim }
