// The event log of each viewer of a tab, in that viewer's words, kept in sessionStorage so that a
// reload shows it again (the resumed connection brings only what is new).

const LIMIT = 200;

function key(viewer) {
  return viewer === null || viewer === undefined ? "null" : String(viewer);
}

export class EventLog {
  constructor(room) {
    this.storageKey = `boardroom.log.${room}`;
    this.logs = new Map(); // viewer key -> [{id, text}], oldest first
  }

  /** Word ``events`` ({version, body}) with ``describe(body)`` into ``viewer``'s log (an event seen
   * again after a resume is not added twice). */
  add(viewer, events, describe) {
    const log = this.logs.get(key(viewer)) || [];
    for (const event of events || []) {
      const id = `${event.version}:${JSON.stringify(event.body)}`;
      if (!log.some((entry) => entry.id === id)) log.push({ id, text: describe(event.body) });
    }
    this.logs.set(key(viewer), log.slice(-LIMIT));
    this.save();
  }

  /** ``viewer``'s sentences, newest first. */
  newestFirst(viewer) {
    return (this.logs.get(key(viewer)) || []).map((entry) => entry.text).reverse();
  }

  save() {
    try {
      sessionStorage.setItem(this.storageKey, JSON.stringify([...this.logs]));
    } catch {
      // a full storage only costs the log across a reload
    }
  }

  load() {
    try {
      this.logs = new Map(JSON.parse(sessionStorage.getItem(this.storageKey) || "[]"));
    } catch {
      this.logs = new Map();
    }
  }
}
