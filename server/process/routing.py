"""Which worker of ``boardroom serve --workers N`` serves a connection: the room named in its request
line (``GET /ws?room=r-8f2k HTTP/1.1``), hashed over the workers that serve (rendezvous hashing).

Rendezvous (highest random weight) hashing gives each (room, worker slot) pair a score and the room to
the slot that scores highest among those given: a room stays on its slot while the slot serves, and
when one slot leaves only its own rooms move, each to the slot that scored next for it (spread over
the others, not all to one). Scores are a keyed BLAKE2b of the room, so they are the same in every
process and every run (Python's ``hash`` of a string is not). Pure functions: no I/O, no clock.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from urllib.parse import parse_qs

#: Bytes of a request the supervisor looks at, at most: a request line longer than this names no room
#: it will read (uvicorn answers such a request itself).
PEEK_BYTES = 4096
#: Longest room id taken from a URL; a longer ``room`` routes as none (no lobby id is near it).
MAX_ROOM = 128


def request_line(peeked: bytes) -> bytes | None:
    """The request line of the first bytes of a connection (without its CRLF), or ``None`` while it is
    incomplete. ``peeked`` of `PEEK_BYTES` or more without a line end gives those bytes: no more come."""
    end = peeked.find(b"\n")
    if end < 0:
        return peeked if len(peeked) >= PEEK_BYTES else None
    return peeked[:end].rstrip(b"\r")


def room_in(line: bytes) -> str | None:
    """The ``room`` query parameter of a request line (``GET /ws?room=r-8f2k HTTP/1.1`` -> ``"r-8f2k"``,
    percent-decoded; the first one when repeated), or ``None``: no query, no or an empty ``room``, one
    longer than `MAX_ROOM` characters, or no request line at all."""
    parts = line.split(b" ")
    if len(parts) < 2 or b"?" not in parts[1]:
        return None
    query = parts[1].split(b"?", 1)[1].split(b"#", 1)[0].decode("latin-1")
    rooms = [room for room in parse_qs(query).get("room", []) if room]
    if not rooms or len(rooms[0]) > MAX_ROOM:
        return None
    return rooms[0]


def score(room: str, slot: int) -> int:
    """The rendezvous score of ``room`` on worker ``slot``: a 64-bit integer, the same in every process."""
    digest = hashlib.blake2b(room.encode(), digest_size=8, key=b"slot%d" % slot).digest()
    return int.from_bytes(digest, "big")


def owner(room: str, slots: Sequence[int]) -> int:
    """The slot of ``slots`` (not empty) that serves ``room``: the highest `score`."""
    return max(slots, key=lambda slot: score(room, slot))
