"""Gregs Tagebuch as an engine plugin: the class that wires the game's modules to `Game`.

Rules GRE-1…21 of the spec (see ``README.md`` beside this file for every ruling). Who acts and every
transition live in `games.gregs.rules`, what is seen and hidden in `games.gregs.view`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import Bot, Coverage, Ctx, Event, Game, OptionSet, Outcome, Policy, Prompt, Rng, ismcts
from games.engine.bots import SEARCH_NODES
from games.engine.story import load_story
from games.gregs import actions, events, glossary, model, rules
from games.gregs import view as views
from games.gregs.cards import NAMES


class Gregs(Game[model.State, model.Options]):
    """Gregs Tagebuch: Von Idioten umzingelt! for 3 to 6 seats (rules GRE-1…21)."""

    id = "gregs"
    title = "Gregs Tagebuch: Von Idioten umzingelt!"
    shared_view = True  # `view` ignores the seat: hidden cards are hidden from everyone
    min_seats = 3
    max_seats = 6
    #: Timer classes of its own (README "Timeouts"): the cut before a turn, the curse hand-over.
    timers = {"cut": 20.0, "curse": 20.0}
    State = model.State
    Options = model.Options
    Action = actions.Action
    View = events.View
    EventBody = events.EventBody
    story = load_story("games.gregs.data", "story.json", events.EventBody, NAMES, glossary.STORY_FIELDS)
    catalog = glossary.catalog(story)

    # ---- the five rules functions ---------------------------------------------------------------------
    def setup(self, seats: int, options: model.Options, ctx: Ctx) -> model.State:
        """A table with a shuffled draw pile, waiting for the characters (GRE-3). Raises ``ValueError``."""
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"gregs seats 3 to 6 players, not {seats}")
        return rules.setup(seats, options, ctx.rng)

    def prompts(self, state: model.State) -> dict[int, Prompt]:
        """One seat at a time: the chooser, the cutter, or the active player (turn or curse)."""
        seat, prompt = rules.to_act(state), rules.prompt_of(state)
        return {} if seat is None or prompt is None else {seat: prompt}

    def apply(self, state: model.State, seat: int, action: Any, ctx: Ctx) -> list[Event[Any]]:
        """Apply one action (refusals: ``gregs/*`` codes, see `games.gregs.rules`)."""
        return [Event(body) for body in rules.apply(state, seat, action, ctx.rng)]

    def view(self, state: model.State, seat: int | None) -> events.View:
        """The same view for every seat and spectators (`games.gregs.view.view`)."""
        return views.view(state)

    def outcome(self, state: model.State) -> Outcome | None:
        """GRE-20 ranking once over; ``reason="turn_limit", guard=True`` after GRE-21's limit."""
        return rules.outcome(state)

    # ---- conformance hooks ------------------------------------------------------------------------------
    def invariants(self, state: model.State) -> list[str]:
        """Cards conserved and the row complete (`games.gregs.view.invariants`)."""
        return views.invariants(state)

    def hidden(self, state: model.State, seat: int | None) -> set[str]:
        """The draw pile and the unrevealed action cards, for every viewer (`games.gregs.view.hidden`)."""
        return views.hidden(state)

    def redeal(self, state: model.State, seat: int | None, rng: Rng) -> model.State:
        """A copy with the unrevealed fan cards and the draw pile dealt anew (`games.gregs.view.redeal`)."""
        return views.redeal(self.copy(state), rng)

    def standings(self, view: events.View) -> str:
        """The characters from the best placed on, with seat, curse and rank (`games.gregs.view`)."""
        return views.standings(view)

    def bots(self) -> Mapping[str, Bot | Policy]:
        """``heuristic`` (`games.gregs.bot.heuristic`) and ``search-heuristic``: the engine's search with
        play-outs by the heuristic instead of the random bot."""
        from games.gregs.bot import heuristic

        search = Bot(heuristic, ismcts(self, heuristic), SEARCH_NODES)
        return {"heuristic": heuristic, "search-heuristic": search}

    def coverage(self) -> Coverage:
        """The defaults, and the cut offered with a random start seat (GRE-5, GRE-15), at 3..6 seats; the
        longest play-out of 300 took 139 steps (the turn limit ends a game long before the cap)."""
        variants = {"offer_cut": True, "start": "random"}
        seats = (3, 4, 5, 6)
        return Coverage((OptionSet({}, seats), OptionSet(variants, seats)), step_cap=1000, ci_playouts=300)


GAME = Gregs()
