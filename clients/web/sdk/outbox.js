// The outbox: actions waiting for their `ack` or `error`, each under an id unique per (room, seat).
//
// Ids are `<prefix>-<n>`: a random prefix per outbox (two clients of one seat never collide) and a
// counter shared by all seats (an id alone names a pending action). After a reconnect the connection
// resends every pending action with its same id; the server applies an id at most once, so each action
// takes effect exactly once, and with the id of the prompt it was first sent for (a resend of an applied
// id is answered by its duplicate ack before the prompt is looked at). An action the server refused
// leaves the outbox with its error and is never resent: the server does not record refusals, so a
// resend would be judged anew.

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

/** A random hex string of `bytes` bytes (the outbox's id prefix: two clients of a seat never collide). */
function randomHex(bytes) {
  const data = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(data);
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Pending actions in send order, each with the callbacks of the promise its answer settles. */
export class Outbox {
  constructor(prefix = randomHex(4)) {
    this.prefix = prefix;
    this.count = 0;
    this.items = new Map();
  }

  /** A new pending action of `seat` answering the prompt of id `prompt` (null: none named) under a
   * fresh id: `{item: {id, seat, prompt, frame}, promise}`, the promise resolving with the ack (`{id,
   * seat, version, duplicate}`) or rejecting with `ActionRefused`. The message (`act`) and its JSON
   * `frame` are built once: every resend carries the same id and the same prompt. */
  add(seat, action, prompt = null) {
    this.count += 1;
    const id = `${this.prefix}-${this.count}`;
    const act = { type: 'act', id, seat, action };
    if (prompt !== null) act.prompt = prompt;
    const item = { id, seat, prompt, act, frame: JSON.stringify(act) };
    const promise = new Promise((resolve, reject) => {
      item.resolve = resolve;
      item.reject = reject;
    });
    this.items.set(id, item);
    return { item, promise };
  }

  /** Every unanswered action, oldest first (what to resend after a reconnect). */
  pending() {
    return [...this.items.values()];
  }

  get(id) {
    return id == null ? undefined : this.items.get(id);
  }

  has(id) {
    return this.items.has(id);
  }

  get size() {
    return this.items.size;
  }

  /** Settle the action `msg` (an ack) answers; false when none is pending (a late duplicate). */
  ack(msg) {
    const item = this.take(msg.id);
    item?.resolve({ id: msg.id, seat: msg.seat, version: msg.version, duplicate: !!msg.duplicate });
    return item !== undefined;
  }

  /** Reject the action `msg` (an error) names with `ActionRefused`; false when it names none pending. */
  refuse(msg) {
    const item = this.take(msg.id);
    item?.reject(new ActionRefused(msg));
    return item !== undefined;
  }

  /** Reject every pending action with `err` (the connection ended for good). */
  failAll(err) {
    for (const item of this.items.values()) item.reject(err);
    this.items.clear();
  }

  take(id) {
    const item = this.get(id);
    if (item !== undefined) this.items.delete(id);
    return item;
  }
}
