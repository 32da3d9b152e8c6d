"""``boardroom play gregs --bots 4``: a whole game played by bots over real websockets.

Without ``--url`` an embedded server (in-memory store) is started in-process on a free port. The command
creates a room (``--options JSON``: the game's options), connects one bot client per seat and a
spectator, prints the public log as it happens in the game's own sentences (``seat 2 revealed Plaster
Cast (+2)``, `games.engine.story`) and at the end the game's standings line, the outcome and the number
of actions. ``--lang pl`` tells the log in that language of the game's catalogue
(``GET /api/games/{game}/catalog``; English where the game lacks it). A searching bot (``--policy
search``) needs the state, so its seats are the server's own bots (the lobby's bot seats) and the
command only watches. Exit status 0 once the game ended; bad
arguments print one line and exit 2.

``--url`` may be repeated: workers of one deployment (one store). The room is made through the first
that answers, and the clients move to the next URL when theirs stops answering (`Connection`'s
``fallbacks``), so a worker killed mid-game does not end the game. Any game the server hosts can be
played (the fixture games on a ``--fixtures`` server).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import logging
import socket
import sys
import urllib.parse
from collections.abc import AsyncIterator
from typing import Any, TextIO

import httpx
import msgspec

from clients.commands.options import OptionsError, game_options
from clients.sdk import BotPlayer, Connection, Lobby
from clients.sdk.lobby import LobbyError
from clients.sdk.render import describe
from games.engine import Bot, Story, bots_of
from games.engine.catalog import teller_of
from protocol.messages import ServerMsg, Snapshot, Update


def register(sub: Any) -> None:
    parser = sub.add_parser("play", help="play a game with bot clients over websockets")
    parser.add_argument("game", help="game id (gregs)")
    parser.add_argument("--bots", type=int, default=4, help="bot clients, one per seat (default 4)")
    parser.add_argument(
        "--url",
        action="append",
        help="server base URL; repeat for fallback workers of one deployment (default: an embedded server)",
    )
    parser.add_argument("--seed", default="1", help="seed of the bots' choices (default 1)")
    parser.add_argument(
        "--policy", default="random", help="bot: random, search (played by the server) or one of the game's"
    )
    parser.add_argument("--options", help="game options as a JSON object (default: the game's defaults)")
    parser.add_argument("--encoding", choices=["json", "msgpack"], default="json", help="frame encoding")
    parser.add_argument(
        "--lang",
        default="en",
        help="tell the log in this language of the game's catalogue (default en; pl, cs, de)",
    )
    parser.add_argument("--timeout", type=float, default=300.0, help="give up after this many seconds")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play, or print one line saying why not (exit status 2)."""
    try:
        return asyncio.run(play(args, sys.stdout))
    except (UsageError, GaveUp) as exc:
        print(f"boardroom play: {exc}", file=sys.stderr)
    except LobbyError as exc:
        print(f"boardroom play: the server refused: {exc.code}: {exc.message}", file=sys.stderr)
    except TimeoutError:  # an OSError whose text is empty: say what timed out
        print("boardroom play: cannot reach the server: no answer in time", file=sys.stderr)
    except (OSError, httpx.HTTPError) as exc:
        print(f"boardroom play: cannot reach the server: {exc or type(exc).__name__}", file=sys.stderr)
    return 2


class UsageError(Exception):
    """Arguments that cannot make a game (an unknown game, a seat count out of range, a bad URL)."""


class GaveUp(Exception):
    """The game did not end within ``--timeout`` seconds."""


def server_urls(url: str) -> tuple[str, str]:
    """``(HTTP base URL, websocket URL)`` of a server given as ``http(s)://host:port`` or
    ``ws(s)://host:port`` (a trailing ``/`` or ``/ws`` is ignored). Raises `UsageError` otherwise,
    naming what is wrong: no host, a port that is not a number from 1 to 65535, a bracketed IPv6
    address left open, a user part, several URLs in one (repeat ``--url`` instead)."""
    schemes = {
        "http": ("http", "ws"),
        "https": ("https", "wss"),
        "ws": ("http", "ws"),
        "wss": ("https", "wss"),
    }
    scheme, sep, rest = url.strip().partition("://")
    rest = rest.rstrip("/").removesuffix("/ws").rstrip("/")
    if not sep or scheme.lower() not in schemes or not rest:
        raise UsageError(f"--url must be http(s)://host:port or ws(s)://host:port, got {url!r}")
    problem = _address_problem(rest.partition("/")[0])
    if problem:
        raise UsageError(f"--url {url!r}: {problem}")
    http, ws = schemes[scheme.lower()]
    return f"{http}://{rest}", f"{ws}://{rest}/ws"


PORT = "the port is a number from 1 to 65535"


def _address_problem(netloc: str) -> str:
    """What is wrong with the ``host:port`` part of a URL, or ``""``."""
    if "," in netloc or "://" in netloc:
        return "one server per --url (repeat --url for fallbacks)"
    if "@" in netloc:
        return "no user part: the server takes no credentials in its URL"
    try:
        parts = urllib.parse.urlsplit("//" + netloc)
        port = parts.port
    except ValueError as exc:  # urllib's words: "Invalid IPv6 URL", "Port out of range 0-65535"...
        return "an IPv6 address opened with [ is not closed" if "IPv6" in str(exc) else PORT
    if not parts.hostname:
        return "no host"
    if port == 0:
        return PORT
    return ""


def _checked(args: argparse.Namespace) -> tuple[Any, Bot, dict[str, Any]]:
    """The game ``args`` name, with a bot count it can seat (with ``--url``, a fixture game too: the
    server says whether it hosts it), the bot and the options. Raises `UsageError`."""
    from games.catalog import shipped, with_fixtures

    games = with_fixtures() if args.url else shipped()
    game = games.get(args.game)
    if game is None:
        raise UsageError(f"no game {args.game!r}; choose one of {', '.join(sorted(games))}")
    if not game.min_seats <= args.bots <= game.max_seats:
        raise UsageError(
            f"{args.game} seats {game.min_seats} to {game.max_seats} players, not --bots {args.bots}"
        )
    bot = bots_of(game).get(args.policy)
    if bot is None:
        offered = ", ".join(sorted(bots_of(game)))
        raise UsageError(f"no bot policy {args.policy!r} for {args.game}; choose from {offered}")
    try:
        return game, bot, game_options(game, args.options, args.bots)
    except OptionsError as exc:
        raise UsageError(str(exc)) from None


@contextlib.asynccontextmanager
async def embedded_server() -> AsyncIterator[str]:
    """An in-process uvicorn server with the in-memory store on a free port; yields its base URL. Its
    event-loop pause warnings are off: the loop is the bots' too, and their decisions stall it by design."""
    import uvicorn

    from server.app import create_app

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(), log_level="warning", ws_per_message_deflate=False, lifespan="on")
    logging.getLogger("boardroom.pauses").setLevel(logging.ERROR)
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        while not server.started:
            if task.done():
                task.result()  # re-raise why it could not start
            await asyncio.sleep(0.01)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task
        sock.close()


@contextlib.asynccontextmanager
async def _server(urls: list[tuple[str, str]], game: str) -> AsyncIterator[tuple[str, list[str]]]:
    """``(HTTP base URL, websocket URLs)`` of the workers ``urls`` name (`server_urls` pairs; none: an
    embedded server for the block): the base is the first whose lobby answers and hosts ``game``.
    Raises `UsageError` when it does not host it, else what the last unreachable one raised."""
    if not urls:
        async with embedded_server() as base:
            yield base, [server_urls(base)[1]]
        return
    for i, (base, _) in enumerate(urls):
        try:
            async with Lobby(base) as lobby:
                hosted = sorted(info.id for info in await lobby.games())
            break
        except (OSError, httpx.HTTPError):
            if i == len(urls) - 1:
                raise
    if game not in hosted:
        raise UsageError(f"the server hosts no game {game!r}; choose one of {', '.join(hosted)}")
    yield base, [ws for _, ws in urls]


async def play(args: argparse.Namespace, out: TextIO) -> int:
    """Play one game as ``args`` says, printing to ``out``; returns the exit status."""
    game, bot, options = _checked(args)
    urls = [server_urls(url) for url in args.url or []]
    async with _server(urls, args.game) as (base, ws_urls), Lobby(base) as lobby:
        created = await lobby.create_room(args.game, args.bots, options=options)
        print(f"room {created.room}: {args.game} with {args.bots} bots ({args.policy})", file=out, flush=True)
        # every client starts on the first worker and moves on to the next when it stops answering
        spectator = Connection(ws_urls[0], created.room, fallbacks=ws_urls[1:], encoding=args.encoding)
        story = game.story
        if getattr(args, "lang", None):  # callers building their own Namespace may leave it out
            doc = await lobby.catalog(args.game, args.lang)
            # the game's derived fields in that language, when this side has the game's catalogue too
            local = (
                game.catalog.teller(doc.lang) if game.catalog and doc.lang in game.catalog.languages else None
            )
            story = teller_of(doc, local.derived if local else game.story.derived)
        spectator.listen(lambda msg: _print_events(msg, story, out))
        async with spectator:
            try:
                async with asyncio.timeout(args.timeout):
                    await _seat_bots(args, game, bot, lobby, created, ws_urls)
                    await spectator.wait_until(lambda: _over(spectator), None)
            except TimeoutError:
                raise GaveUp(f"timed out after {args.timeout:g} s (--timeout)") from None
            mirror = spectator.mirrors[None]
        standings = game.standings(msgspec.convert(mirror.view, game.View))
        if standings:
            print(f"standings: {standings}", file=out)
        outcome = mirror.outcome
        print(
            f"outcome: winners {outcome['winners']}, ranks {outcome['ranks']} ({outcome['reason']})", file=out
        )
        print(f"{mirror.version} actions", file=out, flush=True)
    return 0


async def _seat_bots(
    args: argparse.Namespace, game: Any, bot: Bot, lobby: Lobby, created: Any, ws_urls: list[str]
) -> None:
    """Fill every seat: the server's own bots for a searching bot, else one bot client per seat, played
    here until the outcome (each client moves to the next worker of ``ws_urls`` when its own stops)."""
    room = created.room
    if bot.searches:
        for seat in range(args.bots):
            await lobby.add_bot(room, seat, created.host_token, args.policy)
        return
    tokens = [(await lobby.claim(room, seat, name=f"bot {seat}")).token for seat in range(args.bots)]
    ws_url, fallbacks = ws_urls[0], ws_urls[1:]
    players = [
        Connection(ws_url, room, [token], fallbacks=fallbacks, encoding=args.encoding) for token in tokens
    ]
    seed = hashlib.blake2b(str(args.seed).encode(), digest_size=16).digest()
    async with contextlib.AsyncExitStack() as stack:
        for conn in players:
            await stack.enter_async_context(conn)
        await asyncio.gather(*(BotPlayer(conn, game, bot, seed).run() for conn in players))


def _over(spectator: Connection) -> bool:
    mirror = spectator.mirrors.get(None)
    return mirror is not None and mirror.outcome is not None


def _print_events(msg: ServerMsg, story: Story, out: TextIO) -> None:
    if isinstance(msg, Update | Snapshot):
        for event in msg.events:
            print(f"v{event.version:<4} {describe(event.body, story)}", file=out, flush=True)
