# The table's words, which every title shares: its events, its actions as buttons say them, and lists.
# Arguments: $who, a seat's name; $name, a player's display name; $bot, a computer player (bot-*); $open, a count.

table-opened = The table is set ({ $open } seats open).
seat-joined-bot = { $bot } takes the seat of { $who }.
seat-joined-named = { $name } sits down as { $who }.
seat-joined = { $who } sits down.
first-move = { $who } makes a first move.
resigned = { $who } resigns.
aborted = { $who } calls the game off.
timed-out = { $who }: out of time.
expired = The game expired before every seat was taken.
deadline-set = The turn clock starts.
rematch-created = A rematch is set up.
invitation-declined = The player invited as { $who } declines.
seat-abandoned-resigned = { $who } resigned: the computer plays the seat to the end.
seat-abandoned-timed-out = { $who } ran out of time: the computer plays the seat to the end.
handed-to-bot = { $who } hands the seat to the computer.
seat-taken-back = { $who } takes the seat back.
draw-offer-made = { $who } offers a draw.
draw-offer-accepted = { $who } accepts the draw.
draw-offer-declined = { $who } declines the draw.
draw-agreed = Draw agreed: the game ends.
clock-stopped = { $who }'s clock stops.
clocks-started = The clocks start.
undone = { $who } takes back the last move.
seats-erased = { $who }: the player deleted their account.
invitations-erased = An invited player deleted their account.
seat-bound = { $who } signed in: the seat is bound to their account.

bot-random = The random computer player
bot-search = The computer

action-resign = Resign
action-abort = Call the game off
action-hand-to-bot = Hand my seat to the computer
action-take-back-seat = Take my seat back
action-offer-draw = Offer a draw
action-accept-draw = Accept the draw
action-decline-draw = Decline the draw
action-undo = Undo my last move

# Words joined as a sentence says them: "a, b and c" ($rest: "a, b"; $last: "c").
list-and = { $rest } and { $last }
