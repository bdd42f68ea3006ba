import { z } from 'zod';
import type { Conversation } from '../../contracts/inbox';
import { cursorTs } from '../pagination/keyset-cursor';
import type { SearchFilter } from './search-conversations';

/** A conversation as the inbox reads it (`c`), with its keyset cursor time. */
export const conversationRow = z.object({
  id: z.string(),
  account_id: z.string(),
  contact_id: z.string(),
  platform: z.enum(['instagram', 'facebook', 'twitter']),
  status: z.enum(['open', 'pending', 'closed']),
  priority: z.enum(['high', 'normal', 'low']),
  customer_name: z.string(),
  customer_username: z.string().nullable(),
  external_user_id: z.string(),
  last_message: z.string().nullable(),
  last_message_time: z.date(),
  updated_at: z.date(),
  unread_count: z.number(),
  tags: z.array(z.string()),
  contact_opted_out: z.boolean(),
  automation_paused: z.object({ until: z.string(), by_id: z.string().nullable(), by_name: z.string().nullable() }).nullable(),
  assignee_id: z.string().nullable(),
  cursor_ts: z.string(),
});

export const conversationColumns = `c.id, c.account_id, c.contact_id, c.platform, c.status, c.priority, c.customer_name,
  c.customer_username, c.external_user_id, c.last_message, c.last_message_time, c.updated_at, c.unread_count, c.tags, c.assignee_id,
  coalesce((select ct.opted_out_at is not null from contacts ct where ct.id = c.contact_id), false) as contact_opted_out,
  (select json_build_object('until', ct.automation_paused_until, 'by_id', ct.automation_paused_by,
            'by_name', (select coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) from users u where u.id = ct.automation_paused_by))
     from contacts ct where ct.id = c.contact_id and ct.automation_paused_until > now()) as automation_paused,
  ${cursorTs('c.last_message_time')} as cursor_ts`;

export function toConversation(r: z.infer<typeof conversationRow>): Conversation {
  return {
    id: r.id,
    accountId: r.account_id,
    contactId: r.contact_id,
    platform: r.platform,
    status: r.status,
    priority: r.priority,
    customerName: r.customer_name,
    customerUsername: r.customer_username,
    externalUserId: r.external_user_id,
    lastMessage: r.last_message,
    lastMessageTime: r.last_message_time.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    unreadCount: r.unread_count,
    tags: r.tags,
    contactOptedOut: r.contact_opted_out,
    automation: r.automation_paused
      ? {
          paused: true,
          pausedUntil: new Date(r.automation_paused.until).toISOString(),
          pausedBy: { id: r.automation_paused.by_id, name: r.automation_paused.by_name ?? 'A teammate' },
        }
      : { paused: false, pausedUntil: null, pausedBy: null },
    assigneeId: r.assignee_id,
  };
}

/**
 * The list's filters as SQL over the conversation `c`, in one place: the list and the search apply
 * the same ones (a new filter added here applies to both).
 */
export function conversationFilterSql(f: {
  platform?: string | undefined;
  status?: string | undefined;
  /** A member's user id, null: Unassigned, undefined: everyone's (the route resolves `me`). */
  assigneeId?: string | null | undefined;
}): SearchFilter {
  return {
    conversationSql(first) {
      const params: unknown[] = [];
      const where: string[] = [];
      if (f.platform && f.platform !== 'all') where.push(`c.platform = $${first + params.push(f.platform) - 1}`);
      if (f.status && f.status !== 'all') where.push(`c.status = $${first + params.push(f.status) - 1}`);
      if (f.assigneeId === null) where.push('c.assignee_id is null');
      else if (f.assigneeId !== undefined) where.push(`c.assignee_id = $${first + params.push(f.assigneeId) - 1}::uuid`);
      return { sql: where.join(' and '), params };
    },
  };
}
