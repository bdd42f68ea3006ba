import type pg from 'pg';
import { z } from 'zod';
import { sequenceStepSchema, type createSequenceBodySchema, type Sequence, type updateSequenceBodySchema } from '../../contracts/sequences';

const row = z.object({
  id: z.string(),
  name: z.string(),
  account_id: z.string().nullable(),
  steps: z.array(sequenceStepSchema),
  stop_on_reply: z.boolean(),
  enroll_tag: z.string().nullable(),
  is_active: z.boolean(),
  active: z.number(),
  completed: z.number(),
  stopped: z.number(),
  created_at: z.date(),
  updated_at: z.date(),
});

const toSequence = (r: z.infer<typeof row>): Sequence => ({
  id: r.id,
  name: r.name,
  accountId: r.account_id,
  steps: r.steps,
  stopOnReply: r.stop_on_reply,
  enrollTag: r.enroll_tag,
  isActive: r.is_active,
  counts: { active: r.active, completed: r.completed, stopped: r.stopped, total: r.active + r.completed + r.stopped },
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const select = `select s.id, s.name, s.account_id, s.steps, s.stop_on_reply, s.enroll_tag, s.is_active, s.created_at, s.updated_at,
    coalesce(n.active, 0)::int as active, coalesce(n.completed, 0)::int as completed, coalesce(n.stopped, 0)::int as stopped
  from sequences s
  left join lateral (
    select count(*) filter (where status = 'active') as active, count(*) filter (where status = 'completed') as completed,
           count(*) filter (where status = 'stopped') as stopped
    from sequence_enrollments e where e.sequence_id = s.id) n on true`;

export async function listSequences(db: Pick<pg.Pool, 'query'>, workspaceId: string): Promise<Sequence[]> {
  const { rows } = await db.query(`${select} where s.workspace_id = $1 order by s.created_at desc, s.id limit 500`, [workspaceId]);
  return z.array(row).parse(rows).map(toSequence);
}

export async function getSequence(db: Pick<pg.Pool, 'query'>, workspaceId: string, id: string): Promise<Sequence | null> {
  const { rows } = await db.query(`${select} where s.workspace_id = $1 and s.id = $2`, [workspaceId, id]);
  return rows[0] ? toSequence(row.parse(rows[0])) : null;
}

/** 'account_not_found' when accountId is not one of the workspace's accounts. */
export async function createSequence(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  body: z.output<typeof createSequenceBodySchema>,
): Promise<string | 'account_not_found'> {
  const { rows } = await db.query<{ id: string | null }>(
    `insert into sequences (workspace_id, name, account_id, steps, stop_on_reply, enroll_tag, is_active)
     select $1::uuid, $2::text, $3::uuid, $4::jsonb, $5::boolean, $6::text, $7::boolean
     where $3::uuid is null or exists (select 1 from social_accounts where workspace_id = $1::uuid and id = $3::uuid)
     returning id`,
    [workspaceId, body.name, body.accountId, JSON.stringify(body.steps), body.stopOnReply, body.enrollTag, body.isActive],
  );
  return rows[0]?.id ?? 'account_not_found';
}

/**
 * Applies the fields present. Steps are matched by id: an enrolment's record of a step stays with
 * it, a new step's time counts from each enrolment like the others (a step already due is sent at
 * its enrolment's next run, window permitting).
 */
export async function updateSequence(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  id: string,
  body: z.output<typeof updateSequenceBodySchema>,
): Promise<'ok' | 'not_found' | 'account_not_found'> {
  if (body.accountId) {
    const acc = await db.query('select 1 from social_accounts where workspace_id = $1 and id = $2', [workspaceId, body.accountId]);
    if (acc.rowCount === 0) return 'account_not_found';
  }
  const { rowCount } = await db.query(
    `update sequences set
       name = coalesce($3, name),
       account_id = case when $4::boolean then $5::uuid else account_id end,
       steps = coalesce($6::jsonb, steps),
       stop_on_reply = coalesce($7, stop_on_reply),
       enroll_tag = case when $8::boolean then $9 else enroll_tag end,
       is_active = coalesce($10, is_active),
       updated_at = now()
     where workspace_id = $1 and id = $2`,
    [
      workspaceId,
      id,
      body.name ?? null,
      body.accountId !== undefined,
      body.accountId ?? null,
      body.steps ? JSON.stringify(body.steps) : null,
      body.stopOnReply ?? null,
      body.enrollTag !== undefined,
      body.enrollTag ?? null,
      body.isActive ?? null,
    ],
  );
  return rowCount ? 'ok' : 'not_found';
}

/** Deletes the sequence and its enrolments (their pending jobs find nothing and end). */
/** A sequence's name and state, its row locked for the caller's transaction (an audited change reads what it changes). */
export async function lockSequence(client: Pick<pg.PoolClient, 'query'>, workspaceId: string, id: string): Promise<{ name: string; isActive: boolean } | null> {
  const { rows } = await client.query<{ name: string; is_active: boolean }>(
    'select name, is_active from sequences where workspace_id = $1 and id = $2 for update',
    [workspaceId, id],
  );
  return rows[0] ? { name: rows[0].name, isActive: rows[0].is_active } : null;
}

export async function deleteSequence(db: Pick<pg.Pool, 'query'>, workspaceId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from sequences where workspace_id = $1 and id = $2', [workspaceId, id]);
  return (rowCount ?? 0) > 0;
}
