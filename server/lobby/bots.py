"""The bot policies a room of a game may seat, which of them the lobby suggests, and the refusal of any
other (docs/api.md, "Fields": ``bots``, ``best_bot``, ``leaver_bot``)."""

from __future__ import annotations

from typing import Any

from games.engine.bots import entry
from games.engine.plugin import Game
from games.engine.thinking import bots_of
from server.errors import Refused

#: The engine's search, the best bot of a game that has no plain bot of its own.
SEARCH = "search"


def bot_names(game: Game[Any, Any]) -> list[str]:
    """``game``'s bot policies, ``random`` first then by name (``GET /api/games`` ``bots``)."""
    return ["random", *sorted(set(bots_of(game)) - {"random"})]


def best_bot(game: Game[Any, Any]) -> str:
    """The policy the lobby offers first and a conceded seat gets: the first plain (not searching) bot
    the game declares besides ``random`` (iGranie's, Gregs' and Infarkt's ``heuristic``, Grucha's
    ``greedy``), else the engine's ``search``. A searching bot of the game's own (Gregs'
    ``search-heuristic``) is not preferred: it thinks far longer for each move of a live table."""
    own = (name for name, value in game.bots().items() if name != "random" and entry(value).search is None)
    return next(own, SEARCH)


def check_policy(game: Game[Any, Any], policy: str, path: str) -> None:
    """Raises `Refused` ``request/invalid`` unless ``policy`` is one of ``game``'s bots: the message ends
    with the body's JSON ``path`` (``$.policy``, ``$.leaver_bot``), and ``details`` give ``path``,
    ``bots`` (`bot_names`) and ``error`` (the message)."""
    if policy in bots_of(game):
        return
    names = bot_names(game)
    message = f"no bot policy {policy!r} (the game has {', '.join(names)}) - at `{path}`"
    raise Refused("request/invalid", message, {"error": message, "path": path, "bots": names})
