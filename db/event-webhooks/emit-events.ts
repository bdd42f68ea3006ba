import type pg from 'pg';
import type { OutgoingEvent } from '../../contracts/event-webhooks';
import { jobSpecRow } from '../jobs/job-spec';

/**
 * The event fan-out as CTEs for a statement that makes facts, so the events ride in that very
 * statement (no statement of their own on a hot path): `source` is a query of rows
 * `(workspace_id uuid, type text, data jsonb, n bigint)` (n orders them). Each is joined to its
 * workspace's enabled subscriptions that chose its type (a probe of the subscriptions' workspace
 * index, nothing written, when a workspace has none), one delivery row per match with its own
 * `webhook-id`. `woke` is an expression the statement's final SELECT must evaluate (once): it wakes
 * the delivery job only when a row was written (an unreferenced SELECT CTE would not run).
 */
export function eventCtes(source: string): { ctes: string; woke: string } {
  return {
    ctes: `ev_src as (${source}),
     ev_ins as (
       insert into event_webhook_deliveries (workspace_id, subscription_id, event_id, event_type, payload)
       select s.workspace_id, s.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.type,
              jsonb_build_object('type', e.type, 'timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', e.data)
       from ev_src e join event_webhook_subscriptions s on s.workspace_id = e.workspace_id and s.enabled and e.type = any(s.events)
       order by e.n
       returning 1),
     ev_n as (select count(*)::int as n from ev_ins)`,
    woke: `(select count(*) from (select 1 from ev_n where ev_n.n > 0) due,
                  lateral graphile_worker.add_jobs(array[${jobSpecRow('events.deliver', { payload: "'{}'::json", keyOf: "'deliver'" })}]))`,
  };
}

const unnested = eventCtes(`select * from unnest($1::uuid[], $2::text[], $3::jsonb[]) with ordinality as e(workspace_id, type, data, n)`);

/**
 * Events → deliveries, in the caller's transaction (the one that made the facts), so an event exists
 * iff its fact committed. ONE statement for any number of events (eventCtes). Callers skip the call
 * when they have no event.
 */
export async function emitEvents(client: Pick<pg.PoolClient, 'query'>, events: readonly OutgoingEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const { rows } = await client.query<{ n: number }>({
    name: 'emit-event-webhooks',
    text: `with ${unnested.ctes}
     select ev_n.n, ${unnested.woke} as woke from ev_n`,
    values: [events.map((e) => e.workspaceId), events.map((e) => e.type), events.map((e) => JSON.stringify(e.data))],
  });
  return rows[0]?.n ?? 0;
}
