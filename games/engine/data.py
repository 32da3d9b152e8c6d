"""Loading a game's data files (decks, boards, tables), validated at load.

A data file is JSON: ``{"provenance": "<term>", "note": "...", "rows": [...]}``. The provenance says where
the contents come from, one term of `PROVENANCES`:

- ``rulebook``: printed in the game's rulebook;
- ``publisher``: published by the game's publisher outside the rulebook (the printed cards, a card list);
- ``reviews``: known from published reviews or descriptions of the game, not from the publisher (a card
  a review names, with its effect: the Infarkt spec takes cards and effects from reviews, INF-3, INF-18);
  better founded than a reconstruction, less than the publisher's word;
- ``reconstruction``: not known; plausible contents in the spirit of the game, to be replaced when the
  real ones are found.

A file whose rows come from several sources says ``"provenance": "mixed"`` and every row names its own
term: ``{"id": "rank-51", "rank": 51, "provenance": "rulebook"}``; only a mixed file's rows may. The row's
``provenance`` key is taken out before the row is converted to the game's row Struct.

Every error raises `DataError` naming the file, and for a row its index and its ``id`` when it has one,
then the field at fault: ``deck.json: row 1 (id 'b'): Expected `int`, got `str` - at `$.cost```.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Generic, Literal, TypeVar, get_args

import msgspec

R = TypeVar("R")

#: Where a data file's or a row's contents come from (see the module docstring).
Provenance = Literal["rulebook", "publisher", "reviews", "reconstruction"]
PROVENANCES: tuple[str, ...] = get_args(Provenance)


class DataError(ValueError):
    """A data file that does not match its schema; the message names the file, the row and the field."""


class DataFile(msgspec.Struct):
    provenance: Provenance | Literal["mixed"]
    rows: list[Any]
    note: str = ""


class DataTable(msgspec.Struct, Generic[R], frozen=True):
    """One loaded data file: ``provenance`` is the file's term (``mixed`` when its rows name their own),
    ``rows`` the row Structs in file order, ``row_provenance[i]`` the provenance of ``rows[i]`` (the
    file's term for every row of a file that is not mixed)."""

    provenance: str
    rows: list[R]
    row_provenance: list[Provenance]


def _label(index: int, raw: Any) -> str:
    row_id = raw.get("id") if isinstance(raw, dict) else None
    return f"row {index}" + (f" (id {row_id!r})" if row_id is not None else "")


def _split(
    name: str, index: int, raw: Any, file_term: Provenance | Literal["mixed"]
) -> tuple[Any, Provenance]:
    """``(the row's fields without its provenance key, the row's provenance)``; raises `DataError`."""
    given = isinstance(raw, dict) and "provenance" in raw
    if file_term != "mixed":
        if given:
            raise DataError(f"{name}: {_label(index, raw)}: only a 'mixed' file's rows name a provenance")
        return raw, file_term
    if not given:
        raise DataError(f"{name}: {_label(index, raw)}: a row of a 'mixed' file must name its provenance")
    term = raw["provenance"]
    if term not in PROVENANCES:
        raise DataError(
            f"{name}: {_label(index, raw)}: provenance {term!r} is not one of {', '.join(PROVENANCES)}"
        )
    return {k: v for k, v in raw.items() if k != "provenance"}, term


def parse_rows(name: str, text: str | bytes, row_type: type[R]) -> DataTable[R]:
    """The `DataTable` of one data file's text, each row converted to ``row_type``. Raises `DataError`."""
    try:
        doc = msgspec.convert(json.loads(text), DataFile)
    except (ValueError, msgspec.ValidationError) as exc:
        raise DataError(f"{name}: {exc}") from None
    rows: list[R] = []
    terms: list[Provenance] = []
    for index, raw in enumerate(doc.rows):
        fields, term = _split(name, index, raw, doc.provenance)
        try:
            rows.append(msgspec.convert(fields, row_type))
        except msgspec.ValidationError as exc:
            raise DataError(f"{name}: {_label(index, raw)}: {exc}") from None
        terms.append(term)
    return DataTable(doc.provenance, rows, terms)


def load_rows(package: str, filename: str, row_type: type[R]) -> DataTable[R]:
    """The `DataTable` of ``filename`` inside ``package`` (read once, at the game's import)."""
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    return parse_rows(f"{package}/{filename}", text, row_type)
