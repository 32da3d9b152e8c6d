// boardroom protocol v1 messages: generated from protocol/schema/messages.json by `npm run types`; do not edit.
// Every websocket message; the tag field `type` names the message. See protocol/README.md.

export type ClientMessage = Hello | Act | Sync | Ping;
export type ServerMessage = Welcome | Snapshot | Update | Ack | Error | Pong | Bye;

/**
 * Action ``id`` of ``seat`` was applied, producing ``version``. ``duplicate`` is true when the id had
 * already been applied (nothing was applied again).
 */
export interface Ack {
  duplicate?: boolean;
  id: string;
  seat: number;
  type: 'ack';
  version: number;
}
/**
 * An action of ``seat``. ``id``: chosen by the client, unique per (room, seat), 1 to 64 characters;
 * resending the same id returns the stored result; the same id with another action is refused
 * (``act/id_reused``). ``action``: the game's action object (``{"kind": "reveal", "slot": 2}``).
 * ``prompt``: the id of the prompt this action answers (optional): when the seat's prompt is no
 * longer that one, the action is refused ``action/stale_prompt`` and nothing is applied (a resend of
 * an applied id is still answered by its ``ack``, checked first).
 */
export interface Act {
  action: unknown;
  id: string;
  prompt?: string | null;
  seat: number;
  type: 'act';
}
/**
 * Sent before the server closes: ``code`` is the close code, ``reason`` a word (``shutdown``, code
 * 1001: connect to another worker and resume; ``closed``, code 4404: the room's host closed it, do
 * not reconnect).
 */
export interface Bye {
  code: number;
  reason: string;
  type: 'bye';
}
/**
 * First frame of a connection. ``v``: protocol major version; ``room``: room id; ``tokens``: seat
 * tokens (none = spectator, several = hot-seat); ``since``: the version the client already shows (resume)
 * or ``None`` for a fresh snapshot. ``acks``: how this connection's applied actions are acknowledged:
 * ``"frame"`` (default), each by an `Ack` frame of its own; ``"update"``, inside the `Update` that
 * brings the acting seat to the action's version (`Update.acks`), and by an `Ack` frame only when no
 * update of this connection is left to carry it (protocol/README.md "Acks inside updates").
 */
export interface Hello {
  acks?: 'frame' | 'update';
  room: string;
  since?: number | null;
  tokens?: string[];
  type: 'hello';
  v: number;
}
/**
 * Ask to be brought up to date from ``since`` (updates) or, with ``None``, a fresh snapshot.
 */
export interface Sync {
  since?: number | null;
  type: 'sync';
}
/**
 * Keep-alive; answered by `Pong` with the same ``n``.
 */
export interface Ping {
  n?: number;
  type: 'ping';
}
/**
 * A refusal with a stable ``code`` (see protocol/README.md); ``id`` names the refused action, if any;
 * ``details`` is JSON data (e.g. the JSON path of a malformed field). Nothing changed.
 */
export interface Error {
  code: string;
  details?: {
    [k: string]: unknown;
  };
  id?: string | null;
  message: string;
  seat?: number | null;
  type: 'error';
}
/**
 * One event as a viewer receives it: ``version`` is the state version it produced; ``body`` the
 * game's tagged event Struct.
 */
export interface EventOut {
  body: unknown;
  version: number;
  [k: string]: unknown;
}
export interface Pong {
  n?: number;
  type: 'pong';
}
/**
 * A seat's prompt as sent: the game's `Prompt` plus its ``deadline`` (server time, seconds since the
 * Unix epoch; ``None`` = no deadline). ``strike`` is false (else absent) on a prompt whose timeout
 * does not count against the seat (a reaction window's pass: letting it lapse never marks it away).
 */
export interface PromptOut {
  choices?: {
    [k: string]: {
      [k: string]: unknown;
    }[];
  };
  deadline?: number | null;
  default: string;
  id: string;
  kinds: string[];
  strike?: boolean;
  timer: string;
  [k: string]: unknown;
}
/**
 * Answer to `Hello`: the room, its game, the seats this connection holds, the current ``version``
 * and the store ``epoch`` (a changed epoch means the store went back in time: drop the mirror and
 * take the snapshot that follows).
 */
export interface Welcome {
  epoch: string;
  game: string;
  max_frame: number;
  room: string;
  seats: number[];
  type: 'welcome';
  v: number;
  version: number;
}
/**
 * The whole view of ``seat`` (``None``: spectator) at ``version``, its prompt, and the events the
 * client missed when resuming from too far back (else empty).
 */
export interface Snapshot {
  events?: EventOut[];
  outcome?: {
    [k: string]: unknown;
  };
  prompt?: PromptOut | null;
  seat: number | null;
  type: 'snapshot';
  version: number;
  view: unknown;
}
/**
 * One step for one viewer: from version ``frm`` to ``to``; ``patch`` is an RFC 6902 JSON Patch
 * turning the view at ``frm`` into the view at ``to`` (empty when unchanged); ``events`` those of the
 * step this viewer may see; ``prompt`` the seat's prompt after the step (``None``: nothing to do);
 * ``outcome`` set on the step that ends the game; ``acks``: on a connection that said ``hello`` with
 * ``acks: "update"`` only, the `Ack` of each action of this connection for ``seat`` that produced a
 * version of ``frm + 1`` to ``to`` (each exactly the ack frame it replaces; else empty).
 */
export interface Update {
  acks?: Ack[];
  events?: EventOut[];
  frm: number;
  outcome?: {
    [k: string]: unknown;
  };
  patch?: {
    [k: string]: unknown;
  }[];
  prompt?: PromptOut | null;
  seat: number | null;
  to: number;
  type: 'update';
}
