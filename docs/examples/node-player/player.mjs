// An example third-party boardroom client: it plays any game with nothing but the @boardroom/sdk
// package and the game's catalogue. It creates a room through the lobby API (its other seats filled
// with the server's bots) or joins one, takes its seats on one connection, answers each prompt with a
// legal action picked from the prompt's `choices`, and prints every prompt, the game's events and the
// outcome in the catalogue's words in the language asked for.
//
//   node player.mjs --url http://127.0.0.1:8000 --game grucha --lang pl --options '{"rounds": 1}'
//   node player.mjs --url http://127.0.0.1:8000 --room r-8f2k --seats 2    # join: two free seats
//
// Output: a first line `<game> <room> <language served>`, then `> seat: kinds -> action` for each
// prompt answered, `  sentence` for each event the first seat sees, `= end: winners` for the outcome
// and, with --public-log, `| sentence` for each event of the room's public log.
import { Lobby } from '@boardroom/sdk/lobby';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { openConnection } from './connection.mjs';
import { eventLine, outcomeLine, promptLine } from './words.mjs';

/** Picks tried for one prompt when the server refuses one (another pick may be judged legal). */
const RETRIES = 3;
/** Milliseconds before a prompt is answered again after a `rate/limited` refusal. */
const RATE_WAIT = 250;
/** The name this client claims its seats under (the server shows it beside the seat's number). */
const NAME = 'node-player';

const OPTIONS = {
  url: { type: 'string', default: 'http://127.0.0.1:8000' },
  game: { type: 'string' },
  room: { type: 'string' },
  lang: { type: 'string', default: 'en' },
  seats: { type: 'string', default: '1' },
  players: { type: 'string' },
  bot: { type: 'string', default: 'random' },
  options: { type: 'string', default: '{}' },
  timers: { type: 'string' },
  encoding: { type: 'string', default: 'json' },
  seed: { type: 'string', default: '1' },
  'public-log': { type: 'boolean', default: false },
};

/** A small seeded generator (mulberry32): the same seed picks the same actions. */
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

/** A legal action of `prompt`: a kind whose `choices` list one, then one of them (`{kind, ...}`); null
 * when every kind is free-form or has none now (the prompt's default answers it at its deadline). */
export function pick(prompt, random) {
  const kinds = prompt.kinds.filter((kind) => prompt.choices?.[kind]?.length);
  if (!kinds.length) return null;
  const kind = kinds[Math.floor(random() * kinds.length)];
  const choices = prompt.choices[kind];
  return { kind, ...choices[Math.floor(random() * choices.length)] };
}

/** The fewest seats `game` plays with under `options` (its `seat_ranges`, `GET /api/games`). */
function fewestSeats(game, options) {
  const fits = game.seat_ranges.filter((range) => (
    Object.entries(range.options).every(([name, value]) => options[name] === value)));
  return Math.min(...fits.map((range) => range.min));
}

/** A new room of `args.game` with `args.seats` seats claimed and the rest for the server's bots:
 * `{room, game, tokens, fill}` (`fill()` seats the bots, which starts the room). */
async function createRoom(lobby, args) {
  const options = JSON.parse(args.options);
  const about = (await lobby.games()).find((g) => g.id === args.game);
  if (!about) throw new Error(`the server hosts no game ${args.game}`);
  const seats = Number(args.seats);
  const players = Number(args.players ?? Math.max(seats, fewestSeats(about, options)));
  const timers = args.timers ? JSON.parse(args.timers) : null;
  const { room, host_token: host } = await lobby.createRoom({ game: args.game, seats: players, options, timers });
  const tokens = [];
  for (let seat = 0; seat < seats; seat += 1) tokens.push((await lobby.claim(room, seat, NAME)).token);
  const fill = async () => {
    for (let seat = seats; seat < players; seat += 1) await lobby.addBot(room, seat, host, args.bot);
  };
  return { room, game: args.game, tokens, fill };
}

/** `args.seats` free seats of the room `args.room`: `{room, game, tokens, fill}`. */
async function joinRoom(lobby, args) {
  const { game } = await lobby.room(args.room);
  const tokens = [];
  for (let i = 0; i < Number(args.seats); i += 1) tokens.push((await lobby.claim(args.room, 'any', NAME)).token);
  return { room: args.room, game, tokens, fill: async () => {} };
}

/** Answers each prompt of the connection's seats once (a prompt keeps its id until answered), with a
 * fresh pick after a refusal that left the prompt as it was. */
function answerPrompts(conn, doc, random, print) {
  const answered = new Map();
  const answer = (seat, prompt, tries) => {
    answered.set(seat, prompt.id);
    const action = pick(prompt, random);
    print(`> ${promptLine(doc, seat, prompt, action)}`);
    if (action === null) return;
    conn.act(seat, action, { prompt: prompt.id }).catch((err) => {
      const again = (next) => {
        const now = conn.prompt(seat);
        if (now?.id === prompt.id && !conn.closed) answer(seat, now, next);
      };
      // over the server's action rate: nothing was judged, so the same prompt is answered a bit later
      if (err.code === 'rate/limited') setTimeout(() => again(tries), RATE_WAIT);
      else if (tries < RETRIES) again(tries + 1);
    });
  };
  conn.on('prompt', ({ seat, prompt }) => {
    if (prompt !== null && answered.get(seat) !== prompt.id) answer(seat, prompt, 1);
  });
}

/** Plays the room to its end, printing with `print`; resolves with the outcome. */
export async function play(args, print) {
  const lobby = new Lobby(args.url);
  const table = args.room ? await joinRoom(lobby, args) : await createRoom(lobby, args);
  const doc = await lobby.catalog(table.game, args.lang);
  print(`${table.game} ${table.room} ${doc.lang}`);
  const conn = openConnection({ url: args.url, room: table.room, tokens: table.tokens, encoding: args.encoding });
  answerPrompts(conn, doc, generator(Number(args.seed)), print);
  conn.on('event', ({ viewer, body }) => {
    if (viewer === conn.viewers()[0]) print(`  ${eventLine(doc, body)}`);
  });
  const ended = new Promise((resolve) => {
    conn.on('outcome', ({ viewer, outcome }) => viewer === conn.viewers()[0] && resolve(outcome));
  });
  await conn.connect();
  await table.fill();
  const outcome = await ended;
  conn.close();
  print(`= ${outcomeLine(doc, outcome)}`);
  if (args['public-log']) {
    for (const { body } of await lobby.log(table.room)) print(`| ${eventLine(doc, body)}`);
  }
  return outcome;
}

async function main() {
  const { values } = parseArgs({ options: OPTIONS });
  if (!values.game && !values.room) throw new Error('say --game to create a room or --room to join one');
  await play(values, (line) => process.stdout.write(`${line}\n`));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    process.stderr.write(`${err.code ?? err.name}: ${err.message}\n`);
    process.exitCode = 1;
  });
}
