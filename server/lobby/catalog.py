"""``GET /api/games/{game}/catalog``: a game's catalogue (`games.engine.catalog`) in one language.

The language is ``?lang=`` when the game has it, else the best of ``Accept-Language`` the game has,
else English; ``Content-Language`` names the one served. The answer is encoded once per game and
language, and its ETag (``"<game>-<lang>-<version>"``) changes with the catalogue's contents: a
matching ``If-None-Match`` gets 304 with no body.
"""

from __future__ import annotations

import re
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from games.engine.catalog import Catalog, negotiate
from games.engine.plugin import Game
from server.errors import Refused

#: What ``?lang=`` takes: a language tag, its region ignored (``pl``, ``pl-PL``).
LANG_TAG = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?")
#: Caches may keep an answer this long, then revalidate with its ETag.
CACHE_CONTROL = "public, max-age=300"

_plain: dict[str, Catalog] = {}


def catalog_of(game: Game[Any, Any]) -> Catalog:
    """The game's catalogue; a game without one (the fixtures) gets an English one of its story only."""
    if game.catalog is not None:
        return game.catalog
    if game.id not in _plain:
        _plain[game.id] = Catalog(game.id, ["en"], [], game.story)
    return _plain[game.id]


async def game_catalog(request: Request) -> Response:
    """The handler. Raises `Refused` ``game/not_found`` (404) for a game this server does not host and
    ``request/invalid`` (400) for a ``lang`` that is not a language tag."""
    games = request.app.state.services.rooms.games
    game = games.get(request.path_params["game"])
    if game is None:
        raise Refused("game/not_found", f"no game {request.path_params['game']!r}")
    asked = request.query_params.get("lang")
    if asked is not None and not LANG_TAG.fullmatch(asked):
        raise Refused("request/invalid", "lang is a language tag such as 'pl' or 'pl-PL'")
    catalog = catalog_of(game)
    base = asked.split("-")[0].lower() if asked else None
    lang = negotiate(catalog.languages, base, request.headers.get("accept-language"))
    headers = {
        "ETag": f'"{game.id}-{lang}-{catalog.version}"',
        "Cache-Control": CACHE_CONTROL,
        "Content-Language": lang,
        "Vary": "Accept-Language",
    }
    tags = [t.strip().removeprefix("W/") for t in request.headers.get("if-none-match", "").split(",")]
    if headers["ETag"] in tags or "*" in tags:
        return Response(status_code=304, headers=headers)
    return Response(catalog.encoded(lang), headers=headers, media_type="application/json")
