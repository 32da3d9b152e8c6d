"""``boardroom play gregs --bots 4`` as a subprocess: an embedded server on a free port, four bot clients
over websockets, the public log as readable lines, the outcome at the end, exit status 0."""

from __future__ import annotations

import ast
import re
import subprocess
import sys


def test_play_gregs_with_four_heuristic_bots_prints_the_log_and_outcome_and_exits_0() -> None:
    cmd = "from clients.cli import main; raise SystemExit(main())"
    args = ["play", "gregs", "--bots", "4", "--seed", "5", "--policy", "heuristic"]
    done = subprocess.run([sys.executable, "-c", cmd, *args], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stderr) == (0, "")
    lines = done.stdout.splitlines()
    assert re.fullmatch(r"room [\w-]+: gregs with 4 bots \(heuristic\)", lines[0])
    assert any(re.fullmatch(r"v\d+ +seat [0-3] revealed [A-Z][\w ]+ \([+-]\d\)", line) for line in lines)
    outcome = re.fullmatch(r"outcome: winners (\[[\d, ]+\]), ranks (\[[\d, ]+\]) \((\w+)\)", lines[-2])
    assert outcome is not None
    winners, ranks = ast.literal_eval(outcome[1]), ast.literal_eval(outcome[2])
    assert sorted(ranks)[0] == 1 and len(ranks) == 4
    assert winners == [seat for seat, rank in enumerate(ranks) if rank == 1]
    assert re.fullmatch(r"\d+ actions", lines[-1])
