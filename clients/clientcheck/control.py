"""The kit's end of the adapter's control channel (protocol/README.md "Checking your client").

The adapter opens a websocket to ``/control`` and says ``{"hello": "<client name>"}``. The kit then
sends commands, ``{"id": 1, "cmd": "state"}``, and the adapter answers each with a JSON object naming
the same ``id``; answers may come in any order (an ``act`` waits for its ack while others are asked).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect


class AdapterGone(Exception):
    """The adapter closed its control channel, or did not answer a command in time."""


class Control:
    """One adapter's channel: `call` a command and get its answer. ``name`` is what its hello said."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.name = ""
        self.ready = asyncio.Event()
        self._next = 0
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._gone = False

    async def serve(self) -> None:
        """Read the adapter's frames until it goes (the handler's task)."""
        try:
            while True:
                msg = json.loads(await self.ws.receive_text())
                if "hello" in msg:
                    self.name = str(msg["hello"])
                    self.ready.set()
                elif (future := self._waiting.pop(msg.get("id"), None)) is not None:
                    future.set_result(msg)
        except (WebSocketDisconnect, RuntimeError, ValueError):
            pass
        finally:
            self._gone = True
            for future in self._waiting.values():
                future.set_exception(AdapterGone("the adapter closed its control channel"))

    async def call(self, cmd: str, timeout: float = 15.0, **fields: Any) -> dict[str, Any]:
        """Send ``{"id", "cmd", **fields}`` and wait ``timeout`` seconds for its answer. Raises
        `AdapterGone`."""
        if self._gone:
            raise AdapterGone("the adapter closed its control channel")
        self._next += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[self._next] = future
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await self.ws.send_text(json.dumps({"id": self._next, "cmd": cmd, **fields}))
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise AdapterGone(f"the adapter did not answer {cmd!r} within {timeout:g} s") from None

    def start(self, cmd: str, timeout: float = 15.0, **fields: Any) -> asyncio.Task[dict[str, Any]]:
        """`call` in a task of its own (an ``act`` answered once the check has scripted its ack)."""
        return asyncio.create_task(self.call(cmd, timeout, **fields))
