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
