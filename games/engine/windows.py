"""Reaction windows and the queue of pending effects: out-of-turn plays as data in the state.

The model (DESIGN.md, "Reaction windows"; IGR-30, INF-19). A game embeds one `Windows` value in its
state, generic over its effect type ``F`` (a tagged Struct union) and its play payload ``P``:

- ``stack``: the windows not yet finished. The top one either accepts plays (it makes the prompts) or is
  resolving; a window opened while another resolves sits above it (nesting), and the lower one resumes
  when the upper one is done.
- A `Window` lists its eligible ``seats`` in order, starting from the active player. In an **ordered**
  window the seat at ``turn`` plays or passes, round and round; in a **concurrent** window every eligible
  seat that has not passed is prompted at once. Either way a play clears ``passed``, and the window
  closes when every eligible seat has passed since the last play. Every prompt has its own id (timer
  ``reaction``) and defaults to pass on timeout.
- A `Play` has an id unique in the game; a play with a ``target`` cancels the play with that id (which
  must be in the same window: ``window/no_target`` otherwise), so a retried action never hits another.
- On close the window resolves last-in-first-out: a cancel that is itself not cancelled marks its target
  cancelled unless the target is uncancellable; so a cancel of a cancel restores the original. The
  plays then enter the front of ``queue`` newest first (``cancelled`` settled), followed by the window's
  closing marker.
- ``queue`` holds pending effects: the rest of the interrupted action. `run` drains it to a fixed point —
  it hands each item to the game's `Resolver` (an effect, a resolved play, a closed window) and stops
  when a window accepts plays or the queue is empty. The game calls `run` after every action.

`ahead_before_last` and `contest_winner` decide a contest whose totals plays modified: the higher total
wins; equal totals go to the side that led before the last effective play (IGR-18).
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, Literal, TypeVar

import msgspec

from games.engine.errors import IllegalAction
from games.engine.model import Event, Prompt

F = TypeVar("F")
P = TypeVar("P")

Mode = Literal["ordered", "concurrent"]

#: The action kind that passes in a window; every window prompt offers it.
PASS = "pass"


class Pass(msgspec.Struct, frozen=True, tag="pass", tag_field="kind", forbid_unknown_fields=True):
    """The pass action a game may put in its ``Action`` union (``{"kind": "pass"}``)."""


class Play(msgspec.Struct, Generic[P], omit_defaults=True):
    """One play in a window: ``id`` unique in the game, the ``seat`` that played, the game's ``payload``,
    ``target`` the id of the play it cancels (``None``: not a cancel), whether it is ``cancellable``, and
    ``cancelled`` (settled when the window closes)."""

    id: int
    seat: int
    payload: P
    target: int | None = None
    cancellable: bool = True
    cancelled: bool = False


class Window(msgspec.Struct, Generic[P], omit_defaults=True):
    """One reaction window. ``id`` is unique in the game; ``purpose`` is the game's word for what opened
    it; ``seats`` the eligible seats in order from the active player; ``turn`` the index in ``seats`` of
    the seat to respond (ordered mode); ``passed`` the seats that passed since the last play; ``plays`` in
    the order played; ``resolving`` once closed and its plays are being resolved. Everything here is
    public: a game may put windows in its views as they are."""

    id: int
    mode: Mode
    seats: list[int]
    purpose: str = ""
    turn: int = 0
    passed: list[int] = []
    plays: list[Play[P]] = []
    resolving: bool = False


class Pending(msgspec.Struct, Generic[F, P], omit_defaults=True):
    """One queue item; exactly one field is set: a game ``effect``, a resolved ``play`` of the window at
    the top of the stack, or ``closed``, the id of that window once all its plays have resolved."""

    effect: F | None = None
    play: Play[P] | None = None
    closed: int | None = None


class Windows(msgspec.Struct, Generic[F, P], omit_defaults=True):
    """The windows and pending effects of a game's state (see the module docstring)."""

    stack: list[Window[P]] = []
    queue: list[Pending[F, P]] = []
    next_play: int = 1
    next_window: int = 1


class Resolver(abc.ABC, Generic[F, P]):
    """The game's side of `run`: one method per kind of queue item, each returning its events. A method
    may push effects and open windows; `run` stops as soon as a window accepts plays."""

    @abc.abstractmethod
    def on_effect(self, effect: F) -> list[Event[Any]]:
        """Carry out one pending effect."""

    @abc.abstractmethod
    def on_play(self, play: Play[P], window: Window[P]) -> list[Event[Any]]:
        """Resolve one play of ``window`` (newest first); a ``cancelled`` play should do nothing."""

    @abc.abstractmethod
    def on_close(self, window: Window[P]) -> list[Event[Any]]:
        """``window`` has resolved every play and left the stack: continue what it interrupted."""


# ---- opening and acting in windows -------------------------------------------------------------------


def open_window(
    ws: Windows[F, P],
    mode: Mode,
    seats: Sequence[int],
    purpose: str = "",
    opening: Iterable[tuple[int, P]] = (),
    cancellable: bool = True,
) -> Window[P]:
    """Push a new window over ``seats`` (in response order, the active player first) and return it.

    ``opening`` lists ``(seat, payload)`` plays made as the window opens (the announced action the others
    react to; ``cancellable`` applies to them): they get ids but are no response, so nobody has passed
    yet. A window without eligible seats closes at once (its opening plays then resolve).
    """
    window: Window[P] = Window(id=ws.next_window, mode=mode, seats=list(seats), purpose=purpose)
    ws.next_window += 1
    for seat, payload in opening:
        window.plays.append(Play(id=ws.next_play, seat=seat, payload=payload, cancellable=cancellable))
        ws.next_play += 1
    ws.stack.append(window)
    if not window.seats:
        _close(ws, window)
    return window


def accepting(ws: Windows[F, P]) -> Window[P] | None:
    """The window that accepts plays now (the top one, unless it is resolving), or ``None``."""
    if ws.stack and not ws.stack[-1].resolving:
        return ws.stack[-1]
    return None


def responders(ws: Windows[F, P]) -> list[int]:
    """The seats prompted now: the seat at ``turn`` (ordered) or every seat yet to pass (concurrent)."""
    window = accepting(ws)
    if window is None:
        return []
    if window.mode == "ordered":
        return [window.seats[window.turn]]
    return [s for s in window.seats if s not in window.passed]


def play(
    ws: Windows[F, P], seat: int, payload: P, target: int | None = None, cancellable: bool = True
) -> Play[P]:
    """Play ``payload`` for ``seat`` in the accepting window; returns the `Play` (with its new id).

    Raises `IllegalAction`: ``action/no_prompt`` (not a responder now), ``window/not_your_turn``
    (ordered, another seat's turn), ``window/no_target`` (``target`` names no play of this window).
    """
    window = _responding(ws, seat)
    if target is not None and all(p.id != target for p in window.plays):
        raise IllegalAction("window/no_target", details={"target": target})
    entry: Play[P] = Play(ws.next_play, seat, payload, target=target, cancellable=cancellable)
    ws.next_play += 1
    window.plays.append(entry)
    window.passed = []
    _advance(window)
    return entry


def pass_(ws: Windows[F, P], seat: int) -> bool:
    """Pass for ``seat`` (also what a timeout does); returns whether this pass closed the window.

    Raises `IllegalAction` as `play` does.
    """
    window = _responding(ws, seat)
    window.passed.append(seat)
    _advance(window)
    if len(window.passed) == len(window.seats):
        _close(ws, window)
        return True
    return False


def _responding(ws: Windows[F, P], seat: int) -> Window[P]:
    window = accepting(ws)
    if window is None or seat not in window.seats or seat in window.passed:
        raise IllegalAction("action/no_prompt")
    if window.mode == "ordered" and window.seats[window.turn] != seat:
        raise IllegalAction("window/not_your_turn")
    return window


def _advance(window: Window[P]) -> None:
    if window.mode == "ordered":
        window.turn = (window.turn + 1) % len(window.seats)


def _close(ws: Windows[F, P], window: Window[P]) -> None:
    settle(window.plays)
    window.resolving = True
    items: list[Pending[F, P]] = [Pending(play=p) for p in reversed(window.plays)]
    ws.queue[0:0] = [*items, Pending(closed=window.id)]


def settle(plays: Sequence[Play[P]]) -> None:
    """Mark each play ``cancelled`` or not, last-in-first-out: a cancel that stands cancels its target
    unless the target is uncancellable; a cancelled cancel has no effect (its target stands)."""
    by_id = {p.id: p for p in plays}
    cancelled: set[int] = set()
    for entry in reversed(plays):
        if entry.id in cancelled or entry.target is None:
            continue
        target = by_id.get(entry.target)
        if target is not None and target.cancellable:
            cancelled.add(target.id)
    for entry in plays:
        entry.cancelled = entry.id in cancelled


# ---- prompts, refusals, effects ------------------------------------------------------------------------


def prompt_id(window: Window[P], seat: int) -> str:
    """``seat``'s prompt id in ``window``: new after every play, and in ordered mode after every pass
    too, so a timeout aimed at an earlier prompt is refused as stale."""
    if window.mode == "ordered":
        return f"w{window.id}/{len(window.plays)}/{len(window.passed)}/{seat}"
    return f"w{window.id}/{len(window.plays)}/{seat}"


def prompts(
    ws: Windows[F, P], choices: Callable[[Window[P], int], dict[str, list[dict[str, Any]]]]
) -> dict[int, Prompt]:
    """The prompts of the accepting window (empty if none), by seat: timer ``reaction``, default
    ``pass``, kinds ``pass`` plus every kind for which ``choices(window, seat)`` lists a legal play."""
    window = accepting(ws)
    if window is None:
        return {}
    result: dict[int, Prompt] = {}
    for seat in responders(ws):
        offered = {k: v for k, v in choices(window, seat).items() if v}
        result[seat] = Prompt(
            id=prompt_id(window, seat),
            kinds=[PASS, *offered],
            timer="reaction",
            default=PASS,
            choices={PASS: [{}], **offered},
            strike=False,  # a lapsed window is a pass, no decision missed (docs/game-authors.md)
        )
    return result


def idle_code(ws: Windows[F, P], seat: int) -> str | None:
    """The refusal for ``seat`` without a prompt: ``window/not_your_turn`` when it waits for its turn in
    an ordered window, else ``None``."""
    window = accepting(ws)
    if window is not None and window.mode == "ordered" and seat in window.seats:
        return "window/not_your_turn"
    return None


def push(ws: Windows[F, P], effects: Iterable[F], front: bool = True) -> None:
    """Queue ``effects`` in the given order: ``front`` (next, before what is already queued) or last."""
    items: list[Pending[F, P]] = [Pending(effect=e) for e in effects]
    if front:
        ws.queue[0:0] = items
    else:
        ws.queue.extend(items)


def run(ws: Windows[F, P], resolver: Resolver[F, P]) -> list[Event[Any]]:
    """Run pending effects to a fixed point: pop an item, let ``resolver`` handle it; stop when a window
    accepts plays or the queue is empty. Returns the events in order."""
    events: list[Event[Any]] = []
    while ws.queue and accepting(ws) is None:
        item = ws.queue.pop(0)
        if item.play is not None:
            events += resolver.on_play(item.play, ws.stack[-1])
        elif item.closed is not None:
            window = ws.stack.pop()
            if window.id != item.closed:
                raise RuntimeError(f"window {window.id} closed out of order (expected {item.closed})")
            events += resolver.on_close(window)
        elif item.effect is not None:
            events += resolver.on_effect(item.effect)
    return events


# ---- contests ----------------------------------------------------------------------------------------


def leader(totals: Sequence[int]) -> int | None:
    """The index of the unique highest total, or ``None`` when the highest is shared."""
    best = max(totals)
    leaders = [i for i, t in enumerate(totals) if t == best]
    return leaders[0] if len(leaders) == 1 else None


def ahead_before_last(start: Sequence[int], deltas: Sequence[Sequence[int]]) -> int | None:
    """The winning side of a contest: the leader of the final totals, or if they are tied, the side that
    led before the last effective play — walking further back while those totals tie too (IGR-18).

    ``start`` holds each side's total before any play (e.g. two dice); ``deltas`` each effective play's
    change to every side, in play order. ``None`` when no point of the history had a unique leader.
    """
    history = [list(start)]
    for delta in deltas:
        history.append([t + d for t, d in zip(history[-1], delta, strict=True)])
    for totals in reversed(history):
        side = leader(totals)
        if side is not None:
            return side
    return None


def contest_winner(
    window: Window[P], start: Sequence[int], delta: Callable[[Play[P]], Sequence[int]]
) -> int | None:
    """`ahead_before_last` over a settled window: ``delta(play)`` is a play's change to each side's
    total; cancelled plays, and plays that change nothing (cancels), do not count."""
    deltas = [delta(p) for p in window.plays if not p.cancelled]
    return ahead_before_last(start, [d for d in deltas if any(d)])
