"""Telling a store outage (Redis unreachable) from our own bugs, and logging it once per outage.

While Redis is down, every request that needs it fails the same way; that is not a bug and must not
close websockets with 1011 or log a traceback per request. Instead:

- `unavailable` says whether an exception means "the store could not be reached" (a lost or refused
  connection, a timeout, Redis still loading its append-only file after a restart);
- callers answer with code `UNAVAILABLE` (websocket `Error`, HTTP 503): try again, with the same action
  id (an action whose reply was lost may have been applied; its id makes the resend safe);
- `Outage` of each worker logs one line when the store becomes unreachable and one when it answers
  again (with how long it was down and how many requests it refused meanwhile).
"""

from __future__ import annotations

import logging
import time
import weakref
from typing import Any

from redis.exceptions import ClusterError, RedisClusterException, SlotNotCoveredError, TryAgainError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger("boardroom.store")

#: The stable code of a request refused because the store could not be reached (protocol/codes.py).
UNAVAILABLE = "store/unavailable"

#: The message sent with `UNAVAILABLE`.
MESSAGE = "the store is unreachable; try again (resend an action with its same id)"

#: What redis-py and the socket layer raise when the server cannot be reached. ``OSError`` covers
#: builtin ``ConnectionError`` (the store's pipeline raises it for a connection lost under a batch);
#: redis-py's ``BusyLoadingError`` (replaying the append-only file) is a ``RedisConnectionError``. On a
#: Redis Cluster: ``CLUSTERDOWN`` (`ClusterError`), a slot no live node serves, ``TRYAGAIN`` during a
#: slot migration.
OUTAGE_ERRORS: tuple[type[BaseException], ...] = (
    RedisConnectionError,
    RedisTimeoutError,
    OSError,
    TimeoutError,
    ClusterError,
    SlotNotCoveredError,
    TryAgainError,
)


def unavailable(exc: BaseException) -> bool:
    """Whether ``exc`` means the store could not be reached (not a bug of ours, not the caller's). A
    Redis Cluster client that reaches no node at all raises its generic exception from the connection
    error: that counts too."""
    if isinstance(exc, OUTAGE_ERRORS):
        return True
    return isinstance(exc, RedisClusterException) and exc.__cause__ is not None and unavailable(exc.__cause__)


#: Seconds without a failure before an outage counts as over: on a Redis Cluster with one node down
#: (and the others serving), requests alternate between failing and succeeding, which logged an end and
#: a start of an outage every half second.
QUIET = 2.0


class Outage:
    """One worker's view of whether its store is reachable.

    `failed` and `recovered` log only on a change: one ``warning`` when an outage starts, one more
    when the store answers again (a request that started ``quiet`` seconds after the last failure).
    ``refused`` counts the requests answered `UNAVAILABLE` in this outage.
    """

    def __init__(self, what: str = "store", quiet: float = QUIET) -> None:
        self.what = what
        self.quiet = quiet
        self.since: float | None = None
        self.last = 0.0  # the last failure (monotonic seconds)
        self.refused = 0

    @property
    def down(self) -> bool:
        return self.since is not None

    def failed(self, exc: BaseException, refused: bool = True) -> None:
        """The store failed to answer with ``exc``; ``refused``: a request was answered `UNAVAILABLE`."""
        self.last = time.monotonic()
        if self.since is None:
            self.since = self.last
            self.refused = 0
            log.warning(
                "%s unreachable (%s: %s); answering %s", self.what, type(exc).__name__, exc, UNAVAILABLE
            )
        if refused:
            self.refused += 1

    @staticmethod
    def now() -> float:
        """The time to hand to `recovered` later: when a request to the store started."""
        return time.monotonic()

    def recovered(self, started: float) -> None:
        """A request that ``started`` at `now` was answered by the store: ends the outage (logged once)
        if there was one and the request began ``quiet`` seconds after its last failure (a reply already
        on its way when the store went down proves nothing, nor does one of a partly reachable store)."""
        if self.since is None or started < self.last + self.quiet:
            return
        seconds = time.monotonic() - self.since
        self.since = None
        log.warning("%s reachable again after %.1f s (%d requests refused)", self.what, seconds, self.refused)


_outages: weakref.WeakKeyDictionary[Any, Outage] = weakref.WeakKeyDictionary()


def outage_of(store: Any) -> Outage:
    """The `Outage` of ``store`` (a worker's store client), made on first use: one per worker, shared by
    its sessions, catch-ups, lobby routes and scheduler, so an outage is logged once, whoever saw it."""
    found = _outages.get(store)
    if found is None:
        found = _outages[store] = Outage()
    return found
