"""Readable lines for a public event log (``seat 2 revealed Plaster Cast (+2)``), for people and the CLI.

Events are JSON data tagged by ``kind`` (or ``type``); known kinds have a sentence, any other kind is
printed as ``kind: field=value ...``. Card and character ids (``act-plaster-cast-1``, ``chr-greg``) are
shown by name (``Plaster Cast``, ``Greg``).
"""

from __future__ import annotations

import re
from typing import Any

_ID = re.compile(r"^(?:act|chr|rank|card)-(?P<name>.+?)(?:-\d+)?$")

_SENTENCES: dict[str, str] = {
    "chosen": "seat {seat} chose {character}",
    "row_built": "the row is {row}",
    "fan_built": "seat {active} faces a fan of {slots} cards ({drawn} fresh)",
    "reshuffled": "the discard pile ({cards} cards) becomes the draw pile",
    "cut": "seat {seat} cut the fan at {position}",
    "revealed": "seat {seat} revealed {card} ({value:+d})",
    "moved": "seat {seat} moved {by:+d} places ({start} -> {end})",
    "curse_passed": "the curse passes from seat {source} to seat {target} ({reason})",
    "discarded": "{count} card(s) discarded",
    "timed_out": "seat {seat} timed out ({default})",
    "last_round": "seat {seat} reached the top: last round",
    "game_end": "game over ({reason}): winners {winners}, ranks {ranks}",
}


def name_of(value: Any) -> Any:
    """A card or character id as its name (``act-plaster-cast-2`` -> ``Plaster Cast``); else unchanged."""
    if isinstance(value, str):
        match = _ID.match(value)
        if match:
            return match["name"].replace("-", " ").title()
        if value == "cheese":
            return "Stinky Cheese"
    if isinstance(value, list):
        return ", ".join(str(name_of(v)) for v in value)
    return value


def describe(body: Any) -> str:
    """One line for one event body (a dict with ``kind`` or ``type``)."""
    if not isinstance(body, dict):
        return str(body)
    kind = str(body.get("kind", body.get("type", "?")))
    fields = {k: v for k, v in body.items() if k not in ("kind", "type")}
    template = _SENTENCES.get(kind)
    if template is not None:
        named = {k: v if k in ("ranks", "winners") else name_of(v) for k, v in fields.items()}
        if isinstance(fields.get("cards"), list):
            named.setdefault("count", len(fields["cards"]))
        try:
            return template.format(**named)
        except (KeyError, ValueError, TypeError):
            pass  # another game's event of the same kind: fall back to the generic line
    return f"{kind}: " + " ".join(f"{k}={name_of(v)}" for k, v in fields.items())
