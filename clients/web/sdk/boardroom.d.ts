// Declarations of boardroom.js: the websocket protocol's Connection. A Connection is generic over the
// game it plays (`Connection<Games['gregs']>`: `act` takes Gregs actions, mirrors hold Gregs views);
// left out, any game's shapes.
import { Emitter } from './emitter.js';
import { FATAL_CLOSES, roomUrl, websocketUrl } from './link.js';
import { Mirror, type Outcome, type ReceivedEvent } from './mirror.js';
import { ActionRefused, Closed, Outbox } from './outbox.js';
import type { Games } from './types/games.js';
import type { Ack, PromptOut, Update, Welcome } from './types/messages.js';

export { ActionRefused, Closed, FATAL_CLOSES, Mirror, Outbox, roomUrl, websocketUrl };
export type { Games, Outcome, ReceivedEvent };
export type { Refusal } from './outbox.js';
export type * from './types/messages.js';

/** The protocol's major version, sent in `hello`. */
export const PROTOCOL_MAJOR: 1;
/** Milliseconds before an action refused `store/unavailable` is sent again under its same id. */
export const STORE_RETRY: number;

/** The shapes a game gives its messages: its actions (tagged by `kind`), its views and event bodies. */
export interface GameTypes {
  action: { kind: string };
  view: unknown;
  event: unknown;
}

/** Any game: an action is `{kind, ...fields}`, a view and an event body are JSON. */
export interface AnyGame extends GameTypes {
  action: { kind: string; [field: string]: unknown };
  view: unknown;
  event: { kind: string; [field: string]: unknown };
}

/** A seat, or null: the spectator. */
export type Viewer = number | null;

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** A `WebSocket` constructor: the browser's, or the `ws` package's in Node 20. It is called with the
 * subprotocols to offer when there are some (`encoding: 'msgpack'`), else with the URL alone. */
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => object;

/** The frames' encoding: JSON text frames, or MessagePack binary ones (subprotocol
 * `boardroom.v1.msgpack`). */
export type Encoding = 'json' | 'msgpack';

/** A frame as the recorder gets it: the text of a JSON frame, the bytes of a MessagePack one. */
export type Frame = string | Uint8Array;

/** What `saved()` returns and the options `since`, `epoch`, `views`... take back: each table keyed
 * by viewer (`'null'`: the spectator). */
export interface Saved<View = unknown> {
  since: number;
  epoch: string | null;
  views: Record<string, View>;
  versions: Record<string, number>;
  prompts: Record<string, PromptOut>;
  outcomes: Record<string, Outcome>;
}

/** `new Connection(options)`: clients/web/README.md has each one's meaning and default. */
export interface ConnectionOptions<View = unknown> {
  url?: string;
  room: string;
  tokens?: string[];
  WebSocket?: WebSocketConstructor;
  since?: number | null;
  views?: Record<string, View> | Map<Viewer, View> | null;
  versions?: Record<string, number> | Map<Viewer, number> | null;
  prompts?: Record<string, PromptOut> | Map<Viewer, PromptOut> | null;
  outcomes?: Record<string, Outcome> | Map<Viewer, Outcome> | null;
  epoch?: string | null;
  /** Milliseconds between pings (0: none). */
  pingInterval?: number;
  /** The first and largest delay in ms between reconnect attempts. */
  backoff?: [number, number];
  reconnect?: boolean;
  fallbacks?: string[];
  recorder?: ((direction: 'in' | 'out', frame: Frame) => void) | null;
  acks?: 'update' | 'frame';
  /** Default `'json'`; anything else throws a TypeError. */
  encoding?: Encoding;
}

/** Each event's detail (`conn.on(name, fn)`: `fn` gets one). */
export interface ConnectionEvents<G extends GameTypes = AnyGame> {
  state: { state: ConnectionState; code: number | null; reason: string | null; delay: number | null };
  welcome: Welcome;
  snapshot: {
    viewer: Viewer;
    version: number;
    view: G['view'];
    prompt: PromptOut | null;
    outcome: Outcome | null;
    events: ReceivedEvent<G['event']>[];
  };
  update: {
    viewer: Viewer;
    from: number;
    to: number;
    patch: NonNullable<Update['patch']>;
    events: ReceivedEvent<G['event']>[];
    prompt: PromptOut | null;
    outcome: Outcome | null;
  };
  prompt: { seat: number; prompt: PromptOut | null };
  event: { viewer: Viewer; version: number; body: G['event'] };
  outcome: { viewer: Viewer; outcome: Outcome };
  ack: Ack;
  error: { code: string; message: string; details: Record<string, unknown>; id: string | null; seat: number | null };
  bye: { code: number; reason: string };
}

/** A self-healing connection to one room holding zero (spectator) or more (hot-seat) seat tokens. */
export class Connection<G extends GameTypes = AnyGame> extends Emitter<ConnectionEvents<G>> {
  constructor(options: ConnectionOptions<G['view']>);
  readonly urls: string[];
  readonly room: string;
  readonly tokens: string[];
  /** The encoding asked for (`encoding` option). */
  readonly encoding: Encoding;
  /** `connecting`, `open` (welcomed), `reconnecting` or `closed`. */
  readonly state: ConnectionState;
  /** The seats this connection holds (from the last welcome); empty for a spectator. */
  readonly seats: number[];
  readonly game: string;
  /** The store's epoch, null while unknown. */
  readonly epoch: string | null;
  /** How many times the server welcomed this connection. */
  readonly welcomes: number;
  /** The `Closed` that ended the connection for good, else null. */
  readonly closed: Closed | null;
  readonly outbox: Outbox;
  /** The version every mirror shows at least (-1 before the first snapshots). */
  readonly version: number;

  /** The mirrored view of `viewer` (default: the first), null before its first snapshot. */
  mirror(viewer?: Viewer): G['view'] | null;
  /** What `seat` may do now, or null. */
  prompt(seat: number): PromptOut | null;
  outcome(viewer?: Viewer): Outcome | null;
  events(viewer?: Viewer): ReceivedEvent<G['event']>[];
  saved(): Saved<G['view']>;
  /** The seats, or `[null]` for a spectator. */
  viewers(): Viewer[];

  /** Resolves with the first welcome once every viewer has its snapshot; rejects with `Closed`. */
  connect(): Promise<Welcome>;
  reconnect(): void;
  close(): void;
  /** Send `action` for `seat`; resolves with its ack, rejects with `ActionRefused` or `Closed`. */
  act(seat: number, action: G['action'], options?: { prompt?: string | null }): Promise<Ack>;
  /** Ask for the updates since `since` (null: a snapshot per viewer). */
  sync(since?: number | null): void;
}
