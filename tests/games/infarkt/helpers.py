"""Helpers that keep the Infarkt rule tests to a handful of lines: seeded tables, hand-set hands and
tracks, a visit to one place, and wire actions returning their event bodies."""

from __future__ import annotations

from typing import Any

from games.engine import Match, Prompt
from games.engine.testing import act as act  # for the tests
from games.engine.testing import kinds as kinds
from games.engine.testing import new_match
from games.engine.testing import of_kind as of_kind
from games.infarkt import GAME
from games.infarkt.cards import TRACKS
from games.infarkt.model import Decision, State

BEER, COFFEE, CIGARETTES = "goods-beer-1", "goods-coffee-1", "goods-cigarettes-1"
HEADCHEESE, HEADCHEESE2, TOFU, JUICE = (
    "goods-headcheese-1",
    "goods-headcheese-2",
    "goods-tofu-1",
    "goods-juice-1",
)
COLA, MUESLI, GUM = "goods-cola-1", "goods-muesli-1", "goods-nicotinegum-1"
STATINS, STATINS2, ANTIDEP = "medicine-statins-1", "medicine-statins-2", "medicine-antidepressants-1"
CHEMO, BETA = "medicine-chemotherapy-1", "medicine-betablockers-1"
DIARRHOEA, ROBBED, DAYOFF, TRIP = (
    "event-diarrhoea-1",
    "event-robbed-1",
    "event-dayoff-1",
    "event-businesstrip-1",
)
DIVORCE, LOTTERY, FRIDGE, BONUS = (
    "event-divorce-1",
    "event-lottery-1",
    "event-brokenfridge-1",
    "event-bonus-1",
)
GRANDMA, PROMOTION, DISPUTE = "event-grandma-1", "event-promotion-1", "event-workdispute-1"
_LISTS = (
    "goods",
    "goods_discard",
    "medicines",
    "medicines_discard",
    "events",
    "events_discard",
    "set_aside",
    "offer",
    "market",
    "black_market",
)


def table(seats: int = 3, seed: bytes = b"infarkt-test", **options: Any) -> Match:
    """A fresh match: round 1, the start player's event pick is prompted."""
    return new_match(GAME, seats, seed, **options)


def tracks(**values: int) -> list[int]:
    """Six track values from keyword values (the rest 0): ``tracks(cholesterol=7, pressure=6)``."""
    return [values.get(t, 0) for t in TRACKS]


def take_out(state: State, card: str) -> None:
    """Remove ``card`` from wherever it lies (a pile, an offer, a hand)."""
    for name in _LISTS:
        pile: list[str] = getattr(state, name)
        if card in pile:
            pile.remove(card)
    for player in state.players:
        if card in player.cards:
            player.cards.remove(card)


def give(state: State, seat: int, *cards: str) -> None:
    """Put ``cards`` into ``seat``'s hand (taken from wherever they were: cards stay conserved)."""
    for card in cards:
        take_out(state, card)
        state.players[seat].cards.append(card)


def empty_hands(state: State) -> None:
    """Every hand to the discard piles (no medicine windows unless a test gives one)."""
    for player in state.players:
        for card in list(player.cards):
            player.cards.remove(card)
            pile = state.medicines_discard if card.startswith("medicine") else state.goods_discard
            pile.append(card)


def on_top(state: State, *cards: str) -> None:
    """Put goods ``cards`` on top of the goods pile, the last one topmost."""
    for card in cards:
        take_out(state, card)
        state.goods.append(card)


def visit(match: Match, seat: int, place: str, *later: str) -> State:
    """Make ``seat`` the only actor of the action phase, resolving ``place`` now (its option prompt)
    and ``later`` places afterwards; the event offer goes to the discard pile, and round 1's opening
    is not told (this is another moment of the game)."""
    state: State = match.state
    state.announce = False
    state.events_discard += state.offer
    state.offer, state.pickers = [], []
    state.phase, state.actors = "actions", [seat]
    state.players[seat].figures = list(later)
    state.decision = Decision(seat, "option", place=place)
    return state


def choose(match: Match, seat: int, *values: str) -> list[Any]:
    """Answer the seat's decisions with ``values`` in turn; the bodies of all their events."""
    return [b for v in values for b in act(match, seat, "choose", value=v)]


def prompts(match: Match) -> dict[int, Prompt]:
    return GAME.prompts(match.state)
