// boardroom replay: generated from protocol/schema/replay.json by `npm run types`; do not edit.
// GET /api/rooms/{room}/replay/{version}: a finished room's spectators' view at one version; `view`
// and each event's `body` are typed by the game's own file. See docs/api.md, 'Replays'.

/**
 * A finished room's spectators' view at one version.
 *
 * - ``room``, ``game``: the room and its game id.
 * - ``version``: the version shown, 0 (after setup) to ``last``, the room's final version.
 * - ``view``: the spectators' view at ``version`` (the game's ``$defs.view``), exactly what a spectator
 *   held at that version.
 * - ``events``: what a spectator received with the step that produced ``version`` (none at 0).
 */
export interface Replay {
  events: ReplayEvent[];
  game: string;
  last: number;
  room: string;
  version: number;
  view: unknown;
  [k: string]: unknown;
}
/**
 * One event a spectator received: the ``version`` its step produced and its ``body`` (the game's
 * ``$defs.event``).
 */
export interface ReplayEvent {
  body: {
    [k: string]: unknown;
  };
  version: number;
  [k: string]: unknown;
}
