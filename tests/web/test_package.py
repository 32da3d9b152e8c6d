"""The web client ships in the installed package (``pip install .``, not editable): its pages, app,
SDK and its vendored files, found by the worker beside the installed ``server`` package, and nothing of its
development (tests, scripts, node_modules), nor the benchmarks' evaluation-only experiments."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from .conftest import WEB

ROOT = WEB.parents[1]

SERVE = """
import asyncio, httpx, server.lobby.web
from server.app import create_app
async def main():
    transport = httpx.ASGITransport(app=create_app())
    async with httpx.AsyncClient(transport=transport, base_url="http://x") as http:
        for path in ("/", "/static/sdk/boardroom.js", "/static/sdk/vendor/fast-json-patch/index.mjs"):
            print(path, (await http.get(path)).status_code)
print(server.lobby.web.WEB_ROOT)
asyncio.run(main())
"""


def test_pip_install_ships_what_the_worker_serves_and_nothing_else(tmp_path: Path) -> None:
    source = tmp_path / "source"
    skip = shutil.ignore_patterns("__pycache__", "node_modules", "*.egg-info")
    for name in ("games", "protocol", "server", "clients"):
        shutil.copytree(ROOT / name, source / name, ignore=skip)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    web = source / "clients" / "web"
    for name in ("index.html", "table.html", "app/table.js", "app/table.css"):  # the interface's files
        (web / name).parent.mkdir(parents=True, exist_ok=True)
        (web / name).write_text("x")
    (web / "node_modules" / "ws").mkdir(parents=True)  # a developer's install
    (web / "node_modules" / "ws" / "package.json").write_text("{}")

    pip = [sys.executable, "-m", "pip", "-q"]
    subprocess.run([*pip, "wheel", "--no-deps", "-w", tmp_path / "dist", source], check=True, timeout=300)
    (wheel,) = (tmp_path / "dist").glob("boardroom-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert [n for n in names if "/experiment" in n] == []
    assert "clients/bench/load.py" in names
    assert "clients/sdk/py.typed" in names  # PEP 561: a type checker reads the SDK's annotations
    shipped = sorted(n for n in names if n.startswith("clients/web/"))
    vendor = (WEB / "sdk" / "vendor").rglob("*")
    vendored = sorted(f"clients/web/{p.relative_to(WEB)}" for p in vendor if p.is_file())
    app = sorted(f"clients/web/{p.relative_to(web)}" for p in (web / "app").rglob("*") if p.is_file())
    assert shipped == sorted(
        [
            *app,
            "clients/web/index.html",
            *(f"clients/web/sdk/{p.name}" for p in (WEB / "sdk").glob("*.js")),
            "clients/web/table.html",
            *vendored,
        ]
    )

    target = tmp_path / "site"
    subprocess.run([*pip, "install", "--no-deps", "--target", target, wheel], check=True, timeout=300)
    env = {**os.environ, "PYTHONPATH": str(target)}
    done = subprocess.run(
        [sys.executable, "-c", SERVE], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        str(target / "clients" / "web"),
        "/ 200",
        "/static/sdk/boardroom.js 200",
        "/static/sdk/vendor/fast-json-patch/index.mjs 200",
    ]
