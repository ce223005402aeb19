# Alea Iacta Est in words, in the spec's terms: every event as its viewer may see it, every action as a button says it.
# Arguments: $who, $from, $to, $next: seats' names; $count: how many; $dice, $values: die values as a list;
# $building: Templum, Senatus, Castrum or Forum; $cards: Senate cards' names as a list; $tokens: a count of tokens
# (favour-tokens, reroll-tokens, senate-cards); $inhabitant: an inhabitant's name and $sex: man or woman.

## Events

favour-pile-shuffled = The { $count } favour tokens are shuffled face down.
senate-deck-shuffled = The { $count } Senate cards are shuffled face down.
senate-deck-shuffled-removed = The { $count } Senate cards are shuffled face down; out of this game: { $cards }.
province-pile-shuffled = The { $count } province tiles are shuffled face down.
inhabitant-pile-shuffled = The { $count } inhabitants are shuffled face down.
round-started = Round { $round }, { $who } first: provinces { $provinces }; inhabitants { $inhabitants }.
dice-rolled = { $who } rolls: { $dice }.
dice-rerolled = { $who } spends { $tokens }: { $before } { $count ->
        [one] becomes
       *[other] become
    } { $after }.
# $more: what follows, from dice-placed-combo, dice-placed-no-room and dice-placed-pushed.
dice-placed = { $who } places { $dice } on the { $building }{ $more }.
dice-placed-combo = { " " }(combination { $combo })
dice-placed-no-room = ; the { $value } does not fit and goes to the Latrina
dice-placed-pushed = ; { $dice } { $count ->
        [one] is
       *[other] are
    } pushed off to the Latrina
# A die pushed off ($value) and its owner ($who), listed in dice-placed-pushed.
pushed-die = { $who }'s { $value }
favour-drawn = { $who } draws { $tokens } face down.
favour-drawn-shown = { $who } draws { $tokens } face down, worth { $values }.
favour-reshuffled = The favour discard pile ({ $count } tokens) is shuffled into a new draw pile.
latrina-forced = { $who } cannot place any die: a { $value } goes to the Latrina.
turn-ended-next = { $who }'s turn ends; { $next } plays next.
turn-ended-last = { $who }'s turn ends; the round is over.
turn-ended-empty-next = { $who } has no dice left; { $next } plays next.
turn-ended-empty-last = { $who } has no dice left; the round is over.
# $counts: how many dice each seat sends ("Antonius (2) and Brutus (1)").
round-ended = Round { $round } ends.
round-ended-latrina = Round { $round } ends; dice left in hand go to the Latrina: { $counts }.
# $clauses: templum-keeps, templum-keeps-nothing (each maybe with templum-combo-latrina) and templum-discarded,
# joined by clause-separator.
templum = Templum: { $clauses }.
templum-empty = Templum: no dice this round.
templum-keeps = { $who } keeps { $tokens } worth { $values }
templum-keeps-nothing = { $who } keeps nothing
templum-combo-latrina = { " " }(dice of combination { $combos } to the Latrina)
templum-discarded = { $tokens } { $count ->
        [one] goes
       *[other] go
    } face down to the discard pile
clause-separator = { "; " }
# $straights: each seat and its straight ("Claudius 2-3-4").
senate-ranked = Senatus ranking: { $straights }.
senate-ranked-none = Senatus: no straight.
senate-drawn = { $who } draws { $tokens }.
senate-drawn-shown = { $who } draws { $tokens }: { $cards }.
senate-kept-automatic = { $who } keeps the only card offered.
senate-kept-automatic-shown = { $who } keeps the only card offered: { $cards }.
senate-kept = { $who } keeps the { $card } card.
senate-kept-hidden = { $who } keeps a Senate card.
senate-passed = { $from } passes { $tokens } to { $to }.
senate-passed-shown = { $from } passes { $tokens } to { $to }: { $cards }.
senate-to-third = { $from }'s leftover card goes to { $who }, third at the Senatus.
senate-to-third-shown = { $from }'s leftover card, { $card }, goes to { $who }, third at the Senatus.
senate-returned = { $who } puts { $tokens } under the deck.
senate-returned-shown = { $who } puts { $tokens } under the deck: { $cards }.
dice-to-latrina = { $building } dice that earn nothing go to the Latrina: { $counts }.
dice-to-latrina-none = No { $building } die goes to the Latrina.
# $groups: each seat and its dice ("Darius 4-4-4").
castrum-ranked = Castrum ranking: { $groups }.
castrum-ranked-none = Castrum: no dice.
province-taken = { $who } takes the { $province } province.
province-taken-last = { $who } takes the last province, { $province }.
inhabitant-taken = { $who } (Forum column { $column }) takes the { $inhabitant }.
inhabitant-taken-last = { $who } (Forum column { $column }) takes the last inhabitant, the { $inhabitant }.
provinces-removed = { $count ->
        [one] Province { $provinces } is removed from the game.
       *[other] Provinces { $provinces } are removed from the game.
    }
inhabitants-removed = { $count ->
        [one] Inhabitant { $inhabitants } is removed from the game.
       *[other] Inhabitants { $inhabitants } are removed from the game.
    }
display-removed-none = No tile is left over.
reroll-tokens-awarded = Latrina: reroll tokens for { $counts }.
reroll-tokens-awarded-none = Latrina: no reroll tokens this round.
first-player-passed = { $from } passes the first player marker to { $to }.
# $winners: the winners' names as a list, $count: how many; $points: their score; $others: game-over-others or nothing.
game-over = { $count ->
        [one] Game over: { $winners } wins with { $points } points{ $others }.
       *[other] Game over: { $winners } share the victory with { $points } points{ $others }.
    }
# $scores: everyone else's name and score ("Brutus 12, Claudius 9").
game-over-others = { " " }({ $scores })

## Actions

reroll = Reroll { $dice }
place = Place { $dice } on the { $building }
place-combo = Place { $dice } on the Templum to complete combination { $combo }
place-new-combo = Place { $dice } on the Templum as a new combination
send-to-latrina = Send my lowest die to the Latrina
keep-senate-card = Keep the { $card } card
take-province = Take the { $province } province
take-inhabitant = Take the { $inhabitant }

## Names and counts

favour-tokens = { $count ->
        [one] { $count } favour token
       *[other] { $count } favour tokens
    }
reroll-tokens = { $count ->
        [one] { $count } reroll token
       *[other] { $count } reroll tokens
    }
senate-cards = { $count ->
        [one] { $count } Senate card
       *[other] { $count } Senate cards
    }
# The province tile of no region.
joker = joker
# $region: a region's name; $value: the tile's value.
inhabitant = { $sex ->
        [man] { $region } man { $value }
       *[woman] { $region } woman { $value }
    }
