"""Leak check (a): scan what each viewer receives for what it may not see.

A viewer (a seat, or ``None`` for the spectator) receives frames: its view, its prompt, the events whose
audience includes it and the errors of its own refused actions. Each frame is taken as JSON (what the
wire carries) and searched for

- the ids of ``game.hidden(state, viewer)``, matched as whole tokens (``"S5"`` matches in ``"you drew S5"``
  but not in ``"S51"``: letters, digits and ``_`` around a match make it no match), and
- the room's secret seed in every encoding a careless game could use: the raw bytes as a latin-1 string,
  hex (lower and upper case), base64 and base64url (with and without padding), and the list of ints.
"""

from __future__ import annotations

import base64
import functools
from collections.abc import Collection, Iterator
from typing import Any

import msgspec

from games.engine import Event, Prompt

_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")


class Leak(msgspec.Struct, frozen=True):
    """A needle found in a frame: ``where`` (frame name + JSON path), ``needle`` (the hidden id or the
    seed's encoding) and ``kind`` (``hidden`` or ``seed:<encoding>``)."""

    where: str
    needle: str
    kind: str


class Frame(msgspec.Struct, frozen=True):
    """One thing a viewer receives: ``name`` (``view``, ``prompt``, ``event[0]``, ``error:stale``), its
    JSON ``tree`` (decoded from the JSON encoding) and ``echo``: strings the viewer sent itself (never a
    leak)."""

    name: str
    tree: Any
    echo: frozenset[str] = frozenset()


def as_json(value: Any) -> Any:
    """``value`` as the wire carries it: JSON-encoded, then decoded to plain dicts, lists and scalars."""
    return msgspec.json.decode(msgspec.json.encode(value))


def seed_needles(seed: bytes) -> dict[str, str]:
    """The seed's string encodings: encoding name -> text."""
    b64 = base64.b64encode(seed).decode()
    b64url = base64.urlsafe_b64encode(seed).decode()
    return {
        "latin-1": seed.decode("latin-1"),
        "hex": seed.hex(),
        "HEX": seed.hex().upper(),
        "base64": b64,
        "base64-unpadded": b64.rstrip("="),
        "base64url": b64url,
        "base64url-unpadded": b64url.rstrip("="),
    }


def seat_frames(view: Any, prompt: Prompt | None) -> list[Frame]:
    """A viewer's view (already as JSON) and its prompt, if any, as frames."""
    return [Frame("view", view)] + ([Frame("prompt", as_json(prompt))] if prompt is not None else [])


def event_frames(events: list[Event[Any]], viewer: int | None) -> list[Frame]:
    """The bodies of the events whose audience includes ``viewer``, as frames (``event[<index>]``)."""
    return [Frame(f"event[{i}]", as_json(e.body)) for i, e in enumerate(events) if e.audience.sees(viewer)]


class Scanner:
    """Searches frames for one room's seed (fixed) and a viewer's hidden ids (given per scan)."""

    def __init__(self, seed: bytes) -> None:
        self._seed = seed_needles(seed)
        # a needle's JSON-escaped form is a substring of a frame's JSON text whenever the needle is a
        # substring of one of its strings: a cheap pre-filter before walking the tree
        self._escaped = {name: _escape(text) for name, text in self._seed.items()}
        self._ints = list(seed)
        self._ints_text = ",".join(str(i) for i in seed)

    def scan(self, frame: Frame, hidden: Collection[str]) -> list[Leak]:
        """Every needle found in ``frame``: hidden ids (minus the frame's echo) and the seed."""
        text = msgspec.json.encode(frame.tree).decode()
        ids = [h for h in hidden if h not in frame.echo and _escape(h) in text]
        seeds = {n: self._seed[n] for n, esc in self._escaped.items() if esc in text}
        leaks: list[Leak] = []
        if ids or seeds:
            for path, string in strings(frame.tree, frame.name):
                leaks.extend(Leak(path, h, "hidden") for h in ids if has_token(string, h))
                leaks.extend(Leak(path, s, f"seed:{n}") for n, s in seeds.items() if s in string)
        if self._ints_text in text:
            leaks.extend(
                Leak(path, self._ints_text, "seed:ints")
                for path in _int_runs(frame.tree, frame.name, self._ints)
            )
        return leaks


@functools.lru_cache(maxsize=8192)
def _escape(text: str) -> str:
    """``text`` as it appears inside a JSON string (escapes applied, no quotes)."""
    return msgspec.json.encode(text).decode()[1:-1]


def has_token(string: str, needle: str) -> bool:
    """Whether ``needle`` occurs in ``string`` with no word character right before or after it."""
    start = string.find(needle)
    while start >= 0:
        end = start + len(needle)
        before = string[start - 1] if start else ""
        after = string[end] if end < len(string) else ""
        if before not in _WORD and after not in _WORD:
            return True
        start = string.find(needle, start + 1)
    return False


def strings(tree: Any, path: str) -> Iterator[tuple[str, str]]:
    """Every string of a JSON tree (object keys included) with its path (``view/hand/0``)."""
    if isinstance(tree, str):
        yield path, tree
    elif isinstance(tree, dict):
        for key, value in tree.items():
            yield f"{path}/{key}", key
            yield from strings(value, f"{path}/{key}")
    elif isinstance(tree, list):
        for index, value in enumerate(tree):
            yield from strings(value, f"{path}/{index}")


def _int_runs(tree: Any, path: str, ints: list[int]) -> Iterator[str]:
    """Paths of the lists that hold ``ints`` as a contiguous run."""
    if isinstance(tree, dict):
        for key, value in tree.items():
            yield from _int_runs(value, f"{path}/{key}", ints)
    elif isinstance(tree, list):
        n = len(ints)
        if any(tree[i : i + n] == ints for i in range(len(tree) - n + 1)):
            yield path
        for index, value in enumerate(tree):
            yield from _int_runs(value, f"{path}/{index}", ints)
