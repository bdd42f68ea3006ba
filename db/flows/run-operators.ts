import type pg from 'pg';
import { notifyWorkspace } from '../notify';
import { parseRunColumn, runTriggerSchema } from '../../contracts/run-state';
import { enqueueAdvance, startRun } from './runs';

/**
 * What an operator can do to a run (ARCHITECTURE.md#flow-runtime). Each takes the run's row lock and
 * runs inside the caller's transaction; refusals come back as values for the route to word.
 */
export type RunRefusal = 'not_found' | 'live_run_exists' | { notAllowed: string };

const liveStatuses = ['running', 'waiting', 'sleeping'];

/** Retry from the failed step: that node runs again as a new step, and the run goes on from there. */
export async function retryRun(client: pg.PoolClient, workspaceId: string, id: string): Promise<RunRefusal | null> {
  const run = await client.query<{ status: string; flow_id: string; node_id: string | null }>(
    `select r.status, r.flow_id,
            (select s.node_id from run_steps s where s.run_id = r.id and s.status = 'failed' order by s.seq desc limit 1) as node_id
     from flow_runs r where r.workspace_id = $1 and r.id = $2 for update`,
    [workspaceId, id],
  );
  const row = run.rows[0];
  if (!row) return 'not_found';
  if (row.status !== 'failed' || !row.node_id) return { notAllowed: 'failed' };
  try {
    await client.query(
      `update flow_runs set status = 'running', error = null, finished_at = null, status_detail = 'Retrying from the failed step',
         pending_input = jsonb_build_object('type', 'retryFrom', 'nodeId', $2::text), updated_at = now() where id = $1`,
      [id, row.node_id],
    );
  } catch (err) {
    // The one-live-run-per-contact unique index: another run of this flow started meanwhile.
    if ((err as { code?: string }).code === '23505') return 'live_run_exists';
    throw err;
  }
  await enqueueAdvance(client, [id]);
  await notifyWorkspace(client, workspaceId, { type: 'run.updated', runId: id, flowId: row.flow_id, status: 'running' });
  return null;
}

/** Replay from the start on the flow's latest version: a new run for the same contact and trigger. */
export async function replayRun(client: pg.PoolClient, workspaceId: string, id: string): Promise<RunRefusal | { runId: string }> {
  const found = await client.query<{ flow_id: string; account_id: string; contact_id: string; trigger: unknown; status: string; version_id: string | null }>(
    `select r.flow_id, r.account_id, r.contact_id, r.trigger, r.status,
            coalesce(f.active_version_id, (select v.id from flow_versions v where v.flow_id = f.id order by v.version desc limit 1)) as version_id
     from flow_runs r join flows f on f.id = r.flow_id
     where r.workspace_id = $1 and r.id = $2 for update of r`,
    [workspaceId, id],
  );
  const run = found.rows[0];
  if (!run) return 'not_found';
  if (liveStatuses.includes(run.status)) await stopRun(client, workspaceId, id, run.flow_id, 'Replaced by a replay');
  const started = await startRun(client, {
    workspaceId,
    flowId: run.flow_id,
    versionId: run.version_id!,
    accountId: run.account_id,
    contactId: run.contact_id,
    trigger: { ...parseRunColumn(runTriggerSchema, run.trigger, id, 'trigger'), replayOf: id },
  });
  return started ? { runId: started } : 'live_run_exists';
}

/** Cancel a live run; `notAllowed` carries the status it already has. */
export async function cancelRun(client: pg.PoolClient, workspaceId: string, id: string): Promise<RunRefusal | null> {
  const found = await client.query<{ status: string; flow_id: string }>(
    'select status, flow_id from flow_runs where workspace_id = $1 and id = $2 for update',
    [workspaceId, id],
  );
  const run = found.rows[0];
  if (!run) return 'not_found';
  if (!liveStatuses.includes(run.status)) return { notAllowed: run.status };
  await stopRun(client, workspaceId, id, run.flow_id, 'Cancelled by an operator');
  return null;
}

async function stopRun(client: pg.PoolClient, workspaceId: string, runId: string, flowId: string, why: string) {
  await client.query(
    `update flow_runs set status = 'cancelled', status_detail = $2, pending_input = null, resume_at = null, finished_at = now(), updated_at = now() where id = $1`,
    [runId, why],
  );
  await client.query('delete from run_timers where run_id = $1', [runId]);
  await client.query(`update run_steps set status = 'skipped', finished_at = now() where run_id = $1 and status in ('running', 'waiting', 'sleeping')`, [
    runId,
  ]);
  await notifyWorkspace(client, workspaceId, { type: 'run.updated', runId, flowId, status: 'cancelled' });
}
