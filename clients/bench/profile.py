"""Where a worker's CPU goes: py-spy samples of the worker during the window, summed into the stages of
one action (DESIGN "Where the time goes").

`record` runs ``py-spy record --format raw`` against a pid (needs py-spy on the PATH or beside this
interpreter, and the right to trace the process); `stages` reads its collapsed stacks. Each sample is
charged to the stage of the innermost frame that names one (`STAGES`, first match from the leaf
outwards), so a Redis read inside the fan-out counts as Redis, a JSON encode inside a view as views.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
from collections import Counter
from pathlib import Path

#: Stage -> substrings of ``function (file)`` frames that belong to it, checked in this order per frame.
#: py-spy names a method ``Class.method`` or, from 0.4, ``method`` alone: marks name the class or the file.
STAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("views (game.view + JSON)", ("_Renderer.view", "render (", "view (protocol/fanout.py", "/view.py:")),
    ("diffs", ("_patch (", "diff (", "_diff")),
    ("encode frames", ("Outgoing.frame", "frame (protocol/fanout.py", "encode_server")),
    ("decode state for fan-out", ("decode_state",)),
    (
        "apply (decode, game step, prompts, encode)",
        ("(server/play/step.py", "decode_action", "convert_action"),
    ),
    ("Redis (load, commit, wake-ups, scheduler)", ("redis", "Batcher", "RedisBus", "RedisStore")),
    ("memory store", ("MemoryStore", "(server/store/memory.py")),
    (
        "sends (websocket writes)",
        ("(server/ws/conn.py", "write_now (", "send (server/ws/lean.py", "SansIOProtocol.send ("),
    ),
    (
        "receive + decode frames",
        ("_receive (server/ws/session.py", "decode_client", "data_received", "receive (server/ws/lean.py"),
    ),
    (
        "fan-out bookkeeping (hub, events, prompts)",
        (
            "RoomWatch",
            "fan_out",
            "prompts_out",
            "(server/ws/steps.py",
            "(protocol/fanout.py",
            "_on_change (server/ws/hub.py",
            "_show (server/ws/hub.py",
            "_send (server/ws/hub.py",
            "_flush_acks (server/ws/hub.py",
            "_run (server/ws/hub.py",
        ),
    ),
    (
        "room setup (lobby HTTP, handshakes, snapshots)",
        ("httptools", "_hello (server/ws/session.py", "accept", "(server/ws/hub.py", "(server/lobby/"),
    ),
    ("session act/ack", ("(server/ws/session.py", "(server/play/rooms.py", "(server/ops/inflight.py")),
)

OTHER = "event loop, syscalls outside the stages"


def py_spy() -> str | None:
    """The py-spy executable, or ``None``."""
    beside = Path(sys.executable).with_name("py-spy")
    return str(beside) if beside.exists() else shutil.which("py-spy")


async def record(pid: int, seconds: float, out: Path) -> bool:
    """Sample ``pid`` for ``seconds`` (250 Hz) into ``out``; False when py-spy is missing or failed."""
    exe = py_spy()
    if exe is None:
        return False
    cmd = [exe, "record", "-p", str(pid), "-d", str(max(1, int(seconds))), "-r", "250"]
    cmd += ["-f", "raw", "-o", str(out), "--nonblocking"]
    proc = await asyncio.create_subprocess_exec(
        *cmd, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE
    )
    _, err = await proc.communicate()
    if proc.returncode == 0 and out.exists():
        return True
    lines = err.decode(errors="replace").strip().splitlines()
    print(f"py-spy failed on pid {pid}: {lines[0] if lines else proc.returncode}", file=sys.stderr)
    return False


def stage_of(stack: list[str]) -> str:
    """The stage of one sample (``stack`` from the root to the leaf)."""
    for frame in reversed(stack):
        for stage, marks in STAGES:
            if any(mark in frame for mark in marks):
                return stage
    return OTHER


def stages(collapsed: str) -> dict[str, float]:
    """Share of samples per stage (0..1), largest first, from py-spy's raw (collapsed) output."""
    counts: Counter[str] = Counter()
    for line in collapsed.splitlines():
        stack, _, n = line.rpartition(" ")
        if stack and n.isdigit():
            counts[stage_of(stack.split(";"))] += int(n)
    total = sum(counts.values()) or 1
    return {stage: n / total for stage, n in counts.most_common()}


def table(shares: dict[str, float], per_action_us: float | None) -> str:
    """The stages as Markdown, with µs per action when the run's CPU per action is known."""
    lines = ["| stage | share of worker CPU | µs per action |", "| --- | --- | --- |"]
    for stage, share in shares.items():
        us = "-" if per_action_us is None else f"{share * per_action_us:.0f}"
        lines.append(f"| {stage} | {share * 100:.1f} % | {us} |")
    return "\n".join(lines)
