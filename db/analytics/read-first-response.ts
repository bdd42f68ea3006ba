import type pg from 'pg';
import { z } from 'zod';
import type { FirstResponseTime } from '../../contracts/analytics';

const row = z.object({ median_seconds: z.coerce.number().nullable(), conversations: z.coerce.number().int(), waiting: z.coerce.number().int() });

/**
 * Median first response time: per conversation whose first inbound message came in the last
 * `days` days, the time from that message to the first outbound message after it (any sender:
 * rule, flow, a person). Conversations not answered yet are counted as `waiting`, not in the
 * median. percentile_cont over the conversations active in the window (each read through its
 * messages index), from the raw messages.
 */
export async function readFirstResponseTime(db: pg.Pool, workspaceId: string, days: number): Promise<FirstResponseTime> {
  const { rows } = await db.query(
    `with firsts as (
       select c.id as conversation_id, fi.first_in
       from conversations c
       cross join lateral (select min(m.created_at) as first_in from messages m where m.conversation_id = c.id and m.direction = 'inbound') fi
       where c.workspace_id = $1 and c.last_message_time >= now() - make_interval(days => $2::int)
         and fi.first_in >= now() - make_interval(days => $2::int)
     ), answered as (
       -- A lateral join, not a scalar subquery: the aggregates below read first_out three times, and
       -- an inlined subquery ran its index probe once per mention (4 probes per conversation).
       select f.conversation_id, f.first_in, fo.first_out
       from firsts f
       cross join lateral (select min(o.created_at) as first_out from messages o
          where o.conversation_id = f.conversation_id and o.direction = 'outbound' and o.created_at >= f.first_in) fo
     )
     select percentile_cont(0.5) within group (order by extract(epoch from first_out - first_in)) filter (where first_out is not null) as median_seconds,
       count(*) filter (where first_out is not null) as conversations,
       count(*) filter (where first_out is null) as waiting
     from answered`,
    [workspaceId, days],
  );
  const r = row.parse(rows[0]);
  return { medianSeconds: r.median_seconds, conversations: r.conversations, waiting: r.waiting };
}
