import type pg from 'pg';
import { z } from 'zod';
import { durationMs } from '../../contracts/flows/nodes/shared';
import { sequenceStepSchema, type ContactEnrollment, type Enrollment, type EnrollmentStatus, type SequenceFunnel } from '../../contracts/sequences';

const enrollmentRow = z.object({
  id: z.string(),
  contact_id: z.string(),
  contact_name: z.string(),
  status: z.string(),
  stop_reason: z.string().nullable(),
  source: z.string(),
  enrolled_at: z.date(),
  finished_at: z.date().nullable(),
  records: z.array(
    z.object({ step_id: z.string(), status: z.enum(['sent', 'skipped']), reason: z.string().nullable(), delivery: z.string().nullable(), at: z.string() }),
  ),
});

/**
 * A sequence's enrolments, newest first, each with every step's status: sent (and the ledger row's
 * delivery), skipped with the reason, pending with its time, or not reached. null: no such sequence
 * in this workspace.
 */
export async function listEnrollments(db: Pick<pg.Pool, 'query'>, workspaceId: string, sequenceId: string, limit = 200): Promise<Enrollment[] | null> {
  const seq = await db.query<{ steps: unknown }>('select steps from sequences where workspace_id = $1 and id = $2', [workspaceId, sequenceId]);
  if (!seq.rows[0]) return null;
  const steps = sequenceStepSchema.array().parse(seq.rows[0].steps);
  const { rows } = await db.query(
    `select e.id, e.contact_id, coalesce(nullif(c.name, ''), c.username, c.external_user_id) as contact_name, e.status, e.stop_reason, e.source,
            e.enrolled_at, e.finished_at,
            coalesce((select json_agg(json_build_object('step_id', r.step_id, 'status', r.status, 'reason', r.reason, 'delivery', l.status, 'at', r.created_at))
                      from sequence_step_records r left join outbound_ledger l on l.id = r.ledger_id where r.enrollment_id = e.id), '[]'::json) as records
     from sequence_enrollments e join contacts c on c.id = e.contact_id
     where e.workspace_id = $1 and e.sequence_id = $2
     order by e.enrolled_at desc, e.id limit $3`,
    [workspaceId, sequenceId, limit],
  );
  return z
    .array(enrollmentRow)
    .parse(rows)
    .map((e) => {
      const byStep = new Map(e.records.map((r) => [r.step_id, r]));
      return {
        id: e.id,
        contactId: e.contact_id,
        contactName: e.contact_name,
        status: e.status as EnrollmentStatus,
        stopReason: e.stop_reason,
        enrolledAt: e.enrolled_at.toISOString(),
        finishedAt: e.finished_at?.toISOString() ?? null,
        source: e.source,
        steps: steps.map((s) => {
          const r = byStep.get(s.id);
          const dueAt = new Date(e.enrolled_at.getTime() + durationMs(s.offset)).toISOString();
          if (r) return { stepId: s.id, dueAt, status: r.status, reason: r.reason, delivery: r.delivery, at: new Date(r.at).toISOString() };
          return { stepId: s.id, dueAt, status: e.status === 'active' ? 'pending' : 'not_reached', reason: null, delivery: null, at: null };
        }),
      };
    });
}

/**
 * Enrolments and drop-off per step, counted from the same rows as the list: per step, how many
 * enrolments had it sent, skipped, still pending, or ended before it.
 */
export async function readSequenceFunnel(db: Pick<pg.Pool, 'query'>, workspaceId: string, sequenceId: string): Promise<SequenceFunnel | null> {
  const seq = await db.query<{ steps: unknown; enrolled: number }>(
    'select steps, (select count(*)::int from sequence_enrollments where sequence_id = s.id) as enrolled from sequences s where workspace_id = $1 and id = $2',
    [workspaceId, sequenceId],
  );
  if (!seq.rows[0]) return null;
  const steps = sequenceStepSchema.array().parse(seq.rows[0].steps);
  const { rows } = await db.query<{ step_id: string; sent: number; skipped: number; pending: number; dropped: number }>(
    `select st.id as step_id,
            count(*) filter (where r.status = 'sent')::int as sent,
            count(*) filter (where r.status = 'skipped')::int as skipped,
            count(*) filter (where r.id is null and e.status = 'active')::int as pending,
            count(*) filter (where r.id is null and e.status <> 'active')::int as dropped
     from unnest($3::text[]) st(id)
     join sequence_enrollments e on e.workspace_id = $1 and e.sequence_id = $2
     left join sequence_step_records r on r.enrollment_id = e.id and r.step_id = st.id
     group by st.id`,
    [workspaceId, sequenceId, steps.map((s) => s.id)],
  );
  const byStep = new Map(rows.map((r) => [r.step_id, r]));
  return {
    enrolled: seq.rows[0].enrolled,
    steps: steps.map((s) => {
      const r = byStep.get(s.id);
      return { stepId: s.id, sent: r?.sent ?? 0, skipped: r?.skipped ?? 0, pending: r?.pending ?? 0, dropped: r?.dropped ?? 0 };
    }),
  };
}

/** Every sequence's funnel (newest first, at most `limit`): the Analytics card, from the same function as the sequence page. */
export async function readSequenceFunnels(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  limit = 20,
): Promise<{ sequenceId: string; name: string; funnel: SequenceFunnel }[]> {
  const { rows } = await db.query<{ id: string; name: string }>(
    'select id, name from sequences where workspace_id = $1 order by created_at desc, id limit $2',
    [workspaceId, limit],
  );
  const out: { sequenceId: string; name: string; funnel: SequenceFunnel }[] = [];
  for (const s of rows) {
    const funnel = await readSequenceFunnel(db, workspaceId, s.id);
    if (funnel) out.push({ sequenceId: s.id, name: s.name, funnel });
  }
  return out;
}

/** One contact's enrolments, newest first (the inbox's contact panel); empty for another workspace's contact. */
export async function listContactEnrollments(db: Pick<pg.Pool, 'query'>, workspaceId: string, contactId: string, limit = 20): Promise<ContactEnrollment[]> {
  const { rows } = await db.query<{ sequence_id: string; name: string; status: EnrollmentStatus; stop_reason: string | null; enrolled_at: Date }>(
    `select e.sequence_id, s.name, e.status, e.stop_reason, e.enrolled_at
     from sequence_enrollments e join sequences s on s.id = e.sequence_id
     where e.workspace_id = $1 and e.contact_id = $2
     order by e.enrolled_at desc limit $3`,
    [workspaceId, contactId, limit],
  );
  return rows.map((r) => ({ sequenceId: r.sequence_id, name: r.name, status: r.status, stopReason: r.stop_reason, enrolledAt: r.enrolled_at.toISOString() }));
}
