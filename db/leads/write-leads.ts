import type pg from 'pg';
import { leadEvents } from './lead-events';
import { type z } from 'zod';
import type { createLeadBodySchema, Lead, updateLeadBodySchema } from '../../contracts/leads';
import { leadColumns, leadRow, toLead } from './lead-row';

type NewLead = z.output<typeof createLeadBodySchema>;

const isUniqueViolation = (err: unknown, constraint: string) =>
  err instanceof Error && 'code' in err && err.code === '23505' && 'constraint' in err && err.constraint === constraint;

/** lead.created / lead.updated in the statement that writes the lead (lead-events.ts). */
const writtenEvents = leadEvents('w');

/**
 * A lead added by hand. An email the workspace already has (any case) is the same lead: its name
 * and handle are filled in where missing and nothing else changes (its status and value stay), so
 * adding a known person twice never makes a second row. `created` tells which happened.
 */
export async function createLead(db: pg.Pool, workspaceId: string, body: NewLead): Promise<{ lead: Lead; created: boolean }> {
  const { rows } = await db.query(
    `with w as (insert into leads (workspace_id, name, email, social_handle, source, status, value_cents, notes)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (workspace_id, lower(email)) do update set
       name = case when leads.name = '' then excluded.name else leads.name end,
       social_handle = coalesce(leads.social_handle, excluded.social_handle),
       updated_at = now()
     returning ${leadColumns}, (xmax = 0) as created, workspace_id as ws_id),
     ${writtenEvents.ctes}
     select w.*, ${writtenEvents.woke} as woke from w`,
    [workspaceId, body.name ?? '', body.email || null, body.socialHandle || null, body.source, body.status, body.value ?? 0, body.notes ?? ''],
  );
  const row = rows[0] as { created: boolean };
  return { lead: toLead(leadRow.parse(row)), created: row.created };
}

/** Applies the fields present; 'not_found' for another workspace's id, 'email_taken' when another lead has the email. */
export async function updateLead(
  db: pg.Pool,
  workspaceId: string,
  id: string,
  body: z.output<typeof updateLeadBodySchema>,
): Promise<Lead | 'not_found' | 'email_taken'> {
  try {
    const { rows } = await db.query(
      `with w as (update leads set
         status = coalesce($3, status),
         value_cents = coalesce($4, value_cents),
         notes = coalesce($5, notes),
         name = coalesce($6, name),
         email = case when $7 then nullif($8, '') else email end,
         updated_at = now()
       where workspace_id = $1 and id = $2
       returning ${leadColumns}, false as created, workspace_id as ws_id),
       ${writtenEvents.ctes}
       select w.*, ${writtenEvents.woke} as woke from w`,
      [workspaceId, id, body.status ?? null, body.value ?? null, body.notes ?? null, body.name ?? null, body.email !== undefined, body.email ?? null],
    );
    return rows[0] ? toLead(leadRow.parse(rows[0])) : 'not_found';
  } catch (err) {
    if (isUniqueViolation(err, 'leads_workspace_email_key')) return 'email_taken';
    throw err;
  }
}

export async function deleteLead(db: Pick<pg.Pool, 'query'>, workspaceId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from leads where workspace_id = $1 and id = $2', [workspaceId, id]);
  return rowCount !== 0;
}
