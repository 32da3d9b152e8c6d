"""Lobby input a tester attacked: option constraints checked at creation (with a dry-run setup), claims
that never half-happen, and the bounds of names, timers, bodies and query values (docs/api.md)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from server.clock import FakeClock
from server.services import Services
from server.settings import Limits, Settings
from server.testing import running_server

from .conftest import GAMES, make_room

Http = httpx.Client


#: Every test of the module makes rooms from one address on a clock that never moves: no per-client
#: bucket for creation and listing (tests/e2e/test_bad_clients.py tests those).
UNTHROTTLED = Limits(creates_per_second=1e6, create_burst=1e6, lists_per_second=1e6, list_burst=1e6)


@pytest.fixture(scope="module")
def client() -> Iterator[httpx.Client]:
    with (
        running_server(Settings(limits=UNTHROTTLED), games=GAMES, clock=FakeClock()) as server,
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
    async def test_a_failed_autostart_leaves_the_seat_free(
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


def fixture_room(client: Http, **body: Any) -> dict[str, Any]:
    response = client.post("/api/rooms", json={"game": "fixture-hands", "seats": 2, **body})
    assert response.status_code == 201
    data: dict[str, Any] = response.json()
    return data


class TestBounds:
    @pytest.mark.parametrize(
        "name",
        [
            "x" * 41,
            "tab\there",
            "bell\x07",
            "new\nline",
            "\u2028",
            "   ",
            "\u3000",
            "\u3164",
            "\u2800",
            "\u0301" * 3,
            "\u202eevil",  # a right-to-left override reverses what follows the name
            "a\u2066b",  # a left-to-right isolate
            "\u200d\u200c",  # joiners alone show nothing
            "\u00ad",  # a soft hyphen alone
            "\ue000",  # private use
            "\U000e0001",  # a language tag alone
        ],
    )
    def test_a_seat_name_is_1_to_40_printable_characters(self, client: Http, name: str) -> None:
        room = fixture_room(client)["room"]
        assert error(client.post(f"/api/rooms/{room}/seats/0/claim", json={"name": name})) == (
            400,
            "request/invalid",
        )

    @pytest.mark.parametrize(
        "name",
        [
            "\U0001f469\u200d\U0001f4bb",  # 👩‍💻: two emoji and a zero-width joiner
            "Ana \U0001f469\u200d\U0001f4bb",
            "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian with a zero-width non-joiner
            "co\u00adop",  # a soft hyphen
            "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # a tag sequence
            "Ana\u00a0Li",  # a no-break space
        ],
    )
    def test_names_with_format_characters_are_accepted_as_written(self, client: Http, name: str) -> None:
        room = fixture_room(client, autostart=False)["room"]
        assert client.post(f"/api/rooms/{room}/seats/0/claim", json={"name": name}).status_code == 200
        assert client.get(f"/api/rooms/{room}").json()["seats"][0]["name"] == name

    def test_a_40_character_name_and_no_name_are_accepted(self, client: Http) -> None:
        room = fixture_room(client, autostart=False)["room"]
        assert client.post(f"/api/rooms/{room}/seats/0/claim", json={"name": "é" * 40}).status_code == 200
        assert client.post(f"/api/rooms/{room}/seats/1/claim", json={}).status_code == 200
        assert [s["name"] for s in client.get(f"/api/rooms/{room}").json()["seats"]] == ["é" * 40, None]

    def test_an_empty_body_reads_as_an_empty_object(self, client: Http) -> None:
        """docs/api.md: a claim or a bot without a body takes its defaults (every field is optional); a
        creation without one lacks its required fields."""
        created = fixture_room(client, autostart=False)
        room, host = created["room"], created["host_token"]
        assert client.post(f"/api/rooms/{room}/seats/0/claim").json()["seat"] == 0
        assert client.post(f"/api/rooms/{room}/seats/1/bot", headers=bearer(host)).json() == {
            "seat": 1,
            "bot": "random",
        }
        assert [(s["name"], s["bot"]) for s in client.get(f"/api/rooms/{room}").json()["seats"]] == [
            (None, None),
            (None, "random"),
        ]
        response = client.post("/api/rooms")
        assert error(response) == (400, "request/invalid")
        assert response.json()["details"]["error"] == "Object missing required field `game`"

    def test_surrounding_white_space_is_dropped_from_a_name(self, client: Http) -> None:
        room = fixture_room(client, autostart=False)["room"]
        assert client.post(f"/api/rooms/{room}/seats/0/claim", json={"name": "  bob "}).status_code == 200
        assert client.get(f"/api/rooms/{room}").json()["seats"][0]["name"] == "bob"

    @pytest.mark.parametrize("timers", [{"turn": 0.5}, {"turn": 86_401}, {"turn": 0}, {"Bad Name": 5}])
    def test_timers_are_1_to_86400_seconds(self, client: Http, timers: dict[str, float]) -> None:
        response = client.post("/api/rooms", json={"game": "fixture-hands", "seats": 2, "timers": timers})
        assert error(response) == (400, "request/invalid")

    def test_timer_bounds_are_inclusive(self, client: Http) -> None:
        room = fixture_room(client, timers={"turn": 1, "reaction": 86_400})["room"]
        assert client.get(f"/api/rooms/{room}").json()["timers"] == {"turn": 1.0, "reaction": 86_400.0}

    def test_a_body_over_64_kib_is_413(self, client: Http) -> None:
        body = b'{"game":"fixture-hands","seats":2,"options":{"pad":"' + b"x" * 70_000 + b'"}}'
        response = client.post("/api/rooms", content=body, headers={"content-type": "application/json"})
        assert error(response) == (413, "request/too_large")

    @pytest.mark.parametrize("depth", [1_000, 5_000])
    def test_issue_21_3_options_nested_past_the_decoders_stack_are_400_and_create_nothing(
        self, client: Http, depth: int
    ) -> None:
        """Under 64 KiB, but nested past the decoder's stack: a 500 with a RecursionError traceback
        before. A claim's body is read the same way."""
        before = client.get("/api/rooms").json()
        options = '{"x":' + "[" * depth + "]" * depth + "}"
        body = '{"game":"gregs","seats":3,"options":' + options + "}"
        response = client.post("/api/rooms", content=body, headers={"content-type": "application/json"})
        assert response.status_code == 400
        assert response.json() == {
            "code": "request/invalid",
            "message": "the body nests too deeply (up to 500 levels of objects and arrays are always read)",
            "details": {
                "error": "the body nests too deeply (up to 500 levels of objects and arrays are always read)"
            },
        }
        assert client.get("/api/rooms").json() == before
        claim = client.post(
            "/api/rooms/any/seats/0/claim", content='{"name":' + "[" * depth + "]" * depth + "}"
        )
        assert error(claim) == (400, "request/invalid")

    def test_a_streamed_body_over_64_kib_is_413(self, client: Http) -> None:
        chunks = iter([b'{"name":"', b"x" * 40_000, b"y" * 40_000, b'"}'])
        response = client.post("/api/rooms/any/seats/0/claim", content=chunks)
        assert error(response) == (413, "request/too_large")

    def test_an_unknown_status_filter_is_400(self, client: Http) -> None:
        assert error(client.get("/api/rooms", params={"status": "zzz"})) == (400, "request/invalid")
        assert client.get("/api/rooms", params={"status": "abandoned", "game": "none"}).json() == []


class TestSeatEdges:
    def test_removing_an_empty_seat_is_409_seat_empty(self, client: Http) -> None:
        created = fixture_room(client, autostart=False)
        response = client.delete(
            f"/api/rooms/{created['room']}/seats/1", headers=bearer(created["host_token"])
        )
        assert error(response) == (409, "seat/empty")

    def test_leaving_twice_is_refused_before_and_after_the_start(self, client: Http) -> None:
        room = fixture_room(client)["room"]
        first = client.post(f"/api/rooms/{room}/seats/0/claim", json={}).json()["token"]
        leave = f"/api/rooms/{room}/leave"
        assert client.post(leave, headers=bearer(first)).json() == {"seat": 0}
        assert error(client.post(leave, headers=bearer(first))) == (401, "auth/bad_token")
        tokens = [
            client.post(f"/api/rooms/{room}/seats/any/claim", json={}).json()["token"] for _ in range(2)
        ]
        assert client.get(f"/api/rooms/{room}").json()["status"] == "running"
        assert client.post(leave, headers=bearer(tokens[0])).json() == {"seat": 0}
        assert error(client.post(leave, headers=bearer(tokens[0]))) == (409, "seat/left")

    def test_claiming_in_an_autostarted_room_is_room_started(self, client: Http) -> None:
        room = fixture_room(client)["room"]
        for _ in range(2):
            client.post(f"/api/rooms/{room}/seats/any/claim", json={})
        assert error(client.post(f"/api/rooms/{room}/seats/any/claim", json={})) == (409, "room/started")
        assert error(client.post(f"/api/rooms/{room}/seats/0/claim", json={})) == (409, "room/started")
