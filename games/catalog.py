"""The games that ship, registered at import; the test fixtures are registered only on request."""

from __future__ import annotations

from typing import Any

from games.engine.plugin import Game
from games.engine.registry import all_games, register


def shipped() -> dict[str, Game[Any, Any]]:
    """The shipped games, registered once, by id."""
    from games import gregs, grucha, igranie, infarkt

    for game in (gregs.GAME, grucha.GAME, igranie.GAME, infarkt.GAME):
        if game.id not in all_games():
            register(game)
    return {g: v for g, v in all_games().items() if not g.startswith("fixture-")}


def with_fixtures() -> dict[str, Game[Any, Any]]:
    """The shipped games and the fixture games (ids ``fixture-*``) the tests and benchmarks use."""
    from games import fixtures

    shipped()
    for game in fixtures.GAMES:
        if game.id not in all_games():
            register(game)
    return all_games()
