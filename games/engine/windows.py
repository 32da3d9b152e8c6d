"""Reaction windows and the queue of pending effects: out-of-turn plays as data in the state.

The model (DESIGN.md, "Reaction windows"; IGR-30, INF-19). A game embeds one `Windows` value in its
state, generic over its effect type ``F`` (a tagged Struct union) and its play payload ``P``:

- ``stack``: the windows not yet finished. The top one either accepts plays (it makes the prompts) or is
  resolving; a window opened while another resolves sits above it (nesting), and the lower one resumes
  when the upper one is done.
- A `Window` lists its eligible ``seats`` in order, starting from the active player (no seat twice). In
  an **ordered** window the seat at ``turn`` plays or passes, round and round; in a **concurrent**
  window every eligible seat that has not passed is prompted at once. Either way a play clears
  ``passed``, and the window closes when every eligible seat has passed since the last play. In a
  **once** window (offers, consents, questions: IGR-36's Staff offer, INF-25's family tokens) every
  listed seat is prompted at once and answers exactly once, a play or a pass (``answered``); it closes
  when all have answered. Its plays cannot target (nobody could answer back), so another seat's answer
  changes nothing a seat may choose: a seat's prompt id stays the same until it answers, and its
  deadline with it.
- A **rounds** window (IGR-30's ruling: the order of the table is kept, the waiting is not) asks every
  eligible seat at once, in *rounds of asking*: each seat answers once a round, a play or a pass, and
  nobody sees what it sent (its play is ``held``) until the round is complete. Then the round's plays
  are *taken* in the window's seat order (the active player first: the ids follow that order), and
  everyone is asked again; a round without a play closes the window. So a window where nobody plays
  costs one deadline, not one per seat, and which seat clicked first changes nothing. A seat's prompt
  id stays the same for the whole round (``w<window>/r<round>/<seat>``); a play may target only a play
  taken in an earlier round. The game announces the plays a round took (`take`) when they are taken,
  not when they are sent: until then a play is the sender's secret.
- Each window names the ``timer`` class of its prompts and their ``default`` word (``reaction`` and
  ``pass`` unless the game says otherwise: Staff defaults to ``accept``); the game's ``apply`` carries
  out the default of a `Timeout`. Every prompt has its own id.
- A ``skip_idle`` window (public information only: a skipped seat shows everyone it had no legal play)
  counts a seat without a legal play as passed: `run` asks the game's `Resolver.choices`, the same
  lists the prompts offer, so a holder who spent its last medicine is not prompted again (INF-19).
- A `Play` has an id unique in the game; a play with a ``target`` cancels the play with that id, which
  must be a cancellable play of the same window (``window/no_target`` otherwise), so a retried action
  never hits another and no card is wasted on a play that cannot be cancelled.
- On close the window resolves last-in-first-out: a cancel that is itself not cancelled marks its target
  cancelled; so a cancel of a cancel restores the original. The plays then enter the front of ``queue``
  newest first (``cancelled`` settled), followed by the window's closing marker.
- ``queue`` holds pending effects: the rest of the interrupted action. `guard` queues effects behind a
  new window ("a window before each effect" in one call). `run` drains the queue to a fixed point — it
  hands each item to the game's `Resolver` (an effect, a resolved play, a closed window) and stops when
  a window accepts plays or the queue is empty. The game calls `run` after every action.

Contests decided on totals that plays modified (IGR-18) are in `games.engine.contests`.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, Literal, TypeVar

import msgspec

from games.engine.errors import IllegalAction
from games.engine.model import ActionStruct, Event, Prompt

F = TypeVar("F")
P = TypeVar("P")

Mode = Literal["ordered", "concurrent", "once", "rounds"]
#: A seat's legal plays in a window by kind, as a prompt's ``choices`` lists them (without ``pass``).
Choices = dict[str, list[dict[str, Any]]]

#: The action kind that passes in a window; every window prompt offers it.
PASS = "pass"


class Pass(ActionStruct, frozen=True, tag="pass"):
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
    the seat to respond (ordered mode); ``passed`` the seats that passed since the last play (once mode:
    that passed); ``answered`` the seats that answered (once mode); ``plays`` in the order played;
    ``resolving`` once closed and its plays are being resolved. ``timer`` and ``default`` go into its
    prompts; ``skip_idle``: a seat without a legal play counts as passed. Everything here is public: a
    game may put windows in its views as they are."""

    id: int
    mode: Mode
    seats: list[int]
    purpose: str = ""
    timer: str = "reaction"
    default: str = PASS
    skip_idle: bool = False
    turn: int = 0
    passed: list[int] = []
    answered: list[int] = []
    plays: list[Play[P]] = []
    resolving: bool = False
    round: int = 0


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
    held: list[Play[P]] = []
    taken: list[Play[P]] = []


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

    def choices(self, window: Window[P], seat: int) -> Choices:
        """``seat``'s legal plays in ``window``, the lists the game's prompts offer (`prompts`); asked
        only for ``skip_idle`` windows, where a seat whose lists are all empty counts as passed. A game
        that opens such windows overrides it (the default raises ``TypeError``: the game's bug)."""
        raise TypeError(f"{type(self).__name__}.choices is needed by skip_idle windows")


# ---- opening and acting in windows -------------------------------------------------------------------


def open_window(
    ws: Windows[F, P],
    mode: Mode,
    seats: Sequence[int],
    purpose: str = "",
    opening: Iterable[tuple[int, P]] = (),
    cancellable: bool = True,
    *,
    timer: str = "reaction",
    default: str = PASS,
    skip_idle: bool = False,
) -> Window[P]:
    """Push a new window over ``seats`` (in response order, the active player first) and return it.

    ``opening`` lists ``(seat, payload)`` plays made as the window opens (the announced action the others
    react to; ``cancellable`` applies to them): they get ids but are no response, so nobody has passed
    yet. ``timer`` and ``default`` are its prompts' (``default`` is a word: the game's ``apply`` carries
    it out on a `Timeout`); ``skip_idle`` see the module docstring. A window without eligible seats
    closes at once (its opening plays then resolve). Raises ``ValueError`` when a seat is listed twice
    (the game's bug: no player can cause it).
    """
    if len(set(seats)) != len(seats):
        raise ValueError(f"a window lists each seat once, not {list(seats)}")
    window: Window[P] = Window(
        ws.next_window, mode, list(seats), purpose, timer=timer, default=default, skip_idle=skip_idle
    )
    ws.next_window += 1
    for seat, payload in opening:
        window.plays.append(Play(id=ws.next_play, seat=seat, payload=payload, cancellable=cancellable))
        ws.next_play += 1
    ws.stack.append(window)
    if not window.seats:
        _close(ws, window)
    return window


def guard(
    ws: Windows[F, P],
    effects: Iterable[F],
    mode: Mode,
    seats: Sequence[int],
    purpose: str = "",
    opening: Iterable[tuple[int, P]] = (),
    cancellable: bool = True,
    *,
    timer: str = "reaction",
    default: str = PASS,
    skip_idle: bool = False,
) -> Window[P]:
    """Queue ``effects`` behind a new window: they run once it has closed and its plays have resolved,
    before whatever was queued (INF-19: "a window before each effect"). Takes `open_window`'s
    arguments and returns the window."""
    push(ws, effects)
    return open_window(
        ws, mode, seats, purpose, opening, cancellable, timer=timer, default=default, skip_idle=skip_idle
    )


def accepting(ws: Windows[F, P]) -> Window[P] | None:
    """The window that accepts plays now (the top one, unless it is resolving), or ``None``."""
    if ws.stack and not ws.stack[-1].resolving:
        return ws.stack[-1]
    return None


def responders(ws: Windows[F, P]) -> list[int]:
    """The seats prompted now: the seat at ``turn`` (ordered), every seat yet to pass (concurrent) or
    yet to answer (once; rounds: in this round)."""
    window = accepting(ws)
    if window is None:
        return []
    if window.mode == "ordered":
        return [window.seats[window.turn]]
    done = window.answered if window.mode in ("once", "rounds") else window.passed
    return [s for s in window.seats if s not in done]


def play(
    ws: Windows[F, P], seat: int, payload: P, target: int | None = None, cancellable: bool = True
) -> Play[P]:
    """Play ``payload`` for ``seat`` in the accepting window; returns the `Play` (with its new id). In a
    once window this is the seat's answer, and the last answer closes the window.

    Raises `IllegalAction`: ``action/no_prompt`` (not a responder now), ``window/not_your_turn``
    (ordered, another seat's turn), ``window/answered`` (once, answered already), ``window/no_target``
    (``target`` names no cancellable play of this window, or the window is a once window).
    """
    window = _responding(ws, seat)
    if target is not None:
        _check_target(window, target)
    if window.mode == "rounds":  # held, without an id, until the round is complete
        held: Play[P] = Play(0, seat, payload, target=target, cancellable=cancellable)
        ws.held.append(held)
        _answer(ws, window, seat)
        return held
    entry: Play[P] = Play(ws.next_play, seat, payload, target=target, cancellable=cancellable)
    ws.next_play += 1
    window.plays.append(entry)
    if window.mode == "once":
        _answer(ws, window, seat)
        return entry
    window.passed = []
    _advance(window)
    return entry


def pass_(ws: Windows[F, P], seat: int) -> bool:
    """Pass for ``seat`` (also what a timeout does); returns whether this pass closed the window.

    Raises `IllegalAction` as `play` does.
    """
    window = _responding(ws, seat)
    if window.mode == "rounds":  # a pass is as secret as a play until the round is complete
        return _answer(ws, window, seat)
    window.passed.append(seat)
    if window.mode == "once":
        return _answer(ws, window, seat)
    _advance(window)
    if len(window.passed) == len(window.seats):
        _close(ws, window)
        return True
    return False


def _responding(ws: Windows[F, P], seat: int) -> Window[P]:
    window = accepting(ws)
    if window is None or seat not in window.seats:
        raise IllegalAction("action/no_prompt")
    if seat in window.answered:
        raise IllegalAction("window/answered")
    if seat in window.passed:
        raise IllegalAction("action/no_prompt")
    if window.mode == "ordered" and window.seats[window.turn] != seat:
        raise IllegalAction("window/not_your_turn")
    return window


def _check_target(window: Window[P], target: int) -> None:
    aimed = next((p for p in window.plays if p.id == target), None)
    if window.mode == "once" or aimed is None or not aimed.cancellable:
        reason = "once" if window.mode == "once" else "missing" if aimed is None else "uncancellable"
        raise IllegalAction("window/no_target", details={"target": target, "reason": reason})


def _answer(ws: Windows[F, P], window: Window[P], seat: int) -> bool:
    window.answered.append(seat)
    if len(window.answered) < len(window.seats):
        return False
    if window.mode == "rounds" and ws.held:
        _take(ws, window)
        return False
    _close(ws, window)
    return True


def _take(ws: Windows[F, P], window: Window[P]) -> None:
    """End a round of asking that brought plays: take them in seat order and ask everyone again."""
    order = {seat: i for i, seat in enumerate(window.seats)}
    for entry in sorted(ws.held, key=lambda p: order[p.seat]):
        entry.id = ws.next_play
        ws.next_play += 1
        window.plays.append(entry)
        ws.taken.append(entry)
    ws.held, window.answered = [], []
    window.round += 1


def take(ws: Windows[F, P]) -> list[Play[P]]:
    """The plays rounds of asking took since the last call (with their ids, in the order taken), for
    the game to announce and carry out; each is returned once."""
    taken, ws.taken = ws.taken, []
    return taken


def _advance(window: Window[P]) -> None:
    if window.mode == "ordered":
        window.turn = (window.turn + 1) % len(window.seats)


def _close(ws: Windows[F, P], window: Window[P]) -> None:
    settle(window.plays)
    window.resolving = True
    items: list[Pending[F, P]] = [Pending(play=p) for p in reversed(window.plays)]
    ws.queue[0:0] = [*items, Pending(closed=window.id)]


def cancelled_ids(plays: Sequence[Play[P]]) -> set[int]:
    """The ids of ``plays`` cancelled if the window closed after them, last-in-first-out: a cancel that
    stands cancels its target unless the target is uncancellable; a cancelled cancel has no effect."""
    by_id = {p.id: p for p in plays}
    cancelled: set[int] = set()
    for entry in reversed(plays):
        if entry.id in cancelled or entry.target is None:
            continue
        target = by_id.get(entry.target)
        if target is not None and target.cancellable:
            cancelled.add(target.id)
    return cancelled


def settle(plays: Sequence[Play[P]]) -> None:
    """Mark each play ``cancelled`` or not (`cancelled_ids`)."""
    cancelled = cancelled_ids(plays)
    for entry in plays:
        entry.cancelled = entry.id in cancelled


# ---- prompts, refusals, effects ------------------------------------------------------------------------


def prompt_id(window: Window[P], seat: int) -> str:
    """``seat``'s prompt id in ``window``: new after every play, and in ordered mode after every pass
    too, so a timeout aimed at an earlier prompt is refused as stale; in once mode the same until the
    seat answers (``w<window>/<seat>``), in rounds mode for the whole round
    (``w<window>/r<round>/<seat>``)."""
    if window.mode == "ordered":
        return f"w{window.id}/{len(window.plays)}/{len(window.passed)}/{seat}"
    if window.mode == "once":
        return f"w{window.id}/{seat}"
    if window.mode == "rounds":
        return f"w{window.id}/r{window.round}/{seat}"
    return f"w{window.id}/{len(window.plays)}/{seat}"


def prompts(ws: Windows[F, P], choices: Callable[[Window[P], int], Choices]) -> dict[int, Prompt]:
    """The prompts of the accepting window (empty if none), by seat: the window's ``timer`` and
    ``default``, kinds ``pass`` plus every kind for which ``choices(window, seat)`` lists a legal play;
    ``strike`` unless the default is ``pass`` (docs/game-authors.md, "Strikes and away")."""
    window = accepting(ws)
    if window is None:
        return {}
    result: dict[int, Prompt] = {}
    for seat in responders(ws):
        offered = {k: v for k, v in choices(window, seat).items() if v}
        result[seat] = Prompt(
            id=prompt_id(window, seat),
            kinds=[PASS, *offered],
            timer=window.timer,
            default=window.default,
            choices={PASS: [{}], **offered},
            # a lapsed window that passes misses no decision; one with another default (a consent
            # taken as "accept") decided for the seat, as a commitment's default does
            strike=window.default != PASS,
        )
    return result


def idle_code(ws: Windows[F, P], seat: int) -> str | None:
    """The refusal for ``seat`` without a prompt: ``window/not_your_turn`` when it waits for its turn in
    an ordered window, ``window/answered`` when it has answered a once window, else ``None``."""
    window = accepting(ws)
    if window is not None and window.mode == "ordered" and seat in window.seats:
        return "window/not_your_turn"
    if window is not None and seat in window.answered:
        return "window/answered"
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
    accepts plays (after passing its idle seats, if it skips them) or the queue is empty. Returns the
    events in order."""
    events: list[Event[Any]] = []
    while True:
        _skip_idle(ws, resolver)
        if not ws.queue or accepting(ws) is not None:
            return events
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


def _skip_idle(ws: Windows[F, P], resolver: Resolver[F, P]) -> None:
    """Pass every responder of a ``skip_idle`` window that has no legal play, until one has or the
    window closes (in an ordered window the next seat's turn comes after each pass)."""
    window = accepting(ws)
    while window is not None and window.skip_idle and not window.resolving:
        idle = [s for s in responders(ws) if not any(resolver.choices(window, s).values())]
        if not idle:
            return
        for seat in idle:
            pass_(ws, seat)
