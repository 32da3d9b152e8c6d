import WebSocket from 'ws';
import { Connection } from './sdk/boardroom.js';
import { Lobby } from './sdk/lobby.js';

const url = 'http://127.0.0.1:8000';
const lobby = new Lobby(url);
const { room, host_token: host } = await lobby.createRoom({ game: 'gregs', seats: 3 });
const { seat, token } = await lobby.claim(room, 'any', 'Lena');
const conn = new Connection({ url, room, tokens: [token], WebSocket });
conn.on('prompt', ({ prompt }) => {
  const choices = prompt?.choices ?? {}; // left out of a prompt none of whose kinds lists choices
  const kind = prompt?.kinds.find((k) => choices[k]?.length); // the first kind with choices
  if (kind) conn.act(seat, { kind, ...choices[kind][0] }).catch((err) => console.log(err.code));
});
conn.on('outcome', ({ outcome }) => { console.log(outcome); conn.close(); });
await conn.connect();
for (const s of [1, 2]) await lobby.addBot(room, s, host); // filling the last seat starts the room
