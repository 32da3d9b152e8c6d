// The event log of each viewer of a tab, in that viewer's words, kept in sessionStorage so that a
// reload shows it again (the resumed connection brings only what is new). Entries stay in the order of
// the game (by version, a step's events in their order) whatever order they arrived in: a late viewer's
// past, read from the public log, comes after the live steps that followed its snapshot.

/** Lines kept per viewer: a whole game's public events (a long Infarkt has a few thousand). */
const LIMIT = 5000;

function key(viewer) {
  return viewer === null || viewer === undefined ? "null" : String(viewer);
}

/** The numbered rule an event says ended something (Gregs' ``revealing_over``: GRE-14, 17, 18), for a
 * link into the rules panel; else null. */
function ruleOf(body) {
  return body && typeof body.rule === "string" && /^[A-Z]{3}-\d+$/.test(body.rule) ? body.rule : null;
}

/** The round an event tells of itself (a round's or a turn's start names it), else null. */
function toldRound(body) {
  return body && Number.isInteger(body.round) ? body.round : null;
}

export class EventLog {
  constructor(room) {
    this.storageKey = `boardroom.log.${room}`;
    // viewer key -> [{id, version, kind, told, seen, round, text, rule}], oldest first
    this.logs = new Map();
  }

  /** Word ``events`` ({version, body}) with ``describe(body)`` into ``viewer``'s log (an event seen
   * again after a resume is not added twice), each in its place by version. ``seen``: the round of
   * the viewer's table as the events came (null: unknown), for lines before any event told a round. */
  add(viewer, events, describe, seen = null) {
    const log = this.logs.get(key(viewer)) || [];
    for (const event of events || []) {
      const id = `${event.version}:${JSON.stringify(event.body)}`;
      if (log.some((entry) => entry.id === id)) continue;
      const at = log.findLastIndex((entry) => entry.version <= event.version) + 1;
      const kind = (event.body && event.body.kind) || "";
      const told = toldRound(event.body);
      const text = describe(event.body);
      log.splice(at, 0, { id, version: event.version, kind, told, seen, round: null, text, rule: ruleOf(event.body) });
    }
    // each line's round: the last one an event told up to it; in a game whose events tell none, the
    // table's when the line came
    let round = null;
    let told = false;
    for (const entry of log) {
      told = told || entry.told !== null;
      round = entry.told ?? (told ? round : (entry.seen ?? round));
      entry.round = round;
    }
    this.logs.set(key(viewer), log.slice(-LIMIT));
    this.save();
  }

  /** Whether ``viewer``'s log holds nothing yet. */
  empty(viewer) {
    return !(this.logs.get(key(viewer)) || []).length;
  }

  /** ``viewer``'s entries, oldest first: {version, round (null: not told), kind, text, rule (null: none)}. */
  oldestFirst(viewer) {
    return (this.logs.get(key(viewer)) || []).map(({ version, round, kind, text, rule }) => ({
      version,
      round,
      kind,
      text,
      rule: rule ?? null,
    }));
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
