# César et Cléopâtre in words, in the spec's terms: every event as its viewer may see it, every action as a button says
# it. A field the viewer's redaction took away is told as "a card", never guessed.
# Arguments: $seat: cleopatra or caesar, the seat a sentence is about ($name: its name); $opponent: the other seat,
# or none on a button; $group: senators, quaestors, praetors, aediles or censors; $kind: a manipulation card's kind
# (assassination, spy, castling, scout, wrath, veto) and $owner its owner's seat or none; $card, $what: a card as
# a-card-* tell it; $value: an influence value (a number, or philosopher's words); $count, $size: how many;
# $pile: a pile as pile-name tells it.

## Names

seat-name = { $seat ->
        [cleopatra] Cleopatra
       *[caesar] Caesar
    }
group-name = { $group ->
        [senators] Senators
        [quaestors] Quaestors
        [praetors] Praetors
        [aediles] Aediles
       *[censors] Censors
    }
patrician = { $group ->
        [senators] Senator
        [quaestors] Quaestor
        [praetors] Praetor
        [aediles] Aedile
       *[censors] Censor
    }
a-patrician = { $group ->
        [senators] a Senator
        [quaestors] a Quaestor
        [praetors] a Praetor
        [aediles] an Aedile
       *[censors] a Censor
    }
the-group = the { group-name }
at-group = at the { group-name }
manipulation = { $kind ->
        [assassination] Assassination
        [spy] Spy
        [castling] Castling
        [scout] Scout
        [wrath] Wrath of the Gods
       *[veto] Veto
    }
philosopher = Philosopher
# A card by its face alone, as in a list.
card-influence = { $value }
card-manipulation = { manipulation }
# A card by its face, with an article.
a-card-influence = a { $value }
a-card-manipulation = { $kind ->
        [assassination] an { manipulation }
        [wrath] the { manipulation }
       *[other] a { manipulation }
    }
a-card-hidden = a card
a-manipulation-hidden = a manipulation card
an-influence-hidden = an influence card
pile-name = pile { $number }
cards = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
# $vote: group (with $group), orgy, orgy_reshuffle or none (not shown).
vote-card = { $vote ->
        [group] the { group-name } vote card
        [orgy] an Orgy card
        [orgy_reshuffle] the Orgy card that reshuffles the whole deck
       *[none] a vote card
    }
# Whose card a manipulation aims at ($name: the opponent's name).
whose = { $opponent ->
        [none] the opponent's
       *[other] { $name }'s
    }
aim-spy = { " " }on { whose } hand
aim-target = { " " }against { whose } face-up { $value } { at-group }
aim-between = { " " }between the { $first } and the { $second }
aim-group = { " " }on { the-group }

## Events

vote-deck-shuffled = The { $size } vote cards are shuffled.
pile-shuffled = { $name }'s { $pile } is shuffled ({ $cards }).
arrange-started = The players stack their manipulation cards in the order they choose: that is their pile 2.
manipulation-stacked = { $name } stacks { $what } in pile 2 ({ $stacked } of { $of }).
missions-shuffled = The { $size } secret missions are shuffled.
mission-dealt = { $name } draws a secret mission.
mission-dealt-shown = { $name } draws a secret mission: { the-group }.
placement-started = Each player places five face-down cards, 1 to 5, one at each group of patricians.
initial-card-placed = { $name } places { $what } face down { at-group } ({ $placed } of { $of }).
initial-card-placed-hidden = { $name } places a card face down ({ $placed } of { $of }).
initial-placement-done = Every initial card is placed: each player takes the other five, 1 to 5, in hand.
turn-started = Turn { $turn }: { $name } to play.
mode-active = { $name } chooses to be active.
mode-passive = { $name } chooses to stay passive.
discarded-hand = { $name } discards { $what } from hand.
discarded-board = { $name } discards { $what }.
discarded-board-group = { $name } discards { $what } from { the-group }.
discarded-play = { $name } discards { $what } after playing it.
influence-face-up = { $name } places { $what } face up { at-group }.
influence-face-down = { $name } places { $what } face down { at-group }.
nothing-discarded = { $name } discards nothing.
# $reason: refill, passive, veto, spy or window.
draw-owed = { $name } is to draw { $cards }{ $reason ->
        [refill] { " " }to refill the hand
        [passive] { " " }for the cards discarded
        [veto] { " " }after the Veto
        [spy] { " " }for the card discarded to the Spy
       *[window] { " " }for the manipulation played in the extraordinary vote
    }.
draw-pending = { $name } chooses a pile to draw from.
card-drawn = { $name } draws { $what } from { $pile }.
card-drawn-only = { $name } draws { $what } from { $pile } (the only pile left).
draw-lapsed = { $name } cannot draw { $cards }: both piles are empty.
manipulation-played = { $name } plays { $what }{ $aim }.
reaction-offered = { $name } may veto the manipulation or let it happen.
vetoed = { $name } vetoes the manipulation: it is cancelled.
allowed = { $name } lets the manipulation happen.
hand-spied = { $name } looks at { $victim }'s hand.
hand-spied-shown = { $name } looks at { $victim }'s hand: { $cards }.
# $taken: how many cards at which group, as a list of castling-count.
castling-pool = { $name } takes back { $seat ->
        [cleopatra] her
       *[caesar] his
    } cards ({ $taken }).
castling-pool-shown = { $name } takes back { $seat ->
        [cleopatra] her
       *[caesar] his
    } cards ({ $taken }): { $cards }.
castling-count = { $count } { at-group }
castling-card-placed = { $name } puts { $what } back face down { at-group } ({ $left } left).
castling-card-placed-hidden = { $name } puts a card back face down ({ $left } left).
castling-done = { $name }'s { manipulation } is done, cards face down: { $counts }.
main-resumed = { $name } goes on with the turn.
main-ended = { $name } is done placing cards.
cards-revealed = { $name }'s face-down cards { at-group } are revealed: { $values }.
cards-revealed-scout = { $scout }'s { $card } turns { $name }'s face-down cards { at-group } face up: { $values }.
extraordinary-vote = { $full } cards { at-group }: extraordinary vote.
vote-window = { $name } may play a manipulation card before the vote on { the-group } is counted.
vote-continued = { $name } lets the extraordinary vote go on.
# $tally: each seat's sum (vote-sum), $winner: the winner's name or nothing when the vote is postponed.
vote-resolved = { $extraordinary ->
        [yes] Extraordinary vote
       *[no] Vote
    } on { the-group }: { $tally }; { $winner ->
        [none] the vote is postponed
       *[other] { $winner } wins
    }.
vote-sum = { $philosophers ->
        [0] { $name } { $sum }
        [one] { $name } { $sum } with 1 Philosopher
       *[other] { $name } { $sum } with { $philosophers } Philosophers
    }
patrician-won = { $name } wins { a-patrician }.
group-closed = No { patrician } left to win: the group is closed.
vote-card-drawn = { $card } is turned up.
vote-card-removed = { $card } leaves the game.
vote-card-discarded = { $card } goes to the vote discard.
vote-deck-reshuffled = The whole vote deck is reshuffled ({ $cards }).
solo-mode = { $loser } has no influence card left: { $name } plays on alone.
# $why: all_patricians_awarded, influence_exhausted, solo_finished or board_blocked.
game-over = Game over, { $why ->
        [all_patricians_awarded] every patrician is won
        [influence_exhausted] no influence card is left
        [solo_finished] the player left alone cannot go on
       *[board_blocked] every group is full
    }: { $score }.
game-over-wins = { $name } wins { $won } to { $lost }
game-over-wins-patricians = { $name } wins { $won } to { $lost }, with more patricians ({ $more } to { $fewer })
game-over-draw = a draw, { $first } to { $second }

## Actions

stack-manipulation = Stack { $what } next in pile 2
place-face-down = Place { $what } face down { at-group }
place-face-up = Place { $what } face up { at-group }
choose-active = Take an active turn
choose-passive = Take a passive turn
passive-discard = Discard { $what }
end-discard = Stop discarding and draw as many
play-manipulation = Play { $what }{ $aim }
end-main = End my play and refill my hand
allow-manipulation = Let the manipulation happen
veto-manipulation = Veto the manipulation
spy-pick = Make the opponent discard { $what }
castle-place = Put { $what } back face down { at-group }
draw-from = Draw from { $pile } ({ $number ->
        [1] influence
       *[2] manipulation
    })
continue-vote = Go on with the vote
