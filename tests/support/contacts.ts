import type pg from 'pg';

/**
 * `count` contacts on an account, ids `<prefix>-<n>`, who last wrote `lastInboundHoursAgo` hours ago
 * (null: never), with the given tags and contact fields. Broadcast tests' audience.
 */
export async function seedContacts(
  pool: pg.Pool,
  c: {
    workspaceId: string;
    accountId: string;
    prefix: string;
    count: number;
    lastInboundHoursAgo: number | null;
    tags?: string[];
    fields?: Record<string, string>;
  },
): Promise<void> {
  await pool.query(
    `insert into contacts (workspace_id, account_id, external_user_id, name, username, tags, custom_fields, last_inbound_at)
     select $1, $2, $3 || '-' || n, 'Fan ' || $3 || ' ' || n, $3 || n, $5::text[], $6::jsonb,
            case when $7::float8 is null then null else now() - make_interval(secs => $7::float8 * 3600) end
     from generate_series(1, $4::int) n`,
    [c.workspaceId, c.accountId, c.prefix, c.count, c.tags ?? [], JSON.stringify(c.fields ?? {}), c.lastInboundHoursAgo],
  );
}

/** A sandbox X account for the workspace (sandbox provider: deliveries are rows, as for the others). */
export async function addSandboxXAccount(pool: pg.Pool, workspaceId: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name)
     values ($1::uuid, 'twitter', 'sandbox', 'sandbox-x-' || $1::text, 'sandbox_x', 'Sandbox X') returning id`,
    [workspaceId],
  );
  return rows[0]!.id;
}
