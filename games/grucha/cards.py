"""Grucha's cards as pure functions over card ids (GRU-1, GRU-13).

One id per physical card, so two 7♠ are two cards (GRU-1): ``<rank><suit>-<deck>`` for the 104 standard
cards (``7S-a``, ``10H-b``, ``AS-a``, ``KD-b``; ranks ``A 2 … 10 J Q K``, suits ``S H D C``, decks ``a``
and ``b``) and ``JK-<deck><n>`` for the jokers (``JK-a1``, ``JK-b2``). No id is a token inside another,
so the leak scan finds each on its own. A card's *name* is its rank and suit without the deck (``7S``):
what a joker stands for is always a name (GRU-6).
"""

from __future__ import annotations

from typing import NamedTuple

SUITS = ("S", "H", "D", "C")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DECKS = ("a", "b")
#: The most jokers per deck the option allows.
MAX_JOKERS_PER_DECK = 4
HAND_SIZE = 13
#: A joker's value in hand at the end of a round (GRU-13).
JOKER_POINTS = 20


class Face(NamedTuple):
    """A natural card's ``rank`` (1 = ace … 13 = king) and ``suit`` (``S H D C``)."""

    rank: int
    suit: str


def name_of(rank: int, suit: str) -> str:
    """The name of a rank (1…13, or 14 for a high ace) and suit: ``name_of(8, "S") == "8S"``."""
    return f"{RANKS[(rank - 1) % 13]}{suit}"


_FACES: dict[str, Face] = {
    f"{name_of(rank, suit)}-{deck}": Face(rank, suit)
    for deck in DECKS
    for suit in SUITS
    for rank in range(1, 14)
}
_NAMES: dict[str, Face] = {name_of(rank, suit): Face(rank, suit) for suit in SUITS for rank in range(1, 14)}
_JOKERS = frozenset(f"JK-{deck}{n}" for deck in DECKS for n in range(1, MAX_JOKERS_PER_DECK + 1))


def deck(jokers_per_deck: int) -> list[str]:
    """Every card id of two decks with ``jokers_per_deck`` jokers each, in a fixed order (GRU-1: 108 ids
    for 2 jokers a deck)."""
    jokers = [f"JK-{d}{n}" for d in DECKS for n in range(1, jokers_per_deck + 1)]
    return [*_FACES, *jokers]


def is_card(card: str) -> bool:
    """Whether ``card`` is the id of a card of some game (any deck, any joker up to the maximum)."""
    return card in _FACES or card in _JOKERS


def is_joker(card: str) -> bool:
    return card in _JOKERS


def face(card: str) -> Face:
    """The rank and suit of a natural card id. Raises ``KeyError`` for a joker or an unknown id."""
    return _FACES[card]


def parse_name(name: str) -> Face | None:
    """The rank and suit a name stands for (``"8S"``), ``None`` when it names no card."""
    return _NAMES.get(name)


def name_points(name: str) -> int:
    """GRU-13 value of the card a name stands for: 2 to 10 face value, J 11, Q 12, K 13, A 14."""
    rank = _NAMES[name].rank
    return 14 if rank == 1 else rank


def points(card: str) -> int:
    """GRU-13 value of a card in hand: a joker 20, else its name's value."""
    if card in _JOKERS:
        return JOKER_POINTS
    rank = _FACES[card].rank
    return 14 if rank == 1 else rank


def hand_points(cards: list[str]) -> int:
    """The GRU-13 score of a hand: ``hand_points(["AS-a", "KD-b", "JK-a1", "2C-a"]) == 49``."""
    return sum(points(c) for c in cards)


def sort_key(card: str) -> tuple[int, int, str]:
    """Hand order: by suit (``S H D C``), then rank (ace low), jokers last; the deck breaks ties."""
    if card in _JOKERS:
        return (len(SUITS), 0, card)
    rank, suit = _FACES[card]
    return (SUITS.index(suit), rank, card)


_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: Card id -> the name people read in the log: ``7S-a`` -> ``7♠``, ``JK-a1`` -> ``joker`` (GRU-1).
NAMES: dict[str, str] = {
    card: "joker" if is_joker(card) else name_of(face(card).rank, "") + _SYMBOLS[face(card).suit]
    for card in deck(MAX_JOKERS_PER_DECK)
}
#: A card's name (what a joker stands for, GRU-6) -> how the log reads it: ``AH`` -> ``A♥``; no card id,
#: so naming what a joker stands for never names a card someone holds.
FACE_NAMES: dict[str, str] = {name: name[:-1] + _SYMBOLS[name[-1]] for name in _NAMES}
