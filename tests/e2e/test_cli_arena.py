"""``boardroom arena``: bad arguments print one line and exit 2 (as ``play``); repeated ``--bots`` add
seats."""

from __future__ import annotations

import pytest

from clients.cli import main
from games.catalog import shipped


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nosuch"], f"no game 'nosuch'; choose one of {', '.join(sorted(shipped()))}"),
        (["gregs", "--games", "0"], "--games must be at least 1, not 0"),
        (["gregs", "--bots", "random"], "gregs seats 3 to 6 players, not 1 (--bots random)"),
        (
            ["gregs", "--bots", "random,clever,random"],
            "no bot policy clever for gregs; choose from heuristic, random",
        ),
    ],
)
def test_bad_arena_arguments_print_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", *argv]) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", f"boardroom arena: {message}\n")


def test_repeated_bots_flags_add_seats(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "arena",
        "gregs",
        "--games",
        "2",
        "--seed",
        "ci",
        "--bots",
        "heuristic",
        "--bots",
        "random,random",
    ]
    assert main(argv) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "gregs: 2 games, seats heuristic,random,random, seed 'ci'"
