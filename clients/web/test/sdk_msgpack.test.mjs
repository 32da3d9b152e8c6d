// The SDK's MessagePack encoding (`encoding: 'msgpack'`) against a scripted websocket server that
// accepts the subprotocol `boardroom.v1.msgpack` and speaks binary frames, as protocol/README.md
// "Connecting" says. The server side decodes with the npm package itself, not with the SDK's copy.
//
//   node --test test/sdk_msgpack.test.mjs
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { test } from 'node:test';
import { decode, encode } from '@msgpack/msgpack';
import WebSocket, { WebSocketServer } from 'ws';

import { ActionRefused, Connection } from '../sdk/boardroom.js';

const VIEW = { turn: 0, share: 0.5, hand: ['mom', 'cheese'], left: null };
const PROMPT = { id: 't0', kinds: ['bid'], timer: 'turn', default: 'pass', choices: { bid: [{ amount: 3 }] } };

/** A server accepting MessagePack: `next()` is the next client frame, `{ws, binary, msg}`. */
async function serve() {
  const offered = [];
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    handleProtocols: (protocols) => {
      offered.push([...protocols]);
      return protocols.has('boardroom.v1.msgpack') ? 'boardroom.v1.msgpack' : false;
    },
  });
  await once(wss, 'listening');
  const frames = [];
  const waiting = [];
  wss.on('connection', (ws) => {
    ws.on('message', (data, binary) => {
      const item = { ws, binary, msg: binary ? decode(data) : JSON.parse(String(data)) };
      const waiter = waiting.shift();
      if (waiter) waiter(item);
      else frames.push(item);
    });
  });
  return {
    url: `http://127.0.0.1:${wss.address().port}`,
    offered,
    next: () => (frames.length ? Promise.resolve(frames.shift()) : new Promise((r) => waiting.push(r))),
    close() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

const send = (ws, msg) => ws.send(encode(msg));

async function started(server, extra = {}) {
  const recorded = [];
  const conn = new Connection({
    url: server.url, room: 'r1', tokens: ['tok'], WebSocket, encoding: 'msgpack',
    recorder: (direction, frame) => recorded.push([direction, frame]), ...extra,
  });
  const ready = conn.connect();
  const hello = await server.next();
  send(hello.ws, { type: 'welcome', room: 'r1', game: 'gregs', seats: [0], version: 0, epoch: 'e1', v: 1,
    max_frame: 200 });
  send(hello.ws, { type: 'snapshot', seat: 0, version: 0, view: VIEW, prompt: PROMPT });
  await ready;
  return { conn, hello, recorded };
}

test('msgpack offers boardroom.v1.msgpack, says hello in a binary frame and mirrors binary frames', async () => {
  const server = await serve();
  const { conn, hello, recorded } = await started(server);
  try {
    assert.deepEqual(server.offered, [['boardroom.v1.msgpack']]);
    assert.equal(hello.binary, true);
    assert.deepEqual(hello.msg, { type: 'hello', v: 1, room: 'r1', tokens: ['tok'], since: null, acks: 'update' });
    assert.deepEqual([conn.encoding, conn.version, conn.mirror(0), conn.prompt(0)], ['msgpack', 0, VIEW, PROMPT]);
    // an undefined field is left out, as JSON.stringify leaves it, not sent as nil
    const acked = conn.act(0, { kind: 'bid', amount: 3, note: undefined });
    const act = await server.next();
    assert.equal(act.binary, true);
    assert.deepEqual(act.msg, { type: 'act', id: act.msg.id, seat: 0, action: { kind: 'bid', amount: 3 }, prompt: 't0' });
    const ack = { type: 'ack', id: act.msg.id, seat: 0, version: 1 };
    const patch = [{ op: 'replace', path: '/share', value: 1.25 }];
    send(act.ws, { type: 'update', seat: 0, frm: 0, to: 1, patch, acks: [ack] });
    assert.deepEqual(await acked, { id: act.msg.id, seat: 0, version: 1, duplicate: false });
    assert.deepEqual([conn.version, conn.mirror(0).share, conn.prompt(0)], [1, 1.25, null]);
    // the recorder gets each frame's bytes
    assert.deepEqual(recorded.map(([d, f]) => [d, f instanceof Uint8Array]), [
      ['out', true], ['in', true], ['in', true], ['out', true], ['in', true],
    ]);
    assert.deepEqual(decode(recorded[0][1]), hello.msg);
  } finally {
    conn.close();
    server.close();
  }
});

test('msgpack resends a pending action after a reconnect as the same binary act', async () => {
  const server = await serve();
  const { conn, hello } = await started(server, { backoff: [10, 40] });
  try {
    const acked = conn.act(0, { kind: 'bid', amount: 3 });
    const first = await server.next();
    hello.ws.terminate(); // the ack is lost with the socket
    const again = await server.next();
    assert.deepEqual([again.binary, again.msg.type, again.msg.since], [true, 'hello', 0]);
    send(again.ws, { type: 'welcome', room: 'r1', game: 'gregs', seats: [0], version: 1, epoch: 'e1', v: 1 });
    const resent = await server.next();
    assert.equal(resent.binary, true);
    assert.deepEqual(resent.msg, first.msg);
    send(again.ws, { type: 'ack', id: first.msg.id, seat: 0, version: 1, duplicate: true });
    assert.equal((await acked).duplicate, true);
  } finally {
    conn.close();
    server.close();
  }
});

test('msgpack measures max_frame in the bytes of the binary frame', async () => {
  const server = await serve();
  const { conn } = await started(server);
  try {
    // 136 characters make an act of exactly 200 bytes in MessagePack (its JSON is longer): it is sent
    const id = `${conn.outbox.prefix}-1`;
    const fits = { kind: 'say', text: 'x'.repeat(136) };
    const act = { type: 'act', id, seat: 0, action: fits, prompt: 't0' };
    assert.deepEqual([encode(act).byteLength, JSON.stringify(act).length > 200], [200, true]);
    conn.act(0, fits).catch(() => {});
    assert.equal((await server.next()).msg.action.text.length, 136);
    const err = await conn.act(0, { kind: 'say', text: 'x'.repeat(137) }).catch((e) => e);
    assert.ok(err instanceof ActionRefused);
    assert.equal(err.code, 'client/too_large');
  } finally {
    conn.close();
    server.close();
  }
});

test('an encoding other than json or msgpack is refused when the connection is made', () => {
  assert.throws(
    () => new Connection({ url: 'http://127.0.0.1:1', room: 'r1', WebSocket, encoding: 'cbor' }),
    { name: 'TypeError', message: "unknown encoding cbor: 'json' or 'msgpack'" },
  );
});
