"""Lobby input a tester attacked: option constraints checked at creation (with a dry-run setup), claims
that never half-happen, and the bounds of names, timers, bodies and query values (docs/api.md)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from server.clock import FakeClock
from server.services import Services
from server.settings import Settings
from server.testing import running_server

from .conftest import GAMES, make_room

Http = httpx.Client


@pytest.fixture(scope="module")
def client() -> Iterator[httpx.Client]:
    with (
        running_server(Settings(), games=GAMES, clock=FakeClock()) as server,
        httpx.Client(base_url=server.url) as client,
    ):
        yield client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def error(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["code"]


def gregs(client: Http, **options: Any) -> httpx.Response:
    return client.post("/api/rooms", json={"game": "gregs", "seats": 3, "options": options})


class TestOptions:
    @pytest.mark.parametrize(
        "options",
        [
            {"start": "99"},  # GRE-5: a seat past the table's last one (the dry-run setup refuses it)
            {"start": "3"},
            {"start": "first"},
            {"turn_limit": 10**30},
            {"turn_limit": 0},
            {"turn_limit": -1},
            {"turn_limit": 10_001},
        ],
    )
    def test_gre5_gre21_options_out_of_range_are_refused_at_creation(
        self, client: Http, options: dict[str, Any]
    ) -> None:
        assert error(gregs(client, **options)) == (400, "request/invalid")

    def test_gre5_a_start_seat_of_the_table_is_accepted_and_the_last_claim_starts(self, client: Http) -> None:
        room = gregs(client, start="2", turn_limit=10_000).json()["room"]
        claims = [client.post(f"/api/rooms/{room}/seats/any/claim", json={}) for _ in range(3)]
        assert [c.status_code for c in claims] == [200, 200, 200]
        assert client.get(f"/api/rooms/{room}").json()["status"] == "running"

    def test_the_refusal_names_the_reason(self, client: Http) -> None:
        body = gregs(client, start="99").json()
        assert body["message"] == (
            "options: start must be 'seat0', 'random' or a seat number below 3, got '99'"
        )

    @pytest.mark.parametrize(
        ("game", "options"),
        [
            ("fixture-hands", {"hand_size": 0}),
            ("fixture-commit", {"cards": 9}),
            ("fixture-reaction", {"rounds": 5}),
        ],
    )
    def test_fixture_options_carry_their_bounds(
        self, client: Http, game: str, options: dict[str, Any]
    ) -> None:
        response = client.post("/api/rooms", json={"game": game, "seats": 2, "options": options})
        assert error(response) == (400, "request/invalid")


class TestAutostart:
    async def test_a_failed_autostart_frees_the_claimed_seat(
        self, services: Services, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        made = await make_room(services, claim=1)
        game = GAMES["fixture-hands"]

        def broken(*_: Any) -> Any:
            raise ValueError("broken setup")

        monkeypatch.setattr(game, "setup", broken)
        with pytest.raises(ValueError, match="broken setup"):
            await services.lobby.claim(made.room, 1, "bob")
        meta = await services.rooms.meta(made.room)
        assert (meta.status, [s.taken for s in meta.seats], meta.seats[1].name) == ("open", [True, False], "")
