"""The first seat a room's option names (`games.engine.seating`): one spelling per seat (GRE-5, IGR-1)."""

from __future__ import annotations

import pytest

from games.engine.rng import Rng
from games.engine.seating import first_seat


@pytest.mark.parametrize(("choice", "seat"), [("seat0", 0), ("0", 0), ("2", 2), ("10", 10)])
def test_gre_5_a_start_seat_is_named_one_way(choice: str, seat: int) -> None:
    assert first_seat(choice, 11, Rng(b"seed", "test"), "start") == seat


@pytest.mark.parametrize("choice", ["02", "00", "3", "seat1", ""])
def test_gre_5_a_start_seat_spelt_another_way_or_past_the_table_is_refused(choice: str) -> None:
    with pytest.raises(ValueError, match="start must be"):
        first_seat(choice, 3, Rng(b"seed", "test"), "start")
