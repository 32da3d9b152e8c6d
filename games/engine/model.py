"""The engine's value types: prompts, events with audiences, outcomes, the timeout action and ``Ctx``."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import msgspec

from games.engine.rng import Rng

E = TypeVar("E")

#: A seat is an index 0..n-1; ``None`` stands for a spectator wherever a viewer is meant.
Seat = int


class Audience(msgspec.Struct, frozen=True, omit_defaults=True):
    """Who may see an event: everyone (spectators included) by default; ``to`` lists the only seats that
    see it (no spectator); ``exclude`` lists seats that do not (spectators still do)."""

    to: tuple[int, ...] | None = None
    exclude: tuple[int, ...] = ()

    def sees(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (a seat, or ``None`` for a spectator) may see the event."""
        if self.to is not None:
            return viewer is not None and viewer in self.to
        return viewer is None or viewer not in self.exclude


EVERYONE = Audience()


def only(*seats: int) -> Audience:
    """An audience of just these seats."""
    return Audience(to=tuple(seats))


def all_but(*seats: int) -> Audience:
    """Everyone, spectators included, except these seats."""
    return Audience(exclude=tuple(seats))


class Event(msgspec.Struct, Generic[E], frozen=True):
    """One thing that happened, for one audience. ``body`` is a tagged Struct of the game's event union."""

    body: E
    audience: Audience = EVERYONE


class Prompt(msgspec.Struct, omit_defaults=True):
    """What one seat may do now.

    - ``id``: stable for as long as this seat's prompt stays the same; a ``Timeout`` must name it.
    - ``kinds``: the action tags the seat may send.
    - ``choices``: for kinds whose legal actions are finite, each legal action's fields (without
      ``kind``) — ``{"reveal": [{"slot": 0}, {"slot": 2}], "stop": [{}]}``; a kind absent here takes
      free-form fields described by its schema.
    - ``timer``: the timer class whose seconds the room's settings give (``turn``, ``reaction``, ``cut``,
      ``setup``, ``commit``).
    - ``default``: what a timeout does, in a word (``pass``, ``stop``, ``reveal_random``...).
    - ``strike``: whether letting this prompt time out counts against the seat (a strike; two in a row
      mark it away). True for a decision of the seat's own (its turn, its commitment); false for a
      prompt whose default is to do nothing, such as a reaction window's pass: a seat with nothing to
      play lets those lapse all game and is not absent for it.
    - ``clock``: what the timer measures, when that is more than one prompt: successive prompts of a
      seat with the same ``clock`` keep the first one's deadline although their ids change (a turn of
      several actions, each changing the prompt, timed as a whole: Grucha's GRU-12). ``None``: the
      prompt's own id, so each new prompt starts its timer afresh. Never sent to clients.
    """

    id: str
    kinds: list[str]
    timer: str = "turn"
    default: str = "pass"
    choices: dict[str, list[dict[str, Any]]] = {}
    strike: bool = True
    clock: str | None = None


class Outcome(msgspec.Struct, frozen=True):
    """The end of a game.

    - ``ranks[seat]``: 1 for the best, up to the seat count; equal ranks tie; some seat is ranked 1 even
      when nobody wins (the ranking still orders the table).
    - ``winners``: the seats ranked 1, in seat order; or empty when the rules say nobody wins (Infarkt,
      INF-17: nobody left alive), and then ``reason`` says why and is not ``finished``.
    - ``reason``: a word: ``finished`` (the rules ended it, with winners), the rules' name for an end
      without a winner (``no_survivor``), or the name of the guard that ended it (``turn_limit``).
    - ``guard``: true when a guard and not the rules ended it.

    The conformance suite's ``outcome`` check holds every game to this.
    """

    ranks: list[int]
    winners: list[int]
    reason: str = "finished"
    guard: bool = False


class ActionStruct(msgspec.Struct, frozen=True, tag_field="kind", forbid_unknown_fields=True):
    """The base of every action type: tagged by ``kind``, an unknown field refused (``action/malformed``).
    A subclass gives its ``tag`` and says ``frozen=True`` again (type checkers do not inherit it):
    ``class Reveal(ActionStruct, frozen=True, tag="reveal")``."""


class EventStruct(msgspec.Struct, frozen=True, tag_field="kind"):
    """The base of every event body type, tagged by ``kind``: ``class Moved(EventStruct, frozen=True,
    tag="moved")``."""


class Timeout(ActionStruct, frozen=True, tag="timeout"):
    """The server's action when ``prompt``'s deadline passes; the game applies that prompt's default."""

    prompt: str


class TimedOut(EventStruct, frozen=True, tag="timed_out"):
    """``seat``'s deadline passed; the game applied ``default`` (the kind of that prompt's default action)
    for it. The event of a `Timeout`, shared by every game's event union."""

    seat: int
    default: str


class GameEnded(EventStruct, frozen=True, tag="game_end"):
    """The game is over, as its `Outcome` says (``ranks``, ``winners``, ``guard``): the last event of
    every game, shared by every game's event union and built with `GameEnded.of`. ``reason`` is the
    game's own word for what ended it (Grucha's ``points``, iGranie's ``round_24``), which may say more
    than ``outcome.reason`` (``finished``); see protocol/README.md, "`outcome.reason` and the
    `game_end` event"."""

    ranks: list[int]
    winners: list[int]
    reason: str
    guard: bool = False

    @classmethod
    def of(cls, outcome: Outcome, reason: str | None = None) -> GameEnded:
        """The event that announces ``outcome``, with the game's word ``reason`` (default: the
        outcome's)."""
        said = outcome.reason if reason is None else reason
        return cls(list(outcome.ranks), list(outcome.winners), said, outcome.guard)


class Ctx:
    """What an action may draw on besides the state: ``rng`` (this step's stream) and ``now`` (the server's
    time in seconds since the Unix epoch, recorded in the log with the action so a replay is exact)."""

    __slots__ = ("now", "rng")

    def __init__(self, rng: Rng, now: float = 0.0) -> None:
        self.rng = rng
        self.now = now

    @classmethod
    def for_step(cls, seed: bytes, version: int, now: float = 0.0) -> Ctx:
        """The context of the action that turns state ``version`` into ``version + 1``."""
        return cls(Rng(seed, f"v{version}"), now)


def encode_args(action: Any) -> dict[str, Any]:
    """An action Struct's fields without its tag, as a prompt's ``choices`` lists them."""
    return {f: getattr(action, f) for f in action.__struct_fields__}


def kind_of(action: Any) -> str:
    """An action Struct's tag, its ``kind`` (``timeout`` for `Timeout`)."""
    return str(action.__struct_config__.tag)
