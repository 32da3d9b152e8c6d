"""Runs one measurement: start the worker(s) and the load generator as pinned child processes, sample the
workers' CPU and RSS at the generator's ``MEASURE_START``/``MEASURE_END`` lines, show progress; and the
same for the transport baseline (``server_websockets.py`` + ``loadgen.py`` of the baseline directory).
Several workers are one ``serve --workers N`` on one port; every figure of a server is summed over its
process and all below it (`procs.tree`: the supervisor, its workers, their bots' pools).

A `Plan` is what the command line asked for; `measure` and `measure_baseline` (and `peers.measure_peer`
for a peer framework) each return one `RunFigures`. Processes on this machine: workers (and the
baseline's or a peer's server) on ``server_cores``, the generator on ``client_cores`` (``taskset``),
Redis wherever it runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import subprocess
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import msgspec

from clients.bench import procs, profile
from clients.bench.model import LoadConfig, LoadResult, Percentiles, RunFigures, Sample

#: ``progress(label, fields)``: called with each ``PROGRESS`` line of a generator (and phase changes).
Progress = Callable[[str, dict[str, Any]], None]


class Plan(msgspec.Struct, frozen=True):
    """What to run: the load (``load``; its ``bases`` are filled in per run: the one port), ``workers``
    worker processes (one ``serve --workers N``), the ``redis`` URL (``None``: the in-memory store, one
    worker), cores for the server side and the client side (``None``: not pinned), the baseline
    directory (``None``: skipped) and a directory for py-spy profiles of the (first) worker over the
    window (``None``: not profiled) and the
    ``server`` under the app (``boardroom serve --server``; docs/benchmarks.md, "Levers: the server
    under the app")."""

    load: LoadConfig
    workers: int = 1
    redis: str | None = None
    server_cores: str | None = "0"
    client_cores: str | None = "1"
    baseline_dir: str | None = None
    profile: str | None = None
    server: str = "uvicorn"


#: Per-connection (and per-client) rates of a benchmark worker: far above what one bot sends (a closed
#: loop acts as fast as the server answers, by design); every other setting is production's.
BENCH_RATE = "100000"


def worker_command(
    port: int, redis: str | None, prefix: str, workers: int = 1, server: str = "uvicorn"
) -> list[str]:
    """``boardroom serve`` as ``workers`` benchmark workers on ``port``: fixtures hosted, rate limits
    lifted, logs quiet; on ``server`` (``picows``: the ``--websockets picows`` setting; the others:
    ``serve --server``)."""
    cmd = procs.python("-c", "from clients.cli import main; main()", "serve", "--port", str(port))
    if server == "picows":
        cmd += ["--websockets", "picows"]
    elif server != "uvicorn":
        cmd += ["--server", server]
    cmd += ["--workers", str(workers), "--fixtures", "--log-level", "warning"]
    for flag in ("--actions-per-second", "--action-burst", "--frames-per-second", "--frame-burst"):
        cmd += [flag, BENCH_RATE]
    for flag in ("--creates-per-second", "--create-burst", "--lists-per-second", "--list-burst"):
        cmd += [flag, BENCH_RATE]  # every room of the run is made from this one address
    cmd += ["--max-connections", BENCH_RATE]
    if redis:
        cmd += ["--redis", redis, "--redis-prefix", prefix]
    return cmd


def _sample(pids: list[int], redis_pid: int | None, client: int) -> Sample:
    """CPU and RSS now of ``pids`` with every process below them, Redis's CPU, the generator's CPU."""
    every = [p for pid in pids for p in procs.tree(pid)]
    return Sample(
        sum(procs.cpu_seconds(p) for p in every),
        procs.cpu_seconds(redis_pid) if redis_pid else None,
        sum(procs.rss_bytes(p) for p in every),
        procs.cpu_seconds(client),
    )


async def drive(
    label: str,
    cmd: list[str],
    pids: list[int],
    redis_pid: int | None,
    progress: Progress,
    sampler: Callable[[], Awaitable[Any]] | None = None,
) -> tuple[dict[str, Any], Sample, Sample, int]:
    """Run the generator ``cmd`` to its end; returns its RESULT, the samples at the window's start and
    end, and the workers' RSS just before the load (bytes; each figure over ``pids`` and the processes
    below them). ``sampler`` starts with the window (a profiler) and is awaited before returning."""
    idle_rss = sum(procs.rss_bytes(p) for pid in pids for p in procs.tree(pid))
    proc = await asyncio.create_subprocess_exec(*cmd, stdout=subprocess.PIPE)
    assert proc.stdout is not None
    start = end = None
    result: dict[str, Any] | None = None
    sampling: asyncio.Future[Any] | None = None
    async for raw in proc.stdout:
        line = raw.decode().strip()
        if line.startswith("PROGRESS "):
            progress(label, msgspec.json.decode(line[9:]))
        elif line.startswith("CONNECTED"):
            progress(label, {"phase": "warm-up"})
        elif line == "MEASURE_START":
            start = _sample(pids, redis_pid, proc.pid)
            progress(label, {"phase": "measuring"})
            if sampler is not None:
                sampling = asyncio.ensure_future(sampler())
        elif line == "MEASURE_END":
            end = _sample(pids, redis_pid, proc.pid)
        elif line.startswith("RESULT "):
            result = msgspec.json.decode(line[7:])
    await proc.wait()
    if sampling is not None:
        await sampling
    if result is None or start is None or end is None:
        raise RuntimeError(f"{label}: the load generator ended without a result (exit {proc.returncode})")
    return result, start, end, idle_rss


def run_figures(label: str, load: LoadResult, start: Sample, end: Sample, idle_rss: int) -> RunFigures:
    redis_cpu = None
    if start.redis_cpu is not None and end.redis_cpu is not None:
        redis_cpu = end.redis_cpu - start.redis_cpu
    return RunFigures(
        label,
        load,
        end.worker_cpu - start.worker_cpu,
        redis_cpu,
        idle_rss,
        start.worker_rss,
        end.client_cpu - start.client_cpu,
        round(os.getloadavg()[0], 2),
    )


async def measure(plan: Plan, label: str, progress: Progress) -> RunFigures:
    """One boardroom run of ``plan`` (see the module docstring)."""
    prefix = f"bench{os.getpid()}x{id(label) % 10_000}:"
    port = procs.free_port()
    cmd = worker_command(port, plan.redis, prefix, plan.workers, plan.server)
    server = subprocess.Popen(procs.pinned(cmd, plan.server_cores))
    with contextlib.suppress(OSError):  # before it serves (it imports for a second or more)
        procs.allow_open_files(server.pid, plan.load.rooms * plan.load.seats)
    base = f"http://127.0.0.1:{port}"
    try:
        await procs.wait_healthy(base, server)
        config = msgspec.structs.replace(plan.load, bases=[base])
        cmd = procs.pinned(
            procs.python("-m", "clients.bench.load", msgspec.json.encode(config).decode()),
            plan.client_cores,
        )
        redis_pid = procs.redis_pid(plan.redis) if plan.redis else None
        sampler = None
        if plan.profile is not None:
            first = ([server.pid] if plan.workers == 1 else procs.spawned(server.pid))[0]
            out = Path(plan.profile) / f"{label}-{os.getpid()}-{port}.txt"
            sampler = functools.partial(profile.record, first, plan.load.duration, out)
        result, start, end, idle_rss = await drive(label, cmd, [server.pid], redis_pid, progress, sampler)
    finally:
        procs.stop(server)
        if plan.redis:
            with contextlib.suppress(Exception):
                procs.purge_prefix(plan.redis, prefix)
    return run_figures(label, msgspec.convert(result, LoadResult), start, end, idle_rss)


def baseline_files(directory: str | None) -> tuple[Path, Path] | None:
    """The baseline's server and generator scripts, or ``None`` when ``directory`` lacks them."""
    if directory is None:
        return None
    server, loadgen = Path(directory) / "server_websockets.py", Path(directory) / "loadgen.py"
    return (server, loadgen) if server.is_file() and loadgen.is_file() else None


async def measure_baseline(plan: Plan, progress: Progress) -> RunFigures | None:
    """The transport baseline under the same rooms, mode and window (4 connections per room; with a
    Redis hop when ``plan.redis``); ``None`` when the baseline directory is missing."""
    files = baseline_files(plan.baseline_dir)
    if files is None:
        return None
    server, loadgen = files
    port = procs.free_port()
    cmd = procs.python(str(server), "--port", str(port)) + (["--redis", plan.redis] if plan.redis else [])
    proc = subprocess.Popen(procs.pinned(cmd, plan.server_cores), stdout=subprocess.DEVNULL)
    load = plan.load
    try:
        await procs.wait_port(port, proc)
        gen = [str(loadgen), "--url", f"ws://127.0.0.1:{port}/ws", "--rooms", str(load.rooms)]
        gen += ["--warmup", str(load.warmup), "--duration", str(load.duration)]
        if load.mode == "paced":
            gen += ["--interval-ms", str(load.interval * 1000)]
        redis_pid = procs.redis_pid(plan.redis) if plan.redis else None
        cmd = procs.pinned(procs.python(*gen), plan.client_cores)
        result, start, end, idle_rss = await drive("baseline", cmd, [proc.pid], redis_pid, progress)
    finally:
        procs.stop(proc)
    return run_figures("baseline", loadgen_result(result), start, end, idle_rss)


def loadgen_result(raw: dict[str, Any]) -> LoadResult:
    """A RESULT of the baseline's generator (or of a peer's load client: the same fields) as a
    `LoadResult`. They report p90, not p95 (left ``None``), and broadcasts per second, not a count
    (``updates`` is that rate times the window, rounded); they play no games and refuse nothing."""
    lat = raw["lat_ms"]
    window = float(raw["window_s"])
    return LoadResult(
        rooms_live=raw["rooms_live"],
        connections=raw["connections"],
        connect_errors=raw["connect_errors"],
        connect_seconds=raw["connect_s"],
        window=window,
        actions=raw["moves"],
        updates=round(raw["bcast_msgs_per_s"] * window),
        games=0,
        refused=0,
        stalled=raw["stalled_rooms"],
        latency=Percentiles(lat["p50"], None, lat["p99"], lat["max"]),
    )
