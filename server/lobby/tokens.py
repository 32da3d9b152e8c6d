"""Secret tokens: drawn from `secrets`, stored only as hashes, compared in constant time, never logged."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A fresh URL-safe token (32 random bytes, 43 characters)."""
    return secrets.token_urlsafe(32)


def new_room_id() -> str:
    """A fresh room id (10 URL-safe characters, 60 random bits)."""
    return secrets.token_urlsafe(8)[:10]


def new_seed() -> bytes:
    """A room's secret seed for `games.engine.Rng` (32 bytes)."""
    return secrets.token_bytes(32)


def hash_token(token: str) -> str:
    """The stored form of a token: hex SHA-256 (tokens carry 256 random bits, so no salt is needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Whether ``token`` hashes to ``stored_hash``, compared in constant time."""
    if stored_hash is None:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)
