import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookQueueName } from '../../contracts/jobs';
import { ingestEvents, type IncomingEvent } from '../../db/inbound/ingest-events';
import { sendLimitsFromConfig } from '../../db/sends/send-limits';
import { edge, keywordTrigger, node, publishFlow, runDetail, runsOf } from '../../tests/support/flows';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';
import { processInboundBatch } from '../inbound/process-batch';
import { recordCommitSettings } from '../../tests/support/async-commit';

/**
 * A run that an inbound event starts takes its first steps in the inbound batch's transaction
 * (workers/flows/first-steps.ts, ADR 0007 amendment "first steps in the inbound transaction"): up to
 * its webhook call, its end or a park, with no `run.advance` job; a first send is left to that job;
 * past the batch's cap runs get their job as before; a failed batch starts nothing twice. Driven
 * directly on a web-only app (no worker takes the events or the jobs).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ role: 'web' });
});
afterAll(() => t.stop());

const limits = sendLimitsFromConfig({ privateRepliesPerHour: 750 });
const sink = 'http://127.0.0.1:9/hook';

async function setup(keyword: string, graph: Parameters<typeof publishFlow>[1]) {
  const w = await newWorkspaceUser(t.baseUrl);
  const flowId = await publishFlow(w.client, graph);
  const { pool } = t.app.database;
  const ws = w.user.workspaceId;
  const dm = (id: string, from: string, text = `${keyword} please`): IncomingEvent => ({
    provider: 'sandbox',
    eventKey: `${ws}:${id}`,
    workspaceId: ws,
    payload: {
      type: 'message',
      accountId: w.instagram.id,
      messageId: id,
      from: { id: from, name: `Fan ${from}`, username: from },
      text,
      createdAt: new Date().toISOString(),
    },
  });
  const shardOf = async (key: string) =>
    (await pool.query<{ shard: number }>('select shard from inbound_events where event_key = $1', [`${ws}:${key}`])).rows[0]!.shard;
  const jobsOf = async (runIds: string[]) =>
    (
      await pool.query<{ task: string; key: string; queue: string | null }>(
        `select task_identifier as task, key, queue_name as queue from graphile_worker.jobs
         where key = any(select p || id from unnest($1::text[]) id, unnest(array['run:', 'webhook:', 'ai:']) p) order by task_identifier, key`,
        [runIds],
      )
    ).rows;
  return { w, ws, pool, flowId, dm, shardOf, jobsOf };
}

const webhookFlow = (keyword: string) => ({
  nodes: [
    keywordTrigger([keyword]),
    node('2', 'addTag', { tag: 'asked' }),
    node('3', 'webhook', { method: 'POST', url: sink, headers: [], body: '{"u":"{username}"}' }),
    node('4', 'instagramDM', { text: 'Saved' }),
  ],
  edges: [edge('1', '2'), edge('2', '3'), edge('3', '4')],
});

it("a DM's keyword flow takes its steps up to the webhook call in the inbound transaction: the call's job is queued, no run.advance job", async () => {
  const { w, ws, pool, flowId, dm, shardOf, jobsOf } = await setup('hook', webhookFlow('hook'));
  await ingestEvents(pool, [dm('d1', 'fan-a')]);
  expect(await processInboundBatch(pool, { shard: await shardOf('d1'), size: 100 }, { limits })).toEqual({ claimed: 1, processed: 1, malformed: 0, failed: 0 });

  const [run] = await runsOf(w.client, flowId);
  expect(run).toMatchObject({ status: 'running' });
  const detail = await runDetail(w.client, run!.id);
  expect(detail.steps.map((s) => `${s.nodeId}:${s.status}:${s.attempts}`)).toEqual(['1:completed:1', '2:completed:1', '3:running:1']);
  expect(detail.statusDetail).toBe('Running step');
  const row = await pool.query('select pending_input, state, step_count, current_node_id from flow_runs where id = $1', [run!.id]);
  expect(row.rows[0]).toMatchObject({ pending_input: null, step_count: 3, current_node_id: '3', state: { seq: 3, awaiting: { seq: 3, on: 'activity' } } });
  // The tag was applied once, in the same transaction.
  const tags = await pool.query(`select tags from contacts where workspace_id = $1 and external_user_id = 'fan-a'`, [ws]);
  expect(tags.rows[0].tags).toEqual(['asked']);
  // The call's job, in the run's lane, as the driver would have queued it; nothing for run.advance.
  expect(await jobsOf([run!.id])).toEqual([{ task: 'run.webhook', key: `webhook:${run!.id}`, queue: webhookQueueName(ws, run!.id, 4) }]);
  // …with the webhook flag (the slot budget, ADR 0009), priority, attempts and payload enqueueWebhookCall gives it.
  const job = await pool.query('select flags, priority, max_attempts, payload from graphile_worker._private_jobs where key = $1', [`webhook:${run!.id}`]);
  expect(job.rows[0]).toEqual({ flags: { webhook: true }, priority: 5, max_attempts: 25, payload: { runId: run!.id, seq: 3, workspaceId: ws } });
});

it('a batch that started runs commits durably (ADR 0030): a lane already draining makes the queued call with no write before it', async () => {
  const { w, pool, flowId, dm, shardOf } = await setup('durable', webhookFlow('durable'));
  await ingestEvents(pool, [dm('u1', 'fan-u')]);
  const recorded = recordCommitSettings(pool);
  expect(await processInboundBatch(recorded.pool, { shard: await shardOf('u1'), size: 100 }, { limits })).toMatchObject({ processed: 1 });
  expect(await runsOf(w.client, flowId)).toHaveLength(1);
  expect(recorded.commits).toEqual(['on']);
});

it('a first step that sends a DM is left to the run.advance job, which takes the whole first turn as before', async () => {
  const { w, pool, flowId, dm, shardOf, jobsOf } = await setup('send', {
    nodes: [keywordTrigger(['send']), node('2', 'instagramDM', { text: 'Hi' })],
    edges: [edge('1', '2')],
  });
  await ingestEvents(pool, [dm('s1', 'fan-b')]);
  await processInboundBatch(pool, { shard: await shardOf('s1'), size: 100 }, { limits });
  const [run] = await runsOf(w.client, flowId);
  expect((await runDetail(w.client, run!.id)).steps).toEqual([]);
  const row = await pool.query('select status, pending_input from flow_runs where id = $1', [run!.id]);
  expect(row.rows[0]).toEqual({ status: 'running', pending_input: { type: 'start' } });
  expect(await jobsOf([run!.id])).toEqual([{ task: 'run.advance', key: `run:${run!.id}`, queue: null }]);
});

it("a first turn that captures a lead is left to the run.advance job (the event's own lead score is written after it)", async () => {
  const { w, pool, flowId, dm, shardOf, jobsOf } = await setup('lead', {
    nodes: [keywordTrigger(['lead']), node('2', 'captureLead', { from: 'lastMessage' })],
    edges: [edge('1', '2')],
  });
  await ingestEvents(pool, [dm('l1', 'fan-l', 'lead me: fan@example.com')]);
  await processInboundBatch(pool, { shard: await shardOf('l1'), size: 100 }, { limits });
  const [run] = await runsOf(w.client, flowId);
  expect((await runDetail(w.client, run!.id)).steps).toEqual([]);
  expect(await jobsOf([run!.id])).toEqual([{ task: 'run.advance', key: `run:${run!.id}`, queue: null }]);
});

it("a flow that ends in its first turn completes in the inbound transaction; past the batch's cap runs get their job", async () => {
  const { w, pool, flowId, dm, shardOf, jobsOf } = await setup('tagme', {
    nodes: [keywordTrigger(['tagme']), node('2', 'addTag', { tag: 'tagged' })],
    edges: [edge('1', '2')],
  });
  await ingestEvents(pool, [dm('t1', 'fan-c'), dm('t2', 'fan-d'), dm('t3', 'fan-e')]);
  const shard = await shardOf('t1');
  expect(await shardOf('t3')).toBe(shard);
  expect(await processInboundBatch(pool, { shard, size: 100 }, { limits, flows: { webhookLanes: 4, inlinePerBatch: 2 } })).toMatchObject({ processed: 3 });
  const runs = await runsOf(w.client, flowId);
  const byContact = new Map(runs.map((r) => [r.contact.name, r]));
  expect(byContact.get('Fan fan-c')!.status).toBe('completed');
  expect(byContact.get('Fan fan-d')!.status).toBe('completed');
  // The third is past the cap: its run.advance job takes it from the start.
  const third = byContact.get('Fan fan-e')!;
  expect(third.status).toBe('running');
  expect(await jobsOf(runs.map((r) => r.id))).toEqual([{ task: 'run.advance', key: `run:${third.id}`, queue: null }]);
});

it('a batch that fails starts its runs in the event-by-event redo only: one run per contact, one webhook job, steps once', async () => {
  const { w, pool, flowId, dm, shardOf, jobsOf } = await setup('redo', webhookFlow('redo'));
  // A fault only one DM of the batch hits (its message insert fails): the batch rolls back with the
  // steps its other event's run took, and the redo event by event takes them again, once.
  await pool.query(`alter table messages add constraint first_steps_fault check (content <> 'redo boom') not valid`);
  try {
    await ingestEvents(pool, [dm('r1', 'fan-f'), dm('r2', 'fan-g', 'redo boom')]);
    const shard = await shardOf('r1');
    expect(await shardOf('r2')).toBe(shard);
    expect(await processInboundBatch(pool, { shard, size: 100 }, { limits })).toEqual({ claimed: 2, processed: 1, malformed: 0, failed: 1 });
  } finally {
    await pool.query('alter table messages drop constraint first_steps_fault');
  }
  const runs = await runsOf(w.client, flowId);
  expect(runs.map((r) => r.contact.name)).toEqual(['Fan fan-f']);
  const detail = await runDetail(w.client, runs[0]!.id);
  expect(detail.steps.map((s) => `${s.nodeId}:${s.status}:${s.attempts}`)).toEqual(['1:completed:1', '2:completed:1', '3:running:1']);
  expect(await jobsOf([runs[0]!.id])).toEqual([{ task: 'run.webhook', key: `webhook:${runs[0]!.id}`, queue: expect.any(String) }]);
});
