"""The JavaScript SDK's MessagePack in Chromium: a page of the served client under its Content-Security-
Policy loads the vendored @msgpack/msgpack from /static/sdk/vendor/ only when a connection asks for
``encoding: 'msgpack'``, and that connection speaks binary frames with the real server: its snapshot, a
move of its seat and the move's ack."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Pages
from tests.web.test_browser_access import one_seat_room

#: Seat 0 connects in MessagePack, answers its first prompt with its first choice and reports what it saw.
PLAY = """async ([room, token]) => {
  const { Connection } = await import('/static/sdk/boardroom.js');
  const frames = [];
  const recorder = (direction, frame) => {
    frames.push([direction, typeof frame === 'string' ? 'text' : 'bytes']);
  };
  const conn = new Connection({ room, tokens: [token], encoding: 'msgpack', recorder });
  await conn.connect();
  let prompt = conn.prompt(0);
  for (let i = 0; prompt === null && i < 100; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    prompt = conn.prompt(0);
  }
  const kind = prompt.kinds.find((k) => prompt.choices?.[k]?.length);
  const before = conn.version;
  const ack = await conn.act(0, { kind, ...prompt.choices[kind][0] });
  conn.close();
  return { game: conn.game, kind, before, acked: ack.version, shown: conn.version, frames };
}"""


def test_a_page_speaks_messagepack_with_the_vendored_library(pages: Pages, base_url: str) -> None:
    room, token, _ = one_seat_room(base_url)
    page = pages.open("/")
    page.wait_for_selector("#create")
    loaded: list[tuple[str, int]] = []
    page.on("response", lambda r: loaded.append((r.url.removeprefix(base_url), r.status)))
    seen: dict[str, Any] = page.evaluate(PLAY, [room, token])

    assert (seen["game"], seen["kind"]) == ("gregs", "choose")
    assert seen["acked"] == seen["shown"] == seen["before"] + 1
    assert {kind for _, kind in seen["frames"]} == {"bytes"}
    assert seen["frames"][:2] == [["out", "bytes"], ["in", "bytes"]]  # hello, welcome
    vendored = sorted(url for url, status in loaded if "/vendor/@msgpack/" in url and status == 200)
    assert vendored == [
        f"/static/sdk/vendor/@msgpack/msgpack/dist.esm/{name}.mjs"
        for name in sorted(
            [
                "CachedKeyDecoder",
                "DecodeError",
                "Decoder",
                "Encoder",
                "ExtData",
                "ExtensionCodec",
                "timestamp",
                "utils/int",
                "utils/prettyByte",
                "utils/typedArrays",
                "utils/utf8",
            ]
        )
    ]
