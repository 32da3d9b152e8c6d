"""A client that leaves in the middle of its request body gets nothing done and no error logged."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request

from server.app import create_app
from server.lobby.api import create_room
from server.settings import Settings

from .conftest import GAMES


async def test_a_body_cut_short_by_a_disconnect_creates_nothing_and_raises_nothing() -> None:
    async def receive() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    app = create_app(Settings(), games=GAMES)
    scope = {"type": "http", "method": "POST", "path": "/api/rooms", "headers": [], "query_string": b""}
    response = await create_room(Request({**scope, "app": app, "client": ("10.0.0.1", 5000)}, receive))
    assert response.status_code == 400
    assert await app.state.services.store.list_rooms() == []
