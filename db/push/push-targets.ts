import type pg from 'pg';
import type { JobPayload } from '../../contracts/jobs';
import { threadUrl, type PushPayload } from '../../contracts/push';

type Db = Pick<pg.PoolClient, 'query'>;

/** One notification for one device. */
export interface PushTarget {
  subscriptionId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  payload: PushPayload;
}

interface Row {
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  workspace_id: string;
  conversation_id: string;
  title: string;
  body: string | null;
}

/**
 * The devices a `push.notify` job tells, with what, read when it runs (ADR 0045): a conversation
 * still assigned to the member it was given to; a note's mentioned members who are still members;
 * an inbound DM's conversation's assignee now, one notification per conversation (its newest DM).
 * Devices come through the membership (push_subscriptions' key), so a removed member gets nothing.
 */
export async function readPushTargets(db: Db, job: JobPayload<'push.notify'>): Promise<PushTarget[]> {
  let rows: Row[];
  if (job.kind === 'assigned') {
    ({ rows } = await db.query<Row>(
      `select s.id as subscription_id, s.endpoint, s.p256dh, s.auth, c.workspace_id, c.id as conversation_id,
              coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, 'A teammate') || ' assigned you ' || coalesce(nullif(c.customer_name, ''), 'a conversation') as title,
              c.last_message as body
       from conversations c
       join push_subscriptions s on s.workspace_id = c.workspace_id and s.user_id = c.assignee_id
       left join users u on u.id = $4
       where c.workspace_id = $1 and c.id = any($2::uuid[]) and c.assignee_id = $3`,
      [job.workspaceId, job.conversationIds, job.assigneeId, job.byUserId],
    ));
  } else if (job.kind === 'mention') {
    ({ rows } = await db.query<Row>(
      `select s.id as subscription_id, s.endpoint, s.p256dh, s.auth, m.workspace_id, m.conversation_id,
              coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, 'A teammate') || ' mentioned you' as title,
              m.content as body
       from messages m
       join push_subscriptions s on s.workspace_id = m.workspace_id and s.user_id = any($3::uuid[])
       left join users u on u.id = m.author_id
       where m.workspace_id = $1 and m.id = $2 and m.direction = 'note'`,
      [job.workspaceId, job.noteId, job.userIds],
    ));
  } else {
    ({ rows } = await db.query<Row>(
      `select distinct on (s.id, c.id) s.id as subscription_id, s.endpoint, s.p256dh, s.auth, c.workspace_id, c.id as conversation_id,
              coalesce(nullif(c.customer_name, ''), 'A contact') as title, m.content as body
       from messages m
       join conversations c on c.id = m.conversation_id and c.assignee_id is not null
       join push_subscriptions s on s.workspace_id = c.workspace_id and s.user_id = c.assignee_id
       where m.id = any($1::uuid[]) and m.direction = 'inbound'
       order by s.id, c.id, m.created_at desc`,
      [job.messageIds],
    ));
  }
  return rows.map((r) => ({
    subscriptionId: r.subscription_id,
    endpoint: r.endpoint,
    keys: { p256dh: r.p256dh, auth: r.auth },
    payload: {
      title: r.title,
      body: excerpt(r.body ?? ''),
      url: threadUrl(r.workspace_id, r.conversation_id),
      tag: `conversation:${r.conversation_id}`,
    },
  }));
}

/** Push services take about 4 KB of payload; a notification shows a line or two. */
function excerpt(text: string): string {
  return text.length > 240 ? `${text.slice(0, 239)}…` : text;
}
