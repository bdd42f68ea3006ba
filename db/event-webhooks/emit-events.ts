import type pg from 'pg';
import type { OutgoingEvent } from '../../contracts/event-webhooks';
import { jobSpecRow } from '../jobs/job-spec';

/**
 * Events → deliveries, in the caller's transaction (the one that made the facts), so an event exists
 * iff its fact committed. ONE statement for any number of events: each is joined to its workspace's
 * enabled subscriptions that chose its type (a probe of the subscriptions' workspace index, nothing
 * written, when a workspace has none), one delivery row per match with its own `webhook-id`, and the
 * delivery job woken in the same statement only when a row was written. Callers skip the call when
 * they have no event.
 */
export async function emitEvents(client: Pick<pg.PoolClient, 'query'>, events: readonly OutgoingEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const { rows } = await client.query<{ n: number }>({
    name: 'emit-event-webhooks',
    text: `with e as (select * from unnest($1::uuid[], $2::text[], $3::jsonb[]) with ordinality as e(workspace_id, type, data, n)),
     ins as (
       insert into event_webhook_deliveries (workspace_id, subscription_id, event_id, event_type, payload)
       select s.workspace_id, s.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.type,
              jsonb_build_object('type', e.type, 'timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', e.data)
       from e join event_webhook_subscriptions s on s.workspace_id = e.workspace_id and s.enabled and e.type = any(s.events)
       order by e.n
       returning 1),
     n as (select count(*)::int as n from ins)
     select n.n, (select count(*) from (select 1 where n.n > 0) due,
                  lateral graphile_worker.add_jobs(array[${jobSpecRow('events.deliver', { payload: "'{}'::json", keyOf: "'deliver'" })}])) as woke
     from n`,
    values: [events.map((e) => e.workspaceId), events.map((e) => e.type), events.map((e) => JSON.stringify(e.data))],
  });
  return rows[0]?.n ?? 0;
}
