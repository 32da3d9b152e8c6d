"""Timer classes declared by games (`Game.timers`): the engine's four, each game's own, and every prompt
naming one of its game's classes (so a room's timers, checked against them, reach every prompt)."""

from __future__ import annotations

from typing import Any

import pytest

from clients.conformance.plan import cells
from games.catalog import with_fixtures
from games.engine import Game, Match, Rng, random_policy
from games.fixtures.hands import HandsGame

GAMES = with_fixtures()


@pytest.mark.parametrize(
    ("game", "own"),
    [("gregs", {"cut", "curse"}), ("fixture-reaction", {"truce"}), ("fixture-hands", set())],
)
def test_a_games_timer_classes_are_the_engines_and_its_own(game: str, own: set[str]) -> None:
    assert GAMES[game].timer_classes() == {"turn", "reaction", "commit", "setup", *own}
    assert set(GAMES[game].timers) == own


@pytest.mark.parametrize("timers", [{"Cut": 20.0}, {"": 5.0}, {"cut": 0.0}, {"cut": -1.0}])
def test_a_badly_declared_timer_is_the_games_bug(timers: dict[str, float]) -> None:
    class Broken(HandsGame):
        pass

    Broken.timers = timers
    with pytest.raises(ValueError, match="timer"):
        Broken()


def timers_seen(game: Game[Any, Any], options: dict[str, Any]) -> set[str]:
    """The timer classes of every prompt of 20 random play-outs (up to 300 steps each)."""
    seen: set[str] = set()
    # the seat counts these options start a table at (iGranie seats 2 only with allow_two_players)
    counts = [seats for _, seats in cells(game, options)]
    for n in range(20):
        seats = counts[n % len(counts)]
        match = Match(game, seats, game.options(options), f"timers-{n}".encode())
        rng = Rng(match.seed, "bots")
        for _ in range(300):
            prompts = game.prompts(match.state)
            if not prompts:
                break
            seen |= {p.timer for p in prompts.values()}
            seat, prompt = min(prompts.items())
            match.act(seat, random_policy(game.view(match.state, seat), prompt, rng))
    return seen


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_every_prompt_names_a_timer_class_of_its_game(game: Game[Any, Any]) -> None:
    seen = timers_seen(game, {})
    assert seen and seen <= game.timer_classes()


@pytest.mark.parametrize(
    ("game", "options", "expected"),
    [
        ("gregs", {"offer_cut": True}, {"setup", "turn", "cut", "curse"}),  # README "Timeouts"
        ("fixture-reaction", {}, {"turn", "reaction", "truce"}),  # RCT-2, RCT-3, RCT-5
        ("fixture-commit", {}, {"commit"}),
    ],
)
def test_the_timer_classes_a_game_prompts_with(
    game: str, options: dict[str, Any], expected: set[str]
) -> None:
    assert timers_seen(GAMES[game], options) == expected
