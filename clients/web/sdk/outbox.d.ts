// Declarations of outbox.js: the actions waiting for their `ack` or `error`.
import type { Ack } from './types/messages.js';

/** What an `error` message or the client itself says of a refused action. */
export interface Refusal {
  code: string;
  message?: string;
  details?: Record<string, unknown>;
  id?: string | null;
  seat?: number | null;
}

/** An action the server refused (`error` naming its id), or one the client could not send
 * (`client/too_large`). */
export class ActionRefused extends Error {
  constructor(refusal: Refusal);
  name: 'ActionRefused';
  /** The stable code: `action/not_offered`, `action/stale_prompt`, `client/too_large`... */
  code: string;
  /** JSON data (`{prompt}` of an `action/stale_prompt`, ...); `{}` when the error gave none. */
  details: Record<string, unknown>;
  id: string | null;
  seat: number | null;
}

/** The connection ended for good: the websocket close `code` (4401: a bad token, 4404: no such room;
 * 1000 after `close()`) and `reason`. */
export class Closed extends Error {
  constructor(code: number, reason: string);
  name: 'Closed';
  code: number;
  reason: string;
}

/** One pending action: its id, seat, the id of the prompt it answers (null: none named), the `act`
 * message and its JSON frame, sent (and resent) as they are (a MessagePack connection encodes `act`). */
export interface OutboxItem {
  id: string;
  seat: number;
  prompt: string | null;
  act: { type: 'act'; id: string; seat: number; action: object; prompt?: string };
  frame: string;
}

/** Pending actions in send order under ids `<prefix>-<n>`. */
export class Outbox {
  constructor(prefix?: string);
  prefix: string;
  readonly size: number;
  add(seat: number, action: object, prompt?: string | null): { item: OutboxItem; promise: Promise<Ack> };
  get(id: string | null | undefined): OutboxItem | undefined;
  has(id: string): boolean;
  pending(): OutboxItem[];
  ack(msg: Ack): boolean;
  refuse(refusal: Refusal): boolean;
  failAll(error: Error): void;
}
