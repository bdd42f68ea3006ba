import type pg from 'pg';
import { z } from 'zod';
import type { LeadFilters } from '../../contracts/leads';
import { withTransaction } from '../transaction';
import { leadWhere } from './lead-filters';

/** Small on purpose: what one batch allocates must die young (see exportLeadsCsv). */
const BATCH = 200;

/**
 * One CSV field (RFC 4180) of a text column, in SQL: a spreadsheet opens a cell that starts with
 * = + - @ (or a tab / carriage return) as a formula, so such text gets a leading apostrophe (shown
 * as text, never evaluated: CSV injection); then the field is quoted when it holds a quote, comma or
 * line break, quotes doubled. NULL is an empty field.
 */
export const csvFieldSql = (column: string) =>
  `coalesce((select case when t ~ '[",\\r\\n]' then '"' || replace(t, '"', '""') || '"' else t end
             from (select case when ${column} ~ '^[=+\\-@\\t\\r]' then '''' || ${column} else ${column} end as t) f), '')`;

export const leadsCsvHeader = 'id,name,email,social_handle,source,status,score,value_usd,notes,created_at,updated_at\r\n';

/** A lead as one CSV record, CRLF-terminated, in the header's order: value in dollars, times in UTC ISO 8601. */
const csvRecord = [
  'id::text',
  csvFieldSql('name'),
  csvFieldSql('email'),
  csvFieldSql('social_handle'),
  'source',
  'status',
  'score::text',
  `to_char(value_cents / 100.0, 'FM999999990.00')`,
  csvFieldSql('notes'),
  `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  `to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
].join(` || ',' || `);

const batchRows = z.array(z.tuple([z.string()]));

/**
 * Every lead matching the filters as CSV records, in list order, handed to `write` 200 at a time
 * (one string per batch) from a server-side cursor in one transaction (one snapshot). PostgreSQL
 * formats the records, so a batch costs the server one string per lead and one for the batch,
 * not a row object, two Dates and a dozen field strings per lead: memory stays flat however many
 * leads there are (tests/perf/results/README.md#leads). `write` returns a promise only when the
 * reader is behind (backpressure); the next batch is fetched once it resolves. A throw from `write`
 * (the client went away) rolls back and closes the cursor.
 */
export async function exportLeadsCsv(
  pool: pg.Pool,
  workspaceId: string,
  filters: LeadFilters,
  write: (csv: string) => Promise<void> | undefined,
): Promise<number> {
  return withTransaction(pool, async (client) => {
    const { where, params } = leadWhere(workspaceId, filters);
    await client.query(
      `declare leads_export no scroll cursor for select ${csvRecord} || E'\\r\\n' from leads where ${where} order by created_at desc, id desc`,
      params,
    );
    let total = 0;
    for (;;) {
      const { n, drained } = await nextBatch(client, write);
      if (n === 0) break;
      total += n;
      if (drained) await drained;
    }
    await client.query('close leads_export');
    return total;
  });
}

/** One batch fetched and handed over; its rows go out of scope when this returns. */
async function nextBatch(client: pg.PoolClient, write: (csv: string) => Promise<void> | undefined) {
  const { rows } = await client.query({ text: `fetch ${BATCH} from leads_export`, rowMode: 'array' });
  if (rows.length === 0) return { n: 0, drained: undefined };
  const records = batchRows.parse(rows);
  let csv = '';
  for (const [record] of records) csv += record;
  return { n: records.length, drained: write(csv) };
}
