import type pg from 'pg';
import { z } from 'zod';
import type { Conversation, ConversationsPage, Message, MessagesPage } from '../../contracts/inbox';
import { cursorTs, encodeCursor, type Cursor } from '../pagination/keyset-cursor';
import { conversationColumns, conversationFilterSql, conversationRow, toConversation } from './conversation-row';
import { searchConversations } from './search-conversations';

export interface ConversationFilter {
  platform?: string | undefined;
  status?: string | undefined;
  search?: string | undefined;
  /** A member's user id, null: Unassigned, undefined: All. */
  assigneeId?: string | null | undefined;
  /** Already decoded by the route (a bad cursor is the client's 400, worded there). */
  cursor?: Cursor | undefined;
  limit: number;
}

export async function listConversations(db: Pick<pg.Pool, 'query'>, workspaceId: string, f: ConversationFilter): Promise<ConversationsPage> {
  const filter = conversationFilterSql(f);
  if (f.search) return searchConversations(db, workspaceId, { text: f.search, filter, cursor: f.cursor, limit: f.limit });
  const params: unknown[] = [workspaceId];
  const where = ['c.workspace_id = $1'];
  const filtered = filter.conversationSql(2);
  if (filtered.sql) where.push(filtered.sql);
  params.push(...filtered.params);
  if (f.cursor) {
    const { ts, id } = f.cursor;
    params.push(ts, id);
    where.push(`(c.last_message_time, c.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  params.push(f.limit + 1);
  const { rows } = await db.query(
    `select ${conversationColumns} from conversations c where ${where.join(' and ')}
     order by c.last_message_time desc, c.id desc limit $${params.length}`,
    params,
  );
  const parsed = z.array(conversationRow).parse(rows);
  const page = parsed.slice(0, f.limit);
  const last = page[page.length - 1];
  return {
    conversations: page.map(toConversation),
    nextCursor: parsed.length > f.limit && last ? encodeCursor(last.cursor_ts, last.id) : null,
  };
}

export async function getConversation(db: Pick<pg.Pool, 'query'>, workspaceId: string, id: string): Promise<Conversation | undefined> {
  const { rows } = await db.query(`select ${conversationColumns} from conversations c where c.workspace_id = $1 and c.id = $2`, [workspaceId, id]);
  const row = rows[0] ? conversationRow.parse(rows[0]) : undefined;
  return row ? toConversation(row) : undefined;
}

/** Conversations of the workspace matching `where` (params from $2), newest first. */
export async function listConversationsWhere(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  where: string,
  params: unknown[],
  limit: number,
): Promise<Conversation[]> {
  const { rows } = await db.query(
    `select ${conversationColumns} from conversations c where c.workspace_id = $1 and ${where}
     order by c.last_message_time desc, c.id desc limit $${params.length + 2}`,
    [workspaceId, ...params, limit],
  );
  return z.array(conversationRow).parse(rows).map(toConversation);
}

export const messageRow = z.object({
  id: z.string(),
  conversation_id: z.string(),
  content: z.string(),
  direction: z.enum(['inbound', 'outbound', 'note']),
  status: z.enum(['queued', 'sent', 'failed']),
  error: z.string().nullable(),
  source: z.enum(['contact', 'inbox', 'comment_rule', 'flow', 'comment', 'broadcast', 'sequence', 'opt_out', 'note']),
  author_id: z.string().nullable(),
  created_at: z.date(),
  cursor_ts: z.string(),
});

export function toMessage(r: Omit<z.infer<typeof messageRow>, 'cursor_ts'>): Message {
  const at = r.created_at.toISOString();
  return {
    id: r.id,
    conversationId: r.conversation_id,
    content: r.content,
    direction: r.direction,
    isFromUser: r.direction === 'inbound',
    status: r.status,
    error: r.error,
    source: r.source,
    authorId: r.author_id,
    createdAt: at,
    timestamp: at,
  };
}

export const messageColumns = `m.id, m.conversation_id, m.content, m.direction, m.status, m.error, m.source, m.author_id, m.created_at,
  ${cursorTs('m.created_at')} as cursor_ts`;

export async function listMessages(
  pool: pg.Pool,
  workspaceId: string,
  conversationId: string,
  q: { before?: Cursor | undefined; limit: number },
): Promise<MessagesPage> {
  const params: unknown[] = [workspaceId, conversationId];
  let keyset = (_at: string, _id: string) => '';
  if (q.before) {
    const { ts, id } = q.before;
    params.push(ts, id);
    keyset = (at, id) => `and (${at}, ${id}) < ($3::timestamptz, $4::uuid)`;
  }
  params.push(q.limit + 1);
  const limit = `$${params.length}`;
  // The thread is the conversation's messages plus the person's comments on the account's posts
  // (the comment a rule or flow answered with a DM), in one keyset order. A comment is placed when it
  // was made: it is stored in the same transaction as the DM answering it, so its own row time ties.
  // Each branch takes its own page (keyset, order and limit inside it): the union's branches differ
  // in column types, so PostgreSQL cannot merge them in index order, and an order and limit only
  // outside sorted every message older than the cursor (1.5 s per page of a 100,000-message thread
  // at 10M messages; tests/perf/results/inbox.json). Now the messages branch is an index range scan
  // of messages_conversation_recent_idx that stops after one page at any depth.
  const at = 'least(c.commented_at, c.created_at)';
  const { rows } = await pool.query(
    `select * from (
       (select ${messageColumns} from messages m
        where m.workspace_id = $1 and m.conversation_id = $2 ${keyset('m.created_at', 'm.id')}
        order by m.created_at desc, m.id desc limit ${limit})
       union all
       (select c.id, conv.id, c.text, 'inbound', 'sent', null, 'comment', null, ${at}, ${cursorTs(at)}
        from conversations conv join comments c on c.account_id = conv.account_id and c.contact_id = conv.contact_id
        where conv.workspace_id = $1 and conv.id = $2 ${keyset(at, 'c.id')}
        order by ${at} desc, c.id desc limit ${limit})
     ) m
     order by m.created_at desc, m.id desc limit ${limit}`,
    params,
  );
  const parsed = z.array(messageRow).parse(rows);
  const page = parsed.slice(0, q.limit);
  const oldest = page[page.length - 1];
  return {
    messages: page.reverse().map(toMessage),
    nextCursor: parsed.length > q.limit && oldest ? encodeCursor(oldest.cursor_ts, oldest.id) : null,
  };
}
