import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns';
import { users } from './users';

/**
 * API keys for /api/v1 and POST /api/conversions (docs/api.md): only the SHA-256 of the key is stored
 * (the key is 32 random bytes, so no salt or slow hash is needed to make the hash useless to a thief);
 * the key is shown once. Scopes are contracts/api-keys.ts's; revoking keeps the row for the audit trail.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    name: text('name').notNull(),
    /** The first characters, so Settings can tell keys apart. */
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    /** Whose role bounds the key's scopes; a deleted user's keys stop working (no role). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    /** Written at most once a minute per key (api/features/api-keys/api-key-auth.ts). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    unique('api_keys_workspace_id_key').on(t.workspaceId, t.id),
    index('api_keys_created_by_idx').on(t.createdBy),
    index('api_keys_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
  ],
);

/**
 * `Idempotency-Key` answers of /api/v1 writes (docs/api.md "Idempotency"): the first request's
 * status and body per (workspace, key), replayed to a retry. `request_hash` tells a reused key with
 * another body (422). Rows older than a day are pruned by the maintenance job.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    workspaceId: workspaceIdColumn(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Written in the same transaction as the row (db/api-keys/idempotency.ts), so others never see it null. */
    status: integer('status'),
    response: jsonb('response'),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] }), index('api_idempotency_keys_created_idx').on(t.createdAt)],
);
