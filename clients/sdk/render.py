"""Readable lines for a public event log (``seat 2 revealed slot 0: Plaster Cast (+2)``), for people
and the CLI.

Events are JSON data tagged by ``kind`` (or ``type``). Each game declares its sentences as data
(`games.engine.story`, ``Game.story``): a kind with a sentence reads as that sentence, with card and
character ids shown by name and seats by the caller's ``seat_name`` (``you``, ``Ann``; without one
``seat 2``); any other kind is printed as ``kind: field=value ...``. Without a story
every event gets the generic line, so one game's sentence never tells another game's event.
"""

from __future__ import annotations

from typing import Any

from games.engine.story import SeatName, Story

_PLAIN = Story()


def describe(body: Any, story: Story | None = None, seat_name: SeatName | None = None) -> str:
    """One line for one event body (a dict with ``kind`` or ``type``), told by ``story`` (a game's
    ``Game.story``; ``None``: the generic line only), its seats named by ``seat_name`` (a seat number
    to its name, `games.engine.story.SeatName`; ``None``: ``seat 2`` in the story's words)."""
    return (story or _PLAIN).describe(body, seat_name)
