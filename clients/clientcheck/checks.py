"""The checks, in the order they run: each scripts the frames a situation needs and judges what the
client does (protocol/README.md "Checking your client" lists them with the rule each one tests).

A check is a coroutine of a `Kit` that returns when the client did right and raises `Unmet` (what it did
instead) or `Skipped`. `CHECKS` pairs each with its name and what a correct client does.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec

from clients.clientcheck.control import AdapterGone
from clients.clientcheck.kit import SEAT, Kit, Skipped, Unmet, prompt, shown
from clients.clientcheck.report import Result
from clients.clientcheck.server import Reply
from protocol.messages import Ack, Act, Bye, Error, Snapshot, Sync, Update

Check = Callable[[Kit], Awaitable[None]]

#: Closes of protocol/codes.py `CLOSES` after which a client reconnects and resumes (1001 is the resume
#: check's), and those after which retrying cannot help, so it stops.
RETRYABLE = (1011, 1012, 1013, 4408, 4429)
FINAL = (1000, 1008, 4400, 4401, 4404)
#: Seconds without a new socket after a final close that count as having stopped.
STOPPED = 0.7
PLAY = {"kind": "play", "card": "x"}


def start() -> dict[str, Any]:
    """The view at version 0: a key that needs escaping (``a/b``), a list and a number."""
    return {"n": 0, "items": ["a"], "a/b": {"x": 1}}


def step(frm: int, **kw: Any) -> Update:
    """The update ``frm`` -> ``frm + 1`` that appends ``frm + 1`` to ``items`` (not idempotent)."""
    return Update(
        seat=SEAT, frm=frm, to=frm + 1, patch=[{"op": "add", "path": "/items/-", "value": frm + 1}], **kw
    )


def after(steps: int) -> dict[str, Any]:
    """The view after ``steps`` of `step`."""
    return {**start(), "items": ["a", *range(1, steps + 1)]}


def ops(frm: int, *patch: tuple[str, str, Any]) -> Update:
    """The update ``frm`` -> ``frm + 1`` of ``(op, path, value)`` operations (``remove`` ignores value)."""
    return Update(
        seat=SEAT,
        frm=frm,
        to=frm + 1,
        patch=[{"op": op, "path": path} | ({} if op == "remove" else {"value": v}) for op, path, v in patch],
    )


async def patches(kit: Kit) -> None:
    peer, _ = await kit.opened(start())
    await peer.send(
        ops(0, ("add", "/items/-", "b"), ("replace", "/n", 1)),
        ops(1, ("remove", "/items/0", None), ("replace", "/a~1b/x", 2)),
        ops(2),
    )
    want = {"n": 1, "items": ["b"], "a/b": {"x": 2}}
    state = await kit.until(lambda s: s["version"] == 3, "version 3")
    if state["view"] != want:
        raise Unmet(f"the view {shown(state['view'])} where {shown(want)} was due")


async def gap(kit: Kit) -> None:
    peer, _ = await kit.opened(start())
    await peer.send(step(1))
    sync = await kit.expect(peer, Sync, "a sync since 0")
    if sync.since != 0:
        raise Unmet(f"{shown(sync)}")
    await peer.send(step(0), step(1))
    await kit.until(lambda s: s["version"] == 2 and s["view"] == after(2), "the view at version 2")


async def repeats(kit: Kit) -> None:
    peer, _ = await kit.opened(start())
    await peer.send(step(0), step(1), step(1), step(0))
    await kit.quiet(peer, 0.5, "nothing was due after updates it already had")
    await kit.until(
        lambda s: s["version"] == 2 and s["view"] == after(2), "the view at version 2, each step once"
    )


async def epoch(kit: Kit) -> None:
    peer, _ = await kit.opened(start(), version=5)
    await peer.close(1012)
    peer, hello = await kit.reconnected("reconnect after close 1012")
    if hello.since != 5:
        raise Unmet(f"a resume from {hello.since}, not 5")
    kit.epoch = "e2"
    fresh = {"n": 9, "items": [], "a/b": {"x": 0}}
    await peer.send(
        kit.welcoming(6), Update(seat=SEAT, frm=5, to=6, patch=[{"op": "replace", "path": "/n", "value": 7}])
    )
    sync = await kit.expect(peer, Sync, "a sync since null (the mirror of the old epoch dropped)")
    state = await kit.state()
    if sync.since is not None or state["version"] == 6:
        raise Unmet(f"{shown(sync)}, the client holding {shown(state)}")
    await peer.send(Snapshot(seat=SEAT, version=6, view=fresh))
    await kit.until(lambda s: s["version"] == 6 and s["view"] == fresh, "the new epoch's snapshot")


async def resume(kit: Kit) -> None:
    peer, _ = await kit.opened(after(2), version=2)
    await peer.send(Bye(code=1001, reason="shutdown"))
    await peer.close(1001)
    peer, hello = await kit.reconnected("reconnect after bye 1001")
    if hello.since != 2:
        raise Unmet(f"a resume from {hello.since}, not 2")
    await peer.send(kit.welcoming(3), step(2))
    await kit.until(lambda s: s["version"] == 3 and s["view"] == after(3), "the view at version 3")


async def lost_ack(kit: Kit) -> tuple[Act, Act, dict[str, Any]]:
    """An act applied whose ack is lost with its socket: the first act, the one after the reconnect, and
    the adapter's answer once the resend got its duplicate ack."""
    peer, _ = await kit.opened(start(), pid="p0", acks="frame")
    answer = kit.control.start("act", seat=SEAT, action=PLAY)
    first = await kit.expect(peer, Act, "the act")
    await peer.close(1012)
    peer, _ = await kit.reconnected("reconnect after close 1012")
    await peer.send(kit.welcoming(1), step(0))
    again = await kit.expect(peer, Act, "the act sent again", timeout=3.0)
    await peer.send(Ack(id=again.id, seat=again.seat, version=1, duplicate=True))
    return first, again, await answer


async def resend(kit: Kit) -> None:
    first, again, _ = await lost_ack(kit)
    if (again.id, again.seat, bytes(again.action)) != (first.id, first.seat, bytes(first.action)):
        raise Unmet(f"{shown(again)} after {shown(first)}")


async def duplicate(kit: Kit) -> None:
    first, _, answer = await lost_ack(kit)
    ack = answer.get("ack")
    if not ack or ack.get("id") != first.id or ack.get("version") != 1:
        raise Unmet(f"the answer {shown(answer)}")


async def names_prompt(kit: Kit) -> None:
    peer, _ = await kit.opened(start(), pid="p0")
    answer = kit.control.start("act", seat=SEAT, action=PLAY)
    act = await kit.expect(peer, Act, "the act")
    await peer.send(Ack(id=act.id, seat=SEAT, version=1), step(0, prompt=prompt("p1")))
    await answer
    if act.prompt != "p0":
        raise Unmet(f"{shown(act)}")


async def stale_prompt(kit: Kit) -> None:
    peer, _ = await kit.opened(start(), pid="p0")
    answer = kit.control.start("act", seat=SEAT, action=PLAY)
    act = await kit.expect(peer, Act, "the act")
    await peer.send(
        step(0, prompt=prompt("p1")),
        Error(code="action/stale_prompt", message="the action answers a prompt that is no longer current",
              id=act.id, seat=SEAT, details={"prompt": "p1"}),
    )  # fmt: skip
    got = await answer
    await kit.quiet(peer, 0.5, "a refused act is never sent again")
    if (got.get("error") or {}).get("code") != "action/stale_prompt":
        raise Unmet(f"the answer {shown(got)}")
    await kit.until(lambda s: s["version"] == 1 and s["prompt"] == "p1" and s["online"], "prompt p1, online")


async def acked(kit: Kit, acks: str) -> None:
    peer, hello = await kit.opened(start(), pid="p0", acks=acks)
    if hello.acks != acks:
        raise Unmet(f"a hello asking acks {hello.acks!r}, not {acks!r}")
    answer = kit.control.start("act", seat=SEAT, action=PLAY)
    act = await kit.expect(peer, Act, "the act")
    ack = Ack(id=act.id, seat=SEAT, version=1)
    if acks == "update":
        await peer.send(step(0, acks=[ack]))
    else:
        await peer.send(ack, step(0))
    got = await answer
    if (got.get("ack") or {}).get("version") != 1:
        raise Unmet(f"the answer {shown(got)}")
    await kit.until(lambda s: s["version"] == 1, "version 1")


async def ack_update(kit: Kit) -> None:
    await acked(kit, "update")


async def ack_frame(kit: Kit) -> None:
    await acked(kit, "frame")


async def msgpack(kit: Kit) -> None:
    peer, _ = await kit.opened(start(), pid="p0", encoding="msgpack", acks="frame")
    if peer.accepted != "boardroom.v1.msgpack":
        raise Unmet(f"the subprotocols {peer.offered}")
    answer = kit.control.start("act", seat=SEAT, action=PLAY)
    act = await kit.expect(peer, Act, "the act")
    await peer.send(step(0), Ack(id=act.id, seat=SEAT, version=1))
    got = await answer
    if msgspec.json.decode(bytes(act.action)) != PLAY or not all(peer.binary):
        raise Unmet(f"{shown(act)} (binary frames: {peer.binary})")
    if not got.get("ack"):
        raise Unmet(f"the answer {shown(got)}")
    await kit.until(lambda s: s["version"] == 1 and s["view"] == after(1), "the view at version 1")


async def retryable(kit: Kit) -> None:
    peer, _ = await kit.opened(start())
    for code in RETRYABLE:
        await peer.close(code, "check")
        peer, hello = await kit.reconnected(f"reconnect after close {code}")
        if hello.since != 0:
            raise Unmet(f"after close {code}, a resume from {hello.since}, not 0")
        await peer.send(kit.welcoming(0))


async def final(kit: Kit) -> None:
    for code in FINAL:
        peer, _ = await kit.opened(start())
        await peer.close(code, "check")
        again = await kit.server.accept(STOPPED)
        if again is not None:
            raise Unmet(f"a new socket within {STOPPED:g} s of close {code}")
        state = await kit.state()
        if state["closed"] != code:
            raise Unmet(f"after close {code}, the client says closed {state['closed']!r}")
        await kit.fresh()


async def retry_after(kit: Kit) -> None:
    room = {"room": kit.room, "game": "clientcheck", "status": "running", "version": 0}
    kit.server.calls.clear()
    wait = {"Retry-After": "1"}
    kit.server.replies[:] = [
        Reply(429, {"code": "rate/limited", "message": "too many", "details": {"retry_after": 1}}, wait),
        Reply(503, {"code": "store/unavailable", "message": "store unreachable"}, wait),
        Reply(200, room),
    ]
    answer = await kit.control.call("room", base=kit.base, room=kit.room, timeout=10.0)
    calls = kit.server.calls
    waits = [round(b - a, 2) for a, b in itertools.pairwise(calls)]
    if len(calls) != 3 or min(waits, default=0) < 0.95 or answer.get("room", {}).get("room") != kit.room:
        raise Unmet(f"{len(calls)} calls, {waits} s apart, answering {shown(answer)}")


CHECKS: list[tuple[str, Check, str]] = [
    ("patches", patches, "applies add/remove/replace patches in order (~1 escapes /) and keeps the version"),
    ("gap-sync", gap, "asks sync since 0 on an update 1->2 at version 0, then applies the answer"),
    ("repeats-ignored", repeats, "ignores updates it already has (to not past its version), no sync"),
    (
        "epoch-snapshot",
        epoch,
        "after a welcome with a new epoch drops its mirror: asks sync since null, shows the snapshot",
    ),
    ("resume", resume, "after bye 1001 reconnects with hello since 2 and applies the update 2->3"),
    ("resend-same-id", resend, "after a lost ack resends the act with the same id, seat and action"),
    ("duplicate-ack", duplicate, "treats the duplicate ack of the resend as success (version 1)"),
    ("names-prompt", names_prompt, "names the prompt it answers (act.prompt p0)"),
    (
        "stale-prompt",
        stale_prompt,
        "reports action/stale_prompt as a refusal, never resends it, stays online",
    ),
    ("ack-in-update", ack_update, "asks acks update and resolves the act from the ack inside its update"),
    ("ack-frame", ack_frame, "asks acks frame and resolves the act from an ack frame sent before the update"),
    ("msgpack", msgpack, "offers boardroom.v1.msgpack, sends binary frames, reads MessagePack"),
    ("retryable-closes", retryable, f"reconnects and resumes after closes {', '.join(map(str, RETRYABLE))}"),
    ("final-closes", final, f"stops after closes {', '.join(map(str, FINAL))} and reports the code"),
    (
        "retry-after",
        retry_after,
        "retries a lobby call after a 429 and a 503 only once Retry-After (1 s) passed",
    ),
]


async def judge(kit: Kit, name: str, check: Check, expected: str) -> Result:
    """Run one check in a fresh room; its `Result`."""
    try:
        await kit.fresh()
        await asyncio.wait_for(check(kit), 20.0)
    except Unmet as exc:
        return Result(name, "fail", expected, str(exc))
    except Skipped as exc:
        return Result(name, "skip", expected, str(exc))
    except TimeoutError:
        return Result(name, "fail", expected, "the check did not finish within 20 s")
    except AdapterGone as exc:
        return Result(name, "fail", expected, str(exc))
    return Result(name, "pass", expected)
