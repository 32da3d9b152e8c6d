"""The Python SDK's adapter for the client test kit: ``python -m clients.clientcheck.adapter_python
CONTROL_URL`` connects to the kit's ``/control`` websocket and runs each command on a `Connection` and a
`Lobby` of clients.sdk, as protocol/README.md "Checking your client" describes."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from typing import Any

import msgspec
import websockets

from clients.sdk import ActionRefused, Closed, Connection, Lobby, LobbyError

#: Lobby calls the adapter makes for one ``room`` command: the first and each retry after Retry-After.
LOBBY_TRIES = 5


class Adapter:
    """One SDK connection at a time, driven by the kit's commands (`answer`)."""

    def __init__(self) -> None:
        self.conn: Connection | None = None
        self.opening: asyncio.Task[None] | None = None

    async def answer(self, cmd: dict[str, Any]) -> dict[str, Any]:
        """The reply to one command (without its ``id``)."""
        handler = getattr(self, f"cmd_{cmd.get('cmd')}", None)
        if handler is None:
            return {"failed": f"unknown command {cmd.get('cmd')!r}"}
        reply: dict[str, Any] = await handler(cmd)
        return reply

    async def cmd_connect(self, cmd: dict[str, Any]) -> dict[str, Any]:
        await self.cmd_close(cmd)
        self.conn = Connection(
            cmd["url"], cmd["room"], cmd["tokens"], encoding=cmd["encoding"], acks=cmd["acks"]
        )
        self.opening = asyncio.create_task(self._open(self.conn))
        return {"ok": True}

    async def _open(self, conn: Connection) -> None:
        with contextlib.suppress(Closed, TimeoutError):
            await conn.connect()

    async def cmd_state(self, cmd: dict[str, Any]) -> dict[str, Any]:
        conn = self.conn
        if conn is None:
            return {"version": -1, "view": None, "prompt": None, "online": False, "closed": None}
        mirror = conn.mirrors.get(conn.seats[0] if conn.seats else None)
        return {
            "version": mirror.version if mirror is not None else -1,
            "view": mirror.view if mirror is not None else None,
            "prompt": mirror.prompt.id if mirror is not None and mirror.prompt is not None else None,
            "online": conn.online,
            "closed": conn.closed.code if conn.closed is not None else None,
        }

    async def cmd_act(self, cmd: dict[str, Any]) -> dict[str, Any]:
        if self.conn is None:
            return {"failed": "not connected"}
        try:
            ack = await self.conn.act(cmd["seat"], cmd["action"], timeout=10.0)
        except ActionRefused as exc:
            return {"error": {"code": exc.code, "details": exc.details}}
        except (Closed, TimeoutError) as exc:
            return {"failed": repr(exc)}
        return {"ack": msgspec.to_builtins(ack)}

    async def cmd_close(self, cmd: dict[str, Any]) -> dict[str, Any]:
        conn, self.conn = self.conn, None
        if self.opening is not None:
            self.opening.cancel()
        if conn is not None:
            await conn.close()
        return {"ok": True}

    async def cmd_room(self, cmd: dict[str, Any]) -> dict[str, Any]:
        async with Lobby(cmd["base"]) as lobby:
            for _ in range(LOBBY_TRIES):
                try:
                    return {"room": msgspec.to_builtins(await lobby.room(cmd["room"]))}
                except LobbyError as exc:
                    if exc.retry_after is None:
                        return {"error": {"code": exc.code, "status": exc.status}}
                    await asyncio.sleep(exc.retry_after)  # the server said when: not sooner
        return {"failed": f"still refused after {LOBBY_TRIES} tries"}


async def serve(control_url: str, adapter: Adapter | None = None) -> None:
    """Answer the kit's commands until it closes the control channel."""
    adapter = adapter or Adapter()
    running: set[asyncio.Task[None]] = set()
    async with websockets.connect(control_url, max_size=None) as control:
        await control.send(json.dumps({"hello": "python-sdk"}))

        async def reply(cmd: dict[str, Any]) -> None:
            answer = await adapter.answer(cmd)
            with contextlib.suppress(websockets.ConnectionClosed):
                await control.send(json.dumps({"id": cmd.get("id"), **answer}))

        with contextlib.suppress(websockets.ConnectionClosed):
            async for frame in control:
                task = asyncio.create_task(reply(json.loads(frame)))
                running.add(task)
                task.add_done_callback(running.discard)
    await adapter.cmd_close({})


if __name__ == "__main__":
    asyncio.run(serve(sys.argv[1]))
