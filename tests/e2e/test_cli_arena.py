"""``boardroom arena``: bad arguments print one line and exit 2 (as ``play``); repeated ``--bots`` add
seats."""

from __future__ import annotations

import re

import pytest

from clients.cli import main
from clients.commands.arena import run_arena, run_parallel
from games.catalog import shipped
from games.fixtures.commit import GAME as COMMIT


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nosuch"], f"no game 'nosuch'; choose one of {', '.join(sorted(shipped()))}"),
        (["gregs", "--games", "0"], "--games must be at least 1, not 0"),
        (["gregs", "--bots", "random"], "gregs seats 3 to 6 players, not 1 (--bots random)"),
        (
            ["gregs", "--bots", "random,clever,random"],
            "no bot policy clever for gregs; choose from heuristic, random, search, search-heuristic",
        ),
        (["gregs", "--bots", "search,random", "--seats", "1"], "--seats 1 is fewer than the 2 bots named"),
        (
            ["gregs", "--seats", "7", "--bots", "random"],
            "gregs seats 3 to 6 players, not 7 (--bots " + ",".join(["random"] * 7) + ")",
        ),
        (
            ["gregs", "--options", "{"],
            "--options is not JSON: "
            "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
        ),
        (
            ["gregs", "--options", '{"offer_cut": 3}'],
            "--options refused by gregs: Expected `bool`, got `int` - at `$.offer_cut`",
        ),
        (["gregs", "--jobs", "0"], "--jobs must be at least 1, not 0"),
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


def test_seats_past_the_bots_named_are_random_and_think_time_is_reported(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["arena", "gregs", "--games", "2", "--seed", "ci", "--bots", "heuristic", "--seats", "3"]
    argv += ["--options", '{"offer_cut": true}']
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "gregs: 2 games, seats heuristic,random,random, seed 'ci'"
    assert lines[4] == "  think per decision (p50 / p95):"
    assert re.fullmatch(r"  heuristic +\d+ decisions  nodes +0 / +0  ms +[\d.]+ / +[\d.]+", lines[5])
    assert re.fullmatch(r"  random +\d+ decisions  nodes +0 / +0  ms +[\d.]+ / +[\d.]+", lines[6])


def test_a_search_bot_reports_the_nodes_it_spent() -> None:
    tally = run_arena(shipped()["gregs"], ["search", "random", "random"], 1, "ci", {"turn_limit": 2})
    spent = tally.nodes["search"]
    assert set(spent) <= {0, 1500} and 1500 in spent
    assert tally.nodes["random"] and set(tally.nodes["random"]) == {0}


def test_every_prompted_seat_may_act_first() -> None:
    """fixture-commit prompts every seat at once each round: who commits first is drawn, not seat 0."""
    from clients.commands.arena import play, policies_of

    random = policies_of(COMMIT)["random"]
    firsts = []
    for n in range(4):
        _, match = play(COMMIT, [random] * 3, COMMIT.options(), f"order-{n}".encode())
        firsts += [match.log[i].seat for i in range(0, len(match.log), 3)]
    assert sorted(set(firsts)) == [0, 1, 2]


def test_the_games_split_over_processes_give_the_same_results() -> None:
    game = shipped()["gregs"]
    alone = run_parallel(game, ["heuristic", "random", "random"], 8, "ci", {}, True, 1)
    split = run_parallel(game, ["heuristic", "random", "random"], 8, "ci", {}, True, 2)
    assert (split.games, split.wins, split.actions, split.nodes) == (
        8,
        alone.wins,
        alone.actions,
        alone.nodes,
    )


def test_a_games_own_figures_are_summed_and_printed_with_their_share(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tally = run_arena(shipped()["igranie"], ["heuristic"] * 3, 2, "ci")
    assert tally.counts["rent rounds"] >= 2
    assert sum(n for k, n in tally.counts.items() if k.startswith("ended ")) == 2
    argv = ["arena", "igranie", "--games", "2", "--seed", "ci", "--bots", "heuristic,heuristic,heuristic"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3] == "  the game's figures (count, per game):"
    rent = next(line for line in lines if line.startswith("  rent rounds "))
    assert re.fullmatch(rf"  rent rounds +{tally.counts['rent rounds']} +\d+\.\d%", rent)
    assert main(["arena", "gregs", "--games", "1", "--seed", "ci"]) == 0
    assert "the game's figures" not in capsys.readouterr().out


def test_the_default_table_seats_the_games_own_bot_first() -> None:
    """Grucha declares ``greedy``, not ``heuristic``: the default table seats it (it was refused)."""
    from clients.commands.arena import best_of

    assert [best_of(shipped()[g]) for g in ("gregs", "grucha", "igranie", "infarkt")] == [
        "heuristic",
        "greedy",
        "heuristic",
        "heuristic",
    ]
