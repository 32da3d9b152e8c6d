"""Infarkt's room options under the conformance suite: seeded play-outs of every expansion, variant
and placement mode, every step checked, both leak checks, replay. The default options play through
tests/conformance/test_playouts.py with every registered game."""

from __future__ import annotations

from typing import Any

import pytest

from clients.conformance import play_out, playout_seed
from games.infarkt import GAME

#: Each option set with the seat counts it is played at (together every count 2 to 5).
OPTION_SETS: list[tuple[dict[str, Any], tuple[int, int]]] = [
    ({"variant": "advanced", "expansions": ["black_market"]}, (3, 5)),
    ({"variant": "extreme", "expansions": ["nightlife", "family", "career"], "afterlife": True}, (4, 5)),
    ({"variant": "extreme", "expansions": ["flirt", "black_market"], "sequential_placement": True}, (2, 4)),
    ({"afterlife": True, "sequential_placement": True}, (3, 5)),
]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("options", "seats"),
    OPTION_SETS,
    ids=lambda o: "+".join(o.get("expansions", [])) or "base" if isinstance(o, dict) else "",
)
def test_option_sets_pass_every_check(options: dict[str, Any], seats: tuple[int, int]) -> None:
    for index, count in enumerate(seats):
        playout = play_out(GAME, count, playout_seed(2027, GAME.id, index), options)
        assert [str(f) for f in playout.findings[:10]] == []
        assert not playout.guarded and playout.steps > 0
