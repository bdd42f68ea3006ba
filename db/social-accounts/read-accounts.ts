import type pg from 'pg';
import { z } from 'zod';
import { accountProfileSchema, type SocialAccount } from '../../contracts/social-accounts';

const row = z.object({
  id: z.string(),
  platform: z.enum(['instagram', 'facebook', 'twitter']),
  provider: z.enum(['meta', 'x', 'sandbox']),
  external_id: z.string(),
  username: z.string(),
  display_name: z.string(),
  connected_at: z.date(),
  is_active: z.boolean(),
  status: z.enum(['active', 'needs_reconnect']),
  status_reason: z.string().nullable(),
  token_expires_at: z.date().nullable(),
  health_checked_at: z.date().nullable(),
  health_error: z.string().nullable(),
  profile: z.unknown(),
  rec_started_at: z.date().nullable(),
  rec_finished_at: z.date().nullable(),
  rec_last_recovered: z.number().nullable(),
  rec_total_recovered: z.number().nullable(),
  rec_error: z.string().nullable(),
});

/** The login that connected the account is the one that reconnects it. */
function reconnectPath(r: { provider: string; platform: string; profile: unknown }): string | null {
  if (r.provider === 'sandbox') return null;
  if (r.provider === 'x') return '/oauth/twitter';
  const profile = accountProfileSchema.safeParse(r.profile ?? {});
  return r.platform === 'instagram' && profile.success && profile.data.loginPath === 'instagram' ? '/oauth/instagram' : '/oauth/facebook';
}

const selectAccounts = `select a.id, a.platform, a.provider, a.external_id, a.username, a.display_name, a.connected_at, a.is_active, a.status, a.status_reason,
  a.token_expires_at, a.health_checked_at, a.health_error, a.profile,
  r.last_started_at as rec_started_at, r.last_finished_at as rec_finished_at, r.last_recovered as rec_last_recovered,
  r.total_recovered as rec_total_recovered, r.last_error as rec_error
  from social_accounts a left join account_reconciliations r on r.account_id = a.id
  where a.workspace_id = $1 order by a.provider = 'sandbox', a.connected_at, a.platform`;

export async function listSocialAccounts(pool: pg.Pool, workspaceId: string): Promise<SocialAccount[]> {
  // Polled every 5 s by every open browser: a pure read (sandbox accounts are made with the workspace).
  const { rows } = await pool.query(selectAccounts, [workspaceId]);
  return z
    .array(row)
    .parse(rows)
    .map((r) => ({
      id: r.id,
      platform: r.platform,
      provider: r.provider,
      externalId: r.external_id,
      username: r.username,
      displayName: r.display_name,
      name: r.display_name,
      connectedAt: r.connected_at.toISOString(),
      isActive: r.is_active,
      status: r.status,
      statusReason: r.status_reason,
      tokenExpiresAt: r.token_expires_at?.toISOString() ?? null,
      healthCheckedAt: r.health_checked_at?.toISOString() ?? null,
      healthError: r.health_error,
      reconciliation: r.rec_started_at
        ? {
            lastReconciledAt: r.rec_finished_at?.toISOString() ?? null,
            lastRecovered: r.rec_last_recovered ?? 0,
            totalRecovered: r.rec_total_recovered ?? 0,
            lastError: r.rec_error,
          }
        : null,
      reconnectPath: reconnectPath(r),
      isSandbox: r.provider === 'sandbox',
    }));
}
