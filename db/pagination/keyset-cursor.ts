/**
 * Keyset cursors: (timestamp with microseconds as PostgreSQL printed it, id). Opaque base64url to
 * clients. Never OFFSET: every page costs the same at any depth.
 */
export interface Cursor {
  ts: string;
  id: string;
}

export function encodeCursor(ts: string, id: string): string {
  return Buffer.from(`${ts}|${id}`).toString('base64url');
}

/** The cursor a client sent, or null when it is not one we issued (the API answers 400). */
export function parseCursor(cursor: string): Cursor | null {
  const [ts, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!ts || !id || !/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(ts) || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  return { ts, id };
}

/** SQL that prints a timestamptz with full microsecond precision, in UTC, for a cursor. */
export const cursorTs = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A newest-first keyset page on (`tsColumn`, `idColumn`): the condition for rows after `cursor`
 * (pushing its two values onto `params`), or 'true' for the first page.
 */
export function keysetAfter(cursor: Cursor | undefined, params: unknown[], tsColumn: string, idColumn: string): string {
  if (!cursor) return 'true';
  params.push(cursor.ts, cursor.id);
  return `(${tsColumn}, ${idColumn}) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`;
}

/** Rows fetched with `limit + 1`: the page, and the cursor after its last row when there are more. */
export function keysetPage<R extends { id: string; cursor_ts: string }>(rows: R[], limit: number): { rows: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(last.cursor_ts, last.id) : null };
}
