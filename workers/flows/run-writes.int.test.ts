import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sender } from '../../activities/send-outbound.activity';
import { defaultSendLimits } from '../../contracts/inbound';
import { webhookQueueName } from '../../contracts/jobs';
import { edge, keywordTrigger, node, publishFlow, startTestRun } from '../../tests/support/flows';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';
import { resumeBatch } from './resume-batch';
import { driveRun } from './run-driver';

/**
 * The driver and the batch resume write the same rows for the same commands (run-writes.ts). The
 * case they used to differ on: a run that fails on a step recorded in the same advance. The batch
 * updated the failed step before inserting it, so the step stayed "completed" under a failed run.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ role: 'web' }); // no worker: this test drives the runs itself
});
afterAll(() => t.stop());

const pool = () => t.app.database.pool;
const noSends: Sender = { send: () => Promise.reject(new Error('this flow sends nothing')) } as unknown as Sender;
const config = { limits: defaultSendLimits, sender: noSends, retryBaseMs: 10, maxAttempts: 3 };

it('a run failing on a step recorded in the same advance: the driver and the batch resume leave the same rows', async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  const flowId = await publishFlow(w.client, {
    nodes: [keywordTrigger(['go']), node('2', 'delay', { amount: 1, unit: 'minutes' }), node('3', 'addTag', { tag: 'vip' }), node('4', 'complete')],
    edges: [edge('1', '2'), edge('2', '3'), edge('3', '4')],
  });
  const { rows } = await pool().query<{ version_id: string }>('select active_version_id as version_id from flows where id = $1', [flowId]);
  const versionId = rows[0]!.version_id;
  // A plan whose tag step leads to a node the version lacks: the interpreter fails right after recording it.
  await pool().query(`update flow_versions set plan = jsonb_set(plan, '{nodes,3,next,next}', '"ghost"') where id = $1`, [versionId]);

  const start = async (externalUserId: string) => {
    const runId = await startTestRun(pool(), w, { flowId, versionId }, externalUserId);
    await driveRun(pool(), runId, config); // trigger → delay: sleeping on its timer
    return runId;
  };
  const byBatch = await start('batch');
  const byDriver = await start('driver');
  // The delay falls due: the timer pump's runs.resume job carries the input (ADR 0055); the driver reads it from the row.
  await pool().query('delete from run_timers where run_id = any($1::uuid[])', [[byBatch, byDriver]]);
  await resumeBatch(pool(), { runIds: [byBatch], inputs: [{ type: 'timerFired', seq: 2 }] }, { webhookLanes: 4 });
  await pool().query(`update flow_runs set pending_input = '{"type":"timerFired","seq":2}' where id = $1`, [byDriver]);
  await driveRun(pool(), byDriver, config);

  const rowsOf = async (runId: string) => ({
    run: (await pool().query('select status, error, current_node_id, step_count, pending_input, resume_at from flow_runs where id = $1', [runId])).rows[0],
    steps: (await pool().query('select seq, node_id, kind, status, error, attempts from run_steps where run_id = $1 order by seq', [runId])).rows,
    timers: (await pool().query('select count(*)::int as n from run_timers where run_id = $1', [runId])).rows[0],
    tags: (await pool().query('select c.tags from contacts c join flow_runs r on r.contact_id = c.id where r.id = $1', [runId])).rows[0],
  });
  const batch = await rowsOf(byBatch);
  expect(batch).toEqual(await rowsOf(byDriver));
  expect(batch.run).toMatchObject({
    status: 'failed',
    error: 'Node ghost is not in this flow version',
    current_node_id: 'ghost',
    step_count: 3,
    pending_input: null,
  });
  expect(batch.steps.map((s: { seq: number; status: string }) => `${s.seq}:${s.status}`)).toEqual(['1:completed', '2:completed', '3:failed']);
  expect(batch.timers).toEqual({ n: 0 });
  expect(batch.tags).toEqual({ tags: ['vip'] });
});

it('an unreadable stored state names the run instead of dumping zod issues, and does not hold up the rest of a batch', async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  const flowId = await publishFlow(w.client, {
    nodes: [keywordTrigger(['go']), node('2', 'delay', { amount: 1, unit: 'minutes' }), node('3', 'complete')],
    edges: [edge('1', '2'), edge('2', '3')],
  });
  const versionId = (await pool().query<{ id: string }>('select active_version_id as id from flows where id = $1', [flowId])).rows[0]!.id;
  const runs: string[] = [];
  for (const who of ['good', 'bad']) {
    const runId = await startTestRun(pool(), w, { flowId, versionId }, who);
    await driveRun(pool(), runId, config);
    runs.push(runId);
  }
  const [good, bad] = runs as [string, string];
  await pool().query(`update flow_runs set state = jsonb_set(state, '{seq}', '"two"') where id = $1`, [bad]);

  const fired = { type: 'timerFired', seq: 2 } as const;
  await resumeBatch(pool(), { runIds: [good, bad], inputs: [fired, fired] }, { webhookLanes: 4 });
  // The unreadable run's input waits on its row for its run.advance job, which names the run.
  expect((await pool().query('select pending_input from flow_runs where id = $1', [bad])).rows[0]).toEqual({ pending_input: fired });
  expect((await pool().query('select status from flow_runs where id = $1', [good])).rows[0]).toEqual({ status: 'completed' });
  await expect(driveRun(pool(), bad, config)).rejects.toThrow(
    `run ${bad}: stored state is not readable at seq: Invalid input: expected number, received string`,
  );
});

it('a webhook after a delay: the batch resume queues its run.webhook job itself, in the run lane the driver would pick, with no run.advance job between (advanceRuns)', async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  const flowId = await publishFlow(w.client, {
    nodes: [
      keywordTrigger(['go']),
      node('2', 'delay', { amount: 1, unit: 'minutes' }),
      node('3', 'webhook', { method: 'POST', url: 'https://hooks.example/after-delay', headers: [], body: '{}' }),
      node('4', 'complete'),
    ],
    edges: [edge('1', '2'), edge('2', '3'), edge('3', '4')],
  });
  const versionId = (await pool().query<{ id: string }>('select active_version_id as id from flows where id = $1', [flowId])).rows[0]!.id;
  const runId = await startTestRun(pool(), w, { flowId, versionId }, 'delayed-hook');
  await driveRun(pool(), runId, config);
  // The start's run.advance job was this test's driveRun: gone, as a worker would have completed it.
  await pool().query('delete from graphile_worker._private_jobs where key = $1', [`run:${runId}`]);

  // A job queued before ADR 0055: no inputs in it, the timer pump had left the input on the row.
  await pool().query(`update flow_runs set pending_input = '{"type":"timerFired","seq":2}' where id = $1`, [runId]);
  await resumeBatch(pool(), { runIds: [runId] }, { webhookLanes: 4 });
  const jobs = await pool().query<{ task: string; queue: string | null; payload: { seq: number } }>(
    `select t.identifier as task, q.queue_name as queue, j.payload from graphile_worker._private_jobs j
     join graphile_worker._private_tasks t on t.id = j.task_id left join graphile_worker._private_job_queues q on q.id = j.job_queue_id
     where j.key in ($1, $2) order by j.key`,
    [`run:${runId}`, `webhook:${runId}`],
  );
  expect(jobs.rows).toEqual([{ task: 'run.webhook', queue: webhookQueueName(w.user.workspaceId, runId, 4), payload: expect.objectContaining({ seq: 3 }) }]);
  const steps = await pool().query('select seq, kind, status from run_steps where run_id = $1 order by seq', [runId]);
  expect(steps.rows.at(-1)).toEqual({ seq: 3, kind: 'webhook', status: 'running' });
  expect((await pool().query('select status, pending_input from flow_runs where id = $1', [runId])).rows[0]).toEqual({
    status: 'running',
    pending_input: null,
  });
});
