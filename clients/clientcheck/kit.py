"""What every check does with the client: open a room on a fresh socket, read the client's frames,
ask the adapter what its client holds. A check fails by raising `Unmet` with what the client did."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

import msgspec

from clients.clientcheck.control import Control
from clients.clientcheck.server import Gone, Peer, Scripted
from protocol.messages import ClientMsg, Hello, PromptOut, Snapshot, Welcome

M = TypeVar("M")

TOKEN = "seat-0-token"
SEAT = 0


class Unmet(Exception):
    """The client did not do what the check expected: the message says what it did instead."""


class Skipped(Exception):
    """The check does not apply: the adapter said its client lacks the feature (the message says which)."""


def shown(msg: Any) -> str:
    """A message as compact JSON, for a verdict."""
    return msgspec.json.encode(msg).decode() if msg is not None else "nothing"


def prompt(pid: str) -> PromptOut:
    """A seat's prompt ``pid`` offering one ``play`` action."""
    return PromptOut(id=pid, kinds=["play"], timer="turn", default="pass", choices={"play": [{"card": "x"}]})


class Kit:
    """The scripted server, the adapter's control channel and the room of the running check."""

    def __init__(self, server: Scripted, control: Control, host: str) -> None:
        self.server = server
        self.control = control
        self.base = f"http://{host}:{server.port}"
        self.url = f"ws://{host}:{server.port}/ws"
        self.room = ""
        self.epoch = "e1"
        self._rooms = 0

    async def fresh(self) -> None:
        """Forget the last check: the client closes, leftover sockets are dropped, a new room id."""
        await self.control.call("close")
        await self.server.drop_all()
        self._rooms += 1
        self.room = f"cc-{self._rooms}"
        self.epoch = "e1"

    async def connect(self, encoding: str = "json", acks: str = "update") -> tuple[Peer, Hello]:
        """Tell the client to connect; the socket it opens and its hello."""
        answer = await self.control.call(
            "connect", url=self.url, room=self.room, tokens=[TOKEN], encoding=encoding, acks=acks
        )
        if answer.get("unsupported"):
            raise Skipped(f"the client does not support {answer['unsupported']}")
        if answer.get("ok") is not True:
            raise Unmet(f"the adapter answered connect with {shown(answer)}")
        return await self.reconnected("socket after connect")

    async def reconnected(self, what: str, timeout: float = 3.0) -> tuple[Peer, Hello]:
        """The next socket the client opens and its hello; `Unmet` naming ``what`` if none comes."""
        peer = await self.server.accept(timeout)
        if peer is None:
            raise Unmet(f"no {what} within {timeout:g} s")
        hello = await self.expect(peer, Hello, "a hello")
        if hello.room != self.room or hello.tokens != [TOKEN]:
            raise Unmet(f"a hello for another room or tokens: {shown(hello)}")
        return peer, hello

    async def welcome(self, peer: Peer, version: int, view: Any, pid: str | None = None) -> None:
        """Welcome the client at ``version`` and send its seat's snapshot; wait until it shows it."""
        shows = prompt(pid) if pid is not None else None
        await peer.send(
            self.welcoming(version), Snapshot(seat=SEAT, version=version, view=view, prompt=shows)
        )
        await self.until(
            lambda s: s["version"] == version and s["view"] == view, f"the snapshot at {version}"
        )

    def welcoming(self, version: int) -> Welcome:
        return Welcome(
            room=self.room, game="clientcheck", seats=[SEAT], version=version, epoch=self.epoch, v=1,
            max_frame=65536,
        )  # fmt: skip

    async def opened(
        self, view: Any, version: int = 0, pid: str | None = None, **connect: str
    ) -> tuple[Peer, Hello]:
        """`connect`, then `welcome` at ``version`` with ``view`` (and prompt ``pid``)."""
        peer, hello = await self.connect(**connect)
        await self.welcome(peer, version, view, pid)
        return peer, hello

    async def expect(self, peer: Peer, kind: type[M], what: str, timeout: float = 2.0) -> M:
        """The client's next message, which must be a ``kind``."""
        try:
            msg: ClientMsg | None = await peer.recv(timeout)
        except Gone:
            raise Unmet(f"the socket closed while waiting for {what}") from None
        if not isinstance(msg, kind):
            raise Unmet(f"{shown(msg)} where {what} was due within {timeout:g} s")
        return msg

    async def quiet(self, peer: Peer, timeout: float, what: str) -> None:
        """Nothing (but pings) comes from the client for ``timeout`` seconds."""
        try:
            msg = await peer.recv(timeout)
        except Gone:
            raise Unmet(f"the socket closed ({what})") from None
        if msg is not None:
            raise Unmet(f"{shown(msg)} ({what})")

    async def state(self) -> dict[str, Any]:
        """What the client holds: ``version``, ``view``, ``prompt`` (id), ``online``, ``closed``."""
        return await self.control.call("state")

    async def until(
        self, holds: Callable[[dict[str, Any]], bool], what: str, timeout: float = 3.0
    ) -> dict[str, Any]:
        """Ask the client's state until ``holds(state)``; `Unmet` with the last one after ``timeout``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            state = await self.state()
            if holds(state):
                return state
            if loop.time() > deadline:
                raise Unmet(f"{what} not shown within {timeout:g} s: the client holds {shown(state)}")
            await asyncio.sleep(0.05)
