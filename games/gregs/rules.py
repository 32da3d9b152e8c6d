"""Gregs Tagebuch's transitions: who acts and with which prompt, one function per action kind (the
timeout's included) and the table mechanics they share, pure functions over a `State` mutated in place.

Each returns the event bodies it produced, in order; `games.gregs.game` wraps them for everyone (nothing
in Gregs is private to one seat: what is hidden is hidden from all, and no event names a hidden card).
Refusals raise `IllegalAction` with the ``gregs/*`` codes of `games.gregs.model`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engine import IllegalAction, Outcome, Prompt, Rng, first_seat, handler
from games.gregs.actions import Choose, Curse, Cut, Reveal, Stop
from games.gregs.cards import ACTIONS, CHARACTER_IDS, CHEESE, LAST_RANK, RANK_IDS, VALUES
from games.gregs.events import (
    Chosen,
    CursePassed,
    CutMade,
    Discarded,
    EventBody,
    FanBuilt,
    GameEnded,
    LastRound,
    Moved,
    Reshuffled,
    Revealed,
    RevealingOver,
    RowBuilt,
    TimedOut,
)
from games.gregs.model import Options, Slot, State

#: Action cards added to the fan at the start of every turn (GRE-11).
FAN_DRAW = 3
#: Places the seat that receives the curse from the holder falls back (GRE-18).
CURSE_FALLBACK = 3
#: Cards the holder must reveal before stopping (GRE-16).
HOLDER_REVEALS = 3


#: A transition: (state, seat, action, rng) -> the event bodies, in order.
Transition = Callable[[State, int, Any, Rng], list[EventBody]]


# ---- the table and who acts ---------------------------------------------------------------------------
def setup(seats: int, options: Options, rng: Rng) -> State:
    """A table with a shuffled draw pile, waiting for the characters (GRE-3); ``seats`` already checked.
    Raises ``ValueError`` for a start seat past the table's last."""
    start = first_seat(options.start, seats, rng, "start")  # GRE-5
    draw = list(ACTIONS)
    rng.shuffle(draw)
    return State(seats, options, start, characters=[None] * seats, draw=draw, holder=start, active=start)


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
    shown = len(revealed_cards(state))
    return shown == 0 or (state.holder_turn and shown < HOLDER_REVEALS)


def _reveal_prompt(state: State) -> Prompt:
    shown = len(revealed_cards(state))
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


# ---- the transitions, one per action kind ---------------------------------------------------------------
def apply(state: State, seat: int, action: Any, rng: Rng) -> list[EventBody]:
    """Apply ``seat``'s ``action`` (an `Action` or the engine's `Timeout`, already offered by its prompt).
    Raises `IllegalAction` with a ``gregs/*`` code; `TypeError` for a kind without a transition."""
    transition: Transition = handler(HANDLERS, action)
    return transition(state, seat, action, rng)


def _choose(state: State, seat: int, action: Choose, rng: Rng) -> list[EventBody]:
    character = action.character
    if character not in CHARACTER_IDS or character in state.characters:
        raise IllegalAction("gregs/character_taken", f"{character!r} is not a free character")
    state.characters[seat] = character
    bodies: list[EventBody] = [Chosen(seat, character)]
    if None in state.characters:
        return bodies
    return [*bodies, build_row(state), *start_turn(state, rng)]


def _cut(state: State, seat: int, action: Cut, rng: Rng) -> list[EventBody]:
    position = action.position
    if not 0 <= position < len(state.fan):
        raise IllegalAction("gregs/bad_cut", f"the fan has {len(state.fan)} slots", {"slots": len(state.fan)})
    state.fan = state.fan[position:] + state.fan[:position]
    state.phase = "reveal"
    return [CutMade(seat, position)]


def _reveal(state: State, seat: int, action: Reveal, rng: Rng) -> list[EventBody]:
    slot = action.slot
    if not 0 <= slot < len(state.fan):
        raise IllegalAction("gregs/no_slot", f"the fan has {len(state.fan)} slots", {"slots": len(state.fan)})
    if state.fan[slot].revealed:
        raise IllegalAction("gregs/slot_revealed", f"slot {slot} is already revealed", {"slot": slot})
    card = state.fan[slot]
    card.revealed = True
    if card.card == CHEESE:
        return [Revealed(seat, slot, CHEESE, 0), *_cheese(state, seat, rng)]
    bodies: list[EventBody] = [Revealed(seat, slot, card.card, VALUES[card.card])]
    if state.holder_turn and hidden_actions(state) == 0:  # GRE-18: only the cheese is left
        return [*bodies, RevealingOver(seat, "only_cheese", "GRE-18"), *_settle(state, seat, rng)]
    return bodies


def _cheese(state: State, seat: int, rng: Rng) -> list[EventBody]:
    """GRE-17 for the holder (keeps curse and place, whole fan discarded), else GRE-14; the turn's end
    is said to be the rule's (`RevealingOver`)."""
    if state.holder_turn:
        over = RevealingOver(seat, "holder_cheese", "GRE-17")
        return [over, *discard_whole_fan(state), *end_turn(state, rng)]
    moved = move(state, seat, revealed_sum(state))
    return [RevealingOver(seat, "cheese", "GRE-14"), *moved, *take_curse(state, seat), *end_turn(state, rng)]


def _stop(state: State, seat: int, action: Stop, rng: Rng) -> list[EventBody]:
    shown = len(revealed_cards(state))
    if shown == 0:
        raise IllegalAction("gregs/must_reveal")
    if _must_reveal(state):
        raise IllegalAction("gregs/holder_needs_three", details={"revealed": shown})
    return _settle(state, seat, rng)


def _settle(state: State, seat: int, rng: Rng) -> list[EventBody]:
    """GRE-13 / GRE-18: move by the revealed sum; the holder then hands the curse on."""
    moved = move(state, seat, revealed_sum(state))
    if state.holder_turn:
        state.phase = "curse"
        return moved
    return [*moved, *end_turn(state, rng)]


def _curse(state: State, seat: int, action: Curse, rng: Rng) -> list[EventBody]:
    target = action.target
    if not 0 <= target < state.seats or target == seat:
        raise IllegalAction("gregs/bad_target", f"seat {target} cannot receive the curse", {"target": target})
    return [*give_curse(state, target), *end_turn(state, rng)]


def _timeout(state: State, seat: int, action: Any, rng: Rng) -> list[EventBody]:
    """The spec's timeout defaults: first free character, no cut, a random card while one must be
    revealed (else stop), the curse to the best placed other player."""
    prompt = prompt_of(state)
    assert prompt is not None  # `check` found this seat's prompt
    bodies: list[EventBody] = [TimedOut(seat, prompt.default)]
    if state.phase == "choose":
        free = next(c for c in CHARACTER_IDS if c not in state.characters)
        return [*bodies, *_choose(state, seat, Choose(free), rng)]
    if state.phase == "cut":
        return [*bodies, *_cut(state, seat, Cut(0), rng)]
    if state.phase == "curse":
        return [*bodies, *_curse(state, seat, Curse(best_placed_other(state, seat)), rng)]
    if _must_reveal(state):
        slots = [i for i, s in enumerate(state.fan) if not s.revealed]
        return [*bodies, *_reveal(state, seat, Reveal(rng.choice(slots)), rng)]
    return [*bodies, *_settle(state, seat, rng)]


#: The transition of each action kind (the engine's ``timeout`` included).
HANDLERS: dict[str, Transition] = {
    "choose": _choose,
    "cut": _cut,
    "reveal": _reveal,
    "stop": _stop,
    "curse": _curse,
    "timeout": _timeout,
}


# ---- the row ----------------------------------------------------------------------------------------
def build_row(state: State) -> RowBuilt:
    """GRE-6: the start player leftmost, then clockwise, the start player's right neighbour directly left of
    rank 51; the rank cards 51 … 2 after them."""
    n = state.seats
    chars = [state.characters[(state.start + k) % n] for k in range(n)]
    state.row = [c for c in chars if c is not None] + list(RANK_IDS)
    return RowBuilt(list(state.row))


def position(state: State, seat: int) -> int:
    """Row index (0 = leftmost) of ``seat``'s character."""
    return state.row.index(state.characters[seat] or "")


def at_rank_one(state: State, seat: int) -> bool:
    """GRE-8: every place right of the rank-2 card is rank 1."""
    return position(state, seat) > state.row.index(LAST_RANK)


def move(state: State, seat: int, by: int) -> list[EventBody]:
    """GRE-7: move ``seat``'s character ``by`` places (passing that many cards, rank or character),
    clamped to the ends of the row; then GRE-20's trigger when it reached rank 1 first: from then on
    ``turns_left`` counts the turns still to play, this one included (this one and one more per seat)."""
    start = position(state, seat)
    card = state.row.pop(start)
    end = max(0, min(start + by, len(state.row)))
    state.row.insert(end, card)
    events: list[EventBody] = [Moved(seat, by, start, end)]
    if state.triggered_by is None and at_rank_one(state, seat):
        state.triggered_by, state.turns_left = seat, state.seats + 1
        events.append(LastRound(seat))
    return events


# ---- the fan and the piles --------------------------------------------------------------------------
def revealed_cards(state: State) -> list[str]:
    """Action cards revealed in the fan this turn, in slot order."""
    return [s.card for s in state.fan if s.revealed and s.card != CHEESE]


def revealed_sum(state: State) -> int:
    """GRE-13: places the revealed action cards add up to."""
    return sum(VALUES[c] for c in revealed_cards(state))


def hidden_actions(state: State) -> int:
    """Unrevealed action cards left in the fan (public: the fan's size and the cheese are known)."""
    return sum(1 for s in state.fan if not s.revealed and s.card != CHEESE)


def _draw_one(state: State, rng: Rng, events: list[EventBody]) -> bool:
    """GRE-11: take one card from the draw pile, reshuffling the discard pile into it when empty."""
    if not state.draw and state.discard:
        state.draw, state.discard = state.discard, []
        rng.shuffle(state.draw)
        events.append(Reshuffled(len(state.draw)))
    if not state.draw:
        return False
    state.fan.append(Slot(state.draw.pop()))
    return True


def build_fan(state: State, rng: Rng) -> list[EventBody]:
    """GRE-11: the cards left in the fan, the cheese, and up to 3 drawn cards, shuffled face down."""
    events: list[EventBody] = []
    state.fan = [Slot(s.card) for s in state.fan]
    if all(s.card != CHEESE for s in state.fan):
        state.fan.append(Slot(CHEESE))
    drawn = sum(1 for _ in range(FAN_DRAW) if _draw_one(state, rng, events))
    rng.shuffle(state.fan)
    events.append(FanBuilt(state.active, state.holder_turn, len(state.fan), drawn))
    return events


def discard_revealed(state: State) -> list[EventBody]:
    """GRE-19: revealed action cards go to the discard pile; the rest (and the cheese) stay for the next
    fan."""
    cards = revealed_cards(state)
    state.fan = [s for s in state.fan if not s.revealed or s.card == CHEESE]
    state.discard.extend(cards)
    return [Discarded(len(cards))] if cards else []


def discard_whole_fan(state: State) -> list[EventBody]:
    """GRE-17: the holder met the cheese: every action card of the fan, revealed or not, is discarded."""
    cards = [s.card for s in state.fan if s.card != CHEESE]
    state.fan = [Slot(CHEESE, revealed=True)]
    state.discard.extend(cards)
    return [Discarded(len(cards), whole_fan=True)]


# ---- the curse --------------------------------------------------------------------------------------
def take_curse(state: State, seat: int) -> list[EventBody]:
    """GRE-14: ``seat`` revealed the cheese and becomes the holder (the previous holder is freed)."""
    source, state.holder = state.holder, seat
    return [CursePassed(source, seat, "cheese")]


def give_curse(state: State, target: int) -> list[EventBody]:
    """GRE-18: the holder hands the curse to ``target``, who falls back 3 places at once (GRE-7)."""
    source, state.holder = state.holder, target
    return [CursePassed(source, target, "chosen"), *move(state, target, -CURSE_FALLBACK)]


def best_placed_other(state: State, seat: int) -> int:
    """The rightmost seat other than ``seat`` (the default receiver of the curse)."""
    others = [s for s in range(state.seats) if s != seat]
    return max(others, key=lambda s: position(state, s))


# ---- turns and the end ------------------------------------------------------------------------------
def start_turn(state: State, rng: Rng) -> list[EventBody]:
    """Build the fan for ``state.active`` (GRE-11, 15); the cut comes first when offered (GRE-15)."""
    state.holder_turn = state.active == state.holder
    events = build_fan(state, rng)
    state.phase = "cut" if state.holder_turn and state.options.offer_cut else "reveal"
    return events


def end_turn(state: State, rng: Rng) -> list[EventBody]:
    """After every turn (GRE-19): discard, count the turn, end the game (GRE-20, 21) or pass the turn
    clockwise (GRE-5) and start the next one."""
    events = discard_revealed(state)
    state.turn += 1
    if state.turns_left is not None:
        state.turns_left -= 1
    if state.turns_left == 0:
        return [*events, finish(state, guard=False)]
    if state.turn >= state.options.turn_limit:
        return [*events, finish(state, guard=True)]
    state.active = (state.active + 1) % state.seats
    return [*events, *start_turn(state, rng)]


def ranking(state: State) -> list[int]:
    """GRE-20: rank per seat (1 = best) by position, rightmost first; a curse holder in first place is
    ranked second and the next one first."""
    order = sorted(range(state.seats), key=lambda s: position(state, s), reverse=True)
    if order[0] == state.holder:
        order[0], order[1] = order[1], order[0]
    ranks = [0] * state.seats
    for index, seat in enumerate(order):
        ranks[seat] = index + 1
    return ranks


def outcome(state: State) -> Outcome | None:
    """GRE-20 ranking once over; ``reason="turn_limit", guard=True`` after GRE-21's limit."""
    if state.phase != "over":
        return None
    ranks = ranking(state)  # GRE-20: rightmost first, the holder never first
    winners = [s for s, r in enumerate(ranks) if r == 1]
    if state.guard:
        return Outcome(ranks, winners, "turn_limit", True)  # GRE-21
    return Outcome(ranks, winners)


def finish(state: State, guard: bool) -> GameEnded:
    """End the game (GRE-20; GRE-21 when ``guard``): the event says what `outcome` says."""
    state.phase = "over"
    state.guard = guard
    ended = outcome(state)
    assert ended is not None  # the phase is over
    return GameEnded.of(ended)
