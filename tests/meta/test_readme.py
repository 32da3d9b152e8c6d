"""The README's Quick start and CI stay one and the same command."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def quick_start_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```(?:sh|bash)?\n(.*?)\n```", section, re.S)


def test_readme_quick_start_has_two_commands() -> None:
    commands = quick_start_commands()
    assert len(commands) == 2
    assert "boardroom serve" in commands[0]


def test_ci_runs_exactly_the_readme_test_command() -> None:
    test_command = quick_start_commands()[1].strip()
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test_command in ci_lines
