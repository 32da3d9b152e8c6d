"""The JSON Schema of the wire protocol and of every shipped game, generated from the msgspec Structs.

Files (in ``protocol/schema/``, written by ``boardroom schema``, checked by ``boardroom schema --check``):

- ``messages.json``: every client message (``$defs.ClientMessage``) and server message
  (``$defs.ServerMessage``); the document itself accepts either.
- ``<game id>.json`` for each shipped game (not the fixtures): ``$defs.options``, ``$defs.action`` (the
  actions a client may send; the server's own ``timeout`` is not one), ``$defs.view``, ``$defs.event``.
- ``catalog.json``: the answer of ``GET /api/games/{game}/catalog`` (``$defs.catalog``), the same for
  every game.
- ``replay.json``: the answer of ``GET /api/rooms/{room}/replay/{version}`` (``$defs.replay``).

Output is deterministic: keys sorted, two-space indent, a trailing newline. Game payloads inside messages
(``view``, ``body``, ``action``) are open (``{}``) in ``messages.json``; the game's file types them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import msgspec

from games.engine import Game
from games.engine.catalog import CatalogDoc
from protocol import PROTOCOL_MAJOR
from protocol.messages import ClientMsg, ServerMsg
from protocol.replay import Replay

#: Where the generated files live (inside the package, so they ship with it).
SCHEMA_DIR = Path(__file__).resolve().parent / "schema"
_DIALECT = "https://json-schema.org/draft/2020-12/schema"
_REF = "#/$defs/{name}"


def render(doc: Mapping[str, Any]) -> str:
    """A schema document as the committed text: sorted keys, two-space indent, trailing newline."""
    return json.dumps(doc, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def _document(title: str, roots: Mapping[str, Any], description: str) -> dict[str, Any]:
    """A schema document: ``roots`` (name -> type) become ``$defs`` entries beside their components."""
    schemas, components = msgspec.json.schema_components(list(roots.values()), ref_template=_REF)
    defs = dict(components)
    for name, schema in zip(roots, schemas, strict=True):
        if name in defs:
            raise ValueError(f"schema root {name!r} collides with a component of the same name")
        defs[name] = schema
    return {"$schema": _DIALECT, "title": title, "description": description, "$defs": defs}


def messages_schema() -> dict[str, Any]:
    """The schema of every message, both ways (``messages.json``)."""
    doc = _document(
        f"boardroom protocol v{PROTOCOL_MAJOR} messages",
        {"ClientMessage": ClientMsg, "ServerMessage": ServerMsg},
        "Every websocket message; the tag field `type` names the message. See protocol/README.md.",
    )
    doc["anyOf"] = [{"$ref": _REF.format(name=n)} for n in ("ClientMessage", "ServerMessage")]
    return doc


def game_schema(game: Game[Any, Any]) -> dict[str, Any]:
    """The schema of one game's options, client actions, view and events (``<id>.json``)."""
    roots = {
        "options": game.Options,
        "action": game.Action,
        "view": game.View,
        "event": game.EventBody,
    }
    description = (
        f"{game.title}: {game.min_seats} to {game.max_seats} seats. `options` is the room's options object; "
        "`action` the `action` of an `act` message (tag field `kind`); `view` a snapshot's `view`; "
        "`event` an event's `body`."
    )
    return _document(f"boardroom game {game.id}", roots, description)


def catalog_schema() -> dict[str, Any]:
    """The schema of a game's catalogue in one language (``catalog.json``)."""
    return _answer(
        "boardroom game catalogue",
        "catalog",
        CatalogDoc,
        "GET /api/games/{game}/catalog: names and texts of a game's ids, rule summaries and the story's "
        "sentences in one language. See protocol/README.md, 'The catalogue'.",
    )


def replay_schema() -> dict[str, Any]:
    """The schema of a replay answer (``replay.json``)."""
    return _answer(
        "boardroom replay",
        "replay",
        Replay,
        "GET /api/rooms/{room}/replay/{version}: a finished room's spectators' view at one version; "
        "`view` and each event's `body` are typed by the game's own file. See docs/api.md, 'Replays'.",
    )


def _answer(title: str, name: str, struct: Any, description: str) -> dict[str, Any]:
    """The schema of one lobby answer: ``struct`` under ``$defs.<name>``, the document itself that."""
    doc = _document(title, {name: struct}, description)
    doc["$ref"] = _REF.format(name=name)
    return doc


def expected_files(games: Iterable[Game[Any, Any]]) -> dict[str, str]:
    """File name (inside `SCHEMA_DIR`) -> the text it must hold, for ``games``, the messages and the
    catalogue."""
    files = {
        "messages.json": render(messages_schema()),
        "catalog.json": render(catalog_schema()),
        "replay.json": render(replay_schema()),
    }
    for game in sorted(games, key=lambda g: g.id):
        files[f"{game.id}.json"] = render(game_schema(game))
    return files


def stale_files(expected: Mapping[str, str], directory: Path | None = None) -> list[str]:
    """Names of the files in ``directory`` (default `SCHEMA_DIR`) that differ from ``expected``, are
    missing, or are ``.json`` files nobody generates any more; sorted."""
    directory = directory or SCHEMA_DIR
    present = {p.name for p in directory.glob("*.json")} if directory.is_dir() else set()
    stale = {name for name in present if name not in expected}
    for name, text in expected.items():
        path = directory / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.add(name)
    return sorted(stale)


def write_files(expected: Mapping[str, str], directory: Path | None = None) -> list[str]:
    """Make ``directory`` (default `SCHEMA_DIR`) hold exactly ``expected`` (writing changed files,
    removing orphaned ``.json``); returns the names changed."""
    directory = directory or SCHEMA_DIR
    changed = stale_files(expected, directory)
    directory.mkdir(parents=True, exist_ok=True)
    for name in changed:
        if name in expected:
            (directory / name).write_text(expected[name], encoding="utf-8")
        else:
            (directory / name).unlink()
    return changed
