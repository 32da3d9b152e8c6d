"""Token buckets on the injected clock: per-connection frame and action rate limits."""

from __future__ import annotations

from server.clock import Clock


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
