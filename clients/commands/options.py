"""``--options JSON`` of the commands that start games: parsed and checked against the game's options."""

from __future__ import annotations

import json
from typing import Any

import msgspec

from games.engine import Match


class OptionsError(Exception):
    """``--options`` that the game refuses; the message is the one line a command prints."""


def game_options(game: Any, text: str | None, seats: int) -> dict[str, Any]:
    """The options ``text`` gives (a JSON object; ``None``: the defaults) as checked JSON data, with
    which a table of ``seats`` seats can be set up (a dry run, as the lobby does at room creation).

    Raises `OptionsError` naming the fault: not JSON, not an object, refused by the game's ``Options``
    (the message names the JSON path, ``$.turn_limit``) or by its setup.
    """
    try:
        data = json.loads(text) if text is not None else {}
    except ValueError as exc:
        raise OptionsError(f"--options is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise OptionsError(f"--options must be a JSON object, not {type(data).__name__}")
    try:
        Match(game, seats, game.options(data), b"options")
    except (msgspec.ValidationError, ValueError) as exc:
        raise OptionsError(f"--options refused by {game.id}: {exc}") from None
    return data
