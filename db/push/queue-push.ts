import type pg from 'pg';
import type { JobPayload } from '../../contracts/jobs';
import { jobSpecRow } from '../jobs/job-spec';

type Db = Pick<pg.PoolClient, 'query'>;

/**
 * The `push.notify` job, queued in the caller's transaction (so it runs only if what it tells about
 * commits) and only when one of the members it is for has a device subscribed in the workspace: a
 * workspace without push queues nothing. One statement.
 */
export async function queuePush(db: Db, job: JobPayload<'push.notify'>, recipients: { workspaceId: string; userIds: string[] }): Promise<void> {
  await db.query(
    `select graphile_worker.add_jobs(array[${jobSpecRow('push.notify', { payload: '$1::json' })}])
     where exists (select 1 from push_subscriptions where workspace_id = $2 and user_id = any($3::uuid[]))`,
    [JSON.stringify(job), recipients.workspaceId, recipients.userIds],
  );
}

/**
 * The inbound batch's one job for its DMs stored in assigned conversations (workers/inbound/messages.ts
 * collects them from the DM's own statement): queued only when one of those conversations'
 * assignees has a subscribed device. One statement per batch that has any such DM, none otherwise.
 */
export async function queueInboundPush(db: Db, messageIds: string[]): Promise<void> {
  const job: JobPayload<'push.notify'> = { kind: 'messages', messageIds };
  await db.query(
    `select graphile_worker.add_jobs(array[${jobSpecRow('push.notify', { payload: '$1::json' })}])
     where exists (select 1 from messages m join conversations c on c.id = m.conversation_id
                   join push_subscriptions s on s.workspace_id = c.workspace_id and s.user_id = c.assignee_id
                   where m.id = any($2::uuid[]))`,
    [JSON.stringify(job), messageIds],
  );
}
