import type pg from 'pg';
import { z } from 'zod';
import type { Lead, LeadFilters } from '../../contracts/leads';
import { withTransaction } from '../transaction';
import { leadWhere } from './lead-filters';
import { leadColumns, leadRow, toLead } from './lead-row';

const BATCH = 500;

/**
 * Every lead matching the filters, in list order, handed to `onBatch` 500 at a time from a
 * server-side cursor: memory stays flat however many leads there are, and `onBatch` can wait for a
 * slow reader (backpressure) before the next batch is fetched. A throw from `onBatch` (the client
 * went away) rolls back and closes the cursor.
 */
export async function exportLeads(pool: pg.Pool, workspaceId: string, filters: LeadFilters, onBatch: (leads: Lead[]) => Promise<void>): Promise<number> {
  return withTransaction(pool, async (client) => {
    const { where, params } = leadWhere(workspaceId, filters);
    await client.query(`declare leads_export no scroll cursor for select ${leadColumns} from leads where ${where} order by created_at desc, id desc`, params);
    let total = 0;
    for (;;) {
      const { rows } = await client.query(`fetch ${BATCH} from leads_export`);
      if (rows.length === 0) break;
      total += rows.length;
      await onBatch(z.array(leadRow).parse(rows).map(toLead));
    }
    await client.query('close leads_export');
    return total;
  });
}
