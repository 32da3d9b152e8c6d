// Declarations of mirror.js: one viewer's mirror of the server's view.
import type { PromptOut, Snapshot, Update } from './types/messages.js';

/** The end of a game (a snapshot's or update's `outcome`): `ranks[seat]` (1 the best, equal ranks
 * tie), `winners` (the seats ranked 1; empty when nobody wins), `reason` (`finished`, or why nobody
 * won, or the guard that ended it) and `guard` (a guard, not the rules, ended it). */
export interface Outcome {
  ranks: number[];
  winners: number[];
  reason: string;
  guard: boolean;
}

/** One received event: the version its step produced and its body (the game's `Event`). */
export interface ReceivedEvent<Body = unknown> {
  version: number;
  body: Body;
}

/** One viewer's mirror: `view` at `version` (-1: no snapshot yet), its `prompt` (seats only), the
 * `outcome` once the game ended, and every event received, oldest first. */
export class Mirror<View = unknown, Body = unknown> {
  constructor(viewer: number | null);
  viewer: number | null;
  version: number;
  view: View | null;
  prompt: PromptOut | null;
  outcome: Outcome | null;
  events: ReceivedEvent<Body>[];
  readonly ready: boolean;
  /** Replace everything with a snapshot; returns the events it brought that were not shown yet. */
  reset(msg: Snapshot): ReceivedEvent<Body>[];
  /** Apply an update: `'applied'`, `'stale'` (already shown), `'gap'` (sync) or `'broken'` (only a
   * snapshot repairs it). */
  apply(msg: Update): 'applied' | 'stale' | 'gap' | 'broken';
}
