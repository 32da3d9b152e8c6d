"""The table mechanics of Gregs Tagebuch as pure functions over a `State` (mutated in place).

Each returns the event bodies it produced, in order; `games.gregs.game` wraps them for everyone (nothing
in Gregs is private to one seat: what is hidden is hidden from all, and no event names a hidden card).
"""

from __future__ import annotations

from games.engine import Rng
from games.gregs.cards import CHEESE, LAST_RANK, RANK_IDS, VALUES
from games.gregs.model import (
    CursePassed,
    Discarded,
    EventBody,
    FanBuilt,
    GameEnded,
    LastRound,
    Moved,
    Reshuffled,
    RowBuilt,
    Slot,
    State,
)

#: Action cards added to the fan at the start of every turn (GRE-11).
FAN_DRAW = 3
#: Places the seat that receives the curse from the holder falls back (GRE-18).
CURSE_FALLBACK = 3
#: Cards the holder must reveal before stopping (GRE-16).
HOLDER_REVEALS = 3


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


def finish(state: State, guard: bool) -> GameEnded:
    """End the game (GRE-20; GRE-21 when ``guard``)."""
    state.phase = "over"
    state.guard = guard
    ranks = ranking(state)
    winners = [s for s, r in enumerate(ranks) if r == 1]
    return GameEnded(ranks, winners, "turn_limit" if guard else "finished", guard)
