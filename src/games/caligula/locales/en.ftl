# Caligula in words, in the spec's terms (README, "Words"): every event as its viewer may see it, every action as a
# button says it. A card or token the viewer may not see is told without its kind or value.
# Arguments: $name, a seat's name (and $thief, $victim, $holder, $leader); $who, seats' names as a list; $card, a
# card as civitas or cards-of-kind tell it; $deck: Coniura or Pugio (a deck's name, the same in every language);
# $suit: a Civitas suit's name (Legionarii, Praetoriani, Tribuni, Nobiles, Plebs); $value: an SPQR token's value;
# $emperor, $old, $new: an Augustus card's name; $at: a candidate's letter, A or B; $count: how many;
# $automatic: yes when the engine passed a seat that holds no card, else no.

## Names

# $kind: predilection, collective or negative.
civitas = { $suit } { $kind ->
        [predilection] predilection
        [collective] collective
       *[negative] negative
    } { $value }
civitas-unknown = a Civitas card
# An Augustus card by its $id; $name is the id capitalized.
augustus = { $name }
spqr-token = SPQR token { $value }
# A Coniura or Pugio card kind's noun; $dual: yes for a dual-use card.
kind-noun = { $dual ->
        [yes] dual-use { $deck } { $count ->
            [one] card
           *[other] cards
        }
       *[no] { $deck } { $count ->
            [one] card
           *[other] cards
        }
    }
cards-of-kind = { $count ->
        [1] a { kind-noun }
       *[other] { $count } { kind-noun }
    }
a-card = a card
some-cards = { $count ->
        [1] a card
       *[other] { $count } cards
    }
card-count = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
coniura-symbols = { $count ->
        [one] { $count } Coniura symbol
       *[other] { $count } Coniura symbols
    }
victory-points = { $count ->
        [one] { $count } victory point
       *[other] { $count } victory points
    }
ordo-held = { $name } { $ordo }
seat-total = { $name } { $total }
concerned-times = { $name } ({ $times } times)
no-token = no token
totals = totals { $totals }
# Clauses of one sentence, told one after the other.
clauses = { $first }; { $next }
no-cards = { $automatic ->
        [yes] { " " }(no cards)
       *[no] { "" }
    }
# Where a Favor token is: $place is supply, emperor, a or b.
favour-place = { $place ->
        [supply] in the supply
        [emperor] on the emperor
        [a] on candidate A
       *[b] on candidate B
    }

## Events

decks-shuffled = The Coniura deck ({ $coniura }) and the Pugio deck ({ $pugio }) are shuffled.
civitas-dealt = The { $suit } cards are shuffled: { $first } in position 1, { $second } in position 2.
augustus-emperor = { $emperor } is emperor
augustus-removed = { $names } are removed
augustus-candidates = the candidates are { $a } (A) and { $b } (B)
augustus-dealt = { $clauses }.
sequentia-row = The { $count } Sequentia cards are shuffled into a row.
ordo-dealt = The Ordo cards are dealt: { $ordo }.
token-placed = { $name } places { spqr-token } face down on { $card }.
token-placed-hidden = { $name } places an SPQR token face down on { $card }.
placement-ended = The SPQR tokens of round { $round } are placed.
sequentia-started = Sequentia card { $number } is played: { $suits }.
sequentia-started-unknown = Sequentia card { $number } is played.
# $negative: yes for a negative card; $count: how many seats are concerned ($who).
tokens-revealed = { $card } is resolved ({ $totals }): { $negative ->
        [yes] { $count ->
            [0] nobody suffers its effect
            [one] { $who } suffers its effect
           *[other] { $who } suffer its effect
        }
       *[no] { $count ->
            [0] nobody benefits
            [one] { $who } benefits
           *[other] { $who } benefit
        }
    }.
# An effect step, after the Civitas card it comes from ($what: one of the effect-* messages).
on-card = { $card }: { $what }.
effect-skip = { $name } forgoes the effect
effect-none = no effect on { $name }
effect-vp-lost = { $name } loses { $points }
effect-vp-gained = { $name } gains { $points }
effect-spqr-gained = { $name } gains { spqr-token }
effect-spqr-lost = { $name } loses { spqr-token }
effect-ordo-swapped = { $name } takes Ordo card 1 from { $holder }
effect-candidate-replaced = { $name } replaces { $old } (candidate { $at }) with { $new }
effect-life-lowered = { $name } lowers the emperor's life by { $by }
effect-life-raised = { $name } raises the emperor's life by { $by }
effect-pip-taken = { $name } takes the Primus Inter Pares token
effect-first = { $name } chooses the first effect
effect-second = { $name } chooses the second effect
effect-draw = { $name } draws from the { $deck } deck
effect-discard = { $name } discards { $card }
effect-steal = { $name } steals a card from { $victim }
effect-applied = { $name } applies the effect
favour-moved = { $place ->
        [supply] { $name } takes the Favor token back
       *[other] { $name } puts the Favor token { favour-place }
    }
favour-moved-event = { favour-moved }.
favour-left = { $name } leaves the Favor token { favour-place }.
card-drawn-shown = { $name } draws { $cards }.
card-drawn = { $name } draws { $cards } from the { $deck } deck.
card-discarded = { $name } discards { $card } under the { $deck } deck.
card-stolen = { $thief } steals { $card } from { $victim }.
civitas-removed = { $card } leaves the game
civitas-first = { $card } moves to position 1
civitas-second = { $card } is turned face up in position 2
civitas-shifted = { $clauses }.
sequentia-all-draw = Sequentia: every player, in Ordo order, draws a Coniura card.
sequentia-pass-ordo = Sequentia: every player passes the Ordo card to the left neighbour.
sequentia-pass-ordo-shown = Sequentia: every player passes the Ordo card to the left neighbour ({ $ordo }).
conspiracy-opened = A conspiracy may be plotted.
conspiracy-opened-final = The last conspiracy may be plotted.
conspiracy-declined = { $name } does not conspire{ no-cards }.
conspiracy-passed = { $name } passes and is out of the conspiracy{ no-cards }.
conspiracy-accepted = { $name } accepts and plays { $owed }.
conspiracy-raised = { $name } bids { $total } and becomes the leader.
# $role: bid, defence or stab.
card-played = { $role ->
        [bid] { $name } plays { $card } for the complot.
        [defence] { $name } defends the emperor with { $card }.
       *[stab] { $name } stabs the emperor with { $card }.
    }
conspiracy-abandoned = Nobody conspires: no conspiracy.
conspiracy-formed-alone = The complot is over: { $name } conspires alone ({ $bid }).
conspiracy-formed = The complot is over: { $name } leads the conspiracy with { $others } ({ $bid }).
candidate-chosen-only = { $emperor } (candidate { $at }) is the only candidate.
candidate-chosen = The leader chooses { $emperor } (candidate { $at }) to replace the emperor.
defence-passed = { $name } does not defend the emperor{ no-cards }.
stab-done = { $name } plays no more Pugio{ no-cards }.
# The death comes first ($died), its consequences after a colon ($clauses).
emperor-died = { $died }: { $clauses }.
emperor-dies = { $emperor } dies ({ $stabs } Pugio against a life of { $life })
emperor-new = { $emperor } becomes emperor
candidate-new = { $emperor } is the new candidate { $at }
leader-point = { $name } gains a conspiracy point
stabbers-point = { $who } { $count ->
        [one] gains
       *[other] gain
    } a victory point
# $count: how many seats take their Favor token back ($who).
emperor-survived = { $emperor } survives ({ $stabs } Pugio against a life of { $life }){ $count ->
        [0] .
        [one] : { $who } takes the Favor token back from the candidate.
       *[other] : { $who } take their Favor tokens back from the candidate.
    }
round-end-payment = { $emperor } gives { $points } to { $who }.
round-ended = Round { $round } ends; round { $next } begins.
round-ended-last = Round { $round }, the last one, ends.
empire-fell = The empire falls.
empire-fell-favours = The empire falls: the emperor sends back the Favor tokens of { $who }.
game-over-draw = Game over: { $who } share the win with { $points } points.
game-over = Game over: { $who } wins with { $points } points.

## Waiting for a decision

awaiting-setup = The game is being set up.
awaiting-placement = { $name } to place an SPQR token.
awaiting-effect = { $name } to decide on an effect.
awaiting-complot = { $name } to speak in the complot.
awaiting-payment = { $name } to play { $owed }.
awaiting-candidate = { $name }, the leader, to choose the candidate.
awaiting-favour = { $name } to place the Favor token.
awaiting-defence = { $name } to defend the emperor or not.
awaiting-stabbing = { $name } to play Pugio against the emperor or stop.
awaiting-game-over = The game is over.

## Actions

place-token = Place { spqr-token } face down on the { $suit } card in position { $position }
complot-pass = Pass
complot-accept = Accept the conspiracy
complot-raise = Bid { $total } and lead the conspiracy
pay-coniura = Play { $card }
choose-candidate = Choose candidate { $at }
favour-on-candidate = Put my Favor token on the candidate
favour-on-emperor = Put my Favor token on the emperor
favour-stay = Leave my Favor token where it is
defend = Defend the emperor with { $card }
defend-pass = Do not defend the emperor
stab = Stab the emperor with { $card }
stab-no-more = Play no more Pugio
# An effect decision's option: a fixed one by its id, else "Choose" and the option.
effect-option = { $option ->
        [apply] Apply the effect
        [skip] Forgo the effect
        [none] Lose nothing
        [first] Choose the first effect
        [second] Choose the second effect
        [coniura] Draw from the Coniura deck
        [pugio] Draw from the Pugio deck
        [a] Choose candidate A
        [b] Choose candidate B
        [supply] Take my Favor token back
        [plus] Raise the emperor's life
        [minus] Lower the emperor's life
        [emperor] { favour-on-emperor }
       *[other] Choose { $option }
    }
option-discard = Discard { $card }
option-steal = Steal a card from { $victim }
