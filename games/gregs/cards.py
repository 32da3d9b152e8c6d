"""The cards of Gregs Tagebuch, read once from ``games/gregs/data`` and validated (GRE-1…4).

- `ACTIONS`: the 39 action cards (GRE-4), each with a signed movement value in places.
- `CHARACTERS`: the 6 characters (GRE-3), in the order a setup default picks them.
- `RANKS`: the 6 rank cards, left to right (GRE-2).
- `CHEESE`: the id of the one Stinky Cheese card in play (GRE-1: the two spares stay in the box).
- `PROVENANCE`: file name -> its provenance (``mixed`` when its rows name their own); `ROW_PROVENANCE`:
  card id -> where that card comes from (``rulebook`` or ``reconstruction``).

A bad file raises `games.engine.DataError` at import, naming the file and the row.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec

from games.engine import DataError, DataTable, Provenance, load_rows

_PACKAGE = "games.gregs.data"

#: The id of the Stinky Cheese card in play.
CHEESE = "cheese"


class ActionCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One action card: ``id`` (``act-<motif>-<copy>``), ``motif`` (its picture) and ``value`` (places)."""

    id: str
    motif: str
    value: int


class Character(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One character: ``id`` (``chr-<name>``) and ``name`` (GRE-3; the rulebook names three, the books the
    others: see `ROW_PROVENANCE`)."""

    id: str
    name: str


class RankCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One rank card: ``id`` (``rank-<n>``) and ``rank`` (GRE-2; the rulebook prints only 51 and 2)."""

    id: str
    rank: int


def _unique(name: str, ids: list[str]) -> None:
    twice = sorted(i for i, n in Counter(ids).items() if n > 1)
    if twice:
        raise DataError(f"{name}: ids used more than once: {twice}")


def _check_actions(name: str, rows: list[ActionCard]) -> None:
    """GRE-4: 39 cards, 13 motifs x 3 copies, 27 positive (+1..+4) and 12 negative (-1..-3)."""
    _unique(name, [r.id for r in rows])
    for index, row in enumerate(rows):
        if not (1 <= row.value <= 4 or -3 <= row.value <= -1):
            raise DataError(f"{name}: row {index} (id {row.id!r}): value {row.value} outside +1..+4, -3..-1")
    motifs = Counter(r.motif for r in rows)
    if len(rows) != 39 or len(motifs) != 13 or set(motifs.values()) != {3}:
        raise DataError(f"{name}: expected 13 motifs x 3 copies, got {dict(motifs)}")
    positive = sum(1 for r in rows if r.value > 0)
    if positive != 27:
        raise DataError(f"{name}: expected 27 positive and 12 negative cards, got {positive} positive")


def _check_characters(name: str, rows: list[Character]) -> None:
    """GRE-3: 6 characters."""
    _unique(name, [r.id for r in rows])
    if len(rows) != 6:
        raise DataError(f"{name}: expected 6 characters, got {len(rows)}")


def _check_ranks(name: str, rows: list[RankCard]) -> None:
    """GRE-2: 6 rank cards, descending left to right."""
    _unique(name, [r.id for r in rows])
    if [r.rank for r in rows] != sorted((r.rank for r in rows), reverse=True) or len(rows) != 6:
        raise DataError(f"{name}: expected 6 rank cards, descending numbers left to right")


def _load() -> tuple[
    dict[str, ActionCard], list[Character], list[RankCard], dict[str, str], dict[str, Provenance]
]:
    actions = load_rows(_PACKAGE, "actions.json", ActionCard)
    _check_actions(f"{_PACKAGE}/actions.json", actions.rows)
    characters = load_rows(_PACKAGE, "characters.json", Character)
    _check_characters(f"{_PACKAGE}/characters.json", characters.rows)
    ranks = load_rows(_PACKAGE, "ranks.json", RankCard)
    _check_ranks(f"{_PACKAGE}/ranks.json", ranks.rows)
    tables: dict[str, DataTable[Any]] = {
        "actions.json": actions,
        "characters.json": characters,
        "ranks.json": ranks,
    }
    files = {name: table.provenance for name, table in tables.items()}
    rows = {
        row.id: term
        for table in tables.values()
        for row, term in zip(table.rows, table.row_provenance, strict=True)
    }
    return {a.id: a for a in actions.rows}, characters.rows, ranks.rows, files, rows


ACTIONS, CHARACTERS, RANKS, PROVENANCE, ROW_PROVENANCE = _load()

#: Card id -> movement value (places) of every action card.
VALUES: dict[str, int] = {card_id: card.value for card_id, card in ACTIONS.items()}
CHARACTER_IDS: list[str] = [c.id for c in CHARACTERS]
RANK_IDS: list[str] = [r.id for r in RANKS]
#: The rightmost rank card: every place right of it is rank 1 (GRE-8).
LAST_RANK = RANK_IDS[-1]
#: Display names of every card id the log names: action motifs, characters, rank numbers, the cheese.
NAMES: dict[str, str] = {
    **{card_id: card.motif for card_id, card in ACTIONS.items()},
    **{c.id: c.name for c in CHARACTERS},
    **{r.id: str(r.rank) for r in RANKS},
    CHEESE: "Stinky Cheese",
}
