"""The contents of Infarkt, read once from ``games/infarkt/data`` and validated (INF-2, INF-3, INF-11…26).

- `CARDS`: card id -> `Card` (154: goods, medicines, events; one row per physical card).
- `GOODS`, `MEDICINES`, `EVENTS`: the ids of each kind, in file order (the box before shuffling).
- `PLACES`: place id -> `Place` (Czech and English names); `BASE_PLACES` and `EXPANSIONS` in board order.
- `ACTIONS`: (place, option) -> `PlaceAction`, the prices and effects of every place's options.
- `WORSENING`: the rows of INF-18's table.
- `PROVENANCE`: file -> its term; `ROW_PROVENANCE`: row id -> where that row comes from.

Tracks are indexes into a player's six values, `TRACKS` order. A bad file raises `DataError` at import.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

import msgspec

from games.engine import DataError, DataTable, Provenance, load_rows

_PACKAGE = "games.infarkt.data"

Track = Literal["cholesterol", "pressure", "obesity", "depression", "diabetes", "cancer"]
#: INF-1: the six health tracks in the order of a player's values.
TRACKS: tuple[Track, ...] = ("cholesterol", "pressure", "obesity", "depression", "diabetes", "cancer")
OBESITY = TRACKS.index("obesity")
DEPRESSION = TRACKS.index("depression")
PRESSURE = TRACKS.index("pressure")
CANCER = TRACKS.index("cancer")
#: INF-1, INF-4: the grave.
GRAVE = 10

Special = Literal[
    "",
    "broken_fridge",
    "robbed",
    "day_off",
    "business_trip",
    "divorce",
    "grandma",
    "promotion",
    "work_dispute",
]


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One card: ``kind``; for goods its ``symbol`` and ``colour`` (green healthy, red unhealthy);
    ``effects`` track -> signed change; an event's ``money`` and ``special`` (INF-20, INF-21)."""

    id: str
    kind: Literal["goods", "medicine", "event"]
    name_cs: str
    name_en: str
    effects: dict[Track, int] = {}
    symbol: Literal["", "food", "drink", "smoking"] = ""
    colour: Literal["", "green", "red"] = ""
    money: int = 0
    special: Special = ""
    note: str = ""


class Place(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name_cs: str
    name_en: str
    expansion: bool


class PlaceAction(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One action or option of a place: ``cost`` paid, ``money`` gained, ``effects`` on the visitor and
    ``cards``: the cards or tokens it moves (goods bought, cards swapped, tokens taken)."""

    id: str
    place: str
    option: str = ""
    cost: int = 0
    money: int = 0
    cards: int = 0
    effects: dict[Track, int] = {}
    note: str = ""


class Worsening(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """INF-18: a ``track`` at ``threshold`` or more raises ``target`` by ``amount``."""

    id: str
    track: Track
    threshold: int
    target: Track
    amount: int
    note: str = ""


def deltas(effects: dict[Track, int]) -> list[int]:
    """An effect as six signed changes in `TRACKS` order."""
    return [effects.get(t, 0) for t in TRACKS]


def _check_cards(table: DataTable[Card]) -> None:
    """INF-2, INF-3: 154 unique ids; goods have a symbol and colour; a medicine for every track."""
    ids = [c.id for c in table.rows]
    if len(ids) != 154 or len(set(ids)) != 154:
        raise DataError(f"cards.json: 154 unique cards expected, got {len(ids)} ({len(set(ids))} unique)")
    for card in table.rows:
        if (card.kind == "goods") != bool(card.symbol and card.colour):
            raise DataError(f"cards.json: {card.id}: goods, and only goods, have a symbol and a colour")
    if any(v > 0 for c in table.rows if c.kind == "medicine" for v in c.effects.values()):
        raise DataError("cards.json: a medicine only lowers tracks (INF-13: it cannot kill its holder)")
    healed = {t for c in table.rows if c.kind == "medicine" for t, v in c.effects.items() if v < 0}
    if healed != set(TRACKS):
        raise DataError(f"cards.json: no medicine for {sorted(set(TRACKS) - healed)}")


_cards = load_rows(_PACKAGE, "cards.json", Card)
_check_cards(_cards)
_places = load_rows(_PACKAGE, "places.json", Place)
_actions = load_rows(_PACKAGE, "actions.json", PlaceAction)
_worsening = load_rows(_PACKAGE, "worsening.json", Worsening)

CARDS: dict[str, Card] = {c.id: c for c in _cards.rows}
GOODS = [c.id for c in _cards.rows if c.kind == "goods"]
MEDICINES = [c.id for c in _cards.rows if c.kind == "medicine"]
EVENTS = [c.id for c in _cards.rows if c.kind == "event"]
PLACES: dict[str, Place] = {p.id: p for p in _places.rows}
BASE_PLACES = [p.id for p in _places.rows if not p.expansion]
EXPANSIONS = [p.id for p in _places.rows if p.expansion]
ACTIONS: dict[tuple[str, str], PlaceAction] = {(a.place, a.option): a for a in _actions.rows}
WORSENING = list(_worsening.rows)
if Counter(a.place for a in _actions.rows).keys() != PLACES.keys():
    raise DataError("actions.json: every place needs its actions")

PROVENANCE: dict[str, str] = {
    "cards.json": _cards.provenance,
    "places.json": _places.provenance,
    "actions.json": _actions.provenance,
    "worsening.json": _worsening.provenance,
}
ROW_PROVENANCE: dict[str, Provenance] = {
    **dict(zip([c.id for c in _cards.rows], _cards.row_provenance, strict=True)),
    **{f"action:{a.id}": p for a, p in zip(_actions.rows, _actions.row_provenance, strict=True)},
    **{f"worsening:{w.id}": p for w, p in zip(_worsening.rows, _worsening.row_provenance, strict=True)},
}


def action(place: str, option: str = "") -> PlaceAction:
    """The price and effects of ``place``'s ``option`` (``""`` for a place with one action)."""
    return ACTIONS[(place, option)]
