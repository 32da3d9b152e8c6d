"""Infarkt's entry to its transitions: setup, who is prompted with what, and one handler per action
kind, checked against the seat's own prompt (rules INF-1…28; README.md lists every ruling).

The round lives in `games.infarkt.flow`, the places' actions in `games.infarkt.places`, the tracks and
deaths in `games.infarkt.health`; this module decides who is prompted and checks what they send.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engine import Ctx, Event, Prompt, Rng, handler, kind_of, require_choice
from games.engine import commitments as cm
from games.engine import windows as wn
from games.infarkt import flow, places
from games.infarkt.actions import Choose, FamilyAnswer, PlaceFigures, UseMedicine
from games.infarkt.cards import EVENTS, GOODS, MEDICINES
from games.infarkt.events import Committed, EventBody, Picked, Placed, TimedOut
from games.infarkt.health import medicines_of
from games.infarkt.model import Decision, Options, Player, State
from games.infarkt.places import legal_sets

MIN_SEATS, MAX_SEATS = 2, 5

#: Timeout defaults of the decision steps (README, "Prompts and timeouts").
DEFAULTS = {"option": "none", "place": "random_legal"}


def setup(seats: int, options: Options, ctx: Ctx) -> State:
    """INF-5, INF-6, INF-27, INF-28 (`Options` checks the variant against the expansions). Raises
    ``ValueError`` for a seat count out of 2..5."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"infarkt seats 2 to 5 players, not {seats}")
    rng = ctx.rng
    goods, meds, events = list(GOODS), list(MEDICINES), list(EVENTS)
    for pile in (goods, meds, events):
        rng.shuffle(pile)
    start = rng.below(seats)  # INF-6 ruling: a random start player
    players = []
    for _ in range(seats):
        cards = [goods.pop()] if seats == 2 else [meds.pop(), goods.pop()]  # INF-5, INF-28
        players.append(Player([0] * 6, 1, cards))
    bonus = {3: (1,), 4: (1,), 5: (2, 1)}.get(seats, ())
    for offset, money in enumerate(bonus):
        players[(start + 2 + offset) % seats].money += money
    places_ = flow.places_in_play(options.expansions)
    state = State(seats, options, places_, players, start, goods=goods, medicines=meds, events=events)
    state.market = [state.goods.pop() for _ in range(3)] + [state.medicines.pop()]
    settle(state, rng)  # the first round's offer and picker: its events go with the first action
    state.announce = True
    return state


# ---- prompts ------------------------------------------------------------------------------------------
def prompts(state: State) -> dict[int, Prompt]:
    """The accepting window's seats, else the decision's seat, else every seat yet to place."""
    if state.phase == "over":
        return {}
    if wn.accepting(state.windows) is not None:
        return wn.prompts(state.windows, lambda w, s: flow.window_choices(state, w, s))
    if state.decision is not None:
        return {state.decision.seat: _decision_prompt(state, state.decision)}
    return _commit_prompts(state)


def decision_choices(state: State, d: Decision) -> dict[str, list[dict[str, Any]]]:
    """The legal answers to decision ``d``: kind -> argument dicts, as a prompt's ``choices``."""
    if d.step == "place":
        return {"place": [{"places": s} for s in legal_sets(state, d.seat)]}
    if d.step == "pick":
        values = flow.pickable(state, d.seat)
    elif d.step == "remove":
        values = list(state.preview)
    else:
        values = places.values(state, d)
    return {"choose": [{"value": v} for v in values]}


def _with_medicines(state: State, seat: int, choices: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """INF-19: every prompt a holder receives also offers its medicines."""
    meds = medicines_of(state.players[seat])
    return {**choices, "medicine": [{"card": c} for c in meds]} if meds else choices


def _decision_prompt(state: State, d: Decision) -> Prompt:
    choices = decision_choices(state, d)
    if d.step not in ("take", "give"):  # a swap under way may need the medicines it was chosen with
        choices = _with_medicines(state, d.seat, choices)
    used = state.players[d.seat].medicines_used
    default = DEFAULTS.get(d.step, "first")
    return Prompt(f"d{state.decisions}/{d.step}/{used}", list(choices), "turn", default, choices)


def _commit_prompts(state: State) -> dict[int, Prompt]:
    base = cm.prompts(state.placements, ["place"], default="random_legal", prefix="place")
    for seat, prompt in base.items():
        choices = _with_medicines(state, seat, {"place": [{"places": s} for s in legal_sets(state, seat)]})
        prompt.id += f"/{state.players[seat].medicines_used}"
        prompt.kinds, prompt.choices = list(choices), choices
    return base


# ---- actions ------------------------------------------------------------------------------------------
def apply(state: State, seat: int, action: Any, ctx: Ctx) -> list[Event[Any]]:
    """Apply one action of ``seat`` (a timeout as its prompt's default); a value outside the prompt's
    choices is refused ``action/bad_choice`` (`games.engine.require_choice`), a window's ``pass``
    being always open. The first action's events begin with round 1's start (`flow.opening`)."""
    prompt = prompts(state)[seat]
    bodies: list[EventBody] = flow.opening(state) if state.announce else []
    state.announce = False
    if kind_of(action) == "timeout":
        bodies.append(TimedOut(seat, prompt.default))
        action = _default(state, seat, prompt, ctx.rng)
    elif kind_of(action) == "place":  # any order of a legal set names the same set
        action = PlaceFigures(
            sorted(action.places, key=lambda p: state.places.index(p) if p in state.places else -1)
        )
    require_choice(prompt, action, free=("pass",))
    bodies += handler(HANDLERS, action)(state, seat, action, ctx.rng)
    return [Event(b) for b in bodies] + settle(state, ctx.rng)


def _default(state: State, seat: int, prompt: Prompt, rng: Rng) -> Any:
    if prompt.default == "pass":
        return wn.Pass()
    if prompt.default == "random_legal":
        return PlaceFigures(rng.choice(legal_sets(state, seat)))
    if prompt.default == "none":
        return Choose(places.NONE)
    return Choose(prompt.choices["choose"][0]["value"])


def _medicine(state: State, seat: int, action: UseMedicine, rng: Rng) -> list[EventBody]:
    """INF-13: at any prompt; in a window the play is a record, its effect at once."""
    window = wn.accepting(state.windows)
    if window is not None:
        wn.play(state.windows, seat, action, cancellable=False)
    bodies = flow.use_medicine(state, seat, action.card)
    d = state.decision
    if window is None and d is not None and d.step == "pick" and not flow.pickable(state, seat):
        state.decision, state.decisions = None, state.decisions + 1  # INF-21 left nothing to pick
        bodies.append(Picked(seat, None))
    return bodies


def _family(state: State, seat: int, action: FamilyAnswer, rng: Rng) -> list[EventBody]:
    wn.play(state.windows, seat, action)
    return []


def _pass(state: State, seat: int, action: wn.Pass, rng: Rng) -> list[EventBody]:
    wn.pass_(state.windows, seat)
    return []


def _place(state: State, seat: int, action: PlaceFigures, rng: Rng) -> list[EventBody]:
    """INF-8: a hidden commitment (revealed when the last living seat has placed), or in sequential
    placement a visible placement of the seat in turn."""
    chosen = action.places
    if state.decision is not None:
        state.decision, state.decisions = None, state.decisions + 1
        state.players[seat].figures = list(chosen)
        return [Placed({seat: list(chosen)})]
    cm.commit(state.placements, seat, list(chosen))
    bodies: list[EventBody] = [Committed(seat)]
    if cm.all_committed(state.placements):
        revealed = cm.reveal(state.placements)
        for s, figures in revealed:
            state.players[s].figures = list(figures)
        bodies.append(Placed(dict(revealed)))
        bodies += flow.begin_actions(state, rng)
    return bodies


def _choose(state: State, seat: int, action: Choose, rng: Rng) -> list[EventBody]:
    """The answer to the decision under way: an event pick, an afterlife removal or a place's step."""
    d = state.decision
    assert d is not None
    if d.step == "pick":
        state.decisions += 1
        return flow.pick(state, seat, action.value)
    if d.step == "remove":
        state.decisions += 1
        return flow.remove_preview(state, action.value)
    return places.choose(state, d, action.value, rng)


#: The transition of each action kind (a timeout is its prompt's default, so it has none of its own).
HANDLERS: dict[str, Callable[[State, int, Any, Rng], list[EventBody]]] = {
    "medicine": _medicine,
    "family": _family,
    "pass": _pass,
    "place": _place,
    "choose": _choose,
}


def settle(state: State, rng: Rng) -> list[Event[Any]]:
    """Run the queue and move the round on until someone is prompted or the game is over."""
    events: list[Event[Any]] = []
    resolver = flow.Resolver(state, rng)
    while True:
        events += wn.run(state.windows, resolver)
        if wn.accepting(state.windows) or state.decision or cm.is_open(state.placements):
            return events
        if state.phase == "over":
            return events
        events += [Event(b) for b in flow.advance(state, rng)]
