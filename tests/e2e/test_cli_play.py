"""``boardroom play gregs --bots 4`` as a subprocess: an embedded server on a free port, four bot clients
over websockets, the public log as readable lines, the outcome at the end, exit status 0."""

from __future__ import annotations

import ast
import re
import subprocess
import sys

#: Gregs' standings line: four characters from the best placed, each with its seat and its rank card.
PLACE = r"[A-Z][a-z]+ \(seat [0-3](, curse)?\) (past|before) rank \d+"
STANDINGS = rf"standings: {PLACE}(, {PLACE}){{3}}"


def run_play(*args: str) -> subprocess.CompletedProcess[str]:
    cmd = "from clients.cli import main; raise SystemExit(main())"
    return subprocess.run(
        [sys.executable, "-c", cmd, "play", *args], capture_output=True, text=True, timeout=120
    )


def test_play_gregs_with_four_heuristic_bots_prints_the_log_and_outcome_and_exits_0() -> None:
    done = run_play("gregs", "--bots", "4", "--seed", "5", "--policy", "heuristic")
    assert (done.returncode, done.stderr) == (0, "")
    lines = done.stdout.splitlines()
    assert re.fullmatch(r"room [\w-]+: gregs with 4 bots \(heuristic\)", lines[0])
    assert re.fullmatch(STANDINGS, lines[-3])
    assert any(re.fullmatch(r"v\d+ +seat [0-3] revealed [A-Z][\w ]+ \([+-]\d\)", line) for line in lines)
    outcome = re.fullmatch(r"outcome: winners (\[[\d, ]+\]), ranks (\[[\d, ]+\]) \((\w+)\)", lines[-2])
    assert outcome is not None
    winners, ranks = ast.literal_eval(outcome[1]), ast.literal_eval(outcome[2])
    assert sorted(ranks)[0] == 1 and len(ranks) == 4
    assert winners == [seat for seat, rank in enumerate(ranks) if rank == 1]
    assert re.fullmatch(r"\d+ actions", lines[-1])


def test_search_bots_are_the_servers_own_and_play_with_the_options_given() -> None:
    """``--policy search`` seats the server's bots (they think in its process pool); ``--options`` sets
    GRE-21's turn limit, so the game ends by the guard after two turns."""
    done = run_play("gregs", "--bots", "4", "--policy", "search", "--options", '{"turn_limit": 2}')
    assert (done.returncode, done.stderr) == (0, "")
    lines = done.stdout.splitlines()
    assert re.fullmatch(r"room [\w-]+: gregs with 4 bots \(search\)", lines[0])
    assert re.fullmatch(STANDINGS, lines[-3])
    assert re.fullmatch(r"outcome: winners \[\d\], ranks \[[\d, ]+\] \(turn_limit\)", lines[-2])
