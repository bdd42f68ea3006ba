import type pg from 'pg';

type Db = Pick<pg.Pool, 'query'>;

export interface InstanceGauges {
  /** Worker processes whose heartbeat is fresher than the stale limit (workers/watchdog.ts). */
  workersAlive: number;
  /** Model answers claimed this UTC month and the last, per `<workspace id> <first day of the month>`. */
  aiAnswers: Map<string, number>;
}

/** Small tables: the worker heartbeats, and this month's and last month's rows of ai_model_usage (one per workspace). */
export async function readInstanceGauges(db: Db, workerStaleAfterMs: number): Promise<InstanceGauges> {
  const [workers, ai] = await Promise.all([
    db.query<{ n: number }>('select count(*)::int as n from worker_heartbeats where last_seen > now() - make_interval(secs => $1 / 1000.0)', [
      workerStaleAfterMs,
    ]),
    db.query<{ key: string; answers: number }>(
      `select workspace_id || ' ' || to_char(month, 'YYYY-MM-DD') as key, answers from ai_model_usage
       where month >= (date_trunc('month', now() at time zone 'utc') - interval '1 month')::date`,
    ),
  ]);
  return { workersAlive: workers.rows[0]!.n, aiAnswers: new Map(ai.rows.map((r) => [r.key, r.answers])) };
}
