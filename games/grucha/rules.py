"""Grucha's round and match mechanics over a `State` (GRU-2, 8, 11…15): dealing, drawing, ending turns,
scoring, the end of a round and of the match, standings. Validation of what a player sends is in
`games.grucha.game` and `games.grucha.table`."""

from __future__ import annotations

from games.engine import Rng
from games.grucha.cards import HAND_SIZE, deck, hand_points, sort_key
from games.grucha.events import (
    Blocked,
    Called,
    Drew,
    EventBody,
    MatchEnded,
    Passed,
    Ready,
    Revealed,
    RoundEnded,
    RoundStarted,
    TurnEnded,
    WentOut,
)
from games.grucha.model import State

#: Cards drawn for ending with one card without the call (GRU-11).
PENALTY = 5


def deal(state: State, rng: Rng) -> RoundStarted:
    """GRU-2: shuffle both decks, 13 cards to every seat, the rest is the stock; the seat after the dealer
    plays first. The turn, the table and the opening flags start afresh."""
    cards = deck(state.options.jokers_per_deck)
    rng.shuffle(cards)
    n = state.seats
    state.hands = [sorted(cards[s * HAND_SIZE : (s + 1) * HAND_SIZE], key=sort_key) for s in range(n)]
    state.stock = cards[n * HAND_SIZE :]
    state.table = []
    state.opened = [False] * n
    state.passes = 0
    state.active = (state.dealer + 1) % n
    state.phase, state.ready = "play", []
    _fresh_turn(state)
    return started(state)


def started(state: State) -> RoundStarted:
    """The event of the round's deal, as it stands before its first action (GRU-2)."""
    return RoundStarted(state.round, state.dealer, state.active, len(state.stock))


def _fresh_turn(state: State) -> None:
    state.drew, state.added, state.steps = False, 0, 0


def draw(state: State, seat: int, count: int, reason: str) -> list[EventBody]:
    """Move up to ``count`` cards from the stock's end to ``seat``'s hand (fewer when the stock has fewer,
    GRU-11); no event when none could be drawn."""
    taken = [state.stock.pop() for _ in range(min(count, len(state.stock)))]
    if not taken:
        return []
    state.hands[seat] = sorted(state.hands[seat] + taken, key=sort_key)
    return [Drew(seat, len(taken), "penalty" if reason == "penalty" else "draw")]


def end_turn(state: State, seat: int, grucha: bool) -> list[EventBody]:
    """GRU-11: one card left without the call draws the penalty; then the next seat's turn."""
    events: list[EventBody] = [*([Called(seat)] if grucha else []), TurnEnded(seat, grucha)]
    if len(state.hands[seat]) == 1 and not grucha:
        events += draw(state, seat, PENALTY, "penalty")
    state.passes = 0
    next_turn(state)
    return events


def pass_turn(state: State, seat: int, now: float) -> list[EventBody]:
    """GRU-14: a pass with an empty stock; when every seat has passed in a row the round ends."""
    state.passes += 1
    events: list[EventBody] = [Passed(seat, state.passes), TurnEnded(seat, passed=True)]
    if state.passes >= state.seats:
        return [*events, *end_round(state, None, now)]
    next_turn(state)
    return events


def next_turn(state: State) -> None:
    """The next seat's turn (GRU-2: play passes to the next seat)."""
    state.turn += 1
    state.active = (state.active + 1) % state.seats
    _fresh_turn(state)


def end_round(state: State, went_out: int | None, now: float) -> list[EventBody]:
    """GRU-13, 14: everyone scores the cards in hand (the seat that went out has none) and shows them
    to everyone; then the match ends (GRU-15), or the round's end stays on show (phase ``scores``)
    until every seat is ready for the next deal (`ready`)."""
    scores = [hand_points(hand) for hand in state.hands]
    state.history.append(scores)
    state.totals = [t + s for t, s in zip(state.totals, scores, strict=True)]
    ending: EventBody = (
        Blocked(state.round) if went_out is None else WentOut(went_out, state.round, state.totals[went_out])
    )
    totals, hands = list(state.totals), [list(hand) for hand in state.hands]
    shown = [Revealed(seat, hand, scores[seat], totals[seat]) for seat, hand in enumerate(hands) if hand]
    summary = RoundEnded(
        state.round, "out" if went_out is not None else "blocked", went_out, scores, totals, hands
    )
    events: list[EventBody] = [ending, *shown, summary]
    over = match_end(state, now)
    if over is not None:
        state.phase, state.end_reason = "over", over
        ranks = standings(state.totals)
        return [*events, MatchEnded(ranks, [s for s, r in enumerate(ranks) if r == 1], over)]
    state.phase, state.ready = "scores", [False] * state.seats
    return events


def ready(state: State, seat: int, rng: Rng) -> list[EventBody]:
    """GRU-13, 2: ``seat`` is done reading the round's end; once every seat is, the next round's dealer
    is drawn (or moves one seat on with ``rotate_dealer``) and deals."""
    state.ready[seat] = True
    events: list[EventBody] = [Ready(seat)]
    if not all(state.ready):
        return events
    state.round += 1
    state.turn += 1
    state.dealer = (state.dealer + 1) % state.seats if state.options.rotate_dealer else rng.below(state.seats)
    return [*events, deal(state, rng)]


def match_end(state: State, now: float) -> str | None:
    """GRU-15, checked after every round: ``rounds`` played, a total strictly over ``point_limit``, or
    ``time_limit_minutes`` elapsed since ``state.started`` (seconds of ``now``); ``None`` to go on."""
    options = state.options
    if options.rounds is not None and len(state.history) >= options.rounds:
        return "rounds"
    if options.limit is not None and max(state.totals) > options.limit:
        return "points"
    limit = options.time_limit_minutes
    if limit is not None and state.started is not None and now - state.started >= limit * 60:
        return "time"
    return None


def standings(totals: list[int]) -> list[int]:
    """GRU-15: rank per seat, lowest total first; equal totals share the place (1, 1, 3)."""
    return [1 + sum(other < total for other in totals) for total in totals]
