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
});

/** The login that connected the account is the one that reconnects it. */
function reconnectPath(r: { provider: string; platform: string; profile: unknown }): string | null {
  if (r.provider === 'sandbox') return null;
  if (r.provider === 'x') return '/oauth/twitter';
  const profile = accountProfileSchema.safeParse(r.profile ?? {});
  return r.platform === 'instagram' && profile.success && profile.data.loginPath === 'instagram' ? '/oauth/instagram' : '/oauth/facebook';
}

const selectAccounts = `select id, platform, provider, external_id, username, display_name, connected_at, is_active, status, status_reason, token_expires_at,
  health_checked_at, health_error, profile
  from social_accounts where workspace_id = $1 order by provider = 'sandbox', connected_at, platform`;

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
      reconnectPath: reconnectPath(r),
      isSandbox: r.provider === 'sandbox',
    }));
}
