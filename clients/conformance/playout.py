"""The play-out driver: seeded random games to the end, every step checked (`checks.STEP_CHECKS`).

Pure: no I/O, no clock. A play-out is fixed by its game, seat count, options and room seed: the seats act
by the game's ``"random"`` bot (else `random_policy`) on their own views, and some steps are instead a
`Timeout` of a random prompted seat (``Config.timeout_share``), as the server applies one at a deadline.
At the end the log is replayed from a fresh setup and must give the identical state bytes.
"""

from __future__ import annotations

import hashlib
import traceback
from typing import Any

import msgspec

from clients.conformance import plan
from clients.conformance.checks import STEP_CHECKS, Check, StepContext
from clients.conformance.model import Config, Finding, Playout, Summary
from clients.conformance.probes import default_samples, remember, remember_examples
from games.engine import Event, Game, IllegalAction, Match, Policy, Rng, bot_rng, random_policy


def policy_of(game: Game[Any, Any]) -> Policy:
    """The policy the seats act by: the game's own ``"random"`` bot, else the engine's."""
    return game.bots().get("random", random_policy)


def playout_seed(base: int, game_id: str, index: int) -> bytes:
    """The room seed (16 bytes) of play-out ``index`` of a run seeded ``base``."""
    return hashlib.blake2b(f"{base}/{game_id}/{index}".encode(), digest_size=16).digest()


def digest(game: Game[Any, Any], state: Any) -> str:
    """Hex BLAKE2b (16 bytes) of the state's encoding."""
    return hashlib.blake2b(game.encode_state(state), digest_size=16).hexdigest()


def play_out(
    game: Game[Any, Any],
    seats: int,
    seed: bytes,
    options: dict[str, Any] | None = None,
    config: Config | None = None,
    checks: list[Check] | None = None,
) -> Playout:
    """Play one game to its end (or its step cap: ``config.step_cap``, else the game's
    `Coverage.step_cap`) checking every step with ``checks`` (default `STEP_CHECKS`). Stops early after
    ``config.max_findings`` findings or a crash."""
    config = config or Config()
    opts = game.options(options)
    match = Match(game, seats, opts, seed)
    cap = config.step_cap if config.step_cap is not None else game.coverage().step_cap
    findings: list[Finding] = []
    try:
        _drive(match, config, cap, checks if checks is not None else STEP_CHECKS, findings)
    except Exception as exc:  # a bug in the game: report it, with where it happened
        where = traceback.extract_tb(exc.__traceback__)[-1]
        detail = f"{type(exc).__name__}: {exc} ({where.filename.rsplit('/', 1)[-1]}:{where.lineno})"
        findings.append(Finding("crash", game.id, seats, seed.hex(), match.version, detail))
    outcome = game.outcome(match.state)
    # a play-out stopped by its findings is a failure, not a guard's end
    guarded = outcome.guard if outcome is not None else not findings
    final = digest(game, match.state)
    if not findings:
        findings += _check_replay(match, final)
    return Playout(
        game.id, seats, seed, msgspec.to_builtins(opts), match.log, match.version, final, guarded, findings
    )


def _drive(match: Match, config: Config, cap: int, checks: list[Check], findings: list[Finding]) -> None:
    game, policy = match.game, policy_of(match.game)
    samples = default_samples(game)
    driver = Rng(match.seed, "conformance/driver")
    events: list[Event[Any]] = []
    prev_views: dict[int | None, Any] | None = None
    prev_hidden: dict[int | None, set[str]] | None = None
    while True:
        every = config.interference_every
        # a stream of its own, so the play-out itself does not depend on the checks' settings
        pick = Rng(match.seed, f"conformance/interfere/v{match.version}")
        interfere = every > 0 and (match.version == 0 or pick.below(every) == 0)
        ctx = StepContext(match, config, events, prev_views, prev_hidden, samples, policy, interfere)
        remember(samples, ctx.prompts.values())
        for examples in ctx.examples.values():
            remember_examples(samples, examples)
        for check in checks:
            findings.extend(check(ctx))
        if len(findings) >= config.max_findings or not ctx.prompts or match.version >= cap:
            return
        seat, action = _choose(ctx, driver)
        try:
            events = match.act(seat, action)
        except IllegalAction as exc:
            findings.append(
                ctx.finding(
                    "probe",
                    f"the prompted action {action} was refused",
                    viewer=seat,
                    value=f"{exc.code}: {exc.message}",
                )
            )
            return
        prev_views, prev_hidden = ctx.views, ctx.hidden


def _choose(ctx: StepContext, driver: Rng) -> tuple[int, dict[str, Any]]:
    """A random prompted seat and its action: a timeout with probability ``timeout_share``, else its
    policy's pick from its own view and prompt (bot stream ``bot/<seat>/v<version>``)."""
    prompted = sorted(ctx.prompts)
    seat = prompted[driver.below(len(prompted))]
    prompt = ctx.prompts[seat]
    if driver.below(1_000_000) < ctx.config.timeout_share * 1_000_000:
        return seat, {"kind": "timeout", "prompt": prompt.id}
    view = ctx.game.view(ctx.match.state, seat)
    return seat, ctx.policy(view, prompt, bot_rng(ctx.match.seed, seat, ctx.match.version))


def _check_replay(match: Match, final: str) -> list[Finding]:
    """The log replayed from a fresh setup gives the same state bytes."""
    replayed = Match.replay(match.game, match.seats, match.options, match.seed, match.log)
    if digest(match.game, replayed.state) == final:
        return []
    detail = "replaying the log gave another state"
    return [Finding("replay", match.game.id, match.seats, match.seed.hex(), match.version, detail)]


def run_game(
    game: Game[Any, Any],
    playouts: int,
    base_seed: int = 0,
    options: dict[str, Any] | None = None,
    config: Config | None = None,
    checks: list[Check] | None = None,
) -> tuple[Summary, list[Playout]]:
    """``playouts`` play-outs cycling through the game's declared option sets and their seat counts
    (`plan.cells`; ``options`` given: that option set only), seeds from ``base_seed``; the totals
    (``seconds`` left 0: the caller times it, a ``coverage`` finding for a plan that cannot be played as
    declared) and each play-out. Raises ``ValueError`` for ``options`` that start no table."""
    summary = Summary(game.id, findings=plan.check(game))
    table = plan.cells(game, options)
    results = []
    for index in range(playouts):
        opts, seats = table[index % len(table)]
        result = play_out(game, seats, playout_seed(base_seed, game.id, index), opts, config, checks)
        summary.playouts += 1
        summary.steps += result.steps
        summary.guarded += result.guarded
        summary.findings.extend(result.findings)
        results.append(result)
    return summary, results
