// Plays whole Gregs games through the JavaScript SDK against a real server (tests/web/test_js_sdk.py).
//
//   node test/sdk_game.mjs game <http base> [seed]       four connections, one per seat, and a spectator
//   node test/sdk_game.mjs reconnect <http base> [seed]  one hot-seat connection dropped mid-game
//   node test/sdk_game.mjs stale <http base> [seed]      double acts for one prompt (a double click)
//
// Each mode plays random legal actions (picked from the prompts' `choices`) until the outcome, checks
// every mirror against a fresh snapshot, and prints a JSON summary on its last line; an assertion that
// fails exits non-zero.
import assert from 'node:assert/strict';
import WebSocket from 'ws';

import { Connection } from '../sdk/boardroom.js';
import { Lobby } from '../sdk/lobby.js';

const [mode, base, seedArg = '1'] = process.argv.slice(2);
const TIMERS = { turn: 600, cut: 600, curse: 600, setup: 600, reaction: 600 }; // no timeouts: every
// applied action is one of ours, so the versions count our acks

/** A small seeded generator (mulberry32), so a failing run can be replayed with its seed. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(Number(seedArg));

/** A random legal action of `prompt`: a kind with choices, then one of its choices. */
function pick(prompt) {
  const kinds = prompt.kinds.filter((kind) => prompt.choices?.[kind]?.length);
  assert.ok(kinds.length, `prompt ${prompt.id} offers no finite choice`);
  const kind = kinds[Math.floor(random() * kinds.length)];
  const choices = prompt.choices[kind];
  return { kind, ...choices[Math.floor(random() * choices.length)] };
}

async function newRoom(lobby) {
  const { room } = await lobby.createRoom({ game: 'gregs', seats: 4, timers: TIMERS });
  const tokens = [];
  for (let seat = 0; seat < 4; seat += 1) {
    const claimed = await lobby.claim(room, seat, `p${seat}`);
    assert.equal(claimed.seat, seat);
    tokens.push(claimed.token);
  }
  return { room, tokens };
}

function open(room, tokens, extra = {}) {
  return new Connection({ url: base, room, tokens, WebSocket, pingInterval: 2000, ...extra });
}

/** Every viewer's mirror equals the snapshot a fresh connection with the same tokens receives. */
async function assertFresh(conn) {
  const fresh = open(conn.room, conn.tokens);
  await fresh.connect();
  try {
    assert.equal(fresh.version, conn.version);
    for (const viewer of conn.viewers()) {
      assert.deepEqual(conn.mirror(viewer), fresh.mirror(viewer), `mirror of viewer ${viewer}`);
      assert.deepEqual(conn.prompt(viewer), fresh.prompt(viewer));
      assert.deepEqual(conn.outcome(viewer), fresh.outcome(viewer));
    }
  } finally {
    fresh.close();
  }
}

function outcomeOf(conn) {
  return new Promise((resolve) => {
    if (conn.outcome() !== null) resolve(conn.outcome());
    else conn.on('outcome', ({ outcome }) => resolve(outcome));
  });
}

/** Four connections, one seat each, acting on their `prompt` events; a spectator watches. */
async function game(lobby) {
  const { room, tokens } = await newRoom(lobby);
  const conns = tokens.map((token) => open(room, [token]));
  const spectator = open(room, []);
  const acks = [];
  const refused = [];
  for (const [seat, conn] of conns.entries()) {
    conn.on('prompt', ({ prompt }) => {
      if (prompt === null || conn.outcome(seat) !== null) return;
      conn.act(seat, pick(prompt)).then(
        (ack) => acks.push(ack),
        (err) => refused.push(err.code), // a prompt that moved on meanwhile
      );
    });
  }
  const states = [];
  spectator.on('state', ({ state }) => states.push(state));
  // the spectator first: its snapshot at version 0 is followed by every event of the game
  assert.deepEqual((await spectator.connect()).seats, []);
  assert.equal(spectator.version, 0);
  const welcomes = await Promise.all(conns.map((c) => c.connect()));
  assert.deepEqual(welcomes.map((w) => w.seats), [[0], [1], [2], [3]]);
  const outcomes = await Promise.all([...conns, spectator].map(outcomeOf));
  for (const outcome of outcomes) assert.deepEqual(outcome, outcomes[0]);
  const version = spectator.version;
  for (const conn of [...conns, spectator]) {
    assert.equal(conn.version, version);
    await assertFresh(conn);
  }
  // the spectator's event log is the room's public log, event for event
  assert.deepEqual(spectator.events(null), await lobby.log(room));
  assert.deepEqual(states, ['connecting', 'open']);
  assert.deepEqual(acks.map((a) => a.version).sort((a, b) => a - b), range(1, version));
  for (const conn of [...conns, spectator]) conn.close();
  return { room, version, acks: acks.length, refused, outcome: outcomes[0] };
}

function range(first, last) {
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** One hot-seat connection of all four seats, acting in turn; every fifth action is followed at once
 * by a dropped socket, before its ack can arrive: the outbox resends it under its id on the next
 * welcome, and the server applies it once. */
async function reconnect(lobby) {
  const { room, tokens } = await newRoom(lobby);
  const sent = new Map(); // action id -> how many times its act frame went out
  const recorder = (direction, frame) => {
    if (direction !== 'out') return;
    const msg = JSON.parse(frame);
    if (msg.type === 'act') sent.set(msg.id, (sent.get(msg.id) ?? 0) + 1);
  };
  const conn = open(room, tokens, { recorder, backoff: [20, 200] });
  const states = [];
  conn.on('state', ({ state }) => states.push(state));
  await conn.connect();
  assert.deepEqual(conn.seats, [0, 1, 2, 3]);
  const acks = [];
  let drops = 0;
  while (conn.outcome(0) === null) {
    const seat = conn.seats.find((s) => conn.prompt(s) !== null);
    const pending = conn.act(seat, pick(conn.prompt(seat)));
    if ((acks.length + 1) % 5 === 0) {
      conn.reconnect();
      drops += 1;
    }
    const ack = await pending;
    acks.push(ack);
    await until(conn, () => conn.version >= ack.version);
  }
  const version = conn.version;
  // no action lost or doubled: one ack per action, and the acks' versions are exactly 1..version
  assert.deepEqual(acks.map((a) => a.version), range(1, version));
  const resent = [...sent.values()].filter((n) => n > 1).length;
  assert.ok(resent >= drops, `${resent} actions resent after ${drops} drops`);
  assert.equal(conn.welcomes, drops + 1);
  assert.equal(states.filter((s) => s === 'reconnecting').length, drops);
  await assertFresh(conn);
  const info = await lobby.room(room);
  assert.equal(info.status, 'finished');
  assert.equal(info.version, version);
  conn.close();
  assert.equal(conn.state, 'closed');
  const duplicates = acks.filter((a) => a.duplicate).length;
  return { room, version, acks: acks.length, drops, resent, duplicates, outcome: conn.outcome(0) };
}

/** Resolves once `predicate()` holds, checked after each update of `conn`. */
function until(conn, predicate) {
  return new Promise((resolve) => {
    if (predicate()) {
      resolve();
      return;
    }
    const off = conn.on('update', () => {
      if (predicate()) {
        off();
        resolve();
      }
    });
  });
}

/** One hot-seat connection sends each of two actions twice at once, as a double click does: both acts
 * name the prompt the seat had, so the server applies the first and refuses the second as stale. Then
 * the applied act is sent again as it was (its prompt now stale): a resend of an applied id is answered
 * by its duplicate ack first. */
async function stale(lobby) {
  const { room, tokens } = await newRoom(lobby);
  const acts = [];
  const recorder = (direction, frame) => {
    const msg = JSON.parse(frame);
    if (direction === 'out' && msg.type === 'act') acts.push(msg);
  };
  const conn = open(room, tokens, { recorder });
  await conn.connect();
  const double = async (seat, action) => {
    const before = (await lobby.room(room)).version;
    const [first, second] = await Promise.allSettled([conn.act(seat, action), conn.act(seat, action)]);
    assert.equal(first.status, 'fulfilled');
    await until(conn, () => conn.version >= first.value.version);
    const [sent, again] = acts.slice(-2);
    return {
      sent: [sent.prompt, again.prompt],
      moved: (await lobby.room(room)).version - before,
      refused: [second.reason.code, second.reason.details],
      current: conn.prompt(seat)?.id ?? null,
      act: sent,
      ack: first.value,
    };
  };
  const chose = await double(0, pick(conn.prompt(0)));
  let seat = conn.seats.find((s) => conn.prompt(s) !== null);
  while (!conn.prompt(seat).id.endsWith('-reveal-0')) {
    const ack = await conn.act(seat, pick(conn.prompt(seat)));
    await until(conn, () => conn.version >= ack.version);
    seat = conn.seats.find((s) => conn.prompt(s) !== null);
  }
  const revealed = await double(seat, { kind: 'reveal', ...conn.prompt(seat).choices.reveal[0] });
  const answer = nextEvent(conn, 'ack');
  conn.sendRaw(JSON.stringify(revealed.act)); // what the outbox resends after a lost ack
  const resent = await answer;
  const version = (await lobby.room(room)).version;
  conn.close();
  const facts = ({ sent, moved, refused, current }) => ({ sent, moved, refused, current });
  return { chose: facts(chose), revealed: facts(revealed), resent, ack: revealed.ack, version };
}

function nextEvent(conn, name) {
  return new Promise((resolve) => {
    const off = conn.on(name, (detail) => {
      off();
      resolve(detail);
    });
  });
}

/** The lobby helper on every endpoint the UI uses, and the connection's fatal closes. */
async function lobbyCalls(lobby) {
  const gregs = (await lobby.games()).find((g) => g.id === 'gregs');
  assert.deepEqual([gregs.min_seats, gregs.max_seats, gregs.bots], [3, 6, ['random', 'heuristic', 'search', 'search-heuristic']]);
  assert.equal(gregs.best_bot, 'heuristic');
  const made = [];
  for (let i = 0; i < 3; i += 1) {
    made.push((await lobby.createRoom({ game: 'gregs', seats: 3, autostart: false })).room);
  }
  const pages = [];
  let after = null;
  do {
    const page = await lobby.rooms({ game: 'gregs', status: 'open', limit: 1, after });
    assert.equal(page.rooms.length, 1);
    pages.push(page.rooms[0].room);
    after = page.next;
  } while (after !== null);
  assert.deepEqual(pages, [...pages].sort());
  assert.ok(made.every((room) => pages.includes(room)));
  assert.deepEqual((await lobby.allRooms({ game: 'gregs', status: 'open' })).map((r) => r.room), pages);

  const room = made[0];
  // a fourth seat held by a player who never acts keeps the game going while seat 0 concedes (with
  // bots only in its other seats, the game could end before the leave that follows the concession)
  const host = await lobby.createRoom({ game: 'gregs', seats: 4, autostart: false });
  const codes = [];
  const refused = (promise) => promise.then(
    () => assert.fail('accepted'),
    (err) => codes.push(`${err.status} ${err.code}`),
  );
  const given = await lobby.claim(host.room, 'any', 'Ann');
  assert.deepEqual(await lobby.leave(host.room, given.token), { seat: 0 }); // given back: free again
  const { seat, token } = await lobby.claim(host.room, 'any', 'Lena');
  assert.equal(seat, 0);
  await refused(lobby.claim(host.room, 0, 'Greg'));
  await refused(lobby.start(host.room, host.host_token));
  assert.deepEqual(await lobby.addBot(host.room, 1, host.host_token), { seat: 1, bot: 'random' });
  const heuristic = await lobby.addBot(host.room, 2, host.host_token, 'heuristic');
  assert.deepEqual(heuristic, { seat: 2, bot: 'heuristic' });
  await refused(lobby.addBot(host.room, 2, token));
  await lobby.claim(host.room, 3, 'Greg');
  assert.deepEqual(await lobby.start(host.room, host.host_token), { version: 0 });
  const info = await lobby.room(host.room);
  assert.equal(info.status, 'running');
  assert.deepEqual(info.seats.map((s) => [s.seat, s.name, s.bot]), [[0, 'Lena', null], [1, null, 'random'],
    [2, null, 'heuristic'], [3, 'Greg', null]]);
  const conn = open(host.room, [token]);
  await conn.connect();
  const ack = await conn.act(0, pick(conn.prompt(0)));
  assert.equal(ack.version, 1);
  await until(conn, () => conn.version >= 1);
  const chosen = conn.events(0).find((e) => e.version === 1);
  assert.equal(chosen.body.kind, 'chosen');
  assert.deepEqual((await lobby.log(host.room)).find((e) => e.version === 1), chosen);
  conn.close();
  assert.deepEqual(await lobby.concede(host.room, token), { seat: 0, bot: 'heuristic' });
  const conceded = (await lobby.room(host.room)).seats[0];
  assert.deepEqual([conceded.left, conceded.conceded, conceded.bot], [true, true, 'heuristic']);
  await refused(lobby.leave(host.room, token));
  const zombie = await lobby.createRoom({ game: 'gregs', seats: 3, leaverBot: 'search', awayAfter: 3, awayBot: 'random' });
  const facts = await lobby.room(zombie.room);
  assert.deepEqual([facts.leaver_bot, facts.away_after, facts.away_bot], ['search', 3, 'random']);
  const unknown = await lobby.addBot(zombie.room, 0, zombie.host_token, 'genius').catch((e) => e);
  assert.deepEqual([unknown.code, unknown.details.path, unknown.details.bots],
    ['request/invalid', '$.policy', gregs.bots]);
  await refused(lobby.createRoom({ game: 'chess', seats: 2 }));
  await refused(lobby.room('no-such-room'));

  const closes = [];
  for (const [where, tokens] of [['no-such-room', []], [room, ['not-a-token']]]) {
    const err = await open(where, tokens).connect().catch((e) => e);
    closes.push([err.code, err.reason]);
  }
  return { codes, closes };
}

const lobby = new Lobby(base);
const modes = { game, reconnect, stale, lobby: lobbyCalls };
assert.ok(modes[mode], `unknown mode ${mode}`);
const summary = await modes[mode](lobby);
console.log(JSON.stringify(summary));
