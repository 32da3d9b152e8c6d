"""The peer frameworks in the benchmark: Colyseus and boardgame.io on the same workload as the transport
baseline (rooms of 4 connections, one member moves, all 4 receive the new state), measured in the same
invocation (the peers folder of the baseline directory, ``peers/``: Node scripts and a ``package-lock.json``).

The peers folder may be read-only, so `prepare` copies it into a cache directory of the bench's own and
runs ``npm ci`` there, again only when the folder's ``package-lock.json`` changed. `measure_peer` runs one
peer's server on the server cores and its load client on the client cores and samples the server like the
baseline's (`runner.drive`); their ``RESULT`` has the baseline generator's fields (`runner.loadgen_result`).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import msgspec

from clients.bench import procs
from clients.bench.model import RunFigures
from clients.bench.runner import Plan, Progress, drive, loadgen_result, run_figures


class Peer(msgspec.Struct, frozen=True):
    """A peer: its server and load client scripts (in the peers folder) and the server's environment."""

    server: str
    load: str
    env: dict[str, str]


#: The peers by the name ``--peers`` takes, in the order they run. Colyseus sends the state patch right
#: after each move (``PATCH_MODE=immediate``) rather than on its 50 ms patch timer, like every other server
#: in the table; both run with ``NODE_ENV=production``.
PEERS: dict[str, Peer] = {
    "colyseus": Peer(
        "colyseus_server.js", "colyseus_load.js", {"NODE_ENV": "production", "PATCH_MODE": "immediate"}
    ),
    "bgio": Peer("bgio_server.js", "bgio_load.js", {"NODE_ENV": "production"}),
}

#: The peer every row of the report is also compared with.
REFERENCE = "colyseus"


class PeerError(Exception):
    """The peers cannot run here; the message is one line saying why."""


def parse(names: str) -> list[str]:
    """``colyseus,bgio`` as a list of peer names. Raises `PeerError` on a name not in `PEERS`."""
    chosen = [n.strip() for n in names.split(",") if n.strip()]
    unknown = [n for n in chosen if n not in PEERS]
    if unknown:
        raise PeerError(f"unknown peer {', '.join(unknown)} (known: {', '.join(PEERS)})")
    return list(dict.fromkeys(chosen))


def cache_root() -> Path:
    """Where the bench keeps its copy of the peers: ``$XDG_CACHE_HOME`` or ``~/.cache``, else the temp dir."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    root = Path(base) / "boardroom" / "bench-peers"
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError:  # no writable home: a directory of the machine's temp dir instead
        root = Path(tempfile.gettempdir()) / f"boardroom-bench-peers-{os.getuid()}"
        root.mkdir(parents=True, exist_ok=True)
    return root


def prepare(source: str | Path, names: list[str], cache: Path | None = None) -> Path:
    """A runnable copy of the peers folder ``source``: its files copied into ``cache`` (default
    `cache_root`) and ``npm ci`` run there unless the installed ``package-lock.json`` is the same. Raises
    `PeerError` when ``source`` lacks a script of ``names`` or its lock file, node or npm is missing, or
    ``npm ci`` fails."""
    src = Path(source)
    needed = ["package.json", "package-lock.json"] + [
        f for n in names for f in (PEERS[n].server, PEERS[n].load)
    ]
    absent = [f for f in needed if not (src / f).is_file()]
    if absent:
        raise PeerError(f"no peers in {src} (missing {', '.join(absent)}; give --peers-dir)")
    missing_tools = [tool for tool in ("node", "npm") if shutil.which(tool) is None]
    if missing_tools:
        raise PeerError(f"{' and '.join(missing_tools)} not found (the peers run under Node)")
    work = cache or cache_root()
    work.mkdir(parents=True, exist_ok=True)
    with open(work / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two benches at once install once, not over each other
        for path in src.iterdir():
            if path.is_file():
                shutil.copyfile(path, work / path.name)  # contents only: the source may be read-only
        _install(work)
    return work


def _install(work: Path) -> None:
    """``npm ci`` in ``work`` unless it last ran there for this very ``package-lock.json``."""
    digest = hashlib.sha256((work / "package-lock.json").read_bytes()).hexdigest()
    stamp = work / ".installed"
    if stamp.is_file() and stamp.read_text() == digest and (work / "node_modules").is_dir():
        return
    print(f"peers: npm ci in {work} (once per package-lock.json)", flush=True)
    cmd = ["npm", "ci", "--no-audit", "--no-fund", "--silent"]
    try:
        done = subprocess.run(cmd, cwd=work, capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired as exc:
        raise PeerError("npm ci took over 600 s") from exc
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise PeerError(f"npm ci failed in {work} (exit {done.returncode}): {last}")
    stamp.write_text(digest)


async def measure_peer(plan: Plan, name: str, work: Path, progress: Progress) -> RunFigures:
    """One run of peer ``name`` from the prepared folder ``work``: its server pinned to the server cores,
    its load client to the client cores, with the rooms, mode, interval, warm-up and window of
    ``plan.load`` (4 connections per room, whatever its seats). Raises ``RuntimeError`` when the server
    does not listen or the client ends without a ``RESULT``."""
    peer = PEERS[name]
    port = procs.free_port()
    env = {**os.environ, **peer.env}
    server = procs.pinned(["node", str(work / peer.server), "--port", str(port)], plan.server_cores)
    proc = subprocess.Popen(server, cwd=work, env=env, stdout=subprocess.DEVNULL)
    try:
        await procs.wait_port(port, proc)
        cmd = procs.pinned(["node", str(work / peer.load), *load_args(plan, port)], plan.client_cores)
        result, start, end, idle_rss = await drive(name, cmd, [proc.pid], None, progress)
    finally:
        procs.stop(proc)
    return run_figures(name, loadgen_result(result), start, end, idle_rss)


def load_args(plan: Plan, port: int) -> list[str]:
    """The load client's flags for ``plan.load`` (its ``--interval-ms`` only when paced)."""
    load = plan.load
    args = ["--port", str(port), "--rooms", str(load.rooms)]
    args += ["--warmup", str(load.warmup), "--duration", str(load.duration)]
    if load.mode == "paced":
        args += ["--interval-ms", str(load.interval * 1000)]
    return args
