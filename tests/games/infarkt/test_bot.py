"""Infarkt's bots: the engine's random policy and the game's ``heuristic`` play whole games through
every prompt; the heuristic uses medicines in danger, parties when it hurts the neighbours, and beats
random players; `stats.ending` reads how a game ended."""

from __future__ import annotations

from clients.commands.arena import play, run_arena
from games.engine import Bot, Rng
from games.infarkt import GAME
from games.infarkt.bot import heuristic
from games.infarkt.stats import Ending, ending, measure, pace
from tests.games.infarkt.helpers import (
    BEER,
    CIGARETTES,
    COFFEE,
    HEADCHEESE,
    JUICE,
    STATINS,
    TOFU,
    empty_hands,
    give,
    prompts,
    table,
    tracks,
    visit,
)


def test_the_heuristic_is_offered_beside_random() -> None:
    assert set(GAME.bots()) == {"heuristic"}


def test_the_heuristic_uses_a_medicine_when_its_track_is_in_danger() -> None:
    match = table(3)
    state = visit(match, 0, "work")
    empty_hands(state)
    give(state, 0, STATINS)
    state.players[0].tracks = tracks(cholesterol=6)
    prompt = prompts(match)[0]
    assert heuristic(GAME.view(match.state, 0), prompt, Rng(b"b", "0")) == {
        "kind": "medicine",
        "card": STATINS,
    }
    match.state.players[0].tracks = tracks(cholesterol=2)
    assert heuristic(GAME.view(match.state, 0), prompts(match)[0], Rng(b"b", "0"))["value"] == "work"


def test_the_heuristic_throws_a_party_when_it_can_kill_a_neighbour() -> None:
    match = table(3)
    state = visit(match, 0, "home")
    empty_hands(state)
    give(state, 0, HEADCHEESE, COFFEE)
    state.players[1].tracks = tracks(cholesterol=8)
    action = heuristic(GAME.view(match.state, 0), prompts(match)[0], Rng(b"b", "0"))
    assert action["value"] in ("B", "rest_B")
    match.state.players[1].tracks = [0] * 6
    empty_hands(match.state)
    give(match.state, 0, TOFU, JUICE)
    healthy = heuristic(GAME.view(match.state, 0), prompts(match)[0], Rng(b"b", "0"))
    assert healthy["value"] not in ("B", "rest_B")  # serving them would help the guests
    give(match.state, 0, CIGARETTES, BEER)
    cancer = heuristic(GAME.view(match.state, 0), prompts(match)[0], Rng(b"b", "0"))
    assert cancer["value"] in ("B", "rest_B")  # cancer grows every round (INF-18)


def test_heuristic_and_random_games_end_with_a_winner() -> None:
    tally = run_arena(GAME, ["heuristic", "random", "random"], 12, "bot-test")
    assert tally.games == 12 and tally.guarded == 0
    assert tally.wins["heuristic"] >= 10


def test_ending_reads_survivors_and_deaths_by_track() -> None:
    outcome, _ = play(GAME, [Bot(heuristic)] * 3, GAME.options({"round_limit": 3}), b"end")
    assert outcome.guard and outcome.reason == "round_limit"
    state = table(3).state
    state.players[0].died, state.players[0].tracks = 1, tracks(depression=10, obesity=10)
    state.players[2].died, state.players[2].tracks = 2, tracks(cancer=10, pressure=10)
    state.phase, state.round = "over", 7
    assert ending(state) == Ending([1], {"depression": 1, "cancer": 1, "pressure": 1}, False, 7, False)


def test_measure_tallies_how_games_end() -> None:
    tally = measure(["heuristic", "random", "random"], 6, seed="tally")
    assert tally.games == 6 and sum(tally.survivors.values()) == 6
    assert sum(tally.deaths.values()) >= 2 * (6 - tally.nobody_left)
    assert tally.rounds[0] <= tally.rounds[2] and tally.steps > 0
    assert measure(["heuristic", "random", "random"], 6, seed="tally") == tally  # seeded: the same figures


TIMERS = {"turn": 60.0, "reaction": 10.0, "setup": 60.0, "commit": 30.0, "medicine": 5.0, "family": 10.0}


def test_pace_sums_the_deadlines_of_prompts_left_to_time_out() -> None:
    figures = pace(3, TIMERS, 3, seed="pace")
    assert figures.games == 3 and figures.windows > 0
    # a round has at least the start player's event pick, the commitments (lapsing together) and three
    # figures' decisions per living seat of its own: never less than 60 + 30 seconds
    assert figures.seconds[0] >= 90
    # durations only: twice the seconds, the same games (a timeout's default does not depend on them)
    doubled = pace(3, {k: 2 * v for k, v in TIMERS.items()}, 3, seed="pace")
    assert (doubled.rounds, doubled.windows) == (figures.rounds, figures.windows)
    assert doubled.seconds == tuple(2 * s for s in figures.seconds)


def test_pace_lets_commitments_lapse_together() -> None:
    # with every class but commit at 0 s, a round lasts exactly one commit deadline, whatever the seats
    quick = dict.fromkeys(TIMERS, 0.0) | {"commit": 30.0}
    assert (
        pace(2, quick, 2, seed="commit").seconds
        == pace(5, quick, 2, seed="commit").seconds
        == (30.0, 30.0, 30.0)
    )


def test_the_heuristic_spends_spare_money_on_goods_to_serve_until_its_hand_is_full() -> None:
    match = table(3)
    state = visit(match, 0, "supermarket")
    empty_hands(state)
    state.players[0].money = 4
    assert heuristic(GAME.view(match.state, 0), prompts(match)[0], Rng(b"b", "0"))["value"] in ("B", "C")
    give(match.state, 0, *(f"goods-beer-{i}" for i in range(1, 5)), TOFU, JUICE)
    assert heuristic(GAME.view(match.state, 0), prompts(match)[0], Rng(b"b", "0"))["value"] == "none"


def test_inf17_four_heuristic_bots_end_their_games_before_the_guard() -> None:
    tally = measure(["heuristic"] * 4, 8, seed="four")
    assert (tally.guarded, sum(tally.survivors.get(n, 0) for n in (0, 1))) == (0, 8)
