"""Valid table groups (GRU-3…7) as pure functions over card ids, with what every joker stands for.

A group is an unordered collection of card ids. `read` finds its *readings*: every way the group is a
run (GRU-4, 7) or a set (GRU-5), each reading fixing what the jokers stand for (GRU-6). A reading lists
the group's cards in canonical order: a run from its lowest rank up (a high ace last), a set by suit
``S H D C``. Readings are tried in a fixed order, the first one being the canonical reading:

1. runs before sets;
2. runs by the position of their top card, highest first: jokers extend a run upwards while they can
   (9♠ 10♠ Jk reads 9♠ 10♠ J♠; Q♠ K♠ Jk reads the joker as A♠);
3. sets by the missing suits in ``S H D C`` order (7♦ 7♣ Jk reads the joker as 7♠).

A player may declare meanings (``{"JK-b1": "8S"}``); the group then takes the first reading in which
every declared joker can stand for its declared name, the other jokers taking the reading's remaining
names in id order. A player may also declare the group's kind (``run`` or ``set``, as the view shows
it); the group then takes its first reading of that kind.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Literal, NamedTuple

from games.grucha.cards import SUITS, face, is_joker, name_of, name_points, parse_name

Kind = Literal["run", "set"]
#: A run's positions: 1 is a low ace, 14 a high ace (GRU-4: never both in one run).
LOW, HIGH = 1, 14
MAX_RUN = 13
MAX_SET = 4


class Meld(NamedTuple):
    """One accepted reading: ``kind``, ``cards`` in canonical order, ``jokers`` id -> name (GRU-6)."""

    kind: Kind
    cards: tuple[str, ...]
    jokers: dict[str, str]


class MeldError(Exception):
    """The group is not valid; ``reason`` is one word (see `REASONS`)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


#: Why a group is invalid, by reason word.
REASONS = {
    "too_few_cards": "a group has at least 3 cards (GRU-3)",
    "no_natural": "a group holds at least one card that is not a joker (GRU-6)",
    "joker_majority": "with jokers_must_be_minority, a group has fewer jokers than other cards",
    "duplicate_suit": "a set never holds two cards of one suit (GRU-5)",
    "set_too_long": "a set has 3 or 4 cards (GRU-5)",
    "duplicate_rank": "a run never holds two cards of one rank (GRU-4, 7)",
    "run_too_long": "a run holds at most one ace, so at most 13 cards (GRU-4)",
    "not_consecutive": "the ranks of a run follow each other, with no wrap K-A-2 (GRU-4)",
    "mixed_cards": "a group is one suit (a run) or one rank (a set)",
    "joker_not_in_group": "a declared joker is not among the group's cards",
    "not_a_joker": "a meaning is declared for a card that is not a joker",
    "bad_meaning": "a declared meaning is not a card name like 8S",
    "joker_meaning": "the group is valid, but not with the declared joker meanings (GRU-6)",
    "kind_meaning": "the group is valid, but not as the declared kind (run or set)",
}


class _Reading(NamedTuple):
    kind: Kind
    names: tuple[str, ...]  # every card's name in canonical order
    naturals: tuple[str | None, ...]  # the natural id at each place, None where a joker stands


def _run_readings(naturals: Sequence[str], jokers: int) -> list[_Reading]:
    """GRU-4, 7: every window of ``len`` positions in 1…14 that places every natural card."""
    faces = [face(c) for c in naturals]
    if len({f.suit for f in faces}) != 1:
        return []
    suit, size = faces[0].suit, len(naturals) + jokers
    found = []
    for start in range(HIGH - size + 1, LOW - 1, -1):
        window = range(start, start + size)
        places: dict[int, str] = {}
        for card, (rank, _) in zip(naturals, faces, strict=True):
            place = (LOW if LOW in window else HIGH) if rank == 1 else rank
            if place not in window or place in places:
                break
            places[place] = card
        else:
            names = tuple(name_of(p, suit) for p in window)
            found.append(_Reading("run", names, tuple(places.get(p) for p in window)))
    return found if size <= MAX_RUN else []


def _set_readings(naturals: Sequence[str], jokers: int) -> list[_Reading]:
    """GRU-5: one rank, distinct suits, 3 or 4 cards; the jokers take missing suits."""
    faces = [face(c) for c in naturals]
    suits = {f.suit for f in faces}
    if len({f.rank for f in faces}) != 1 or len(suits) != len(faces) or len(faces) + jokers > MAX_SET:
        return []
    rank, by_suit = faces[0].rank, {f.suit: c for c, f in zip(naturals, faces, strict=True)}
    found = []
    for extra in combinations([s for s in SUITS if s not in suits], jokers):
        order = [s for s in SUITS if s in suits or s in extra]
        names = tuple(name_of(rank, s) for s in order)
        found.append(_Reading("set", names, tuple(by_suit.get(s) for s in order)))
    return found


def _reason(naturals: Sequence[str], size: int) -> str:
    """Why a group with natural cards has no reading at all."""
    faces = [face(c) for c in naturals]
    if len({f.rank for f in faces}) == 1:
        return "duplicate_suit" if len({f.suit for f in faces}) < len(faces) else "set_too_long"
    if len({f.suit for f in faces}) == 1:
        if size > MAX_RUN:
            return "run_too_long"
        return "duplicate_rank" if len({f.rank for f in faces}) < len(faces) else "not_consecutive"
    return "mixed_cards"


def _all_readings(naturals: Sequence[str], jokers: int) -> list[_Reading]:
    return _run_readings(naturals, jokers) + _set_readings(naturals, jokers)


def _check_declared(cards: Sequence[str], declared: Mapping[str, str]) -> None:
    for joker, name in declared.items():
        if joker not in cards:
            raise MeldError("joker_not_in_group")
        if not is_joker(joker):
            raise MeldError("not_a_joker")
        if parse_name(name) is None:
            raise MeldError("bad_meaning")


def _assign(reading: _Reading, jokers: Sequence[str], declared: Mapping[str, str]) -> Meld | None:
    """The reading with the declared jokers at their names, ``None`` when one cannot stand there."""
    free = [n for n, nat in zip(reading.names, reading.naturals, strict=True) if nat is None]
    if not set(declared.values()) <= set(free) or len(set(declared.values())) < len(declared):
        return None
    rest = iter(n for n in free if n not in declared.values())
    meaning = {j: declared[j] if j in declared else next(rest) for j in jokers}
    at = {name: joker for joker, name in meaning.items()}
    ordered = tuple(
        nat if nat is not None else at[n] for n, nat in zip(reading.names, reading.naturals, strict=True)
    )
    return Meld(reading.kind, ordered, meaning)


def read(
    cards: Sequence[str],
    declared: Mapping[str, str] | None = None,
    minority: bool = False,
    kind: Kind | None = None,
) -> Meld:
    """The reading of the group ``cards`` (natural and joker ids, any order, no id twice): the first one
    of the declared ``kind`` (any kind when ``None``) fitting the ``declared`` joker meanings, else the
    canonical one. ``minority``: the ``jokers_must_be_minority`` option. Raises `MeldError` with a
    `REASONS` word (``kind_meaning`` when valid only as the other kind)."""
    key = (tuple(sorted(cards)), tuple(sorted((declared or {}).items())), minority, kind)
    meld = _read(*key)
    if isinstance(meld, str):
        raise MeldError(meld)
    return meld._replace(jokers=dict(meld.jokers))


@lru_cache(maxsize=1 << 14)
def _read(
    cards: tuple[str, ...], declared: tuple[tuple[str, str], ...], minority: bool, kind: Kind | None
) -> Meld | str:
    """`read`, memoised (every step re-reads the same table groups); a reason word when invalid."""
    try:
        return _read_uncached(cards, dict(declared), minority, kind)
    except MeldError as exc:
        return exc.reason


def _read_uncached(cards: Sequence[str], declared: dict[str, str], minority: bool, kind: Kind | None) -> Meld:
    _check_declared(cards, declared)
    naturals = sorted(c for c in cards if not is_joker(c))
    jokers = sorted(c for c in cards if is_joker(c))
    if len(cards) < 3:
        raise MeldError("too_few_cards")
    if not naturals:
        raise MeldError("no_natural")
    if minority and len(jokers) >= len(naturals):
        raise MeldError("joker_majority")
    found = _all_readings(naturals, len(jokers))
    if not found:
        raise MeldError(_reason(naturals, len(cards)))
    if kind is not None:
        found = [r for r in found if r.kind == kind]
        if not found:
            raise MeldError("kind_meaning")
    for reading in found:
        meld = _assign(reading, jokers, declared)
        if meld is not None:
            return meld
    raise MeldError("joker_meaning")


def is_valid(cards: Sequence[str], minority: bool = False) -> bool:
    """Whether ``cards`` make a valid group (GRU-3…7) under some reading."""
    try:
        read(cards, minority=minority)
    except MeldError:
        return False
    return True


def meld_points(meld: Meld) -> int:
    """GRU-13 values of a group's cards, every joker valued as the card it stands for (the opening
    minimum): an ace is 14 wherever it stands."""
    return sum(name_points(meld.jokers.get(card) or card.rsplit("-", 1)[0]) for card in meld.cards)
