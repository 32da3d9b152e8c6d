"""The contents of iGranie z Gruzem, read once from ``games/igranie/data`` and validated (Contents).

- `LOOPS`: the two Large Loops and the eight Small Loops (IGR-2, 6), by id; `SMALL_LOOPS` in board order.
- `LOOP_EFFECTS`: ``(loop, result 1..6)`` -> the Small Loop Effects entry (IGR-9, 26).
- `WORK`, `CHILLOUT`: the Event decks (IGR-10), 54 cards each, by id.
- `ORDINARY`: the 44 ordinary Resourcefulness cards (IGR-28); `SPECIALS`: the 8 Special cards by id
  (IGR-26); `HIV`: the HIV card's id (kept out of the deck).
- `CHARACTERS`: the five characters (IGR-31…35), by id.
- `PROVENANCE` (file -> term) and `ROW_PROVENANCE` (row id -> term).

Every effect is a list of `Effect` steps of a small vocabulary (`OPS`), data rather than code per card.
A bad file raises `games.engine.DataError` at import.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

import msgspec

from games.engine import DataError, DataTable, Provenance, load_rows

_PACKAGE = "games.igranie.data"

#: The effect vocabulary (Contents): gain/lose ``money``, ``food`` (the shelf), ``cards`` (draw / discard
#: at random from the hand); ``move`` ±n spaces; ``skip`` the next move; ``hunger`` (a marker); ``hiv``
#: (the HIV card, if free); ``cold`` (kills an HIV holder, else 1 Food lost); ``rent_release`` (the next
#: current rent is waived); card actions: ``cancel`` another seat's card or Ability use, ``cancel_event``
#: that or the Event card or loop effect just drawn (IGR-28), ``reverse`` a negative loop effect,
#: ``steal_money``/``steal_food``/``steal_card`` from a chosen player; ``special`` marks a Special card.
Op = Literal[
    "money",
    "food",
    "cards",
    "move",
    "skip",
    "hunger",
    "hiv",
    "cold",
    "rent_release",
    "cancel",
    "cancel_event",
    "reverse",
    "steal_money",
    "steal_food",
    "steal_card",
    "special",
]
OPS: tuple[str, ...] = Op.__args__  # type: ignore[attr-defined]
#: IGR-28: the card actions that cancel a play.
CANCEL_OPS = frozenset({"cancel", "cancel_event"})


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One step of an effect: ``op`` of `OPS`, its amount ``n`` (signed where it gains or loses) and
    ``who`` it applies to (``self``: the active player; ``all``: every living player)."""

    op: Op
    n: int = 0
    who: Literal["self", "all"] = "self"


class Loop(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A loop of the board: ``side`` is the Large Loop it belongs to (itself for a Large Loop),
    ``entrance`` the Large Loop space (1..15) a Small Loop leaves from (0 for a Large Loop)."""

    id: str
    name: str
    name_pl: str
    side: Literal["work", "chillout"]
    entrance: int
    spaces: int


class LoopEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One entry of the Small Loop Effects table; ``turns_into`` names the positive result a negative entry
    becomes (IGR-26), ``None`` for an entry that is not negative."""

    id: str
    loop: str
    result: int
    effects: list[Effect]
    text: str
    text_pl: str
    turns_into: int | None = None


class EventCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Work or Chillout card; ``variants`` replace ``effects`` for the named characters."""

    id: str
    name: str
    name_pl: str
    text: str
    text_pl: str
    effects: list[Effect]
    variants: dict[str, list[Effect]] = {}


class ResCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Resourcefulness card: its die ``modifier`` and its special ``action`` (IGR-28); a Special card
    names its ``loop`` and has modifier 0 and action ``special`` (IGR-26)."""

    id: str
    name: str
    name_pl: str
    text: str
    text_pl: str
    modifier: int
    action: Effect
    loop: str | None = None


class Character(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A character (IGR-31…35): ``sex`` decides the first Large Loop (``free``: chosen at setup),
    ``avoids`` the Small Loop it never enters (IGR-6), its two active ``abilities`` and its ``passive``."""

    id: str
    name: str
    name_pl: str
    sex: Literal["female", "male", "free"]
    avoids: str
    abilities: list[str]
    passive: str


def _fail(name: str, message: str) -> None:
    raise DataError(f"{_PACKAGE}/{name}: {message}")


def _unique(name: str, ids: list[str]) -> None:
    twice = sorted(i for i, n in Counter(ids).items() if n > 1)
    if twice:
        _fail(name, f"ids used more than once: {twice}")


def _check_board(rows: list[Loop]) -> None:
    small = [r for r in rows if r.id not in ("work", "chillout")]
    if len(rows) != 10 or len(small) != 8:
        _fail("board.json", "expected 2 Large Loops and 8 Small Loops")
    for side in ("work", "chillout"):
        entrances = sorted(r.entrance for r in small if r.side == side)
        if entrances != [3, 6, 9, 12] or any(r.spaces != 4 for r in small):
            _fail("board.json", f"{side}: Small Loops of 4 spaces on spaces 3, 6, 9 and 12 expected")


#: Effect steps that harm whoever they apply to whatever their amount (IGR-28: a negative loop effect).
_HARMS = {"skip", "hunger", "hiv", "cold"}


def negative(effects: list[Effect]) -> bool:
    """IGR-28: an effect is negative when one of its steps loses something, moves back or harms."""
    return any(e.op in _HARMS or e.n < 0 for e in effects)


def worth_to_all(effects: list[Effect]) -> bool:
    """IGR-28, 31: a positive side gives every character something: a step other than loop Food, which
    Fat'n'Proud keeps from everyone but Ilona."""
    return not negative(effects) and any(e.op != "food" and e.n > 0 for e in effects)


def _check_effects(rows: list[LoopEffect], loops: set[str]) -> None:
    """IGR-26, 28: every negative entry names a higher result of its loop as its counterpart, and the
    counterpart is positive with some worth for every character; an entry that is not negative names none."""
    if sorted({(r.loop, r.result) for r in rows}) != sorted((lp, n) for lp in loops for n in range(1, 7)):
        _fail("loop_effects.json", "expected one entry for each result 1..6 of each Small Loop")
    by_key = {(r.loop, r.result): r for r in rows}
    for row in rows:
        if row.turns_into is None:
            if negative(row.effects):
                _fail("loop_effects.json", f"{row.id}: a negative entry needs turns_into (IGR-28)")
            continue
        if not negative(row.effects):
            _fail("loop_effects.json", f"{row.id}: only a negative entry turns into another")
        if not row.result < row.turns_into <= 6:
            _fail("loop_effects.json", f"{row.id}: turns_into must name a higher result")
        if not worth_to_all(by_key[(row.loop, row.turns_into)].effects):
            _fail("loop_effects.json", f"{row.id}: its counterpart must give every character something")


def _check_deck(name: str, rows: list[EventCard]) -> None:
    _unique(name, [r.id for r in rows])
    if len(rows) != 54:
        _fail(name, f"expected 54 cards, got {len(rows)}")


def _check_res(rows: list[ResCard], loops: set[str]) -> None:
    _unique("resourcefulness.json", [r.id for r in rows])
    specials = [r for r in rows if r.action.op == "special"]
    ordinary = [r for r in rows if r.action.op not in ("special", "hiv")]
    if len(ordinary) != 44 or sorted(r.loop or "" for r in specials) != sorted(loops):
        _fail("resourcefulness.json", "expected 44 ordinary cards and one Special card per Small Loop")
    if any(r.modifier == 0 for r in ordinary):
        _fail("resourcefulness.json", "every ordinary card needs a die modifier")


def _provenance(tables: dict[str, DataTable[Any]]) -> tuple[dict[str, str], dict[str, Provenance]]:
    files = {name: table.provenance for name, table in tables.items()}
    rows = {
        row.id: term
        for table in tables.values()
        for row, term in zip(table.rows, table.row_provenance, strict=True)
    }
    return files, rows


board = load_rows(_PACKAGE, "board.json", Loop)
_check_board(board.rows)
LOOPS: dict[str, Loop] = {r.id: r for r in board.rows}
SMALL_LOOPS: list[str] = [r.id for r in board.rows if r.id not in ("work", "chillout")]
effects = load_rows(_PACKAGE, "loop_effects.json", LoopEffect)
_check_effects(effects.rows, set(SMALL_LOOPS))
LOOP_EFFECTS: dict[tuple[str, int], LoopEffect] = {(r.loop, r.result): r for r in effects.rows}
work = load_rows(_PACKAGE, "work.json", EventCard)
_check_deck("work.json", work.rows)
chillout = load_rows(_PACKAGE, "chillout.json", EventCard)
_check_deck("chillout.json", chillout.rows)
WORK: dict[str, EventCard] = {r.id: r for r in work.rows}
CHILLOUT: dict[str, EventCard] = {r.id: r for r in chillout.rows}
EVENTS: dict[str, EventCard] = {**WORK, **CHILLOUT}
res = load_rows(_PACKAGE, "resourcefulness.json", ResCard)
_check_res(res.rows, set(SMALL_LOOPS))
RES: dict[str, ResCard] = {r.id: r for r in res.rows}
ORDINARY: list[str] = [r.id for r in res.rows if r.action.op not in ("special", "hiv")]
SPECIALS: dict[str, str] = {r.id: r.loop or "" for r in res.rows if r.action.op == "special"}
SPECIAL_OF_LOOP: dict[str, str] = {loop: card for card, loop in SPECIALS.items()}
HIV = next(r.id for r in res.rows if r.action.op == "hiv")
#: The Resourcefulness deck (52): the ordinary and the Special cards, in file order.
DECK: list[str] = ORDINARY + list(SPECIALS)
chars = load_rows(_PACKAGE, "characters.json", Character)
_unique("characters.json", [r.id for r in chars.rows])
CHARACTERS: dict[str, Character] = {r.id: r for r in chars.rows}
CHARACTER_IDS: list[str] = [r.id for r in chars.rows]
PROVENANCE, ROW_PROVENANCE = _provenance(
    {
        "board.json": board,
        "loop_effects.json": effects,
        "work.json": work,
        "chillout.json": chillout,
        "resourcefulness.json": res,
        "characters.json": chars,
    }
)
del board, effects, work, chillout, res, chars
