import type pg from 'pg';
import { z } from 'zod';
import type { AutomationOverview } from '../../contracts/automation';
import { withTransaction } from '../transaction';

const flowRow = z.object({
  id: z.string(),
  name: z.string(),
  platform: z.string(),
  is_active: z.boolean(),
  total: z.number().int(),
  live: z.number().int(),
  failed: z.number().int(),
});
const ruleRow = z.object({ id: z.string(), platform: z.string(), keywords: z.array(z.string()), is_active: z.boolean() });
const queueRow = z.object({
  queued: z.number().int(),
  ready: z.number().int(),
  sending: z.number().int(),
  eta: z.date().nullable(),
  waiting_runs: z.number().int(),
  sleeping_runs: z.number().int(),
});

/** /automation's picture: published flows with run counts, comment rules, the send queue and parked runs. */
export async function readAutomationOverview(pool: pg.Pool, workspaceId: string, now: Date): Promise<AutomationOverview> {
  const [flows, rules, queue] = await Promise.all([
    pool.query(
      `select f.id, f.name, f.platform, f.is_active,
              count(r.id)::int as total,
              (count(r.id) filter (where r.status in ('running', 'waiting', 'sleeping')))::int as live,
              (count(r.id) filter (where r.status = 'failed'))::int as failed
       from flows f left join flow_runs r on r.flow_id = f.id
       where f.workspace_id = $1 and f.active_version_id is not null
       group by f.id order by f.is_active desc, f.updated_at desc`,
      [workspaceId],
    ),
    pool.query('select id, platform, keywords, is_active from comment_rules where workspace_id = $1 order by is_active desc, created_at desc', [workspaceId]),
    pool.query(
      `select (count(*) filter (where status = 'queued' and scheduled_for > $2))::int as queued,
              (count(*) filter (where status = 'queued' and scheduled_for <= $2))::int as ready,
              (count(*) filter (where status = 'sending'))::int as sending,
              max(scheduled_for) filter (where status = 'queued') as eta,
              (select count(*)::int from flow_runs where workspace_id = $1 and status = 'waiting') as waiting_runs,
              (select count(*)::int from flow_runs where workspace_id = $1 and status = 'sleeping') as sleeping_runs
       from outbound_ledger where workspace_id = $1 and status in ('queued', 'sending')`,
      [workspaceId, now],
    ),
  ]);
  const f = z.array(flowRow).parse(flows.rows);
  const r = z.array(ruleRow).parse(rules.rows);
  const q = queueRow.parse(queue.rows[0]);
  return {
    flows: f.map((x) => ({ id: x.id, name: x.name, platform: x.platform, isActive: x.is_active, runs: { total: x.total, live: x.live, failed: x.failed } })),
    rules: r.map((x) => ({ id: x.id, platform: x.platform, keywords: x.keywords, isActive: x.is_active })),
    queue: {
      queued: q.queued,
      ready: q.ready,
      sending: q.sending,
      eta: q.eta ? q.eta.toISOString() : null,
      waitingRuns: q.waiting_runs,
      sleepingRuns: q.sleeping_runs,
    },
    paused: { flows: f.filter((x) => !x.is_active).length, rules: r.filter((x) => !x.is_active).length },
  };
}

/**
 * Switches the workspace's paused automations back on, in one transaction: published flows (a
 * draft that never compiled stays off) and comment rules. Returns how many of each it resumed.
 */
export async function resumePausedAutomations(pool: pg.Pool, workspaceId: string): Promise<{ flows: number; rules: number }> {
  return withTransaction(pool, async (client) => {
    const flows = await client.query(
      'update flows set is_active = true, updated_at = now() where workspace_id = $1 and not is_active and active_version_id is not null',
      [workspaceId],
    );
    const rules = await client.query('update comment_rules set is_active = true where workspace_id = $1 and not is_active', [workspaceId]);
    return { flows: flows.rowCount ?? 0, rules: rules.rowCount ?? 0 };
  });
}
