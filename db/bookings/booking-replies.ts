import type pg from 'pg';

export interface CancelledByReply {
  startsAt: Date;
  timeZone: string;
  /** The booking's run, reopened at its Book a time step to offer times again (reschedule); null: not reopened. */
  reopenedRunId: string | null;
}

/**
 * The contact's reply "cancel" / "reschedule" (workflows/booking-reply.ts): their soonest upcoming
 * booking is cancelled, and for a reschedule the run that made it goes back to its Book a time step
 * (an operator's "retry from" input, picked up by its `run.advance` job) unless another run of that
 * flow is live for them. One statement, in the inbound batch's transaction; null: no upcoming booking.
 */
export async function cancelByContactReply(db: Pick<pg.PoolClient, 'query'>, contactId: string, reschedule: boolean): Promise<CancelledByReply | null> {
  const { rows } = await db.query<{ starts_at: Date; time_zone: string; run_id: string | null }>(
    `with target as (
       select id from bookings where contact_id = $1 and status = 'booked' and starts_at > now() order by starts_at limit 1 for update
     ), cancelled as (
       update bookings b set status = 'cancelled', cancelled_by = 'contact', cancelled_at = now(),
              reminder_status = case when b.reminder_status = 'pending' then 'none' else b.reminder_status end
         from target where b.id = target.id
       returning b.starts_at, b.time_zone, b.run_id, b.step_seq
     ), reopened as (
       update flow_runs r set status = 'running', error = null, finished_at = null, resume_at = null,
              status_detail = 'Rescheduling: offering times again', updated_at = now(),
              pending_input = jsonb_build_object('type', 'retryFrom', 'nodeId', s.node_id)
         from cancelled c join run_steps s on s.run_id = c.run_id and s.seq = c.step_seq
        where $2 and r.id = c.run_id and r.status in ('completed', 'failed', 'waiting', 'sleeping')
          and not exists (select 1 from flow_runs o where o.flow_id = r.flow_id and o.contact_id = r.contact_id and o.id <> r.id
                             and o.status in ('running', 'waiting', 'sleeping'))
       returning r.id
     )
     select c.starts_at, c.time_zone, (select id from reopened) as run_id from cancelled c`,
    [contactId, reschedule],
  );
  const r = rows[0];
  return r ? { startsAt: r.starts_at, timeZone: r.time_zone, reopenedRunId: r.run_id } : null;
}
