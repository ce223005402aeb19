"""A ludus bot to copy: it plays, for as long as it runs, a random legal action whenever one of its account's seats is
to act, and joins every game it is invited to.

    bot.py [--url URL] [--key KEY] [--client DIR] [--stop-after-finished N] [--test-reconnect]

URL and KEY default to $LUDUS_URL and $LUDUS_KEY (an account key, lk_...). The bot follows the account's notifications
(GET /v1/accounts/me/stream, NDJSON) and makes its other calls with the client openapi-python-client generates from
ludus's OpenAPI document (the package ludus_client, in DIR or on PYTHONPATH). Put your own choice of action in
choose()."""

import argparse
import json
import os
import random
import sys
import time
import uuid

import httpx


def arguments():
    parser = argparse.ArgumentParser(description="Plays random legal actions for a ludus account.")
    parser.add_argument("--url", default=os.environ.get("LUDUS_URL"), help="ludus's base URL ($LUDUS_URL)")
    parser.add_argument("--key", default=os.environ.get("LUDUS_KEY"), help="the account's key ($LUDUS_KEY)")
    parser.add_argument("--client", help="the directory holding the generated package ludus_client")
    parser.add_argument("--stop-after-finished", type=int, metavar="N", help="exit after N games finished")
    parser.add_argument("--test-reconnect", action="store_true",
                        help="drop the stream once, after the 5th your_turn, to exercise resuming")
    args = parser.parse_args()
    if not args.url or not args.key:
        parser.error("give --url and --key, or set LUDUS_URL and LUDUS_KEY")
    return args


ARGS = arguments()
if ARGS.client:
    sys.path.insert(0, ARGS.client)

from ludus_client import AuthenticatedClient, errors  # noqa: E402
from ludus_client.api.accounts import my_games  # noqa: E402
from ludus_client.api.games import get_game, play  # noqa: E402
from ludus_client.api.lobby import join_seat  # noqa: E402
from ludus_client.models import JoinRequest, PlayRequest, PlayResponse, Problem  # noqa: E402
from ludus_client.types import UNSET  # noqa: E402

# Twice the stream's keep-alive interval (15 s): a stream silent for longer is a dead connection.
TIMEOUT = httpx.Timeout(30.0)
# 409: another request moved the game first (version_conflict, contention), or the server lost the history the move was
# chosen on (history_rewritten); 422: the rules refused the action, the game having changed. Either way, read the game
# again.
RETRY = {409, 422}
BACKOFF_SECONDS = 1.0
# The table's actions (offering draws, taking a seat back, ...) are listed with a title's moves; a random player skips
# them (in Rome et Carthage the draw offer is the rules' own, skipped too).
TABLE_ACTIONS = {"resign", "abort", "hand_to_bot", "take_back_seat", "offer_draw", "accept_draw", "decline_draw",
                 "undo"}


def title_actions(listed):
    """The title's moves among the listed actions (as JSON objects). A seat to act with only draw answers listed is in
    Rome et Carthage's own draw offer: those are the title's moves there."""
    moves = [action for action in listed if action.get("type") not in TABLE_ACTIONS]
    return moves or listed


def choose(listed):
    """The action to play, among the legal ones of the bot's seat (as JSON objects)."""
    return random.choice(title_actions(listed))


def ok(answer):
    if isinstance(answer, Problem):
        raise RuntimeError(f"{answer.status} {answer.code}: {answer.detail}")
    return answer


class Bot:
    def __init__(self, args):
        self.args = args
        self.api = self.client()
        self.seat_clients = {}
        self.last_id = None  # the last notification handled: where a new connection resumes
        self.turns = 0
        self.finished = 0
        self.moves = self.requests = self.conflicts = 0  # the moves played, the requests they took, the 409s
        self.versions = {}  # each game's version after the bot's last move there

    def client(self, headers=None):
        return AuthenticatedClient(base_url=self.args.url, token=self.args.key, timeout=TIMEOUT,
                                   raise_on_unexpected_status=True, headers=headers or {})

    def as_seat(self, seat):
        """A client naming the seat it acts for (X-Ludus-Seat), needed where the account holds several seats.
        A new client rather than api.with_headers(), which would change api's own headers too."""
        if seat not in self.seat_clients:
            self.seat_clients[seat] = self.client({"X-Ludus-Seat": seat})
        return self.seat_clients[seat]

    def play_one(self, game_id, seat, listed, known=UNSET):
        """Plays one of `listed`, the seat's legal actions now; True when the seat still acts after it. The action
        goes alone (no expected_version): the rules check it against the game as it is when it arrives."""
        # The minimal answer says who acts next, without the whole game.
        answer = play.sync(game_id, client=self.as_seat(seat), idempotency_key=str(uuid.uuid4()),
                           prefer="return=minimal", x_ludus_known_head=known,
                           body=PlayRequest.from_dict({"action": choose(listed)}))
        self.requests += 1
        if isinstance(answer, PlayResponse):
            self.moves += 1
            self.versions[game_id] = answer.version
            return seat in answer.to_act
        if answer.status not in RETRY:
            ok(answer)
        self.conflicts += answer.status == 409
        return False

    def act(self, game_id, seat):
        """Plays for the seat while it is to act, reading the game first (a game found waiting on connecting)."""
        while True:
            read = get_game.sync_detailed(game_id, client=self.as_seat(seat))
            self.requests += 1
            game = ok(read.parsed)
            if seat not in game.to_act:
                return
            # The move goes with the position it was chosen on (the read's ETag): should the server have lost that
            # history since (a store failover), the move is refused with 409 history_rewritten and the game is read
            # again.
            listed = [action.to_dict() for action in game.legal_actions]
            if not self.play_one(game_id, seat, listed, read.headers.get("etag", UNSET)):
                return

    def catch_up(self):
        """Plays the games waiting for the account already: the stream brings only what comes next."""
        before = UNSET
        while True:
            page = ok(my_games.sync(client=self.api, to_act=True, before=before))
            for game in page.games:
                for seat in set(game.seats) & set(game.to_act):
                    self.act(game.id, seat)
            if not page.next_before:
                return
            before = page.next_before

    def handle(self, note):
        kind = note["type"]
        if kind == "invited":
            # An empty body, not none: the generated join_seat cannot send its optional body left unset.
            joined = join_seat.sync(note["game"], note["seat"], client=self.api, body=JoinRequest())
            if isinstance(joined, Problem):  # taken back, or the game aborted: nothing to retry
                print(f"{note['game']}: could not join {note['seat']}: {joined.code}", flush=True)
        elif kind == "your_turn":
            # It brings the seat's legal actions at its version: one request a move. One sent before the bot's own
            # last move of the game is answered already; should another seat's move take the action away meanwhile
            # (422), the next your_turn brings the actions as they are then.
            self.turns += 1
            if note["version"] >= self.versions.get(note["game"], 0):
                self.play_one(note["game"], note["seat"], note["legal_actions"])
        elif kind == "game_finished":
            self.finished += 1
            ending = note.get("ending") or {}
            # The rules' result names the winners of a game played out; the ending those of a resignation or timeout.
            winners = (note.get("result") or ending).get("winners") or ["none"]
            print(f"{note['title']} {note['game']}: finished at version {note['version']} "
                  f"({ending.get('reason', 'over')}), winners: {', '.join(winners)}", flush=True)

    def follow(self):
        """Reads one connection of the stream. True once the bot is done; False to reconnect at once."""
        headers = {"Accept": "application/x-ndjson"}
        if self.last_id:
            headers["Last-Event-ID"] = self.last_id
        with self.api.get_httpx_client().stream("GET", "/v1/accounts/me/stream", headers=headers) as stream:
            if stream.status_code == 401:
                sys.exit("the account key was refused")
            if stream.status_code != 200:  # 503 shutting_down, 429 too_many_streams...: try again
                raise RuntimeError(f"stream refused: {stream.status_code} {stream.read().decode(errors='replace')}")
            print(f"stream open, resuming after {self.last_id}" if self.last_id else "stream open", flush=True)
            if not self.last_id:  # resuming, the stream brings back the turns still to play, with their actions
                self.catch_up()
            for line in stream.iter_lines():
                if not line:  # keep-alive
                    continue
                note = json.loads(line)
                if note["type"] == "reconnect":  # this instance is shutting down: another one takes over
                    print("the server asked to reconnect", flush=True)
                    return False
                self.handle(note)
                self.last_id = note["id"]
                if self.finished == self.args.stop_after_finished:
                    print(f"{self.moves} moves, {self.requests} requests, {self.conflicts} conflicts", flush=True)
                    return True
                if self.args.test_reconnect and note["type"] == "your_turn" and self.turns == 5:
                    # What the server sent meanwhile, unread, goes with this connection: Last-Event-ID brings it back.
                    print("dropping the stream on purpose", flush=True)
                    return False
        raise RuntimeError("the stream ended")

    def run(self):
        while True:
            try:
                if self.follow():
                    return
            except (httpx.HTTPError, errors.UnexpectedStatus, RuntimeError) as error:
                print(f"{error}; reconnecting in {BACKOFF_SECONDS:g} s", flush=True)
                time.sleep(BACKOFF_SECONDS)


if __name__ == "__main__":
    Bot(ARGS).run()
