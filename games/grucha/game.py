"""Grucha as an engine plugin: the class that wires the game's modules to `games.engine.Game`.

Rules GRU-1…15 of the spec (see ``README.md`` beside this file for every ruling and the module map):
transitions and prompts in `games.grucha.rules`, what each seat sees in `games.grucha.view`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import Ctx, Event, Game, Outcome, Policy, Prompt, Rng
from games.engine.coverage import Coverage, OptionSet
from games.engine.story import load_story
from games.grucha import bot, events, glossary, model, moves, rules, view
from games.grucha.actions import SUBMIT, Action
from games.grucha.cards import FACE_NAMES, NAMES
from games.grucha.events import EventBody, View
from games.grucha.model import Options, State


class Grucha(Game[State, Options]):
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
    story = load_story("games.grucha.data", "story.json", EventBody, NAMES | FACE_NAMES)
    timers = {rules.REVEAL: rules.REVEAL_SECONDS}
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
        ready (GRU-13): `games.grucha.rules.prompts`."""
        return rules.prompts(state)

    def apply(self, state: model.State, seat: int, action: Any, ctx: Ctx) -> list[Event[Any]]:
        """Apply one action: `games.grucha.rules.apply` (refusals: ``grucha/*`` codes with
        ``details.reason``)."""
        return [Event(body) for body in rules.apply(state, seat, action, ctx)]

    def view(self, state: model.State, seat: int | None) -> events.View:
        """The table, scores and turn are public; a seat sees its own hand, and every hand's size; once
        a round has ended every hand is public: `games.grucha.view.view`."""
        return view.view(state, seat)

    def outcome(self, state: model.State) -> Outcome | None:
        """GRU-15 once over: lowest total ranks 1, equal totals share."""
        return rules.outcome(state) if state.phase == "over" else None

    # ---- conformance hooks ------------------------------------------------------------------------------
    def invariants(self, state: model.State) -> list[str]:
        """Every card exactly once, table groups valid and canonical, hands in order:
        `games.grucha.view.invariants`."""
        return view.invariants(state)

    def hidden(self, state: model.State, seat: int | None) -> set[str]:
        """The stock and the other hands while a round is played, the stock alone after it (GRU-13)."""
        return view.hidden(state, seat)

    def redeal(self, state: model.State, seat: int | None, rng: Rng) -> model.State:
        """A copy with the other hands and the stock dealt anew from their pooled cards (same counts);
        only the stock once the round has ended (the hands are public)."""
        return view.redeal(self.copy(state), seat, rng)

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

    def standings(self, shown: events.View) -> str:
        """The round and the match totals, lowest (best) first, equal totals in seat order: ``round 3,
        totals: seat 1 12, seat 0 30, seat 2 45`` (GRU-13, 15)."""
        order = sorted(range(shown.seats), key=lambda seat: shown.totals[seat])
        return f"round {shown.round}, totals: " + ", ".join(f"seat {s} {shown.totals[s]}" for s in order)

    def bots(self) -> Mapping[str, Policy]:
        """``random`` (uniform among legal moves) and ``greedy``: `games.grucha.bot`."""
        return {"random": bot.random_bot, "greedy": bot.greedy}


GAME = Grucha()
