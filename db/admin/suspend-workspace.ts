import type pg from 'pg';
import { recordAudit } from '../audit/record-audit';
import { addDispatchJob } from '../broadcasts/write-broadcasts';
import { cancelWorkspaceQueuedSends } from '../inbound/contact-opt-out';
import { withTransaction } from '../transaction';

/**
 * Suspends a workspace (ADR 0042), in one transaction: the mark every automation gate reads (the
 * inbound claim, the timer pump, the flow send, the broadcast dispatcher), its automated sends still
 * queued failed with reason `suspended`, and the entry in the workspace's own audit log with the
 * operator as actor. Its data and its inbound events stay. Null: no such workspace; `already`: it
 * was suspended (nothing changed, nothing recorded).
 */
export async function suspendWorkspace(
  pool: pg.Pool,
  workspaceId: string,
  operatorId: string,
  reason: string,
): Promise<{ name: string; cancelledSends: number } | 'already' | null> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ name: string; was: Date | null }>(
      `update workspaces w set suspended_at = coalesce(w.suspended_at, now()), suspended_reason = coalesce(w.suspended_reason, $2)
       from (select id, suspended_at as was from workspaces where id = $1 for update) old
       where w.id = old.id returning w.name, old.was`,
      [workspaceId, reason],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.was) return 'already';
    const cancelledSends = await cancelWorkspaceQueuedSends(client, workspaceId);
    await recordAudit(
      client,
      { workspaceId, userId: operatorId },
      { action: 'workspace.suspended', target: { type: 'workspace', id: workspaceId, label: row.name }, details: { reason, cancelledSends } },
    );
    return { name: row.name, cancelledSends };
  });
}

/**
 * Lifts a suspension: automation starts again where it stopped (sleeping runs whose timers came due
 * meanwhile are moved by the pump's next tick; held broadcasts' dispatch jobs run now). Null: no such workspace;
 * `already`: it was not suspended.
 */
export async function resumeWorkspace(pool: pg.Pool, workspaceId: string, operatorId: string): Promise<{ name: string } | 'already' | null> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ name: string; was: Date | null; reason: string | null }>(
      `update workspaces w set suspended_at = null, suspended_reason = null
       from (select id, suspended_at as was, suspended_reason as reason from workspaces where id = $1 for update) old
       where w.id = old.id returning w.name, old.was, old.reason`,
      [workspaceId],
    );
    const row = rows[0];
    if (!row) return null;
    if (!row.was) return 'already';
    // Broadcasts the suspension held (their dispatcher looks again each minute) continue now; a
    // scheduled one whose time has not come keeps its job at that time.
    const { rows: held } = await client.query<{ id: string }>(
      `select id from broadcasts where workspace_id = $1 and (status = 'running' or (status = 'scheduled' and run_at <= now()))`,
      [workspaceId],
    );
    for (const b of held) await addDispatchJob(client, b.id, null);
    await recordAudit(
      client,
      { workspaceId, userId: operatorId },
      {
        action: 'workspace.resumed',
        target: { type: 'workspace', id: workspaceId, label: row.name },
        details: { suspendedSince: row.was.toISOString(), reason: row.reason },
      },
    );
    return { name: row.name };
  });
}

/** The workspace's suspension, for its members' banner and the automation routes' refusal. */
export async function readSuspension(db: Pick<pg.Pool, 'query'>, workspaceId: string): Promise<{ at: Date; reason: string } | null> {
  const { rows } = await db.query<{ suspended_at: Date | null; suspended_reason: string | null }>(
    'select suspended_at, suspended_reason from workspaces where id = $1',
    [workspaceId],
  );
  const r = rows[0];
  return r?.suspended_at ? { at: r.suspended_at, reason: r.suspended_reason ?? '' } : null;
}
