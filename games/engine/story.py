"""A game's story: one sentence per event kind, as plain data, for readable logs (``seat 2 revealed
Plaster Cast (+2)``).

A story file is a data file (`games.engine.data`) whose rows are ``{"kind": <event kind>, "text":
<template>}``; the template is a `str.format` template over the event's fields (``"seat {seat} revealed
{card} ({value:+d})"``). It is checked at load against the game's ``EventBody`` union: every kind must be
an event of the game, given once, and every template must format an event of that kind (its field
names, its format specs). Ids a game names (cards, characters) are shown by their display names: a
string field, or every string of a list of strings, found in the story's ``names``.
"""

from __future__ import annotations

import re
import string
import typing
from collections.abc import Mapping
from typing import Any

import msgspec
from msgspec import inspect

from games.engine.data import DataError, load_rows


class StoryLine(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One row of a story file: the event ``kind`` and its sentence ``text`` (a `str.format` template)."""

    kind: str
    text: str


class Story:
    """Sentences by event kind (``lines``) and display names by id (``names``); both may be empty."""

    __slots__ = ("lines", "names")

    def __init__(self, lines: Mapping[str, str] | None = None, names: Mapping[str, str] | None = None):
        self.lines = dict(lines or {})
        self.names = dict(names or {})

    def shown(self, value: Any) -> Any:
        """``value`` with ids replaced by their names (a list of strings joined by ``", "``)."""
        if isinstance(value, str):
            return self.names.get(value, value)
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            return ", ".join(str(self.names.get(v, v)) for v in value)
        return value

    def describe(self, body: Any) -> str:
        """One line for one event body (JSON data tagged ``kind``): its sentence, else
        ``kind: field=value ...`` (also when the body does not fit its sentence)."""
        if not isinstance(body, dict):
            return str(body)
        kind = str(body.get("kind", body.get("type", "?")))
        fields = {k: self.shown(v) for k, v in body.items() if k not in ("kind", "type")}
        template = self.lines.get(kind)
        if template is not None:
            try:
                return template.format(**fields)
            except (KeyError, IndexError, ValueError, TypeError):
                pass  # a body of another shape (an older server): the generic line still shows it
        return f"{kind}: " + " ".join(f"{k}={v}" for k, v in fields.items())


def _sample(info: Any) -> Any:
    """A value of the field type ``info`` (`msgspec.inspect`) to try a template with."""
    if isinstance(info, inspect.UnionType):
        return _sample(next(t for t in info.types if not isinstance(t, inspect.NoneType)))
    if isinstance(info, inspect.LiteralType):
        return info.values[0]
    samples: dict[type[Any], Any] = {
        inspect.BoolType: False,
        inspect.IntType: 0,
        inspect.FloatType: 0.0,
        inspect.StrType: "x",
        inspect.ListType: [0],
    }
    return samples.get(type(info))


def check_story(name: str, rows: list[StoryLine], event_body: Any, names: Mapping[str, str]) -> Story:
    """The `Story` of ``rows`` (from file ``name``) for a game whose events are ``event_body`` (a union
    of tagged Structs). Raises `DataError` naming the row: an unknown or repeated kind, a field the
    event does not have, or a template that does not format such an event."""
    members = {m.__struct_config__.tag: m for m in typing.get_args(event_body) or (event_body,)}
    story, lines = Story(names=names), {}
    for index, row in enumerate(rows):
        label = f"{name}: row {index} (kind {row.kind!r})"
        member = members.get(row.kind)
        if member is None:
            raise DataError(f"{label}: not an event of this game; its events are {sorted(members)}")
        if row.kind in lines:
            raise DataError(f"{label}: given twice")
        try:
            parsed = string.Formatter().parse(row.text)
            fields = {re.split(r"[.\[]", f)[0] for _, f, _, _ in parsed if f is not None}
        except ValueError as exc:
            raise DataError(f"{label}: {exc}") from None
        unknown = sorted(fields - set(member.__struct_fields__))
        if unknown:
            raise DataError(f"{label}: {row.kind} has no field {', '.join(unknown)}")
        info = inspect.type_info(member)
        sample = {f.name: story.shown(_sample(f.type)) for f in info.fields}  # type: ignore[attr-defined]
        try:
            row.text.format(**sample)
        except (KeyError, IndexError, ValueError, TypeError) as exc:
            raise DataError(f"{label}: the text does not format a {row.kind} event: {exc}") from None
        lines[row.kind] = row.text
    story.lines = lines
    return story


def load_story(package: str, filename: str, event_body: Any, names: Mapping[str, str] | None = None) -> Story:
    """The story in ``filename`` of ``package``, checked against ``event_body`` (see `check_story`)."""
    table = load_rows(package, filename, StoryLine)
    return check_story(f"{package}/{filename}", table.rows, event_body, names or {})


def by_score(scores: list[int]) -> str:
    """Standings by score, best first (equal scores in seat order): ``seat 1 12, seat 0 9``."""
    order = sorted(range(len(scores)), key=lambda seat: -scores[seat])
    return ", ".join(f"seat {seat} {scores[seat]}" for seat in order)
