"""Frame codecs: JSON text frames by default, MessagePack binary frames when negotiated.

The encoding is chosen once per connection from the websocket subprotocols the client offers
(`negotiate`): ``boardroom.v1.msgpack`` selects MessagePack, ``boardroom.v1.json`` (or no subprotocol at
all) selects JSON. Each `Codec` builds its decoders and encoders once, at import.

The action payload of `Act` is ``msgspec.Raw``. In memory it always holds **JSON bytes**, whatever the
connection's encoding, so the server decodes every action with the game's own JSON decoder
(``Game.decode_action``). On a MessagePack connection the payload travels as a MessagePack map; the codec
transcodes it to JSON on decode (`Codec.decode_client`) and back on encode (`Codec.encode_client`).

Errors: a frame that cannot be decoded raises `FrameError` with a code of `protocol.codes.ERRORS`
(``frame/malformed``, ``frame/unknown_type``, ``frame/invalid`` with ``details.path``; an object without
``type`` is ``frame/invalid`` at ``$.type``); the server answers
it with `FrameError.to_error` and keeps the connection open.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from typing import Any, Literal

import msgspec

from protocol.codes import ERRORS
from protocol.messages import Act, ClientMsg, Error, ServerMsg

JSON_SUBPROTOCOL = "boardroom.v1.json"
MSGPACK_SUBPROTOCOL = "boardroom.v1.msgpack"
#: The subprotocols a server offers, in its order of preference.
SUBPROTOCOLS = (MSGPACK_SUBPROTOCOL, JSON_SUBPROTOCOL)

Encoding = Literal["json", "msgpack"]
#: A frame ready for the transport: ``str`` is sent as a text frame, ``bytes`` as a binary frame.
Frame = str | bytes

_CLIENT_TAGS = frozenset(t.__struct_config__.tag for t in (ClientMsg.__args__))
_PATH = re.compile(r" - at `(\$[^`]*)`$")
#: msgspec's messages naming a field of the object at their path (which then names the object)
_FIELD = re.compile(r"Object (?:missing required|contains unknown) field `([^`]+)`")


class FrameError(Exception):
    """A client frame that does not decode to a message: the peer's fault, nothing changed.

    ``code`` is one of ``frame/malformed``, ``frame/unknown_type``, ``frame/invalid``; ``details`` is
    JSON data (``{"path": "$.seat"}`` for ``frame/invalid``); ``msg_type`` the message type of a
    ``frame/invalid`` frame (``None`` otherwise).
    """

    def __init__(
        self, code: str, message: str, details: dict[str, Any] | None = None, msg_type: str | None = None
    ) -> None:
        if code not in ERRORS:
            raise ValueError(f"undeclared protocol error code {code!r}")
        super().__init__(code, message)
        self.code = code
        self.message = message
        self.details: dict[str, Any] = dict(details or {})
        self.msg_type = msg_type

    def to_error(self) -> Error:
        """The `Error` message answering this frame."""
        return Error(code=self.code, message=self.message, details=self.details)


class _Tag(msgspec.Struct):
    """Just the tag of a frame, read only on the error path to tell an unknown type from a bad field."""

    type: Any = None


_NOT_OBJECT = object()


def _validation_error(exc: msgspec.ValidationError, tag: Any) -> FrameError:
    """The `FrameError` of a frame that parsed but did not validate; ``tag`` is its ``type`` value."""
    text = str(exc)
    if tag is None:  # no "type" at all (or null): the frame names no message, a missing field
        return FrameError(
            "frame/invalid", "Object missing required field `type` (the message type)", {"path": "$.type"}
        )
    if tag is not _NOT_OBJECT and not (isinstance(tag, str) and tag in _CLIENT_TAGS):
        details = {"type": tag} if isinstance(tag, str) else {}
        return FrameError("frame/unknown_type", f"unknown message type {tag!r:.60}", details)
    match = _PATH.search(text)
    path = match.group(1) if match else "$"
    field = _FIELD.match(text)
    if field:  # a missing or unknown field: the path names the field, not the object holding it
        path = f"{path}.{field.group(1)}"
        text = f"{_PATH.sub('', text)} - at `{path}`"
    known = tag if isinstance(tag, str) else None
    return FrameError("frame/invalid", text, {"path": path}, known)


class Codec:
    """Encoders and decoders of one encoding; use the module instances `JSON` and `MSGPACK`.

    Server side: `decode_client` (a client frame -> a ``ClientMsg`` Struct) and `encode_server` (a
    ``ServerMsg`` -> a `Frame`). Client side: `encode_client` and `decode_server` (game payloads come back
    as builtins: dicts, lists, str, int, float, bool, None).
    """

    def __init__(self, encoding: Encoding) -> None:
        self.encoding: Encoding = encoding
        self.binary = encoding == "msgpack"
        self.subprotocol = MSGPACK_SUBPROTOCOL if self.binary else JSON_SUBPROTOCOL
        mod: Any = msgspec.msgpack if self.binary else msgspec.json
        self._client_dec = mod.Decoder(ClientMsg)
        self._server_dec = mod.Decoder(ServerMsg)
        self._tag_dec = mod.Decoder(_Tag)
        self._enc = mod.Encoder()

    # ---- server side --------------------------------------------------------------------------------
    def decode_client(self, data: str | bytes) -> ClientMsg:
        """One client frame as its message Struct. Raises `FrameError`.

        A MessagePack codec refuses text frames (``frame/malformed``); a JSON codec takes text or UTF-8
        bytes. An `Act` comes back with ``action`` as JSON bytes in both encodings.
        """
        if self.binary and isinstance(data, str):
            raise FrameError("frame/malformed", "a MessagePack connection sends binary frames")
        try:
            msg: ClientMsg = self._client_dec.decode(data)
        except msgspec.ValidationError as exc:
            raise _validation_error(exc, self._peek_tag(data)) from None
        except msgspec.DecodeError as exc:
            raise FrameError("frame/malformed", f"not valid {self.encoding}: {exc}") from None
        except RecursionError:
            # nesting deeper than the decoder's stack, though under the size limit: the peer's fault
            raise FrameError("frame/malformed", f"{self.encoding} nested too deeply") from None
        if self.binary and type(msg) is Act:
            msg.action = _transcode(msg.action, _json_data, msgspec.json.encode)
        return msg

    def encode_server(self, msg: ServerMsg) -> Frame:
        """A server message as a frame: ``str`` (text) for JSON, ``bytes`` (binary) for MessagePack."""
        data: bytes = self._enc.encode(msg)
        return data if self.binary else data.decode()

    def encode_frame(self, obj: Any) -> Frame:
        """Any encodable value (a message Struct, or builtins) as a frame of this encoding."""
        data: bytes = self._enc.encode(obj)
        return data if self.binary else data.decode()

    # ---- client side --------------------------------------------------------------------------------
    def encode_client(self, msg: ClientMsg) -> Frame:
        """A client message as a frame; an `Act`'s JSON ``action`` is transcoded for MessagePack."""
        if self.binary and type(msg) is Act:
            raw = _transcode(msg.action, msgspec.json.decode, msgspec.msgpack.encode)
            msg = Act(id=msg.id, seat=msg.seat, action=raw, prompt=msg.prompt)
        return self.encode_frame(msg)

    def decode_server(self, data: str | bytes) -> ServerMsg:
        """A server frame as its message Struct. Raises ``msgspec.DecodeError`` / ``ValidationError``."""
        msg: ServerMsg = self._server_dec.decode(data)
        return msg

    def _peek_tag(self, data: str | bytes) -> Any:
        try:
            return self._tag_dec.decode(data).type
        except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
            return _NOT_OBJECT


_SCALARS = (str, int, float, bool, type(None))


def _json_data(raw: msgspec.Raw) -> Any:
    """A MessagePack payload decoded, refused unless JSON can hold it as is: maps with string keys only,
    no binary, extension or timestamp values (JSON would silently turn them into strings), no NaN or
    infinities (JSON would turn them into ``null``)."""
    obj = msgspec.msgpack.decode(raw)
    stack = [obj]
    while stack:  # iterative: depth is bounded by the decoder already
        item = stack.pop()
        if isinstance(item, dict):
            if not all(isinstance(key, str) for key in item):
                raise TypeError("map keys must be strings")
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif type(item) is float and not math.isfinite(item):
            raise TypeError("NaN and infinities have no JSON form")
        elif not isinstance(item, _SCALARS):
            raise TypeError(f"{type(item).__name__} values have no JSON form")
    return obj


def _transcode(raw: msgspec.Raw, decode: Any, encode: Any) -> msgspec.Raw:
    """``raw`` re-encoded into the other encoding; a payload JSON cannot hold is ``frame/invalid``."""
    try:
        return msgspec.Raw(encode(decode(raw)))
    except (TypeError, msgspec.EncodeError, msgspec.DecodeError) as exc:
        raise FrameError("frame/invalid", f"action payload: {exc}", {"path": "$.action"}) from None
    except RecursionError:
        raise FrameError("frame/malformed", "action payload nested too deeply") from None


JSON = Codec("json")
MSGPACK = Codec("msgpack")
CODECS: dict[Encoding, Codec] = {"json": JSON, "msgpack": MSGPACK}


def negotiate(offered: Iterable[str]) -> str | None:
    """The subprotocol to accept among those the client ``offered`` (its ``Sec-WebSocket-Protocol``), in
    the client's order; ``None`` when it offered none of ours (the connection then speaks JSON and the
    server accepts without a subprotocol)."""
    for name in offered:
        if name in SUBPROTOCOLS:
            return name
    return None


def codec_for(subprotocol: str | None) -> Codec:
    """The codec of an accepted subprotocol (``None``: JSON)."""
    return MSGPACK if subprotocol == MSGPACK_SUBPROTOCOL else JSON
