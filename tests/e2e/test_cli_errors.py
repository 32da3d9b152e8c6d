"""``boardroom play`` mistakes a tester made: a seat count the game cannot seat printed a traceback, and a
``ws://`` URL became ``wsws://`` and hung. Now: one line on stderr, exit 2; http(s) and ws(s) URLs."""

from __future__ import annotations

import argparse
import io
import socket

import pytest

from clients.cli import main
from clients.commands.play import UsageError, play, server_urls

from .conftest import Server


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
        (["play", "chess"], "boardroom play: no game 'chess'; choose one of gregs\n"),
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
        url=server.ws,
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
