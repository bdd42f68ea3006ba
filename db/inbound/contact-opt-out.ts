import type pg from 'pg';

type Db = Pick<pg.PoolClient, 'query'>;

/**
 * Marks a contact opted out (now) or back in; true if this call changed it (a contact already in that
 * state is left as it was, its opt-out time kept). The inbound DM path's only write of it
 * (workers/inbound/opt-out.ts), in the batch's transaction.
 */
export async function setContactOptOut(db: Db, contactId: string, optedOut: boolean): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'contact-opt-out',
    text: `update contacts set opted_out_at = case when $2::boolean then now() end where id = $1 and (opted_out_at is not null) <> $2::boolean`,
    values: [contactId, optedOut],
  });
  return rowCount === 1;
}

/**
 * A ledger row sent by no person: a rule's reply, a flow step (its messages are `flow`, its public
 * replies have no message but the run's `<runId>:<seq>` key), a broadcast. Inbox replies (and the
 * Social messaging page's sends) and the opt-out confirmations are a person's or the opt-out's own.
 */
const AUTOMATED = `(l.rule_id is not null or m.source in ('comment_rule', 'flow', 'broadcast', 'sequence') or (m.id is null and l.idempotency_key ~ '^[0-9a-f-]{36}:[0-9]+$'))`;

export const OPTED_OUT_SEND_ERROR = 'Not sent: the contact opted out (replied STOP) before its turn; nothing automated is sent until they reply START';
export const TAKEN_OVER_SEND_ERROR = 'Not sent: a teammate took the conversation over before its turn; automation is paused for this contact';
export const SUSPENDED_SEND_ERROR = 'Not sent: the instance operator suspended this workspace before its turn; nothing automated is sent until it is resumed';

const CANCELLED = {
  opted_out: OPTED_OUT_SEND_ERROR,
  taken_over: TAKEN_OVER_SEND_ERROR,
} as const;

/**
 * The contact's automated sends still waiting for their slot (ledger `queued`: a broadcast's row
 * paced behind others, a flow step or a rule's reply held by the rate limit), failed with reason
 * `opted_out` in the opt-out's own transaction (or `taken_over` in a human takeover's, db/inbox/automation-pause.ts) — so the send path itself reads nothing more: its
 * claim finds the row failed and sends nothing. DMs to the contact, and private or public replies to
 * their comments. A row already claimed (`sending`) is in flight and left to finish; the update
 * re-reads a row a claim holds locked, so one that turned `sending` meanwhile no longer matches.
 * Returns how many were cancelled.
 */
export async function cancelQueuedAutomatedSends(db: Db, contactId: string, why: keyof typeof CANCELLED = 'opted_out'): Promise<number> {
  const { rows } = await db.query<{ n: number }>({
    name: 'contact-opt-out-cancel-sends',
    text: `with c as (select account_id, external_user_id from contacts where id = $1),
     doomed as (
       select l.id from outbound_ledger l
       join c on l.account_id = c.account_id
       left join messages m on m.id = l.message_id
       where l.status = 'queued' and ${AUTOMATED}
         and (
           (l.kind = 'dm' and l.target = c.external_user_id)
           or (l.kind <> 'dm' and exists (
             select 1 from comments cm
             where cm.account_id = l.account_id and cm.platform_comment_id = l.target and cm.author_external_id = c.external_user_id))
         )
     ), failed as (
       update outbound_ledger l set status = 'failed', error = $2, failure_reason = $3
       from doomed d where l.id = d.id and l.status = 'queued'
       returning l.message_id
     ), msg as (update messages m set status = 'failed', error = $2 from failed f where m.id = f.message_id)
     select count(*)::int as n from failed`,
    values: [contactId, CANCELLED[why], why],
  });
  return rows[0]?.n ?? 0;
}

/**
 * Every automated send of a workspace still waiting for its slot, failed with reason `suspended` in
 * the suspension's own transaction (db/admin/suspend-workspace.ts), the way an opt-out or takeover
 * cancels one contact's: a claim then finds the row failed and sends nothing; a row already
 * `sending` is in flight and left to finish. One index range per account on (account_id, status).
 */
export async function cancelWorkspaceQueuedSends(db: Db, workspaceId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `with failed as (
       update outbound_ledger l set status = 'failed', error = $2, failure_reason = 'suspended'
       from social_accounts a
       where a.workspace_id = $1 and l.account_id = a.id and l.status = 'queued'
         and l.id in (select l.id from outbound_ledger l join social_accounts a on a.id = l.account_id
                      left join messages m on m.id = l.message_id
                      where a.workspace_id = $1 and l.status = 'queued' and ${AUTOMATED})
       returning l.message_id
     ), msg as (update messages m set status = 'failed', error = $2 from failed f where m.id = f.message_id)
     select count(*)::int as n from failed`,
    [workspaceId, SUSPENDED_SEND_ERROR],
  );
  return rows[0]?.n ?? 0;
}
