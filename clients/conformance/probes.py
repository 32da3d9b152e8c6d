"""Illegal probes: actions that must be refused with a known code and leave the state untouched.

A probe is built from what its seat could send: its prompt, the payloads of kinds seen earlier in the
play-out (``samples``), the game's `Game.examples` of its free-form kinds and, for the hidden-choice
probe, ids the seat cannot see (picked at random by the caller's seeded generator, `pick_ids`). Payloads
may nest (a free-form table of groups of cards): the mistyped and hidden-choice probes change one leaf
at any depth. `attempt` applies any action the way the server does (decode a private copy, `step`,
discard it on a refusal).
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import msgspec

from games.engine import Ctx, Event, Game, IllegalAction, Prompt, Rng, free_form_kinds, step

#: The path of one value inside a JSON payload: its keys and list indexes from the top.
Path = tuple[str | int, ...]

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
        remember_examples(samples, prompt.choices)


def remember_examples(
    samples: dict[str, dict[str, Any]], payloads: Mapping[str, list[dict[str, Any]]]
) -> None:
    """Keep the first payload of every kind in ``payloads`` (kind -> fields) not yet in ``samples``."""
    for kind, fields in payloads.items():
        if fields and kind not in samples:
            samples[kind] = {"kind": kind, **fields[0]}


def pick_ids(rng: Rng, ids: Iterable[str], count: int) -> list[str]:
    """``count`` distinct ids of ``ids`` (all when fewer) drawn with ``rng`` (a partial Fisher-Yates over
    the sorted ids, so the pick depends on the generator only)."""
    pool = sorted(ids)
    for i in range(min(count, len(pool))):
        j = i + rng.below(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:count]


def for_seat(
    seat: int,
    prompt: Prompt | None,
    idle: str,
    samples: Mapping[str, dict[str, Any]],
    hidden_ids: Iterable[str] = (),
    examples: Mapping[str, list[dict[str, Any]]] | None = None,
    rng: Rng | None = None,
) -> list[Probe]:
    """The probes of one seat in the current state. ``idle``: the code a seat without a prompt gets
    (``game/over`` once the game has ended, else the game's `Game.idle_code`, ``action/no_prompt`` by
    default). ``examples``: the seat's `Game.examples`. The mistyped and hidden-choice probes start from
    the first finite choice with fields and from the first example of a free-form kind (one with a
    string inside, when there is one): ``mistyped`` puts an object where one leaf was (must be
    ``action/malformed``); ``hidden_choice`` puts each of ``hidden_ids`` (ids the seat cannot see) in
    place of one string leaf (may be accepted). ``rng`` picks the leaves (default: the first)."""
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
    hidden = list(hidden_ids)
    for payload in _bases(prompt, examples or {}):
        probes.append(Probe("mistyped", seat, _mistyped(payload, rng), "action/malformed"))
        strings = [path for path, value in leaves(payload) if isinstance(value, str)]
        probes.extend(
            Probe(
                "hidden_choice", seat, replaced(payload, _one(strings, rng), hidden_id), None, must_fail=False
            )
            for hidden_id in (hidden if strings else [])
        )
    return probes


def _bases(prompt: Prompt, examples: Mapping[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The payloads the mistyped and hidden-choice probes change: the first finite choice with fields, and
    the first example of a free-form kind (preferring one with a string inside)."""
    bases = [{"kind": k, **c[0]} for k, c in prompt.choices.items() if c and c[0]][:1]
    free = [{"kind": k, **f} for k in free_form_kinds(prompt) for f in examples.get(k, []) if f]
    with_strings = [p for p in free if any(isinstance(v, str) for _, v in leaves(p))]
    return bases + (with_strings or free)[:1]


def leaves(payload: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every scalar of a JSON payload at any depth, with its path (the top-level ``kind`` left out)."""
    if isinstance(payload, dict):
        for key, value in payload.items():
            if path or key != "kind":
                yield from leaves(value, (*path, key))
    elif isinstance(payload, list):
        for index, value in enumerate(payload):
            yield from leaves(value, (*path, index))
    else:
        yield path, payload


def replaced(payload: Any, path: Path, value: Any) -> Any:
    """A copy of ``payload`` with the value at ``path`` replaced by ``value``."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(payload, dict):
        return {k: replaced(v, rest, value) if k == head else v for k, v in payload.items()}
    return [replaced(v, rest, value) if i == head else v for i, v in enumerate(payload)]


def _one(paths: Sequence[Path], rng: Rng | None) -> Path:
    return paths[rng.below(len(paths)) if rng is not None else 0]


def _mistyped(payload: dict[str, Any], rng: Rng | None) -> dict[str, Any]:
    """``payload`` with an object of a shape no game declares in place of one leaf (or of its first field,
    when it has no leaf: ``{"groups": []}``)."""
    paths = [path for path, _ in leaves(payload)] or [(next(k for k in payload if k != "kind"),)]
    result: dict[str, Any] = replaced(payload, _one(paths, rng), {"conformance-probe": [None]})
    return result


def idle_code(game: Game[Any, Any], state: Any, seat: int) -> str:
    """The code a probe of ``seat`` without a prompt must get at ``state``."""
    return "game/over" if game.outcome(state) is not None else game.idle_code(state, seat)


def named_ids(action: Mapping[str, Any]) -> set[str]:
    """The strings a probe itself sent, at any depth (an error may echo them back: that is no leak)."""
    return {v for _, v in leaves(action) if isinstance(v, str)} | {str(action.get("kind"))}
