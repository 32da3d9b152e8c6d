// The boardroom websocket protocol (protocol/README.md) as one ES module for browsers and Node 20.
//
// A Connection holds zero (spectator) or more (hot-seat) seat tokens of one room. It keeps a mirror per
// viewer (RFC 6902 patches applied with fast-json-patch, checked against the version: a gap asks for a
// `sync`), resumes with `since` after a reconnect, resends unanswered actions under their same ids (the
// server applies an id once), reconnects with exponential back-off and jitter, and pings to find dead
// sockets. Node has no global WebSocket before version 22: pass the `ws` package's constructor.
//
//   const conn = new Connection({ url: 'http://127.0.0.1:8000', room, tokens: [token] });
//   conn.on('prompt', ({ seat, prompt }) => prompt && conn.act(seat, { kind: 'reveal', slot: 2 }));
//   await conn.connect();

import { applyPatch } from '../vendor/fast-json-patch/index.mjs';

/** The protocol's major version, sent in `hello`. */
export const PROTOCOL_MAJOR = 1;

/** Close codes after which reconnecting cannot help: normal closure, bad origin, bad hello, bad token,
 * no such room. */
export const FATAL_CLOSES = new Set([1000, 1008, 4400, 4401, 4404]);

/** Milliseconds before an action refused `store/unavailable` is sent again under its same id. */
export const STORE_RETRY = 500;

/** An action the server refused (`error` naming its id), or one the client could not send: `code`
 * (`action/not_offered`, ...), `message`, `details` (JSON data), the action's `id` and `seat`. */
export class ActionRefused extends Error {
  constructor({ code, message = '', details = {}, id = null, seat = null }) {
    super(message);
    this.name = 'ActionRefused';
    this.code = code;
    this.details = details;
    this.id = id;
    this.seat = seat;
  }
}

/** The connection ended for good: the websocket close `code` and `reason` (4401: a bad token, 4404: no
 * such room, ...; `code` 1000 with reason `closed by the client` after `close()`). */
export class Closed extends Error {
  constructor(code, reason) {
    super(`connection closed (${code}${reason ? `: ${reason}` : ''})`);
    this.name = 'Closed';
    this.code = code;
    this.reason = reason;
  }
}

/** The websocket URL of a server base: `http(s)://host[/prefix]` or `ws(s)://host[/prefix]` becomes
 * `ws(s)://host[/prefix]/ws`; a URL already ending in `/ws` is kept. A relative URL (`''`, `/`) resolves
 * against the page's location in a browser. */
export function websocketUrl(base) {
  const origin = globalThis.location?.href;
  const url = origin === undefined ? new URL(base) : new URL(base, origin);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  else if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    throw new TypeError(`not an http(s) or ws(s) URL: ${base}`);
  }
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith('/ws') ? path : `${path}/ws`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

/** A random hex string of `bytes` bytes (the outbox's id prefix: two clients of a seat never collide). */
function randomHex(bytes) {
  const data = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(data);
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

const encoder = new TextEncoder();

/** One viewer's mirror: `view` at `version` (-1: no snapshot yet), its `prompt` (seats only), the
 * `outcome` once the game ended, and every event received (`{version, body}`), oldest first. */
class Mirror {
  constructor(viewer) {
    this.viewer = viewer;
    this.version = -1;
    this.view = null;
    this.prompt = null;
    this.outcome = null;
    this.events = [];
  }

  get ready() {
    return this.version >= 0;
  }

  /** Replace everything with a snapshot; keep the events it says were missed (none twice). */
  reset(msg) {
    this.version = msg.version;
    this.view = msg.view;
    this.prompt = msg.prompt ?? null;
    this.outcome = msg.outcome ?? null;
    return this.addEvents(msg.events ?? []);
  }

  /** Apply an update: `'applied'`, `'stale'` (already shown), `'gap'` (sync from `version`) or
   * `'broken'` (no base, or the patch did not apply: only a snapshot repairs it). */
  apply(msg) {
    if (!this.ready) return 'broken';
    if (msg.to <= this.version) return 'stale';
    if (msg.frm !== this.version) return 'gap';
    try {
      // a new object per step, never mutated afterwards: a renderer may keep and compare old views
      this.view = applyPatch(this.view, msg.patch ?? [], true, false).newDocument;
    } catch {
      this.version = -1;
      return 'broken';
    }
    this.version = msg.to;
    this.prompt = msg.prompt ?? null;
    if (msg.outcome != null) this.outcome = msg.outcome;
    this.addEvents(msg.events ?? []);
    return 'applied';
  }

  addEvents(events) {
    const seen = this.events.length ? this.events[this.events.length - 1].version : -1;
    const fresh = events.filter((e) => e.version > seen);
    this.events.push(...fresh);
    return fresh;
  }
}

/**
 * A self-healing connection to `room` holding `tokens` (none: a spectator; several: hot-seat).
 *
 * Options: `url` (the server's http(s) or ws(s) base; `fallbacks`: more workers of the deployment, tried
 * in turn on each reconnect), `room`, `tokens` (seat tokens from the lobby), `WebSocket` (a constructor;
 * default `globalThis.WebSocket`), `since` and `views` (resume mirrors kept elsewhere, e.g. across a page
 * reload: the version they show and `{seat: view}`, `null` as the spectator's key, as `saved()` returns
 * them; `since` without `views` is ignored, as updates need the view they patch),
 * `pingInterval` (ms between pings, default 15000; a ping unanswered by the next one drops the socket;
 * 0: no pings), `backoff` (`[first, largest]` reconnect delay in ms, default `[200, 8000]`; doubled after
 * each failed attempt, jittered to between half and all of it), `reconnect` (default true), `recorder`
 * (`(direction, text)` called with `'out'`/`'in'` and each frame).
 *
 * Events (`on(name, fn)`; `fn` gets one object): `state` {state, code, reason, delay}, `welcome` (the
 * welcome message), `snapshot` {viewer, version, view, prompt, outcome, events}, `update` {viewer, from,
 * to, patch, events, prompt, outcome}, `prompt` {seat, prompt} when a seat's prompt changed (`null`:
 * nothing to do), `event` {viewer, version, body} for each new event of each viewer, `outcome` {viewer,
 * outcome} once per viewer, `ack` (the ack message), `error` (an `error` message that answers no
 * pending action: {code, message, details, id, seat}), `bye` {code, reason}.
 */
export class Connection {
  constructor({
    url,
    room,
    tokens = [],
    WebSocket = globalThis.WebSocket,
    since = null,
    views = null,
    pingInterval = 15000,
    backoff = [200, 8000],
    reconnect = true,
    fallbacks = [],
    recorder = null,
  }) {
    if (typeof WebSocket !== 'function') {
      throw new TypeError('no WebSocket constructor: pass one (in Node: the ws package)');
    }
    this.urls = [url, ...fallbacks].map(websocketUrl);
    this.room = room;
    this.tokens = [...tokens];
    this.WebSocket = WebSocket;
    this.pingInterval = pingInterval;
    this.backoff = backoff;
    this.reconnectEnabled = reconnect;
    this.recorder = recorder;
    /** `connecting`, `open` (welcomed), `reconnecting` or `closed`. */
    this.state = 'closed';
    /** The seats this connection holds (from the last welcome); empty for a spectator. */
    this.seats = [];
    this.game = '';
    this.epoch = null;
    this.maxFrame = 0;
    /** How many times the server welcomed this connection; how many sockets it opened or tried. */
    this.welcomes = 0;
    this.attempts = 0;
    /** The `Closed` that ended the connection for good, else null. */
    this.closed = null;
    this.mirrors = new Map();
    this.outbox = new Map();
    this.listeners = new Map();
    this.prefix = randomHex(4);
    this.count = 0;
    this.pings = 0;
    if (since !== null && views !== null) this.restore(since, views);
    this.ws = null;
    this.syncing = new Set();
    this.timers = new Set();
    this.ready = null;
  }

  // ---- events ---------------------------------------------------------------------------------------
  /** Call `fn(detail)` on each `name` event; returns a function that removes it. */
  on(name, fn) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name).add(fn);
    return () => this.off(name, fn);
  }

  off(name, fn) {
    this.listeners.get(name)?.delete(fn);
  }

  emit(name, detail) {
    for (const fn of [...(this.listeners.get(name) ?? [])]) {
      try {
        fn(detail);
      } catch (err) {
        // a listener's bug must not break the protocol's bookkeeping: report it outside this call
        setTimeout(() => {
          throw err;
        });
      }
    }
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

  /** `{since, views}` to pass to a later Connection (a reloaded page) so that it resumes from here. */
  saved() {
    const views = {};
    for (const [viewer, mirror] of this.mirrors) if (mirror.ready) views[viewer] = mirror.view;
    return { since: this.version, views };
  }

  restore(since, views) {
    const entries = views instanceof Map ? [...views] : Object.entries(views);
    for (const [key, view] of entries) {
      const viewer = key === null || key === 'null' ? null : Number(key);
      const mirror = new Mirror(viewer);
      mirror.version = since;
      mirror.view = view;
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
    this.closed = null;
    this.delay = this.backoff[0];
    this.open('connecting');
    return promise;
  }

  /** Drop the current socket and connect again at once, resuming from the mirrors' version (after a
   * network change, say). Unanswered actions are resent under their ids. */
  reconnect() {
    if (this.closed || !this.ready) return;
    this.detach();
    this.open('reconnecting');
  }

  /** Close for good: pending actions fail with `Closed` (code 1000). */
  close() {
    if (this.closed) return;
    this.finish(new Closed(1000, 'closed by the client'));
  }

  open(state) {
    this.setState(state);
    const url = this.urls[this.attempts % this.urls.length];
    this.attempts += 1;
    let ws;
    try {
      ws = new this.WebSocket(url);
    } catch (err) {
      this.finish(new Closed(1006, String(err?.message ?? err)));
      return;
    }
    this.ws = ws;
    this.welcomedHere = false;
    ws.onopen = () => {
      this.send({
        type: 'hello',
        v: PROTOCOL_MAJOR,
        room: this.room,
        tokens: this.tokens,
        since: this.since(),
      });
      this.startPings();
    };
    ws.onmessage = (event) => this.receive(event.data);
    ws.onerror = () => {}; // the close event that follows says what happened
    ws.onclose = (event) => this.lost(event.code, event.reason);
  }

  /** The socket closed (or was found dead): give up on a fatal code, else reconnect after a delay. */
  lost(code, reason) {
    this.detach();
    if (this.closed) return;
    if (FATAL_CLOSES.has(code) || !this.reconnectEnabled) {
      this.finish(new Closed(code, reason ?? ''));
      return;
    }
    const delay = this.welcomedHere ? this.backoff[0] : this.delay;
    this.delay = this.welcomedHere ? this.backoff[0] : Math.min(this.delay * 2, this.backoff[1]);
    const jittered = Math.round(delay / 2 + (Math.random() * delay) / 2);
    this.setState('reconnecting', { code, reason, delay: jittered });
    this.later(jittered, () => {
      if (!this.closed && this.ws === null) this.open('reconnecting');
    });
  }

  /** Forget the current socket: its late events change nothing. */
  detach() {
    const ws = this.ws;
    this.ws = null;
    this.stopPings();
    if (ws === null) return;
    ws.onopen = ws.onmessage = ws.onclose = null;
    ws.onerror = () => {};
    if (ws.readyState === 0 || ws.readyState === 1) {
      try {
        ws.close(1000);
      } catch {
        // already closing
      }
    }
  }

  finish(closed) {
    this.closed = closed;
    this.detach();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const item of this.outbox.values()) item.reject(closed);
    this.outbox.clear();
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

  later(ms, fn) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  startPings() {
    this.stopPings();
    if (!this.pingInterval) return;
    this.answered = true;
    this.pinger = setInterval(() => {
      if (!this.answered) {
        // nothing came back for a whole interval: the socket is dead even if no close arrived yet
        this.lost(1006, 'no pong');
        return;
      }
      this.answered = false;
      this.pings += 1;
      this.send({ type: 'ping', n: this.pings });
    }, this.pingInterval);
  }

  stopPings() {
    clearInterval(this.pinger);
    this.pinger = undefined;
  }

  /** The version to resume from: the smallest of the seats' mirrors, null unless all are ready. */
  since() {
    const wanted = this.seats.length ? this.seats : [...this.mirrors.keys()];
    const mirrors = wanted.map((v) => this.mirrors.get(v));
    if (!mirrors.length || mirrors.some((m) => !m?.ready)) return null;
    return Math.min(...mirrors.map((m) => m.version));
  }

  // ---- actions --------------------------------------------------------------------------------------
  /** Send `action` (`{kind, ...}`) for `seat`. Resolves with the `ack` ({id, seat, version,
   * duplicate}); rejects with `ActionRefused` ({code, message, details}) or `Closed`. Survives
   * reconnects: an unanswered action is resent under its same id, so it is applied exactly once. */
  act(seat, action) {
    if (this.closed) return Promise.reject(this.closed);
    this.count += 1;
    const id = `${this.prefix}-${this.count}`;
    return new Promise((resolve, reject) => {
      const frame = JSON.stringify({ type: 'act', id, seat, action });
      if (this.maxFrame && encoder.encode(frame).length > this.maxFrame) {
        // the server would close the socket (1009), and every resend would close it again
        const message = `the action's frame exceeds max_frame (${this.maxFrame} bytes)`;
        reject(new ActionRefused({ code: 'client/too_large', message, id, seat }));
        return;
      }
      this.outbox.set(id, { id, seat, frame, resolve, reject });
      if (this.state === 'open') this.sendRaw(frame);
    });
  }

  /** Ask for the updates since `since` (null: a snapshot per viewer). The SDK does this by itself on a
   * gap; call it only to force a fresh snapshot. */
  sync(since = null) {
    this.send({ type: 'sync', since });
  }

  send(msg) {
    this.sendRaw(JSON.stringify(msg));
  }

  sendRaw(frame) {
    const ws = this.ws;
    if (ws === null || ws.readyState !== 1) return;
    this.recorder?.('out', frame);
    ws.send(frame);
  }

  // ---- receiving ------------------------------------------------------------------------------------
  receive(data) {
    if (typeof data !== 'string') data = new TextDecoder().decode(data);
    this.recorder?.('in', data);
    this.answered = true;
    const msg = JSON.parse(data);
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
    if (this.epoch !== null && msg.epoch !== this.epoch) {
      this.mirrors.clear(); // the store went back in time: nothing shown can be trusted
    }
    this.epoch = msg.epoch;
    this.game = msg.game;
    this.seats = [...msg.seats];
    this.maxFrame = msg.max_frame ?? 0;
    this.welcomes += 1;
    this.welcomedHere = true;
    this.delay = this.backoff[0];
    this.syncing.clear();
    for (const viewer of this.viewers()) {
      if (!this.mirrors.has(viewer)) this.mirrors.set(viewer, new Mirror(viewer));
    }
    this.setState('open');
    this.emit('welcome', msg);
    for (const item of this.outbox.values()) this.sendRaw(item.frame); // same ids: applied once
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
    const item = this.outbox.get(msg.id);
    if (item) {
      this.outbox.delete(msg.id);
      item.resolve({ id: msg.id, seat: msg.seat, version: msg.version, duplicate: !!msg.duplicate });
    }
    this.emit('ack', msg);
  }

  onError(msg) {
    const item = msg.id == null ? undefined : this.outbox.get(msg.id);
    if (item && msg.code === 'store/unavailable') {
      // the store may or may not have applied it: the same id makes the resend safe
      this.later(STORE_RETRY, () => {
        if (this.outbox.has(item.id) && this.state === 'open') this.sendRaw(item.frame);
      });
      return;
    }
    if (item) {
      // refusals are not recorded by the server: resending would be judged anew, so never resend
      this.outbox.delete(msg.id);
      item.reject(new ActionRefused(msg));
      return;
    }
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
