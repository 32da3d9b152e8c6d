"""Processes for the fault tests: worker processes (`tests.faults.worker`) on free ports sharing one key
prefix, and a private ``redis-server`` (append-only, ``appendfsync always``) in a temporary directory
that a test may kill and restart. The shared Redis on 6379 is only ever used under a fresh prefix and is
never killed.

    with Cluster(redis_url, prefix, 3, logs) as cluster:
        cluster.workers[1].kill()          # kill -9
        cluster.ws_url(2)                  # "ws://127.0.0.1:<port>/ws"
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from types import TracebackType
from typing import Any

import httpx
import pytest
import redis

#: Seconds a process may take to answer after it was started.
START_TIMEOUT = 30.0

#: The repository root: workers run ``python -m tests.faults.worker`` from here.
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A TCP port nobody listens on right now (the OS picks it)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait(check: Any, proc: subprocess.Popen[bytes], what: str, log: Path | None = None) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            tail = log.read_text()[-3000:] if log is not None and log.exists() else ""
            raise RuntimeError(f"{what} exited with {proc.returncode}\n{tail}")
        with contextlib.suppress(Exception):
            if check():
                return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not come up within {START_TIMEOUT} s")


class Worker:
    """One worker process on ``port`` (started by `start`, stopped by `stop` or killed by `kill`)."""

    def __init__(self, redis_url: str, prefix: str, port: int, log: Path, extra: list[str]) -> None:
        self.redis_url = redis_url
        self.prefix = prefix
        self.port = port
        self.log = log
        self.extra = extra
        self.proc: subprocess.Popen[bytes] | None = None
        self._interrupted = False

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def spawn(self) -> None:
        """Start the process (returns at once; `wait_ready` waits for ``/healthz``)."""
        cmd = [sys.executable, "-m", "tests.faults.worker", "--redis", self.redis_url]
        cmd += ["--prefix", self.prefix, "--port", str(self.port), *self.extra]
        self._interrupted = False
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                cmd, cwd=ROOT, env={**os.environ, "PYTHONWARNINGS": "ignore"}, stdout=out, stderr=out
            )

    def wait_ready(self) -> None:
        assert self.proc is not None
        _wait(
            lambda: httpx.get(self.url + "/healthz", timeout=1.0).status_code == 200,
            self.proc,
            f"worker :{self.port}",
            self.log,
        )

    def counts(self, by_type: bool = False) -> dict[str, Any]:
        """The worker's ``/debug/counts`` (see `tests.faults.worker`); ``by_type`` adds ``types``."""
        query = "?types=1" if by_type else ""
        data: dict[str, Any] = httpx.get(self.url + "/debug/counts" + query, timeout=30.0).json()
        return data

    def kill(self) -> None:
        """``kill -9``: no shutdown, no closing handshakes, leases and sockets simply abandoned."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def freeze(self) -> None:
        """SIGSTOP: the process stops answering, its sockets stay open (a hung worker); `thaw` ends it."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        """SIGCONT after `freeze`."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGCONT)

    def interrupt(self) -> None:
        """Ask for a graceful stop (SIGINT, once) without waiting."""
        if self.proc is not None and self.proc.poll() is None and not self._interrupted:
            self._interrupted = True
            self.proc.send_signal(signal.SIGINT)

    def stop(self) -> None:
        """A graceful stop (SIGINT), then SIGKILL after 5 s (a test's teardown: nothing to finish)."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.thaw()  # a frozen worker would never see the SIGINT
        self.interrupt()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.kill()

    def summary(self) -> str:
        """The log's distinct unindented lines with their counts (tracebacks folded), most frequent first."""
        lines = [line for line in self.log.read_text(errors="replace").splitlines() if line[:1].strip()]
        return "\n".join(f"{n:6} {line[:200]}" for line, n in Counter(lines).most_common(15))

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None


class Cluster:
    """``count`` workers sharing ``prefix`` on the Redis at ``redis_url``; logs go to ``logs``."""

    def __init__(self, redis_url: str, prefix: str, count: int, logs: Path, extra: list[str] | None = None):
        self.workers = [
            Worker(redis_url, prefix, free_port(), logs / f"worker{i}.log", extra or []) for i in range(count)
        ]

    def __enter__(self) -> Cluster:
        try:
            for worker in self.workers:
                worker.spawn()
            for worker in self.workers:
                worker.wait_ready()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        for worker in self.workers:
            worker.interrupt()
        for worker in self.workers:
            worker.stop()
        for worker in self.workers:  # printed, so pytest shows it with a failure
            print(f"--- {worker.log.name} (port {worker.port}):\n{worker.summary()}")

    def url(self, i: int) -> str:
        return self.workers[i].url

    def ws_url(self, i: int) -> str:
        return self.workers[i].ws_url


class RedisServer:
    """A private ``redis-server`` on a free port with its data in ``directory``: append-only with
    ``appendfsync always`` (every acknowledged write is on disk before the reply), no RDB snapshots.
    `kill` is ``kill -9``; `start` again on the same port and directory replays the append-only file."""

    #: the server's options beyond its port, address and directory
    options = ["--appendonly", "yes", "--appendfsync", "always", "--save", "", "--daemonize", "no"]

    def __init__(self, directory: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.skip("no redis-server binary (.ci/run installs it)")
        self.binary = binary
        self.directory = directory
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        cmd = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.directory)]
        cmd += self.options
        with (self.directory / "redis.log").open("ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=out)
        _wait(self._ping, self.proc, f"redis-server :{self.port}", self.directory / "redis.log")

    def _ping(self) -> bool:
        with redis.Redis(port=self.port, socket_connect_timeout=0.5) as client:
            return bool(client.ping())

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def freeze(self) -> None:
        """SIGSTOP: Redis hangs with its sockets open (connections are accepted, nothing is answered)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        """SIGCONT after `freeze`."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGCONT)

    def __enter__(self) -> RedisServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.thaw()  # a stopped process takes SIGKILL too, but its sockets would stay until reaped
        self.kill()


class ClusterNode(RedisServer):
    """A `RedisServer` in cluster mode, its cluster bus on a free port of its own (the default, port +
    10000, may be past 65535); a failed node is noticed after ``node_timeout`` seconds."""

    def __init__(self, directory: Path, node_timeout: float, full_coverage: bool = True) -> None:
        super().__init__(directory)
        self.options = ["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf"]
        self.options += ["--cluster-require-full-coverage", "yes" if full_coverage else "no"]
        self.options += ["--cluster-port", str(free_port())]
        self.options += ["--cluster-node-timeout", str(int(node_timeout * 1000)), *RedisServer.options]


class RedisClusterServers:
    """A private Redis Cluster of ``size`` primaries with ``replicas`` replicas each on free ports, every
    node append-only (``appendfsync always``) with its files in a directory of its own under
    ``directory``; `url` names the first node (clients learn the others). ``full_coverage=False``: the
    nodes serve their slots while another node is down (Redis's default refuses every key then)."""

    def __init__(
        self,
        directory: Path,
        size: int = 3,
        replicas: int = 0,
        node_timeout: float = 15.0,
        full_coverage: bool = True,
    ) -> None:
        if shutil.which("redis-cli") is None:
            pytest.skip("no redis-cli binary (.ci/run installs it with redis-server)")
        self.replicas = replicas
        self.nodes: list[ClusterNode] = []
        for i in range(size * (1 + replicas)):
            (directory / f"node{i}").mkdir(parents=True, exist_ok=True)
            self.nodes.append(ClusterNode(directory / f"node{i}", node_timeout, full_coverage))

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.nodes[0].port}"

    def __enter__(self) -> RedisClusterServers:
        try:
            for node in self.nodes:
                node.start()
            addresses = [f"127.0.0.1:{node.port}" for node in self.nodes]
            cmd = ["redis-cli", "--cluster", "create", *addresses, "--cluster-replicas", str(self.replicas)]
            cmd.append("--cluster-yes")
            subprocess.run(cmd, check=True, capture_output=True, timeout=START_TIMEOUT)
            for node in self.nodes:
                assert node.proc is not None
                _wait(lambda n=node: _cluster_ok(n.port), node.proc, f"cluster node :{node.port}")
                _wait(lambda n=node: _synced(n.port), node.proc, f"replication of :{node.port}")
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        for node in self.nodes:
            node.kill()

    def primary_of(self, slot: int) -> ClusterNode:
        """The node serving ``slot`` now (asked of the first live node; `redis.crc.key_slot` gives a
        key's slot)."""
        live = next(node for node in self.nodes if node.proc is not None and node.proc.poll() is None)
        with redis.Redis(port=live.port) as client:
            for first, last, primary, *_ in client.execute_command("CLUSTER SLOTS"):
                if first <= slot <= last:
                    return next(node for node in self.nodes if node.port == primary[1])
        raise LookupError(f"no node serves slot {slot}")


def _synced(port: int) -> bool:
    """A primary, or a replica whose link to its primary is up (it may take over)."""
    with redis.Redis(port=port, socket_connect_timeout=0.5) as client:
        info = client.info("replication")
        return bool(info["role"] == "master" or info.get("master_link_status") == "up")


def _cluster_ok(port: int) -> bool:
    with redis.Redis(port=port, socket_connect_timeout=0.5) as client:
        return bool(client.execute_command("CLUSTER INFO")["cluster_state"] == "ok")
