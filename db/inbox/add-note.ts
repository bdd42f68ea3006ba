import type pg from 'pg';
import type { Message } from '../../contracts/inbox';
import { notifyWorkspace } from '../notify';
import { queuePush } from '../push/queue-push';
import { messageColumns, messageRow, toMessage } from './read-inbox';

type Db = Pick<pg.PoolClient, 'query'>;

/**
 * The members a note mentions: `@` then a member's first name, or the part of their email before
 * the @, case-insensitively (`@ada`, `@ada.lovelace`). Never the author themselves.
 */
export function mentionedTokens(content: string): string[] {
  return [...new Set([...content.matchAll(/(?:^|[^\w.])@([\p{L}\p{N}][\p{L}\p{N}._-]*)/gu)].map((m) => m[1]!.replace(/[._-]+$/u, '').toLowerCase()))];
}

/**
 * Stores an internal note in the conversation (a message of direction and source `note`, status
 * `sent`): it is never queued, so it never reaches the send ledger, and neither the conversation's
 * preview, unread count nor the rollups (which count inbound and outbound) see it. Each mentioned
 * member gets a bell notification linking to the thread. 'not_found': not the workspace's conversation.
 */
export async function addNote(
  client: Db,
  workspaceId: string,
  conversationId: string,
  author: { id: string; name: string },
  content: string,
): Promise<{ note: Message; mentioned: string[] } | 'not_found'> {
  const { rows } = await client.query(
    `insert into messages (workspace_id, conversation_id, account_id, content, direction, status, source, author_id)
     select c.workspace_id, c.id, c.account_id, $3, 'note', 'sent', 'note', $4 from conversations c
     where c.workspace_id = $1 and c.id = $2
     returning ${messageColumns.replaceAll('m.', '')}`,
    [workspaceId, conversationId, content, author.id],
  );
  if (!rows[0]) return 'not_found';
  const note = toMessage(messageRow.parse(rows[0]));
  const tokens = mentionedTokens(content);
  let mentioned: string[] = [];
  if (tokens.length > 0) {
    const excerpt = content.length > 200 ? `${content.slice(0, 199)}…` : content;
    const res = await client.query<{ user_id: string }>(
      `insert into notifications (workspace_id, user_id, kind, key, title, body, link)
       select m.workspace_id, m.user_id, 'mention', 'mention:' || $3::text || ':' || m.user_id, $4, $5, $6
       from workspace_members m join users u on u.id = m.user_id
       where m.workspace_id = $1 and m.user_id <> $2
         and (lower(u.first_name) = any($7::text[]) or lower(split_part(u.email, '@', 1)) = any($7::text[]))
       on conflict do nothing
       returning user_id`,
      [workspaceId, author.id, note.id, `${author.name} mentioned you in a note`, excerpt, `/inbox?c=${conversationId}`, tokens],
    );
    mentioned = res.rows.map((r) => r.user_id);
    // Their devices too (ADR 0045), if any is subscribed.
    if (mentioned.length > 0)
      await queuePush(client, { kind: 'mention', workspaceId, noteId: note.id, userIds: mentioned }, { workspaceId, userIds: mentioned });
  }
  await notifyWorkspace(client, workspaceId, { type: 'message.created', conversationId, messageId: note.id });
  return { note, mentioned };
}
