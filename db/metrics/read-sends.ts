import type pg from 'pg';

type Db = Pick<pg.Pool, 'query'>;

/** The platform label of a send: its account's platform, or `sandbox` for the simulator's accounts. */
const PLATFORM_SQL = `case when a.provider = 'sandbox' then 'sandbox' else a.platform end`;

export interface SentWindow {
  platform: string;
  /** Sends per latency bucket: index i counts latencies in [bounds[i-1], bounds[i]), the last one beyond every bound. */
  buckets: number[];
  count: number;
  latencySum: number;
}

/**
 * Sends completed with `sent_at` in [from, to), per platform, with their latency (queued →
 * platform accepted: `sent_at - created_at`, rate pacing and retries included) counted into the
 * `bounds` buckets (seconds, ascending). Uses the ledger's sent_at index (migration 0037).
 */
export async function readSentWindow(db: Db, from: Date, to: Date, bounds: number[]): Promise<SentWindow[]> {
  const { rows } = await db.query<{ platform: string; bucket: number; n: number; latency: number }>(
    `select ${PLATFORM_SQL} as platform, width_bucket(extract(epoch from l.sent_at - l.created_at)::float8, $3::float8[]) as bucket,
            count(*)::int as n, sum(extract(epoch from l.sent_at - l.created_at))::float8 as latency
     from outbound_ledger l join social_accounts a on a.id = l.account_id
     where l.status = 'sent' and l.sent_at >= $1 and l.sent_at < $2
     group by 1, 2`,
    [from, to, bounds],
  );
  const byPlatform = new Map<string, SentWindow>();
  for (const r of rows) {
    const w = byPlatform.get(r.platform) ?? { platform: r.platform, buckets: new Array<number>(bounds.length + 1).fill(0), count: 0, latencySum: 0 };
    w.buckets[r.bucket]! += r.n;
    w.count += r.n;
    w.latencySum += Math.max(0, r.latency);
    byPlatform.set(r.platform, w);
  }
  return [...byPlatform.values()];
}

export interface UnsentCount {
  accountId: string;
  platform: string;
  status: 'queued' | 'sending' | 'failed';
  n: number;
}

/**
 * Ledger rows queued, in flight and failed, per account (with its platform). One index range per
 * account on (account_id, status): the cost follows these rows and the accounts, not the sent history.
 */
export async function readUnsentCounts(db: Db): Promise<UnsentCount[]> {
  const { rows } = await db.query<UnsentCount>(
    `select a.id as "accountId", ${PLATFORM_SQL} as platform, c.status, c.n
     from social_accounts a
     cross join lateral (
       select l.status, count(*)::int as n from outbound_ledger l
       where l.account_id = a.id and l.status in ('queued', 'sending', 'failed')
       group by l.status) c`,
  );
  return rows;
}
