import { AppError } from '../../http/errors';

/**
 * Keyset cursors: (timestamp with microseconds as PostgreSQL printed it, id). Opaque base64url to
 * clients. Never OFFSET: every page costs the same at any depth.
 */
export function encodeCursor(ts: string, id: string): string {
  return Buffer.from(`${ts}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { ts: string; id: string } {
  const [ts, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!ts || !id || !/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(ts) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new AppError('BAD_REQUEST', 'Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
  }
  return { ts, id };
}

/** SQL that prints a timestamptz with full microsecond precision, in UTC, for a cursor. */
export const cursorTs = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
