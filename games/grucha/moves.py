"""Plays a seat can make from its hand and the table, found from its view only (for the bots and the
conformance examples). Every move found is a whole new table that `games.grucha.table.check` accepts.

Move families (each adds at least one card from the hand):

- ``new``: a new group from the hand alone (runs with up to two jokers filling gaps, sets);
- ``extend``: one hand card added to a table group;
- ``split``: a run split in two with a hand card joining one part (3♦…8♦ + 5♦ -> 3♦ 4♦ 5♦ | 5♦ … 8♦);
- ``swap``: a hand card takes a joker's place; the freed joker joins another group or two hand cards;
- ``free``: a joker or a card whose group stays valid without it joins two hand cards in a new group.

With an opening minimum still to meet, only hand groups count, packed until their points reach it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import chain, combinations, islice
from typing import Any, NamedTuple

from games.engine import Game
from games.grucha.cards import SUITS, Face, face, is_joker, points
from games.grucha.melds import is_valid, meld_points, read
from games.grucha.model import Group, State

MAX_GAP_JOKERS = 2


class Move(NamedTuple):
    """A new table: ``groups`` as ``(cards, declared jokers)``; ``added`` the hand cards it plays."""

    family: str
    groups: tuple[tuple[tuple[str, ...], dict[str, str]], ...]
    added: tuple[str, ...]

    def payload(self) -> dict[str, Any]:
        """The move as a ``submit`` payload without ``kind``."""
        return {"groups": [{"cards": list(c), "jokers": dict(j)} for c, j in self.groups]}

    def value(self) -> int:
        """GRU-13 points the move sheds from the hand."""
        return sum(points(c) for c in self.added)


class Profile(NamedTuple):
    """The suits and ranks of a group's natural cards (what a new card must match)."""

    suits: frozenset[str]
    ranks: frozenset[int]

    @classmethod
    def of(cls, group: Sequence[str]) -> Profile:
        faces = [face(c) for c in group if not is_joker(c)]
        return cls(frozenset(f.suit for f in faces), frozenset(f.rank for f in faces))

    def fits(self, card: str) -> bool:
        """Whether ``card`` might join the group: a joker, or the suit (a run) or rank (a set) of all its
        natural cards."""
        if is_joker(card):
            return True
        rank, suit = face(card)
        return (len(self.suits) <= 1 and suit in self.suits | {suit}) or (
            len(self.ranks) <= 1 and rank in self.ranks | {rank}
        )


def _runs(naturals: Sequence[str], jokers: Sequence[str], minority: bool) -> Iterator[list[str]]:
    by_face = {face(c): c for c in naturals}
    gaps = min(len(jokers), MAX_GAP_JOKERS)
    for suit in SUITS:
        for start in range(1, 13):
            picks: list[str] = []
            missing = 0
            for place in range(start, min(start + 13, 15)):
                card = by_face.get(Face(1 if place == 14 else place, suit))
                if card is None:
                    missing += 1
                    if missing > gaps:
                        break
                else:
                    picks.append(card)
                if len(picks) + missing >= 3 and picks and not (minority and missing >= len(picks)):
                    yield picks + list(jokers[:missing])


def _sets(naturals: Sequence[str], jokers: Sequence[str], minority: bool) -> Iterator[list[str]]:
    by_rank: dict[int, dict[str, str]] = {}
    for card in naturals:
        rank, suit = face(card)
        by_rank.setdefault(rank, {}).setdefault(suit, card)
    for suits in by_rank.values():
        cards = list(suits.values())
        for size in (3, 4):
            for wild in range(min(len(jokers), MAX_GAP_JOKERS) + 1):
                if minority and wild >= size - wild:
                    continue
                for combo in combinations(cards, size - wild) if size - wild >= 1 else ():
                    yield [*combo, *jokers[:wild]]


def hand_groups(hand: Sequence[str], minority: bool) -> list[list[str]]:
    """Valid groups made of hand cards only (runs and sets, jokers filling at most two places)."""
    naturals = [c for c in hand if not is_joker(c)]
    jokers = [c for c in hand if is_joker(c)]
    found = [*_runs(naturals, jokers, minority), *_sets(naturals, jokers, minority)]
    return [g for g in found if is_valid(g, minority)]


def _near(a: str, b: str) -> bool:
    """Whether two cards may share a group of three: a joker, one rank, or one suit within 2 ranks."""
    if is_joker(a) or is_joker(b):
        return True
    (ra, sa), (rb, sb) = face(a), face(b)
    if ra == rb:
        return sa != sb
    return sa == sb and min(abs(ra - rb), 13 - abs(ra - rb)) <= 2


def triples_with(card: str, hand: Sequence[str], minority: bool) -> list[list[str]]:
    """Valid groups of ``card`` and two hand cards."""
    near = [c for c in hand if _near(card, c)]
    pairs = [(a, b) for a, b in combinations(near, 2) if _near(a, b)]
    return [[card, a, b] for a, b in pairs if is_valid([card, a, b], minority)]


class _Table:
    def __init__(self, table: Sequence[Group], hand: Sequence[str], minority: bool) -> None:
        self.groups = [(tuple(g.cards), dict(g.jokers)) for g in table]
        self.hand = list(hand)
        self.minority = minority

    def move(self, family: str, changed: dict[int, list[str]], new: list[list[str]]) -> Move:
        """The table with groups ``changed`` (index -> cards, meanings re-read) and ``new`` groups."""
        groups = [((*changed[i],), {}) if i in changed else g for i, g in enumerate(self.groups)]
        groups += [((*cards,), {}) for cards in new]
        on_table = {c for cards, _ in self.groups for c in cards}
        added = tuple(c for cards, _ in groups for c in cards if c not in on_table)
        return Move(family, tuple(groups), added)

    def ok(self, cards: Sequence[str]) -> bool:
        return is_valid(cards, self.minority)


def _extend_and_split(t: _Table) -> Iterator[Move]:
    for i, (cards, _) in enumerate(t.groups):
        profile = Profile.of(cards)
        near = [c for c in t.hand if profile.fits(c)]
        for card in near:
            if t.ok([*cards, card]):
                yield t.move("extend", {i: [*cards, card]}, [])
        for cut in range(2, len(cards) - 1) if len(cards) >= 5 else ():
            left, right = list(cards[:cut]), list(cards[cut:])
            left_ok, right_ok = t.ok(left), t.ok(right)
            for card in near:
                if right_ok and t.ok([*left, card]):
                    yield t.move("split", {i: [*left, card]}, [right])
                elif left_ok and t.ok([card, *right]):
                    yield t.move("split", {i: left}, [[card, *right]])


def _removable(cards: Sequence[str]) -> list[str]:
    """Cards whose group may stay valid without them: a run's ends, any card of a set of 4, jokers."""
    if len(cards) < 4:
        return []
    return list(dict.fromkeys([cards[0], cards[-1], *(c for c in cards if is_joker(c))]))


def _jokers_and_borrows(t: _Table) -> Iterator[Move]:
    for i, (cards, _) in enumerate(t.groups):
        movable = list(cards) if len(cards) == 4 and len(Profile.of(cards).ranks) == 1 else _removable(cards)
        for taken in movable:
            rest = [c for c in cards if c != taken]
            if t.ok(rest):
                for triple in triples_with(taken, t.hand, t.minority):
                    yield t.move("free", {i: rest}, [triple])
        for joker in (c for c in cards if is_joker(c)):
            rest = [c for c in cards if c != joker]
            profile = Profile.of(rest)
            for card in t.hand:
                if not profile.fits(card) or not t.ok([*rest, card]):
                    continue
                others = [c for c in t.hand if c != card]
                for triple in triples_with(joker, others, t.minority)[:3]:
                    yield t.move("swap", {i: [*rest, card]}, [triple])
                for k, (other, _) in enumerate(t.groups):
                    if k != i and t.ok([*other, joker]):
                        yield t.move("swap", {i: [*rest, card], k: [*other, joker]}, [])


def _opening(t: _Table, needed: int) -> list[Move]:
    """Disjoint hand groups packed, best first, until worth ``needed`` (the opening minimum)."""
    chosen: list[list[str]] = []
    used: set[str] = set()
    total = 0
    scored = sorted(hand_groups(t.hand, t.minority), key=lambda g: -meld_points(read(g)))
    for group in scored:
        if total >= needed:
            break
        if used.isdisjoint(group):
            chosen.append(group)
            used.update(group)
            total += meld_points(read(group))
    return [t.move("new", {}, chosen)] if chosen and total >= needed else []


def moves(
    table: Sequence[Group], hand: Sequence[str], minority: bool = False, opening: int = 0, limit: int = 400
) -> list[Move]:
    """Up to ``limit`` moves for a player holding ``hand`` (order: new, extend, split, free, swap);
    ``opening``: the points the first submission must still reach (0 once opened)."""
    t = _Table(table, hand, minority)
    if opening > 0:
        return _opening(t, opening)
    found = [t.move("new", {}, [g]) for g in hand_groups(hand, minority)]
    found += islice(chain(_extend_and_split(t), _jokers_and_borrows(t)), max(0, limit - len(found)))
    return found[:limit]


def examples(game: Game[State, Any], state: State, seat: int) -> dict[str, list[dict[str, Any]]]:
    """Legal and near-legal payloads (without ``kind``) per kind for ``seat``: a legal submission when
    one is found, then the table with a card ``seat`` cannot see, the table with a table card dropped,
    the table with a group of two, the table unchanged, and a card named twice; every finite payload."""
    view = game.view(state, seat)
    table: list[dict[str, Any]] = [{"cards": list(g.cards), "jokers": dict(g.jokers)} for g in view.table]
    hand = view.hand
    legal = moves(
        view.table, hand, view.jokers_must_be_minority, 0 if view.opened[seat] else view.opening_min_points, 1
    )
    submit = [m.payload() for m in legal]
    hidden = sorted(game.hidden(state, seat))
    if hidden and hand:
        submit.append({"groups": [*table, {"cards": [hidden[0], *hand[:2]]}]})
    if table:
        dropped = [{**table[0], "cards": table[0]["cards"][1:], "jokers": {}}, *table[1:]]
        submit.append({"groups": dropped})
    if hand:
        submit.append({"groups": [*table, {"cards": hand[:2]}]})
        submit.append({"groups": [*table, {"cards": [hand[0], hand[0], hand[0]]}]})
    submit.append({"groups": table})
    finite: dict[str, list[dict[str, Any]]] = {
        "draw": [{}],
        "end": [{"grucha": False}, {"grucha": True}],
        "pass": [{}],
        "next": [{}],
    }
    return {"submit": submit, **finite}
