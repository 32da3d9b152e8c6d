"""Token buckets on an injected clock (per-connection frame and action limits)."""

from __future__ import annotations

from server.clock import FakeClock
from server.ratelimit import TokenBucket


def test_a_full_bucket_allows_its_burst_then_refuses() -> None:
    bucket = TokenBucket(rate=2.0, burst=3.0, clock=FakeClock())
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    assert bucket.refused == 1


def test_tokens_refill_at_the_rate_per_second_of_clock_time() -> None:
    clock = FakeClock()
    bucket = TokenBucket(rate=2.0, burst=3.0, clock=clock)
    for _ in range(3):
        bucket.take()
    clock.advance(0.49)
    assert bucket.take() is False
    clock.advance(0.01)
    assert bucket.take() is True
    assert bucket.take() is False


def test_refill_never_exceeds_the_burst() -> None:
    clock = FakeClock()
    bucket = TokenBucket(rate=10.0, burst=2.0, clock=clock)
    clock.advance(3600.0)
    assert [bucket.take() for _ in range(3)] == [True, True, False]


def test_an_accepted_take_resets_the_refusal_count() -> None:
    clock = FakeClock()
    bucket = TokenBucket(rate=1.0, burst=1.0, clock=clock)
    bucket.take()
    assert [bucket.take() for _ in range(5)] == [False] * 5
    assert bucket.refused == 5
    clock.advance(1.0)
    assert bucket.take() is True
    assert bucket.refused == 0
