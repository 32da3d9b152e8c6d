"""Every registered game (shipped and fixtures) passes the suite: 300 seeded play-outs over every seat
count, every step checked, both leak checks, replay; fewer than 1 % ended by a guard or the step cap."""

from __future__ import annotations

from typing import Any

import pytest

from clients.conformance import run_game
from games.catalog import with_fixtures
from games.engine import Game

PLAYOUTS = 300
#: Games whose full suite runs slower than the others keep their share of the budget with fewer
#: play-outs (Infarkt: ~100 checked steps per second, ~280 steps a game: 20 play-outs in ~60 s).
PLAYOUTS_OF = {"infarkt": 20}
GAMES = with_fixtures()


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_conformance_300_playouts_pass_every_check(game: Game[Any, Any]) -> None:
    playouts_wanted = PLAYOUTS_OF.get(game.id, PLAYOUTS)
    summary, playouts = run_game(game, playouts_wanted, base_seed=2026)
    assert [str(f) for f in summary.findings[:10]] == []
    assert summary.guard_share < 0.01
    counts = {n: sum(p.seats == n for p in playouts) for n in range(game.min_seats, game.max_seats + 1)}
    assert min(counts.values()) >= playouts_wanted // len(counts)
