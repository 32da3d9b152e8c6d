"""Loading a game's data files (decks, boards, tables), validated at load.

A data file is JSON: ``{"provenance": "publisher" | "reconstruction", "note": "...", "rows": [...]}``;
each row is converted to the game's row Struct. A bad row raises `DataError` naming the file, the row's
index and its ``id`` when it has one, and the field at fault.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Literal, TypeVar

import msgspec

R = TypeVar("R")


class DataError(ValueError):
    """A data file that does not match its schema; the message names the file, the row and the field."""


class DataFile(msgspec.Struct):
    provenance: Literal["publisher", "reconstruction"]
    rows: list[Any]
    note: str = ""


def parse_rows(name: str, text: str | bytes, row_type: type[R]) -> tuple[str, list[R]]:
    """``(provenance, rows)`` of one data file's text. Raises `DataError`."""
    try:
        doc = msgspec.convert(json.loads(text), DataFile)
    except (ValueError, msgspec.ValidationError) as exc:
        raise DataError(f"{name}: {exc}") from None
    rows: list[R] = []
    for index, raw in enumerate(doc.rows):
        try:
            rows.append(msgspec.convert(raw, row_type))
        except msgspec.ValidationError as exc:
            row_id = raw.get("id") if isinstance(raw, dict) else None
            label = f"row {index}" + (f" (id {row_id!r})" if row_id is not None else "")
            raise DataError(f"{name}: {label}: {exc}") from None
    return doc.provenance, rows


def load_rows(package: str, filename: str, row_type: type[R]) -> tuple[str, list[R]]:
    """``(provenance, rows)`` of ``filename`` inside ``package`` (read once, at the game's import)."""
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    return parse_rows(f"{package}/{filename}", text, row_type)
