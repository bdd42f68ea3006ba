import type pg from 'pg';
import { z } from 'zod';
import type { ApiKeyStatus } from '../../contracts/conversions';

const keyRow = z.object({ prefix: z.string(), created_at: z.date() });

/** Settings: whether the workspace has a conversions API key, and its first characters. */
export async function readApiKeyStatus(db: pg.Pool, workspaceId: string): Promise<ApiKeyStatus> {
  const { rows } = await db.query('select prefix, created_at from workspace_api_keys where workspace_id = $1', [workspaceId]);
  if (!rows[0]) return { exists: false, prefix: null, createdAt: null };
  const r = keyRow.parse(rows[0]);
  return { exists: true, prefix: r.prefix, createdAt: r.created_at.toISOString() };
}

/** Makes or replaces (rotates) the workspace's key; only its hash is stored. */
export async function storeApiKey(db: Pick<pg.Pool, 'query'>, workspaceId: string, keyHash: string, prefix: string): Promise<{ createdAt: string }> {
  const { rows } = await db.query(
    `insert into workspace_api_keys (workspace_id, key_hash, prefix) values ($1, $2, $3)
     on conflict (workspace_id) do update set key_hash = excluded.key_hash, prefix = excluded.prefix, created_at = now()
     returning created_at`,
    [workspaceId, keyHash, prefix],
  );
  return { createdAt: keyRow.pick({ created_at: true }).parse(rows[0]).created_at.toISOString() };
}

/** The workspace a key hash belongs to, or null. */
export async function workspaceForApiKey(db: pg.Pool, keyHash: string): Promise<string | null> {
  const { rows } = await db.query('select workspace_id from workspace_api_keys where key_hash = $1', [keyHash]);
  return rows[0] ? z.object({ workspace_id: z.string() }).parse(rows[0]).workspace_id : null;
}
