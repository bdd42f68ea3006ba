import type pg from 'pg';
import { readRunContacts } from '../../db/flows/run-contacts';
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
    const lastMessage = run.trigger.type === 'comment' && run.trigger.text !== null && row.last_message === null ? run.trigger.text : row.last_message;
    out.set(run.id, { name: row.name, username: row.username, tags: row.tags, fields: row.custom_fields, lastMessage });
  }
  return out;
}

export async function loadContact(client: pg.PoolClient, run: RunRow): Promise<RunContact> {
  return (await loadContacts(client, [run])).get(run.id)!;
}
