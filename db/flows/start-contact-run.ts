import type pg from 'pg';
import { startRun } from './runs';

export type ContactRunRefusal = 'flow_not_found' | 'flow_inactive' | 'contact_not_found' | 'wrong_platform' | 'live_run_exists';

/**
 * Starts a run of an ACTIVE flow's published version for one of the workspace's contacts, as an API
 * key asks (POST /api/v1/flows/:id/runs and the MCP server's start_flow tool). Nothing is sent here:
 * the run's steps go through the send ledger like every run's, with its window checks, pacing, opt-out
 * and takeover (the 24-hour window, docs/platform-apis.md §2.1). A flow for X does not start
 * for a Meta contact, nor an Instagram (Meta) flow for an X contact, as its triggers would not
 * (workers/flows/triggers.ts). A contact already in a live run of the flow is refused. Call inside a
 * transaction.
 */
export async function startContactRun(
  client: pg.PoolClient,
  workspaceId: string,
  flowId: string,
  contactId: string,
): Promise<ContactRunRefusal | { runId: string }> {
  const { rows } = await client.query<{
    active: boolean;
    version_id: string | null;
    flow_platform: string;
    account_id: string | null;
    platform: string | null;
  }>(
    `select f.is_active as active, f.active_version_id as version_id, f.platform as flow_platform, c.account_id, a.platform
     from flows f
     left join contacts c on c.workspace_id = $1 and c.id = $3
     left join social_accounts a on a.id = c.account_id
     where f.workspace_id = $1 and f.id = $2`,
    [workspaceId, flowId, contactId],
  );
  const row = rows[0];
  if (!row) return 'flow_not_found';
  if (!row.account_id || !row.platform) return 'contact_not_found';
  if (!row.active || !row.version_id) return 'flow_inactive';
  if ((row.flow_platform === 'twitter') !== (row.platform === 'twitter') && row.flow_platform !== 'multi') return 'wrong_platform';
  const runId = await startRun(client, {
    workspaceId,
    flowId,
    versionId: row.version_id,
    accountId: row.account_id,
    contactId,
    trigger: { type: 'api', text: null },
  });
  return runId ? { runId } : 'live_run_exists';
}
