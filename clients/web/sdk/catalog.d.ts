// Declarations of catalog.js: names and texts of a game's ids, and its event sentences.
import type { Catalog } from './types/catalog.js';

export type { Catalog };

/** The name of `id` in `doc`, or `id` itself when the catalogue has no entry for it. */
export function nameOf(doc: Catalog, id: string): string;
/** The text of `id` in `doc` (for a tooltip), or '' when there is none. */
export function textOf(doc: Catalog, id: string): string;
/** Whether a field has something to tell: not null, false, '' or an empty list or object. */
export function hasValue(value: unknown): boolean;
/** One line for one event body from `doc.story`, or null when no row of its kind fits it. */
export function tell(doc: Catalog, body: { kind: string; [field: string]: unknown }): string | null;
