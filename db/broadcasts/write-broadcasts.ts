import type pg from 'pg';
import type { CreateBroadcastBody } from '../../contracts/broadcasts';
import { jobKey, jobs, type TaskName } from '../../contracts/jobs';
import type { AuditHook } from '../audit/record-audit';
import { withTransaction } from '../transaction';

type Client = Pick<pg.PoolClient, 'query'>;

export async function createBroadcast(pool: pg.Pool, workspaceId: string, body: CreateBroadcastBody): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into broadcasts (workspace_id, name, text, link, track_links, segment) values ($1, $2, $3, $4, $5, $6) returning id`,
    [workspaceId, body.name, body.text, body.link || null, body.trackLinks, JSON.stringify(body.segment)],
  );
  return rows[0]!.id;
}

/** Queues (or replaces, by its key) the broadcast's dispatch job, in the caller's transaction. */
export async function addDispatchJob(db: Client, broadcastId: string, runAt: Date | null): Promise<void> {
  await db.query(
    `select graphile_worker.add_job($1, json_build_object('broadcastId', $2::text), run_at => coalesce($3::timestamptz, now()),
       max_attempts => $4, job_key => $5, priority => $6)`,
    [
      'broadcast.dispatch' satisfies TaskName,
      broadcastId,
      runAt,
      jobs['broadcast.dispatch'].maxAttempts,
      jobKey('broadcast.dispatch', broadcastId),
      jobs['broadcast.dispatch'].priority,
    ],
  );
}

export type StartResult = 'started' | 'already' | 'not_found' | 'finished';

/**
 * Draft → scheduled, with its dispatch job at runAt (null: now), in one transaction. The row lock
 * makes a double click one start: the second finds it no longer a draft and changes nothing.
 */
export async function startBroadcast(pool: pg.Pool, workspaceId: string, id: string, runAt: Date | null, audit?: AuditHook): Promise<StartResult> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ status: string }>('select status from broadcasts where workspace_id = $1 and id = $2 for update', [workspaceId, id]);
    const status = rows[0]?.status;
    if (!status) return 'not_found';
    if (status === 'completed' || status === 'cancelled') return 'finished';
    if (status !== 'draft') return 'already';
    await client.query(`update broadcasts set status = 'scheduled', run_at = coalesce($2::timestamptz, now()) where id = $1`, [id, runAt]);
    await addDispatchJob(client, id, runAt);
    await audit?.(client);
    return 'started';
  });
}

/**
 * Takes back the broadcast's sends still waiting for their slot (ledger row `queued`): the ledger
 * row and its draft message are deleted and the recipient goes back to `to`. A send a worker holds
 * (row locked, or `sending`) is past the point of no return and stays: the delete waits for the
 * lock and then no longer matches. Its outbound.send job later finds nothing and does nothing.
 */
async function pullBackQueued(client: Client, broadcastId: string, to: 'pending' | 'cancelled'): Promise<void> {
  await client.query(
    `with pulled as (
       delete from outbound_ledger l using broadcast_recipients r
       where r.broadcast_id = $1 and r.status = 'queued' and l.id = r.ledger_id and l.status = 'queued'
       returning l.id, l.message_id),
     gone as (delete from messages m using pulled p where m.id = p.message_id)
     update broadcast_recipients r set status = $2, ledger_id = null from pulled p where r.ledger_id = p.id`,
    [broadcastId, to],
  );
}

export type ControlResult = 'ok' | 'not_found' | 'conflict';

async function control(
  pool: pg.Pool,
  workspaceId: string,
  id: string,
  from: string[],
  fn: (client: pg.PoolClient, status: string) => Promise<void>,
  audit?: AuditHook,
) {
  return withTransaction(pool, async (client): Promise<ControlResult> => {
    const { rows } = await client.query<{ status: string }>('select status from broadcasts where workspace_id = $1 and id = $2 for update', [workspaceId, id]);
    if (!rows[0]) return 'not_found';
    if (!from.includes(rows[0].status)) return 'conflict';
    await fn(client, rows[0].status);
    await audit?.(client);
    return 'ok';
  });
}

/** Running or scheduled → paused: nothing more is queued, and what waits for its slot is taken back. */
export const pauseBroadcast = (pool: pg.Pool, workspaceId: string, id: string, audit?: AuditHook) =>
  control(
    pool,
    workspaceId,
    id,
    ['running', 'scheduled'],
    async (client) => {
      await client.query(`update broadcasts set status = 'paused' where id = $1`, [id]);
      await pullBackQueued(client, id, 'pending');
    },
    audit,
  );

/** Paused → running (or scheduled, when it never started): the dispatch job goes on from where it was. */
export const resumeBroadcast = (pool: pg.Pool, workspaceId: string, id: string, audit?: AuditHook) =>
  control(
    pool,
    workspaceId,
    id,
    ['paused'],
    async (client) => {
      const { rows } = await client.query<{ run_at: Date | null }>(
        `update broadcasts set status = case when started_at is null then 'scheduled' else 'running' end where id = $1
         returning case when started_at is null then run_at end as run_at`,
        [id],
      );
      // A scheduled broadcast paused before its time keeps its time.
      await addDispatchJob(client, id, rows[0]?.run_at ?? null);
    },
    audit,
  );

/** Any state but finished → cancelled: pending recipients and sends waiting for their slot are cancelled. */
export const cancelBroadcast = (pool: pg.Pool, workspaceId: string, id: string, audit?: AuditHook) =>
  control(
    pool,
    workspaceId,
    id,
    ['draft', 'scheduled', 'running', 'paused'],
    async (client) => {
      await client.query(`update broadcasts set status = 'cancelled', finished_at = now() where id = $1`, [id]);
      await client.query(`update broadcast_recipients set status = 'cancelled' where broadcast_id = $1 and status = 'pending'`, [id]);
      await pullBackQueued(client, id, 'cancelled');
    },
    audit,
  );

/**
 * Failed recipients get another try: back to pending with the next attempt number, so the retry has
 * a ledger key of its own (a failed ledger row was never delivered).
 */
export async function retryFailed(pool: pg.Pool, workspaceId: string, id: string): Promise<{ result: ControlResult; retried: number }> {
  let retried = 0;
  const result = await control(pool, workspaceId, id, ['running', 'paused', 'completed'], async (client, status) => {
    const { rowCount } = await client.query(
      `update broadcast_recipients r set status = 'pending', attempt = r.attempt + 1, ledger_id = null
       from outbound_ledger l where r.broadcast_id = $1 and r.status = 'queued' and l.id = r.ledger_id and l.status = 'failed'`,
      [id],
    );
    retried = rowCount ?? 0;
    if (retried > 0 && status !== 'paused') {
      await client.query(`update broadcasts set status = 'running', finished_at = null where id = $1`, [id]);
      await addDispatchJob(client, id, null);
    }
  });
  return { result, retried };
}
