"""The web client's stylesheet parses as CSS: a rule left open (a brace lost in a merge) swallows every
rule after it and leaves those renderers unstyled, with no error in the console to tell."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tinycss2

WEB = Path(__file__).resolve().parents[2] / "clients" / "web"


def parse_errors(css: str) -> list[tuple[int, str]]:
    """(line, message) of every parse error in ``css``, rules inside ``@media``/``@supports`` included."""
    found: list[tuple[int, str]] = []

    def walk(rules: list[Any]) -> None:
        for rule in rules:
            if rule.type == "error":
                found.append((rule.source_line, rule.message))
            elif rule.type == "qualified-rule":
                body = tinycss2.parse_declaration_list(rule.content, skip_comments=True, skip_whitespace=True)
                found.extend((d.source_line, d.message) for d in body if d.type == "error")
            elif rule.type == "at-rule" and rule.content and rule.lower_at_keyword in ("media", "supports"):
                walk(tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True))

    walk(tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True))
    return found


def test_every_stylesheet_of_the_client_parses_without_an_error() -> None:
    sheets = sorted(WEB.glob("app/**/*.css"))
    assert sheets
    assert {sheet.name: parse_errors(sheet.read_text()) for sheet in sheets} == {s.name: [] for s in sheets}


def test_a_rule_left_open_is_found() -> None:
    assert parse_errors(".a {\n  color: red;\n/* b */\n.b {\n  color: blue;\n}\n") != []
