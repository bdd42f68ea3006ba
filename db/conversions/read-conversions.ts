import type pg from 'pg';
import { z } from 'zod';
import type { Conversion } from '../../contracts/conversions';
import { cursorTs, keysetAfter, keysetPage, type Cursor } from '../pagination/keyset-cursor';
import { conversionColumns, conversionRow, toConversion } from './record-conversion';

/**
 * The public API's conversion list, newest first, by keyset (created_at, id) on
 * conversions_workspace_recent_idx: the same cost at any depth. Every source (a lead marked
 * converted, a shop's report, a flow's Track conversion node).
 */
export async function listApiConversions(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  q: { limit: number; cursor?: Cursor | undefined },
): Promise<{ data: Conversion[]; nextCursor: string | null }> {
  const params: unknown[] = [workspaceId];
  const after = keysetAfter(q.cursor, params, 'created_at', 'id');
  params.push(q.limit + 1);
  const { rows } = await db.query(
    `select ${conversionColumns}, ${cursorTs('created_at')} as cursor_ts from conversions
     where workspace_id = $1 and ${after} order by created_at desc, id desc limit $${params.length}`,
    params,
  );
  const { rows: page, nextCursor } = keysetPage(z.array(conversionRow.extend({ cursor_ts: z.string() })).parse(rows), q.limit);
  return { data: page.map(toConversion), nextCursor };
}
