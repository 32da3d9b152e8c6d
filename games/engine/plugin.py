"""The plugin protocol every game implements, and the engine's one checked way to apply an action.

A game subclasses `Game`, names its types (``State``, ``Options``, ``Action``, ``View``, ``EventBody``) and
implements the five pure functions below plus the conformance hooks. The engine owns decoding, the
prompt check and state encoding, so every game refuses the same mistakes with the same codes.
"""

from __future__ import annotations

import abc
import re
import typing
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, TypeVar

import msgspec
import msgspec.inspect as mi

from games.engine.bots import Bot, Policy
from games.engine.catalog import Catalog
from games.engine.coverage import Coverage, OptionSet
from games.engine.errors import IllegalAction
from games.engine.model import Ctx, Event, Outcome, Prompt, Timeout, kind_of
from games.engine.rng import Rng
from games.engine.story import Story

S = TypeVar("S", bound=msgspec.Struct)
Opt = TypeVar("Opt", bound=msgspec.Struct)

#: The timer classes the engine's own prompts name (turn prompts, reaction windows, commitments, setup
#: choices): every game has them; the server gives their seconds.
ENGINE_TIMERS = frozenset({"turn", "reaction", "commit", "setup"})
#: What a timer class is called: lowercase letters and ``_``, 1 to 32 (as rooms name them).
TIMER_NAME = re.compile(r"[a-z_]{1,32}")


class SeatRange(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The seat counts ``min``..``max`` (inclusive) a table takes when its options have the values in
    ``options`` (option name -> value, as builtins; ``{}``: any options)."""

    options: dict[str, Any]
    min: int
    max: int


class FreeForm(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a client needs to build an action of a free-form kind (one a prompt offers without listing
    its choices): ``about``, what its fields mean in a sentence or two (with the rule ids), and one
    ``example`` of the whole action (``{"kind": ..., ...}``, of the shape the game decodes)."""

    about: str
    example: dict[str, Any]


class Game(abc.ABC, Generic[S, Opt]):
    """One game. Subclasses set the class attributes and implement the abstract methods.

    Attributes: ``id`` (``"gregs"``), ``title``, ``min_seats``/``max_seats``, and the msgspec types
    ``State``, ``Options`` (defaults for every field), ``Action`` (a union of tagged Structs, tag field
    ``kind``; `Timeout` is added by the engine), ``View`` and ``EventBody`` (a union of tagged Structs).
    ``story``: the sentences of its events (`games.engine.story`, from a data file; none by default).
    ``catalog``: the names and texts of its ids in its languages (`games.engine.catalog`; none by default).
    ``shared_view``: true when ``view(state, seat)`` is the same for every seat and spectators (nothing
    hidden from anyone in particular), so a server computes it once per version instead of once per seat.
    ``seat_ranges``: the seat counts each option set allows (`SeatRange`; the last one whose options
    match wins, see `seats_for`), when they depend on options (iGranie: 3 to 5, 2 to 5 with
    ``allow_two_players``); empty: ``min_seats``..``max_seats`` whatever the options. ``min_seats`` and
    ``max_seats`` are then the widest bounds. ``setup`` refuses what they refuse, and the lobby refuses
    a room its options do not seat (tests/engine/test_seat_ranges.py holds every game to both).
    ``free_form``: kind -> `FreeForm` for each kind its prompts may offer free-form (`free_form_kinds`):
    listed by ``GET /api/games`` so a client needs no game's README to build one (Grucha's ``submit``).
    ``timers``: the game's own timer classes (those its prompts name besides `ENGINE_TIMERS`) and their
    default seconds (Gregs: ``{"cut": 20.0, "curse": 20.0}``); it may also give its own default for an
    engine class. A room may set the seconds of `timer_classes` only.
    """

    shared_view: ClassVar[bool] = False
    seat_ranges: ClassVar[tuple[SeatRange, ...]] = ()
    free_form: ClassVar[Mapping[str, FreeForm]] = {}
    timers: ClassVar[Mapping[str, float]] = {}
    story: ClassVar[Story] = Story()
    catalog: ClassVar[Catalog | None] = None
    id: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    State: ClassVar[type[Any]]
    Options: ClassVar[type[Any]]
    Action: ClassVar[Any]
    View: ClassVar[Any]
    EventBody: ClassVar[Any]

    def __init__(self) -> None:
        """Builds the codecs. Raises ``TypeError`` for a Struct reachable from ``Action`` (the action
        Structs and every Struct nested in them, through lists, dicts, tuples, unions and optionals) or
        from ``Options`` that does not set ``forbid_unknown_fields=True``: the protocol promises that an
        unknown field of an action is refused (``action/malformed``) and an unknown option is refused at
        room creation (400 ``request/invalid`` naming its path), so no game may silently drop one; and for
        an ``EventBody`` member not tagged with tag field ``kind``: the protocol documents every event as
        tagged ``kind``. Raises ``ValueError`` for a timer class not named as `TIMER_NAME` says or without
        positive seconds, or a `free_form` example of another kind; `IllegalAction` for one that does not
        decode."""
        for name, seconds in self.timers.items():
            if not TIMER_NAME.fullmatch(name) or not seconds > 0:
                raise ValueError(f"{self.id}: timer {name!r} needs a name of a-z and _ and seconds above 0")
        for root, name in ((self.Action, "action"), (self.Options, "options")):
            for struct in struct_types(root):
                if not struct.forbid_unknown_fields:
                    cls = struct.cls.__name__
                    raise TypeError(f"{self.id}: {name} {cls} must set forbid_unknown_fields=True")
        for body in typing.get_args(self.EventBody) or (self.EventBody,):
            config = body.__struct_config__
            if config.tag is None or config.tag_field != "kind":
                raise TypeError(f"{self.id}: event {body.__name__} must be tagged with tag_field='kind'")
        self._state_enc = msgspec.msgpack.Encoder()
        self._state_dec = msgspec.msgpack.Decoder(self.State)
        self._action_dec = msgspec.json.Decoder(self.Action | Timeout)
        self._action_conv_type = self.Action | Timeout
        for kind, form in self.free_form.items():
            example = self.convert_action(form.example)  # IllegalAction for an example it cannot decode
            if kind_of(example) != kind:
                raise ValueError(f"{self.id}: the free-form example of {kind!r} is a {kind_of(example)!r}")

    # ---- the five rules functions -------------------------------------------------------------------
    @abc.abstractmethod
    def setup(self, seats: int, options: Opt, ctx: Ctx) -> S:
        """A new table for ``seats`` seats. Raises ``ValueError`` for a seat count out of range."""

    @abc.abstractmethod
    def prompts(self, state: S) -> dict[int, Prompt]:
        """Who may act now and what: seat -> `Prompt`; empty once the game is over."""

    @abc.abstractmethod
    def apply(self, state: S, seat: int, action: Any, ctx: Ctx) -> list[Event[Any]]:
        """Apply ``action`` of ``seat`` to ``state`` in place and return its events.

        Called only through `step` (which checked that the seat has a prompt offering the action's kind,
        and the prompt id of a `Timeout`). Raises `IllegalAction`; the caller then discards ``state``.
        """

    @abc.abstractmethod
    def view(self, state: S, seat: int | None) -> Any:
        """What ``seat`` (``None``: a spectator) may see, as a ``View`` Struct."""

    @abc.abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """``None`` while the game goes on; the `Outcome` once it has ended."""

    # ---- conformance hooks ---------------------------------------------------------------------------
    def invariants(self, state: S) -> list[str]:
        """Broken invariants of ``state``, one sentence each (empty when all hold: cards conserved...)."""
        return []

    def hidden(self, state: S, seat: int | None) -> set[str]:
        """Strings ``seat`` may not see anywhere in what it receives (ids of cards hidden from it)."""
        return set()

    def redeal(self, state: S, seat: int | None, rng: Rng) -> S:
        """A copy of ``state`` with everything ``seat`` cannot see dealt anew with ``rng`` (same counts,
        same public facts). The non-interference check requires ``seat``'s view, prompt, events and errors
        to be unchanged by it. The default re-deals nothing (a game without hidden information)."""
        return self.copy(state)

    def idle_code(self, state: S, seat: int) -> str:
        """The code refusing an action of ``seat`` while it has no prompt: ``action/no_prompt`` unless the
        game knows better (``commit/already``, ``window/not_your_turn``), from what that seat can see."""
        return "action/no_prompt"

    def timer_classes(self) -> frozenset[str]:
        """Every timer class this game's prompts may name: the engine's and its own ``timers``."""
        return ENGINE_TIMERS | set(self.timers)

    def bots(self) -> Mapping[str, Bot | Policy]:
        """Named bots: a `Bot` entry (a plain policy, or a search with its node budget) or a bare `Policy`
        (a plain bot). The engine always offers ``random`` and ``search`` (`games.engine.bots.bots_of`);
        an entry of the same name replaces the engine's. A game with a free-form action kind
        (`free_form_kinds`) must name its own ``"random"``: the engine's `random_policy` draws only among
        finite choices."""
        return {}

    def standings(self, view: Any) -> str:
        """One line of standings for people, from a ``View`` (a spectator's at the end of a game:
        ``"Greg (seat 2) at rank 1, ..."``); empty when the game has none to tell."""
        return ""

    def tallies(self, state: S, events: list[Event[Any]]) -> dict[str, int]:
        """Figures of one finished game for ``boardroom arena`` to add up over its games: name -> count,
        read from the final ``state`` and every event of the game in order (iGranie: how it ended, deaths
        by cause, rent rounds in which most seats paid nothing). The default counts nothing."""
        return {}

    def examples(self, state: S, seat: int) -> dict[str, list[dict[str, Any]]]:
        """Sample payloads of ``seat``'s free-form kinds at ``state``: kind -> fields without ``kind``
        (as `Prompt.choices` lists them), legal ones and near-legal ones (a group one card short, a card
        of another seat). The suite builds its probes from them (a hidden card in place of a string at
        any depth, a nested field of the wrong type) and judges free-form picks with them; they are never
        sent to a client. The default gives none (a game whose every kind is finite)."""
        return {}

    def coverage(self) -> Coverage:
        """What the conformance suite must play (`Coverage`): the option sets with the seat counts each
        allows, the step cap and the play-out count in CI. The default: the default options at every seat
        count ``min_seats``..``max_seats``, a cap of 2000 steps, 300 play-outs."""
        return Coverage((OptionSet({}, tuple(range(self.min_seats, self.max_seats + 1))),))

    def declared_seats(self) -> tuple[SeatRange, ...]:
        """`seat_ranges`, or the one range ``min_seats``..``max_seats`` of any options."""
        return self.seat_ranges or (SeatRange({}, self.min_seats, self.max_seats),)

    def seats_for(self, options: Opt) -> tuple[int, int]:
        """``(min, max)`` seats of a table with ``options`` (an ``Options`` Struct): the last declared
        `SeatRange` whose every option has the value it names."""
        values = msgspec.to_builtins(options)
        found = (self.min_seats, self.max_seats)
        for declared in self.declared_seats():
            if all(values.get(name) == value for name, value in declared.options.items()):
                found = (declared.min, declared.max)
        return found

    # ---- codecs (the engine's, shared by every game) ---------------------------------------------------
    def encode_state(self, state: S) -> bytes:
        """The state as MessagePack bytes (what a store keeps)."""
        return self._state_enc.encode(state)

    def decode_state(self, data: bytes) -> S:
        """A fresh state decoded from `encode_state` bytes."""
        return self._state_dec.decode(data)

    def copy(self, state: S) -> S:
        """A deep copy of ``state`` (through its encoding)."""
        return self.decode_state(self.encode_state(state))

    def decode_action(self, data: bytes | str) -> Any:
        """A JSON action (``{"kind": ..., ...}``) decoded to its Struct.

        Raises `IllegalAction` ``action/malformed`` with ``details.error`` naming the JSON path at fault.
        """
        try:
            return self._action_dec.decode(data)
        except (msgspec.DecodeError, RecursionError) as exc:
            raise malformed(exc) from None

    def convert_action(self, obj: Mapping[str, Any]) -> Any:
        """An action from already-parsed JSON data (a dict); errors as `decode_action`."""
        try:
            return msgspec.convert(obj, self._action_conv_type)
        except (msgspec.DecodeError, RecursionError) as exc:
            raise malformed(exc) from None

    def options(self, obj: Mapping[str, Any] | None = None) -> Opt:
        """Options from JSON data, defaults filled in. Raises ``msgspec.ValidationError`` with the path."""
        return msgspec.convert(dict(obj or {}), self.Options)


def malformed(exc: Exception) -> IllegalAction:
    """The one refusal of an action that does not decode: ``action/malformed``, with ``details.error``
    naming the JSON path at fault (a ``msgspec.ValidationError``), ``not valid JSON`` (any other
    ``msgspec.DecodeError``) or ``nested too deeply`` (a ``RecursionError``)."""
    if isinstance(exc, msgspec.ValidationError):
        return IllegalAction("action/malformed", str(exc), {"error": str(exc)})
    if isinstance(exc, msgspec.DecodeError):
        return IllegalAction("action/malformed", "not valid JSON", {"error": str(exc)})
    return IllegalAction("action/malformed", "the action is nested too deeply")


def struct_types(tp: Any) -> list[mi.StructType]:
    """Every Struct type reachable from the type ``tp`` (itself, its fields' types, and on through lists,
    dicts, tuples, sets, unions and optionals), each once, in the order found."""
    found: dict[type, mi.StructType] = {}

    def walk(node: Any) -> None:
        if isinstance(node, mi.StructType):
            if node.cls in found:
                return  # a recursive Struct
            found[node.cls] = node
        if isinstance(node, mi.Field):
            walk(node.type)
        elif isinstance(node, mi.Type):
            for name in node.__struct_fields__:
                value = getattr(node, name)
                for item in value if isinstance(value, tuple) else (value,):
                    walk(item)

    walk(mi.type_info(tp))
    return list(found.values())


def free_form_kinds(prompt: Prompt) -> list[str]:
    """The kinds ``prompt`` offers with free-form fields: those absent from its ``choices`` (a kind listed
    with ``[]`` is offered but has no legal action now; it is not free-form)."""
    return [k for k in prompt.kinds if k not in prompt.choices]


def check(game: Game[Any, Any], state: Any, seat: int, action: Any, answers: str | None = None) -> Prompt:
    """The generic legality checks of `step`, without applying. Returns the seat's prompt.

    ``answers``: the id of the prompt the client says the action answers (an ``act``'s ``prompt``), or
    ``None``. Raises `IllegalAction`: ``action/stale_prompt`` (``answers`` is not the seat's prompt any
    more, ``details.prompt`` its current one if any; or a `Timeout` naming another prompt id),
    ``game/over``, ``action/no_prompt`` (or the game's `Game.idle_code`), ``action/not_offered``.
    """
    prompts = game.prompts(state)
    prompt = prompts.get(seat)
    if answers is not None and (prompt is None or prompt.id != answers):
        details = {"prompt": prompt.id} if prompt is not None else {}
        raise IllegalAction("action/stale_prompt", "the prompt this action answers has changed", details)
    if not prompts and game.outcome(state) is not None:
        raise IllegalAction("game/over")
    if prompt is None:
        raise IllegalAction(game.idle_code(state, seat))
    if isinstance(action, Timeout):
        if action.prompt != prompt.id:
            raise IllegalAction("action/stale_prompt", details={"prompt": prompt.id})
    elif kind_of(action) not in prompt.kinds:
        raise IllegalAction("action/not_offered", details={"kinds": prompt.kinds})
    return prompt


class Stepped(msgspec.Struct, frozen=True):
    """One applied step (`advance`): the ``answered`` prompt (the seat's, before the step), the step's
    ``events``, the game's ``outcome`` after it (``None``: still playing) and the ``prompts`` after it
    (empty once it is over)."""

    answered: Prompt
    events: list[Event[Any]]
    outcome: Outcome | None
    prompts: dict[int, Prompt]


def advance(
    game: Game[Any, Any], state: Any, seat: int, action: Any, ctx: Ctx, answers: str | None = None
) -> Stepped:
    """Check and apply one decoded action of ``seat`` to ``state`` in place: the one composition of a
    step, used by the server and by `games.engine.Match` alike. ``answers`` as in `check`.

    Raises `IllegalAction` (`check`'s codes, or the game's): the state may then be half-changed, so
    callers apply to a private copy (a freshly decoded state) and discard it, and the stored bytes stay
    identical."""
    answered = check(game, state, seat, action, answers)
    events = game.apply(state, seat, action, ctx)
    outcome = game.outcome(state)
    return Stepped(answered, events, outcome, {} if outcome is not None else game.prompts(state))


def step(game: Game[Any, Any], state: Any, seat: int, action: Any, ctx: Ctx) -> list[Event[Any]]:
    """Check and apply one action to ``state`` in place; returns its events (no prompts computed after
    it: the search's play-outs). Raises as `advance`."""
    check(game, state, seat, action)
    return game.apply(state, seat, action, ctx)
