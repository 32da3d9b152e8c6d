"""Token buckets on the injected clock: per-connection frame and action rate limits, and per-client
address buckets for the lobby's room creation and listing and for failed token checks."""

from __future__ import annotations

import math
from collections import OrderedDict

from server.clock import Clock, SystemClock
from server.errors import Refused
from server.settings import Limits

#: Client addresses a `ClientBuckets` keeps (the least recently seen dropped first): bounds its memory
#: under a crowd of addresses; a dropped address starts again with a full bucket.
MAX_CLIENTS = 100_000


class TokenBucket:
    """Holds up to ``burst`` tokens, refilled at ``rate`` tokens per second of ``clock`` time.

    `take` spends one token when there is one; callers refuse the frame otherwise. ``refused`` counts the
    refusals since the last accepted take (the session closes a connection that keeps flooding).
    """

    __slots__ = ("burst", "clock", "rate", "refused", "stamp", "tokens")

    def __init__(self, rate: float, burst: float, clock: Clock) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = burst
        self.stamp = clock.now()
        self.refused = 0

    def take(self) -> bool:
        """Spend one token: True if there was one (``refused`` resets), else False (``refused`` + 1)."""
        now = self.clock.now()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.refused = 0
            return True
        self.refused += 1
        return False

    def give_back(self) -> None:
        """Return the token of a take whose request did nothing (the store was unreachable)."""
        self.tokens = min(self.burst, self.tokens + 1.0)

    def wait(self) -> float:
        """Seconds until a token is there (0: one is there now); spends nothing."""
        now = self.clock.now()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return 0.0 if self.tokens >= 1.0 else (1.0 - self.tokens) / self.rate


class ClientBuckets:
    """A `TokenBucket` (``rate`` per second, ``burst``) per client address, for one kind of request
    (``what``: "room creations", "failed token checks"...); at most ``size`` addresses are kept."""

    def __init__(self, what: str, rate: float, burst: float, clock: Clock, size: int = MAX_CLIENTS) -> None:
        self.what = what
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.size = size
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def _bucket(self, client: str) -> TokenBucket:
        bucket = self._buckets.get(client)
        if bucket is None:
            bucket = self._buckets[client] = TokenBucket(self.rate, self.burst, self.clock)
            if len(self._buckets) > self.size:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(client)
        return bucket

    def take(self, client: str) -> None:
        """Spend one of ``client``'s tokens. Raises `Refused` ``rate/limited`` (HTTP 429, ``details``
        ``retry_after``: whole seconds until a token is back) when it has none."""
        bucket = self._bucket(client)
        if not bucket.take():
            raise self.refusal(bucket.wait())

    def spend(self, client: str) -> None:
        """Spend one of ``client``'s tokens if it has one (a failed check, counted after the fact)."""
        self._bucket(client).take()

    def check(self, client: str) -> None:
        """Raise as `take` while ``client`` has no token, spending nothing (before a token check: a
        client out of failed checks is not even checked)."""
        wait = self._bucket(client).wait()
        if wait > 0:
            raise self.refusal(wait)

    def refusal(self, wait: float) -> Refused:
        seconds = max(1, math.ceil(wait))
        return Refused("rate/limited", f"too many {self.what} from this address", {"retry_after": seconds})

    def __len__(self) -> int:
        return len(self._buckets)


class Throttles:
    """The per-client buckets of one worker (`server.settings.Limits`): ``creates`` (room creation),
    ``lists`` (room listing) and ``token_failures`` (lobby calls and hellos with a token that is not
    valid: a client out of them is refused before its token is even checked). They protect the worker
    in real time: ``clock`` is the wall clock, not the server time a test may freeze."""

    def __init__(self, limits: Limits, clock: Clock | None = None) -> None:
        clock = clock or SystemClock()
        self.creates = ClientBuckets("room creations", limits.creates_per_second, limits.create_burst, clock)
        self.lists = ClientBuckets("room listings", limits.lists_per_second, limits.list_burst, clock)
        self.token_failures = ClientBuckets(
            "failed token checks", limits.token_failures_per_second, limits.token_failure_burst, clock
        )
