// Declarations of lobby.js: the lobby HTTP API (docs/api.md) over fetch. The answers the published
// schemas describe (the catalogue, a replay) have their generated types; the others are written here
// from docs/api.md.
import type { Catalog } from './types/catalog.js';
import type { Replay } from './types/replay.js';

export type { Catalog, Replay };

/** A refused request: HTTP `status`, the stable `code` (`seat/taken`, `room/started`...), `details`
 * (the answer's JSON data, `{}` when it gave none) and `retryAfter` (seconds, from a 429's or 503's
 * `Retry-After`; else null). */
export class LobbyError extends Error {
  constructor(fields: {
    status: number;
    code: string;
    message?: string;
    details?: Record<string, unknown>;
    retryAfter?: number | null;
  });
  name: 'LobbyError';
  status: number;
  code: string;
  details: Record<string, unknown>;
  retryAfter: number | null;
}

/** The `after` value of a `Link: <...?after=X>; rel="next"` header, or null (the last page). */
export function nextAfter(link: string | null | undefined): string | null;

/** One game the server hosts (`GET /api/games`). */
export interface GameInfo {
  id: string;
  title: string;
  min_seats: number;
  max_seats: number;
  seat_ranges: unknown;
  options_schema: Record<string, unknown>;
  bots: string[];
  /** The policy to offer first: the game's own `heuristic`, else `search`. */
  best_bot: string;
  timers: Record<string, number>;
  free_form: unknown;
  languages: string[];
}

export type RoomStatus = 'open' | 'running' | 'finished' | 'abandoned';

/** One seat of a room: who holds it, by name, a bot's policy, away (timed out twice running), left
 * (after the start), conceded (left by conceding: `bot` plays it). */
export interface SeatInfo {
  seat: number;
  taken: boolean;
  name: string | null;
  bot: string | null;
  away: boolean;
  left: boolean;
  conceded: boolean;
}

/** A room's public facts (`GET /api/rooms/{room}`, and each row of a rooms page); `version` is -1
 * before the start. */
export interface Room {
  room: string;
  game: string;
  status: RoomStatus;
  version: number;
  options: Record<string, unknown>;
  timers: Record<string, number>;
  autostart: boolean;
  /** The bot policy that plays a leaver's seat (null: its defaults). */
  leaver_bot: string | null;
  /** The timeouts in a row that mark a seat away. */
  away_after: number;
  /** The bot policy that plays an away seat (null: its defaults). */
  away_bot: string | null;
  seats: SeatInfo[];
}

export interface RoomFilters {
  game?: string | null;
  status?: RoomStatus | null;
  /** 1 to 1000 (default 100). */
  limit?: number | null;
}

export interface NewRoom {
  game: string;
  seats: number;
  options?: Record<string, unknown>;
  /** Seconds per timer class. */
  timers?: Record<string, number> | null;
  autostart?: boolean;
  /** The bot policy that plays a seat whose player left. */
  leaverBot?: string | null;
  /** 1 to 10 (default 2): the timeouts in a row that mark a seat away. */
  awayAfter?: number | null;
  /** The bot policy that plays an away seat. */
  awayBot?: string | null;
  /** Hex; only on servers started with allow_seed. */
  seed?: string | null;
}

/** A lobby client for the server at `base` (default: the page's origin). Every method returns the
 * API's JSON answer and rejects with `LobbyError`. */
export class Lobby {
  constructor(base?: string, options?: { fetch?: typeof globalThis.fetch });
  readonly base: string;
  games(): Promise<GameInfo[]>;
  /** The catalogue of `game` in `lang` (null: the server's choice). */
  catalog(game: string, lang?: string | null): Promise<Catalog>;
  /** One page of room summaries: pass `next` as `after` for the following one (null: the last). */
  rooms(filters?: RoomFilters & { after?: string | null }): Promise<{ rooms: Room[]; next: string | null }>;
  /** Every room summary matching the filters, following the pages. */
  allRooms(filters?: RoomFilters): Promise<Room[]>;
  createRoom(room: NewRoom): Promise<{ room: string; host_token: string }>;
  room(room: string): Promise<Room>;
  /** Claim `seat` (or `'any'`: the first free one) under `name`. */
  claim(room: string, seat?: number | 'any', name?: string): Promise<{ seat: number; token: string }>;
  /** Give the seat back before the start; after it, leave it to its defaults or the leaver bot. */
  leave(room: string, token: string): Promise<{ seat: number }>;
  /** Concede the running game: a bot (`bot`) plays the seat to its end. */
  concede(room: string, token: string): Promise<{ seat: number; bot: string }>;
  addBot(room: string, seat: number, hostToken: string, policy?: string): Promise<{ seat: number; bot: string }>;
  removeSeat(room: string, seat: number, hostToken: string): Promise<{ seat: number }>;
  start(room: string, hostToken: string): Promise<{ version: number }>;
  settings(room: string, seat: number, token: string): Promise<{ auto_pass: boolean; screen?: string }>;
  setSettings(
    room: string,
    seat: number,
    token: string,
    settings: { auto_pass?: boolean; screen?: string },
  ): Promise<unknown>;
  /** The public event log. */
  log(room: string): Promise<{ version: number; body: { kind: string; [field: string]: unknown } }[]>;
  /** A finished room's spectators' view at `version`; refused `room/not_finished` while it goes on. */
  replay(room: string, version: number): Promise<Replay>;
}
