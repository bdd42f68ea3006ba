import type pg from 'pg';
import { z } from 'zod';
import { apiScopeSchema, type ApiKey, type ApiScope } from '../../contracts/api-keys';
import { roles, type Role } from '../../contracts/permissions';

type Db = Pick<pg.Pool, 'query'>;

const columns = 'id, name, prefix, scopes, created_by, created_at, last_used_at, revoked_at';
const keyRow = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  // A scope retired from contracts/api-keys.ts is dropped, not an error.
  scopes: z.array(z.string()).transform((s) => s.flatMap((x) => (apiScopeSchema.safeParse(x).success ? [x as ApiScope] : []))),
  created_by: z.string().nullable(),
  created_at: z.date(),
  last_used_at: z.date().nullable(),
  revoked_at: z.date().nullable(),
});

function toApiKey(row: unknown): ApiKey {
  const r = keyRow.parse(row);
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    lastUsedAt: r.last_used_at?.toISOString() ?? null,
    revokedAt: r.revoked_at?.toISOString() ?? null,
  };
}

/** Settings → API keys: the workspace's keys, live ones first, newest first. */
export async function listApiKeys(db: Db, workspaceId: string): Promise<ApiKey[]> {
  const { rows } = await db.query(`select ${columns} from api_keys where workspace_id = $1 order by revoked_at is not null, created_at desc, id`, [
    workspaceId,
  ]);
  return rows.map(toApiKey);
}

export async function insertApiKey(
  db: Db,
  k: { workspaceId: string; name: string; prefix: string; hash: string; scopes: ApiScope[]; createdBy: string },
): Promise<ApiKey> {
  const { rows } = await db.query(
    `insert into api_keys (workspace_id, name, prefix, hash, scopes, created_by) values ($1, $2, $3, $4, $5, $6) returning ${columns}`,
    [k.workspaceId, k.name, k.prefix, k.hash, k.scopes, k.createdBy],
  );
  return toApiKey(rows[0]);
}

/** Revokes a live key of the workspace; null when there is none by that id (another workspace's, or already revoked). */
export async function revokeApiKey(db: Db, workspaceId: string, id: string): Promise<ApiKey | null> {
  const { rows } = await db.query(`update api_keys set revoked_at = now() where workspace_id = $1 and id = $2 and revoked_at is null returning ${columns}`, [
    workspaceId,
    id,
  ]);
  return rows[0] ? toApiKey(rows[0]) : null;
}

/** Who a request's key acts as: its workspace and scopes, and its creator's role there now (null: no longer a member). */
export interface ApiKeyPrincipal {
  keyId: string;
  workspaceId: string;
  scopes: ApiScope[];
  createdBy: string | null;
  creatorRole: Role | null;
  lastUsedAt: Date | null;
}

const principalRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  scopes: keyRow.shape.scopes,
  created_by: z.string().nullable(),
  role: z.enum(roles).nullable(),
  last_used_at: z.date().nullable(),
});

/** The live key with this hash, or null (unknown or revoked). */
export async function findApiKeyByHash(db: Db, hash: string): Promise<ApiKeyPrincipal | null> {
  const { rows } = await db.query(
    `select k.id, k.workspace_id, k.scopes, k.created_by, m.role, k.last_used_at
       from api_keys k
       left join workspace_members m on m.workspace_id = k.workspace_id and m.user_id = k.created_by
      where k.hash = $1 and k.revoked_at is null`,
    [hash],
  );
  if (!rows[0]) return null;
  const r = principalRow.parse(rows[0]);
  return { keyId: r.id, workspaceId: r.workspace_id, scopes: r.scopes, createdBy: r.created_by, creatorRole: r.role, lastUsedAt: r.last_used_at };
}

/** Records a use, at most once a minute per key whichever process serves it (the condition is in the statement). */
export async function touchApiKey(db: Db, id: string): Promise<void> {
  await db.query(`update api_keys set last_used_at = now() where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')`, [id]);
}
