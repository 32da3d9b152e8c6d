"""The counter-based random generator every game draws from.

Construction (published, so any implementation can reproduce a room's draws): the n-th 64-bit word of the
stream named ``stream`` under the secret ``seed`` is

    data = stream.encode() + b"\\x00" + n.to_bytes(8, "little")
    int.from_bytes(BLAKE2b(data, key=seed, digest_size=8), "little")

BLAKE2b is RFC 7693 (``hashlib.blake2b``); ``seed`` is at most 64 bytes; ``n`` counts from 0. A room keys
one stream per state version (``"v<version>"``), so replaying its log redraws exactly the same values, and
bots draw from streams of their own (``"bot/<seat>/v<version>"``, under a key derived one way from the
seed: `games.engine.bots.private`) that never touch the game's.

Integers in ``[0, n)`` use rejection sampling (no modulo bias); ``shuffle`` is Fisher-Yates from the last
index down. Both are pinned by golden-value tests: unlike Python's ``random``, this sequence is a contract.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_TWO64 = 1 << 64


def word(seed: bytes, stream: str, n: int) -> int:
    """The ``n``-th 64-bit word (an int in [0, 2**64)) of ``stream`` under ``seed``."""
    data = stream.encode() + b"\x00" + n.to_bytes(8, "little")
    return int.from_bytes(hashlib.blake2b(data, key=seed, digest_size=8).digest(), "little")


class Rng:
    """A deterministic generator over one stream; ``counter`` is the number of words drawn so far."""

    __slots__ = ("counter", "seed", "stream")

    def __init__(self, seed: bytes, stream: str, counter: int = 0) -> None:
        if not 1 <= len(seed) <= 64:
            raise ValueError("seed must be 1 to 64 bytes")
        self.seed = seed
        self.stream = stream
        self.counter = counter

    def u64(self) -> int:
        """The next word, an int in [0, 2**64)."""
        value = word(self.seed, self.stream, self.counter)
        self.counter += 1
        return value

    def below(self, n: int) -> int:
        """A uniform int in [0, n); ``n`` must be in [1, 2**64]. Raises ``ValueError`` otherwise."""
        if not 1 <= n <= _TWO64:
            raise ValueError(f"below() needs 1 <= n <= 2**64, got {n}")
        limit = _TWO64 - _TWO64 % n  # largest multiple of n: values at or above it are redrawn
        while True:
            value = self.u64()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform int in [low, high], both included (a d6 is ``randint(1, 6)``)."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        """A uniform element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates: for i from len-1 down to 1 swap i with below(i+1))."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, stream: str) -> Rng:
        """A generator over another stream under the same seed (independent of this one's counter)."""
        return Rng(self.seed, stream)


def bot_rng(seed: bytes, seat: int, version: int) -> Rng:
    """The generator a bot of ``seat`` decides with at state ``version`` of a room seeded ``seed``: the
    stream ``"bot/<seat>/v<version>"`` (`games.engine.thinking.think` then keys it one way from the
    seed, so the bot never holds the room's seed)."""
    return Rng(seed, f"bot/{seat}/v{version}")
