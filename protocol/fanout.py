"""Per-version fan-out: one step of a room turned into each viewer's `Update` (pure, no I/O).

For one step (state version ``frm`` -> ``to``) and the viewers a worker serves (seats, and ``None`` for
all spectators), `fan_out`:

- computes each viewer's view once and encodes it to JSON once; viewers whose JSON is equal share one
  decoded document, and viewers whose (previous, new) pair is equal share one diff (`protocol.diff`);
- filters the step's events with ``Audience.sees(viewer)``;
- attaches the seat's prompt as given by the caller (the server adds deadlines: `prompt_out`);
- returns one `Outgoing` per viewer, whose frame is encoded at most once per codec, so the server writes
  the same bytes to every connection showing that viewer.

A `ViewCache` keeps, per viewer, the last view sent and its version. When it holds no view at ``frm`` for
a viewer (a new viewer, a gap), the previous view is computed from ``prev_state`` if given; failing that,
the viewer gets a `Snapshot` instead of an `Update`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from games.engine import Audience, Event, Game, Outcome, Prompt
from protocol.codec import Codec, Frame
from protocol.diff import Op, diff
from protocol.messages import EventOut, PromptOut, Snapshot, Update

#: A seat index, or ``None`` for the spectators (who all see one view).
Viewer = int | None

_json_encode = msgspec.json.encode
_json_decode = msgspec.json.decode


class CachedView(msgspec.Struct):
    """A viewer's view at ``version``: ``doc`` as JSON builtins (shared, never mutate it) and ``raw``, its
    JSON bytes (the equality key)."""

    version: int
    doc: Any
    raw: bytes


class Step(msgspec.Struct):
    """One committed step: versions ``frm`` -> ``to``, its ``events`` with their audiences, the
    ``prompts`` after it (seat -> `PromptOut`, deadlines included; a seat absent has nothing to do) and
    the ``outcome`` when this step ended the game. ``versions``: the version each event produced, when
    the step spans several (a gap filled from the log); empty: every event produced ``to``."""

    frm: int
    to: int
    events: list[Event[Any]] = []
    prompts: dict[int, PromptOut] = {}
    outcome: Outcome | None = None
    versions: list[int] = []

    def stamped(self) -> list[tuple[Audience, EventOut]]:
        """Each event as sent (with the version it produced) beside its audience."""
        versions = self.versions or [self.to] * len(self.events)
        return [(e.audience, EventOut(v, e.body)) for v, e in zip(versions, self.events, strict=True)]

    def seen_by(
        self, viewer: Viewer, stamped: list[tuple[Audience, EventOut]] | None = None
    ) -> list[EventOut]:
        """The events ``viewer`` (a seat, ``None``: a spectator) may see: the one audience filter of
        every frame, snapshot and log (``stamped``: `stamped` when already built)."""
        return [e for audience, e in (stamped or self.stamped()) if audience.sees(viewer)]


class ViewCache:
    """The last view sent to each viewer of one room (in one worker)."""

    def __init__(self) -> None:
        self._views: dict[Viewer, CachedView] = {}

    def get(self, viewer: Viewer) -> CachedView | None:
        """The last view of ``viewer``, or ``None``."""
        return self._views.get(viewer)

    def put(self, viewer: Viewer, view: CachedView) -> None:
        self._views[viewer] = view

    def forget(self, viewer: Viewer) -> None:
        """Drop ``viewer`` (its last connection left); a later step sends it a snapshot."""
        self._views.pop(viewer, None)

    def __len__(self) -> int:
        return len(self._views)


class Outgoing:
    """One viewer's message for one step, and its frames (encoded on first use, once per codec)."""

    __slots__ = ("_frames", "message", "viewer")

    def __init__(self, viewer: Viewer, message: Update | Snapshot) -> None:
        self.viewer = viewer
        self.message = message
        self._frames: dict[str, Frame] = {}

    def frame(self, codec: Codec) -> Frame:
        """The message as a frame of ``codec`` (the same object for every call with that codec)."""
        frame = self._frames.get(codec.encoding)
        if frame is None:
            frame = self._frames[codec.encoding] = codec.encode_server(self.message)
        return frame


def prompt_out(prompt: Prompt, deadline: float | None = None) -> PromptOut:
    """A game's `Prompt` as sent, with its ``deadline`` (seconds since the Unix epoch, or ``None``)."""
    return PromptOut(
        id=prompt.id,
        kinds=prompt.kinds,
        timer=prompt.timer,
        default=prompt.default,
        choices=prompt.choices,
        deadline=deadline,
        strike=prompt.strike,
    )


class _Renderer:
    """Views of one state: each viewer's computed once (once for all when the game's ``shared_view``),
    decoded once per distinct JSON."""

    def __init__(self, game: Game[Any, Any], state: Any, version: int) -> None:
        self.game = game
        self.state = state
        self.version = version
        self.shared = game.shared_view
        self._docs: dict[bytes, Any] = {}
        self._views: dict[Viewer, CachedView] = {}

    def view(self, viewer: Viewer) -> CachedView:
        key = None if self.shared else viewer
        cached = self._views.get(key)
        if cached is None:
            raw = _json_encode(self.game.view(self.state, key))
            doc = self._docs.get(raw)
            if doc is None:
                doc = self._docs[raw] = _json_decode(raw)
            cached = self._views[key] = CachedView(self.version, doc, raw)
        return cached


def render(game: Game[Any, Any], state: Any, version: int, viewer: Viewer) -> CachedView:
    """``viewer``'s view of ``state`` at ``version``."""
    return _Renderer(game, state, version).view(viewer)


def fan_out(
    game: Game[Any, Any],
    state: Any,
    step: Step,
    viewers: Iterable[Viewer],
    cache: ViewCache,
    prev_state: Any = None,
) -> dict[Viewer, Outgoing]:
    """Each viewer's message for ``step`` (``state`` is the state at ``step.to``); updates ``cache``.

    A viewer gets an `Update` (patch from its view at ``step.frm``; empty when unchanged) or, when neither
    ``cache`` nor ``prev_state`` gives its view at ``step.frm``, a `Snapshot` with this step's events.
    """
    new = _Renderer(game, state, step.to)
    old = _Renderer(game, prev_state, step.frm) if prev_state is not None else None
    events = step.stamped()
    patches: dict[tuple[bytes, bytes], list[Op]] = {}
    out: dict[Viewer, Outgoing] = {}
    for viewer in viewers:
        after = new.view(viewer)
        before = cache.get(viewer)
        if (before is None or before.version != step.frm) and old is not None:
            before = old.view(viewer)
        seen = step.seen_by(viewer, events)
        prompt = step.prompts.get(viewer) if viewer is not None else None
        message: Update | Snapshot
        if before is None or before.version != step.frm:
            message = Snapshot(viewer, step.to, after.doc, prompt, seen, step.outcome)
        else:
            patch = _patch(before, after, patches)
            message = Update(viewer, step.frm, step.to, patch, seen, prompt, step.outcome)
        cache.put(viewer, after)
        out[viewer] = Outgoing(viewer, message)
    return out


def snapshot(
    game: Game[Any, Any],
    state: Any,
    version: int,
    viewer: Viewer,
    cache: ViewCache,
    prompts: Mapping[int, PromptOut] | None = None,
    events: list[EventOut] | None = None,
    outcome: Outcome | None = None,
) -> Outgoing:
    """``viewer``'s whole view at ``version`` (with its prompt, the ``events`` it missed and the outcome);
    primes ``cache`` so the next step is a diff."""
    after = render(game, state, version, viewer)
    cache.put(viewer, after)
    prompt = (prompts or {}).get(viewer) if viewer is not None else None
    return Outgoing(viewer, Snapshot(viewer, version, after.doc, prompt, list(events or []), outcome))


def _patch(before: CachedView, after: CachedView, memo: dict[tuple[bytes, bytes], list[Op]]) -> list[Op]:
    if before.raw == after.raw:
        return []
    key = (before.raw, after.raw)
    patch = memo.get(key)
    if patch is None:
        patch = memo[key] = diff(before.doc, after.doc)
    return patch
