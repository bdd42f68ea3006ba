import { z } from 'zod';
import { can, type Permission, type Role } from './permissions';

/**
 * API key scopes, THE one table (docs/api.md "Scopes"): `<resource>:read|write`, and the role
 * permission (contracts/permissions.ts) each maps onto. A key's scopes never exceed its creator's
 * role: checked when the key is made and again on every request, so a demoted or removed creator's
 * key loses what the role lost. A resource without a `write` permission has no write scope.
 */
export const scopeTable = {
  contacts: { read: 'workspace:read', write: 'inbox:write' },
  conversations: { read: 'workspace:read', write: 'inbox:write' },
  messages: { read: 'workspace:read', write: 'inbox:write' },
  flows: { read: 'workspace:read', write: 'flows:write' },
  leads: { read: 'workspace:read', write: 'leads:write' },
  conversions: { read: 'workspace:read', write: 'leads:write' },
  broadcasts: { read: 'workspace:read', write: 'broadcasts:write' },
  tags: { read: 'workspace:read', write: 'inbox:write' },
  knowledge: { read: 'workspace:read', write: 'knowledge:write' },
  webhooks: { read: 'settings:manage', write: 'settings:manage' },
  analytics: { read: 'workspace:read', write: null },
} as const satisfies Record<string, { read: Permission; write: Permission | null }>;

export type ApiResource = keyof typeof scopeTable;
export const apiResources = Object.keys(scopeTable) as ApiResource[];

export const apiScopes = apiResources.flatMap((r) => (scopeTable[r].write ? [`${r}:read`, `${r}:write`] : [`${r}:read`])) as ApiScope[];
export type ApiScope = `${ApiResource}:${'read' | 'write'}`;

/** The role permission a scope needs. */
export function scopePermission(scope: ApiScope): Permission {
  const [resource, access] = scope.split(':') as [ApiResource, 'read' | 'write'];
  const permission = scopeTable[resource][access];
  if (!permission) throw new Error(`No such scope: ${scope}`);
  return permission;
}

/** Whether a member of `role` may hold (or use) `scope`. */
export const roleMayHoldScope = (role: Role, scope: ApiScope) => can(role, scopePermission(scope));

/** The scopes a role may give a key (the Settings form shows only these). */
export const scopesForRole = (role: Role) => apiScopes.filter((s) => roleMayHoldScope(role, s));

export const apiScopeSchema = z.enum(apiScopes as [ApiScope, ...ApiScope[]], 'Unknown scope');

/** POST /api/api-keys */
export const createApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, 'Name the key (what will use it)').max(100, 'At most 100 characters'),
  scopes: z
    .array(apiScopeSchema)
    .min(1, 'Choose at least one scope')
    // Once each, in the table's order, whatever order they were ticked in.
    .transform((s) => apiScopes.filter((x) => s.includes(x))),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

/** A key as listed: never the key itself. */
export interface ApiKey {
  id: string;
  name: string;
  /** Its first characters, to tell keys apart. */
  prefix: string;
  scopes: ApiScope[];
  createdBy: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** POST /api/api-keys: the key, this once. */
export interface NewApiKey extends ApiKey {
  key: string;
}

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'rp_live_';
