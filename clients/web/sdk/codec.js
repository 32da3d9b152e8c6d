// Frame codecs (protocol/README.md "Connecting"): JSON text frames, the default, or MessagePack binary
// frames, negotiated with the websocket subprotocol `boardroom.v1.msgpack`. A socket speaks what the
// server accepted: one that accepted no subprotocol speaks JSON, whatever was offered.
//
// MessagePack comes from @msgpack/msgpack (vendored in vendor/, pinned in package-lock.json), loaded
// only by a connection that asks for it: a JSON client never fetches it.

export const JSON_SUBPROTOCOL = 'boardroom.v1.json';
export const MSGPACK_SUBPROTOCOL = 'boardroom.v1.msgpack';

/** The encodings a Connection takes (`encoding` option). */
export const ENCODINGS = ['json', 'msgpack'];

const utf8 = new TextDecoder();
const utf8Out = new TextEncoder();

/** JSON: text frames out; text frames, or binary ones holding UTF-8 JSON, in. */
export const JSON_CODEC = {
  encoding: 'json',
  /** Offered subprotocols: none, so a server that knows no subprotocol still talks to us. */
  offers: [],
  encode: (msg) => JSON.stringify(msg),
  decode: (data) => JSON.parse(typeof data === 'string' ? data : utf8.decode(data)),
  /** A frame's size in bytes (the server's `max_frame` counts bytes). */
  size: (frame) => utf8Out.encode(frame).length,
};

let msgpack = null;

/** The MessagePack codec: binary frames (`Uint8Array`) both ways. `undefined` fields are left out as
 * `JSON.stringify` leaves them (never sent as nil); integers stay integers, other numbers go as
 * float64. A text frame in is still read as JSON. Resolves once the vendored library is loaded. */
async function loadMsgpack() {
  if (msgpack !== null) return msgpack;
  const [{ Encoder }, { Decoder }] = await Promise.all([
    import('./vendor/@msgpack/msgpack/dist.esm/Encoder.mjs'),
    import('./vendor/@msgpack/msgpack/dist.esm/Decoder.mjs'),
  ]);
  const encoder = new Encoder({ ignoreUndefined: true });
  const decoder = new Decoder();
  msgpack = {
    encoding: 'msgpack',
    offers: [MSGPACK_SUBPROTOCOL],
    encode: (msg) => encoder.encode(msg), // a copy: frames kept for a resend stay as they were
    decode: (data) => (typeof data === 'string' ? JSON.parse(data) : decoder.decode(data)),
    size: (frame) => frame.byteLength,
  };
  return msgpack;
}

/** The codec of `encoding` (`'json'` or `'msgpack'`); rejects with a TypeError for any other. */
export async function loadCodec(encoding) {
  if (encoding === 'json') return JSON_CODEC;
  if (encoding === 'msgpack') return loadMsgpack();
  throw new TypeError(`unknown encoding ${encoding}: 'json' or 'msgpack'`);
}

/** The codec a socket speaks: MessagePack when the server accepted `boardroom.v1.msgpack` and
 * `wanted` is that codec, else JSON. */
export function codecOf(accepted, wanted) {
  return accepted === MSGPACK_SUBPROTOCOL && wanted.encoding === 'msgpack' ? wanted : JSON_CODEC;
}
