"""The example third-party client (docs/examples/node-player): with nothing but the ``@boardroom/sdk``
package it creates a room of each shipped game, holds two seats against the server's bots, plays it to
the end from the prompts' choices (in JSON and in MessagePack) and tells it in the catalogue's words of
the language asked; and ``boardroom client-check`` passes every check through its adapter."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from clients.clientcheck.checks import CHECKS
from clients.sdk import Connection, Lobby
from clients.sdk.render import describe
from games.engine.catalog import teller_of
from server.settings import Limits, Settings
from server.testing import RunningServer, running_server

ROOT = Path(__file__).resolve().parents[2]
PLAYER = ROOT / "docs" / "examples" / "node-player"

#: The player answers each prompt as soon as it comes: the public limits (10 actions a second) would
#: only make the games slower, not different.
FAST = Limits(
    actions_per_second=1000, action_burst=1000, frames_per_second=4000, frame_burst=8000,
    creates_per_second=1e6, create_burst=1e6,
)  # fmt: skip

#: game -> the language asked, the room's options (short games) and the encoding
GAMES = {
    "gregs": ("de", {"turn_limit": 30}, "json"),
    "grucha": ("pl", {"rounds": 1}, "msgpack"),
    "igranie": ("pl", {"allow_two_players": True}, "json"),
    "infarkt": ("cs", {"round_limit": 3}, "msgpack"),
}


@pytest.fixture(scope="module")
def node() -> str:
    """``node``, with the example's two packages installed (``npm ci``: the SDK linked from the
    checkout, ``ws`` as its lockfile pins it)."""
    found, npm = shutil.which("node"), shutil.which("npm")
    if found is None or npm is None:
        pytest.skip("Node.js and npm are needed for the example client")
    installed = PLAYER / "node_modules" / ".package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < (PLAYER / "package-lock.json").stat().st_mtime:
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=PLAYER, check=True, capture_output=True)
    return found


@pytest.fixture(scope="module")
def server() -> Iterator[RunningServer]:
    with running_server(Settings(limits=FAST)) as running:
        yield running


def expected_log(story: Any, bodies: list[Any]) -> list[str]:
    """The public log as the Python SDK's renderer tells it from the same catalogue."""
    return [describe(body, story) for body in bodies]


def seats_named(words: dict[str, str], seats: list[int]) -> str:
    """Seats as the catalogue's list words join them: ``miejsce 1``, ``místa 0 a 1``."""
    if len(seats) < 2:
        return " ".join(f"{words['seat']} {s}" for s in seats)
    return f"{words['seats']} {', '.join(map(str, seats[:-1]))} {words['and']} {seats[-1]}"


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_the_example_plays_each_game_to_its_end_in_the_catalogue_s_words(
    game: str, node: str, server: RunningServer
) -> None:
    lang, options, encoding = GAMES[game]
    args = ["--url", server.url, "--game", game, "--lang", lang, "--seats", "2", "--seed", "7"]
    args += ["--options", msgspec.json.encode(options).decode(), "--encoding", encoding, "--public-log"]
    done = subprocess.run([node, "player.mjs", *args], cwd=PLAYER, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    lines = done.stdout.splitlines()
    name, room, served = lines[0].split(" ")
    assert (name, served) == (game, lang)

    async with Lobby(server.url) as lobby:
        info = await lobby.room(room)
        doc = await lobby.catalog(game, lang)
        log = [line.body for line in await lobby.log(room)]
    assert info.status == "finished"
    players = 3 if game == "gregs" else 2  # the fewest seats each game takes with these options
    assert [(s.name, s.bot) for s in info.seats] == [("node-player", None)] * 2 + [
        (s.name, "random") for s in info.seats[2:]
    ]
    assert len(info.seats) == players
    async with Connection(server.ws_url, room) as spectator:
        outcome = msgspec.to_builtins(spectator.mirrors[None].outcome)

    seat = doc.list_words["seat"]
    prompts = [line[2:] for line in lines if line.startswith("> ")]
    assert prompts and all(re.match(rf"{seat} [01]: ", p) for p in prompts), prompts[:5]
    # every kind of a prompt is named by its catalogue entry
    kinds = {kind for p in prompts for kind in p.split(": ", 1)[1].split(" -> ")[0].split(" | ")}
    assert kinds <= {e.name for key, e in doc.entries.items() if key.startswith("choice.")}, kinds

    end = doc.entries.get(f"end.{outcome['reason']}", doc.entries.get("phase.over"))
    told_end = f"{end.name if end else outcome['reason']}: {seats_named(doc.list_words, outcome['winners'])}"
    assert [line for line in lines if line.startswith("= ")] == [f"= {told_end}"]

    told = [line[2:] for line in lines if line.startswith("| ")]
    expected = expected_log(teller_of(doc), log)
    assert len(told) == len(log) > 10
    # every event is a sentence of the story, word for word as the Python SDK tells it from the same
    # catalogue: a row naming a field the server derives (Gregs' moves, Infarkt's options taken) by
    # its plain sentence, never the generic `kind: field=value` line
    assert [(b, e) for e, b in zip(expected, log, strict=True) if e.startswith(f"{b['kind']}: ")] == []
    assert [(t, e) for t, e in zip(told, expected, strict=True) if t != e] == []


async def test_the_example_joins_a_room_made_elsewhere_and_plays_its_free_seats(
    node: str, server: RunningServer
) -> None:
    async with Lobby(server.url) as lobby:
        made = await lobby.create_room("gregs", 3, options={"turn_limit": 10})
        await lobby.add_bot(made.room, 0, made.host_token, "random")
        args = ["--url", server.url, "--room", made.room, "--seats", "2", "--lang", "fr"]
        done = subprocess.run(
            [node, "player.mjs", *args], cwd=PLAYER, capture_output=True, text=True, timeout=60
        )
        assert (done.returncode, done.stderr) == (0, "")
        info = await lobby.room(made.room)
    lines = done.stdout.splitlines()
    assert lines[0] == f"gregs {made.room} en"  # no French catalogue: English is served
    assert info.status == "finished"
    assert [(s.name, s.bot) for s in info.seats] == [
        (None, "random"),
        ("node-player", None),
        ("node-player", None),
    ]
    prompted = {line.split(":")[0] for line in lines if line.startswith("> ")}
    assert prompted == {"> seat 1", "> seat 2"}
    assert len([line for line in lines if line.startswith("= ")]) == 1


def test_client_check_passes_every_check_through_the_example_s_adapter(node: str) -> None:
    cmd = [sys.executable, "-c", "from clients.cli import main; raise SystemExit(main())", "client-check"]
    adapter = f"{node} {PLAYER / 'adapter.mjs'}"
    done = subprocess.run([*cmd, "--adapter", adapter], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    verdicts = re.findall(r"^(PASS|FAIL|SKIP) ([a-z-]+): ", done.stdout, re.MULTILINE)
    assert verdicts == [("PASS", name) for name, _, _ in CHECKS]
    assert [name for _, name in verdicts] == [
        "patches",
        "gap-sync",
        "repeats-ignored",
        "epoch-snapshot",
        "resume",
        "resend-same-id",
        "duplicate-ack",
        "names-prompt",
        "stale-prompt",
        "ack-in-update",
        "ack-frame",
        "msgpack",
        "retryable-closes",
        "final-closes",
        "retry-after",
    ]
    assert done.stdout.splitlines()[0] == "checking node-player"
    assert done.stdout.rstrip().endswith("15 passed, 0 failed, 0 skipped")
