"""iGranie z Gruzem as an engine plugin: setup, prompts, actions, the view, the outcome and the hooks.

Rules IGR-1…37 of the spec (``README.md`` beside this file lists every ruling). The turn's flow is in
`games.igranie.flow`, the windows' plays in `games.igranie.plays`, the choices in
`games.igranie.choices`; this module validates what a seat sends and carries it out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import (
    Coverage,
    Ctx,
    Event,
    Game,
    IllegalAction,
    OptionSet,
    Outcome,
    Policy,
    Prompt,
    Rng,
    Timeout,
    encode_args,
    first_seat,
    kind_of,
)
from games.engine import windows as wn
from games.engine.plugin import SeatRange
from games.engine.story import load_story
from games.igranie import cards, choices, events, glossary, model, ranking
from games.igranie.actions import carry_out, default_action
from games.igranie.endings import figures
from games.igranie.events import TimedOut
from games.igranie.model import Player, State
from games.igranie.plays import Resolver
from games.igranie.views import hidden, invariants, redeal, view


class Igranie(Game[model.State, model.Options]):
    """iGranie z Gruzem for 3 to 5 seats, 2 with ``allow_two_players`` (rules IGR-1…37)."""

    id = "igranie"
    title = "iGranie z Gruzem"
    min_seats = 2
    max_seats = 5
    #: IGR-1: 3 to 5 players; 2 only with the two-player variant (what `setup` refuses, the lobby does)
    seat_ranges = (SeatRange({}, 3, 5), SeatRange({"allow_two_players": True}, 2, 5))
    #: Timer classes of its own (README): offers (Staff, Bartering, trades), the defender's give-up,
    #: Lena's rent decision, the neighbour's random discard.
    timers = {"offer": 20.0, "defend": 15.0, "rent": 30.0, "discard": 20.0}
    State = model.State
    Options = model.Options
    Action = model.Action
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
        """IGR-1: shuffled decks (less ``removed_cards``), 5 Food, 5 Money, 5 cards each (Special cards
        face up); characters are chosen next. Raises ``ValueError`` for a seat count or option the table
        cannot take."""
        low = 2 if options.allow_two_players else 3
        if not low <= seats <= self.max_seats:
            raise ValueError(f"igranie seats {low} to {self.max_seats} players, not {seats}")
        removable = set(cards.EVENTS) | set(cards.ORDINARY)
        unknown = sorted(set(options.removed_cards) - removable)
        if unknown:
            raise ValueError(f"removed_cards names no Event or ordinary Resourcefulness card: {unknown}")
        rng = ctx.rng
        first = first_seat(options.first_player, seats, rng, "first_player")  # IGR-1
        decks = [
            [c for c in ids if c not in options.removed_cards]
            for ids in (cards.WORK, cards.CHILLOUT, cards.DECK)
        ]
        for deck in decks:
            rng.shuffle(deck)
        work, chillout, res = decks
        players = []
        for _ in range(seats):
            dealt = [res.pop() for _ in range(5)]
            hand = [c for c in dealt if c not in cards.SPECIALS]
            players.append(Player(hand=hand, specials=[c for c in dealt if c in cards.SPECIALS]))
        return State(seats, options, first, players, work, chillout, res, active=first)

    def prompts(self, state: model.State) -> dict[int, Prompt]:
        return choices.prompts(state)

    def idle_code(self, state: model.State, seat: int) -> str:
        return wn.idle_code(state.windows, seat) or "action/no_prompt"

    def apply(self, state: model.State, seat: int, action: Any, ctx: Ctx) -> list[Event[Any]]:
        """Apply one action (refusals: ``action/bad_choice`` for a choice the prompt does not list,
        ``igranie/*`` and ``window/*`` codes)."""
        prompt = choices.prompts(state)[seat]
        state.serial += 1
        events: list[Event[Any]] = []
        if isinstance(action, Timeout):
            events.append(Event(TimedOut(seat, prompt.default)))
            action = default_action(state, seat, prompt)
        kind = kind_of(action)
        listed = prompt.choices.get(kind)
        if kind not in ("cancel", "pass") and (listed is None or encode_args(action) not in listed):
            raise IllegalAction("action/bad_choice", details={"kind": kind})
        events += carry_out(state, seat, action, prompt, ctx)
        return events + wn.run(state.windows, Resolver(state, ctx))

    def view(self, state: model.State, seat: int | None) -> events.View:
        return view(state, seat)

    def outcome(self, state: model.State) -> Outcome | None:
        """IGR-23…25 (`games.igranie.ranking`); ``no_survivor`` when nobody is left alive."""
        if state.phase != "over":
            return None
        order = ranking.ranks(state)
        won = ranking.winners(state, order)
        return Outcome(order, won, "finished" if won else "no_survivor")

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
        from games.igranie.bot import heuristic

        return {"heuristic": heuristic}

    def coverage(self) -> Coverage:
        """The defaults at 3..5 seats, two players, and the house rules together (README "Coverage")."""
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
        )
        return Coverage(sets, step_cap=6000, ci_playouts=10)


GAME = Igranie()
