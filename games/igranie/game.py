"""iGranie z Gruzem as an engine plugin: the class that wires the game's modules to `Game` (README
"Modules"). Rules IGR-1…37 of the spec (``README.md`` beside this file lists every ruling): the setup and
the transitions are in `games.igranie.rules`, the prompts in `games.igranie.choices`, the view and the
conformance hooks in `games.igranie.view`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import Coverage, Ctx, Event, Game, OptionSet, Outcome, Policy, Prompt, Rng
from games.engine import windows as wn
from games.engine.plugin import SeatRange
from games.engine.story import load_story
from games.igranie import actions, cards, choices, events, glossary, model, ranking, rules
from games.igranie.bot import heuristic
from games.igranie.endings import figures
from games.igranie.view import hidden, invariants, redeal, view


class Igranie(Game[model.State, model.Options]):
    """iGranie z Gruzem for 3 to 5 seats, 2 with ``allow_two_players`` (rules IGR-1…37)."""

    id = "igranie"
    title = "iGranie z Gruzem"
    min_seats = 2
    max_seats = rules.MAX_SEATS
    #: IGR-1: 3 to 5 players; 2 only with the two-player variant (what `setup` refuses, the lobby does)
    seat_ranges = (SeatRange({}, 3, 5), SeatRange({"allow_two_players": True}, 2, 5))
    #: Timer classes of its own (README): offers (Staff, Bartering, trades), the defender's give-up,
    #: Lena's rent decision, the neighbour's random discard.
    timers = {"offer": 20.0, "defend": 15.0, "rent": 30.0, "discard": 20.0}
    State = model.State
    Options = model.Options
    Action = actions.Action
    View = events.View
    EventBody = events.EventBody
    #: Characters and cards by their English names in the log.
    story = load_story(
        "games.igranie.data",
        "story.json",
        events.EventBody,
        {r.id: r.name for table in (cards.CHARACTERS, cards.EVENTS, cards.RES) for r in table.values()},
    )
    catalog = glossary.catalog(story)

    def setup(self, seats: int, options: model.Options, ctx: Ctx) -> model.State:
        """IGR-1 (`games.igranie.rules.setup`). Raises ``ValueError`` for a seat count or option the
        table cannot take."""
        return rules.setup(seats, options, ctx)

    def prompts(self, state: model.State) -> dict[int, Prompt]:
        return choices.prompts(state)

    def idle_code(self, state: model.State, seat: int) -> str:
        return wn.idle_code(state.windows, seat) or "action/no_prompt"

    def apply(self, state: model.State, seat: int, action: Any, ctx: Ctx) -> list[Event[Any]]:
        """Apply one action (`games.igranie.rules.apply`; refusals: ``action/bad_choice`` for a choice
        the prompt does not list, ``igranie/*`` and ``window/*`` codes)."""
        return rules.apply(state, seat, action, ctx)

    def view(self, state: model.State, seat: int | None) -> events.View:
        return view(state, seat)

    def outcome(self, state: model.State) -> Outcome | None:
        """IGR-23…25 (`games.igranie.ranking`); ``no_survivor`` when nobody is left alive."""
        if state.phase != "over":
            return None
        return ranking.outcome(state)

    def invariants(self, state: model.State) -> list[str]:
        return invariants(self, state)

    def hidden(self, state: model.State, seat: int | None) -> set[str]:
        return hidden(state, seat)

    def redeal(self, state: model.State, seat: int | None, rng: Rng) -> model.State:
        return redeal(self.copy(state), seat, rng)

    def standings(self, view: events.View) -> str:
        """Dream Bank totals, who is alive and the end reason: `games.igranie.ranking.told`."""
        return ranking.told(view)

    def tallies(self, state: model.State, events: list[Event[Any]]) -> dict[str, int]:
        """How the game ended, deaths and rent rounds: `games.igranie.endings.figures`."""
        return figures(state, events)

    def bots(self) -> Mapping[str, Policy]:
        return {"heuristic": heuristic}

    def coverage(self) -> Coverage:
        """The defaults at 3..5 seats, two players, the house rules together and a 6-week game
        (README "Coverage")."""
        house = {
            "rent": 3,
            "double_portion_after_hunger": True,
            "random_discard_by_left_neighbour": True,
            "abilities_once_per_game": True,
            "removed_cards": ["wrk-tax-1", "chl-wallet-1", "res-denial-1"],
            "continue_after_death": True,
            "first_player": "seat0",
        }
        sets = (
            OptionSet({}, (3, 4, 5)),
            OptionSet({"allow_two_players": True}, (2,)),
            OptionSet(house, (4,)),
            OptionSet({"weeks": 6}, (3,)),
        )
        return Coverage(sets, step_cap=6000, ci_playouts=10)


GAME = Igranie()
