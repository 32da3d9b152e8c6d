// The example's connection to a room: the SDK's Connection with Node's WebSocket (the `ws` package),
// in JSON or MessagePack. The player and the client-check adapter both open it here.
import { Connection } from '@boardroom/sdk';
import WebSocket from 'ws';

/** A Connection to `room` at `url` (the server's http(s) base or its /ws URL) holding `tokens`;
 * `encoding` `json` or `msgpack`, `acks` `update` or `frame`; `backoff` [first, largest] ms between
 * reconnect attempts. Not yet connected: call `connect()`. */
export function openConnection({ url, room, tokens, encoding = 'json', acks = 'update', backoff = [200, 8000] }) {
  return new Connection({ url, room, tokens, encoding, acks, backoff, WebSocket });
}
