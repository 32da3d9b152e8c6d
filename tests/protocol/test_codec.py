"""The frame codecs: negotiation, both encodings, and every decode error mapped to its code."""

from __future__ import annotations

import msgspec
import pytest

from protocol.codec import (
    JSON,
    JSON_SUBPROTOCOL,
    MSGPACK,
    MSGPACK_SUBPROTOCOL,
    FrameError,
    codec_for,
    negotiate,
)
from protocol.messages import Ack, Act, Error, Hello, Ping, Update


def act(action: bytes = b'{"kind":"reveal","slot":2}') -> Act:
    return Act(id="a1", seat=1, action=msgspec.Raw(action))


class TestNegotiation:
    def test_msgpack_when_offered(self) -> None:
        assert negotiate(["x", MSGPACK_SUBPROTOCOL, JSON_SUBPROTOCOL]) == MSGPACK_SUBPROTOCOL

    def test_clients_order_wins(self) -> None:
        assert negotiate([JSON_SUBPROTOCOL, MSGPACK_SUBPROTOCOL]) == JSON_SUBPROTOCOL

    def test_none_offered_means_json_without_subprotocol(self) -> None:
        assert negotiate([]) is None
        assert negotiate(["chat"]) is None
        assert codec_for(None) is JSON

    def test_codec_for_each_subprotocol(self) -> None:
        assert codec_for(MSGPACK_SUBPROTOCOL) is MSGPACK
        assert codec_for(JSON_SUBPROTOCOL) is JSON


class TestJson:
    def test_hello_decodes_with_defaults(self) -> None:
        msg = JSON.decode_client('{"type":"hello","v":1,"room":"r1"}')
        assert msg == Hello(v=1, room="r1", tokens=[], since=None)

    def test_bytes_frames_are_accepted(self) -> None:
        assert JSON.decode_client(b'{"type":"ping","n":7}') == Ping(n=7)

    def test_act_keeps_action_as_json_bytes(self) -> None:
        msg = JSON.decode_client('{"type":"act","id":"a1","seat":1,"action":{"kind":"stop"}}')
        assert isinstance(msg, Act)
        assert bytes(msg.action) == b'{"kind":"stop"}'

    def test_server_messages_are_text_frames(self) -> None:
        frame = JSON.encode_server(Ack(id="a1", seat=0, version=3))
        assert frame == '{"type":"ack","id":"a1","seat":0,"version":3}'

    def test_client_round_trip(self) -> None:
        frame = JSON.encode_client(act())
        assert frame == '{"type":"act","id":"a1","seat":1,"action":{"kind":"reveal","slot":2}}'
        assert bytes(JSON.decode_client(frame).action) == b'{"kind":"reveal","slot":2}'  # type: ignore[union-attr]


class TestMsgpack:
    def test_server_messages_are_binary_frames(self) -> None:
        frame = MSGPACK.encode_server(Ack(id="a1", seat=0, version=3))
        assert isinstance(frame, bytes)
        assert msgspec.msgpack.decode(frame) == {"type": "ack", "id": "a1", "seat": 0, "version": 3}

    def test_action_travels_as_a_map_and_arrives_as_json(self) -> None:
        frame = MSGPACK.encode_client(act(b'{"kind":"bid","amount":1.0,"ok":true}'))
        assert isinstance(frame, bytes)
        assert msgspec.msgpack.decode(frame)["action"] == {"kind": "bid", "amount": 1.0, "ok": True}
        msg = MSGPACK.decode_client(frame)
        assert isinstance(msg, Act)
        assert bytes(msg.action) == b'{"kind":"bid","amount":1.0,"ok":true}'

    def test_text_frame_is_malformed(self) -> None:
        with pytest.raises(FrameError) as info:
            MSGPACK.decode_client('{"type":"ping"}')
        assert info.value.code == "frame/malformed"

    def test_action_json_cannot_hold_is_invalid(self) -> None:
        ext = msgspec.msgpack.Ext(1, b"x")
        frame = msgspec.msgpack.encode({"type": "act", "id": "a", "seat": 0, "action": {"kind": ext}})
        with pytest.raises(FrameError) as info:
            MSGPACK.decode_client(frame)
        assert (info.value.code, info.value.details) == ("frame/invalid", {"path": "$.action"})

    @pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
    def test_non_finite_floats_in_an_action_are_invalid_not_null(self, value: float) -> None:
        """JSON has no NaN or infinities: transcoded, they would reach the game as ``null``."""
        action = {"kind": "bid", "amount": value}
        frame = msgspec.msgpack.encode({"type": "act", "id": "a", "seat": 0, "action": action})
        with pytest.raises(FrameError) as info:
            MSGPACK.decode_client(frame)
        assert (info.value.code, info.value.details) == ("frame/invalid", {"path": "$.action"})

    def test_server_round_trip_gives_builtins(self) -> None:
        update = Update(seat=None, frm=1, to=2, patch=[{"op": "replace", "path": "/n", "value": 1.5}])
        assert MSGPACK.decode_server(MSGPACK.encode_server(update)) == update


def decode_error(data: str | bytes, codec: object = JSON) -> Error:
    with pytest.raises(FrameError) as info:
        JSON.decode_client(data) if codec is JSON else MSGPACK.decode_client(data)
    return info.value.to_error()


class TestErrors:
    @pytest.mark.parametrize(
        ("frame", "path"),
        [
            ('{"type":"ping","n":9007199254740992}', "$.n"),
            ('{"type":"sync","since":-9007199254740992}', "$.since"),
            ('{"type":"act","id":"a","seat":' + "9" * 4000 + ',"action":{}}', "$.seat"),
        ],
    )
    def test_client_numbers_beyond_what_every_json_holds_exactly_are_invalid(
        self, frame: str, path: str
    ) -> None:
        error = decode_error(frame)
        assert (error.code, error.details) == ("frame/invalid", {"path": path})

    def test_bad_json_is_malformed(self) -> None:
        assert decode_error('{"type":').code == "frame/malformed"

    def test_bad_msgpack_is_malformed(self) -> None:
        assert decode_error(b"\xc1", MSGPACK).code == "frame/malformed"

    def test_unknown_type(self) -> None:
        error = decode_error('{"type":"launch"}')
        assert (error.code, error.details) == ("frame/unknown_type", {"type": "launch"})

    @pytest.mark.parametrize("frame", ['{"n":1}', '{"type":null}'])
    def test_missing_type_is_invalid_at_type(self, frame: str) -> None:
        error = decode_error(frame)
        assert (error.code, error.message, error.details) == (
            "frame/invalid",
            "Object missing required field `type` (the message type)",
            {"path": "$.type"},
        )

    def test_missing_type_in_msgpack_is_invalid_at_type(self) -> None:
        error = decode_error(msgspec.msgpack.encode({"n": 1}), MSGPACK)
        assert (error.code, error.details) == ("frame/invalid", {"path": "$.type"})

    def test_non_string_type_is_unknown_type_without_echo(self) -> None:
        error = decode_error('{"type":[1,2]}')
        assert (error.code, error.details) == ("frame/unknown_type", {})

    def test_bad_field_names_its_json_path(self) -> None:
        error = decode_error('{"type":"hello","v":1,"room":"r","tokens":["t",3]}')
        assert (error.code, error.details) == ("frame/invalid", {"path": "$.tokens[1]"})
        assert error.message == "Expected `str`, got `int` - at `$.tokens[1]`"

    def test_bad_field_in_msgpack_names_its_path(self) -> None:
        error = decode_error(msgspec.msgpack.encode({"type": "act", "id": "a", "seat": "one"}), MSGPACK)
        assert (error.code, error.details) == ("frame/invalid", {"path": "$.seat"})

    @pytest.mark.parametrize("field", ["id", "seat", "action"])
    def test_a_missing_field_is_invalid_at_its_own_path(self, field: str) -> None:
        act = {"type": "act", "id": "a", "seat": 1, "action": {"kind": "pass"}}
        del act[field]
        error = decode_error(msgspec.json.encode(act))
        assert (error.code, error.details) == ("frame/invalid", {"path": f"$.{field}"})
        assert error.message == f"Object missing required field `{field}` - at `$.{field}`"

    def test_unknown_field_is_invalid_at_its_path(self) -> None:
        error = decode_error('{"type":"ping","n":1,"extra":true}')
        assert (error.code, error.details) == ("frame/invalid", {"path": "$.extra"})
        assert error.message == "Object contains unknown field `extra` - at `$.extra`"

    def test_not_an_object_is_invalid(self) -> None:
        error = decode_error("[1,2]")
        assert (error.code, error.details) == ("frame/invalid", {"path": "$"})

    def test_undeclared_code_is_our_bug(self) -> None:
        with pytest.raises(ValueError, match="undeclared"):
            FrameError("frame/whatever", "x")
