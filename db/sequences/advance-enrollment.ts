import type pg from 'pg';
import { durationMs } from '../../contracts/flows/nodes/shared';
import { MESSAGING_WINDOW_HOURS } from '../../contracts/platform-windows';
import { replyOptionsOrNull } from '../../contracts/reply-options';
import { sequenceStepSchema, STEP_SKIP_REASONS, STOP_REASONS } from '../../contracts/sequences';
import { ensureConversation } from '../inbox/ensure-conversation';
import { queueOutboundMessage } from '../sends/queue-outbound-message';
import type { SendLimits } from '../sends/send-limits';
import { withTransaction } from '../transaction';

/** How often a suspended workspace's enrolment looks whether it was resumed (as broadcasts do). */
const SUSPENDED_RECHECK_MS = 60_000;

/** The ledger key of one step of one enrolment: at most one send per step, ever. */
export const sequenceStepKey = (enrollmentId: string, stepId: string) => `sequence:${enrollmentId}:${stepId}`;

/**
 * Why the step cannot be sent now (null: send it), by Meta's rules (docs/platform-apis.md §2.1): an
 * automated message only within the messaging window after the contact's last message; no message
 * tag applies to a sequence (HUMAN_AGENT is for a person's reply, the others are gone), so a step
 * outside the window is skipped, never sent tagged. X has no messaging window (§4.2). A contact a
 * teammate took over (contracts/takeover.ts) is skipped like a broadcast's recipient.
 */
const skipReasonSql = `case
  when c.automation_paused_until > now() then '${STEP_SKIP_REASONS.paused}'
  when a.status <> 'active' or not a.is_active then '${STEP_SKIP_REASONS.account}'
  when a.platform = 'twitter' then null
  when c.last_inbound_at is null then '${STEP_SKIP_REASONS.never.replace(/'/g, "''")}'
  when c.last_inbound_at < now() - make_interval(hours => $2::int) then '${STEP_SKIP_REASONS.window.replace(/'/g, "''")}'
  else null end`;

interface Row {
  workspace_id: string;
  status: string;
  enrolled_at: Date;
  steps: unknown;
  suspended: boolean;
  opted_out: boolean;
  replied: boolean;
  reason: string | null;
  now: Date;
  account_id: string;
  platform: 'instagram' | 'facebook' | 'twitter';
  contact_id: string;
  external_user_id: string;
  name: string;
  username: string | null;
  done: string[];
}

/**
 * One run of `sequence.step {enrollmentId}` (ADR 0048): one transaction under the enrolment's row
 * lock, so a redo after a crash is safe (each step is recorded once, unique per enrolment and step,
 * and its send is keyed `sequence:<enrolment>:<step>` in the ledger).
 * - Ended (unenrolled, completed) or gone: nothing.
 * - The contact opted out, or (stop on reply) wrote to us after enrolling: the enrolment stops.
 * - The workspace is suspended (ADR 0042): nothing now; look again in a minute.
 * - Every step due by now and not yet recorded is sent through the outbox (queueOutboundMessage, the
 *   normal send path: ledger row, rate slot, outbound.send) or skipped with the reason (the window,
 *   a takeover, the account); a skipped step does not stop the next.
 * Answers when to run again: the next step's time, or null once the last step is recorded.
 */
export async function advanceEnrollment(pool: pg.Pool, enrollmentId: string, opts: { limits: SendLimits }): Promise<{ again: Date | null }> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<Row>(
      `select e.workspace_id, e.status, e.enrolled_at, s.steps, w.suspended_at is not null as suspended,
              c.opted_out_at is not null as opted_out,
              s.stop_on_reply and exists (
                select 1 from conversations v join messages m on m.conversation_id = v.id
                where v.contact_id = c.id and m.direction = 'inbound' and m.created_at > e.enrolled_at) as replied,
              ${skipReasonSql} as reason, now() as now,
              c.account_id, a.platform, c.id as contact_id, c.external_user_id, c.name, c.username,
              array(select step_id from sequence_step_records r where r.enrollment_id = e.id) as done
       from sequence_enrollments e
       join sequences s on s.id = e.sequence_id
       join workspaces w on w.id = e.workspace_id
       join contacts c on c.id = e.contact_id
       join social_accounts a on a.id = c.account_id
       where e.id = $1 for update of e`,
      [enrollmentId, MESSAGING_WINDOW_HOURS],
    );
    const e = rows[0];
    if (!e || e.status !== 'active') return { again: null };
    const stop = async (reason: string) => {
      await client.query(`update sequence_enrollments set status = 'stopped', stop_reason = $2, finished_at = now(), next_due_at = null where id = $1`, [
        enrollmentId,
        reason,
      ]);
      return { again: null };
    };
    // Opted out (docs/platform-apis.md §2.11): nothing automated until they return; the enrolment ends here.
    if (e.opted_out) return stop(STOP_REASONS.optedOut);
    if (e.replied) return stop(STOP_REASONS.replied);
    if (e.suspended) return { again: new Date(e.now.getTime() + SUSPENDED_RECHECK_MS) };

    const steps = sequenceStepSchema.array().parse(e.steps);
    const done = new Set(e.done);
    let conversationId: string | null = null;
    let nextDue: Date | null = null;
    for (const step of steps) {
      if (done.has(step.id)) continue;
      const dueAt = new Date(e.enrolled_at.getTime() + durationMs(step.offset));
      if (dueAt > e.now) {
        nextDue = dueAt;
        break;
      }
      if (e.reason) {
        await record(client, { workspaceId: e.workspace_id, enrollmentId, stepId: step.id, status: 'skipped', reason: e.reason, ledgerId: null });
        continue;
      }
      conversationId ??= await ensureConversation(client, {
        workspaceId: e.workspace_id,
        accountId: e.account_id,
        contactId: e.contact_id,
        platform: e.platform,
        name: e.name,
        username: e.username,
        externalUserId: e.external_user_id,
      });
      const key = sequenceStepKey(enrollmentId, step.id);
      const queued = await queueOutboundMessage(client, {
        workspaceId: e.workspace_id,
        accountId: e.account_id,
        conversationId,
        text: step.message.text,
        source: 'sequence',
        kind: 'dm',
        target: e.external_user_id,
        idempotencyKey: key,
        limit: opts.limits.dm,
        // X's DM API has no quick replies or buttons (docs/platform-apis.md §4.2): its contacts get the text.
        replyOptions: e.platform === 'twitter' ? null : replyOptionsOrNull(step.message),
      });
      // A key already in the ledger is this step's send from before: point at it, send nothing new.
      const ledgerId =
        queued?.ledgerId ?? (await client.query<{ id: string }>('select id from outbound_ledger where idempotency_key = $1', [key])).rows[0]?.id ?? null;
      await record(client, { workspaceId: e.workspace_id, enrollmentId, stepId: step.id, status: 'sent', reason: null, ledgerId });
    }
    if (nextDue) {
      await client.query('update sequence_enrollments set next_due_at = $2 where id = $1', [enrollmentId, nextDue]);
    } else {
      await client.query(`update sequence_enrollments set status = 'completed', finished_at = now(), next_due_at = null where id = $1`, [enrollmentId]);
    }
    return { again: nextDue };
  });
}

async function record(
  client: pg.PoolClient,
  r: { workspaceId: string; enrollmentId: string; stepId: string; status: 'sent' | 'skipped'; reason: string | null; ledgerId: string | null },
): Promise<void> {
  await client.query(
    `insert into sequence_step_records (workspace_id, enrollment_id, step_id, status, reason, ledger_id)
     values ($1, $2, $3, $4, $5, $6) on conflict (enrollment_id, step_id) do nothing`,
    [r.workspaceId, r.enrollmentId, r.stepId, r.status, r.reason, r.ledgerId],
  );
}
