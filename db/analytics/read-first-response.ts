import type pg from 'pg';
import { z } from 'zod';
import type { FirstResponseTime } from '../../contracts/analytics';
import { periodStartSql } from '../figures/period-sql';

const row = z.object({ median_seconds: z.coerce.number().nullable(), conversations: z.coerce.number().int(), waiting: z.coerce.number().int() });

/**
 * Median first response time (docs/product-spec.md, Glossary: response time): per conversation whose
 * first inbound message came in the last `days` calendar days (the workspace's zone), the time from that message to the first outbound message after it (any sender:
 * rule, flow, a person). Conversations not answered yet are counted as `waiting`, not in the
 * median. Both times are kept on the conversation by a trigger on messages at commit (migration
 * 0026: first_inbound_at, first_response_at), so this is a range scan of
 * conversations_workspace_first_inbound_idx over the conversations first written to in the window,
 * not a read of their messages.
 */
export async function readFirstResponseTime(db: pg.Pool, workspaceId: string, days: number): Promise<FirstResponseTime> {
  const { rows } = await db.query(
    `select percentile_cont(0.5) within group (order by extract(epoch from first_response_at - first_inbound_at))
         filter (where first_response_at is not null) as median_seconds,
       count(*) filter (where first_response_at is not null) as conversations,
       count(*) filter (where first_response_at is null) as waiting
     from conversations
     where workspace_id = $1 and first_inbound_at >= ${periodStartSql('$1', '$2')}
       and last_message_time >= ${periodStartSql('$1', '$2')}`,
    [workspaceId, days],
  );
  const r = row.parse(rows[0]);
  return { medianSeconds: r.median_seconds, conversations: r.conversations, waiting: r.waiting };
}
