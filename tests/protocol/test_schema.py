"""The generated JSON Schema files and README code tables match the code, and staleness is named."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from clients.cli import main
from protocol import reference, schema
from protocol.codes import CLOSES, ERRORS, Code

CHECK = "from clients.cli import main; raise SystemExit(main(['schema', '--check']))"


def test_committed_schema_and_tables_are_current() -> None:
    # A fresh interpreter: only the shipped games are imported, so only their codes are declared.
    result = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout) == (0, "")


def test_check_names_each_stale_file_and_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "schema"
    directory.mkdir()
    readme = tmp_path / "README.md"
    readme.write_text(reference.with_tables(reference.README.read_text()))
    monkeypatch.setattr(schema, "SCHEMA_DIR", directory)
    monkeypatch.setattr(reference, "README", readme)
    assert main(["schema"]) == 0
    assert main(["schema", "--check"]) == 0
    (directory / "messages.json").write_text("{}\n")
    (directory / "retired-game.json").write_text("{}\n")
    capsys.readouterr()
    assert main(["schema", "--check"]) == 1
    assert capsys.readouterr().out == (
        "stale: protocol/schema/messages.json (run `boardroom schema`)\n"
        "stale: protocol/schema/retired-game.json (run `boardroom schema`)\n"
    )
    assert main(["schema"]) == 0
    assert not (directory / "retired-game.json").exists()
    assert main(["schema", "--check"]) == 0


def test_output_is_deterministic_sorted_with_trailing_newline() -> None:
    text = schema.render(schema.messages_schema())
    assert text == schema.render(schema.messages_schema())
    assert text.endswith("}\n")
    assert list(json.loads(text)) == sorted(json.loads(text))


def test_messages_schema_tags_every_message_both_ways() -> None:
    defs = schema.messages_schema()["$defs"]
    assert sorted(defs["ClientMessage"]["discriminator"]["mapping"]) == ["act", "hello", "ping", "sync"]
    assert sorted(defs["ServerMessage"]["discriminator"]["mapping"]) == [
        "ack",
        "bye",
        "error",
        "pong",
        "snapshot",
        "update",
        "welcome",
    ]
    assert defs["Act"]["required"] == ["type", "id", "seat", "action"]


def test_game_schema_has_the_four_roots_and_only_client_actions() -> None:
    from games.catalog import shipped

    doc = schema.game_schema(shipped()["gregs"])
    assert {"options", "action", "view", "event"} <= set(doc["$defs"])
    kinds = set(doc["$defs"]["action"]["discriminator"]["mapping"])
    assert kinds == {"choose", "reveal", "stop", "cut", "curse"}  # no "timeout": the server's own


def test_readme_lists_every_protocol_error_and_close_code() -> None:
    text = reference.README.read_text()
    assert [c for c in ERRORS if f"| `{c}` | protocol |" not in text] == []
    assert "| `auth/bad_token` | protocol | 401 | 4401 |" in text
    assert [c for c in CLOSES if f"| {c} |" not in text] == []


def test_tables_need_their_markers() -> None:
    with pytest.raises(ValueError, match="markers"):
        reference.with_tables("# no tables here\n")


def test_tables_escape_pipes() -> None:
    tables = reference.code_tables({"x/y": Code("a | b", 409, 4404)}, {"r/s": "c | d"}, {})
    assert "| `x/y` | protocol | 409 | 4404 | a \\| b |" in tables
    assert "| `r/s` | rules | | | c \\| d |" in tables
