"""The checks run after every step of a play-out, as a list of functions (`STEP_CHECKS`).

Each check takes the `StepContext` of one step and returns its findings (empty: passed). Checks run in
list order and may leave data for later ones in the context (the probes leave their refusals for the
leak scan). To add a check, append a function to `STEP_CHECKS` (or pass your own list to
`clients.conformance.playout.play_out`): the protocol's "the JSON Patch diff of consecutive views
applies" check reads ``ctx.prev_views`` and ``ctx.views`` (viewer -> the view as JSON, the spectator
under ``None``), diffs and applies.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import jsonpatch

from clients.conformance import interference
from clients.conformance.leaks import Frame, Scanner, as_json, event_frames, seat_frames
from clients.conformance.model import Config, Finding
from clients.conformance.probes import Refusal, for_seat, idle_code, named_ids, pick_ids
from games.engine import Event, Game, IllegalAction, Match, Outcome, Policy, Prompt, Rng
from protocol.diff import diff


class StepContext:
    """One step of a play-out, as the checks see it.

    - ``match``: the play-out (its ``state`` after the step, ``version``, ``log``); ``game``, ``config``.
    - ``state_bytes``: the state's encoding after the step; ``events`` the step's (empty after setup).
    - ``prompts``, ``outcome``: of the state after the step.
    - ``views`` / ``prev_views``: viewer -> the view as JSON after this step / the previous one
      (``prev_views`` is ``None`` after setup).
    - ``hidden`` / ``prev_hidden``: viewer -> ``game.hidden`` after this step / the previous one.
    - ``refusals``: viewer -> the frames of its refused probes (filled by `check_probes`).
    - ``rng``: a generator for the checks' own choices (drawn from the play-out's seed).
    - ``samples``: action kind -> a payload seen earlier (for probes); ``policy``: how seats act.
    - ``examples``: prompted seat -> the game's `Game.examples` (free-form payloads) at this step.
    - ``interfere``: run the non-interference check at this step.
    """

    def __init__(
        self,
        match: Match,
        config: Config,
        events: list[Event[Any]],
        prev_views: dict[int | None, Any] | None,
        prev_hidden: dict[int | None, set[str]] | None,
        samples: dict[str, dict[str, Any]],
        policy: Policy,
        interfere: bool,
    ) -> None:
        self.match = match
        self.game: Game[Any, Any] = match.game
        self.config = config
        self.events = events
        self.state_bytes = self.game.encode_state(match.state)
        self.prompts: dict[int, Prompt] = self.game.prompts(match.state)
        self.examples = {seat: self.game.examples(match.state, seat) for seat in self.prompts}
        self.outcome: Outcome | None = self.game.outcome(match.state)
        self.viewers: list[int | None] = [*range(match.seats), None]
        self.views = {v: as_json(self.game.view(match.state, v)) for v in self.viewers}
        self.prev_views = prev_views
        self.hidden = {v: self.game.hidden(match.state, v) for v in self.viewers}
        self.prev_hidden = prev_hidden
        self.refusals: dict[int | None, list[Frame]] = {}
        self.rng = Rng(match.seed, f"conformance/checks/v{match.version}")
        self.samples = samples
        self.policy = policy
        self.interfere = interfere

    def finding(self, check: str, detail: str, **fields: Any) -> Finding:
        """A `Finding` of ``check`` located at this step."""
        m = self.match
        return Finding(check, self.game.id, m.seats, m.seed.hex(), m.version, detail, **fields)


Check = Callable[[StepContext], list[Finding]]


def check_roundtrip(ctx: StepContext) -> list[Finding]:
    """The state decodes and re-encodes to the same bytes; reading it (views, prompts, outcome, hidden)
    changed nothing."""
    found = []
    if ctx.game.encode_state(ctx.game.decode_state(ctx.state_bytes)) != ctx.state_bytes:
        found.append(ctx.finding("roundtrip", "decode then encode of the state gives other bytes"))
    if ctx.game.encode_state(ctx.match.state) != ctx.state_bytes:
        found.append(ctx.finding("purity", "view, prompts, outcome or hidden changed the state"))
    return found


def check_invariants(ctx: StepContext) -> list[Finding]:
    """The game's own invariants hold."""
    return [ctx.finding("invariant", broken) for broken in ctx.game.invariants(ctx.match.state)]


def check_liveness(ctx: StepContext) -> list[Finding]:
    """Someone can act, or the game is over (and then nobody can)."""
    if ctx.outcome is None and not ctx.prompts:
        return [ctx.finding("liveness", "the game is not over and no seat has a prompt")]
    if ctx.outcome is not None and ctx.prompts:
        return [
            ctx.finding(
                "liveness", "the game is over but seats still have prompts", value=sorted(ctx.prompts)
            )
        ]
    return []


def check_outcome(ctx: StepContext) -> list[Finding]:
    """A finished game ranks every seat from 1; its winners are the seats ranked 1, in seat order, or none
    when the rules say nobody wins, with a reason other than the default ``finished``."""
    out = ctx.outcome
    if out is None:
        return []
    seats = ctx.match.seats
    if len(out.ranks) != seats or not all(1 <= r <= seats for r in out.ranks) or 1 not in out.ranks:
        return [
            ctx.finding(
                "outcome", "ranks must give every seat a rank in 1..seats, someone 1", value=out.ranks
            )
        ]
    winners = [s for s, r in enumerate(out.ranks) if r == 1]
    if not out.winners and out.reason == "finished":
        return [ctx.finding("outcome", "no winner needs a reason other than 'finished'", value=out.winners)]
    if out.winners and out.winners != winners:
        return [ctx.finding("outcome", f"winners must be the seats ranked 1, {winners}", value=out.winners)]
    return []


def check_probes(ctx: StepContext) -> list[Finding]:
    """Every seat's illegal probes are refused with their code and leave the match exactly as it was; the
    hidden-choice probes try two ids the seat cannot see, drawn from the step's seeded generator."""
    if not ctx.config.probes:
        return []
    found: list[Finding] = []
    match = ctx.match
    rng = ctx.rng.fork(f"conformance/probes/v{match.version}")
    for seat in range(match.seats):
        hidden = pick_ids(rng, ctx.hidden[seat], 2) if ctx.config.leak_scan else []
        idle = idle_code(ctx.game, match.state, seat)
        examples = ctx.examples.get(seat)
        for probe in for_seat(seat, ctx.prompts.get(seat), idle, ctx.samples, hidden, examples, rng):
            state, version, log_size = match.state, match.version, len(match.log)
            try:
                match.act(seat, probe.action)
            except IllegalAction as exc:
                refusal = Refusal.of(exc)
                echo = frozenset(named_ids(probe.action))
                ctx.refusals.setdefault(seat, []).append(Frame(f"error:{probe.name}", as_json(refusal), echo))
                if probe.expect is not None and exc.code != probe.expect:
                    found.append(
                        ctx.finding(
                            "probe",
                            f"{probe.name} {probe.action} must be refused as {probe.expect}",
                            value=exc.code,
                            viewer=seat,
                        )
                    )
            else:
                match.state, match.version, match.log[log_size:] = state, version, []
                if probe.must_fail:
                    found.append(
                        ctx.finding("probe", f"{probe.name} {probe.action} was accepted", viewer=seat)
                    )
            if match.version != version or match.game.encode_state(match.state) != ctx.state_bytes:
                found.append(ctx.finding("probe", f"{probe.name} changed the state", viewer=seat))
    return found


def check_leak_scan(ctx: StepContext) -> list[Finding]:
    """Leak check (a) over every viewer's frames of this step (`clients.conformance.leaks`): its view,
    prompt and probe refusals must not name ``hidden`` ids, its events no id hidden both before and after
    the step (an event may name what it moves out of sight: revealed cards reshuffled into a deck)."""
    if not ctx.config.leak_scan:
        return []
    scanner = Scanner(ctx.match.seed)
    found: list[Finding] = []
    for viewer in ctx.viewers:
        hidden = ctx.hidden[viewer]
        prompt = ctx.prompts.get(viewer) if viewer is not None else None
        kept = hidden & ctx.prev_hidden[viewer] if ctx.prev_hidden else hidden
        scans = [(f, hidden) for f in seat_frames(ctx.views[viewer], prompt) + ctx.refusals.get(viewer, [])]
        scans += [(f, kept) for f in event_frames(ctx.events, viewer)]
        found.extend(
            ctx.finding(
                "leak",
                f"{leak.kind} found in what the viewer receives",
                viewer=viewer,
                where=leak.where,
                value=leak.needle,
            )
            for frame, needles in scans
            for leak in scanner.scan(frame, needles)
        )
    return found


def check_patch(ctx: StepContext) -> list[Finding]:
    """Every viewer's RFC 6902 patch from the previous view, applied by the ``jsonpatch`` library (what a
    client in any language would use), gives exactly the new view (values and JSON types)."""
    if ctx.prev_views is None:
        return []
    found = []
    for viewer in ctx.viewers:
        before, after = ctx.prev_views[viewer], ctx.views[viewer]
        rebuilt = jsonpatch.apply_patch(before, diff(before, after))
        if json.dumps(rebuilt, sort_keys=True) != json.dumps(after, sort_keys=True):
            found.append(ctx.finding("patch", "the patch does not rebuild the view", viewer=viewer))
    return found


def check_interference(ctx: StepContext) -> list[Finding]:
    """Leak check (b) for every viewer at the chosen steps (`clients.conformance.interference`)."""
    if not ctx.interfere:
        return []
    m = ctx.match
    world = interference.World(ctx.game, m.state, m.version, m.seed, ctx.policy, ctx.samples)
    return [
        ctx.finding(
            "interference",
            f"re-dealing what the viewer cannot see changed its {d.detail}",
            viewer=viewer,
            where=d.where,
            value=d.real,
            other=d.alt,
        )
        for viewer in ctx.viewers
        for d in interference.check(world, viewer, ctx.rng)
    ]


#: The checks run after every step, in order (`check_probes` before `check_leak_scan`, which scans the
#: refusals it left). Append to add one.
STEP_CHECKS: list[Check] = [
    check_roundtrip,
    check_invariants,
    check_liveness,
    check_outcome,
    check_patch,
    check_probes,
    check_leak_scan,
    check_interference,
]
