// One viewer's mirror of the server's view (protocol/README.md "Versions, updates and the mirror"):
// a snapshot, then each update's RFC 6902 patch applied with fast-json-patch. Pure bookkeeping, no I/O:
// the connection feeds it messages and acts on what `apply` returns (a sync on a gap, a fresh snapshot
// when a patch does not apply).

import { applyPatch } from './vendor/fast-json-patch/index.mjs';

/** One viewer's mirror: `view` at `version` (-1: no snapshot yet), its `prompt` (seats only), the
 * `outcome` once the game ended, and every event received (`{version, body}`), oldest first. */
export class Mirror {
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
