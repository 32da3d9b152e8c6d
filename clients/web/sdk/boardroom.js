// The boardroom websocket protocol (protocol/README.md) as ES modules for browsers and Node 20.
//
// A Connection holds zero (spectator) or more (hot-seat) seat tokens of one room. It keeps a mirror per
// viewer (RFC 6902 patches applied with fast-json-patch, checked against the version: a gap asks for a
// `sync`), resumes with `since` after a reconnect, sends each action with the id of the prompt it
// answers and resends unanswered ones under their same ids (the server applies an id once), reconnects
// with exponential back-off and jitter, and pings to find dead sockets. Frames are JSON, or MessagePack
// with `encoding: 'msgpack'` (codec.js). Node has no global WebSocket before version 22: pass the `ws`
// package's constructor.
//
//   const conn = new Connection({ url: 'http://127.0.0.1:8000', room, tokens: [token] });
//   conn.on('prompt', ({ seat, prompt }) => prompt && conn.act(seat, { kind: 'reveal', slot: 2 }));
//   await conn.connect();

import { codecOf, ENCODINGS, JSON_CODEC, loadCodec } from './codec.js';
import { Emitter } from './emitter.js';
import { FATAL_CLOSES, Link, roomUrl, websocketUrl } from './link.js';
import { Mirror } from './mirror.js';
import { ActionRefused, Closed, Outbox } from './outbox.js';

export { ActionRefused, Closed, FATAL_CLOSES, Mirror, Outbox, roomUrl, websocketUrl };

/** The protocol's major version, sent in `hello`. */
export const PROTOCOL_MAJOR = 1;

/** Milliseconds before an action refused `store/unavailable` is sent again under its same id. */
export const STORE_RETRY = 500;

const utf8 = new TextDecoder();

/**
 * A self-healing connection to `room` holding `tokens` (none: a spectator; several: hot-seat).
 *
 * Options (clients/web/README.md has each one's meaning): `url` (the server's http(s) or ws(s) base;
 * default `/`, a page's own server), `room`, `tokens`, `WebSocket` (default `globalThis.WebSocket`),
 * `since` with `views` and optionally `versions`, `prompts`, `outcomes` and `epoch` (mirrors kept
 * elsewhere, as `saved()` returns them), `pingInterval` (ms),
 * `backoff` (`[first, largest]` ms), `reconnect`, `fallbacks` (more worker URLs), `recorder`
 * (`(direction, frame)`: each frame as sent or received, a string, or a Uint8Array in MessagePack),
 * `encoding` (`'json'`, the default, or `'msgpack'`: binary frames, offered as the subprotocol
 * `boardroom.v1.msgpack`; a socket whose server accepted no subprotocol speaks JSON), `acks`
 * (the hello's `acks`: `'update'`, the default, has an applied action's ack come inside its seat's
 * update, handled right after it, so the act's promise resolves once the mirror shows the step;
 * `'frame'`: acks as frames of their own, for a server older than the option).
 *
 * Events (`on(name, fn)`; `fn` gets one object): `state` {state, code, reason, delay}, `welcome`,
 * `snapshot` {viewer, version, view, prompt, outcome, events}, `update` {viewer, from, to, patch,
 * events, prompt, outcome}, `prompt` {seat, prompt} when a seat's prompt changed, `event` {viewer,
 * version, body}, `outcome` {viewer, outcome} once per viewer, `ack`, `error` (one that answers no
 * pending action: {code, message, details, id, seat}) and `bye` {code, reason}.
 */
export class Connection extends Emitter {
  constructor({
    url = '/',
    room,
    tokens = [],
    WebSocket = globalThis.WebSocket,
    since = null,
    views = null,
    versions = null,
    prompts = null,
    outcomes = null,
    epoch = null,
    pingInterval = 15000,
    backoff = [200, 8000],
    reconnect = true,
    fallbacks = [],
    recorder = null,
    acks = 'update',
    encoding = 'json',
  }) {
    super();
    if (typeof WebSocket !== 'function') {
      throw new TypeError('no WebSocket constructor: pass one (in Node: the ws package)');
    }
    if (!ENCODINGS.includes(encoding)) {
      throw new TypeError(`unknown encoding ${encoding}: 'json' or 'msgpack'`);
    }
    this.encoding = encoding;
    /** The codec asked for (null until a MessagePack one is loaded) and the current socket's. */
    this.wanted = encoding === 'json' ? JSON_CODEC : null;
    this.codec = JSON_CODEC;
    this.urls = [url, ...fallbacks].map((base) => roomUrl(websocketUrl(base), room));
    this.room = room;
    this.tokens = [...tokens];
    this.recorder = recorder;
    this.ackMode = acks;
    this.link = new Link({ urls: this.urls, WebSocket, pingInterval, backoff, reconnect }, {
      open: (accepted) => {
        this.codec = codecOf(accepted, this.wanted);
        this.hello();
      },
      message: (data) => this.receive(data),
      ping: (n) => this.send({ type: 'ping', n }),
      lost: (detail) => this.setState('reconnecting', detail),
      fatal: (code, reason) => this.finish(new Closed(code, reason)),
    });
    /** `connecting`, `open` (welcomed), `reconnecting` or `closed`. */
    this.state = 'closed';
    /** The seats this connection holds (from the last welcome); empty for a spectator. */
    this.seats = [];
    this.game = '';
    /** The store's epoch, null while unknown (a welcome before the start names none). */
    this.epoch = epoch || null;
    this.maxFrame = 0;
    /** How many times the server welcomed this connection. */
    this.welcomes = 0;
    /** The `Closed` that ended the connection for good, else null. */
    this.closed = null;
    this.mirrors = new Map();
    this.outbox = new Outbox();
    if (since !== null && views !== null) this.restore({ since, views, versions, prompts, outcomes });
    this.syncing = new Set();
    this.ready = null;
  }

  // ---- reading the mirrors --------------------------------------------------------------------------
  /** The mirrored view of `viewer` (a seat of this connection, or null: the spectator view of a
   * connection without seats), a plain object replaced (never mutated) by each update; null before
   * its first snapshot. */
  mirror(viewer = this.viewers()[0]) {
    return this.mirrors.get(viewer)?.view ?? null;
  }

  /** What `seat` may do now (`{id, kinds, choices, timer, default, deadline}`), or null. */
  prompt(seat) {
    return this.mirrors.get(seat)?.prompt ?? null;
  }

  /** The game's outcome as `viewer` saw it (`{ranks, winners, reason, guard}`), or null. */
  outcome(viewer = this.viewers()[0]) {
    return this.mirrors.get(viewer)?.outcome ?? null;
  }

  /** Every event `viewer` received so far, `{version, body}`, oldest first. */
  events(viewer = this.viewers()[0]) {
    return this.mirrors.get(viewer)?.events ?? [];
  }

  /** `{since, epoch, views, versions, prompts, outcomes}` (plain JSON: each table keyed by viewer, `null`
   * for the spectator) to pass to a later Connection (a reloaded page) so that it resumes from here with
   * each mirror's view at its own version, its prompt and its outcome: a resume at the current version
   * brings no frame at all, so what is not kept here would be missing until the next step. */
  saved() {
    const kept = { views: {}, versions: {}, prompts: {}, outcomes: {} };
    for (const [viewer, mirror] of this.mirrors) {
      if (!mirror.ready) continue;
      kept.views[viewer] = mirror.view;
      kept.versions[viewer] = mirror.version;
      if (mirror.prompt !== null) kept.prompts[viewer] = mirror.prompt;
      if (mirror.outcome !== null) kept.outcomes[viewer] = mirror.outcome;
    }
    return { since: this.version, epoch: this.epoch, ...kept };
  }

  restore({ since, views, versions, prompts, outcomes }) {
    const entries = views instanceof Map ? [...views] : Object.entries(views);
    const at = (table, key) => (table instanceof Map ? table.get(key) : table?.[key]) ?? null;
    for (const [key, view] of entries) {
      const viewer = key === null || key === 'null' ? null : Number(key);
      const mirror = new Mirror(viewer);
      mirror.version = at(versions, key) ?? since;
      mirror.view = view;
      mirror.prompt = at(prompts, key);
      mirror.outcome = at(outcomes, key);
      this.mirrors.set(viewer, mirror);
    }
  }

  /** The viewers this connection shows: its seats, or `[null]` for a spectator. */
  viewers() {
    return this.seats.length ? [...this.seats] : [null];
  }

  /** The version every mirror shows at least (-1 before the first snapshots). */
  get version() {
    const mirrors = this.viewers().map((v) => this.mirrors.get(v));
    if (!mirrors.length || mirrors.some((m) => !m?.ready)) return -1;
    return Math.min(...mirrors.map((m) => m.version));
  }

  // ---- lifecycle ------------------------------------------------------------------------------------
  /** Open the connection. Resolves with the first `welcome` once every viewer of a started room has
   * its snapshot (at once before the start); rejects with `Closed` when the server refuses the hello
   * for good (4401, 4404, ...). Network failures are retried with back-off meanwhile. */
  connect() {
    if (this.ready) return this.ready.promise;
    let resolve;
    let reject;
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.ready = { promise, resolve, reject, welcome: null, done: false };
    this.setState('connecting');
    if (this.wanted !== null) {
      this.link.dial();
    } else {
      loadCodec(this.encoding).then((codec) => {
        this.wanted = codec;
        this.link.protocols = codec.offers;
        if (!this.closed) this.link.dial();
      }, (err) => this.finish(new Closed(1006, `the ${this.encoding} codec: ${err?.message ?? err}`)));
    }
    return promise;
  }

  /** Drop the current socket and connect again at once, resuming from the mirrors' version (after a
   * network change, say). Unanswered actions are resent under their ids. */
  reconnect() {
    if (this.closed || !this.ready) return;
    if (this.state !== 'reconnecting') this.setState('reconnecting');
    this.link.redial();
  }

  /** Close for good: pending actions fail with `Closed` (code 1000). */
  close() {
    if (this.closed) return;
    this.finish(new Closed(1000, 'closed by the client'));
  }

  hello() {
    const { room, tokens } = this;
    const hello = { type: 'hello', v: PROTOCOL_MAJOR, room, tokens, since: this.since() };
    // 'frame' is the default: left out, so a server older than the option still welcomes us
    this.send(this.ackMode === 'frame' ? hello : { ...hello, acks: this.ackMode });
  }

  finish(closed) {
    this.closed = closed;
    this.link.stop();
    this.outbox.failAll(closed);
    this.setState('closed', { code: closed.code, reason: closed.reason });
    if (this.ready && !this.ready.done) {
      this.ready.done = true;
      this.ready.reject(closed);
    }
  }

  setState(state, extra = {}) {
    this.state = state;
    this.emit('state', { state, code: null, reason: null, delay: null, ...extra });
  }

  /** The version to resume from: the smallest of the seats' mirrors, null unless all are ready. */
  since() {
    const wanted = this.seats.length ? this.seats : [...this.mirrors.keys()];
    const mirrors = wanted.map((v) => this.mirrors.get(v));
    if (!mirrors.length || mirrors.some((m) => !m?.ready)) return null;
    return Math.min(...mirrors.map((m) => m.version));
  }

  // ---- actions --------------------------------------------------------------------------------------
  /** Send `action` (`{kind, ...}`) for `seat`, answering the prompt `prompt` names (by default the id
   * of the seat's prompt in its mirror now; null: name none, judged against whatever the prompt is
   * by then). Resolves with the `ack` ({id, seat, version, duplicate}); rejects with `ActionRefused`
   * ({code, message, details}: `action/stale_prompt` when that prompt is no longer the seat's, so an
   * action sent twice for one prompt is applied once) or `Closed`. Survives reconnects: an unanswered
   * action is resent under its same id and prompt, so it is applied exactly once. */
  act(seat, action, { prompt = this.prompt(seat)?.id ?? null } = {}) {
    if (this.closed) return Promise.reject(this.closed);
    const { item, promise } = this.outbox.add(seat, action, prompt);
    const frame = this.frameOf(item);
    if (this.maxFrame && this.codec.size(frame) > this.maxFrame) {
      // the server would close the socket (1009), and every resend would close it again
      this.outbox.refuse({
        code: 'client/too_large',
        message: `the action's frame exceeds max_frame (${this.maxFrame} bytes)`,
        id: item.id,
        seat,
      });
    } else if (this.state === 'open') {
      this.sendRaw(frame);
    }
    return promise;
  }

  /** The `act` frame of an outbox item in the current socket's encoding. */
  frameOf(item) {
    return this.codec === JSON_CODEC ? item.frame : this.codec.encode(item.act);
  }

  /** Ask for the updates since `since` (null: a snapshot per viewer). The SDK does this by itself on a
   * gap; call it only to force a fresh snapshot. */
  sync(since = null) {
    this.send({ type: 'sync', since });
  }

  send(msg) {
    this.sendRaw(this.codec.encode(msg));
  }

  sendRaw(frame) {
    if (!this.link.open) return;
    this.recorder?.('out', frame);
    this.link.send(frame);
  }

  // ---- receiving ------------------------------------------------------------------------------------
  receive(data) {
    if (typeof data !== 'string') {
      // JSON in a binary frame is recorded as its text; MessagePack as its bytes
      data = this.codec === JSON_CODEC ? utf8.decode(data) : new Uint8Array(data);
    }
    this.recorder?.('in', data);
    const msg = this.codec.decode(data);
    switch (msg.type) {
      case 'welcome':
        return this.onWelcome(msg);
      case 'snapshot':
        return this.onSnapshot(msg);
      case 'update':
        return this.onUpdate(msg);
      case 'ack':
        return this.onAck(msg);
      case 'error':
        return this.onError(msg);
      case 'bye':
        return this.emit('bye', { code: msg.code, reason: msg.reason });
      default:
        return undefined; // pong, and message types of a later minor version
    }
  }

  onWelcome(msg) {
    // '' (welcomed before the start) is no epoch yet: it compares equal to any, and keeps the known one
    if (msg.epoch) {
      if (this.epoch !== null && msg.epoch !== this.epoch) {
        this.mirrors.clear(); // the store went back in time: nothing shown can be trusted
      }
      this.epoch = msg.epoch;
    }
    this.game = msg.game;
    this.seats = [...msg.seats];
    this.maxFrame = msg.max_frame ?? 0;
    this.welcomes += 1;
    this.link.welcome();
    this.syncing.clear();
    for (const viewer of this.viewers()) {
      if (!this.mirrors.has(viewer)) this.mirrors.set(viewer, new Mirror(viewer));
    }
    this.setState('open');
    this.emit('welcome', msg);
    for (const item of this.outbox.pending()) this.sendRaw(this.frameOf(item)); // same ids: applied once
    if (this.ready && !this.ready.done) {
      this.ready.welcome = msg;
      this.checkReady(msg.version < 0);
    }
  }

  checkReady(force = false) {
    const ready = this.ready;
    if (!ready || ready.done || ready.welcome === null) return;
    if (force || this.version >= 0) {
      ready.done = true;
      ready.resolve(ready.welcome);
    }
  }

  mirrorOf(viewer) {
    let mirror = this.mirrors.get(viewer);
    if (!mirror) {
      mirror = new Mirror(viewer);
      this.mirrors.set(viewer, mirror);
    }
    return mirror;
  }

  onSnapshot(msg) {
    const viewer = msg.seat ?? null;
    const mirror = this.mirrorOf(viewer);
    const before = mirror.prompt;
    const hadOutcome = mirror.outcome !== null;
    const fresh = mirror.reset(msg);
    this.syncing.delete(viewer);
    this.emit('snapshot', {
      viewer,
      version: mirror.version,
      view: mirror.view,
      prompt: mirror.prompt,
      outcome: mirror.outcome,
      events: fresh,
    });
    this.announce(mirror, fresh, before, hadOutcome);
    this.checkReady();
  }

  onUpdate(msg) {
    const viewer = msg.seat ?? null;
    const mirror = this.mirrorOf(viewer);
    const before = mirror.prompt;
    const hadOutcome = mirror.outcome !== null;
    const step = mirror.apply(msg);
    if (step === 'applied') {
      this.syncing.delete(viewer);
      const events = msg.events ?? [];
      this.emit('update', {
        viewer,
        from: msg.frm,
        to: msg.to,
        patch: msg.patch ?? [],
        events,
        prompt: mirror.prompt,
        outcome: msg.outcome ?? null,
      });
      this.announce(mirror, events, before, hadOutcome);
    } else if ((step === 'gap' || step === 'broken') && !this.syncing.has(viewer)) {
      this.syncing.add(viewer);
      this.sync(step === 'gap' ? mirror.version : null);
    }
    for (const ack of msg.acks ?? []) this.onAck(ack); // after the step: the mirror shows it
  }

  /** The derived events of a mirror's step: each new event, a changed prompt, a first outcome. */
  announce(mirror, events, before, hadOutcome) {
    for (const event of events) this.emit('event', { viewer: mirror.viewer, ...event });
    if (mirror.viewer !== null && JSON.stringify(before) !== JSON.stringify(mirror.prompt)) {
      this.emit('prompt', { seat: mirror.viewer, prompt: mirror.prompt });
    }
    if (!hadOutcome && mirror.outcome !== null) {
      this.emit('outcome', { viewer: mirror.viewer, outcome: mirror.outcome });
    }
  }

  onAck(msg) {
    this.outbox.ack(msg);
    this.emit('ack', msg);
  }

  onError(msg) {
    const item = this.outbox.get(msg.id);
    if (item && msg.code === 'store/unavailable') {
      // the store may or may not have applied it: the same id makes the resend safe
      this.link.later(STORE_RETRY, () => {
        if (this.outbox.has(item.id) && this.state === 'open') this.sendRaw(this.frameOf(item));
      });
      return;
    }
    // refusals are not recorded by the server: resending would be judged anew, so never resend
    if (this.outbox.refuse(msg)) return;
    if (msg.code === 'rate/limited' && msg.id == null) this.syncing.clear(); // maybe a dropped sync
    this.emit('error', {
      code: msg.code,
      message: msg.message ?? '',
      details: msg.details ?? {},
      id: msg.id ?? null,
      seat: msg.seat ?? null,
    });
  }
}
