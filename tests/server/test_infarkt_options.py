"""Infarkt's options as a room reads them (INF-27): the implied variant is stored, a disagreeing one
refused at its path within the request."""

from __future__ import annotations

import pytest

from games.infarkt import GAME
from server.errors import Refused
from server.lobby.lobby import checked_options


def test_inf27_a_room_is_refused_at_the_option_path_and_stores_the_implied_variant() -> None:
    with pytest.raises(Refused) as caught:
        checked_options(GAME, 4, {"variant": "base", "expansions": ["family", "career"]})
    assert caught.value.code == "request/invalid"
    assert caught.value.message.endswith(" - at `$.options.variant`")
    stored = checked_options(GAME, 4, {"expansions": ["family", "career"]})
    assert stored["variant"] == "extreme"
