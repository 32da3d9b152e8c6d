"""Child processes of a benchmark: free ports, core pinning, CPU and RSS from ``/proc`` (Linux)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Sequence

import httpx


def free_port() -> int:
    """A TCP port nobody listens on now (127.0.0.1)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def pinned(cmd: Sequence[str], cores: str | None) -> list[str]:
    """``cmd`` run under ``taskset -c cores`` when ``cores`` is given and taskset exists."""
    if cores and shutil.which("taskset"):
        return ["taskset", "-c", cores, *cmd]
    return list(cmd)


def python(*args: str) -> list[str]:
    """This interpreter running ``args`` (``-m module ...`` or a script path)."""
    return [sys.executable, *args]


#: File descriptors a benchmark process may need beyond one per connection (its listening and pooled
#: sockets, the event loop's, Redis's, log files).
SPARE_FILES = 4096


def allow_open_files(pid: int | None, connections: int) -> None:
    """Let process ``pid`` (``None``: this one) open ``connections`` sockets and `SPARE_FILES` more: a
    worker or generator holding 20,000 connections under a limit of 20,000 open files failed the last
    rooms' setups with EMFILE. Raises the hard limit too where allowed (root); else up to the hard one."""
    want = connections + SPARE_FILES
    limit = resource.RLIMIT_NOFILE
    soft, hard = resource.prlimit(pid or 0, limit)
    if soft >= want:
        return
    try:
        resource.prlimit(pid or 0, limit, (want, max(hard, want)))
    except (OSError, ValueError):  # not allowed past the hard limit
        resource.prlimit(pid or 0, limit, (hard, hard))


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far; 0.0 when ``/proc`` cannot tell."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_bytes(pid: int) -> int:
    """Resident set size of ``pid`` in bytes; 0 when ``/proc`` cannot tell."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (those of each of its threads; ``/proc/<pid>/task/<tid>/children``),
    in pid order; none when ``/proc`` cannot tell."""
    found: list[int] = []
    with contextlib.suppress(OSError):
        for tid in os.listdir(f"/proc/{pid}/task"):
            with contextlib.suppress(OSError), open(f"/proc/{pid}/task/{tid}/children") as f:
                found += [int(child) for child in f.read().split()]
    return sorted(found)


def tree(pid: int) -> list[int]:
    """``pid`` and every process below it (a ``serve --workers N`` parent, its workers, their pools)."""
    pids = [pid]
    for child in children(pid):
        pids += tree(child)
    return pids


def spawned(pid: int) -> list[int]:
    """The children of ``pid`` that multiprocessing started with ``spawn`` (the workers of a ``serve
    --workers N`` parent; not its resource tracker)."""
    found = []
    for child in children(pid):
        with contextlib.suppress(OSError), open(f"/proc/{child}/cmdline", "rb") as f:
            if b"spawn_main" in f.read():
                found.append(child)
    return found


def redis_pid(url: str) -> int | None:
    """The pid of the Redis server at ``url`` when it runs on this machine (``INFO server``)."""
    import redis

    try:
        client = redis.Redis.from_url(url, socket_timeout=2)
        pid = int(client.info("server")["process_id"])
        client.close()
    except Exception:  # no Redis, or not ours to see: the figure is then left out
        return None
    return pid if os.path.exists(f"/proc/{pid}") else None


def purge_prefix(url: str, prefix: str) -> int:
    """Delete every key under ``prefix`` in the Redis at ``url``; returns how many."""
    import redis

    client = redis.Redis.from_url(url)
    deleted = 0
    for key in client.scan_iter(match=prefix + "*", count=1000):
        deleted += int(client.delete(key))
    client.close()
    return deleted


async def wait_healthy(base: str, proc: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    """Wait until ``base``/healthz answers 200. Raises ``RuntimeError`` when ``proc`` exits or after
    ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient() as http:
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"worker exited with {proc.returncode}")
            with contextlib.suppress(httpx.TransportError):
                if (await http.get(f"{base}/healthz")).status_code == 200:
                    return
            await asyncio.sleep(0.05)
    raise RuntimeError(f"{base} not healthy after {timeout:.0f} s")


async def wait_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    """Wait until something accepts TCP connections on 127.0.0.1:``port``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"process exited with {proc.returncode}")
        with contextlib.suppress(OSError):
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        await asyncio.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port} after {timeout:.0f} s")


def stop(proc: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    """Terminate ``proc`` (SIGTERM, then SIGKILL after ``timeout`` seconds)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
