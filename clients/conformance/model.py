"""The conformance suite's data: its settings, the findings it reports and what a play-out yields."""

from __future__ import annotations

from typing import Any

import msgspec

from games.engine import LogEntry


class Config(msgspec.Struct, frozen=True):
    """How to play out and check one game.

    - ``step_cap``: a play-out still running after this many applied actions counts as ended by a guard
      (``None``: the game's own, `games.engine.Coverage.step_cap`).
    - ``timeout_share``: the probability (0..1) that a step is a ``Timeout`` of a random prompted seat
      instead of a policy's action, as the server applies one at a deadline.
    - ``leak_scan``: scan every frame of every viewer for hidden ids and the seed (check (a)).
    - ``interference_every``: the mean number of steps between two runs of the non-interference check
      (b) for every viewer (it always runs after setup); 0 turns it off.
    - ``probes``: run the illegal probes after every step.
    - ``max_findings``: stop a play-out after this many findings.
    """

    step_cap: int | None = None
    timeout_share: float = 0.1
    leak_scan: bool = True
    interference_every: int = 8
    probes: bool = True
    max_findings: int = 5


class Finding(msgspec.Struct, frozen=True, omit_defaults=True):
    """One failed check.

    - ``check``: ``roundtrip``, ``probe``, ``purity``, ``invariant``, ``liveness``, ``outcome``,
      ``replay``, ``leak`` (the scan, check (a)) or ``interference`` (check (b)), or ``crash``; or
      ``coverage`` (the game's declared option sets cannot be played as declared; seats 0, step 0).
    - ``game``, ``seats``, ``seed`` (hex) and ``step`` (the state version it happened at) locate it;
      replaying the play-out with that seed reproduces it.
    - ``viewer``: the seat (``None``: the spectator) whose frames or world it concerns, when one does.
    - ``where``: the frame or probe (``view``, ``prompt``, ``event``, ``error:<probe>``) and a JSON path.
    - ``value``: the offending value (the leaked id; for interference the real world's value).
    - ``other``: the other world's value (interference only).
    - ``detail``: a sentence for people.
    """

    check: str
    game: str
    seats: int
    seed: str
    step: int
    detail: str
    viewer: int | None = None
    where: str = ""
    value: Any = None
    other: Any = None

    def __str__(self) -> str:
        who = (
            ""
            if self.viewer is None and self.check not in ("leak", "interference")
            else f" viewer {self.viewer}"
        )
        at = f" at {self.where}" if self.where else ""
        value = "" if self.value is None else f": {self.value!r}"
        other = "" if self.other is None else f" vs {self.other!r}"
        return (
            f"[{self.check}] {self.game} seats={self.seats} seed={self.seed} step {self.step}{who}{at}"
            f" — {self.detail}{value}{other}"
        )


class Playout(msgspec.Struct):
    """One finished play-out: its room ``seed``, ``seats``, ``options`` (JSON data), the ``log``, the
    number of ``steps`` applied, the final state's ``digest`` (hex BLAKE2b of its bytes), ``guarded``
    (ended by an `Outcome.guard` or the step cap) and its ``findings``."""

    game: str
    seats: int
    seed: bytes
    options: Any
    log: list[LogEntry]
    steps: int
    digest: str
    guarded: bool
    findings: list[Finding]


class Summary(msgspec.Struct):
    """A game's totals over its play-outs: ``playouts``, ``steps``, ``guarded`` (count), ``seconds``
    (wall time, filled in by the caller that measures it) and every ``finding``."""

    game: str
    playouts: int = 0
    steps: int = 0
    guarded: int = 0
    seconds: float = 0.0
    findings: list[Finding] = []

    @property
    def guard_share(self) -> float:
        """The share (0..1) of play-outs ended by a guard or the step cap; must stay below 0.01."""
        return self.guarded / self.playouts if self.playouts else 0.0
