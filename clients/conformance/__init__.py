"""The conformance suite every game must pass: seeded random play-outs checked after every step (state
round trip, illegal probes, invariants, liveness, outcome), replay, and the two leak checks.

- `playout`: the driver (`play_out`, `run_game`); `plan`: the option sets and seat counts a run
  cycles through (`Game.coverage`); `checks`: the per-step checks (`STEP_CHECKS`);
- `probes`: illegal actions and how they must be refused; `leaks`: check (a), the frame scan;
  `interference`: check (b), non-interference under a re-deal; `replay`: replay in a fresh process.

Pure Python over the engine's `Match`; only `replay.in_subprocess` starts a process.
"""

from clients.conformance.checks import STEP_CHECKS, Check, StepContext
from clients.conformance.model import Config, Finding, Playout, Summary
from clients.conformance.playout import play_out, playout_seed, run_game

__all__ = [
    "STEP_CHECKS",
    "Check",
    "Config",
    "Finding",
    "Playout",
    "StepContext",
    "Summary",
    "play_out",
    "playout_seed",
    "run_game",
]
