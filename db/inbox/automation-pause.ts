import type pg from 'pg';
import { cancelQueuedAutomatedSends } from '../inbound/contact-opt-out';

type Db = Pick<pg.PoolClient, 'query'>;

/**
 * Human takeover (contracts/takeover.ts): the contact's automation_paused_until/by. Paused means
 * `automation_paused_until > now()`, so the quiet time passing resumes automation with no job to run;
 * the inbound statements (db/inbound/store-comments.ts, store-inbound-dm.ts), a flow's send
 * (db/sends/flow-send-rows.ts) and the broadcasts' skip reason (db/broadcasts/segment-sql.ts) read it.
 */

/**
 * Pauses automation for a conversation's contact for the workspace's quiet time from now, taken over
 * by `userId` (a member's inbox reply, in the transaction that queues it; or Pause), and cancels the
 * contact's automated sends still queued (reason `taken_over`). Returns the contact's label, null for
 * another workspace's conversation.
 */
export async function pauseAutomation(
  db: Db,
  workspaceId: string,
  conversationId: string,
  userId: string,
): Promise<{ contactId: string; label: string } | null> {
  const { rows } = await db.query<{ id: string; label: string }>(
    `update contacts ct set automation_paused_until = now() + make_interval(hours => w.takeover_quiet_hours), automation_paused_by = $3
       from conversations c, workspaces w
      where c.workspace_id = $1 and c.id = $2 and ct.id = c.contact_id and w.id = $1
      returning ct.id, coalesce('@' || ct.username, nullif(ct.name, ''), ct.external_user_id) as label`,
    [workspaceId, conversationId, userId],
  );
  if (!rows[0]) return null;
  // What automation had already queued for them and not yet sent would now talk over the person.
  await cancelQueuedAutomatedSends(db, rows[0].id, 'taken_over');
  return { contactId: rows[0].id, label: rows[0].label };
}

/** Resumes automation now ("Resume automation"). Returns the contact's label, null for another workspace's conversation. */
export async function resumeAutomation(db: Db, workspaceId: string, conversationId: string): Promise<{ contactId: string; label: string } | null> {
  const { rows } = await db.query<{ id: string; label: string }>(
    `update contacts ct set automation_paused_until = null, automation_paused_by = null
       from conversations c
      where c.workspace_id = $1 and c.id = $2 and ct.id = c.contact_id
      returning ct.id, coalesce('@' || ct.username, nullif(ct.name, ''), ct.external_user_id) as label`,
    [workspaceId, conversationId],
  );
  return rows[0] ? { contactId: rows[0].id, label: rows[0].label } : null;
}

/** The workspace's quiet time in hours (workspaces.takeover_quiet_hours). */
export async function readQuietHours(db: Db, workspaceId: string): Promise<number> {
  const { rows } = await db.query<{ h: number }>('select takeover_quiet_hours as h from workspaces where id = $1', [workspaceId]);
  if (!rows[0]) throw new Error(`workspace ${workspaceId} does not exist`);
  return rows[0].h;
}

export async function writeQuietHours(db: Db, workspaceId: string, hours: number): Promise<void> {
  await db.query('update workspaces set takeover_quiet_hours = $2 where id = $1', [workspaceId, hours]);
}
