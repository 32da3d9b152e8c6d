// The SDK's protocol bookkeeping against a scripted websocket server (the `ws` package): each test plays
// the server's side of protocol/README.md frame by frame, where a real server cannot be made to (a gap,
// a patch that does not apply, a lost ack, a store outage, a dead link, a restored store).
//
//   node --test test/sdk_units.test.mjs
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { test } from 'node:test';
import WebSocket, { WebSocketServer } from 'ws';

import { ActionRefused, Closed, Connection, roomUrl, websocketUrl } from '../sdk/boardroom.js';
import { Lobby, LobbyError, nextAfter } from '../sdk/lobby.js';

const VIEW = { turn: 0, hand: ['mom', 'cheese'], scores: [0, 0] };
const PROMPT = { id: 't0', kinds: ['pass'], timer: 'turn', default: 'pass', choices: { pass: [{}] } };

/** A scripted server: `next()` is the next client frame (with the socket it came on). */
async function serve() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  const frames = [];
  const waiting = [];
  const sockets = [];
  const paths = [];
  wss.on('connection', (ws, request) => {
    sockets.push(ws);
    paths.push(request.url);
    ws.on('message', (data) => {
      const item = { ws, msg: JSON.parse(String(data)) };
      const waiter = waiting.shift();
      if (waiter) waiter(item);
      else frames.push(item);
    });
  });
  return {
    url: `http://127.0.0.1:${wss.address().port}`,
    sockets,
    paths,
    next() {
      const item = frames.shift();
      return item ? Promise.resolve(item) : new Promise((resolve) => waiting.push(resolve));
    },
    close() {
      for (const ws of sockets) ws.terminate();
      wss.close();
    },
  };
}

const send = (ws, msg) => ws.send(JSON.stringify(msg));

function welcome(ws, { seats = [0], version = 0, epoch = 'e1', maxFrame = 65536 } = {}) {
  send(ws, { type: 'welcome', room: 'r1', game: 'gregs', seats, version, epoch, v: 1, max_frame: maxFrame });
}

function connection(server, extra = {}) {
  const options = { url: server.url, room: 'r1', tokens: ['tok'], WebSocket, backoff: [10, 40] };
  return new Connection({ ...options, ...extra });
}

/** A connection of seat 0 welcomed at version 0 with `VIEW` and `PROMPT`. */
async function started(server, extra = {}) {
  const conn = connection(server, extra);
  const ready = conn.connect();
  const { ws, msg } = await server.next();
  assert.deepEqual(msg, { type: 'hello', v: 1, room: 'r1', tokens: ['tok'], since: null, acks: 'update' });
  welcome(ws);
  send(ws, { type: 'snapshot', seat: 0, version: 0, view: VIEW, prompt: PROMPT });
  await ready;
  return { conn, ws };
}

function nextEvent(conn, name) {
  return new Promise((resolve) => {
    const off = conn.on(name, (detail) => {
      off();
      resolve(detail);
    });
  });
}

const update = (frm, to, patch, extra = {}) => ({ type: 'update', seat: 0, frm, to, patch, ...extra });

test('websocketUrl turns a server base into its /ws address', () => {
  assert.equal(websocketUrl('http://h:8000'), 'ws://h:8000/ws');
  assert.equal(websocketUrl('https://h/boardroom/'), 'wss://h/boardroom/ws');
  assert.equal(websocketUrl('ws://h:1/ws'), 'ws://h:1/ws');
  assert.equal(websocketUrl('wss://h'), 'wss://h/ws');
  assert.throws(() => websocketUrl('ftp://h'), TypeError);
  globalThis.location = { href: 'https://h:8443/rooms/r1' }; // a page of the table
  try {
    assert.deepEqual([websocketUrl(), websocketUrl(''), websocketUrl('/')], Array(3).fill('wss://h:8443/ws'));
  } finally {
    delete globalThis.location;
  }
});

test('roomUrl names the room in the query; every socket of a connection goes to its room URL', async () => {
  assert.equal(roomUrl('ws://h:1/ws', 'r 1/é'), 'ws://h:1/ws?room=r+1%2F%C3%A9');
  assert.equal(roomUrl('wss://h/p/ws?room=old&x=1', 'r2'), 'wss://h/p/ws?room=r2&x=1');
  const server = await serve();
  const { conn, ws } = await started(server);
  ws.terminate();
  welcome((await server.next()).ws);
  assert.deepEqual(server.paths, ['/ws?room=r1', '/ws?room=r1']);
  assert.deepEqual(conn.urls, [`${server.url.replace('http', 'ws')}/ws?room=r1`]);
  await conn.close();
  server.close();
});

test('nextAfter reads the after of a Link rel=next header', () => {
  assert.equal(nextAfter('</api/rooms?limit=2&after=r-9>; rel="next"'), 'r-9');
  assert.equal(nextAfter(null), null);
  assert.equal(nextAfter('</x>; rel="prev"'), null);
});

test('the lobby calls fetch as a browser requires: as a plain function, not a method', async () => {
  const calls = [];
  const saved = globalThis.fetch;
  globalThis.fetch = function fetch(url, init) {
    // a browser's fetch throws "Illegal invocation" when called on another object
    if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
    calls.push([url, init.method, init.headers]);
    if (url.endsWith('/api/rooms')) {
      const body = { code: 'rate/limited', message: 'too many rooms', details: { retry_after: 7 } };
      const headers = { 'Retry-After': '7' };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 429, headers }));
    }
    const failed = url.endsWith('/start');
    const body = failed ? { code: 'room/not_full', message: 'seats are free' } : [{ id: 'gregs' }];
    return Promise.resolve(new Response(JSON.stringify(body), { status: failed ? 409 : 200 }));
  };
  try {
    const lobby = new Lobby('http://h:1/');
    assert.deepEqual(await lobby.games(), [{ id: 'gregs' }]);
    const err = await lobby.start('r1', 'host-token').catch((e) => e);
    assert.ok(err instanceof LobbyError);
    assert.deepEqual([err.status, err.code, err.message], [409, 'room/not_full', 'seats are free']);
    assert.deepEqual([err.details, err.retryAfter], [{}, null]);
    const limited = await lobby.createRoom({ game: 'gregs', seats: 3 }).catch((e) => e);
    assert.deepEqual(
      [limited.status, limited.code, limited.message, limited.details, limited.retryAfter],
      [429, 'rate/limited', 'too many rooms', { retry_after: 7 }, 7],
    );
    assert.deepEqual(calls.map((c) => c.slice(0, 2)), [
      ['http://h:1/api/games', 'GET'],
      ['http://h:1/api/rooms/r1/start', 'POST'],
      ['http://h:1/api/rooms', 'POST'],
    ]);
    assert.deepEqual(calls[1][2], { Authorization: 'Bearer host-token' });
  } finally {
    globalThis.fetch = saved;
  }
});

test('an update patches a new view object and announces its step, events and prompt', async () => {
  const server = await serve();
  const { conn, ws } = await started(server);
  try {
    assert.deepEqual(conn.mirror(0), VIEW);
    assert.deepEqual(conn.prompt(0), PROMPT);
    const before = conn.mirror(0);
    const seen = { events: [], prompts: [] };
    conn.on('event', (e) => seen.events.push(e));
    conn.on('prompt', (p) => seen.prompts.push(p));
    const stepped = nextEvent(conn, 'update');
    const event = { version: 1, body: { kind: 'played', seat: 0, card: 'cheese' } };
    const patch = [{ op: 'remove', path: '/hand/1' }, { op: 'replace', path: '/scores/0', value: 5 }];
    send(ws, update(0, 1, patch, { events: [event] }));
    const detail = await stepped;
    assert.deepEqual(
      { viewer: detail.viewer, from: detail.from, to: detail.to, prompt: detail.prompt },
      { viewer: 0, from: 0, to: 1, prompt: null },
    );
    assert.deepEqual(conn.mirror(0), { turn: 0, hand: ['mom'], scores: [5, 0] });
    assert.deepEqual(before, VIEW, 'the earlier view object is left as it was');
    assert.equal(conn.version, 1);
    assert.deepEqual(seen.events, [{ viewer: 0, ...event }]);
    assert.deepEqual(seen.prompts, [{ seat: 0, prompt: null }]);
    assert.deepEqual(conn.events(0), [event]);
  } finally {
    conn.close();
    server.close();
  }
});

test('a gap asks once for a sync from the mirror version; a stale update is ignored', async () => {
  const server = await serve();
  const { conn, ws } = await started(server);
  try {
    send(ws, update(1, 2, [{ op: 'replace', path: '/turn', value: 2 }])); // 0 -> 1 was missed
    send(ws, update(2, 3, [{ op: 'replace', path: '/turn', value: 3 }]));
    assert.deepEqual((await server.next()).msg, { type: 'sync', since: 0 });
    send(ws, update(0, 1, [{ op: 'replace', path: '/turn', value: 1 }]));
    send(ws, update(1, 2, [{ op: 'replace', path: '/turn', value: 2 }]));
    send(ws, update(0, 1, [{ op: 'replace', path: '/turn', value: 99 }])); // crossed the sync: stale
    send(ws, update(2, 3, [{ op: 'replace', path: '/turn', value: 3 }]));
    while (conn.version < 3) await nextEvent(conn, 'update');
    assert.equal(conn.mirror(0).turn, 3);
    conn.sync(3); // a marker: the frames of one socket arrive in order
    assert.deepEqual((await server.next()).msg, { type: 'sync', since: 3 }, 'no second sync before it');
  } finally {
    conn.close();
    server.close();
  }
});

test('a patch that does not apply asks for a fresh snapshot, which repairs the mirror', async () => {
  const server = await serve();
  const { conn, ws } = await started(server);
  try {
    send(ws, update(0, 1, [{ op: 'remove', path: '/nothing/here' }]));
    assert.deepEqual((await server.next()).msg, { type: 'sync', since: null });
    assert.equal(conn.version, -1);
    const repaired = nextEvent(conn, 'snapshot');
    send(ws, { type: 'snapshot', seat: 0, version: 1, view: { turn: 1 } });
    assert.equal((await repaired).version, 1);
    assert.deepEqual(conn.mirror(0), { turn: 1 });
  } finally {
    conn.close();
    server.close();
  }
});

test('act resolves on its ack, rejects with its refusal; an error naming no action is an event', async () => {
  const server = await serve();
  const { conn, ws } = await started(server);
  try {
    const first = conn.act(0, { kind: 'pass' });
    const sent = (await server.next()).msg;
    const act = { type: 'act', id: 'x', seat: 0, action: { kind: 'pass' }, prompt: 't0' };
    assert.deepEqual({ ...sent, id: 'x' }, act, "the id of the mirror's prompt");
    send(ws, { type: 'ack', id: sent.id, seat: 0, version: 1 });
    assert.deepEqual(await first, { id: sent.id, seat: 0, version: 1, duplicate: false });

    const second = conn.act(0, { kind: 'pass' });
    const again = (await server.next()).msg;
    assert.notEqual(again.id, sent.id);
    const refusal = { code: 'action/not_offered', message: 'not now', details: { kinds: ['pass'] } };
    send(ws, { type: 'error', id: again.id, seat: 0, ...refusal });
    const err = await second.catch((e) => e);
    assert.ok(err instanceof ActionRefused);
    assert.deepEqual({ code: err.code, message: err.message, details: err.details }, refusal);

    const event = nextEvent(conn, 'error');
    send(ws, { type: 'error', code: 'frame/invalid', message: 'bad', details: { path: '$.seat' } });
    assert.deepEqual(await event, {
      code: 'frame/invalid', message: 'bad', details: { path: '$.seat' }, id: null, seat: null,
    });
  } finally {
    conn.close();
    server.close();
  }
});

test('an ack inside an update resolves its act once the mirror shows the step', async () => {
  const server = await serve();
  const { conn, ws } = await started(server);
  try {
    const acks = [];
    conn.on('ack', (ack) => acks.push({ ack, turn: conn.mirror(0).turn }));
    const pending = conn.act(0, { kind: 'pass' });
    const { msg } = await server.next();
    const ack = { type: 'ack', id: msg.id, seat: 0, version: 1 };
    send(ws, update(0, 1, [{ op: 'replace', path: '/turn', value: 1 }], { acks: [ack] }));
    assert.deepEqual(await pending, { id: msg.id, seat: 0, version: 1, duplicate: false });
    assert.deepEqual(acks, [{ ack, turn: 1 }]); // the ack event came after the patch was applied
  } finally {
    conn.close();
    server.close();
  }
});

test('acks: frame leaves the option out of the hello', async () => {
  const server = await serve();
  const conn = connection(server, { acks: 'frame' });
  const ready = conn.connect();
  try {
    const { ws, msg } = await server.next();
    assert.deepEqual(msg, { type: 'hello', v: 1, room: 'r1', tokens: ['tok'], since: null });
    welcome(ws);
    send(ws, { type: 'snapshot', seat: 0, version: 0, view: VIEW, prompt: PROMPT });
    await ready;
  } finally {
    conn.close();
    server.close();
  }
});

test('an action refused store/unavailable is sent again under its id', async () => {
  const server = await serve();
  const { conn, ws } = await started(server);
  try {
    const pending = conn.act(0, { kind: 'pass' });
    const { msg } = await server.next();
    send(ws, { type: 'error', id: msg.id, seat: 0, code: 'store/unavailable', message: 'down' });
    assert.deepEqual((await server.next()).msg, msg);
    send(ws, { type: 'ack', id: msg.id, seat: 0, version: 1 });
    assert.equal((await pending).version, 1);
  } finally {
    conn.close();
    server.close();
  }
});

test('act names the prompt it answers, resent with it after the prompt moved on; an explicit one wins',
  async () => {
    const server = await serve();
    const { conn, ws } = await started(server);
    try {
      const pending = conn.act(0, { kind: 'pass' });
      const first = (await server.next()).msg;
      assert.equal(first.prompt, 't0');
      const next = { id: 't1', kinds: ['pass'], timer: 'turn', default: 'pass', choices: { pass: [{}] } };
      send(ws, update(0, 1, [], { prompt: next })); // the step the action made; its ack was lost
      await nextEvent(conn, 'update');
      ws.close(1012);
      const again = await server.next();
      welcome(again.ws, { version: 1 });
      assert.deepEqual((await server.next()).msg, first, 'the same id and the prompt it was sent for');
      send(again.ws, { type: 'ack', id: first.id, seat: 0, version: 1, duplicate: true });
      assert.equal((await pending).duplicate, true);

      conn.act(0, { kind: 'pass' }, { prompt: 'mine' }).catch(() => {});
      assert.equal((await server.next()).msg.prompt, 'mine');
      conn.act(0, { kind: 'pass' }, { prompt: null }).catch(() => {});
      assert.equal('prompt' in (await server.next()).msg, false, 'null: no prompt named');
      conn.act(0, { kind: 'pass' }).catch(() => {});
      assert.equal((await server.next()).msg.prompt, 't1');
    } finally {
      conn.close();
      server.close();
    }
  });

test('after a lost socket it resumes from its version and resends unanswered actions, not refused ones',
  async () => {
    const server = await serve();
    const { conn, ws } = await started(server);
    const states = [];
    conn.on('state', ({ state }) => states.push(state));
    try {
      const refused = conn.act(0, { kind: 'pass', n: 1 });
      const one = (await server.next()).msg;
      send(ws, { type: 'error', id: one.id, seat: 0, code: 'action/stale_prompt', message: 'moved on' });
      await refused.catch(() => {});
      send(ws, update(0, 1, [{ op: 'replace', path: '/turn', value: 1 }]));
      await nextEvent(conn, 'update');
      const pending = conn.act(0, { kind: 'pass', n: 2 });
      const two = (await server.next()).msg;
      ws.close(1012); // a restart: the ack never came
      const again = await server.next();
      assert.deepEqual(again.msg, { type: 'hello', v: 1, room: 'r1', tokens: ['tok'], since: 1, acks: 'update' });
      welcome(again.ws, { version: 2 });
      assert.deepEqual((await server.next()).msg, two, 'the same id, once; the refused one never');
      send(again.ws, { type: 'ack', id: two.id, seat: 0, version: 2, duplicate: true });
      assert.deepEqual(await pending, { id: two.id, seat: 0, version: 2, duplicate: true });
      assert.deepEqual(states, ['reconnecting', 'open']);
      assert.equal(conn.welcomes, 2);
    } finally {
      conn.close();
      server.close();
    }
  });

test('a fatal close ends the connection: connect and pending actions reject with Closed', async () => {
  const server = await serve();
  const conn = connection(server);
  try {
    const ready = conn.connect();
    const pending = conn.act(0, { kind: 'pass' });
    const { ws } = await server.next();
    ws.close(4401, 'a token is not valid for this room');
    for (const promise of [ready, pending]) {
      const err = await promise.catch((e) => e);
      assert.ok(err instanceof Closed);
      assert.deepEqual([err.code, err.reason], [4401, 'a token is not valid for this room']);
    }
    assert.equal(conn.state, 'closed');
    assert.equal((await conn.act(0, { kind: 'pass' }).catch((e) => e)).code, 4401);
    assert.equal(server.sockets.length, 1, 'no reconnect');
  } finally {
    conn.close();
    server.close();
  }
});

test('a link that answers nothing is dropped after a ping interval and reconnected', async () => {
  const server = await serve();
  const { conn } = await started(server, { pingInterval: 40 });
  try {
    const lost = nextEvent(conn, 'state');
    assert.deepEqual((await server.next()).msg, { type: 'ping', n: 1 }); // and no pong comes back
    const state = await lost;
    assert.deepEqual([state.state, state.code, state.reason], ['reconnecting', 1006, 'no pong']);
    const again = await server.next();
    assert.deepEqual(again.msg, { type: 'hello', v: 1, room: 'r1', tokens: ['tok'], since: 0, acks: 'update' });
  } finally {
    conn.close();
    server.close();
  }
});

test('a welcome of another epoch drops the mirrors for the snapshots that follow', async () => {
  const server = await serve();
  const { conn, ws } = await started(server);
  try {
    send(ws, update(0, 1, [{ op: 'replace', path: '/turn', value: 1 }]));
    await nextEvent(conn, 'update');
    ws.close(1013);
    const again = await server.next();
    assert.equal(again.msg.since, 1);
    const welcomed = nextEvent(conn, 'welcome');
    welcome(again.ws, { epoch: 'e2', version: 0 });
    await welcomed;
    assert.equal(conn.mirror(0), null);
    assert.equal(conn.version, -1);
    send(again.ws, { type: 'snapshot', seat: 0, version: 0, view: { turn: 0 } });
    await nextEvent(conn, 'snapshot');
    assert.deepEqual([conn.version, conn.mirror(0)], [0, { turn: 0 }]);
  } finally {
    conn.close();
    server.close();
  }
});

test('a welcome before the start names no epoch: the real one after it keeps the mirrors', async () => {
  const server = await serve();
  const conn = connection(server);
  try {
    const ready = conn.connect();
    const { ws } = await server.next();
    welcome(ws, { version: -1, epoch: '' });
    await ready;
    assert.equal(conn.epoch, null);
    send(ws, { type: 'snapshot', seat: 0, version: 0, view: VIEW, prompt: PROMPT }); // the start
    await nextEvent(conn, 'snapshot');
    ws.close(1012);
    const again = await server.next();
    assert.equal(again.msg.since, 0);
    const welcomed = nextEvent(conn, 'welcome');
    welcome(again.ws, { epoch: 'e1', version: 1 });
    await welcomed;
    assert.deepEqual([conn.epoch, conn.version, conn.mirror(0), conn.prompt(0)], ['e1', 0, VIEW, PROMPT]);
    send(again.ws, update(0, 1, [{ op: 'replace', path: '/turn', value: 1 }]));
    await nextEvent(conn, 'update');
    assert.deepEqual([conn.version, conn.mirror(0).turn], [1, 1], 'the resume patches the kept mirror');
    assert.equal(server.sockets.length, 2);
  } finally {
    conn.close();
    server.close();
  }
});

test('hot-seat resumes from the smallest version; saved() resumes a new connection', async () => {
  const server = await serve();
  const conn = connection(server, { tokens: ['a', 'b'] });
  try {
    const ready = conn.connect();
    const { ws } = await server.next();
    welcome(ws, { seats: [0, 1], version: 3 });
    send(ws, { type: 'snapshot', seat: 0, version: 3, view: { turn: 3 } });
    send(ws, { type: 'snapshot', seat: 1, version: 2, view: { turn: 2 }, prompt: PROMPT });
    await ready;
    assert.equal(conn.version, 2);
    const saved = JSON.parse(JSON.stringify(conn.saved())); // as a page keeps it
    assert.deepEqual(saved, {
      since: 2,
      epoch: 'e1',
      views: { 0: { turn: 3 }, 1: { turn: 2 } },
      versions: { 0: 3, 1: 2 },
      prompts: { 1: PROMPT },
      outcomes: {},
    });
    conn.close();
    const later = connection(server, { tokens: ['a', 'b'], ...saved });
    assert.deepEqual([later.prompt(0), later.prompt(1), later.epoch], [null, PROMPT, 'e1']);
    const closed = later.connect().catch((e) => e);
    assert.equal((await server.next()).msg.since, 2);
    later.close();
    assert.equal((await closed).code, 1000, 'close() before the welcome rejects connect()');

    // resumed at the current version, the server sends nothing: the kept prompt is the seat's
    const resumed = connection(server, { tokens: ['a', 'b'], ...saved });
    const welcomed = resumed.connect();
    const hello = await server.next();
    welcome(hello.ws, { seats: [0, 1], version: 3 });
    await welcomed;
    assert.deepEqual([resumed.prompt(1), resumed.mirror(0), resumed.version], [PROMPT, { turn: 3 }, 2]);
    // seat 0's mirror was kept at its own version 3: the update 2 -> 3 is for seat 1 only
    const patch = [{ op: 'replace', path: '/turn', value: 3 }];
    send(hello.ws, { type: 'update', seat: 1, frm: 2, to: 3, patch });
    await nextEvent(resumed, 'update');
    assert.deepEqual([resumed.version, resumed.mirror(1), resumed.prompt(1)], [3, { turn: 3 }, null]);
    resumed.close();
  } finally {
    conn.close();
    server.close();
  }
});

test('an action larger than max_frame is refused before it is sent', async () => {
  const server = await serve();
  const conn = connection(server);
  try {
    const ready = conn.connect();
    const { ws } = await server.next();
    welcome(ws, { version: -1, maxFrame: 200 });
    await ready;
    const err = await conn.act(0, { kind: 'say', text: 'x'.repeat(300) }).catch((e) => e);
    assert.ok(err instanceof ActionRefused);
    assert.equal(err.code, 'client/too_large');
    assert.equal(conn.outbox.size, 0);
  } finally {
    conn.close();
    server.close();
  }
});
