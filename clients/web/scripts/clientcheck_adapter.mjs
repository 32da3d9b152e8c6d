// The JavaScript SDK's adapter for the client test kit (`boardroom client-check --sdk js`):
//
//   node scripts/clientcheck_adapter.mjs <control websocket URL>
//
// connects to the kit's `/control` websocket and runs each command on a Connection and a Lobby of
// ../sdk, as protocol/README.md "Checking your client" describes, in the encoding (JSON or MessagePack)
// and acks mode each connect asks for.
import WebSocket from 'ws';

import { Connection } from '../sdk/boardroom.js';
import { Lobby, LobbyError } from '../sdk/lobby.js';

/** Lobby calls made for one `room` command: the first and each retry after Retry-After. */
const LOBBY_TRIES = 5;

let conn = null;

function close() {
  if (conn !== null) conn.close();
  conn = null;
  return { ok: true };
}

function connect({ url, room, tokens, encoding, acks }) {
  close();
  conn = new Connection({ url, room, tokens, acks, encoding, WebSocket, backoff: [50, 1000] });
  conn.connect().catch(() => {}); // a final close is reported by `state`
  return { ok: true };
}

function state() {
  if (conn === null) return { version: -1, view: null, prompt: null, online: false, closed: null };
  const seat = conn.viewers()[0];
  const mirror = conn.mirrors.get(seat);
  return {
    version: mirror?.version ?? -1,
    view: mirror?.view ?? null,
    prompt: mirror?.prompt?.id ?? null,
    online: conn.state === 'open',
    closed: conn.closed?.code ?? null,
  };
}

async function act({ seat, action }) {
  if (conn === null) return { failed: 'not connected' };
  const timeout = new Promise((resolve) => {
    setTimeout(() => resolve({ failed: 'no answer within 10 s' }), 10000).unref();
  });
  const answered = conn.act(seat, action).then(
    (ack) => ({ ack }),
    (err) => (err.code && err.name !== 'Closed'
      ? { error: { code: err.code, details: err.details ?? {} } }
      : { failed: String(err) }),
  );
  return Promise.race([answered, timeout]);
}

async function lobbyRoom({ base, room }) {
  const lobby = new Lobby(base);
  for (let i = 0; i < LOBBY_TRIES; i += 1) {
    try {
      return { room: await lobby.room(room) };
    } catch (err) {
      if (!(err instanceof LobbyError) || err.retryAfter === null) {
        return { error: { code: err.code ?? String(err), status: err.status ?? null } };
      }
      // the server said when: not sooner
      await new Promise((resolve) => { setTimeout(resolve, err.retryAfter * 1000); });
    }
  }
  return { failed: `still refused after ${LOBBY_TRIES} tries` };
}

const COMMANDS = { connect, state, act, close, room: lobbyRoom };

const control = new WebSocket(process.argv[2]);
control.on('open', () => control.send(JSON.stringify({ hello: 'js-sdk' })));
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
