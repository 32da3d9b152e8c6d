"""What Gregs Tagebuch shows and hides: the view (the same for every seat and spectators), the hidden
card ids, a re-deal of them for the search, the invariants and one line of standings for people."""

from __future__ import annotations

from games.engine import Rng
from games.gregs import rules
from games.gregs.cards import ACTIONS, CHEESE, NAMES, RANK_IDS, RANKS, VALUES
from games.gregs.events import SlotView, View
from games.gregs.model import Slot, State


def view(state: State) -> View:
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
        to_act=rules.to_act(state),
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


def invariants(state: State) -> list[str]:
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


def hidden(state: State) -> set[str]:
    """Ids no one sees: the draw pile and the unrevealed action cards of the fan (the cheese is known
    to be in the fan, only its slot is secret: `redeal` covers that)."""
    return set(state.draw) | {s.card for s in state.fan if not s.revealed and s.card != CHEESE}


def redeal(new: State, rng: Rng) -> State:
    """``new`` (a copy) with the unrevealed fan cards and the draw pile dealt anew (same counts; the
    cheese stays in an unrevealed slot of the fan)."""
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


#: where a character stands on the track, in words that are not the outcome's ranks (GRE-8)
_WHERE = {None: "not past any card yet", 2: "at the top (past the 2 card)"}


def standings(view: View) -> str:
    """The characters from the best placed (rightmost) on, each with its seat, the curse holder marked,
    and the rank card it stands past, so that the track's cards are not read as the outcome's ranks:
    ``Greg (seat 0) at the top (past the 2 card), Manni (seat 2, curse) past the 30 card, Rupert
    (seat 1) not past any card yet`` (GRE-8). Once over with the curse holder at the top, the line says
    why it ranks second (GRE-20): ``...; the curse holder cannot win: it ranks second``."""
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
        where = {None: "not past any card yet", 2: "at the top (past the 2 card)"}.get(
            rank, f"past the {rank} card"
        )
        parts.append(f"{NAMES[card]} (seat {seat}{curse}) {where}")
    line = ", ".join(parts)
    if view.phase == "over" and placed and seat_of[placed[-1][0]] == view.holder:
        line += "; the curse holder cannot win: it ranks second"
    return line
