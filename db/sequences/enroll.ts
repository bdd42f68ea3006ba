import type pg from 'pg';
import { STOP_REASONS } from '../../contracts/sequences';
import { jobSpecRow } from '../jobs/job-spec';

export type EnrollSource = 'api' | 'flow' | 'tag';

export type EnrollResult = { enrollmentId: string; created: boolean } | 'sequence_not_found' | 'contact_not_found' | 'inactive' | 'wrong_account';

/**
 * Enrols a contact in the caller's transaction: the enrolment row and its `sequence.step` job (due
 * at once; the job works out the first step's time), in one statement. Enrolling a contact who is
 * already active in the sequence changes nothing and answers their enrolment (`created: false`):
 * the partial unique index allows one active enrolment per sequence and contact.
 */
export async function enrollContact(
  db: Pick<pg.PoolClient, 'query'>,
  e: { workspaceId: string; sequenceId: string; contactId: string; source: EnrollSource },
): Promise<EnrollResult> {
  const { rows } = await db.query<{ seq_ok: boolean; active: boolean; contact_ok: boolean; account_ok: boolean; new_id: string | null; old_id: string | null }>(
    `with s as (select id, account_id, is_active from sequences where workspace_id = $1::uuid and id = $2::uuid),
     c as (select id, account_id from contacts where workspace_id = $1::uuid and id = $3::uuid),
     ins as (
       insert into sequence_enrollments (workspace_id, sequence_id, contact_id, source, next_due_at)
       select $1::uuid, s.id, c.id, $4::text, now() from s, c where s.is_active and (s.account_id is null or s.account_id = c.account_id)
       on conflict (sequence_id, contact_id) where status = 'active' do nothing
       returning id
     ), job as (
       select graphile_worker.add_jobs(array_agg(${jobSpecRow('sequence.step', { payload: `json_build_object('enrollmentId', id)`, keyOf: 'id::text' })}))
       from ins having count(*) > 0
     )
     select exists (select 1 from s) as seq_ok, coalesce((select is_active from s), false) as active,
            exists (select 1 from c) as contact_ok,
            coalesce((select s.account_id is null or s.account_id = c.account_id from s, c), false) as account_ok,
            (select id from ins) as new_id,
            (select id from sequence_enrollments where sequence_id = $2::uuid and contact_id = $3::uuid and status = 'active') as old_id,
            (select count(*) from job) as jobs`,
    [e.workspaceId, e.sequenceId, e.contactId, e.source],
  );
  const r = rows[0]!;
  if (!r.seq_ok) return 'sequence_not_found';
  if (!r.contact_ok) return 'contact_not_found';
  if (!r.active) return 'inactive';
  if (!r.account_ok) return 'wrong_account';
  if (r.new_id) return { enrollmentId: r.new_id, created: true };
  if (r.old_id) return { enrollmentId: r.old_id, created: false };
  // A concurrent enrolment committed after this statement's snapshot was taken: read it now.
  const again = await db.query<{ id: string }>(`select id from sequence_enrollments where sequence_id = $1 and contact_id = $2 and status = 'active'`, [
    e.sequenceId,
    e.contactId,
  ]);
  return again.rows[0] ? { enrollmentId: again.rows[0].id, created: false } : 'sequence_not_found';
}

/**
 * Ends the contact's active enrolment (stopped, "Unenrolled"); its pending job finds it stopped and
 * sends nothing. False when the contact has none in this workspace's sequence.
 */
export async function unenrollContact(db: Pick<pg.PoolClient, 'query'>, e: { workspaceId: string; sequenceId: string; contactId: string }): Promise<boolean> {
  const res = await db.query(
    `update sequence_enrollments set status = 'stopped', stop_reason = $4, finished_at = now(), next_due_at = null
     where workspace_id = $1 and sequence_id = $2 and contact_id = $3 and status = 'active'`,
    [e.workspaceId, e.sequenceId, e.contactId, STOP_REASONS.unenrolled],
  );
  return (res.rowCount ?? 0) > 0;
}

/**
 * A flow's Sequence step (contracts/flows/nodes/enroll-sequence.ts) for the run's contact, in the
 * turn's transaction. A sequence deleted, turned off, or of another account than the contact's
 * enrols nobody: the step has nothing to refuse the run for.
 */
export async function enrollRunContact(
  db: Pick<pg.PoolClient, 'query'>,
  e: { runId: string; sequenceId: string; action: 'enroll' | 'unenroll' },
): Promise<void> {
  const { rows } = await db.query<{ workspace_id: string; contact_id: string }>('select workspace_id, contact_id from flow_runs where id = $1', [e.runId]);
  const run = rows[0];
  if (!run) return;
  const target = { workspaceId: run.workspace_id, sequenceId: e.sequenceId, contactId: run.contact_id };
  if (e.action === 'enroll') await enrollContact(db, { ...target, source: 'flow' });
  else await unenrollContact(db, target);
}
