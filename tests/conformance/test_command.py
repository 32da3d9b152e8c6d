"""``boardroom conformance`` prints each game's figures and fails on a finding."""

from __future__ import annotations

import pytest

from clients.cli import main


def test_conformance_command_prints_the_figures_and_passes_fixture_hands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["conformance", "--game", "fixture-hands", "--playouts", "6", "--replay-child", "2"])
    lines = capsys.readouterr().out.splitlines()
    assert status == 0
    assert lines[0].split() == ["game", "play-outs", "steps", "play-outs/s", "steps/s", "guard", "findings"]
    row = lines[1].split()
    assert (row[0], row[1], row[5], row[6]) == ("fixture-hands", "6", "0.00%", "0")
    assert int(row[2]) == 6 * 36  # each: 24 plays + (24 - 4 * seats) draws; seats 2, 3, 4, 2, 3, 4


def test_conformance_command_fails_on_the_leaky_fixture_naming_the_leak(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["conformance", "--game", "fixture-leaky", "--playouts", "2", "--show", "1"])
    out = capsys.readouterr().out
    assert status == 1
    assert "[leak] fixture-leaky seats=2" in out
    assert "at view/peek" in out


def test_conformance_command_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "--game", "no-such-game", "--playouts", "1"]) == 2
