"""The registry of games by id."""

from __future__ import annotations

from typing import Any

from games.engine.plugin import Game

_GAMES: dict[str, Game[Any, Any]] = {}


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    """Add ``game`` under its id. Raises ``ValueError`` when another game already has that id."""
    if _GAMES.setdefault(game.id, game) is not game:
        raise ValueError(f"game id {game.id!r} registered twice")
    return game


def get(game_id: str) -> Game[Any, Any]:
    """The game with that id. Raises ``KeyError``."""
    return _GAMES[game_id]


def all_games() -> dict[str, Game[Any, Any]]:
    """Every registered game, by id."""
    return dict(_GAMES)
