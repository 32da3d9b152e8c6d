"""Illegal probes: actions that must be refused with a known code and leave the state untouched.

A probe is built from what its seat could send: its prompt, the payloads of kinds seen earlier in the
play-out (``samples``) and, for the hidden-choice probe, ids the seat cannot see. `attempt` applies any
action the way the server does (decode a private copy, `step`, discard it on a refusal).
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from games.engine import Ctx, Event, Game, IllegalAction, Prompt, step

#: The kind no game has: its probe must be refused as ``action/malformed``.
UNKNOWN_KIND = "conformance-probe-unknown-kind"


class Probe(msgspec.Struct, frozen=True):
    """One probe: ``name`` (``no_prompt``, ``not_offered``, ``unknown_kind``, ``mistyped``, ``stale``,
    ``hidden_choice``), the acting ``seat``, the wire ``action``, the ``expect``-ed code (``None``: any
    refusal will do) and ``must_fail`` (false when the game may legitimately accept it)."""

    name: str
    seat: int
    action: dict[str, Any]
    expect: str | None
    must_fail: bool = True


class Refusal(msgspec.Struct, frozen=True):
    """An `IllegalAction` as the actor receives it: ``code``, ``message`` and ``details``."""

    code: str
    message: str
    details: dict[str, Any]

    @classmethod
    def of(cls, exc: IllegalAction) -> Refusal:
        return cls(exc.code, exc.message, exc.details)


class Attempt(msgspec.Struct):
    """The result of `attempt`: ``events`` and the new ``state`` when applied, else the ``refusal``."""

    events: list[Event[Any]] | None = None
    state: Any = None
    refusal: Refusal | None = None


def attempt(
    game: Game[Any, Any], state: Any, seat: int, action: Mapping[str, Any], seed: bytes, version: int
) -> Attempt:
    """Apply a wire ``action`` of ``seat`` to a copy of ``state`` (at ``version``); ``state`` is never
    changed. Other exceptions than `IllegalAction` (a bug) propagate."""
    try:
        parsed = game.convert_action(action)
        draft = game.copy(state)
        events = step(game, draft, seat, parsed, Ctx.for_step(seed, version))
    except IllegalAction as exc:
        return Attempt(refusal=Refusal.of(exc))
    return Attempt(events=events, state=draft)


def action_kinds(game: Game[Any, Any]) -> list[str]:
    """The tags of the game's ``Action`` union (without ``timeout``), in declaration order."""
    members = typing.get_args(game.Action) or (game.Action,)
    return [str(m.__struct_config__.tag) for m in members]


def default_samples(game: Game[Any, Any]) -> dict[str, dict[str, Any]]:
    """A wire payload for every action kind whose fields all have defaults (``{"kind": tag}``)."""
    samples: dict[str, dict[str, Any]] = {}
    for member in typing.get_args(game.Action) or (game.Action,):
        info = msgspec.inspect.type_info(member)
        if isinstance(info, msgspec.inspect.StructType) and all(not f.required for f in info.fields):
            samples[str(member.__struct_config__.tag)] = {"kind": str(member.__struct_config__.tag)}
    return samples


def remember(samples: dict[str, dict[str, Any]], prompts: Iterable[Prompt]) -> None:
    """Keep the first legal payload seen of every kind (for ``not_offered`` probes later)."""
    for prompt in prompts:
        for kind, choices in prompt.choices.items():
            if choices and kind not in samples:
                samples[kind] = {"kind": kind, **choices[0]}


def for_seat(
    seat: int,
    prompt: Prompt | None,
    idle: str,
    samples: Mapping[str, dict[str, Any]],
    hidden_ids: Iterable[str] = (),
) -> list[Probe]:
    """The probes of one seat in the current state. ``idle``: the code a seat without a prompt gets
    (``game/over`` once the game has ended, else the game's `Game.idle_code`, ``action/no_prompt`` by
    default). ``hidden_ids``: ids this seat cannot see, each tried in place of every string field of an
    offered choice (``hidden_choice``, may be accepted)."""
    if prompt is None:
        return [Probe("no_prompt", seat, {"kind": "timeout", "prompt": "conformance-probe"}, idle)]
    probes = [
        Probe("unknown_kind", seat, {"kind": UNKNOWN_KIND}, "action/malformed"),
        Probe("stale", seat, {"kind": "timeout", "prompt": prompt.id + "~stale"}, "action/stale_prompt"),
    ]
    for kind, sample in samples.items():
        if kind not in prompt.kinds:
            probes.append(Probe("not_offered", seat, dict(sample), "action/not_offered"))
            break
    first = next(((k, c[0]) for k, c in prompt.choices.items() if c and c[0]), None)
    if first is not None:
        kind, fields = first
        name = next(iter(fields))
        mistyped = {"kind": kind, **fields, name: {"conformance-probe": [None]}}
        probes.append(Probe("mistyped", seat, mistyped, "action/malformed"))
        probes.extend(_hidden_choices(seat, kind, fields, hidden_ids))
    return probes


def _hidden_choices(
    seat: int, kind: str, fields: Mapping[str, Any], hidden_ids: Iterable[str]
) -> list[Probe]:
    """``hidden_choice`` probes: a legal payload with each string field replaced by a hidden id."""
    names = [n for n, v in fields.items() if isinstance(v, str)]
    return [
        Probe("hidden_choice", seat, {"kind": kind, **fields, name: hidden}, None, must_fail=False)
        for hidden in hidden_ids
        for name in names
    ]


def idle_code(game: Game[Any, Any], state: Any, seat: int) -> str:
    """The code a probe of ``seat`` without a prompt must get at ``state``."""
    return "game/over" if game.outcome(state) is not None else game.idle_code(state, seat)


def named_ids(action: Mapping[str, Any]) -> set[str]:
    """The string values a probe itself sent (an error may echo them back: that is no leak)."""
    return {v for v in action.values() if isinstance(v, str)}
