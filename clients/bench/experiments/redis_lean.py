"""The lean Redis connection measured by `clients.bench.experiments.redis_path` (a lever that was tried
for the worker's auto-pipeline and not kept: docs/benchmarks.md, "Levers: the Redis reply path").

`Wire` is an `asyncio.Protocol` that writes a batch's commands packed by hiredis in one ``write`` and
feeds what arrives to a `hiredis.Reader`, the replies matched to the batch in order; RESP3, as redis-py 8
speaks by default. redis-py's asyncio connection reads through an `asyncio.StreamReader` (a future and a
task wake-up per read, its parser's buffer checks, a health-check timestamp per reply); here a batch
costs one future and the reader's C parsing. Error replies become redis-py's exceptions (its parser's
``parse_error``: ``NOSCRIPT`` is `NoScriptError`, ...).

`WireBatcher` is the worker's auto-pipeline (`server.store.redis_batch.Batcher`) with its batches on a
`Wire`: the commands still collected on a redis-py pipeline and the replies passed through redis-py's
reply callbacks, so callers get the same values. For one Redis server over plain TCP only
(`lean_options`).
"""

from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import Mapping
from typing import Any, cast

import hiredis
import redis.asyncio as aioredis
from hiredis import PushNotification
from redis._parsers.base import BaseParser
from redis.client import EMPTY_RESPONSE, NEVER_DECODE
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import InvalidResponse, ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

from server.store.redis_batch import Batcher, PackedConnection

#: connection options a lean connection does not honour (`lean_options` refuses a pool with one of them)
UNSUPPORTED = frozenset({"client_name", "credential_provider", "lib_name", "lib_version", "retry"})

#: `hiredis.Reader.gets`'s answer while no whole reply is in
_PARTIAL = object()

#: what redis-py says when the server closed the connection
CLOSED = "Connection closed by server."


def lean_options(kwargs: dict[str, Any]) -> dict[str, Any] | None:
    """The host, port, db, credentials and connect timeout of a plain TCP pool's ``connection_kwargs``
    when a lean connection can stand in for its connections (RESP3, redis-py's default; replies not
    decoded; no option of `UNSUPPORTED`); else ``None``."""
    if UNSUPPORTED & {key for key, value in kwargs.items() if value is not None}:
        return None
    if kwargs.get("decode_responses") or kwargs.get("protocol") not in (None, 3, "3"):
        return None
    return {
        "host": kwargs.get("host", "localhost"),
        "port": int(kwargs.get("port", 6379)),
        "db": int(kwargs.get("db", 0) or 0),
        "username": kwargs.get("username"),
        "password": kwargs.get("password"),
        "connect_timeout": kwargs.get("socket_connect_timeout"),
    }


class Wire(asyncio.Protocol):
    """One TCP connection to Redis carrying one batch at a time (the auto-pipeline never sends the
    next before the last one's replies are in)."""

    def __init__(self) -> None:
        # a sentinel for "no whole reply yet": hiredis's default (False) is also RESP3's boolean false
        self._reader = hiredis.Reader(
            protocolError=InvalidResponse, replyError=BaseParser.parse_error, notEnoughData=_PARTIAL
        )
        self._transport: asyncio.Transport | None = None
        self._replies: list[Any] = []
        self._count = 0
        self._future: asyncio.Future[list[Any]] | None = None
        self._lost: Exception | None = None

    @property
    def lost(self) -> bool:
        """Whether the connection failed or was closed (by either side)."""
        return self._lost is not None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self._reader.feed(data)
        future = self._future
        if future is None:  # replies nobody waits for (a batch that timed out): the connection is dropped
            return
        replies = self._replies
        try:
            while len(replies) < self._count:
                reply = self._reader.gets()
                if reply is _PARTIAL:
                    return
                if not isinstance(reply, PushNotification):  # none expected (no tracking): not a reply
                    replies.append(reply)
        except InvalidResponse as exc:
            self._fail(exc)
            return
        self._future = None
        if not future.done():
            future.set_result(replies)

    def connection_lost(self, exc: Exception | None) -> None:
        lost = RedisConnectionError(CLOSED if exc is None else f"Error while reading from Redis: {exc}")
        self._fail(lost)

    def _fail(self, exc: Exception) -> None:
        self._lost = exc
        future, self._future = self._future, None
        if future is not None and not future.done():
            future.set_exception(exc)
        self.close()

    async def call(self, packed: bytes, count: int) -> list[Any]:
        """Send ``packed`` (``count`` commands in the Redis protocol) and return their ``count`` replies
        in order, an error reply as its redis-py exception. Raises redis-py's ``ConnectionError`` when
        the connection is (or gets) lost."""
        if self._lost is not None or self._transport is None:
            raise self._lost or RedisConnectionError(CLOSED)
        if not count:
            return []
        future = asyncio.get_running_loop().create_future()
        self._future, self._replies, self._count = future, [], count
        self._transport.write(packed)
        return await future

    def close(self) -> None:
        """Close the socket (what was in flight fails with ``ConnectionError``)."""
        if self._lost is None:
            self._lost = RedisConnectionError(CLOSED)
        if self._transport is not None:
            self._transport.close()


async def connect(options: dict[str, Any]) -> Wire:
    """A `Wire` to the server of `lean_options`'s ``options``, authenticated and on its database.
    Raises redis-py's ``ConnectionError`` (refused, unreachable, a failed ``AUTH``/``SELECT``) or
    ``TimeoutError`` (no connection within the connect timeout), as redis-py's connect does."""
    host, port = options["host"], options["port"]
    loop = asyncio.get_running_loop()
    try:
        async with asyncio.timeout(options["connect_timeout"]):
            transport, wire = await loop.create_connection(Wire, host, port)
    except TimeoutError:
        raise RedisTimeoutError("Timeout connecting to server") from None
    except OSError as exc:  # worded as redis-py's
        raise RedisConnectionError(f"Error {exc.errno} connecting to {host}:{port}. {_reason(exc)}.") from exc
    sock = transport.get_extra_info("socket")
    if sock is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    await _handshake(wire, options)
    return wire


def _reason(exc: OSError) -> str:
    """``Connection refused``, ...: asyncio's message for a failed connect names only the address."""
    return os.strerror(exc.errno) if exc.errno else str(exc)


async def _handshake(wire: Wire, options: dict[str, Any]) -> None:
    """``HELLO 3`` (with ``AUTH`` when the URL has credentials) and ``SELECT``, pipelined: RESP3, as
    redis-py 8 speaks by default, so its reply callbacks get the shapes they expect."""
    hello: list[Any] = ["HELLO", 3]
    user, password = options["username"], options["password"]
    if password is not None:
        hello += ["AUTH", user or "default", password]
    commands = [tuple(hello)]
    if options["db"]:
        commands.append(("SELECT", options["db"]))
    replies = await wire.call(b"".join(hiredis.pack_command(c) for c in commands), len(commands))
    failed = next((reply for reply in replies if isinstance(reply, Exception)), None)
    if failed is None and not (isinstance(replies[0], dict) and replies[0].get(b"proto") == 3):
        failed = RedisConnectionError("Invalid RESP version")
    if failed is not None:
        wire.close()
        if isinstance(failed, RedisConnectionError):  # a failed ``AUTH`` is redis-py's AuthenticationError
            raise failed
        raise RedisConnectionError(f"Redis refused the connection's setup: {failed}")


def pack(args: tuple[Any, ...]) -> bytes:
    """One command packed as the worker's pool packs it (`PackedConnection`, hiredis). Raises
    ``TypeError`` for an argument hiredis does not take."""
    # as redis-py: a command name with spaces ("SCRIPT LOAD") is sent as separate words
    if isinstance(args[0], str):
        args = (*args[0].encode().split(), *args[1:])
    elif b" " in args[0]:
        args = (*args[0].split(), *args[1:])
    return hiredis.pack_command(args)


def batcher(redis: aioredis.Redis) -> WireBatcher:
    """A `WireBatcher` over the server of ``redis`` (a `server.store.bus_redis.server_client`). Raises
    ``ValueError`` when its pool is not one a `Wire` can stand in for (TLS, a socket, options)."""
    pool = redis.connection_pool
    options = lean_options(pool.connection_kwargs) if pool.connection_class is PackedConnection else None
    if options is None:
        raise ValueError("the lean connection serves one Redis over plain TCP only")
    return WireBatcher(redis, options)


class WireBatcher(Batcher):
    """The auto-pipeline over one Redis server with its batches on a lean connection of its own
    (`Wire`): the commands still collected on a redis-py pipeline and their replies
    passed through redis-py's reply callbacks, so callers get the same values; packing, the socket and
    the reply parsing without redis-py's connection. ``options``: `lean_options`."""

    def __init__(self, redis: aioredis.Redis, options: dict[str, Any]) -> None:
        super().__init__(redis)
        self.options = options
        self._wire: Wire | None = None
        self._packer: aioredis.Connection | None = None  # redis-py's encoder, for what hiredis refuses

    async def _execute(self, pipe: Any) -> list[Any]:
        stack = pipe.command_stack
        wire = self._wire
        try:
            if wire is None or wire.lost:  # a connection the server closed is replaced before the send
                wire = self._wire = await connect(self.options)
            raw = await wire.call(b"".join([self._pack(args) for args, _ in stack]), len(stack))
        except BaseException:
            # replies may be left unread on the socket: the next batch starts on a new connection
            self._wire = None
            if wire is not None:
                wire.close()
            raise
        callbacks = cast(aioredis.Redis, self.redis).response_callbacks
        replies: list[Any] = []
        for reply, (args, options) in zip(raw, stack, strict=True):
            if isinstance(reply, RedisConnectionError):  # ``LOADING``, ``NOAUTH``: as redis-py raises
                self._wire = None
                wire.close()
                raise reply
            replies.append(_finish(reply, args[0], options, callbacks))
        return replies

    def _pack(self, args: tuple[Any, ...]) -> bytes:
        try:
            return pack(args)
        except TypeError:  # an argument hiredis does not take: redis-py's encoder raises its DataError
            if self._packer is None:
                self._packer = cast(aioredis.Redis, self.redis).connection_pool.make_connection()
            return b"".join(aioredis.Connection.pack_command(self._packer, *args))

    async def aclose(self) -> None:
        """Close the batcher's connection (the client's pool is closed by its owner)."""
        wire, self._wire = self._wire, None
        if wire is not None:
            wire.close()


def _finish(reply: Any, command: Any, options: dict[str, Any], callbacks: Mapping[Any, Any]) -> Any:
    """``reply`` as redis-py's ``parse_response`` returns it: an error reply in place (or the command's
    ``EMPTY_RESPONSE``), a reply through the command's callback."""
    if isinstance(reply, ResponseError):
        return options.get(EMPTY_RESPONSE, reply)
    callback = callbacks.get(command)
    if callback is None:
        return reply
    kwargs = {k: v for k, v in options.items() if k not in _NOT_FOR_CALLBACKS}
    return callback(reply, **kwargs) if kwargs else callback(reply)


#: pipeline options that redis-py's ``parse_response`` takes out before the callback
_NOT_FOR_CALLBACKS = frozenset({EMPTY_RESPONSE, NEVER_DECODE, "keys"})
