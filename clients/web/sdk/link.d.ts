// Declarations of link.js's public part: the close codes and the websocket URL of a server base (the
// socket itself, `Link`, is the Connection's own).

/** Close codes after which reconnecting cannot help: normal closure, bad origin, bad hello, bad token,
 * no such room. */
export const FATAL_CLOSES: ReadonlySet<number>;

/** The websocket URL of a server base: `http(s)://host[/prefix]` or `ws(s)://host[/prefix]` becomes
 * `ws(s)://host[/prefix]/ws` (kept when it ends in `/ws`); in a browser a path resolves against the
 * page's origin. */
export function websocketUrl(base?: string): string;

/** The websocket URL `url` naming `room` in its query (`.../ws?room=r1`), for a load balancer that keeps
 * a room's connections on one worker; the hello still says which room the connection is for. */
export function roomUrl(url: string, room: string): string;
