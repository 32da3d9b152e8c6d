"""``boardroom client-check``: the kit passes our own SDKs through their adapters, every check
MessagePack included (the JavaScript one skipped where Node is missing), and a client that ignores gaps
fails exactly the gap check, saying what was expected."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from clients.clientcheck.checks import CHECKS

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "clients" / "web"
LINE = re.compile(r"^(PASS|FAIL|SKIP) ([a-z-]+): ", re.MULTILINE)


def client_check(*args: str) -> tuple[int, str, dict[str, str]]:
    """Exit status, output and each check's verdict of one run."""
    cmd = [sys.executable, "-c", "from clients.cli import main; raise SystemExit(main())", "client-check"]
    done = subprocess.run([*cmd, *args], cwd=ROOT, capture_output=True, text=True, timeout=60)
    verdicts = {name: status for status, name in LINE.findall(done.stdout)}
    return done.returncode, done.stdout + done.stderr, verdicts


def node_ready() -> bool:
    """Node is there and clients/web's npm packages are installed (``npm ci`` if they are not)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        return False
    if not (WEB / "node_modules" / "ws").is_dir():
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB, check=True, capture_output=True)
    return True


def test_the_python_sdk_passes_every_check() -> None:
    status, out, verdicts = client_check("--sdk", "python")
    assert status == 0, out
    assert verdicts == {name: "PASS" for name, _, _ in CHECKS}, out


def test_the_js_sdk_passes_every_check_messagepack_included() -> None:
    if not node_ready():
        pytest.skip("Node.js and npm are needed for the JavaScript SDK's adapter")
    status, out, verdicts = client_check("--sdk", "js")
    assert status == 0, out
    assert verdicts == {name: "PASS" for name, _, _ in CHECKS}, out
    assert "msgpack" in verdicts
    assert out.rstrip().endswith(f"{len(CHECKS)} passed, 0 failed, 0 skipped"), out


def test_a_client_that_ignores_gaps_fails_the_gap_check_alone_saying_what_was_expected() -> None:
    status, out, verdicts = client_check("--adapter", f"{sys.executable} -m tests.e2e.clientcheck_broken")
    assert status == 1, out
    assert {name for name, verdict in verdicts.items() if verdict != "PASS"} == {"gap-sync"}, out
    assert len(verdicts) == len(CHECKS), out
    failure = next(line for line in out.splitlines() if line.startswith("FAIL gap-sync"))
    assert failure == (
        "FAIL gap-sync: asks sync since 0 on an update 1->2 at version 0, then applies the answer; "
        "got: nothing where a sync since 0 was due within 2 s"
    )


def test_an_unknown_adapter_command_is_a_clear_error() -> None:
    status, out, _ = client_check("--adapter", f"{sys.executable} -c pass")
    assert status == 2
    assert out.endswith(
        "boardroom client-check: the adapter ended or did not connect to the control channel\n"
    )


def test_an_adapter_that_is_no_program_is_a_clear_error() -> None:
    status, out, _ = client_check("--adapter", "/nonexistent/adapter")
    assert status == 2
    assert out.endswith(
        "boardroom client-check: the adapter '/nonexistent/adapter' could not be started: "
        "No such file or directory\n"
    )
