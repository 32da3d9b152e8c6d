"""Every registered game (shipped and fixtures) passes the suite: its play-out count in CI
(`Coverage.ci_playouts`), seeded, over every declared option set at each of its seat counts, every step
checked, both leak checks, replay; fewer than 1 % ended by a guard or the step cap."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

from clients.conformance import run_game
from games.catalog import with_fixtures
from games.engine import Game

GAMES = with_fixtures()


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_conformance_playouts_in_ci_pass_every_check(game: Game[Any, Any]) -> None:
    plan = game.coverage()
    summary, playouts = run_game(game, plan.ci_playouts, base_seed=2026)
    assert [str(f) for f in summary.findings[:10]] == []
    assert summary.guard_share < 0.01
    played = {(json.dumps(p.options, sort_keys=True), p.seats) for p in playouts}
    declared = {(json.dumps(msgspec_options(game, o), sort_keys=True), n) for o, n in plan.cells()}
    assert played == declared
    counts = [
        sum((json.dumps(p.options, sort_keys=True), p.seats) == cell for p in playouts) for cell in played
    ]
    assert min(counts) >= plan.ci_playouts // len(plan.cells())


def msgspec_options(game: Game[Any, Any], options: dict[str, Any]) -> Any:
    """Options as a play-out records them: decoded, every default filled in, as JSON data."""
    return msgspec.to_builtins(game.options(options))
