"""Grucha as an engine plugin: setup, prompts, actions, the view, the outcome and the hooks.

Rules GRU-1…15 of the spec (see ``README.md`` beside this file for every ruling). Groups are read in
`games.grucha.melds`, submissions checked in `games.grucha.table`, rounds run in `games.grucha.rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import Ctx, Event, Game, IllegalAction, Outcome, Policy, Prompt, Rng, Timeout
from games.engine.coverage import Coverage, OptionSet
from games.engine.plugin import FreeForm
from games.engine.story import load_story
from games.grucha import bot, events, glossary, model, moves, rules, table
from games.grucha.actions import Action, Draw, End, Pass, Submit
from games.grucha.cards import MAX_JOKERS_PER_DECK, deck, face, is_joker, name_of, sort_key
from games.grucha.events import EventBody, Submitted, TimedOut, View
from games.grucha.melds import MeldError, read
from games.grucha.model import Options, State

KINDS = ["submit", "draw", "end", "pass"]
#: The timer class of a round's end on show (GRU-13) and its default seconds.
REVEAL = "reveal"
REVEAL_SECONDS = 30.0
_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: Card id -> the name people read in the log: ``7S-a`` -> ``7♠``, ``JK-a1`` -> ``joker`` (GRU-1).
NAMES: dict[str, str] = {
    card: "joker" if is_joker(card) else name_of(face(card).rank, "") + _SUITS[face(card).suit]
    for card in deck(MAX_JOKERS_PER_DECK)
}


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


def _refuse(code: str, reason: str, message: str = "", **details: Any) -> IllegalAction:
    return IllegalAction(code, message, {"reason": reason, **details})


SUBMIT = FreeForm(
    "GRU-9: the complete new table: every group on the table after the play, those already there (as"
    " they stay or reshaped) and those laid from the hand; `cards` are card ids, `jokers` names the card"
    " a joker stands for (GRU-6). Re-submitting the view's `table` groups keeps their meanings.",
    {"kind": "submit", "groups": [{"cards": ["7S-a", "JK-b1", "9S-b"], "jokers": {"JK-b1": "8S"}}]},
)


class Grucha(Game[model.State, model.Options]):
    """Grucha, the rummy with free table rearrangement, for 2 to 5 seats (rules GRU-1…15)."""

    id = "grucha"
    title = "Grucha"
    min_seats = 2
    max_seats = 5
    State = State
    Options = Options
    Action = Action
    View = View
    EventBody = EventBody
    story = load_story("games.grucha.data", "story.json", EventBody, NAMES)
    timers = {REVEAL: REVEAL_SECONDS}
    #: GRU-9: the one free-form kind, as ``GET /api/games`` lists it (README "Actions")
    free_form = {"submit": SUBMIT}
    catalog = glossary.catalog(story)

    # ---- the five rules functions ---------------------------------------------------------------------
    def setup(self, seats: int, options: model.Options, ctx: Ctx) -> model.State:
        """Round 1 dealt by a random dealer (GRU-2). Raises ``ValueError`` for a seat count out of range."""
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"grucha seats 2 to 5 players, not {seats}")
        state = State(seats, options, dealer=ctx.rng.below(seats), totals=[0] * seats, announce=True)
        rules.deal(state, ctx.rng)
        return state

    def prompts(self, state: model.State) -> dict[int, Prompt]:
        """One seat at a time, the active player; while a round's end is on show, every seat not yet
        ready (GRU-13)."""
        if state.phase == "scores":
            return {seat: next_prompt(state) for seat, done in enumerate(state.ready) if not done}
        prompt = prompt_of(state)
        return {} if prompt is None else {state.active: prompt}

    def apply(self, state: model.State, seat: int, action: Any, ctx: Ctx) -> list[Event[Any]]:
        """Apply one action (refusals: ``grucha/*`` codes with ``details.reason``, see `games.grucha.model`
        and `games.grucha.table`). The first applied action stamps the match's start time (GRU-15) and
        its events begin with round 1's deal (GRU-2)."""
        if state.started is None:
            state.started = ctx.now
        told: list[events.EventBody] = []
        if state.announce:
            state.announce, told = False, [rules.started(state)]
        bodies: list[events.EventBody]
        if state.phase == "scores":  # `check` let only `next` or its timeout through
            lapsed: list[events.EventBody] = [TimedOut(seat, "next")] if isinstance(action, Timeout) else []
            bodies = [*lapsed, *rules.ready(state, seat, ctx.rng)]
        elif isinstance(action, Timeout):
            bodies = self._timeout(state, seat, ctx)
        elif isinstance(action, Submit):
            bodies = self._submit(state, seat, action, ctx)
        elif isinstance(action, Draw):
            bodies = self._draw(state, seat)
        elif isinstance(action, End):
            bodies = self._end(state, seat, action.grucha)
        elif isinstance(action, Pass):
            bodies = self._pass(state, seat, ctx)
        else:
            raise TypeError(f"not a grucha action: {action!r}")
        return [Event(body) for body in [*told, *bodies]]

    def view(self, state: model.State, seat: int | None) -> events.View:
        """The table, scores and turn are public; a seat sees its own hand, and every hand's size; once
        a round has ended every hand is public (``revealed``, GRU-13)."""
        o = state.options
        return View(
            phase=state.phase,
            seats=state.seats,
            seat=seat,
            round=state.round,
            dealer=state.dealer,
            active=state.active,
            to_act=state.active if state.phase == "play" else None,
            hand=list(state.hands[seat]) if seat is not None else [],
            hand_sizes=[len(h) for h in state.hands],
            stock_count=len(state.stock),
            table=list(state.table),
            drew=state.drew,
            added=state.added,
            passes=state.passes,
            opened=list(state.opened),
            totals=list(state.totals),
            ranks=rules.standings(state.totals),
            history=[list(r) for r in state.history],
            rounds=o.rounds,
            point_limit=o.limit,
            time_limit_minutes=o.time_limit_minutes,
            started=state.started,
            opening_min_points=o.opening_min_points,
            jokers_must_be_minority=o.jokers_must_be_minority,
            end_reason=state.end_reason,
            revealed=[list(h) for h in state.hands] if state.phase != "play" else [],
            ready=list(state.ready),
        )

    def outcome(self, state: model.State) -> Outcome | None:
        """GRU-15 once over: lowest total ranks 1, equal totals share."""
        if state.phase != "over":
            return None
        ranks = rules.standings(state.totals)
        return Outcome(ranks, [s for s, r in enumerate(ranks) if r == 1])

    # ---- actions ----------------------------------------------------------------------------------------
    def _submit(self, state: model.State, seat: int, action: Submit, ctx: Ctx) -> list[events.EventBody]:
        """GRU-9, 10: the complete new table; the round ends when the hand is empty (GRU-13), its
        cards named in the event: the next deal comes in a later step."""
        hand = state.hands[seat]
        accepted = table.check(state.table, hand, action.groups, state.options, state.opened[seat])
        gone = set(accepted.added)
        state.hands[seat] = [c for c in hand if c not in gone]
        state.table = accepted.table
        state.added += len(accepted.added)
        state.steps += 1
        state.opened[seat] = True
        count = len(accepted.added)
        played = Submitted(seat, count, list(accepted.table), accepted.added, went_out=not state.hands[seat])
        if state.hands[seat]:
            return [played]
        return [played, *rules.end_round(state, seat, ctx.now)]

    def _draw(self, state: model.State, seat: int) -> list[events.EventBody]:
        """GRU-8: one card, once, before any card is played; never from an empty stock (GRU-14)."""
        if state.drew:
            raise _refuse("grucha/no_draw", "already_drew", "one card a turn")
        if state.added:
            raise _refuse("grucha/no_draw", "already_played", "a turn that played draws no card")
        if not state.stock:
            raise _refuse("grucha/no_draw", "stock_empty", "the stock is empty")
        state.drew = True
        state.steps += 1
        return rules.draw(state, seat, 1, "draw")

    def _end(self, state: model.State, seat: int, grucha: bool) -> list[events.EventBody]:
        """GRU-11, 12: only after adding or drawing; the call only with exactly one card."""
        if _idle_turn(state):
            raise _refuse("grucha/cannot_end", "nothing_done", "play or draw a card first")
        size = len(state.hands[seat])
        if grucha and size != 1:
            raise _refuse("grucha/bad_call", "hand_size", f"GRUCHA with {size} cards in hand", hand=size)
        return rules.end_turn(state, seat, grucha)

    def _pass(self, state: model.State, seat: int, ctx: Ctx) -> list[events.EventBody]:
        """GRU-14: only with an empty stock and nothing added or drawn."""
        if state.stock:
            raise _refuse("grucha/no_pass", "stock_not_empty", "draw or play instead")
        if not _idle_turn(state):
            raise _refuse("grucha/no_pass", "played", "end the turn instead")
        return rules.pass_turn(state, seat, ctx.now)

    def _timeout(self, state: model.State, seat: int, ctx: Ctx) -> list[events.EventBody]:
        """GRU-12: draw one and end, pass with an empty stock, or end; never with the GRUCHA call."""
        prompt = prompt_of(state)
        assert prompt is not None  # `check` found this seat's prompt
        bodies: list[events.EventBody] = [TimedOut(seat, prompt.default)]
        if prompt.default == "pass":
            return [*bodies, *rules.pass_turn(state, seat, ctx.now)]
        if prompt.default == "draw_end":
            bodies += self._draw(state, seat)
        return [*bodies, *rules.end_turn(state, seat, grucha=False)]

    # ---- conformance hooks ------------------------------------------------------------------------------
    def invariants(self, state: model.State) -> list[str]:
        """Every card of the decks exactly once in the hands, the stock and the table; every table group
        valid with the meanings shown; hands in hand order; scores and seats in range."""
        broken: list[str] = []
        everywhere = (
            [c for h in state.hands for c in h] + state.stock + [c for g in state.table for c in g.cards]
        )
        if sorted(everywhere) != sorted(deck(state.options.jokers_per_deck)):
            broken.append("the cards of both decks are not each exactly once in hands, stock and table")
        for index, group in enumerate(state.table):
            try:
                meld = read(group.cards, group.jokers, state.options.jokers_must_be_minority)
            except MeldError as exc:
                broken.append(f"table group {index} is invalid: {exc.reason}")
                continue
            if list(meld.cards) != group.cards or meld.jokers != group.jokers or meld.kind != group.kind:
                broken.append(f"table group {index} is not in canonical order with its meanings")
        if any(h != sorted(h, key=sort_key) for h in state.hands):
            broken.append("a hand is not in hand order")
        if len(state.totals) != state.seats or not 0 <= state.active < state.seats:
            broken.append("totals or the active seat out of range")
        return broken

    def hidden(self, state: model.State, seat: int | None) -> set[str]:
        """The stock and every hand but ``seat``'s (all hands for a spectator) while a round is played;
        the stock alone once it has ended (every hand revealed, GRU-13)."""
        if state.phase != "play":
            return set(state.stock)
        others = {c for s, h in enumerate(state.hands) if s != seat for c in h}
        return others | set(state.stock)

    def redeal(self, state: model.State, seat: int | None, rng: Rng) -> model.State:
        """A copy with the other hands and the stock dealt anew from their pooled cards (same counts);
        only the stock once the round has ended (the hands are public)."""
        new = self.copy(state)
        others = [s for s in range(new.seats) if s != seat and new.phase == "play"]
        pool = [c for s in others for c in new.hands[s]] + new.stock
        rng.shuffle(pool)
        for s in others:
            size = len(new.hands[s])
            new.hands[s], pool = sorted(pool[:size], key=sort_key), pool[size:]
        new.stock = pool
        return new

    def coverage(self) -> Coverage:
        """One-round matches under the defaults and under every rule option together (a rotating dealer,
        an opening minimum, jokers in the minority, one deck's jokers), and the default match to 100
        points, at 2..5 seats. A round is ~650 checked steps, so CI plays few of them."""
        one = {"rounds": 1, "point_limit": None}
        strict = {**one, "rotate_dealer": True, "opening_min_points": 30, "jokers_must_be_minority": True}
        seats = (2, 3, 4, 5)
        strict["jokers_per_deck"] = 1
        sets = (OptionSet(one, seats), OptionSet(strict, seats), OptionSet({}, seats))
        return Coverage(sets, step_cap=20_000, ci_playouts=12)

    def examples(self, state: model.State, seat: int) -> dict[str, list[dict[str, Any]]]:
        """Legal and near-legal payloads (fields without ``kind``, as `Prompt.choices` lists them) per
        kind for ``seat``'s probes: see `games.grucha.moves.examples`."""
        return moves.examples(self, state, seat)

    def standings(self, view: events.View) -> str:
        """The round and the match totals, lowest (best) first, equal totals in seat order: ``round 3,
        totals: seat 1 12, seat 0 30, seat 2 45`` (GRU-13, 15)."""
        order = sorted(range(view.seats), key=lambda seat: view.totals[seat])
        return f"round {view.round}, totals: " + ", ".join(f"seat {s} {view.totals[s]}" for s in order)

    def bots(self) -> Mapping[str, Policy]:
        """``random`` (uniform among legal moves) and ``greedy``: `games.grucha.bot`."""
        return {"random": bot.random_bot, "greedy": bot.greedy}


GAME = Grucha()
