import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sender } from '../../activities/send-outbound.activity';
import { defaultSendLimits } from '../../contracts/inbound';
import { jobs } from '../../contracts/jobs';
import { pumpDueTimers } from '../../db/flows/pump-due-timers';
import { edge, keywordTrigger, node, publishFlow, startTestRun } from '../../tests/support/flows';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';
import { resumeBatch } from './resume-batch';
import { driveRun } from './run-driver';

/**
 * Due timers ride in their runs.resume job (ADR 0055): the pump deletes the timers and adds the
 * jobs without writing the runs; the batch takes each input only while its run still sleeps or
 * waits on that step with no other input, and leaves it on the row for the run's own job when it
 * cannot take it itself (a send slot, a run another transaction holds).
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof newWorkspaceUser>>;
let flowId: string;
let versionId: string;
beforeAll(async () => {
  t = await startTestApp({ role: 'web' }); // no worker: the test pumps and resumes itself
  w = await newWorkspaceUser(t.baseUrl);
  flowId = await publishFlow(w.client, {
    nodes: [keywordTrigger(['go']), node('2', 'delay', { amount: 1, unit: 'hours' }), node('3', 'addTag', { tag: 'woke' }), node('4', 'complete')],
    edges: [edge('1', '2'), edge('2', '3'), edge('3', '4')],
  });
  versionId = (await pool().query<{ id: string }>('select active_version_id as id from flows where id = $1', [flowId])).rows[0]!.id;
});
afterAll(() => t.stop());

const pool = () => t.app.database.pool;
const noSends: Sender = { send: () => Promise.reject(new Error('this flow sends nothing')) } as unknown as Sender;
const config = { limits: defaultSendLimits, sender: noSends, retryBaseMs: 10, maxAttempts: 3 };
const lanes = { webhookLanes: 4 };
const fired = { type: 'timerFired', seq: 2 } as const;

/** A run asleep on its 1-hour delay (seq 2), its start job gone as a worker would have done it. */
async function sleepingRun(name: string): Promise<string> {
  const runId = await startTestRun(pool(), w, { flowId, versionId }, name);
  await driveRun(pool(), runId, config);
  await pool().query('delete from graphile_worker._private_jobs where key = $1', [`run:${runId}`]);
  return runId;
}

const runRow = async (runId: string) =>
  (await pool().query('select status, pending_input, step_count from flow_runs where id = $1', [runId])).rows[0] as {
    status: string;
    pending_input: unknown;
    step_count: number;
  };
const advanceJobs = async (runId: string) =>
  (await pool().query<{ n: number }>('select count(*)::int n from graphile_worker._private_jobs where key = $1', [`run:${runId}`])).rows[0]!.n;

it('the pump consumes due timers into runs.resume jobs that carry each run its input, and writes no run', async () => {
  const a = await sleepingRun('pump-a');
  const b = await sleepingRun('pump-b');
  await pool().query(`update run_timers set due_at = now() - interval '1 second' where run_id = any($1::uuid[])`, [[a, b]]);
  const before = await pool().query('select id, xmin::text from flow_runs where id = any($1::uuid[]) order by id', [[a, b]]);

  expect(await pumpDueTimers(pool(), 100, 250)).toMatchObject({ moved: 2 });
  const { rows } = await pool().query<{ payload: unknown }>(
    `select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'runs.resume'`,
  );
  const job = jobs['runs.resume'].payload.parse(rows[0]!.payload);
  expect(rows).toHaveLength(1);
  expect(new Set(job.runIds)).toEqual(new Set([a, b]));
  expect(job.inputs).toEqual([fired, fired]);
  expect((await pool().query('select count(*)::int n from run_timers where run_id = any($1::uuid[])', [[a, b]])).rows[0]).toEqual({ n: 0 });
  // Neither run row was written by the pump (same row versions).
  expect((await pool().query('select id, xmin::text from flow_runs where id = any($1::uuid[]) order by id', [[a, b]])).rows).toEqual(before.rows);

  await resumeBatch(pool(), job, lanes);
  for (const id of [a, b]) expect(await runRow(id)).toEqual({ status: 'completed', pending_input: null, step_count: 4 });
  await pool().query(
    `delete from graphile_worker._private_jobs where task_id = (select id from graphile_worker._private_tasks where identifier = 'runs.resume')`,
  );
});

it('an input that came first wins over the timer, a stale timer is dropped, and a replayed job changes nothing', async () => {
  const replied = await sleepingRun('replied-first');
  const stale = await sleepingRun('stale-timer');
  const done = await sleepingRun('done-once');
  // Another input reached the run's row before its timer's job ran (e.g. a reply before its timeout).
  await pool().query(`update flow_runs set pending_input = '{"type":"timerFired","seq":2}' where id = $1`, [replied]);
  const replyRow = await runRow(replied);

  await resumeBatch(pool(), { runIds: [replied, stale, done], inputs: [fired, { type: 'timerFired', seq: 7 }, fired] }, lanes);
  expect(await runRow(replied)).toEqual(replyRow); // left to the input that was there, untouched
  expect(await runRow(stale)).toMatchObject({ status: 'sleeping', pending_input: null, step_count: 2 });
  expect(await runRow(done)).toEqual({ status: 'completed', pending_input: null, step_count: 4 });
  const steps = async () => (await pool().query('select count(*)::int n from run_steps where run_id = $1', [done])).rows[0];
  const stepsAfter = await steps();
  await resumeBatch(pool(), { runIds: [done], inputs: [fired] }, lanes); // a job attempt replayed
  expect(await steps()).toEqual(stepsAfter);
  expect(await advanceJobs(stale)).toBe(0);
});

it('a send slot, and a run another transaction holds, get their input on the row and their run.advance job', async () => {
  const slot = await sleepingRun('send-slot');
  const held = await sleepingRun('held');
  const holder = await pool().connect();
  try {
    await holder.query('begin');
    await holder.query('select 1 from flow_runs where id = $1 for update', [held]);
    // A send slot for the awaited step (the driver alone handles it), and a run the holder has locked.
    const resuming = resumeBatch(pool(), { runIds: [slot, held], inputs: [{ type: 'sendSlot', seq: 2 }, fired] }, lanes);
    await new Promise((r) => setTimeout(r, 300));
    expect(await runRow(held)).toMatchObject({ status: 'sleeping', pending_input: null }); // still waiting on the holder
    await holder.query('commit');
    await resuming;
  } finally {
    holder.release();
  }
  expect(await runRow(slot)).toMatchObject({ status: 'sleeping', pending_input: { type: 'sendSlot', seq: 2 } });
  expect(await runRow(held)).toMatchObject({ status: 'sleeping', pending_input: fired });
  expect(await advanceJobs(slot)).toBe(1);
  expect(await advanceJobs(held)).toBe(1);
  await driveRun(pool(), held, config);
  expect(await runRow(held)).toEqual({ status: 'completed', pending_input: null, step_count: 4 });
});
