"""Jak nedostat infarkt as an engine plugin: the class that wires the game's modules to `Game`.

Rules INF-1…28 of the spec (``README.md`` beside this file lists every ruling and the modules).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import Ctx, Event, Game, Outcome, Policy, Prompt, Rng
from games.engine import commitments as cm
from games.engine import windows as wn
from games.engine.coverage import Coverage, OptionSet
from games.engine.story import load_story
from games.infarkt import actions, events, flow, glossary, model, rules, view
from games.infarkt.health import told


class Infarkt(Game[model.State, model.Options]):
    """Jak nedostat infarkt for 2 to 5 seats (rules INF-1…28)."""

    id = "infarkt"
    title = "Jak nedostat infarkt"
    min_seats = rules.MIN_SEATS
    max_seats = rules.MAX_SEATS
    #: INF-19: the medicine windows; INF-25: the family question (README, "Prompts and timeouts"). A
    #: window asks only a seat that holds a medicine, and every hand is public (INF-2), so one class for
    #: every window leaks nothing; 15 s lets a player on a phone read the effect and decide.
    timers = {"medicine": 15.0, "family": 10.0}
    State = model.State
    Options = model.Options
    Action = actions.Action
    View = events.View
    EventBody = events.EventBody
    #: Card and place ids by their English names in the log; health changes by track, places by seat.
    story = load_story(
        "games.infarkt.data", "story.json", events.EventBody, glossary.NAMES, glossary.STORY_FIELDS
    )
    catalog = glossary.catalog(story)

    def setup(self, seats: int, options: model.Options, ctx: Ctx) -> model.State:
        """`games.infarkt.rules.setup`: INF-5, INF-6, INF-27, INF-28. Raises ``ValueError`` for a seat
        count out of 2..5."""
        return rules.setup(seats, options, ctx)

    def prompts(self, state: model.State) -> dict[int, Prompt]:
        """The accepting window's seats, else the decision's seat, else every seat yet to place."""
        return rules.prompts(state)

    def apply(self, state: model.State, seat: int, action: Any, ctx: Ctx) -> list[Event[Any]]:
        """Apply one action; a value outside the prompt's choices is refused ``action/bad_choice``."""
        return rules.apply(state, seat, action, ctx)

    def view(self, state: model.State, seat: int | None) -> events.View:
        """Everything public, and of the hidden things only this seat's own."""
        return view.view(state, seat)

    def outcome(self, state: model.State) -> Outcome | None:
        """INF-17: the last living player wins, nobody when nobody is left; ``round_limit`` a guard."""
        return flow.outcome(state)

    def standings(self, view: events.View) -> str:
        """Who survived and in what order the others died: `games.infarkt.health.told`."""
        return told(view.players)

    def idle_code(self, state: model.State, seat: int) -> str:
        return cm.idle_code(state.placements, seat) or wn.idle_code(state.windows, seat) or "action/no_prompt"

    # ---- conformance hooks ------------------------------------------------------------------------------
    def invariants(self, state: model.State) -> list[str]:
        """Cards conserved (154, each once), tracks in 0..10, the dead holding nothing, tokens within
        their supplies and limits."""
        return view.invariants(state)

    def hidden(self, state: model.State, seat: int | None) -> set[str]:
        """The piles' cards; a spree's cards but to their buyer; the returned top card but to those who
        know it; the afterlife preview but to its player (INF: Hidden information)."""
        return view.hidden(state, seat)

    def redeal(self, state: model.State, seat: int | None, rng: Rng) -> model.State:
        """The piles, the cards of another's spree or preview and the other seats' pending placements
        dealt anew; what ``seat`` knows (its spree, the top card it returned, its preview) stays."""
        return view.redeal(self.copy(state), seat, rng)

    def coverage(self) -> Coverage:
        """The base game at 2..5 seats (INF-28 at 2), each expansion alone (the advanced variant, INF-27),
        the extreme variant with three expansions and the afterlife, with two and sequential placement,
        and the afterlife with sequential placement. A game is ~280 checked steps at ~120 per second."""
        sets = [OptionSet({}, (2, 3, 4, 5))]
        for index, expansion in enumerate(("black_market", "nightlife", "flirt", "family", "career")):
            sets.append(OptionSet({"variant": "advanced", "expansions": [expansion]}, (3 + index % 3,)))
        extreme = {"variant": "extreme", "expansions": ["nightlife", "family", "career"], "afterlife": True}
        sequential: dict[str, Any] = {"variant": "extreme", "expansions": ["flirt", "black_market"]}
        sequential["sequential_placement"] = True
        sets += [OptionSet(extreme, (4, 5)), OptionSet(sequential, (2, 4))]
        sets.append(OptionSet({"afterlife": True, "sequential_placement": True}, (3, 5)))
        return Coverage(tuple(sets), step_cap=5000, ci_playouts=30)

    def bots(self) -> Mapping[str, Policy]:
        """``heuristic``: `games.infarkt.bot.heuristic`."""
        from games.infarkt.bot import heuristic

        return {"heuristic": heuristic}


GAME = Infarkt()
