"""`Conn` writes a frame at once while the transport takes it, and queues frames (in order, bounded) only
behind a send that had to wait: against an ASGI send that behaves like uvicorn's (it waits while the
transport paused writing, raises once the peer is gone)."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.types import Message
from uvicorn.protocols.utils import ClientDisconnected

from protocol.codec import JSON
from server.ws.conn import TOO_SLOW, Conn, Done, started


class Transport:
    """An ASGI send like uvicorn's: waits while writing is paused, then writes the message at once."""

    def __init__(self) -> None:
        self.writable = asyncio.Event()
        self.writable.set()
        self.gone = False
        self.written: list[Any] = []  # frames (str or bytes) and ("close", code, reason), in order

    async def __call__(self, message: Message) -> None:
        await self.writable.wait()
        if self.gone:
            raise ClientDisconnected
        if message["type"] == "websocket.close":
            self.written.append(("close", message["code"], message["reason"]))
        else:
            self.written.append(message.get("text", message.get("bytes")))


async def settle() -> None:
    """Let every ready callback and task step run (a handful of loop iterations)."""
    for _ in range(10):
        await asyncio.sleep(0)


async def test_a_frame_is_written_at_once_without_a_task() -> None:
    transport = Transport()
    conn = Conn(transport, JSON, queue_size=4)
    tasks = len(asyncio.all_tasks())
    conn.send("a")
    conn.send(b"b")
    assert (transport.written, conn.queued(), len(asyncio.all_tasks())) == (["a", b"b"], 0, tasks)
    await conn.stop()


async def test_frames_behind_a_paused_transport_arrive_in_order_then_writes_are_direct_again() -> None:
    transport = Transport()
    conn = Conn(transport, JSON, queue_size=8)
    transport.writable.clear()
    for frame in ("a", b"b", "c"):
        conn.send(frame)
    await settle()
    assert (transport.written, conn.queued()) == ([], 3)  # pending until the transport takes them
    conn.send("d")
    transport.writable.set()
    await settle()
    assert (transport.written, conn.queued()) == (["a", b"b", "c", "d"], 0)
    tasks = len(asyncio.all_tasks())
    conn.send("e")
    assert (transport.written[-1], len(asyncio.all_tasks())) == ("e", tasks)
    await conn.stop()


async def test_a_close_behind_a_paused_transport_comes_after_the_queued_frames() -> None:
    transport = Transport()
    conn = Conn(transport, JSON, queue_size=8)
    transport.writable.clear()
    conn.send("a")
    conn.send("b")
    conn.close(1001, "shutdown")
    conn.send("after the close")  # ignored
    await settle()
    assert (transport.written, conn.done.is_set()) == ([], False)
    transport.writable.set()
    await asyncio.wait_for(conn.done.wait(), 2.0)
    assert transport.written == ["a", "b", ("close", 1001, "shutdown")]
    await conn.stop()


async def test_a_close_with_nothing_pending_is_sent_at_once() -> None:
    transport = Transport()
    conn = Conn(transport, JSON, queue_size=8)
    conn.send("a")
    conn.close(1000)
    await asyncio.wait_for(conn.done.wait(), 2.0)
    assert transport.written == ["a", ("close", 1000, "")]
    await conn.stop()


async def test_past_the_bound_the_queue_is_dropped_and_the_close_goes_first() -> None:
    transport = Transport()
    conn = Conn(transport, JSON, queue_size=2)
    transport.writable.clear()
    for frame in ("a", "b", "c"):  # "a" waits for the transport, "b" behind it, "c" is one too many
        conn.send(frame)
    assert conn.closing == TOO_SLOW
    transport.writable.set()
    await asyncio.wait_for(conn.done.wait(), 2.0)
    assert transport.written == [("close", TOO_SLOW, "too slow: the send queue is full")]
    await conn.stop()


async def test_a_peer_gone_at_a_send_sets_done_and_calls_on_done_once() -> None:
    transport, calls = Transport(), []
    conn = Conn(transport, JSON, queue_size=8, on_done=lambda: calls.append(1))
    transport.gone = True
    conn.send("a")  # raises nothing
    assert (conn.done.is_set(), calls) == (True, [])  # on_done is called from the loop, not from send
    conn.send("b")
    await settle()
    assert (calls, transport.written) == ([1], [])
    await conn.stop()
    assert calls == [1]


async def test_a_peer_gone_while_frames_wait_sets_done() -> None:
    transport, calls = Transport(), []
    conn = Conn(transport, JSON, queue_size=8, on_done=lambda: calls.append(1))
    transport.writable.clear()
    conn.send("a")
    conn.send("b")
    transport.gone = True
    transport.writable.set()  # as uvicorn does when the connection is lost
    await asyncio.wait_for(conn.done.wait(), 2.0)
    await settle()
    assert (calls, transport.written) == ([1], [])
    await conn.stop()


async def test_stop_ends_a_waiting_send_and_later_frames_are_ignored() -> None:
    transport = Transport()
    conn = Conn(transport, JSON, queue_size=8)
    transport.writable.clear()
    tasks = len(asyncio.all_tasks())
    conn.send("a")
    assert len(asyncio.all_tasks()) == tasks + 1  # the drain, only while a send waits
    await conn.stop()
    assert (conn.done.is_set(), len(asyncio.all_tasks())) == (True, tasks)
    transport.writable.set()
    conn.send("b")
    await settle()
    assert transport.written == []


async def test_started_runs_a_coroutine_to_its_first_wait_and_the_rest_in_a_task() -> None:
    steps: list[str] = []
    gate: asyncio.Future[str] = asyncio.get_running_loop().create_future()

    async def two_steps() -> None:
        steps.append("first")
        steps.append(await gate)

    async def one_step() -> None:
        steps.append("only")

    assert started(one_step()) is None
    rest = started(two_steps())
    assert rest is not None and steps == ["only", "first"]
    task = asyncio.ensure_future(rest)
    await settle()
    gate.set_result("second")
    await task
    assert steps == ["only", "first", "second"]


class FutureIterator:
    """An awaitable whose ``__await__`` is a plain iterator over a future (``__next__`` only, no
    ``send``/``throw``), the shape of granian's ASGI send: not a coroutine."""

    def __init__(self, future: asyncio.Future[None]) -> None:
        self.future = future

    def __await__(self) -> FutureIterator:
        return self

    def __iter__(self) -> FutureIterator:
        return self

    def __next__(self) -> asyncio.Future[None]:
        if self.future.done():
            raise StopIteration
        self.future._asyncio_future_blocking = True  # what a task expects of a yielded future
        return self.future


async def test_started_runs_an_iterator_awaitable_and_its_rest_ends_with_its_future() -> None:
    loop = asyncio.get_running_loop()
    done: asyncio.Future[None] = loop.create_future()
    done.set_result(None)
    assert started(FutureIterator(done)) is None  # type: ignore[arg-type]
    pending: asyncio.Future[None] = loop.create_future()
    rest = started(FutureIterator(pending))  # type: ignore[arg-type]
    assert rest is not None
    task = asyncio.ensure_future(rest)
    await settle()
    assert not task.done()
    pending.set_result(None)
    await settle()
    assert (task.done(), task.exception()) == (True, None)


async def test_frames_through_a_send_that_always_suspends_arrive_in_order_then_the_close() -> None:
    written: list[Any] = []
    loop = asyncio.get_running_loop()

    def send(message: Message) -> FutureIterator:  # writes at the call, completes a loop turn later
        written.append(message.get("text", message.get("code")))
        future: asyncio.Future[None] = loop.create_future()
        loop.call_soon(future.set_result, None)
        return FutureIterator(future)

    conn = Conn(send, JSON, queue_size=8)  # type: ignore[arg-type]
    for frame in ("a", "b", "c"):
        conn.send(frame)
    conn.close(1001, "shutdown")
    await asyncio.wait_for(conn.done.wait(), 1)
    assert (written, conn.queued()) == (["a", "b", "c", 1001], 0)
    await conn.stop()


async def test_cancelling_the_rest_cancels_the_coroutine_where_it_waits() -> None:
    cleaned: list[bool] = []

    async def waits() -> None:
        try:
            await asyncio.Event().wait()
        finally:
            cleaned.append(True)

    rest = started(waits())
    assert rest is not None
    task = asyncio.ensure_future(rest)
    await settle()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    assert (task.cancelled(), cleaned) == (True, [True])


async def test_done_wakes_every_waiter_once_set_and_a_cancelled_one_leaves_the_others_waiting() -> None:
    done = Done()
    waiters = [asyncio.ensure_future(done.wait()) for _ in range(3)]
    await settle()
    waiters[0].cancel()
    await settle()
    assert (done.is_set(), [w.done() for w in waiters]) == (False, [True, False, False])
    done.set()
    await asyncio.gather(*waiters[1:])
    assert (done.is_set(), waiters[0].cancelled()) == (True, True)
    await asyncio.wait_for(done.wait(), 0.1)  # set already: returns at once


class DirectSocket:
    """A socket like picows' (`server.ws.picows.PicowsSocket`): ``write_now`` takes a frame without a
    coroutine unless writing is paused; ``send`` is its ASGI send, which waits while paused."""

    def __init__(self) -> None:
        self.transport = Transport()
        self.written = self.transport.written  # in the order the peer receives them
        self.direct: list[Any] = []  # the frames that went through ``write_now``
        self.coroutines = 0  # ASGI sends called

    def write_now(self, frame: str | bytes) -> bool:
        if not self.transport.writable.is_set():
            return False
        self.direct.append(frame)
        self.written.append(frame)
        return True

    async def send(self, message: Message) -> None:
        self.coroutines += 1
        await self.transport(message)


async def test_a_socket_that_writes_at_once_takes_each_frame_without_a_coroutine() -> None:
    socket = DirectSocket()
    conn = Conn(socket.send, JSON, queue_size=4)
    for frame in ("a", b"b", "c"):
        conn.send(frame)
    assert (socket.direct, socket.coroutines, conn.queued()) == (["a", b"b", "c"], 0, 0)
    await conn.stop()


async def test_a_paused_direct_socket_falls_back_to_the_asgi_send_in_order_then_writes_directly() -> None:
    socket = DirectSocket()
    conn = Conn(socket.send, JSON, queue_size=8)
    socket.transport.writable.clear()
    conn.send("a")  # refused by write_now: the ASGI send waits for the transport
    conn.send("b")  # queued behind it, not written ahead of it
    await settle()
    assert (socket.written, conn.queued(), socket.coroutines) == ([], 2, 1)
    socket.transport.writable.set()
    await settle()
    conn.send("c")
    assert (socket.written, socket.direct, conn.queued()) == (["a", "b", "c"], ["c"], 0)
    await conn.stop()
