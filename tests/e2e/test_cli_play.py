"""``boardroom play gregs --bots 4`` as a subprocess: an embedded server on a free port, four bot clients
over websockets, the public log as readable lines, the outcome at the end, exit status 0."""

from __future__ import annotations

import ast
import re
import subprocess
import sys

#: Gregs' standings line: four characters from the best placed, each with its seat and the rank card it
#: stands past (never "rank", which is the outcome's word), and why a curse holder at the top is second.
WHERE = r"(at the top \(past the 2 card\)|past the \d+ card|not past any card yet)"
PLACE = rf"[A-Z][a-z]+ \(seat [0-3](, curse)?\) {WHERE}"
STANDINGS = rf"standings: {PLACE}(, {PLACE}){{3}}(; the curse holder cannot win: it ranks second)?"


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
    assert any(
        re.fullmatch(r"v\d+ +seat [0-3] revealed slot \d: [A-Z][\w ]+ \([+-]\d\)", line) for line in lines
    )
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


#: A log line in the generic form (`games.engine.story`): a kind without its sentence.
GENERIC = re.compile(r"v\d+ +[a-z_]+: [a-z_]+=")


def played_log(game: str, options: str) -> list[str]:
    done = run_play(game, "--bots", "4", "--options", options)
    assert (done.returncode, done.stderr) == (0, "")
    lines = done.stdout.splitlines()
    assert [line for line in lines if GENERIC.match(line)] == []
    return lines


def test_play_grucha_tells_each_round_score_and_ends_with_the_totals() -> None:
    lines = played_log("grucha", '{"rounds": 1}')
    assert re.fullmatch(r"v1 +round 1: seat \d dealt, 56 cards in the stock, seat \d to play first", lines[1])
    told = [line.split(maxsplit=1)[1] for line in lines if line.startswith("v")]
    ends = [t for t in told if re.fullmatch(r"seat \d went out: round 1 is over \(0 points, total 0\)", t)]
    ends += [t for t in told if t == "round 1 is over: every seat passed with an empty stock"]
    shown = [t for t in told if " showed " in t]
    assert (len(ends), len(shown) + (" went out" in ends[0])) == (1, 4)
    assert all(re.fullmatch(r"seat \d showed .+: (\d+) points?, total \1", t) for t in shown)
    total = r"seat 0 \d+, seat 1 \d+, seat 2 \d+, seat 3 \d+"
    assert re.fullmatch(rf"v\d+ +round 1 is scored: {total}; totals {total}", lines[-5])
    assert re.fullmatch(r"v\d+ +match over after the set number of rounds: seats? [\d, and]+ won", lines[-4])
    assert re.fullmatch(r"standings: round 1, totals: seat \d \d+(, seat \d \d+){3}", lines[-3])
    assert any(
        re.fullmatch(r"v\d+ +seat \d laid (1 card|\d+ cards): (10|[2-9AJQK])[♠♥♦♣].*", line) for line in lines
    )


def test_play_infarkt_tells_who_survived_and_the_order_of_deaths() -> None:
    lines = played_log(
        "infarkt", '{"variant": "extreme", "expansions": ["family", "career"], "round_limit": 4}'
    )
    died = r"seat \d( \([a-z, ]+\))?"
    deaths = rf"; died: {died}(( and|, then) {died})*"
    assert re.fullmatch(rf"standings: survived: (nobody|seat \d(, seat \d)*)({deaths})?", lines[-3])
    assert any(re.fullmatch(r"v\d+ +seat \d took the event [A-Z].*", line) for line in lines)


def test_play_igranie_tells_its_story_and_the_dream_bank() -> None:
    lines = played_log("igranie", "{}")
    banked = r"([A-Z][a-z]+ \(seat \d\)|seat \d) \d+( \(died of \w+\))?"
    assert re.fullmatch(rf"standings: Dream Bank: {banked}(, {banked}){{3}}; ended: \w+", lines[-3])
    assert any(re.fullmatch(r"v\d+ +seat \d chose [A-Z][a-z]+", line) for line in lines)
    # the log's words are the catalogue's (English by default): no raw reason or resource word
    assert [line for line in lines if line.startswith("v") and re.search(r"\b[a-z]+_[a-z_]+\b", line)] == []
