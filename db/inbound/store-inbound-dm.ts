import type pg from 'pg';
import { EVENTS_CHANNEL } from '../notify';
import { ELIGIBLE_SQL } from '../team/presence';

/** $1 workspace, $2 account, $3 external user id, $4 name, $5 username, $6 is a DM, $7 its time. */
const CONTACT_UPSERT_SQL = `insert into contacts (workspace_id, account_id, external_user_id, name, username, last_inbound_at)
     values ($1, $2, $3, $4, $5, case when $6::boolean then $7::timestamptz end)
     on conflict (account_id, external_user_id) do update set
       name = coalesce(nullif(excluded.name, ''), contacts.name),
       username = coalesce(excluded.username, contacts.username),
       last_inbound_at = greatest(contacts.last_inbound_at, excluded.last_inbound_at)
     returning id, opted_out_at, automation_paused_until, xmax = 0 as created`;

/**
 * Round-robin's pick for a NEW conversation (contracts/auto-assign.ts, ADR 0050): the eligible member
 * least recently given one automatically (ties: fewest open conversations, then id). Both guards are
 * one-time filters, so with round-robin off, or for a conversation that exists (every DM but a
 * contact's first), the presence table is not read at all. `lock`: FOR UPDATE SKIP LOCKED, so two
 * new conversations picking at once take different members; when every eligible member's row is
 * held by a concurrent pick, the unlocked variant picks from what it sees (the same member as that
 * pick, at worst) rather than leave the conversation Unassigned.
 */
const pickSql = (lock: boolean) => `select p.user_id from member_presence p
       where (select round_robin from ws)
         and not exists (select 1 from conversations x, contact where x.account_id = $2 and x.contact_id = contact.id)
         and p.workspace_id = $1 and ${ELIGIBLE_SQL}
       order by p.last_auto_assigned_at nulls first,
                (select count(*) from conversations o where o.workspace_id = $1 and o.assignee_id = p.user_id and o.status = 'open'),
                p.user_id
       limit 1${lock ? ' for update of p skip locked' : ''}`;

/**
 * A DM, in ONE round trip (it was six): the contact (CONTACT_UPSERT_SQL), the conversation
 * (ensureConversation's upsert, which also moves it in the inbox: last message, unread + 1, a closed
 * one reopened — unless the message is one already stored), the message, and whether the
 * conversation has an outbound message (a lead's reply count), with the browsers' message.created
 * notice. A conversation is written once per statement: its inbox columns go with the upsert, not
 * in an update after the message insert. It also reads what the opt-out check needs
 * (workers/inbound/opt-out.ts): the contact's opt-out and the workspace's opt-out words; and whether a
 * teammate took the conversation over (contracts/takeover.ts), and who the conversation is assigned
 * to (a push to their devices, ADR 0045); a new conversation may be assigned by round-robin in the
 * same statement (pickSql).
 */
const INBOUND_DM_SQL = `with contact as (${CONTACT_UPSERT_SQL}),
     ws as (select w.opt_out, w.auto_assign = 'round_robin' as round_robin from workspaces w where w.id = $1),
     pick as (${pickSql(true)}),
     pick_any as (${pickSql(false)}),
     dup as (select exists (select 1 from messages where account_id = $2 and platform_message_id = $8) as yes),
     conv as (
       insert into conversations as c (workspace_id, account_id, contact_id, platform, customer_name, customer_username, external_user_id,
                                       last_message, last_message_time, unread_count, assignee_id)
       select $1, $2, contact.id, $10, $11, $5, $3,
              case when dup.yes then null else $9 end, case when dup.yes then now() else $7::timestamptz end, case when dup.yes then 0 else 1 end,
              coalesce((select user_id from pick), (select user_id from pick_any))
       from contact, dup
       on conflict (account_id, contact_id) do update set
         customer_name = coalesce(nullif(excluded.customer_name, ''), c.customer_name),
         last_message = case when excluded.unread_count > 0 then excluded.last_message else c.last_message end,
         last_message_time = case when excluded.unread_count > 0 then greatest(c.last_message_time, excluded.last_message_time) else c.last_message_time end,
         unread_count = c.unread_count + excluded.unread_count,
         status = case when excluded.unread_count > 0 and c.status = 'closed' then 'open' else c.status end,
         updated_at = case when excluded.unread_count > 0 then now() else c.updated_at end
       returning c.id, c.contact_id, c.assignee_id, c.xmax = 0 as created),
     -- The picked member goes to the back of the rotation (only a conversation this statement made).
     bumped as (
       update member_presence p set last_auto_assigned_at = now() from conv
       where (select round_robin from ws) and conv.created and p.workspace_id = $1 and p.user_id = conv.assignee_id),
     msg as (
       insert into messages (workspace_id, conversation_id, account_id, platform_message_id, content, direction, status, source, created_at)
       select $1, conv.id, $2, $8, $9, 'inbound', 'sent', 'contact', $7 from conv
       on conflict (account_id, platform_message_id) do nothing
       returning id, extract(epoch from now() - created_at)::float8 / 3600 as age_hours)
     select conv.contact_id, conv.id as conversation_id, conv.assignee_id, msg.id as message_id, msg.age_hours,
            contact.opted_out_at, contact.created as contact_created, coalesce(contact.automation_paused_until > now(), false) as automation_paused, (select opt_out from ws) as opt_out,
            (conv.created and conv.assignee_id is not null) as auto_assigned,
            exists (select 1 from messages o where o.conversation_id = conv.id and o.direction = 'outbound') as has_outbound,
            case when msg.id is not null then pg_notify($12, json_build_object('workspaceId', $1::uuid, 'event',
              json_build_object('type', 'message.created', 'conversationId', conv.id, 'messageId', msg.id))::text) end as notified
     from conv join contact on contact.id = conv.contact_id left join msg on true`;

export interface StoredInboundDm {
  contact_id: string;
  conversation_id: string;
  /** The member the conversation is assigned to, null: unassigned (their devices hear of the DM, ADR 0045). */
  assignee_id: string | null;
  /** This DM started the conversation and round-robin gave it to `assignee_id` (the audit entry). */
  auto_assigned: boolean;
  /** null: the message was already stored (a redelivery); nothing else changed. */
  message_id: string | null;
  /** The contact was made by this message (event webhooks' contact.created). */
  contact_created: boolean;
  age_hours: number | null;
  has_outbound: boolean;
  /** When the contact opted out (before this message), null: subscribed. */
  opted_out_at: Date | null;
  /** A teammate took the conversation over (contacts.automation_paused_until > now()): no flow takes the DM. */
  automation_paused: boolean;
  /** The workspace's opt-out settings as stored (contracts/opt-out.ts optOutSettingsOf), null: the defaults. */
  opt_out: unknown;
}

export interface InboundDm {
  workspaceId: string;
  accountId: string;
  platform: string;
  from: { id: string; name: string; username: string | null };
  messageId: string;
  text: string;
  /** When the person sent it (the platform's time). */
  sentAt: string;
  /** The conversation's display name for a new conversation. */
  conversationName: string;
}

/** Stores an inbound DM (workers/inbound/messages.ts) in one statement: INBOUND_DM_SQL. */
export async function storeInboundDm(db: Pick<pg.PoolClient, 'query'>, dm: InboundDm): Promise<StoredInboundDm> {
  const { rows } = await db.query<StoredInboundDm>({
    name: 'inbound-dm',
    text: INBOUND_DM_SQL,
    values: [
      dm.workspaceId,
      dm.accountId,
      dm.from.id,
      dm.from.name,
      dm.from.username,
      true,
      dm.sentAt,
      dm.messageId,
      dm.text,
      dm.platform,
      dm.conversationName,
      EVENTS_CHANNEL,
    ],
  });
  return rows[0]!;
}
