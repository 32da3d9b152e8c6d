"""Infarkt's room options under the conformance suite: seeded play-outs of every expansion, variant
and placement mode (2 to 5 seats), every step checked, both leak checks, replay. The default options
play through tests/conformance/test_playouts.py with every registered game."""

from __future__ import annotations

from typing import Any

import pytest

from clients.conformance import run_game
from games.infarkt import GAME

OPTION_SETS: list[dict[str, Any]] = [
    {"variant": "advanced", "expansions": ["black_market"]},
    {"variant": "extreme", "expansions": ["nightlife", "family", "career"], "afterlife": True},
    {"variant": "extreme", "expansions": ["flirt", "black_market"], "sequential_placement": True},
    {"afterlife": True, "sequential_placement": True},
]


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o.get("expansions", [])) or "base")
def test_option_sets_pass_every_check(options: dict[str, Any]) -> None:
    summary, playouts = run_game(GAME, 4, base_seed=2027, options=options)
    assert [str(f) for f in summary.findings[:10]] == []
    assert summary.guarded == 0
    assert sorted(p.seats for p in playouts) == [2, 3, 4, 5]
