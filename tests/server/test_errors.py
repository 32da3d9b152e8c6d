"""One error registry (``protocol.codes``): every code the server refuses with is declared once, with its
HTTP status and close code, and `Refused` takes no undeclared code (as `IllegalAction` does not)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.catalog import shipped
from games.engine import CODES as RULES
from protocol.codes import CODES, lookup
from server.errors import Refused

SERVER = Path(__file__).resolve().parents[2] / "server"


def test_an_undeclared_code_is_our_bug() -> None:
    with pytest.raises(ValueError, match="undeclared error code 'room/gone'"):
        Refused("room/gone")


def test_a_refusal_carries_its_status_and_meaning() -> None:
    taken = Refused("seat/taken")
    assert (taken.status, taken.message) == (409, "somebody holds that seat already")
    assert Refused("auth/bad_token", "no").status == 401
    shipped()  # the games declare their codes on import
    assert (Refused("action/bad_choice").status, Refused("window/no_target").status) == (400, 400)


def test_every_code_the_server_names_is_declared_once() -> None:
    named = {
        code
        for path in SERVER.rglob("*.py")
        for code in re.findall(r"""Refused\(\s*["']([a-z_]+/[a-z_]+)["']""", path.read_text())
    }
    assert len(named) >= 19
    assert sorted(code for code in named if lookup(code) is None) == []
    assert sorted(set(CODES) & set(RULES)) == []


def test_codes_that_end_a_connection_name_their_close_code() -> None:
    closing = {code: row.close for code, row in CODES.items() if row.close is not None}
    assert closing == {
        "auth/bad_token": 4401,
        "room/not_found": 4404,
        "rate/limited": 4429,
        "store/unavailable": 1013,
    }
