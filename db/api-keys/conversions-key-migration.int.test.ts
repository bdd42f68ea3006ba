import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestPool } from '../../tests/support/test-db';
import { hashApiKey } from '../../api/http/api-key-auth';
import { findApiKeyByHash } from './api-keys';

const { pool } = await useTestPool({ max: 2 });

/**
 * The migration that made API keys turns each workspace's single conversions key into a scoped key
 * with the same hash, so the key a shop already holds keeps working. Replays its backfill statement
 * against the old table as it was.
 */
describe('the conversions key migration', () => {
  it("keeps a workspace's old key working, as a conversions:write key created by its owner", async () => {
    // By its tag: the migration's number changes when branches are merged.
    const dir = path.join(import.meta.dirname, '../migrations');
    const file = readdirSync(dir).find((f) => /^\d{4}_api_keys\.sql$/.test(f));
    const sql = readFileSync(path.join(dir, file!), 'utf8');
    const backfill = sql.split('--> statement-breakpoint').find((s) => s.includes('INSERT INTO "api_keys"'));
    expect(backfill).toBeDefined();
    const { rows } = await pool.query(
      `with w as (insert into workspaces (name) values ('Shop') returning id),
            u as (insert into users (email, workspace_id) select 'owner-' || gen_random_uuid() || '@example.com', id from w returning id, workspace_id)
       insert into workspace_members (workspace_id, user_id, role) select workspace_id, id, 'owner' from u returning workspace_id, user_id`,
    );
    const { workspace_id: workspaceId, user_id: ownerId } = rows[0];
    const oldKey = 'rp_live_existing-shop-key';
    await pool.query(
      'create temporary table workspace_api_keys (workspace_id uuid primary key, key_hash text not null, prefix text not null, created_at timestamptz not null default now())',
    );
    await pool.query('insert into workspace_api_keys (workspace_id, key_hash, prefix) values ($1, $2, $3)', [
      workspaceId,
      hashApiKey(oldKey),
      oldKey.slice(0, 12),
    ]);
    await pool.query(backfill!);
    expect(await findApiKeyByHash(pool, hashApiKey(oldKey))).toMatchObject({
      workspaceId,
      scopes: ['conversions:write'],
      createdBy: ownerId,
      creatorRole: 'owner',
    });
  });
});
