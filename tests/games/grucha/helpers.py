"""Helpers that keep the Grucha rule tests short: tables with hand-set hands, table groups and stock."""

from __future__ import annotations

from typing import Any

from games.engine import Match, testing
from games.engine.testing import act as act  # the engine's, for the tests
from games.engine.testing import kinds as kinds
from games.grucha import GAME
from games.grucha.cards import deck, sort_key
from games.grucha.melds import read
from games.grucha.model import Group, State


def group(*cards: str) -> Group:
    """A table group in canonical order, read from its cards."""
    meld = read(cards)
    return Group(meld.kind, list(meld.cards), meld.jokers)


def arrange(
    match: Match,
    hands: list[list[str]],
    table: list[list[str]] | None = None,
    stock: int | None = None,
    active: int = 0,
) -> State:
    """Set every hand and the table; the stock is every other card in deck order (its last ``stock``
    cards only when given: the rest is then out of play, and `invariants` will say so)."""
    state: State = match.state
    table = table or []
    used = {c for h in hands for c in h} | {c for g in table for c in g}
    rest = [c for c in deck(state.options.jokers_per_deck) if c not in used]
    state.hands = [sorted(h, key=sort_key) for h in hands]
    state.table = [group(*g) for g in table]
    state.stock = rest if stock is None else rest[len(rest) - stock :]
    state.active, state.drew, state.added, state.steps, state.passes = active, False, 0, 0, 0
    state.announce = False  # the hands are set by hand: no deal to tell
    return state


def new_match(seats: int = 2, seed: bytes = b"grucha-test", **options: Any) -> Match:
    return testing.new_match(GAME, seats, seed, **options)


def submit(match: Match, seat: int, *groups: list[str], now: float = 0.0, **jokers: str) -> list[Any]:
    """Submit ``groups`` (lists of ids); ``jokers`` declares meanings (``JK_a1="8S"`` for ``JK-a1``)."""
    declared = {k.replace("_", "-"): v for k, v in jokers.items()}
    payload = [{"cards": g, "jokers": {j: n for j, n in declared.items() if j in g}} for g in groups]
    return act(match, seat, "submit", now, groups=payload)


def table_of(match: Match) -> list[list[str]]:
    return [list(g.cards) for g in match.state.table]


def run(suit: str, low: int, high: int, deck_: str = "a") -> list[str]:
    """Ids of the run ``low``…``high`` (1 = ace, 14 = high ace) of ``suit`` from one deck."""
    names = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    return [f"{names[r - 1]}{suit}-{deck_}" for r in range(low, high + 1)]
