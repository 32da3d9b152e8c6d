// Declarations of link.js's public part: the close codes and the websocket URL of a server base (the
// socket itself, `Link`, is the Connection's own).

/** Close codes after which reconnecting cannot help: normal closure, bad origin, bad hello, bad token,
 * no such room. */
export const FATAL_CLOSES: ReadonlySet<number>;

/** The websocket URL of a server base: `http(s)://host[/prefix]` or `ws(s)://host[/prefix]` becomes
 * `ws(s)://host[/prefix]/ws` (kept when it ends in `/ws`); in a browser a path resolves against the
 * page's origin. */
export function websocketUrl(base?: string): string;
