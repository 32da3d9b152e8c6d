// One websocket at a time to a room's worker, replaced when it is lost: reconnect with exponential
// back-off and jitter, round the workers' URLs, and a ping keep-alive that finds a dead link before the
// operating system does. It knows nothing of the protocol beyond `ping` and which closes are final: the
// connection (boardroom.js) says hello on each socket and reads the frames.

/** Close codes after which reconnecting cannot help: normal closure, bad origin, bad hello, bad token,
 * no such room. */
export const FATAL_CLOSES = new Set([1000, 1008, 4400, 4401, 4404]);

/** The websocket URL of a server base: `http(s)://host[/prefix]` or `ws(s)://host[/prefix]` becomes
 * `ws(s)://host[/prefix]/ws`; a URL already ending in `/ws` is kept. In a browser a path (`/`, the
 * default, or `''`: the page's own server) resolves against the page's origin. */
export function websocketUrl(base = '/') {
  const page = globalThis.location?.href;
  // '' would resolve to the page itself (/rooms/r1), not to the server's root
  const url = page === undefined ? new URL(base) : new URL(base || '/', page);
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

/** The websocket URL `url` naming `room` in its query (`.../ws?room=r1`): a load balancer hashing on it,
 * or `boardroom serve --workers N`, keeps a room's connections on one worker. The hello still says
 * which room the connection is for. */
export function roomUrl(url, room) {
  const named = new URL(url);
  named.searchParams.set('room', room);
  return named.toString();
}

export class Link {
  /**
   * `urls`: websocket URLs, tried in turn; `WebSocket`: the constructor; `pingInterval`: ms (0: none);
   * `backoff`: `[first, largest]` ms; `reconnect`: false gives up after the first socket; `protocols`:
   * the subprotocols each socket offers (settable until the next dial; none: the constructor is called
   * with the URL alone). `handlers`: `open(accepted)` (a socket opened, `accepted` the subprotocol the
   * server chose, `''` for none: say hello), `message(data)`, `ping(n)` (send a ping), `lost({code,
   * reason, delay})` (the next attempt follows in `delay` ms) and `fatal(code, reason)` (no more
   * attempts).
   */
  constructor({ urls, WebSocket, pingInterval, backoff, reconnect, protocols = [] }, handlers) {
    this.urls = urls;
    this.protocols = protocols;
    this.WebSocket = WebSocket;
    this.pingInterval = pingInterval;
    this.backoff = backoff;
    this.reconnect = reconnect;
    this.handlers = handlers;
    this.ws = null;
    this.attempts = 0;
    this.pings = 0;
    this.delay = backoff[0];
    this.timers = new Set();
    this.stopped = false;
  }

  /** The current socket is open (frames sent now go out). */
  get open() {
    return this.ws !== null && this.ws.readyState === 1;
  }

  /** Open a socket to the next URL. */
  dial() {
    const url = this.urls[this.attempts % this.urls.length];
    this.attempts += 1;
    let ws;
    try {
      ws = this.protocols.length ? new this.WebSocket(url, this.protocols) : new this.WebSocket(url);
    } catch (err) {
      this.stop();
      this.handlers.fatal(1006, String(err?.message ?? err));
      return;
    }
    this.ws = ws;
    this.welcomed = false;
    ws.binaryType = 'arraybuffer'; // JSON comes in text frames; a binary one is decoded, never a Blob
    ws.onopen = () => {
      this.startPings();
      this.handlers.open(ws.protocol ?? '');
    };
    ws.onmessage = (event) => {
      this.answered = true;
      this.handlers.message(event.data);
    };
    ws.onerror = () => {}; // the close event that follows says what happened
    ws.onclose = (event) => this.lost(event.code, event.reason);
  }

  /** The server welcomed this socket: the next reconnect starts from the first delay again. */
  welcome() {
    this.welcomed = true;
    this.delay = this.backoff[0];
  }

  /** Drop the socket and dial again at once. */
  redial() {
    this.detach();
    this.dial();
  }

  /** Drop the socket and every timer for good. */
  stop() {
    this.stopped = true;
    this.detach();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  send(frame) {
    if (!this.open) return false;
    this.ws.send(frame);
    return true;
  }

  /** Run `fn` in `ms` unless the link stops first. */
  later(ms, fn) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  /** The socket closed (or was found dead): give up on a final code, else dial again after a delay that
   * doubles with each attempt that got no welcome, jittered to between half and all of it. */
  lost(code, reason) {
    this.detach();
    if (this.stopped) return;
    if (FATAL_CLOSES.has(code) || !this.reconnect) {
      this.stop();
      this.handlers.fatal(code, reason ?? '');
      return;
    }
    const delay = this.welcomed ? this.backoff[0] : this.delay;
    this.delay = Math.min(delay * 2, this.backoff[1]);
    const jittered = Math.round(delay / 2 + (Math.random() * delay) / 2);
    this.handlers.lost({ code, reason, delay: jittered });
    this.later(jittered, () => {
      if (!this.stopped && this.ws === null) this.dial();
    });
  }

  /** Forget the current socket: its late events change nothing. */
  detach() {
    const ws = this.ws;
    this.ws = null;
    this.stopPings();
    if (ws === null) return;
    ws.onopen = ws.onmessage = ws.onclose = null;
    if (ws.readyState === 0 || ws.readyState === 1) {
      try {
        ws.close(1000);
      } catch {
        // already closing
      }
    }
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
      this.handlers.ping(this.pings);
    }, this.pingInterval);
  }

  stopPings() {
    clearInterval(this.pinger);
    this.pinger = undefined;
  }
}
