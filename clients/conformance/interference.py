"""Leak check (b): non-interference. Re-deal what a viewer cannot see; nothing it receives may change.

For a viewer (a seat, or ``None`` for the spectator) at one state, ``game.redeal`` gives a second world
that the viewer cannot tell apart from the real one. Compared between the two worlds:

1. the re-deal itself: it changes no state in place, keeps ``invariants`` and the viewer's hidden ids;
2. the viewer's view and prompt (as JSON);
3. the viewer's illegal probes: each refusal's code, message and details (``hidden_choice`` probes name
   cards it cannot see, wherever they lie in either world);
4. the next action — the viewer's own (its policy's pick, and a timeout) or, when it cannot act,
   another seat's (the same pick when legal in both worlds, else a choice or an example legal in both,
   else each world's timeout): the refusal, or the events the viewer sees. A finite choice is legal
   when the prompt lists it; a free-form action (`Game.examples`) when the world accepts it when tried:
   another seat's pick names its own cards, which the re-deal may have dealt elsewhere.

Soundness of 4: an action may legitimately show the viewer something it could not see before (a drawn
card, the sealed bids at the last commitment), and that differs between the worlds by design. Such an
action is recognised by the viewer's views *after* it differing between the worlds (they were equal
before, and the action is the same); what follows a reveal may branch (a revealed cheese ends the
turn), so such an action's events are not compared. Otherwise every event must match, up to the first
one (in either world) that names an id the action *revealed* to the viewer (hidden before, visible
after). A leak in a revealing step is still caught by check (a) when it names a hidden id, and by this
check at the steps before and after it.
"""

from __future__ import annotations

from typing import Any

import msgspec

from clients.conformance.leaks import as_json, has_token, strings
from clients.conformance.probes import Attempt, attempt, for_seat, idle_code, pick_ids
from games.engine import Event, Game, Policy, Prompt, Rng, bot_rng


class Difference(msgspec.Struct, frozen=True):
    """What differs between the worlds: ``where`` (frame + JSON path), ``real`` and ``alt`` values."""

    where: str
    real: Any
    alt: Any
    detail: str


class World(msgspec.Struct, frozen=True):
    """The play-out's position: ``game``, ``state`` at ``version`` under the room ``seed``, the
    ``policy`` seats act by and the probe ``samples`` (kind -> a payload seen earlier)."""

    game: Any
    state: Any
    version: int
    seed: bytes
    policy: Any
    samples: dict[str, dict[str, Any]]


def first_difference(real: Any, alt: Any, path: str) -> tuple[str, Any, Any] | None:
    """The first JSON path where two JSON trees differ, with both values there; ``None`` when equal."""
    if type(real) is not type(alt) or not isinstance(real, dict | list):
        return None if real == alt else (path, real, alt)
    if isinstance(real, dict):
        for key in sorted(real.keys() | alt.keys()):
            found = first_difference(real.get(key), alt.get(key), f"{path}/{key}")
            if found:
                return found
        return None
    for index in range(max(len(real), len(alt))):
        a = real[index] if index < len(real) else None
        b = alt[index] if index < len(alt) else None
        found = first_difference(a, b, f"{path}/{index}")
        if found:
            return found
    return None


def _compare(where: str, real: Any, alt: Any, detail: str) -> list[Difference]:
    found = first_difference(real, alt, where)
    return [Difference(found[0], found[1], found[2], detail)] if found else []


def check(world: World, viewer: int | None, rng: Rng) -> list[Difference]:
    """Every difference the re-deal for ``viewer`` makes to what ``viewer`` receives (empty: none)."""
    game, state = world.game, world.state
    before = game.encode_state(state)
    alt = game.redeal(state, viewer, rng.fork(f"conformance/redeal/{viewer}/v{world.version}"))
    diffs = _redeal_sound(game, state, alt, viewer, before)
    diffs += _compare("view", as_json(game.view(state, viewer)), as_json(game.view(alt, viewer)), "view")
    if viewer is not None:
        real_prompt, alt_prompt = game.prompts(state).get(viewer), game.prompts(alt).get(viewer)
        diffs += _compare("prompt", as_json(real_prompt), as_json(alt_prompt), "prompt")
        if not diffs:
            diffs += _probes(world, alt, viewer, real_prompt, rng)
    if not diffs:
        for actor, real_action, alt_action in _next_actions(world, alt, viewer, rng):
            real = attempt(game, state, actor, real_action, world.seed, world.version)
            other = attempt(game, alt, actor, alt_action, world.seed, world.version)
            diffs += _outcomes(game, (state, real), (alt, other), viewer, actor, f"action {real_action}")
    return diffs


def _redeal_sound(
    game: Game[Any, Any], state: Any, alt: Any, viewer: int | None, before: bytes
) -> list[Difference]:
    """The re-deal is a fair second world: the original untouched, invariants kept, same hidden ids."""
    diffs: list[Difference] = []
    if game.encode_state(state) != before:
        diffs.append(Difference("redeal", None, None, "redeal changed the original state in place"))
    for broken in game.invariants(alt):
        diffs.append(Difference("redeal", None, broken, "the re-dealt state breaks an invariant"))
    real_hidden, alt_hidden = game.hidden(state, viewer), game.hidden(alt, viewer)
    if real_hidden != alt_hidden:
        diffs.append(
            Difference(
                "redeal/hidden",
                sorted(real_hidden - alt_hidden),
                sorted(alt_hidden - real_hidden),
                "the re-deal changed which ids the viewer cannot see",
            )
        )
    return diffs


def _probes(world: World, alt: Any, seat: int, prompt: Prompt | None, rng: Rng) -> list[Difference]:
    """The seat's illegal probes must be refused alike in both worlds (point 3)."""
    game = world.game
    picks = pick_ids(rng, game.hidden(world.state, seat), 3)
    idle = idle_code(game, world.state, seat)
    examples = game.examples(world.state, seat) if prompt is not None else {}
    diffs: list[Difference] = []
    for probe in for_seat(seat, prompt, idle, world.samples, picks, examples, rng):
        real = attempt(game, world.state, seat, probe.action, world.seed, world.version)
        other = attempt(game, alt, seat, probe.action, world.seed, world.version)
        diffs += _outcomes(game, (world.state, real), (alt, other), seat, seat, f"error:{probe.name}")
    return diffs


def _next_actions(world: World, alt: Any, viewer: int | None, rng: Rng) -> list[tuple[int, Any, Any]]:
    """``(actor, action in the real world, action in the other)`` pairs to try (point 4)."""
    game, state = world.game, world.state
    real_prompts, alt_prompts = game.prompts(state), game.prompts(alt)
    if viewer is not None and viewer in real_prompts:
        prompt = real_prompts[viewer]
        pick = _pick(world, viewer, prompt)
        timeout = {"kind": "timeout", "prompt": prompt.id}
        return [(viewer, pick, pick), (viewer, timeout, timeout)]
    others = sorted(real_prompts.keys() & alt_prompts.keys())
    if not others:
        return []
    actor = others[rng.below(len(others))]
    real_prompt, alt_prompt = real_prompts[actor], alt_prompts[actor]
    timeouts = (
        actor,
        {"kind": "timeout", "prompt": real_prompt.id},
        {"kind": "timeout", "prompt": alt_prompt.id},
    )
    pick = _pick(world, actor, real_prompt)
    if not _legal(world, alt, alt_prompt, actor, pick):
        candidates = [
            {"kind": kind, **fields} for kind, choices in real_prompt.choices.items() for fields in choices
        ]
        candidates += [
            {"kind": kind, **fields}
            for examples in (game.examples(state, actor), game.examples(alt, actor))
            for kind, payloads in examples.items()
            for fields in payloads
        ]
        common = [
            action
            for action in candidates
            if _legal(world, state, real_prompt, actor, action)
            and _legal(world, alt, alt_prompt, actor, action)
        ]
        if not common:
            return [timeouts]
        pick = common[rng.below(len(common))]
    return [(actor, pick, pick), timeouts]


def _pick(world: World, seat: int, prompt: Prompt) -> dict[str, Any]:
    policy: Policy = world.policy
    return policy(world.game.view(world.state, seat), prompt, bot_rng(world.seed, seat, world.version))


def _legal(world: World, state: Any, prompt: Prompt, actor: int, action: dict[str, Any]) -> bool:
    """Whether ``action`` of ``actor`` is legal at ``state`` (whose prompt of ``actor`` is ``prompt``):
    its kind offered and, for a finite kind, its fields listed; a free-form action is tried."""
    kind = action["kind"]
    if kind not in prompt.kinds:
        return False
    choices = prompt.choices.get(kind)
    if choices is not None:
        return {k: v for k, v in action.items() if k != "kind"} in choices
    return attempt(world.game, state, actor, action, world.seed, world.version).refusal is None


def _outcomes(
    game: Game[Any, Any],
    real: tuple[Any, Attempt],
    alt: tuple[Any, Attempt],
    viewer: int | None,
    actor: int,
    where: str,
) -> list[Difference]:
    """Compare what ``viewer`` receives from one attempt in each world: the actor's refusal (only the
    actor receives it), else the visible events (see the module docstring for what may differ)."""
    (real_state, real_try), (alt_state, alt_try) = real, alt
    if real_try.refusal is not None or alt_try.refusal is not None:
        if viewer != actor and (real_try.refusal is None) == (alt_try.refusal is None):
            return []
        return _compare(where, as_json(real_try.refusal), as_json(alt_try.refusal), "refusal")
    real_events = _visible(real_try.events or [], viewer)
    alt_events = _visible(alt_try.events or [], viewer)
    if as_json(game.view(real_try.state, viewer)) != as_json(game.view(alt_try.state, viewer)):
        return []  # the action showed the viewer something it could not see before: its events may differ
    revealed = _revealed(game, real_state, real_try.state, viewer) | _revealed(
        game, alt_state, alt_try.state, viewer
    )
    cut = min(_first_revealing(real_events, revealed), _first_revealing(alt_events, revealed))
    if cut == len(real_events) == len(alt_events) or cut < min(len(real_events), len(alt_events)):
        return _compare(f"{where}/events", real_events[:cut], alt_events[:cut], "events")
    return _compare(f"{where}/events", real_events, alt_events, "events (count)")


def _revealed(game: Game[Any, Any], before: Any, after: Any, viewer: int | None) -> set[str]:
    return game.hidden(before, viewer) - game.hidden(after, viewer)


def _visible(events: list[Event[Any]], viewer: int | None) -> list[Any]:
    return [as_json(e.body) for e in events if e.audience.sees(viewer)]


def _first_revealing(events: list[Any], revealed: set[str]) -> int:
    for index, event in enumerate(events):
        if any(has_token(s, r) for _, s in strings(event, "") for r in revealed):
            return index
    return len(events)
