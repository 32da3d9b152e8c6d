// Declarations of emitter.js: named events with plain listener functions.

/** An emitter whose events are the keys of `Events`, each listener getting that key's detail. */
export class Emitter<Events extends object = Record<string, unknown>> {
  constructor();
  /** Call `fn(detail)` on each `name` event; returns a function that removes it. */
  on<K extends keyof Events & string>(name: K, fn: (detail: Events[K]) => void): () => void;
  off<K extends keyof Events & string>(name: K, fn: (detail: Events[K]) => void): void;
  emit<K extends keyof Events & string>(name: K, detail: Events[K]): void;
}
