"""deploy/Dockerfile: known instructions only, every copied path exists and passes the ignore file, the
wheel it builds carries every data file of the packages, and the image runs ``boardroom serve`` as a
non-root user on the port the manifests probe, stopped by SIGTERM (the graceful shutdown)."""

from __future__ import annotations

import fnmatch
import json
import tomllib
from pathlib import Path

from .support import DEPLOY, ROOT

INSTRUCTIONS = {
    "FROM", "RUN", "CMD", "LABEL", "EXPOSE", "ENV", "ADD", "COPY", "ENTRYPOINT", "VOLUME", "USER",
    "WORKDIR", "ARG", "ONBUILD", "STOPSIGNAL", "HEALTHCHECK", "SHELL",
}  # fmt: skip
PACKAGES = ["games", "protocol", "server", "clients"]


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order, continuation lines joined, comments dropped."""
    text = (DEPLOY / "Dockerfile").read_text()
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    joined = "\n".join(lines).replace("\\\n", " ")
    parts = [line.strip().split(None, 1) for line in joined.splitlines() if line.strip()]
    return [(p[0].upper(), p[1] if len(p) > 1 else "") for p in parts]


def last(name: str) -> str:
    return [args for ins, args in instructions() if ins == name][-1]


def test_only_known_instructions_and_two_stages_from_a_supported_python() -> None:
    assert sorted({ins for ins, _ in instructions()} - INSTRUCTIONS) == []
    bases = [args.split()[0] for ins, args in instructions() if ins == "FROM"]
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert (bases, requires) == (["python:3.11-slim", "python:3.11-slim"], ">=3.11")


def test_every_copied_path_exists_and_is_not_ignored() -> None:
    sources = [
        src
        for ins, args in instructions()
        if ins == "COPY" and not args.startswith("--from")
        for src in args.split()[:-1]
    ]
    assert sources == ["pyproject.toml", "README.md", *PACKAGES]
    assert [s for s in sources if not (ROOT / s).exists()] == []
    rules = [r for r in (DEPLOY / "Dockerfile.dockerignore").read_text().splitlines() if r and r[0] != "#"]
    assert [s for s in sources if ignored(s, rules)] == []
    assert ignored("tests/e2e/test_full_game.py", rules) and ignored(".git/HEAD", rules)


def ignored(path: str, rules: list[str]) -> bool:
    """Docker's rule: the last matching pattern wins, ``!`` re-includes."""
    result = False
    for rule in rules:
        negate, pattern = rule.startswith("!"), rule.lstrip("!")
        if fnmatch.fnmatch(path, pattern) or fnmatch.fnmatch(path, pattern.rstrip("*").rstrip("/")):
            result = not negate
    return result


def test_the_wheel_carries_every_data_file_of_the_packages() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["*"]
    data = [
        p.relative_to(ROOT)
        for package in PACKAGES
        for p in (ROOT / package).rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc")
    ]
    assert data, "the games ship data files"
    missing = [str(p) for p in data if not any(fnmatch.fnmatch(p.name, pat.split("/")[-1]) for pat in config)]
    assert missing == []


def test_the_image_serves_as_a_non_root_user_on_port_8000_and_stops_on_sigterm() -> None:
    assert json.loads(last("ENTRYPOINT")) == ["boardroom", "serve"]
    assert (last("USER"), last("EXPOSE"), last("STOPSIGNAL")) == ("10001", "8000", "SIGTERM")
    env = dict(pair.split("=", 1) for pair in last("ENV").split())
    assert (env["BOARDROOM_HOST"], env["BOARDROOM_PORT"]) == ("0.0.0.0", "8000")
    assert "/healthz" in last("HEALTHCHECK")


def test_the_script_the_image_runs_is_the_project_console_script() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"boardroom": "clients.cli:main"}
    assert Path(ROOT / "clients" / "commands" / "serve.py").is_file()
