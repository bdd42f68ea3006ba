import type pg from 'pg';
import { z } from 'zod';
import type { TestContact } from '../../contracts/flows';
import { startRun } from './runs';

const contactRow = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  account_id: z.string(),
  platform: z.enum(['instagram', 'facebook', 'twitter']),
});

/** The workspace's sandbox contacts, newest first: the only contacts a test run may use. */
export async function listTestContacts(db: pg.Pool, workspaceId: string): Promise<TestContact[]> {
  const { rows } = await db.query(
    `select c.id, c.name, c.username, c.account_id, a.platform from contacts c
     join social_accounts a on a.id = c.account_id and a.provider = 'sandbox'
     where c.workspace_id = $1 order by c.created_at desc limit 100`,
    [workspaceId],
  );
  return z
    .array(contactRow)
    .parse(rows)
    .map((c) => ({ id: c.id, name: c.name, username: c.username, accountId: c.account_id, platform: c.platform }));
}

export type TestRunRefusal = 'flow_not_found' | 'unpublished' | 'contact_not_found' | 'live_run_exists';

/** Starts a run of the flow's published (else latest) version for a sandbox contact. Call inside a transaction. */
export async function startTestRun(client: pg.PoolClient, workspaceId: string, flowId: string, contactId: string): Promise<TestRunRefusal | { runId: string }> {
  const flow = await client.query<{ version_id: string | null }>(
    `select coalesce(f.active_version_id, (select id from flow_versions v where v.flow_id = f.id order by version desc limit 1)) as version_id
     from flows f where f.workspace_id = $1 and f.id = $2`,
    [workspaceId, flowId],
  );
  if (!flow.rows[0]) return 'flow_not_found';
  const versionId = flow.rows[0].version_id;
  if (!versionId) return 'unpublished';
  const contact = await client.query<{ account_id: string }>(
    `select c.account_id from contacts c join social_accounts a on a.id = c.account_id and a.provider = 'sandbox'
     where c.workspace_id = $1 and c.id = $2`,
    [workspaceId, contactId],
  );
  if (!contact.rows[0]) return 'contact_not_found';
  const runId = await startRun(client, {
    workspaceId,
    flowId,
    versionId,
    accountId: contact.rows[0].account_id,
    contactId,
    trigger: { type: 'test', text: null },
  });
  return runId ? { runId } : 'live_run_exists';
}
