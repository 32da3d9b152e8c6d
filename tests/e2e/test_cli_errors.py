"""``boardroom play`` mistakes a tester made: a seat count the game cannot seat printed a traceback, and a
``ws://`` URL became ``wsws://`` and hung. Now: one line on stderr, exit 2; http(s) and ws(s) URLs."""

from __future__ import annotations

import argparse
import io
import socket

import httpx
import pytest

from clients.cli import main
from clients.commands.play import UsageError, play, server_urls
from games.catalog import shipped, with_fixtures
from server.settings import Settings

from .conftest import Server, running_server

#: The shipped games as the command lists them.
SHIPPED = ", ".join(sorted(shipped()))


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("http://127.0.0.1:8000", ("http://127.0.0.1:8000", "ws://127.0.0.1:8000/ws")),
        ("http://127.0.0.1:8000/", ("http://127.0.0.1:8000", "ws://127.0.0.1:8000/ws")),
        ("ws://127.0.0.1:8000", ("http://127.0.0.1:8000", "ws://127.0.0.1:8000/ws")),
        ("ws://127.0.0.1:8000/ws", ("http://127.0.0.1:8000", "ws://127.0.0.1:8000/ws")),
        ("wss://play.example", ("https://play.example", "wss://play.example/ws")),
        ("HTTPS://play.example/", ("https://play.example", "wss://play.example/ws")),
    ],
)
def test_a_server_url_may_be_http_or_ws(url: str, expected: tuple[str, str]) -> None:
    assert server_urls(url) == expected


@pytest.mark.parametrize("url", ["127.0.0.1:8000", "ftp://host", "http://"])
def test_another_url_is_a_usage_error(url: str) -> None:
    with pytest.raises(UsageError, match="--url must be http"):
        server_urls(url)


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["play", "gregs", "--bots", "2"], "boardroom play: gregs seats 3 to 6 players, not --bots 2\n"),
        (["play", "chess"], f"boardroom play: no game 'chess'; choose one of {SHIPPED}\n"),
        (
            ["play", "gregs", "--policy", "genius"],
            "boardroom play: no bot policy 'genius' for gregs; "
            "choose from heuristic, random, search, search-heuristic\n",
        ),
        (
            ["play", "gregs", "--options", '{"turn_limit": 0}'],
            "boardroom play: --options refused by gregs: Expected `int` >= 1 - at `$.turn_limit`\n",
        ),
        (
            ["play", "gregs", "--options", "[1]"],
            "boardroom play: --options must be a JSON object, not list\n",
        ),
        (
            ["play", "gregs", "--bots", "3", "--options", '{"start": "5"}'],
            "boardroom play: --options refused by gregs: "
            "start must be 'seat0', 'random' or a seat number below 3, got '5'\n",
        ),
        (
            ["play", "gregs", "--url", "ftp://x"],
            "boardroom play: --url must be http(s)://host:port or ws(s)://host:port, got 'ftp://x'\n",
        ),
    ],
)
def test_a_bad_argument_prints_one_line_and_exits_2(
    argv: list[str], line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err == line


async def test_play_against_a_ws_url(server: Server) -> None:
    args = argparse.Namespace(
        game="gregs",
        bots=3,
        url=[server.ws],
        seed="1",
        policy="random",
        encoding="json",
        timeout=60.0,
        options=None,
    )
    out = io.StringIO()
    assert await play(args, out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].endswith(": gregs with 3 bots (random)") and lines[-1].endswith(" actions")


def test_an_unreachable_server_prints_one_line_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))  # bound, never listening: connections are refused
    port = sock.getsockname()[1]
    try:
        assert main(["play", "gregs", "--bots", "3", "--url", f"http://127.0.0.1:{port}"]) == 2
    finally:
        sock.close()
    err = capsys.readouterr().err
    assert err.startswith("boardroom play: cannot reach the server: ") and err.count("\n") == 1


def test_a_game_over_its_timeout_prints_the_cause_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "gregs", "--bots", "3", "--timeout", "0.01"]) == 2
    err = capsys.readouterr().err
    assert err == "boardroom play: timed out after 0.01 s (--timeout)\n"


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("http://:abc", "the port is a number from 1 to 65535"),
        ("http://127.0.0.1:99999", "the port is a number from 1 to 65535"),
        ("http://[::1", "an IPv6 address opened with [ is not closed"),
        ("http://user:secret@127.0.0.1:8000", "no user part: the server takes no credentials in its URL"),
        (
            "http://127.0.0.1:8000,http://127.0.0.1:8001",
            "one server per --url (repeat --url for fallbacks)",
        ),
        ("ws://:8000", "no host"),
    ],
)
def test_a_malformed_url_is_one_line_and_leaves_no_room_behind(
    server: Server, url: str, problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Given after a good URL too (a fallback): nothing is created before every URL was read."""
    before = httpx.get(server.http + "/api/rooms").json()
    assert main(["play", "gregs", "--bots", "3", "--url", server.http, "--url", url]) == 2
    assert capsys.readouterr().err == f"boardroom play: --url {url!r}: {problem}\n"
    assert httpx.get(server.http + "/api/rooms").json() == before


def test_a_game_the_server_does_not_host_is_named_with_those_it_does(
    server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "fixture-commit", "--bots", "3", "--url", server.http]) == 2
    assert (
        capsys.readouterr().err
        == f"boardroom play: the server hosts no game 'fixture-commit'; choose one of {SHIPPED}\n"
    )


async def test_play_a_fixture_game_hosted_by_a_fixtures_server() -> None:
    args = argparse.Namespace(
        game="fixture-commit", bots=3, seed="1", policy="random", encoding="json", timeout=60.0, options=None
    )
    with running_server(Settings(), games=with_fixtures()) as fixtures:
        args.url = [fixtures.http]
        out = io.StringIO()
        assert await play(args, out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].endswith(": fixture-commit with 3 bots (random)") and lines[-1].endswith(" actions")
