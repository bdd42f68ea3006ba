import type pg from 'pg';
import type { ToneId } from '../../contracts/onboarding';

/** Sets the workspace's business name (kept when blank) and tone. */
export async function saveWorkspacePersona(client: pg.PoolClient, workspaceId: string, businessName: string, tone: ToneId): Promise<void> {
  await client.query(
    `insert into workspace_personas (workspace_id, business_name, tone) values ($1, nullif($2, ''), $3)
     on conflict (workspace_id) do update
     set business_name = coalesce(excluded.business_name, workspace_personas.business_name), tone = excluded.tone, updated_at = now()`,
    [workspaceId, businessName, tone],
  );
}
