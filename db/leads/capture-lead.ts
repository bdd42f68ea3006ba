import type pg from 'pg';
import { z } from 'zod';

/** One inbound comment or DM from a contact, as the lead it may make or feed sees it. */
export interface LeadActivity {
  workspaceId: string;
  contactId: string;
  conversationId: string | null;
  name: string;
  handle: string | null;
  source: 'instagram' | 'facebook' | 'twitter';
  at: Date;
  /** 1 for a DM that answers one of ours, else 0. */
  reply: 0 | 1;
  /** Make the lead when the contact has none (a rule fired, or buying intent); else only feed an existing one. */
  create: boolean;
}

const engagementRow = z.object({
  id: z.string(),
  inbound_count: z.number(),
  reply_count: z.number(),
  link_clicks: z.number(),
  last_activity_at: z.date().nullable(),
});
export type LeadEngagement = z.infer<typeof engagementRow>;

const returning = 'returning id, inbound_count, reply_count, link_clicks, last_activity_at';

/**
 * Counts one inbound event on the contact's lead, creating it if asked: an upsert on the
 * (workspace, contact) unique index, inside the caller's transaction, so the event and its lead
 * commit together and a redone event (whose message or comment insert was a no-op, so this is never
 * reached) cannot count twice. Returns the new counters, or null when there is no lead to feed.
 */
export async function recordLeadActivity(client: pg.PoolClient, a: LeadActivity): Promise<LeadEngagement | null> {
  const params = [a.workspaceId, a.contactId, a.conversationId, a.reply, a.at];
  const { rows } = a.create
    ? await client.query(
        `insert into leads (workspace_id, contact_id, conversation_id, name, social_handle, source, inbound_count, reply_count, last_activity_at)
         values ($1, $2, $3, $6, $7, $8, 1, $4, $5)
         on conflict (workspace_id, contact_id) do update set
           inbound_count = leads.inbound_count + 1,
           reply_count = leads.reply_count + excluded.reply_count,
           last_activity_at = greatest(leads.last_activity_at, excluded.last_activity_at),
           conversation_id = coalesce(leads.conversation_id, excluded.conversation_id),
           updated_at = now()
         ${returning}`,
        [...params, a.name, a.handle, a.source],
      )
    : await client.query(
        `update leads set inbound_count = inbound_count + 1, reply_count = reply_count + $4,
           last_activity_at = greatest(last_activity_at, $5::timestamptz),
           conversation_id = coalesce(conversation_id, $3), updated_at = now()
         where workspace_id = $1 and contact_id = $2
         ${returning}`,
        params,
      );
  return rows[0] ? engagementRow.parse(rows[0]) : null;
}

export async function setLeadScore(client: pg.PoolClient, leadId: string, score: number): Promise<void> {
  await client.query('update leads set score = $2 where id = $1', [leadId, score]);
}

/** Whether we have sent this conversation anything yet: a DM after that is a reply to us. */
export async function hasOutboundMessage(client: pg.PoolClient, conversationId: string): Promise<boolean> {
  const { rows } = await client.query(`select exists (select 1 from messages where conversation_id = $1 and direction = 'outbound') as yes`, [conversationId]);
  return z.object({ yes: z.boolean() }).parse(rows[0]).yes;
}
