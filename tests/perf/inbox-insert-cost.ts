import type pg from 'pg';

/**
 * What the inbox search's write path costs a message insert (the comment path writes one per
 * reply): single-row inserts into the seeded messages table, in one transaction per variant that is
 * rolled back, so a variant without the GIN or without the tsvector column is a DROP inside that
 * transaction (DDL is transactional) and nothing has to be rebuilt. Each variant runs `rounds`
 * times, alternated, after a CHECKPOINT (so full-page images count as they do in service); the
 * median is reported: executor time per insert (no commit: that is the same for all), the slowest
 * inserts (a pending-list flush lands on one insert), and WAL bytes per insert.
 */
export interface InsertCost {
  variant: string;
  usPerInsert: number;
  p99Us: number;
  maxUs: number;
  walBytesPerInsert: number;
}

const VARIANTS: { variant: string; ddl: string }[] = [
  { variant: 'before: no search column, no GIN', ddl: 'drop index messages_search_idx; alter table messages drop column search' },
  { variant: 'search column, no GIN', ddl: 'drop index messages_search_idx' },
  { variant: 'search column + GIN, fastupdate on, 512 kB pending list (as migrated)', ddl: '' },
  { variant: 'search column + GIN, fastupdate on, 4 MB pending list', ddl: 'alter index messages_search_idx set (gin_pending_list_limit = 4096)' },
  { variant: 'search column + GIN, fastupdate off', ddl: 'alter index messages_search_idx set (fastupdate = off)' },
];

export async function measureInsertCost(
  pool: pg.Pool,
  ids: { workspaceId: string; accountId: string; conversationId: string },
  opts: { inserts: number; rounds: number },
): Promise<InsertCost[]> {
  const runs = new Map<string, InsertCost[]>();
  for (let round = 0; round < opts.rounds; round++) {
    for (const { variant, ddl } of VARIANTS) {
      const client = await pool.connect();
      try {
        await client.query('checkpoint');
        await client.query('begin');
        if (ddl) await client.query(ddl);
        const before = (await client.query<{ at: string }>('select pg_current_wal_insert_lsn()::text as at')).rows[0]!.at;
        const { rows } = await client.query<{ us: number[]; wal: string }>(
          `select insert_messages($1, $2, $3, $4) as us, pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $5::pg_lsn)::text as wal`,
          [ids.workspaceId, ids.conversationId, ids.accountId, opts.inserts, before],
        );
        await client.query('rollback');
        const us = [...rows[0]!.us].sort((a, b) => a - b);
        const cost: InsertCost = {
          variant,
          usPerInsert: us.reduce((a, b) => a + b, 0) / us.length,
          p99Us: us[Math.floor(us.length * 0.99)]!,
          maxUs: us.at(-1)!,
          walBytesPerInsert: Number(rows[0]!.wal) / us.length,
        };
        runs.set(variant, [...(runs.get(variant) ?? []), cost]);
      } finally {
        await client.query('rollback').catch(() => {});
        client.release();
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return VARIANTS.map(({ variant }) => {
    const r = runs.get(variant)!;
    return {
      variant,
      usPerInsert: +median(r.map((x) => x.usPerInsert)).toFixed(1),
      p99Us: +median(r.map((x) => x.p99Us)).toFixed(0),
      maxUs: +median(r.map((x) => x.maxUs)).toFixed(0),
      walBytesPerInsert: Math.round(median(r.map((x) => x.walBytesPerInsert))),
    };
  });
}

/** A helper function for measureInsertCost: n single-row inserts timed one by one (µs each), in the caller's transaction. */
export const INSERT_MESSAGES_FUNCTION = `
create or replace function insert_messages(ws uuid, conv uuid, acct uuid, n int) returns float8[] language plpgsql as $$
declare t timestamptz; us float8[] := '{}';
begin
  for i in 1..n loop
    t := clock_timestamp();
    insert into messages (workspace_id, conversation_id, account_id, content, direction, status, source)
    values (ws, conv, acct, 'Hi! Here is the lookbook with prices: yourbrand.example/spring (reply ' || i || ')', 'outbound', 'queued', 'comment_rule');
    us := us || extract(epoch from clock_timestamp() - t) * 1e6;
  end loop;
  return us;
end $$`;
