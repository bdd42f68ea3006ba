import { afterAll, beforeAll, expect, it } from 'vitest';
import { edge, keywordTrigger, node, publishFlow } from '../../tests/support/flows';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';
import { EVENTS_CHANNEL } from '../notify';
import { BUSY_PRIORITY, BUSY_WORKSPACE_RUNNABLE_RUNS, enqueueAdvance, enqueueAdvanceQuery, startRun } from './runs';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ role: 'web' }); // no worker: the queued jobs stay as written
});
afterAll(() => t.stop());

const pool = () => t.app.database.pool;
const graph = { nodes: [keywordTrigger(['go']), node('2', 'instagramDM', { text: 'Hi' })], edges: [edge('1', '2')] };

/** `count` runnable runs of a new flow in w's workspace, without jobs; returns their ids. */
async function runnableRuns(w: Awaited<ReturnType<typeof newWorkspaceUser>>, prefix: string, count: number): Promise<string[]> {
  const flowId = await publishFlow(w.client, graph, `${prefix} flow`);
  const { rows } = await pool().query<{ id: string }>(
    `with c as (
       insert into contacts (workspace_id, account_id, external_user_id, name)
       select $1, $2, $3 || g, $3 || g from generate_series(1, $4::int) g returning id)
     insert into flow_runs (workspace_id, flow_id, version_id, account_id, contact_id, status, state, pending_input, trigger)
     select $1, f.id, f.active_version_id, $2, c.id, 'running', '{"v":1,"seq":0,"awaiting":null,"done":false}', '{"type":"start"}', '{"type":"keyword_dm","text":"go"}'
     from c, flows f where f.id = $5
     returning id`,
    [w.user.workspaceId, w.instagram.id, prefix, count, flowId],
  );
  return rows.map((r) => r.id);
}

const priorityOf = async (runId: string) =>
  (await pool().query<{ priority: number }>(`select priority from graphile_worker.jobs where key = 'run:' || $1`, [runId])).rows[0]?.priority;

it("a workspace with a backlog of runnable runs queues its steps behind another workspace's new run", async () => {
  const busy = await newWorkspaceUser(t.baseUrl);
  const quiet = await newWorkspaceUser(t.baseUrl);
  const backlog = await runnableRuns(busy, 'busy', BUSY_WORKSPACE_RUNNABLE_RUNS + 10);
  const [fresh] = await runnableRuns(quiet, 'quiet', 1);

  await enqueueAdvance(pool(), [...backlog, fresh!]);

  expect(await priorityOf(fresh!)).toBe(0);
  const busyPriorities = new Set(await Promise.all(backlog.map(priorityOf)));
  expect([...busyPriorities]).toEqual([BUSY_PRIORITY]);
  // Graphile takes the lowest priority first: the quiet workspace's step is the next job to run.
  const next = await pool().query<{ key: string }>(
    `select key from graphile_worker.jobs where task_identifier = 'run.advance' and run_at <= now() order by priority, run_at, id limit 1`,
  );
  expect(next.rows[0]?.key).toBe(`run:${fresh}`);
});

it('below the threshold a workspace is not busy: its steps keep priority 0', async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  const runs = await runnableRuns(w, 'few', BUSY_WORKSPACE_RUNNABLE_RUNS - 1);
  await enqueueAdvance(pool(), runs);
  expect(new Set(await Promise.all(runs.map(priorityOf)))).toEqual(new Set([0]));
});

it("startRun queues a new run's job at its workspace's priority and tells the browsers, in one statement; a contact's second live run is not started", async () => {
  const busy = await newWorkspaceUser(t.baseUrl);
  const quiet = await newWorkspaceUser(t.baseUrl);
  await runnableRuns(busy, 'crowd', BUSY_WORKSPACE_RUNNABLE_RUNS);
  const start = async (w: Awaited<ReturnType<typeof newWorkspaceUser>>, name: string) => {
    const flowId = await publishFlow(w.client, graph, `${name} flow`);
    const { rows } = await pool().query<{ contact: string; version: string }>(
      `with c as (insert into contacts (workspace_id, account_id, external_user_id, name) values ($1, $2, $3, $3) returning id)
       select c.id as contact, f.active_version_id as version from c, flows f where f.id = $4`,
      [w.user.workspaceId, w.instagram.id, name, flowId],
    );
    const run = { workspaceId: w.user.workspaceId, flowId, versionId: rows[0]!.version, accountId: w.instagram.id, contactId: rows[0]!.contact };
    const trigger = { type: 'keyword_dm' as const, text: 'go', keyword: 'go', messageId: null, commentId: null, postId: null };
    return { run, trigger };
  };
  const listener = await pool().connect();
  const notices: string[] = [];
  listener.on('notification', (n) => notices.push(n.payload ?? ''));
  await listener.query(`listen ${EVENTS_CHANNEL}`);
  try {
    const b = await start(busy, 'late');
    const q = await start(quiet, 'first');
    const busyRun = await startRun(pool(), { ...b.run, trigger: b.trigger });
    const quietRun = await startRun(pool(), { ...q.run, trigger: q.trigger });
    expect(await priorityOf(busyRun!)).toBe(BUSY_PRIORITY);
    expect(await priorityOf(quietRun!)).toBe(0);
    await expect.poll(() => notices.length).toBe(2);
    expect(JSON.parse(notices[1]!)).toEqual({
      workspaceId: quiet.user.workspaceId,
      event: { type: 'run.updated', runId: quietRun, flowId: q.run.flowId, status: 'running' },
    });
    // Already in a live run of this flow: no second run, no job, no notice.
    expect(await startRun(pool(), { ...q.run, trigger: q.trigger })).toBeNull();
    const { rows } = await pool().query(`select count(*)::int n from flow_runs where contact_id = $1`, [q.run.contactId]);
    expect(rows[0].n).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(notices.length).toBe(2);
  } finally {
    await listener.query(`unlisten ${EVENTS_CHANNEL}`);
    listener.release();
  }
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Index Name'?: string;
  'Actual Loops': number;
  Plans?: PlanNode[];
}
const planNodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(planNodes)];

it('the busy count reads the status index once per workspace of a batch, even when the statistics say most runs are running', async () => {
  // What 10,000 due timers met (flows bench part C): runs.resume batches of 250 runs of one
  // workspace whose other runs sleep, with statistics taken while they were running. The count was
  // evaluated once per run of the batch, each time a sequential scan of the whole table.
  const busy = await newWorkspaceUser(t.baseUrl);
  const quiet = await newWorkspaceUser(t.baseUrl);
  const sleepers = await runnableRuns(busy, 'sleeper', 2000);
  await pool().query('analyze flow_runs');
  await pool().query(`update flow_runs set status = 'sleeping' where id = any($1::uuid[])`, [sleepers]);
  const batch = [...(await runnableRuns(busy, 'due', 250)), ...(await runnableRuns(quiet, 'other', 1))];

  const client = await pool().connect();
  try {
    await client.query('begin');
    const { text, values } = enqueueAdvanceQuery(batch);
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (analyze, format json) ${text}`, values);
    const counts = planNodes(rows[0]!['QUERY PLAN'][0].Plan).filter((n) => n['Relation Name'] === 'flow_runs' && n.Alias === 'b');
    // One count per workspace (2), each an index (only) scan of the running runs alone.
    expect(counts.map((n) => [n['Node Type'].replace('Index Only Scan', 'Index Scan'), n['Index Name'], n['Actual Loops']])).toEqual([
      ['Index Scan', 'flow_runs_status_recent_idx', 2],
    ]);
  } finally {
    await client.query('rollback');
    client.release();
  }
  // And the priorities are still the workspaces' own.
  await enqueueAdvance(pool(), batch);
  expect(await priorityOf(batch[0]!)).toBe(BUSY_PRIORITY);
  expect(await priorityOf(batch.at(-1)!)).toBe(0);
});
