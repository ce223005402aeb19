# Rome et Carthage in words, in the spec's terms: every event as its viewer may see it, every action as a button says
# it. Cities and States go by their names in the map file; cards by rank, or by rank and suit where the event shows the
# card itself.
# Arguments: $name, a seat's name (the engine's, the same in every language); $who, seats' names as a list; $state,
# $city, $from, $to: a State's or a city's name; $piece, $attacker, $defender: a piece as piece tells it; $kind: a
# piece's kind (elephant, chariot, galley, mercenary); $rank: a rank (ace, jack, queen, king, or a number 2 to 10);
# $cards: cards as card-count, some-ranks or card tell them; $kings: kings-out's words; $count: how many.

## Names

# A piece: $number 0 when its State has one of its kind.
piece = { $state }'s { $kind ->
        [elephant] elephant
        [chariot] chariot
        [galley] galley
       *[mercenary] mercenary
    }{ $number ->
        [0] { "" }
       *[other] { " " }{ $number }
    }
a-kind = { $kind ->
        [elephant] an elephant
        [chariot] a chariot
        [galley] a galley
       *[mercenary] a mercenary
    }
is-eliminated = { $piece } is eliminated
rank = { $rank ->
        [ace] ace
        [jack] jack
        [queen] queen
        [king] king
       *[other] { $rank }
    }
a-rank = { $rank ->
        [ace] an { rank }
        [8] an { rank }
       *[other] a { rank }
    }
# A card the event shows by id; $suit: clubs, diamonds, hearts or spades.
card = the { rank } of { $suit ->
        [clubs] clubs
        [diamonds] diamonds
        [hearts] hearts
       *[spades] spades
    }
no-card = no card
card-count = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
piece-count = { $count ->
        [one] { $count } piece
       *[other] { $count } pieces
    }
turn-count = { $count ->
        [one] { $count } turn
       *[other] { $count } turns
    }
# Spent kings that went out of the game (7.5).
kings-out = { $count ->
        [0] { "" }
        [1] , a king leaves the game
       *[other] , { $count } kings leave the game
    }
# A team named by what every event shows: team a holds Rome ($rome), team b faces it.
team = { $team ->
        [a] { $rome }'s team
       *[b] the team facing { $rome }
    }
# $special: betrayal or sedition.
special = { $special ->
        [betrayal] the General's Betrayal
       *[sedition] the Popular Sedition
    }
# Clauses of one sentence, one after the other.
clauses = { $first }; { $next }
# Where a path leads ($to), through which cities ($via, via's words or nothing): route-from after the city a move
# leaves, route-towards for a move to make.
route-from = { " " }to { $to }{ $via }
route-towards = { " " }to { $to }{ $via }
via = { " " }via { $cities }
attacking = { " " }and attacks { $piece }
step-attacking = { " " }attacking { $piece }
moved-step = { $piece } from { $from } to { $to }{ $attack }
city-held = { " " }and { $piece } holds the city

## Events

teams-drawn = Teams drawn: { $a } against { $b }.
states-drawn = States drawn: { $clauses }.
states-alone = { $name } plays { $states } alone
states-taken = { $name } takes { $states }
hand-dealt = { $name } is dealt { $cards }.
hand-dealt-shown = { $name } is dealt { $cards }: { $ranks }.
queens-removed = { $name }'s { $count } queens leave the game.
talon-shuffled = The talon is shuffled ({ $cards }).
starting-card = The top card of the talon is { $card }: { $name } opens the game.
turn-order = Turn order: { $who }.
# $packets: each team's talon (packets).
talons-split = The talon is split into two packets, one talon per team: { $packets }.
talons-refilled = A talon is exhausted: the spent cards are split between both talons, shuffled again: { $packets }.
packets = { $a } { $cards }, { $b } { $other }
specials-both = { $name } receives { $betrayal } and { $sedition }.
# $chooses: yes when the first seat chooses its card.
specials-dealt = { $first } { $chooses ->
        [yes] chooses
       *[no] receives
    } { $first_card }; { $second } receives { $second_card }.
special-choice = { $count ->
        [one] { $who } chooses which special card to keep.
       *[other] { $who } choose which special card to keep.
    }
placement-turn = Placement, round { $round }: { $name } places { $pieces }.
piece-placed = { $name } places { $piece } in { $city }.
turn-started = Round { $round }: { $name }'s turn.
talon-reformed = The talon is exhausted: the spent cards are shuffled into a new talon ({ $cards }).
card-drawn = { $name } draws { $card }.
card-drawn-hidden = { $name } draws a card from the talon.
draw-skipped = { $name } draws nothing: the talon and the spent cards are exhausted.
# $route: route-from's words; $attack: attacking's words or nothing; $double: yes for a double move.
piece-moved = { $name } moves { $piece } from { $from }{ $route }{ $double ->
        [yes] { " " }(double move)
       *[no] { "" }
    }{ $attack }.
piece-moved-betrayal = By betrayal, { $piece } ({ $name }) goes from { $from }{ $route }{ $attack }.
mercenaries-moved = { $name } moves two mercenaries at once: { $steps }.
mercenaries-moved-betrayal = By betrayal, { $name }'s two mercenaries move at once: { $steps }.
forced-march-paid = { $name } pays a forced march with { $cards }{ $kings }.
betrayal-played = { $name } plays { $card } and moves for { $target }.
sedition-played = { $name } plays { $card } in { $city }: { $out }{ $held }.
draw-offered = { $name } offers a draw to { $who }.
draw-accepted = { $name } accepts the draw.
draw-declined = { $name } declines the draw.
moves-ended = { $name } has finished moving.
combat-started = Combat in { $city }: { $attacker } ({ $attacker_seat }) attacks { $defender } ({ $defender_seat }), { $cards } against { $need }.
base-none = { $name } has no card to place.
base-whole-hand = { $name } places the whole hand face down: { $cards }.
base-committed = { $name } places { $cards } face down.
# $spies: how many sides may call spy; $side: attacker or defender, when one may.
bases-revealed = The cards are turned over: the attacker shows { $attacker }, the defender { $defender }{ $spies ->
        [0] { "" }
        [1] ; the { $side ->
            [attacker] attacker
           *[defender] defender
        } may call spy
       *[other] ; both are spies
    }.
double-spy = Both sides played a spy: their cards are lost{ $kings } and the combat starts again.
spy-declined = { $name } does not call spy: the cards keep their face value.
spy-declared = { $name } calls spy: the cards are spent{ $kings }, new ones are chosen in view of the opponent's.
spy-base-chosen = { $name }, the spy, plays { $cards }.
combat-tied = Tie at { $total }: each side adds a card.
extra-added-last = { $name } adds the last card in hand face down: { $card }.
extra-added-last-hidden = { $name } adds the last card in hand face down.
extra-added = { $name } adds { $card } face down.
extra-added-hidden = { $name } adds a card face down.
extras-revealed = The added cards are turned over: the attacker shows { $attacker } ({ $attacker_total } in all), the defender { $defender } ({ $defender_total }).
combat-resolved = Combat in { $city }: { $piece } wins { $won } to { $lost } and { $out }{ $kings }.
combat-resolved-empty-hand = Combat in { $city }: tied at { $won } with no card left to add, { $piece } wins and { $out }{ $kings }.
seat-eliminated = { $name } has no piece left and is out of the game; cards lost: { $cards }.
# $team: team's words, capitalized.
siege-established = { $team } holds both enemy capitals: a full round more and it wins.
siege-broken = { $team } no longer holds both enemy capitals.
siege-witnessed = { $team } still holds both enemy capitals after { $name }'s turn.
turn-ended = { $name }'s turn ends.
turn-ended-quiet = { $name }'s turn ends ({ $turns } without an elimination).
# $winners: winners' words.
winners = { $who } ({ $states }) { $count ->
        [one] wins
       *[other] win
    }
# $reason: capitals_held, annihilation, draw_agreed or no_progress ($rounds: the last round).
game-over = { $reason ->
        [capitals_held] Game over: { $winners }, holding both enemy capitals for a full round.
        [annihilation] Game over: { $winners }, the other team has no piece left.
        [draw_agreed] Game over: a draw by agreement.
       *[no_progress] Game over: a draw, no piece eliminated for too long (round { $rounds }).
    }

## Actions

choose-special = Keep { $card }
place = Place { a-kind } in { $city }
# A move, lower case (a label capitalizes it) ($route: route-towards's words).
move-piece = move { $piece }{ $route }
move-mercenaries = move { $moved }
pay-forced-march = Pay the forced march with { $cards }
play-special = Play { $card }
play-betrayal = Play { $card }: { $moved }
play-sedition = Play { $card } in { $city }
offer-draw = Offer a draw
accept-draw = Accept the draw
decline-draw = Decline the draw
end-moves = End my moves
choose-combat = Fight the combat in { $city } now
commit = Place { $cards } face down
declare-spy = Call spy
decline-spy = Keep my cards at their face value
spy-commit = Play { $cards } as the spy
add-card = Add { $card } face down
