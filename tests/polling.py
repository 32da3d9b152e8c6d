"""Waiting in tests for what a server does in its own time (sweeps, reconnects, worker restarts): one
pair of helpers on tenacity, instead of a loop in each test module.

    eventually(lambda: room_status() == "abandoned")          # a thread's wait
    await until(lambda: bus.channels() == 0)                  # a coroutine's wait
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import tenacity

T = TypeVar("T")


def _policy(seconds: float, every: float, ignore: tuple[type[BaseException], ...]) -> dict[str, object]:
    def gave_up(state: tenacity.RetryCallState) -> None:
        last = state.outcome.result() if state.outcome and not state.outcome.failed else state.outcome
        raise AssertionError(f"not within {seconds} s; the check's last answer: {last!r}")

    retry = tenacity.retry_if_result(lambda answer: not answer)
    if ignore:
        retry = retry | tenacity.retry_if_exception_type(ignore)
    return {
        "stop": tenacity.stop_after_delay(seconds),
        "wait": tenacity.wait_fixed(every),
        "retry": retry,
        "retry_error_callback": gave_up,
        "reraise": True,
    }


def eventually(
    check: Callable[[], T],
    seconds: float = 5.0,
    every: float = 0.02,
    ignore: tuple[type[BaseException], ...] = (),
) -> T:
    """Call ``check()`` every ``every`` seconds until it returns a true value, and return that value.
    Exceptions of the types in ``ignore`` count as a false answer; others propagate. Raises
    `AssertionError` with the last answer after ``seconds``."""
    answer: T = tenacity.Retrying(**_policy(seconds, every, ignore))(check)  # type: ignore[arg-type]
    return answer


async def until(check: Callable[[], T], seconds: float = 5.0, every: float = 0.01) -> T:
    """`eventually` for a coroutine: the event loop runs while it waits."""

    async def asked() -> T:
        return check()

    answer: T = await tenacity.AsyncRetrying(**_policy(seconds, every, ()))(asked)  # type: ignore[arg-type]
    return answer
