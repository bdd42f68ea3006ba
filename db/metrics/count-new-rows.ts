import type pg from 'pg';

type Db = Pick<pg.Pool, 'query'>;

/**
 * Inbound events stored with an id in (after, upTo], per provider (meta, x, sandbox): the webhook
 * and simulator events accepted across the fleet. A primary-key range: as cheap as the range is short.
 */
export async function countNewInboundEvents(db: Db, after: bigint, upTo: bigint): Promise<Map<string, number>> {
  const { rows } = await db.query<{ provider: string; n: number }>(
    'select provider, count(*)::int as n from inbound_events where id > $1 and id <= $2 group by provider',
    [after.toString(), upTo.toString()],
  );
  return new Map(rows.map((r) => [r.provider, r.n]));
}

/** Flow steps recorded with an id in (after, upTo], per node kind (a retried step is one row). */
export async function countNewRunSteps(db: Db, after: bigint, upTo: bigint): Promise<Map<string, number>> {
  const { rows } = await db.query<{ kind: string; n: number }>('select kind, count(*)::int as n from run_steps where id > $1 and id <= $2 group by kind', [
    after.toString(),
    upTo.toString(),
  ]);
  return new Map(rows.map((r) => [r.kind, r.n]));
}
