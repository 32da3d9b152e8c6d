"""The board as a graph of spaces and movement along it (IGR-2…7), pure functions over a `State`.

Spaces: ``start``; ``work-1`` … ``work-15`` (``work-15`` is Payday) and ``chillout-1`` … ``chillout-15``;
``<small loop>-1`` … ``-4`` (``sidegig-2``). A Small Loop's entrance is its Large Loop space named by
`games.igranie.cards.LOOPS` (``entrance``); after its 4th space the figure rejoins its Large Loop on the
space just past the entrance (IGR-6 ruling).
"""

from __future__ import annotations

from typing import Any

from games.engine import Event, Rng
from games.igranie import cards
from games.igranie.effects import draw, gain
from games.igranie.events import Moved
from games.igranie.model import Player, State

START = "start"
PAYDAY = "work-15"
LARGE = 15
#: Large Loop space -> the Small Loop whose entrance it is.
ENTRANCES: dict[str, str] = {
    f"{loop.side}-{loop.entrance}": loop.id for loop in cards.LOOPS.values() if loop.entrance
}


def other(loop: str) -> str:
    return "chillout" if loop == "work" else "work"


def split(space: str) -> tuple[str, int]:
    """``("work", 7)`` for ``work-7``; ``("start", 0)`` for Start."""
    if space == START:
        return START, 0
    loop, _, index = space.rpartition("-")
    return loop, int(index)


def side_of(space: str) -> str | None:
    """The Large Loop a space belongs to (a Small Loop's is its Large Loop's); ``None`` for Start."""
    loop, _ = split(space)
    return None if loop == START else cards.LOOPS[loop].side


def small_loop(space: str) -> str | None:
    loop, _ = split(space)
    return loop if loop in cards.SMALL_LOOPS else None


def forward(player: Player, space: str) -> str:
    """The next space along the arrows; leaving Start enters ``next_loop`` and flips it (IGR-2)."""
    loop, index = split(space)
    if loop == START:
        entered, player.next_loop = player.next_loop, other(player.next_loop)
        return f"{entered}-1"
    if loop in cards.SMALL_LOOPS:
        info = cards.LOOPS[loop]
        return f"{loop}-{index + 1}" if index < info.spaces else f"{info.side}-{info.entrance + 1}"
    return START if index == LARGE else f"{loop}-{index + 1}"


def back(player: Player, space: str) -> str:
    """One space back against the arrows (pushes, IGR-7; backward moves): a Small Loop's first space
    goes back to its entrance; a Large Loop's first space back to Start, whose next loop is then that
    loop again."""
    loop, index = split(space)
    if loop == START:
        return START
    if loop in cards.SMALL_LOOPS:
        info = cards.LOOPS[loop]
        return f"{loop}-{index - 1}" if index > 1 else f"{info.side}-{info.entrance}"
    if index == 1:
        player.next_loop = loop
        return START
    return f"{loop}-{index - 1}"


def _settle_entrance(player: Player) -> None:
    """IGR-6, 7: ending on an entrance (not the one the character avoids) leads into that loop."""
    entrance = ENTRANCES.get(player.space or "")
    avoided = cards.CHARACTERS[player.character].avoids if player.character else ""
    player.enter = entrance if entrance is not None and entrance != avoided else None


def move(state: State, seat: int, steps: int, rng: Rng) -> list[Event[Any]]:
    """Move ``seat``'s figure ``steps`` spaces (negative: back), then push (IGR-7). Forward steps pay
    Payday (IGR-4) and the Special card bonus of a passed entrance (IGR-26). Returns the events; the
    Small Loop the move went into is ``state.turn.loop`` for the mover's own movement."""
    player = state.players[seat]
    space = player.space or START
    path: list[str] = []
    events: list[Event[Any]] = []
    bonus: list[str] = []
    for i in range(abs(steps)):
        if steps < 0:
            space = back(player, space)
        elif i == 0 and player.enter is not None:
            space = f"{player.enter}-1"
        else:
            space = forward(player, space)
        path.append(space)
        if steps > 0 and space == PAYDAY:
            wage = 3 if player.character == "marcin" else 2
            events += gain(state, seat, "money", wage, "payday")
        passed = ENTRANCES.get(space)
        if steps > 0 and i < steps - 1 and passed and cards.SPECIAL_OF_LOOP[passed] in player.specials:
            bonus.append(passed)
    if steps:
        player.enter = None
    player.space = space
    events.insert(0, Event(Moved(seat, path)))
    for _ in bonus:
        events += draw(state, seat, 1, rng, "special_bonus")
    _settle_entrance(player)
    return events + push(state, seat)


def push(state: State, seat: int) -> list[Event[Any]]:
    """IGR-7: a figure ending on an occupied space (not Start) pushes the one there one space back;
    pushes chain while the space behind is occupied."""
    events: list[Event[Any]] = []
    mover = seat
    while True:
        space = state.players[mover].space
        if space is None or space == START:
            return events
        there = [s for s, p in enumerate(state.players) if s != mover and p.space == space and not p.dead]
        if not there:
            return events
        pushed = state.players[there[0]]
        pushed.space = back(pushed, space)
        _settle_entrance(pushed)
        events.append(Event(Moved(there[0], [pushed.space], pushed=True)))
        mover = there[0]
