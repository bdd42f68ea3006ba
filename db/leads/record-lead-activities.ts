import type pg from 'pg';
import { contactHistory, engagementRow, madeEvents, type LeadActivity, type LeadEngagement } from './capture-lead';

/**
 * recordLeadActivity for many contacts in ONE statement (the inbound batch's rule-answered comments,
 * ADR 0020): each activity counted on its contact's lead, or the lead made from the contact's history
 * when asked — the same writes, counters and conflict handling as one recordLeadActivity each.
 * The contacts must be distinct (the caller sends a contact's later activities one by one, after
 * this): one statement sees one snapshot, so two activities of one contact would not see each other.
 * Returns each activity's counters in input order (null: no lead to feed).
 */
export async function recordLeadActivities(client: Pick<pg.PoolClient, 'query'>, activities: LeadActivity[]): Promise<Array<LeadEngagement | null>> {
  if (activities.length === 0) return [];
  if (new Set(activities.map((a) => a.contactId)).size !== activities.length) throw new Error('recordLeadActivities: a contact twice in one statement');
  // The conflict branch (a lead made meanwhile by a concurrent transaction) adds this activity as
  // recordLeadActivity's does: its own +1, reply and time, read back from the input by contact.
  const { rows } = await client.query({
    name: 'lead-activities-batch',
    text: `with input as (
       select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[], $5::timestamptz[], $6::text[], $7::text[], $8::text[], $9::uuid[], $10::boolean[])
         as t(workspace_id, contact_id, conversation_id, reply, at, name, handle, source, account_id, make)
     ), fed as (
       update leads l set inbound_count = l.inbound_count + 1, reply_count = l.reply_count + i.reply,
         last_activity_at = greatest(l.last_activity_at, i.at),
         conversation_id = coalesce(l.conversation_id, i.conversation_id), updated_at = now()
       from input i
       where l.workspace_id = i.workspace_id and l.contact_id = i.contact_id
       returning l.contact_id, l.id, l.inbound_count, l.reply_count, l.link_clicks, l.last_activity_at
     ), made as (
       insert into leads (workspace_id, contact_id, conversation_id, name, social_handle, source, inbound_count, reply_count, link_clicks, last_activity_at)
       select i.workspace_id, i.contact_id, i.conversation_id, i.name, i.handle, i.source, h.inbound_count, h.reply_count, h.link_clicks, greatest(h.last_activity_at, i.at)
       from input i cross join lateral (${contactHistory('i.contact_id', 'i.account_id', 'i.workspace_id')}) h
       where i.make and not exists (select 1 from fed where fed.contact_id = i.contact_id)
       on conflict (workspace_id, contact_id) do update set
         inbound_count = leads.inbound_count + 1,
         reply_count = leads.reply_count + (select i.reply from input i where i.contact_id = excluded.contact_id),
         last_activity_at = greatest(leads.last_activity_at, (select i.at from input i where i.contact_id = excluded.contact_id)),
         conversation_id = coalesce(leads.conversation_id, excluded.conversation_id),
         updated_at = now()
       returning leads.contact_id, leads.id, leads.inbound_count, leads.reply_count, leads.link_clicks, leads.last_activity_at, leads.workspace_id as ws_id, (leads.xmax = 0) as created, leads.conversation_id, leads.name, leads.email, leads.social_handle, leads.source, leads.status, leads.value_cents
     ),
     ${madeEvents.ctes}
     select contact_id, id, inbound_count, reply_count, link_clicks, last_activity_at from fed
     union all select contact_id, id, inbound_count, reply_count, link_clicks, last_activity_at from made where ${madeEvents.woke} >= 0`,
    values: [
      activities.map((a) => a.workspaceId),
      activities.map((a) => a.contactId),
      activities.map((a) => a.conversationId),
      activities.map((a) => a.reply),
      activities.map((a) => a.at),
      activities.map((a) => a.name),
      activities.map((a) => a.handle),
      activities.map((a) => a.source),
      activities.map((a) => a.accountId),
      activities.map((a) => a.create),
    ],
  });
  const byContact = new Map(rows.map((r: { contact_id: string }) => [r.contact_id, r]));
  return activities.map((a) => {
    const row = byContact.get(a.contactId);
    return row ? engagementRow.parse(row) : null;
  });
}
