import type pg from 'pg';
import { readRunContacts, type RunContactRow } from '../../db/flows/run-contacts';
import type { RunRow } from '../../db/flows/run-row';
import type { RunContact } from '../../workflows/advance';

/** Contacts as the interpreter sees them: tags, fields and their latest message (or the triggering comment). */
export async function loadContacts(client: pg.PoolClient, runs: RunRow[]): Promise<Map<string, RunContact>> {
  const byId = await readRunContacts(
    client,
    runs.map((r) => r.contact_id),
  );
  const out = new Map<string, RunContact>();
  for (const run of runs) {
    const row = byId.get(run.contact_id);
    if (!row) throw new Error(`contact ${run.contact_id} of run ${run.id} not found`);
    out.set(run.id, runContact(run, row));
  }
  return out;
}

/** The interpreter's view of a run's contact row (a comment-triggered run's contact may have no message yet: the comment stands in). */
export function runContact(run: RunRow, row: RunContactRow): RunContact {
  const lastMessage = run.trigger.type === 'comment' && run.trigger.text !== null && row.last_message === null ? run.trigger.text : row.last_message;
  return { name: row.name, username: row.username, tags: row.tags, fields: row.custom_fields, lastMessage };
}

export async function loadContact(client: pg.PoolClient, run: RunRow): Promise<RunContact> {
  return (await loadContacts(client, [run])).get(run.id)!;
}
