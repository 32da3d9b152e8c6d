// The lobby HTTP API (docs/api.md) over fetch, for browsers and Node 20: games, rooms (paged), seats,
// bots, start, the public log. Tokens travel in the Authorization header, never in URLs.
//
//   const lobby = new Lobby('http://127.0.0.1:8000');    // in a page: new Lobby() (same origin)
//   const { room, host_token } = await lobby.createRoom({ game: 'gregs', seats: 4 });
//   const { seat, token } = await lobby.claim(room, 'any', 'Lena');

/** A refused request: HTTP `status`, the stable `code` (`seat/taken`, `room/started`...), `message`,
 * `details` (the answer's JSON data: `{path}`, `{retry_after}`...; `{}` when it gave none) and
 * `retryAfter` (seconds, from the `Retry-After` header of a 429 `rate/limited` or a 503
 * `store/unavailable`; else null). */
export class LobbyError extends Error {
  constructor({ status, code, message = '', details = {}, retryAfter = null }) {
    super(message);
    this.name = 'LobbyError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfter = retryAfter;
  }
}

/** The `after` value of a `Link: <...?after=X>; rel="next"` header, or null (the last page). */
export function nextAfter(link) {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part);
    if (match) return new URL(match[1], 'http://x').searchParams.get('after');
  }
  return null;
}

/** A lobby client for the server at `base` (default: the page's origin). `fetch` defaults to the
 * global one. Every method returns the API's JSON answer and rejects with `LobbyError`. */
export class Lobby {
  constructor(base = '', { fetch = globalThis.fetch } = {}) {
    this.base = base.replace(/\/+$/, '');
    // called as a plain function: a browser's fetch called as a method of another object throws
    // "Illegal invocation"
    this.fetch = (...args) => fetch(...args);
  }

  async request(method, path, { token = null, body = undefined, query = null } = {}) {
    const headers = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const params = query ? new URLSearchParams(
      Object.entries(query).filter(([, v]) => v !== null && v !== undefined && v !== ''),
    ).toString() : '';
    const url = `${this.base}${path}${params ? `?${params}` : ''}`;
    const response = await this.fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!response.ok) {
      const retry = response.headers.get('Retry-After');
      throw new LobbyError({
        status: response.status,
        code: data?.code ?? 'http/error',
        message: data?.message ?? text,
        details: data?.details ?? {},
        retryAfter: retry === null ? null : Number(retry),
      });
    }
    return { data, response };
  }

  async call(method, path, options) {
    return (await this.request(method, path, options)).data;
  }

  /** `[{id, title, min_seats, max_seats, seat_ranges, options_schema, bots, best_bot, timers,
   * free_form, languages}]` (docs/api.md); `best_bot`: the policy to offer first. */
  games() {
    return this.call('GET', '/api/games');
  }

  /** The catalogue of `game` in `lang` (or the server's choice from the browser's Accept-Language when
   * null): `{game, lang, version, languages, entries: {id: {name, text, group, provenance, lang}},
   * rules, story, list_words}`; `lang` is the language served. Tell events with `tell` of
   * `sdk/catalog.js`. */
  catalog(game, lang = null) {
    return this.call('GET', `/api/games/${encodeURIComponent(game)}/catalog`, { query: { lang } });
  }

  /** One page of room summaries, ordered by room id: `{rooms, next}`; pass `next` as `after` for the
   * following page (null: this was the last). Filters: `game`, `status` (`open`, `running`,
   * `finished`, `abandoned`), `limit` (1 to 1000, default 100). */
  async rooms({ game = null, status = null, limit = null, after = null } = {}) {
    const { data, response } = await this.request('GET', '/api/rooms', {
      query: { game, status, limit, after },
    });
    return { rooms: data, next: nextAfter(response.headers.get('Link')) };
  }

  /** Every room summary matching the filters, following the pages. */
  async allRooms(filters = {}) {
    const found = [];
    let after = null;
    do {
      const page = await this.rooms({ ...filters, after });
      found.push(...page.rooms);
      after = page.next;
    } while (after !== null);
    return found;
  }

  /** A new room: `{room, host_token}`. `timers`: seconds per timer class; `leaverBot`: the bot policy
   * that plays a seat whose player left; `awayAfter` (1 to 10): the timeouts in a row that mark a seat
   * away, `awayBot` the policy that then plays it; `seed`: hex, only on servers started with
   * allow_seed. An unknown policy is refused `request/invalid` with `details.path` and `details.bots`. */
  createRoom({
    game, seats, options = {}, timers = null, autostart = true, leaverBot = null, awayAfter = null,
    awayBot = null, seed = null,
  }) {
    const body = { game, seats, options, autostart };
    if (timers !== null) body.timers = timers;
    if (leaverBot !== null) body.leaver_bot = leaverBot;
    if (awayAfter !== null) body.away_after = awayAfter;
    if (awayBot !== null) body.away_bot = awayBot;
    if (seed !== null) body.seed = seed;
    return this.call('POST', '/api/rooms', { body });
  }

  /** `{room, game, status, version, options, timers, autostart, leaver_bot, away_after, away_bot,
   * seats: [{seat, taken, name, bot, away, left, conceded}]}`. */
  room(room) {
    return this.call('GET', this.roomPath(room));
  }

  /** Claim `seat` (a number, or `'any'`: the first free one) under `name`: `{seat, token}`. */
  claim(room, seat = 'any', name = '') {
    return this.call('POST', `${this.roomPath(room)}/seats/${seat}/claim`, { body: { name } });
  }

  /** Give up the seat of `token` (a player's, not the host's): `{seat}`. Before the start the seat is
   * given back (free again); after it its defaults, or the room's leaver bot, play it. Refused
   * `room/finished` once the game is over, `seat/left` a second time. */
  leave(room, token) {
    return this.call('POST', `${this.roomPath(room)}/leave`, { token });
  }

  /** Concede the running game for the seat of `token`: `{seat, bot}`, the bot that now plays the seat
   * to its end (the room's leaver bot, else the game's best). Refused `room/not_started` (give the
   * seat back with `leave`), `room/finished`, `seat/left`. */
  concede(room, token) {
    return this.call('POST', `${this.roomPath(room)}/concede`, { token });
  }

  /** Seat a bot of `policy` (one of the game's `bots`) at `seat`, with the host token: `{seat, bot}`. */
  addBot(room, seat, hostToken, policy = 'random') {
    return this.call('POST', `${this.roomPath(room)}/seats/${seat}/bot`, {
      token: hostToken,
      body: { policy },
    });
  }

  /** Remove the player or bot of `seat` before the start, with the host token: `{seat}`. */
  removeSeat(room, seat, hostToken) {
    return this.call('DELETE', `${this.roomPath(room)}/seats/${seat}`, { token: hostToken });
  }

  /** Start a room whose every seat is held, with the host token: `{version}`. */
  start(room, hostToken) {
    return this.call('POST', `${this.roomPath(room)}/start`, { token: hostToken });
  }

  /** The private settings of `seat` with its `token`: `{auto_pass, screen?}` (docs/api.md "Seat settings"). */
  settings(room, seat, token) {
    return this.call('GET', `${this.roomPath(room)}/seats/${seat}/settings`, { token });
  }

  /** Replace the settings of `seat` with `settings` (`{auto_pass: true}`), with its `token`. */
  setSettings(room, seat, token, settings) {
    return this.call('PUT', `${this.roomPath(room)}/seats/${seat}/settings`, { token, body: settings });
  }

  /** The public event log: `[{version, body}]`. */
  log(room) {
    return this.call('GET', `${this.roomPath(room)}/log`);
  }

  /** A finished room's spectators' view at `version`: `{room, game, version, last, view, events}`
   * (docs/api.md, "Replays"); refused `room/not_finished` while the game goes on. */
  replay(room, version) {
    return this.call('GET', `${this.roomPath(room)}/replay/${version}`);
  }

  roomPath(room) {
    return `/api/rooms/${encodeURIComponent(room)}`;
  }
}
