"""Gregs Tagebuch as an engine plugin: setup, prompts, actions, the view, the outcome and the hooks.

Rules GRE-1…21 of the spec (see ``README.md`` beside this file for every ruling). The table mechanics
live in `games.gregs.rules`; this module decides who acts and validates what they send.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine import (
    Bot,
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
    first_seat,
    ismcts,
)
from games.engine.bots import SEARCH_NODES
from games.engine.story import load_story
from games.gregs import glossary, model, rules
from games.gregs.cards import ACTIONS, CHARACTER_IDS, CHEESE, NAMES, RANK_IDS, RANKS, VALUES
from games.gregs.model import (
    Action,
    Choose,
    Chosen,
    Curse,
    Cut,
    CutMade,
    EventBody,
    Options,
    Reveal,
    Revealed,
    Slot,
    SlotView,
    State,
    Stop,
    TimedOut,
    View,
)


def to_act(state: State) -> int | None:
    """The one seat prompted now (``None`` once the game is over)."""
    if state.phase == "choose":
        return state.characters.index(None)
    if state.phase == "cut":
        return (state.holder - 1) % state.seats  # the holder's right-hand neighbour (GRE-5, 15)
    if state.phase == "over":
        return None
    return state.active


def _must_reveal(state: State) -> bool:
    """GRE-12, 16: a card must be revealed before stopping (three for the holder, while action cards
    remain unrevealed)."""
    shown = len(rules.revealed_cards(state))
    return shown == 0 or (state.holder_turn and shown < rules.HOLDER_REVEALS)


def _reveal_prompt(state: State) -> Prompt:
    shown = len(rules.revealed_cards(state))
    # "stop" stays among the kinds with no choice while it is not allowed, so a client that sends it is
    # told why (gregs/must_reveal, gregs/holder_needs_three) rather than that it is not offered.
    choices: dict[str, list[dict[str, Any]]] = {
        "reveal": [{"slot": i} for i, s in enumerate(state.fan) if not s.revealed],
        "stop": [] if _must_reveal(state) else [{}],
    }
    default = "reveal_random" if _must_reveal(state) else "stop"
    return Prompt(f"t{state.turn}-reveal-{shown}", list(choices), "turn", default, choices)


def prompt_of(state: State) -> Prompt | None:
    """The prompt of `to_act` (ids are stable while the situation is the same)."""
    if state.phase == "choose":
        seat = to_act(state)
        free = [{"character": c} for c in CHARACTER_IDS if c not in state.characters]
        return Prompt(f"choose-{seat}", ["choose"], "setup", "first_free", {"choose": free})
    if state.phase == "cut":
        cuts = [{"position": p} for p in range(len(state.fan))]
        return Prompt(f"t{state.turn}-cut", ["cut"], "cut", "no_cut", {"cut": cuts})
    if state.phase == "curse":
        targets = [{"target": s} for s in range(state.seats) if s != state.active]
        return Prompt(f"t{state.turn}-curse", ["curse"], "curse", "best_placed", {"curse": targets})
    if state.phase == "reveal":
        return _reveal_prompt(state)
    return None


class Gregs(Game[model.State, model.Options]):
    """Gregs Tagebuch: Von Idioten umzingelt! for 3 to 6 seats (rules GRE-1…21)."""

    id = "gregs"
    title = "Gregs Tagebuch: Von Idioten umzingelt!"
    shared_view = True  # `view` ignores the seat: hidden cards are hidden from everyone
    min_seats = 3
    max_seats = 6
    #: Timer classes of its own (README "Timeouts"): the cut before a turn, the curse hand-over.
    timers = {"cut": 20.0, "curse": 20.0}
    State = State
    Options = Options
    Action = Action
    View = View
    EventBody = EventBody
    story = load_story("games.gregs.data", "story.json", EventBody, NAMES)
    catalog = glossary.catalog(story)

    # ---- the five rules functions ---------------------------------------------------------------------
    def setup(self, seats: int, options: model.Options, ctx: Ctx) -> model.State:
        """A table with a shuffled draw pile, waiting for the characters (GRE-3). Raises ``ValueError``."""
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"gregs seats 3 to 6 players, not {seats}")
        start = first_seat(options.start, seats, ctx.rng, "start")  # GRE-5
        draw = list(ACTIONS)
        ctx.rng.shuffle(draw)
        return State(seats, options, start, characters=[None] * seats, draw=draw, holder=start, active=start)

    def prompts(self, state: model.State) -> dict[int, Prompt]:
        """One seat at a time: the chooser, the cutter, or the active player (turn or curse)."""
        seat, prompt = to_act(state), prompt_of(state)
        return {} if seat is None or prompt is None else {seat: prompt}

    def apply(self, state: model.State, seat: int, action: Any, ctx: Ctx) -> list[Event[Any]]:
        """Apply one action (refusals: ``gregs/*`` codes, see `games.gregs.model`)."""
        bodies: list[model.EventBody]
        if isinstance(action, Timeout):
            bodies = self._timeout(state, seat, ctx.rng)
        elif isinstance(action, Choose):
            bodies = self._choose(state, seat, action.character, ctx.rng)
        elif isinstance(action, Cut):
            bodies = self._cut(state, seat, action.position)
        elif isinstance(action, Reveal):
            bodies = self._reveal(state, seat, action.slot, ctx.rng)
        elif isinstance(action, Stop):
            bodies = self._stop(state, seat, ctx.rng)
        elif isinstance(action, Curse):
            bodies = self._curse(state, seat, action.target, ctx.rng)
        else:
            raise TypeError(f"not a gregs action: {action!r}")
        return [Event(body) for body in bodies]

    def view(self, state: model.State, seat: int | None) -> model.View:
        """The same view for every seat and spectators: the fan as slots, unrevealed ones hidden."""
        fan = [
            SlotView(i, s.card, VALUES.get(s.card, 0)) if s.revealed else SlotView(i)
            for i, s in enumerate(state.fan)
        ]
        return View(
            phase=state.phase,
            seats=state.seats,
            characters=list(state.characters),
            row=list(state.row),
            holder=state.holder,
            active=state.active,
            holder_turn=state.holder_turn,
            to_act=to_act(state),
            fan=fan,
            revealed_sum=rules.revealed_sum(state),
            draw_count=len(state.draw),
            discard_count=len(state.discard),
            discard=list(state.discard),
            turn=state.turn,
            turn_limit=state.options.turn_limit,
            last_round=state.triggered_by is not None,
            turns_left=state.turns_left,
        )

    def outcome(self, state: model.State) -> Outcome | None:
        """GRE-20 ranking once over; ``reason="turn_limit", guard=True`` after GRE-21's limit."""
        if state.phase != "over":
            return None
        ranks = rules.ranking(state)
        winners = [s for s, r in enumerate(ranks) if r == 1]
        if state.guard:
            return Outcome(ranks, winners, "turn_limit", True)
        return Outcome(ranks, winners)

    # ---- actions ----------------------------------------------------------------------------------------
    def _choose(self, state: model.State, seat: int, character: str, rng: Rng) -> list[model.EventBody]:
        if character not in CHARACTER_IDS or character in state.characters:
            raise IllegalAction("gregs/character_taken", f"{character!r} is not a free character")
        state.characters[seat] = character
        bodies: list[model.EventBody] = [Chosen(seat, character)]
        if None in state.characters:
            return bodies
        return [*bodies, rules.build_row(state), *rules.start_turn(state, rng)]

    def _cut(self, state: model.State, seat: int, position: int) -> list[model.EventBody]:
        if not 0 <= position < len(state.fan):
            raise IllegalAction(
                "gregs/bad_cut", f"the fan has {len(state.fan)} slots", {"slots": len(state.fan)}
            )
        state.fan = state.fan[position:] + state.fan[:position]
        state.phase = "reveal"
        return [CutMade(seat, position)]

    def _reveal(self, state: model.State, seat: int, slot: int, rng: Rng) -> list[model.EventBody]:
        if not 0 <= slot < len(state.fan):
            raise IllegalAction(
                "gregs/no_slot", f"the fan has {len(state.fan)} slots", {"slots": len(state.fan)}
            )
        if state.fan[slot].revealed:
            raise IllegalAction("gregs/slot_revealed", f"slot {slot} is already revealed", {"slot": slot})
        card = state.fan[slot]
        card.revealed = True
        if card.card == CHEESE:
            return [Revealed(seat, slot, CHEESE, 0), *self._cheese(state, seat, rng)]
        bodies: list[model.EventBody] = [Revealed(seat, slot, card.card, VALUES[card.card])]
        if state.holder_turn and rules.hidden_actions(state) == 0:
            return [*bodies, *self._settle(state, seat, rng)]  # GRE-18: only the cheese is left
        return bodies

    def _cheese(self, state: model.State, seat: int, rng: Rng) -> list[model.EventBody]:
        """GRE-17 for the holder (keeps curse and place, whole fan discarded), else GRE-14."""
        if state.holder_turn:
            return [*rules.discard_whole_fan(state), *rules.end_turn(state, rng)]
        moved = rules.move(state, seat, rules.revealed_sum(state))
        return [*moved, *rules.take_curse(state, seat), *rules.end_turn(state, rng)]

    def _stop(self, state: model.State, seat: int, rng: Rng) -> list[model.EventBody]:
        shown = len(rules.revealed_cards(state))
        if shown == 0:
            raise IllegalAction("gregs/must_reveal")
        if _must_reveal(state):
            raise IllegalAction("gregs/holder_needs_three", details={"revealed": shown})
        return self._settle(state, seat, rng)

    def _settle(self, state: model.State, seat: int, rng: Rng) -> list[model.EventBody]:
        """GRE-13 / GRE-18: move by the revealed sum; the holder then hands the curse on."""
        moved = rules.move(state, seat, rules.revealed_sum(state))
        if state.holder_turn:
            state.phase = "curse"
            return moved
        return [*moved, *rules.end_turn(state, rng)]

    def _curse(self, state: model.State, seat: int, target: int, rng: Rng) -> list[model.EventBody]:
        if not 0 <= target < state.seats or target == seat:
            raise IllegalAction(
                "gregs/bad_target", f"seat {target} cannot receive the curse", {"target": target}
            )
        return [*rules.give_curse(state, target), *rules.end_turn(state, rng)]

    def _timeout(self, state: model.State, seat: int, rng: Rng) -> list[model.EventBody]:
        """The spec's timeout defaults: first free character, no cut, a random card while one must be
        revealed (else stop), the curse to the best placed other player."""
        prompt = prompt_of(state)
        assert prompt is not None  # `check` found this seat's prompt
        bodies: list[model.EventBody] = [TimedOut(seat, prompt.default)]
        if state.phase == "choose":
            free = next(c for c in CHARACTER_IDS if c not in state.characters)
            return [*bodies, *self._choose(state, seat, free, rng)]
        if state.phase == "cut":
            return [*bodies, *self._cut(state, seat, 0)]
        if state.phase == "curse":
            return [*bodies, *self._curse(state, seat, rules.best_placed_other(state, seat), rng)]
        if _must_reveal(state):
            slots = [i for i, s in enumerate(state.fan) if not s.revealed]
            return [*bodies, *self._reveal(state, seat, rng.choice(slots), rng)]
        return [*bodies, *self._settle(state, seat, rng)]

    # ---- conformance hooks ------------------------------------------------------------------------------
    def invariants(self, state: model.State) -> list[str]:
        """Cards conserved: the 39 action cards across draw, discard and fan; one cheese in the fan (or set
        aside before the first fan); the row holds each seat's character and the 6 rank cards once."""
        broken: list[str] = []
        fan_actions = [s.card for s in state.fan if s.card != CHEESE]
        if sorted(state.draw + state.discard + fan_actions) != sorted(ACTIONS):
            broken.append("the 39 action cards are not each exactly once in draw, discard and fan")
        cheeses = sum(1 for s in state.fan if s.card == CHEESE)
        if cheeses != 1 and not (cheeses == 0 and state.phase == "choose" and not state.fan):
            broken.append(f"the fan holds {cheeses} cheese cards")
        if state.phase != "choose":
            expected = sorted([c for c in state.characters if c is not None] + RANK_IDS)
            if sorted(state.row) != expected or None in state.characters:
                broken.append("the row does not hold every character and rank card exactly once")
            if [c for c in state.row if c in RANK_IDS] != RANK_IDS:
                broken.append("the rank cards are out of order")
        if not (0 <= state.holder < state.seats and 0 <= state.active < state.seats):
            broken.append("holder or active seat out of range")
        return broken

    def hidden(self, state: model.State, seat: int | None) -> set[str]:
        """Ids no one sees: the draw pile and the unrevealed action cards of the fan (the cheese is known
        to be in the fan, only its slot is secret: `redeal` covers that)."""
        return set(state.draw) | {s.card for s in state.fan if not s.revealed and s.card != CHEESE}

    def redeal(self, state: model.State, seat: int | None, rng: Rng) -> model.State:
        """A copy with the unrevealed fan cards and the draw pile dealt anew (same counts; the cheese stays
        in an unrevealed slot of the fan)."""
        new = self.copy(state)
        slots = [i for i, s in enumerate(new.fan) if not s.revealed]
        actions = [new.fan[i].card for i in slots if new.fan[i].card != CHEESE]
        pool = actions + new.draw
        rng.shuffle(pool)
        cards = pool[: len(actions)] + ([CHEESE] if len(actions) < len(slots) else [])
        rng.shuffle(cards)
        for i, card in zip(slots, cards, strict=True):
            new.fan[i] = Slot(card)
        new.draw = pool[len(actions) :]
        return new

    def standings(self, view: model.View) -> str:
        """The characters from the best placed (rightmost) on, each with its seat, the curse holder marked,
        and its rank, the rank card it stands past (right of rank 2: rank 1): ``Greg (seat 0) at rank 1,
        Manni (seat 2, curse) at rank 30, Rupert (seat 1) not yet ranked`` (GRE-8, 20)."""
        seat_of = {c: s for s, c in enumerate(view.characters) if c is not None}
        numbers = {r.id: r.rank for r in RANKS}
        placed: list[tuple[str, int | None]] = []
        passed: int | None = None
        for card in view.row:
            if card in seat_of:
                placed.append((card, passed))
            else:
                passed = numbers[card]
        parts = []
        for card, rank in reversed(placed):
            seat = seat_of[card]
            curse = ", curse" if seat == view.holder else ""
            where = "not yet ranked" if rank is None else f"at rank {1 if rank == 2 else rank}"
            parts.append(f"{NAMES[card]} (seat {seat}{curse}) {where}")
        return ", ".join(parts)

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
