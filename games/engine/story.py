"""A game's story: sentences per event kind, as plain data, for readable logs (``seat 2 revealed
Plaster Cast (+2)``).

A story file is a data file (`games.engine.data`) whose rows are ``{"kind": <event kind>, "text":
<template>}``, with an optional ``"when"``. The template is a `str.format` template over the event's
fields (``"seat {seat} revealed {card} ({value:+d})"``) with **conditional parts**:

- a part in double brackets, ``"round over[[, seat {went_out} went out]]"``, is told only when every
  field it names has a value: not ``null``, ``false``, ``""`` or an empty list (``0`` is a value);
- ``"when"`` makes a row apply only to some events: ``{"by": 0}`` (the field equals this JSON value),
  ``{"by": {"not": 0}}`` (differs from it), ``{"end": {"field": "start"}}`` (equals another field),
  ``{"by": {"above": 0}}`` or ``{"by": {"below": 0}}`` (a number greater or less than this one) or
  ``{"stock": {"plural": "few"}}`` (the whole number's plural category in the story's language,
  `games.engine.plural`: Polish ``82 karty`` but ``85 kart``).
  A kind may have several rows: the first whose ``when`` holds tells the event, so a row without
  ``when`` (the kind's fallback) comes last.
- ``"plain"``: the row's sentence for a teller that has only the event's own fields, not the ones the
  game derives (`Derived`; the SDKs' tellers, which read the served catalogue): a template over the
  event's own fields alone, told when ``text`` names a derived field. A row whose ``text`` or ``when``
  names a derived field must have one; such a teller passes over a row whose ``when`` names one.

The file is checked at load against the game's ``EventBody`` union: every kind must be an event of the
game, every template and condition may name only that event's fields (and the fields the game derives
from them, `Derived`: ``{"changed": {"health": ...}}`` for a sentence that names tracks, not a list of
numbers), every template must format such an event, and no row may be unreachable. Ids a game names
(cards, characters) are shown by their display names: a string field, or every string of a list, found
in the story's ``names``; a list also takes the formats ``and``, ``seats`` and ``by_seat`` (`Items`).

A seat number is told with the format ``seat`` (``{seat:seat}``, ``{dealer:seat}``): by the seat-naming
function the caller passes (`SeatName`: ``"you"``, ``"Ann"``), else as ``seat 2`` in the story's list
words; ``seats`` and ``by_seat`` name the seats of a list by that function too.
The format ``abs`` tells a number without its sign (``{by:abs}``: ``3`` for ``-3``).
"""

from __future__ import annotations

import re
import string
import typing
from collections.abc import Callable, Mapping
from typing import Any

import msgspec
from msgspec import inspect

from games.engine.data import DataError, load_rows
from games.engine.plural import CATEGORIES, plural

#: A conditional part of a template: ``[[ ... ]]`` (no nesting).
_PART = re.compile(r"\[\[(.*?)\]\]", re.DOTALL)

#: Names a seat (its number, from 0) in a sentence: ``lambda seat: "you" if seat == 0 else "Ann"``.
SeatName = Callable[[int], str]

#: The words the list and seat formats use in English (`Items.words`).
ENGLISH_WORDS: Mapping[str, str] = {"and": "and", "seat": "seat", "seats": "seats"}

#: Fields a game derives from an event body for its sentences, by event kind and field name: a pure
#: function of the body (JSON data) to the value told (``{"changed": {"health": lambda b: ...}}``).
Derived = Mapping[str, Mapping[str, Callable[[Mapping[str, Any]], Any]]]


class StoryLine(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One row of a story file: the event ``kind``, its sentence ``text`` (a `str.format` template with
    conditional parts), the ``when`` conditions under which the row applies (empty: always) and its
    ``plain`` sentence (``None`` or left out: none), told instead of ``text`` by a teller that has only
    the event's own fields: a template over those fields alone, required where ``text`` or ``when``
    names a field the game derives."""

    kind: str
    text: str
    when: dict[str, Any] = {}
    plain: str | None = None


class Items(list[Any]):
    """A list field as a template tells it. ``{cards}``: strings joined by ``", "`` (``10♥, A♠``), numbers
    as the list (``[0, 27]``); ``{cards:and}``: ``10♥, A♠ and joker``; ``{winners:seats}``: ``seat 2``,
    ``seats 0 and 2``; ``{scores:by_seat}`` (a value per seat): ``seat 0 12, seat 1 0``. The joining words
    are ``words`` (`ENGLISH_WORDS` by default); with a ``seat_name`` (`SeatName`) the seats of ``seats``
    and ``by_seat`` are told by it instead (``you and Ann``, ``you 12, Ann 0``)."""

    words: Mapping[str, str] = ENGLISH_WORDS
    seat_name: SeatName | None = None

    def __format__(self, spec: str) -> str:
        said = [str(v) for v in self]
        if spec == "":
            return ", ".join(said) if all(isinstance(v, str) for v in self) else str(list(self))
        if spec not in ("and", "seats", "by_seat"):
            raise ValueError(f"unknown format {spec!r} for a list (known: 'and', 'seats', 'by_seat')")
        name = self.seat_name
        if spec == "by_seat":
            if name is not None:
                return ", ".join(f"{name(seat)} {word}" for seat, word in enumerate(said))
            return ", ".join(f"{self.words['seat']} {seat} {word}" for seat, word in enumerate(said))
        if spec == "seats" and name is not None:
            return self._joined([name(_seat_number(v)) for v in self])
        if spec == "and":
            return self._joined(said)
        return self.words["seat" if len(said) == 1 else "seats"] + " " + self._joined(said)

    def _joined(self, said: list[str]) -> str:
        return said[0] if len(said) == 1 else ", ".join(said[:-1]) + f" {self.words['and']} " + said[-1]


def _seat_number(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"a seat is a number, not {value!r}")
    return value


class _Teller(string.Formatter):
    """`str.format` with the format ``seat``: a seat number told by ``seat_name``."""

    def __init__(self, seat_name: SeatName):
        self.seat_name = seat_name

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "seat":
            return self.seat_name(_seat_number(value))
        if format_spec == "abs":
            if not _is_number(value):
                raise TypeError(f"the format 'abs' tells a number, not {value!r}")
            return str(abs(value))
        return format(value, format_spec)


def has_value(value: Any) -> bool:
    """Whether a field has something to tell: not ``None``, ``False``, ``""`` or an empty list/dict."""
    return value is not None and value is not False and value != "" and value != [] and value != {}


def _same(a: Any, b: Any) -> bool:
    """JSON equality: ``false`` is not ``0``."""
    return isinstance(a, bool) == isinstance(b, bool) and a == b


def _named(when: Mapping[str, Any]) -> set[str]:
    """The fields a ``when`` names: its keys and the other fields it compares them with."""
    return set(when) | {v["field"] for v in when.values() if isinstance(v, dict) and "field" in v}


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _holds(when: Mapping[str, Any], body: Mapping[str, Any], lang: str = "en") -> bool:
    """Whether ``when`` holds on ``body``; never when it names a field the body lacks (one the game
    derives, for a teller without the game's derived fields)."""
    if not _named(when) <= body.keys():
        return False
    for name, expected in when.items():
        value = body.get(name)
        if isinstance(expected, dict) and "field" in expected:
            ok = _same(value, body.get(expected["field"]))
        elif isinstance(expected, dict) and "plural" in expected:
            whole = isinstance(value, int) and not isinstance(value, bool)
            ok = isinstance(value, int) and whole and plural(lang, value) == expected["plural"]
        elif isinstance(expected, dict) and "not" in expected:
            ok = not _same(value, expected["not"])
        elif isinstance(expected, dict) and ("above" in expected or "below" in expected):
            above = "above" in expected
            ok = _is_number(value) and (value > expected["above"] if above else value < expected["below"])
        else:
            ok = _same(value, expected)
        if not ok:
            return False
    return True


def _fields(template: str) -> set[str]:
    """The field names a template formats (``{a.b}`` and ``{a[0]}`` name ``a``); raises `ValueError`."""
    parsed = string.Formatter().parse(template)
    return {re.split(r"[.\[]", f)[0] for _, f, _, _ in parsed if f is not None}


class Story:
    """Sentences by event kind (``lines``: each kind's rows in order) and display names by id
    (``names``); both may be empty. ``lang`` is the language they are in (its plural rules decide a
    ``plural`` condition)."""

    __slots__ = ("derived", "lang", "lines", "names", "words")

    def __init__(
        self,
        lines: Mapping[str, list[StoryLine]] | None = None,
        names: Mapping[str, str] | None = None,
        derived: Derived | None = None,
        words: Mapping[str, str] | None = None,
        lang: str = "en",
    ):
        self.lines = {kind: list(rows) for kind, rows in (lines or {}).items()}
        self.lang = lang
        self.names = dict(names or {})
        self.derived = {k: dict(v) for k, v in (derived or {}).items()}
        self.words = dict(words or ENGLISH_WORDS)

    def shown(self, value: Any) -> Any:
        """``value`` with ids replaced by their names; a list of strings or numbers as `Items` (told
        with the story's ``words``)."""
        if isinstance(value, str):
            return self.names.get(value, value)
        if isinstance(value, list) and value and all(isinstance(v, (str, int)) for v in value):
            items = Items(self.names.get(v, v) if isinstance(v, str) else v for v in value)
            items.words = self.words
            return items
        return value

    def seat_word(self, seat: int) -> str:
        """A seat as the story names it without a `SeatName`: ``seat 2`` (``miejsce 2`` in Polish)."""
        return f"{self.words['seat']} {seat}"

    def tell(self, template: str, body: Mapping[str, Any], seat_name: SeatName | None = None) -> str:
        """``template`` formatted over ``body``: conditional parts whose fields have no value are left
        out; seats (``{seat:seat}``, ``{winners:seats}``) named by ``seat_name`` (`SeatName`; ``None``:
        `seat_word`). Raises `KeyError`, `ValueError`, `TypeError` or `IndexError` for a body of
        another shape."""

        def part(match: re.Match[str]) -> str:
            inner = match.group(1)
            return inner if all(has_value(body.get(f)) for f in _fields(inner)) else ""

        fields = {k: self.shown(v) for k, v in body.items() if k not in ("kind", "type")}
        for value in fields.values():
            if isinstance(value, Items):
                value.seat_name = seat_name
        teller = _Teller(seat_name or self.seat_word)
        return teller.vformat(_PART.sub(part, template), (), fields)

    def _with_derived(self, kind: str, body: Mapping[str, Any]) -> dict[str, Any]:
        return dict(body) | {name: fn(body) for name, fn in self.derived.get(kind, {}).items()}

    def describe(self, body: Any, seat_name: SeatName | None = None) -> str:
        """One line for one event body (JSON data tagged ``kind``): the sentence of the first of its
        kind's rows whose conditions hold, seats named by ``seat_name`` (see `tell`), else ``kind:
        field=value ...`` (also when the body does not fit its sentence). Without the game's derived
        fields (`Derived`), a row whose ``when`` names one is passed over and a row whose ``text``
        names one tells its ``plain`` sentence."""
        if not isinstance(body, dict):
            return str(body)
        kind = str(body.get("kind", body.get("type", "?")))
        try:
            full = self._with_derived(kind, body)
            row = next((r for r in self.lines.get(kind, ()) if _holds(r.when, full, self.lang)), None)
            if row is not None:
                try:
                    return self.tell(row.text, full, seat_name)
                except KeyError:
                    if row.plain is None:
                        raise
                    # a field the game derives, which this teller lacks: the row's plain sentence
                    return self.tell(row.plain, body, seat_name)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            pass  # a body of another shape (an older server): the generic line still shows it
        fields = {k: self.shown(v) for k, v in body.items() if k not in ("kind", "type")}
        return f"{kind}: " + " ".join(f"{k}={v}" for k, v in fields.items())


def _sample(info: Any) -> Any:
    """A value of the field type ``info`` (`msgspec.inspect`) to try a template with."""
    if isinstance(info, inspect.UnionType):
        return _sample(next(t for t in info.types if not isinstance(t, inspect.NoneType)))
    if isinstance(info, inspect.LiteralType):
        return info.values[0]
    samples: dict[type[Any], Any] = {
        inspect.BoolType: True,
        inspect.IntType: 1,
        inspect.FloatType: 1.0,
        inspect.StrType: "x",
        inspect.ListType: [1, 1],
        inspect.DictType: {},
    }
    return samples.get(type(info))


def _check_row(label: str, row: StoryLine, member: Any, story: Story) -> None:
    """Raises `DataError` for a row that names a field ``member`` lacks or does not format it, a
    ``plain`` that names a derived field or does not format the event alone, or a row naming a derived
    field without a ``plain``."""
    try:
        fields = _fields(_PART.sub(r"\1", row.text))
        plain = set() if row.plain is None else _fields(_PART.sub(r"\1", row.plain))
    except ValueError as exc:
        raise DataError(f"{label}: {exc}") from None
    named = _named(row.when)
    for field, expected in row.when.items():
        if isinstance(expected, dict) and ("above" in expected or "below" in expected):
            bounds = list(expected.values())
            if len(bounds) != 1 or not _is_number(bounds[0]):
                raise DataError(f"{label}: {field}: a comparison is one number, above or below: {expected}")
    own = set(member.__struct_fields__)
    derived = set(story.derived.get(row.kind, {})) - own
    unknown = sorted((fields | named | plain) - own - derived)
    if unknown:
        raise DataError(f"{label}: {row.kind} has no field {', '.join(unknown)}")
    if plain & derived:
        raise DataError(
            f"{label}: the plain sentence names {', '.join(sorted(plain & derived))}, which the game "
            "derives: it may name only the event's own fields"
        )
    if row.plain is None and (fields | named) & derived:
        raise DataError(
            f"{label}: names {', '.join(sorted((fields | named) & derived))}, which the game derives: "
            "the row needs a 'plain' sentence over the event's own fields, for clients without them"
        )
    info = inspect.type_info(member)
    types = {f.name: f.type for f in info.fields}  # type: ignore[attr-defined]
    for name, expected in row.when.items():
        if isinstance(expected, dict) and "plural" in expected:
            _check_plural(label, row.kind, name, expected["plural"], types.get(name), story.lang)
    sample = {f.name: _sample(f.type) for f in info.fields}  # type: ignore[attr-defined]
    for what, template, body in (
        ("text", row.text, story._with_derived(row.kind, sample)),
        ("plain sentence", row.plain, sample),
    ):
        try:
            for seat_name in (None, str):  # seats told as the story's words and by a caller's names
                if template is not None:
                    story.tell(template, body, seat_name)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError) as exc:
            raise DataError(f"{label}: the {what} does not format a {row.kind} event: {exc}") from None


def _check_plural(label: str, kind: str, name: str, category: Any, info: Any, lang: str) -> None:
    """Raises `DataError` for a ``plural`` condition on a field that is not a whole number (a derived
    field is not checked: its function decides) or naming a category ``lang`` does not give one."""
    known = CATEGORIES.get(lang)
    if known is None:
        raise DataError(f"{label}: no plural rules for language {lang!r} (known: {sorted(CATEGORIES)})")
    if category not in known:
        listed = ", ".join(known)
        raise DataError(f"{label}: {category!r} is not a plural category of {lang!r} (known: {listed})")
    if info is not None and not isinstance(info, inspect.IntType):
        raise DataError(f"{label}: {kind}'s field {name} is not a whole number, so it has no plural")


def check_story(
    name: str,
    rows: list[StoryLine],
    event_body: Any,
    names: Mapping[str, str],
    derived: Derived | None = None,
    lang: str = "en",
) -> Story:
    """The `Story` of ``rows`` (from file ``name``) for a game whose events are ``event_body`` (a union
    of tagged Structs), with the game's ``derived`` fields (`Derived`: a template may name them too), in
    language ``lang``. Raises `DataError` naming the row: an unknown kind, a row given twice or
    unreachable (after its kind's row without ``when``), a field the event does not have, a template
    that does not format such an event, or a ``plural`` condition on a field that is not a whole number
    or naming a category ``lang``'s rules never give a whole number."""
    members = {m.__struct_config__.tag: m for m in typing.get_args(event_body) or (event_body,)}
    story = Story(names=names, derived=derived, lang=lang)
    lines: dict[str, list[StoryLine]] = {}
    for index, row in enumerate(rows):
        label = f"{name}: row {index} (kind {row.kind!r})"
        member = members.get(row.kind)
        if member is None:
            raise DataError(f"{label}: not an event of this game; its events are {sorted(members)}")
        earlier = lines.setdefault(row.kind, [])
        if any(r.when == row.when for r in earlier):
            raise DataError(f"{label}: given twice")
        if any(not r.when for r in earlier):
            raise DataError(f"{label}: unreachable: an earlier row of {row.kind} has no 'when'")
        _check_row(label, row, member, story)
        earlier.append(row)
    story.lines = lines
    return story


def load_story(
    package: str,
    filename: str,
    event_body: Any,
    names: Mapping[str, str] | None = None,
    derived: Derived | None = None,
) -> Story:
    """The story in ``filename`` of ``package``, checked against ``event_body`` (see `check_story`)."""
    table = load_rows(package, filename, StoryLine)
    return check_story(f"{package}/{filename}", table.rows, event_body, names or {}, derived)


def by_score(scores: list[int]) -> str:
    """Standings by score, best first (equal scores in seat order): ``seat 1 12, seat 0 9``."""
    order = sorted(range(len(scores)), key=lambda seat: -scores[seat])
    return ", ".join(f"seat {seat} {scores[seat]}" for seat in order)
