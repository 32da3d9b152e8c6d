"""`server.process.routing`: the room of a request line, and rendezvous hashing over worker slots."""

from __future__ import annotations

from collections import Counter

import pytest

from server.process.routing import MAX_ROOM, PEEK_BYTES, owner, request_line, room_in, score

ROOMS = [f"r{i}" for i in range(1000)]


@pytest.mark.parametrize(
    ("peeked", "line"),
    [
        (b"GET /ws?room=a HTTP/1.1\r\nHost: x\r\n", b"GET /ws?room=a HTTP/1.1"),
        (b"GET /ws?room=a HTTP/1.1\nHost: x\n", b"GET /ws?room=a HTTP/1.1"),
        (b"GET /ws?room=a HT", None),
        (b"", None),
        (b"x" * PEEK_BYTES, b"x" * PEEK_BYTES),
    ],
)
def test_the_request_line_is_the_first_line_or_none_while_it_comes(peeked: bytes, line: bytes | None) -> None:
    assert request_line(peeked) == line


@pytest.mark.parametrize(
    ("line", "room"),
    [
        (b"GET /ws?room=r-8f2k HTTP/1.1", "r-8f2k"),
        (b"GET /prefix/ws?v=1&room=ab%2Fc&room=other HTTP/1.1", "ab/c"),
        (b"GET /ws?room=a#frag HTTP/1.1", "a"),
        (b"GET /ws HTTP/1.1", None),
        (b"GET /ws?room= HTTP/1.1", None),
        (b"GET /ws?rooms=a HTTP/1.1", None),
        (b"GET /ws?room=" + b"a" * (MAX_ROOM + 1) + b" HTTP/1.1", None),
        (b"\x16\x03\x01\x02\x00", None),  # a TLS hello on the plain port
    ],
)
def test_the_room_is_the_first_nonempty_room_parameter_of_the_target(line: bytes, room: str | None) -> None:
    assert room_in(line) == room


def test_scores_are_the_same_in_every_process() -> None:
    assert score("a", 0) == 10099509421564297205  # blake2b, not the process's string hash


def test_rooms_spread_over_the_slots_and_only_a_leaving_slots_rooms_move_spread_over_the_rest() -> None:
    assert Counter(owner(room, [0, 1, 2]) for room in ROOMS) == {0: 352, 1: 326, 2: 322}
    moved = [room for room in ROOMS if owner(room, [0, 1, 2]) != owner(room, [0, 2])]
    assert {owner(room, [0, 1, 2]) for room in moved} == {1}
    assert len(moved) == 326
    assert Counter(owner(room, [0, 2]) for room in moved) == {2: 183, 0: 143}
    assert [owner(room, [2, 0, 1]) for room in ROOMS] == [owner(room, [0, 1, 2]) for room in ROOMS]
