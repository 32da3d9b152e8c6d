// Named events with plain listener functions, the same in browsers and Node (an EventTarget would wrap
// every detail in an Event object).

export class Emitter {
  constructor() {
    this.listeners = new Map();
  }

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
        // a listener's bug must not break the emitter's caller (the protocol's bookkeeping): report it
        // outside this call
        setTimeout(() => {
          throw err;
        });
      }
    }
  }
}
