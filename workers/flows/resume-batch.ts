import type pg from 'pg';
import { enqueueAdvance, loadPlan } from '../../db/flows/runs';
import { notifyWorkspace } from '../../db/pipeline/notify';
import { advance } from '../../workflows/advance';
import { loadContacts, updateContact } from './run-contacts';
import { lastNode, runRow, statusAfter, type PendingInput } from './run-driver';

/**
 * `runs.resume {runIds}`: many timers fall due at once (a broadcast delay, a campaign's "tomorrow at
 * 9"). Resuming them one job and one commit per run would take minutes; this resumes up to a few
 * hundred runs in ONE transaction — the interpreter per run, the SQL in bulk — and leaves each run's
 * next activity (a DM) to its own `run.advance` job, which begins it from the recorded step.
 */
export async function resumeBatch(pool: pg.Pool, runIds: string[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const found = await client.query(
      `select r.id, r.workspace_id, r.flow_id, r.version_id, r.account_id, r.contact_id, r.status, r.state, r.pending_input,
              r.trigger, r.started_at, a.platform, a.provider
       from flow_runs r join social_accounts a on a.id = r.account_id
       where r.id = any($1::uuid[]) and r.pending_input is not null and r.status in ('sleeping', 'waiting')
       for update of r skip locked`,
      [runIds],
    );
    const runs = found.rows.map((r) => runRow.parse(r));
    const handled = new Set(runs.map((r) => r.id));
    // Busy rows (another worker holds them) and driver-only inputs go to the per-run driver.
    const followUps = runIds.filter((id) => !handled.has(id));
    const contacts = await loadContacts(client, runs);

    const finishes: { run: string; seq: number; output: string }[] = [];
    const inserts: { run: string; seq: number; node: string; kind: string; status: string; input: string; output: string | null }[] = [];
    const timers: { run: string; seq: number; kind: string; ms: number }[] = [];
    const clearTimers: string[] = [];
    const updates: { id: string; state: string; status: string; seq: number; node: string | null; detail: string | null; error: string | null; resumeAt: Date | null }[] = [];
    const ignored: string[] = [];
    const notices = new Map<string, { workspaceId: string; flowId: string; runId: string; status: string }>();

    for (const run of runs) {
      const input = run.pending_input as PendingInput;
      if (input.type === 'retryActivity' || input.type === 'sendSlot') {
        followUps.push(run.id);
        continue;
      }
      const plan = await loadPlan(client, run.version_id);
      const result = advance(plan, run.state, input, { contact: contacts.get(run.id)!, seed: run.id });
      if (result.ignored) {
        ignored.push(run.id);
        continue;
      }
      let activity = false;
      for (const c of result.commands) {
        switch (c.type) {
          case 'recordStep':
            if (c.finishes) finishes.push({ run: run.id, seq: c.step.seq, output: JSON.stringify(c.step.output ?? null) });
            else inserts.push({ run: run.id, seq: c.step.seq, node: c.step.nodeId, kind: c.step.kind, status: 'completed', input: JSON.stringify(c.step.input ?? null), output: JSON.stringify(c.step.output ?? null) });
            break;
          case 'startTimer':
            inserts.push({ run: run.id, seq: c.seq, node: c.nodeId, kind: plan.nodes[c.nodeId]!.kind, status: 'sleeping', input: JSON.stringify({ dueInMs: c.dueInMs }), output: null });
            timers.push({ run: run.id, seq: c.seq, kind: 'delay', ms: c.dueInMs });
            break;
          case 'waitForReply':
            inserts.push({ run: run.id, seq: c.seq, node: c.nodeId, kind: plan.nodes[c.nodeId]!.kind, status: 'waiting', input: JSON.stringify({ timeoutMs: c.timeoutMs }), output: null });
            timers.push({ run: run.id, seq: c.seq, kind: 'reply_timeout', ms: c.timeoutMs });
            break;
          case 'callActivity':
            // Recorded now; its run.advance job begins it (ledger row, delivery) from this step.
            inserts.push({ run: run.id, seq: c.seq, node: c.nodeId, kind: c.kind, status: 'running', input: JSON.stringify(c.activity), output: null });
            activity = true;
            break;
          case 'updateContact':
            await updateContact(client, run.contact_id, c);
            break;
          case 'fail':
            await client.query(`update run_steps set status = 'failed', error = $3, finished_at = clock_timestamp() where run_id = $1 and seq = $2`, [run.id, c.seq, c.reason]);
            clearTimers.push(run.id);
            break;
          case 'complete':
            clearTimers.push(run.id);
            break;
        }
      }
      const status = statusAfter(result.commands, result.state);
      updates.push({
        id: run.id,
        state: JSON.stringify(result.state),
        status: status.status,
        seq: result.state.seq,
        node: result.state.awaiting?.nodeId ?? lastNode(result.commands),
        detail: status.detail,
        error: status.error,
        resumeAt: status.resumeAt,
      });
      if (activity) followUps.push(run.id);
      notices.set(`${run.workspace_id}:${run.flow_id}`, { workspaceId: run.workspace_id, flowId: run.flow_id, runId: run.id, status: status.status });
    }

    await bulk(client, finishes, inserts, timers, clearTimers, updates, ignored);
    for (const n of notices.values()) await notifyWorkspace(client, n.workspaceId, { type: 'run.updated', runId: n.runId, flowId: n.flowId, status: n.status });
    await enqueueAdvance(client, followUps);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

async function bulk(
  client: pg.PoolClient,
  finishes: { run: string; seq: number; output: string }[],
  inserts: { run: string; seq: number; node: string; kind: string; status: string; input: string; output: string | null }[],
  timers: { run: string; seq: number; kind: string; ms: number }[],
  clearTimers: string[],
  updates: { id: string; state: string; status: string; seq: number; node: string | null; detail: string | null; error: string | null; resumeAt: Date | null }[],
  ignored: string[],
) {
  if (finishes.length > 0) {
    await client.query(
      `update run_steps s set status = 'completed', output = u.output, error = null, finished_at = clock_timestamp()
       from unnest($1::uuid[], $2::int[], $3::jsonb[]) u(run_id, seq, output)
       where s.run_id = u.run_id and s.seq = u.seq`,
      [finishes.map((f) => f.run), finishes.map((f) => f.seq), finishes.map((f) => f.output)],
    );
  }
  if (inserts.length > 0) {
    await client.query(
      `insert into run_steps (run_id, seq, node_id, kind, status, input, output, started_at, finished_at)
       select run_id, seq, node_id, kind, status, input, output, clock_timestamp(), case when status = 'completed' then clock_timestamp() end
       from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::jsonb[]) as u(run_id, seq, node_id, kind, status, input, output)`,
      [inserts.map((i) => i.run), inserts.map((i) => i.seq), inserts.map((i) => i.node), inserts.map((i) => i.kind), inserts.map((i) => i.status), inserts.map((i) => i.input), inserts.map((i) => i.output)],
    );
  }
  if (clearTimers.length > 0) await client.query('delete from run_timers where run_id = any($1::uuid[])', [clearTimers]);
  if (timers.length > 0) {
    await client.query(
      `insert into run_timers (run_id, seq, kind, due_at)
       select run_id, seq, kind, now() + make_interval(secs => ms / 1000) from unnest($1::uuid[], $2::int[], $3::text[], $4::float8[]) as u(run_id, seq, kind, ms)`,
      [timers.map((t) => t.run), timers.map((t) => t.seq), timers.map((t) => t.kind), timers.map((t) => t.ms)],
    );
  }
  if (updates.length > 0) {
    await client.query(
      `update flow_runs r set state = u.state, pending_input = null, status = u.status, step_count = u.seq, current_node_id = u.node,
         status_detail = coalesce(u.detail, r.status_detail), error = u.error, updated_at = now(),
         finished_at = case when u.status in ('completed', 'failed') then now() end, resume_at = u.resume_at
       from unnest($1::uuid[], $2::jsonb[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])
         as u(id, state, status, seq, node, detail, error, resume_at)
       where r.id = u.id`,
      [
        updates.map((u) => u.id),
        updates.map((u) => u.state),
        updates.map((u) => u.status),
        updates.map((u) => u.seq),
        updates.map((u) => u.node),
        updates.map((u) => u.detail),
        updates.map((u) => u.error),
        updates.map((u) => u.resumeAt),
      ],
    );
  }
  if (ignored.length > 0) await client.query('update flow_runs set pending_input = null where id = any($1::uuid[])', [ignored]);
}
