// The player's adapter for the client test kit (protocol/README.md "Checking your client"):
//
//   boardroom client-check --adapter "node docs/examples/node-player/adapter.mjs"
//
// The kit appends its control URL. Each command of the kit maps onto the player's own connection
// (connection.mjs) and the package's lobby; the adapter reports what the connection holds and repairs
// nothing.
import { Lobby, LobbyError } from '@boardroom/sdk/lobby';
import WebSocket from 'ws';

import { openConnection } from './connection.mjs';

/** Lobby calls made for one `room` command: the first and a retry after each Retry-After. */
const LOBBY_TRIES = 5;

let conn = null;

function close() {
  conn?.close();
  conn = null;
  return { ok: true };
}

function connect({ url, room, tokens, encoding, acks }) {
  close();
  conn = openConnection({ url, room, tokens, encoding, acks, backoff: [50, 1000] });
  conn.connect().catch(() => {}); // a final close shows in `state`
  return { ok: true };
}

function state() {
  const mirror = conn?.mirrors.get(conn.viewers()[0]);
  return {
    version: mirror?.version ?? -1,
    view: mirror?.view ?? null,
    prompt: mirror?.prompt?.id ?? null,
    online: conn?.state === 'open',
    closed: conn?.closed?.code ?? null,
  };
}

function act({ seat, action }) {
  if (conn === null) return { failed: 'not connected' };
  const late = new Promise((resolve) => {
    setTimeout(() => resolve({ failed: 'no answer within 10 s' }), 10000).unref();
  });
  const answered = conn.act(seat, action).then(
    (ack) => ({ ack }),
    (err) => (err.name === 'ActionRefused'
      ? { error: { code: err.code, details: err.details } }
      : { failed: String(err) }),
  );
  return Promise.race([answered, late]);
}

async function room({ base, room: id }) {
  const lobby = new Lobby(base);
  for (let i = 0; i < LOBBY_TRIES; i += 1) {
    try {
      return { room: await lobby.room(id) };
    } catch (err) {
      if (!(err instanceof LobbyError)) return { failed: String(err) };
      if (err.retryAfter === null) return { error: { code: err.code, status: err.status } };
      await new Promise((resolve) => { setTimeout(resolve, err.retryAfter * 1000); });
    }
  }
  return { failed: `still refused after ${LOBBY_TRIES} tries` };
}

const COMMANDS = { connect, state, act, close, room };

const control = new WebSocket(process.argv[2]);
control.on('open', () => control.send(JSON.stringify({ hello: 'node-player' })));
control.on('message', async (data) => {
  const cmd = JSON.parse(String(data));
  const run = COMMANDS[cmd.cmd];
  const answer = run ? await run(cmd) : { failed: `unknown command ${cmd.cmd}` };
  if (control.readyState === WebSocket.OPEN) control.send(JSON.stringify({ id: cmd.id, ...answer }));
});
control.on('close', () => {
  close();
  process.exit(0);
});
control.on('error', (err) => {
  process.stderr.write(`control channel: ${err.message}\n`);
  process.exit(1);
});
