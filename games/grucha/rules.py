"""Grucha's transitions over a `State` (GRU-2, 8…15): the entry `apply` finds the function of each action
kind in `HANDLERS`, which checks what the player sent and plays it; the prompts that offer the kinds;
dealing, drawing, ending turns, passing, scoring, the end of a round and of the match, standings. A
submission is checked in `games.grucha.table`, its groups read in `games.grucha.melds`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engine import Ctx, GameEnded, IllegalAction, Outcome, Prompt, Rng, Timeout, handler, require_choice
from games.grucha import table
from games.grucha.actions import Draw, End, Next, Pass, Submit
from games.grucha.cards import HAND_SIZE, deck, hand_points, sort_key
from games.grucha.events import (
    Blocked,
    Called,
    Drew,
    EventBody,
    Passed,
    Ready,
    Revealed,
    RoundEnded,
    RoundStarted,
    Submitted,
    TimedOut,
    TurnEnded,
    WentOut,
)
from games.grucha.model import Group, State

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
        return [*events, GameEnded.of(outcome(state), over)]  # GRU-15's word, not `finished`
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


def outcome(state: State) -> Outcome:
    """GRU-15: lowest total ranks 1, equal totals share; the winners are the seats ranked 1."""
    ranks = standings(state.totals)
    return Outcome(ranks, [s for s, r in enumerate(ranks) if r == 1])


# ---- prompts ----------------------------------------------------------------------------------------------
KINDS = ["submit", "draw", "end", "pass"]
#: The timer class of a round's end on show (GRU-13) and its default seconds.
REVEAL = "reveal"
REVEAL_SECONDS = 30.0


def _idle_turn(state: State) -> bool:
    """Nothing added and nothing drawn yet this turn (GRU-8, 12)."""
    return not state.drew and state.added == 0


def prompt_of(state: State) -> Prompt | None:
    """The active seat's turn prompt (``None`` outside phase ``play``). ``submit`` is free-form (in
    ``kinds``, never in ``choices``); ``draw``, ``end`` and ``pass`` list their legal payloads, ``[]``
    while refused (so a client hears why). The id ``r<round>-t<turn>-<steps>`` changes with every
    accepted action; its clock ``r<round>-t<turn>`` is the turn's, so the turn timer measures the whole
    turn (GRU-12)."""
    if state.phase != "play":
        return None
    idle = _idle_turn(state)
    one_card = len(state.hands[state.active]) == 1
    choices: dict[str, list[dict[str, Any]]] = {
        "draw": [{}] if idle and state.stock else [],
        "end": [] if idle else [{"grucha": False}, *([{"grucha": True}] if one_card else [])],
        "pass": [{}] if idle and not state.stock else [],
    }
    default = "end" if not idle else "draw_end" if state.stock else "pass"
    turn = f"r{state.round}-t{state.turn}"
    return Prompt(f"{turn}-{state.steps}", list(KINDS), "turn", default, choices, clock=turn)


def next_prompt(state: State) -> Prompt:
    """A seat's prompt while a round's end is on show (GRU-13): ``next`` once read; timer ``reveal``,
    whose default ``next`` is no strike (a seat that lets it lapse has decided nothing)."""
    return Prompt(f"r{state.round}-next", ["next"], REVEAL, "next", {"next": [{}]}, strike=False)


def prompts(state: State) -> dict[int, Prompt]:
    """One seat at a time, the active player; while a round's end is on show, every seat not yet
    ready (GRU-13)."""
    if state.phase == "scores":
        return {seat: next_prompt(state) for seat, done in enumerate(state.ready) if not done}
    prompt = prompt_of(state)
    return {} if prompt is None else {state.active: prompt}


# ---- the transitions of each action kind ----------------------------------------------------------------
def _refuse(code: str, reason: str, message: str = "", **details: Any) -> IllegalAction:
    return IllegalAction(code, message, {"reason": reason, **details})


def rearranged(before: list[Group], after: list[Group]) -> tuple[list[str], list[str], list[str]]:
    """What a submission did to the cards already on the table (GRU-10, GRU-6), in the new table's
    order: the table cards that moved to another group, and the jokers that stand for another card now,
    with the name of what each stands for. Each old group goes on as the new group holding most of its
    cards (the larger old groups choose first; two old groups never go on as one): its cards elsewhere
    moved, and so did all of an old group that no new group goes on from (its cards joined others). A
    group that only gained cards from the hand moved nothing. What a joker stands for is a card's name
    (``AH``), never a card id: a card of that name may be in someone's hand."""
    where = {card: n for n, group in enumerate(after) for card in group.cards}
    successor: dict[int, int] = {}  # old group -> the new group it goes on as
    taken: set[int] = set()
    for old in sorted(range(len(before)), key=lambda g: -len(before[g].cards)):
        counts: dict[int, int] = {}
        for card in before[old].cards:
            counts[where[card]] = counts.get(where[card], 0) + 1
        free = [n for n in counts if n not in taken]
        if free:
            successor[old] = max(free, key=lambda n: (counts[n], -n))
            taken.add(successor[old])
    home = {card: successor.get(g) for g, group in enumerate(before) for card in group.cards}
    meaning = {joker: name for group in before for joker, name in group.jokers.items()}
    regrouped: list[str] = []
    jokers: list[str] = []
    joker_as: list[str] = []
    for n, group in enumerate(after):
        regrouped += [card for card in group.cards if card in home and home[card] != n]
        for joker, name in group.jokers.items():
            if joker in meaning and meaning[joker] != name:
                jokers.append(joker)
                joker_as.append(name)
    return regrouped, jokers, joker_as


def _submit(state: State, seat: int, action: Submit, ctx: Ctx) -> list[EventBody]:
    """GRU-9, 10: the complete new table; the round ends when the hand is empty (GRU-13), its
    cards named in the event: the next deal comes in a later step."""
    hand = state.hands[seat]
    accepted = table.check(state.table, hand, action.groups, state.options, state.opened[seat])
    regrouped, jokers, joker_as = rearranged(state.table, accepted.table)
    gone = set(accepted.added)
    state.hands[seat] = [c for c in hand if c not in gone]
    state.table = accepted.table
    state.added += len(accepted.added)
    state.steps += 1
    state.opened[seat] = True
    count = len(accepted.added)
    played = Submitted(
        seat,
        count,
        list(accepted.table),
        accepted.added,
        went_out=not state.hands[seat],
        regrouped=regrouped,
        jokers=jokers,
        joker_as=joker_as,
    )
    if state.hands[seat]:
        return [played]
    return [played, *end_round(state, seat, ctx.now)]


def _draw(state: State, seat: int, action: Draw | Timeout, ctx: Ctx) -> list[EventBody]:
    """GRU-8: one card, once, before any card is played; never from an empty stock (GRU-14)."""
    if state.drew:
        raise _refuse("grucha/no_draw", "already_drew", "one card a turn")
    if state.added:
        raise _refuse("grucha/no_draw", "already_played", "a turn that played draws no card")
    if not state.stock:
        raise _refuse("grucha/no_draw", "stock_empty", "the stock is empty")
    state.drew = True
    state.steps += 1
    return draw(state, seat, 1, "draw")


def _end(state: State, seat: int, action: End, ctx: Ctx) -> list[EventBody]:
    """GRU-11, 12: only after adding or drawing; the call only with exactly one card."""
    if _idle_turn(state):
        raise _refuse("grucha/cannot_end", "nothing_done", "play or draw a card first")
    size = len(state.hands[seat])
    if action.grucha and size != 1:
        raise _refuse("grucha/bad_call", "hand_size", f"GRUCHA with {size} cards in hand", hand=size)
    return end_turn(state, seat, action.grucha)


def _pass(state: State, seat: int, action: Pass, ctx: Ctx) -> list[EventBody]:
    """GRU-14: only with an empty stock and nothing added or drawn."""
    if state.stock:
        raise _refuse("grucha/no_pass", "stock_not_empty", "draw or play instead")
    if not _idle_turn(state):
        raise _refuse("grucha/no_pass", "played", "end the turn instead")
    return pass_turn(state, seat, ctx.now)


def _next(state: State, seat: int, action: Next, ctx: Ctx) -> list[EventBody]:
    """GRU-13: ``seat`` is done reading the round's end (`check` lets only ``next`` or its timeout
    through while it is on show)."""
    require_choice(next_prompt(state), action)
    return ready(state, seat, ctx.rng)


def _timeout(state: State, seat: int, action: Timeout, ctx: Ctx) -> list[EventBody]:
    """GRU-12: draw one and end, pass with an empty stock, or end; never with the GRUCHA call. At a
    round's end on show, the lapsed ``reveal`` timer makes the seat ready (GRU-13)."""
    if state.phase == "scores":
        return [TimedOut(seat, "next"), *ready(state, seat, ctx.rng)]
    prompt = prompt_of(state)
    assert prompt is not None  # `check` found this seat's prompt
    bodies: list[EventBody] = [TimedOut(seat, prompt.default)]
    if prompt.default == "pass":
        return [*bodies, *pass_turn(state, seat, ctx.now)]
    if prompt.default == "draw_end":
        bodies += _draw(state, seat, action, ctx)
    return [*bodies, *end_turn(state, seat, grucha=False)]


#: Action kind -> its transition (state, seat, action, ctx) -> events.
HANDLERS: dict[str, Callable[[State, int, Any, Ctx], list[EventBody]]] = {
    "submit": _submit,
    "draw": _draw,
    "end": _end,
    "pass": _pass,
    "next": _next,
    "timeout": _timeout,
}


def apply(state: State, seat: int, action: Any, ctx: Ctx) -> list[EventBody]:
    """Apply one action that `check` let through (refusals: ``grucha/*`` codes with ``details.reason``,
    see `games.grucha.model` and `games.grucha.table`). The first applied action stamps the match's
    start time (GRU-15) and its events begin with round 1's deal (GRU-2). Raises `TypeError` for a
    kind without a transition."""
    transition = handler(HANDLERS, action)
    if state.started is None:
        state.started = ctx.now
    told: list[EventBody] = []
    if state.announce:
        state.announce, told = False, [started(state)]
    return [*told, *transition(state, seat, action, ctx)]
