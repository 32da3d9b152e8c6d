"""Issue 21, point 6: each game's declared seat ranges (`Game.seat_ranges`, what ``GET /api/games`` lists and
the lobby checks) are exactly what its ``setup`` takes; its free-form examples decode."""

from __future__ import annotations

from typing import Any

import pytest

from games.catalog import with_fixtures
from games.engine import FreeForm, Game, IllegalAction, SeatRange
from games.engine.match import setup_ctx

GAMES = with_fixtures()


def seats(game: Game[Any, Any], declared: SeatRange, count: int) -> bool:
    try:
        game.setup(count, game.options(declared.options), setup_ctx(b"seats"))
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_setup_takes_exactly_the_declared_seat_counts_of_each_option_set(game_id: str) -> None:
    game = GAMES[game_id]
    for declared in game.declared_seats():
        assert game.seats_for(game.options(declared.options)) == (declared.min, declared.max)
        taken = [n for n in range(1, game.max_seats + 3) if seats(game, declared, n)]
        assert taken == list(range(declared.min, declared.max + 1)), declared


def test_igr_1_two_seats_only_with_the_two_player_variant() -> None:
    game = GAMES["igranie"]
    assert game.seats_for(game.options({})) == (3, 5)
    assert game.seats_for(game.options({"allow_two_players": True})) == (2, 5)
    assert (game.min_seats, game.max_seats) == (2, 5)


def test_a_free_form_example_must_be_an_action_of_its_kind() -> None:
    """`Game.free_form` examples are decoded when the game is built: a wrong one never reaches a client."""
    meld = type(GAMES["fixture-meld"])
    wrong = type("Wrong", (meld,), {"free_form": {"submit": FreeForm("", {"kind": "pass"})}})
    with pytest.raises(ValueError, match="the free-form example of 'submit' is a 'pass'"):
        wrong()
    broken = type("Broken", (meld,), {"free_form": {"submit": FreeForm("", {"kind": "submit"})}})
    with pytest.raises(IllegalAction):
        broken()
