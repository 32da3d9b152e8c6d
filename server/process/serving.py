"""How a worker is served: the uvicorn configuration of `Settings`, and the deadlines of the HTTP side.

uvicorn bounds a keep-alive connection between two requests (``timeout_keep_alive``), not a connection
that never sends a byte, nor a request whose headers or body trickle in a byte at a time: each such
socket was held for good. `TimedHTTP` wraps uvicorn's HTTP protocol with three deadlines of
`server.settings.Limits`:

- ``idle_timeout``: from the accept until the first byte of a request (uvicorn's own keep-alive timeout,
  set to the same seconds, covers the time between two requests): the connection is closed;
- ``header_timeout``: from a request's first byte until its headers are complete (a websocket
  handshake's too): answered ``408 request/timeout`` and closed;
- ``body_timeout``: from the headers until the last byte of the body: answered ``408
  request/timeout`` and closed.

While the application works on a request nothing is timed here, and a websocket (the connection
upgraded) is the session's: its hello timeout and the websocket pings bound it.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import Any, Literal

import msgspec
import uvicorn
from uvicorn.protocols.http.auto import AutoHTTPProtocol

from server.process.proxies import ProxyHeaders
from server.settings import HTTP_HEADROOM, Limits, Settings
from server.ws.lean import LeanWebSocket

Phase = Literal["idle", "header", "body"]


class TimedHTTP(asyncio.Protocol):
    """uvicorn's HTTP protocol (``inner``) with the deadlines of ``limits`` (module docstring). Build
    the class for a worker with `timed`; uvicorn makes one per accepted connection."""

    limits: Limits = Limits()
    inner_class: type[Any] = AutoHTTPProtocol

    def __init__(self, config: Any, server_state: Any, app_state: Any, _loop: Any = None) -> None:
        self.inner = self.inner_class(
            config=config, server_state=server_state, app_state=app_state, _loop=_loop
        )
        self.loop: asyncio.AbstractEventLoop = _loop or asyncio.get_event_loop()
        self.transport: Any = None
        self.phase: Phase | None = None
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: Any) -> None:  # uvloop's transports are no asyncio.Transport
        self.transport = transport
        self.inner.connection_made(transport)
        self._arm("idle")

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)
        self._follow()

    def eof_received(self) -> bool | None:
        result: bool | None = self.inner.eof_received()
        return result

    def connection_lost(self, exc: Exception | None) -> None:
        self._arm(None)
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def _follow(self) -> None:
        """The deadline that applies after the bytes just read."""
        assert self.transport is not None
        if self.transport.get_protocol() is not self:  # upgraded: a websocket now
            self._arm(None)
            return
        cycle = self.inner.cycle
        if cycle is None or cycle.response_complete:
            self._arm("header")  # the first bytes of a request (the first, or the next one)
        elif cycle.more_body:
            self._arm("body")
        else:
            self._arm(None)  # the whole request is in: the application answers it

    def _arm(self, phase: Phase | None) -> None:
        if phase == self.phase:
            return
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.phase = phase
        if phase is not None:
            seconds = getattr(self.limits, f"{phase}_timeout")
            self.timer = self.loop.call_later(seconds, self._expired, phase, seconds)

    def _expired(self, phase: Phase, seconds: float) -> None:
        transport = self.transport
        self.timer = None
        if transport is None or transport.is_closing() or transport.get_protocol() is not self:
            return
        if phase != "idle":
            what = "headers" if phase == "header" else "body"
            body = msgspec.json.encode(
                {"code": "request/timeout", "message": f"the request's {what} took over {seconds:g} s"}
            )
            head = (
                "HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
                f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
            )
            transport.write(head.encode() + body)
        transport.close()


def timed(limits: Limits) -> type[TimedHTTP]:
    """A `TimedHTTP` class with ``limits``'s deadlines (one per worker)."""
    return type("TimedHTTP", (TimedHTTP,), {"limits": limits})


class OneLine(logging.Filter):
    """uvicorn's record of a text frame that is not UTF-8 (it closes the connection 1007) without its
    traceback: the client's fault, one line per frame is enough (it was a whole traceback each)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], UnicodeDecodeError):
            record.exc_info, record.exc_text = None, None
        return True


def quiet_bad_frames() -> None:
    """Put `OneLine` on uvicorn's error log (once; its logging configuration keeps a logger's filters)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, OneLine) for f in logger.filters):
        logger.addFilter(OneLine())


def uvicorn_config(app: Any, settings: Settings, **overrides: Any) -> uvicorn.Config:
    """The uvicorn configuration of a worker serving ``app`` as ``settings`` say (``overrides``: more
    `uvicorn.Config` arguments, e.g. ``log_level``): frames, pings, the HTTP deadlines, the connection
    cap, the proxies whose ``X-Forwarded-For`` is believed and the websocket implementation (`LeanWebSocket`,
    or picows; an ``overrides`` ``ws`` names one of uvicorn's own, for comparison)."""
    limits = settings.limits
    options: dict[str, Any] = {
        "host": settings.host,
        "port": settings.port,
        "http": timed(limits),
        "ws_per_message_deflate": False,  # memory per connection (DESIGN "Back-pressure and limits")
        "ws_max_size": limits.max_frame,  # bigger frames close with 1009
        "ws_ping_interval": limits.ping_interval,
        "ws_ping_timeout": limits.ping_timeout,
        "timeout_keep_alive": max(1, math.ceil(limits.idle_timeout)),  # uvicorn takes whole seconds
        "limit_concurrency": limits.max_connections + HTTP_HEADROOM,  # HTTP: 503 past it
        # the proxies' headers are read by our own middleware below, not uvicorn's (`server.process.proxies`)
        "proxy_headers": False,
        "timeout_graceful_shutdown": max(1, int(settings.shutdown_grace)),
    }
    if settings.websockets == "picows":
        from server.ws.picows import picows_protocol  # an optional extra: imported only when chosen

        options["ws"] = picows_protocol(app, settings)
    else:
        options["ws"] = LeanWebSocket  # uvicorn's sans-I/O protocol without what an idle one kept
    wrapped: Any = None if app is None else ProxyHeaders(app, settings.trusted_proxies)
    config = uvicorn.Config(wrapped, **{**options, **overrides})
    quiet_bad_frames()  # after the config, which configures uvicorn's logging
    return config
