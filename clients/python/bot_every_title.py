"""Runs bot.py against the real server, as its author would: a bot account is invited to the first seat of one game
of every title, the other seats played by built-in random bots, and bot.py (told to drop its stream once, to resume
it with Last-Event-ID) must join and finish them all. Usage: bot_every_title.py <base-url> <generated-package-dir>,
or `installed` for the package ludus_client installed (`pip install ./clients/python`).

With `--docs-bot <file>`, the same for the standard-library bot of docs/accounts.md saved in <file> (run as
`python3 <file> <base-url> <key> <games>`), over five games of every title at once (20 games), with no
`409 version_conflict` at all, as docs/accounts.md says of a bot that follows it; with `--bot-command <command>...`,
the same for any bot run as `<command>... <base-url> <key> <games>` (the TypeScript client's example bot). Each must
need at most 1.05 requests a move (each prints its counts)."""

import os
import re
import subprocess
import sys
import threading
import time
import uuid

if sys.argv[2] != "installed":
    sys.path.insert(0, sys.argv[2])

from ludus_client import AuthenticatedClient, Client, models  # noqa: E402
from ludus_client.api.accounts import create_account, my_games  # noqa: E402
from ludus_client.api.games import create_game, get_game  # noqa: E402
from ludus_client.api.titles import list_titles  # noqa: E402
from ludus_client.models import (  # noqa: E402
    AccountGamesResponse, AccountKind, CreateAccountRequest, CreatedAccountResponse, CreateGameResponse, GameResponse)
from ludus_client.models.game_status import GameStatus  # noqa: E402
from ludus_client.models.games_status import GamesStatus  # noqa: E402

TIMEOUT_SECONDS = 300
BOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bot.py")


def fail(message):
    sys.exit(f"bot_every_title: {message}")


def account(public, name, kind):
    created = create_account.sync(client=public, body=CreateAccountRequest(name=name, kind=kind))
    if not isinstance(created, CreatedAccountResponse):
        fail(f"account {name} not created: {created}")
    return created.key


def create_request(title, body):
    """The title's own create-request class, found by the name the document gives it."""
    name = "Create" + "".join(part.capitalize() for part in title.split("-")) + "Game"
    return getattr(models, name).from_dict({"title": title, **body})


# At most this many requests a move (issue 48: one request a move, a few conflicts aside).
REQUESTS_PER_MOVE = 1.05
# The docs bot plays this many games of every title at once: 20 games without a conflict.
DOCS_BOT_GAMES_PER_TITLE = 5


def start_bot(command, env):
    """The bot, its output echoed and kept, once its stream is open (invitations sent earlier would not reach it: a
    new stream brings only what comes next)."""
    bot = subprocess.Popen(command, env={**os.environ, **env}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
    output, opened = [], threading.Event()

    def echo():
        for line in bot.stdout:
            print(f"  bot: {line.rstrip()}", flush=True)
            output.append(line)
            if line.startswith("stream open"):
                opened.set()

    reader = threading.Thread(target=echo)
    reader.start()
    if not opened.wait(timeout=30):
        bot.kill()
        fail("bot.py did not open its stream within 30 s")
    return bot, reader, output


def create_games(host, titles, bot_name, per_title):
    """`per_title` games of every title with its fewest players: the bot invited to the first seat, built-in bots on
    the others. Their ids, with their titles."""
    games = {}
    for title in titles * per_title:
        seats = title.seats[:title.min_players]
        body = {"players": title.min_players, "seats": {seats[0]: {"account": bot_name}},
                "bots": {seat: {"kind": "random"} for seat in seats[1:]}}
        created = create_game.sync(client=host, body=create_request(title.id, body))
        if not isinstance(created, CreateGameResponse):
            fail(f"{title.id}: game not created: {created}")
        games[created.game.id] = title.id
    return games


def main():
    base, client_dir = sys.argv[1], sys.argv[2]
    started = time.monotonic()
    public = Client(base_url=base, raise_on_unexpected_status=True)
    suffix = uuid.uuid4().hex[:8]
    bot_name = f"bot-{suffix}"
    bot_key = account(public, bot_name, AccountKind.BOT)
    host = AuthenticatedClient(base_url=base, token=account(public, f"host-{suffix}", AccountKind.PLAYER),
                               raise_on_unexpected_status=True)
    titles = list_titles.sync(client=public)
    # A bot run as `<command>... <base-url> <key> <games>`, as docs/accounts.md's is; else bot.py.
    bot_command = {"--docs-bot": [sys.executable, *sys.argv[4:5]], "--bot-command": sys.argv[4:]}.get(
        sys.argv[3] if len(sys.argv) > 4 else None)
    per_title = DOCS_BOT_GAMES_PER_TITLE if bot_command else 1
    if bot_command:
        command, env = [*bot_command, base, bot_key, str(len(titles) * per_title)], {}
    else:
        client = [] if client_dir == "installed" else ["--client", client_dir]
        command = [sys.executable, BOT, *client, "--stop-after-finished", str(len(titles)), "--test-reconnect"]
        env = {"LUDUS_URL": base, "LUDUS_KEY": bot_key}
    bot, reader, output = start_bot(command, env)

    try:
        games = create_games(host, titles, bot_name, per_title)
        code = bot.wait(timeout=max(0.0, TIMEOUT_SECONDS - (time.monotonic() - started)))
    except subprocess.TimeoutExpired:
        fail(f"bot.py had not finished {len(titles)} games after {TIMEOUT_SECONDS} s")
    finally:
        if bot.poll() is None:  # it would go on reconnecting to a server gone
            bot.kill()
    if code != 0:
        fail(f"bot.py exited with {code}")
    reader.join()
    printed = "".join(output)
    if not bot_command and "resuming after" not in printed:
        fail("bot.py never resumed its stream with Last-Event-ID")

    for game_id, title in games.items():
        game = get_game.sync(game_id, client=public)
        if not isinstance(game, GameResponse) or game.status != GameStatus.FINISHED:
            fail(f"{title} {game_id} is not finished: {game}")
        if not bot_command and f"{game_id}: finished" not in printed:
            fail(f"bot.py did not report {title} {game_id} finished: a game_finished notification was lost")
    counts = re.search(r"(\d+) moves, (\d+) requests, (\d+) conflicts", printed)
    if not counts:
        fail("the bot did not print its counts")
    moves, requests, conflicts = map(int, counts.groups())
    print(f"{requests / moves:.3f} requests a move ({requests} for {moves}), {conflicts} conflicts")
    if requests > REQUESTS_PER_MOVE * moves:
        fail(f"{requests} requests for {moves} moves: more than {REQUESTS_PER_MOVE} a move")
    if bot_command and conflicts:
        fail(f"{conflicts} conflicts over {len(games)} games: a bot following docs/accounts.md gets none")
    bots = AuthenticatedClient(base_url=base, token=bot_key, raise_on_unexpected_status=True)
    listed = my_games.sync(client=bots, status=GamesStatus.FINISHED, limit=100)
    if not isinstance(listed, AccountGamesResponse) or {game.id for game in listed.games} != set(games):
        fail(f"the bot's finished games are not the {len(games)} created: {listed}")
    name = bot_command[1] if bot_command else "bot.py"
    print(f"{name} joined and finished {len(games)} games, {per_title} of every title, in "
          f"{time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
