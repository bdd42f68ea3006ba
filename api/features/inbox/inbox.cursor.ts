import { parseCursor, type Cursor } from '../../../db/pagination/keyset-cursor';
import { AppError } from '../../http/errors';

/** A client's `cursor`/`before` query value, decoded; 400 when it is not one we issued. */
export function decodeCursor(cursor: string): Cursor {
  const decoded = parseCursor(cursor);
  if (!decoded) throw new AppError('BAD_REQUEST', 'Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
  return decoded;
}

/** Decodes an optional cursor field of a parsed query, keeping the rest. */
export function withDecodedCursor<Q extends { cursor?: string | undefined }>(q: Q): Omit<Q, 'cursor'> & { cursor?: Cursor } {
  const { cursor, ...rest } = q;
  return cursor ? { ...rest, cursor: decodeCursor(cursor) } : rest;
}
