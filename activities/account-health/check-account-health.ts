import type pg from 'pg';
import { accountProfileSchema, type AccountProfile } from '../../contracts/social-accounts';
import { notifyWorkspace } from '../../db/notify';
import { recordActivity } from '../../db/record-activity';
import {
  markAccountBroken,
  markExpiryAlerted,
  readHealthAccount,
  recordHealthUnknown,
  saveHealthFindings,
  type HealthAccountRow as AccountRow,
} from '../../db/social-accounts/account-health';
import { withTransaction } from '../../db/transaction';
import { classifyGraphError } from '../../integrations/meta/classify-graph-error';
import { debugToken } from '../../integrations/meta/facebook-login';
import { instagramLoginProfile, refreshInstagramLoginToken } from '../../integrations/meta/instagram-login';
import type { PlatformFailure } from '../../integrations/platform-failure';
import { classifyXError, xMe } from '../../integrations/x/x-api';
import type { PlatformDeps } from '../platform-deps';
import { freshXToken } from '../x-token';
import { accountHealthWarnings } from './health-rows';

/**
 * Permissions without which a Facebook Login account's automations stop (docs/platform-apis.md §3.1):
 * sending, and `pages_manage_metadata`, without which the Page's webhooks stop arriving.
 */
export const REQUIRED_META_SCOPES: Record<'facebook' | 'instagram', readonly string[]> = {
  facebook: ['pages_messaging', 'pages_manage_metadata'],
  instagram: ['instagram_basic', 'instagram_manage_messages', 'instagram_manage_comments', 'pages_manage_metadata'],
};

const DAY_MS = 86_400_000;
/**
 * Instagram Login tokens live 60 days and can be refreshed once at least a day old (§3.2). Refreshing
 * when fewer than 50 days are left (about every 10 days with hourly checks) leaves weeks of margin
 * if the server or Instagram is down for a while.
 */
export const INSTAGRAM_REFRESH_WHEN_DAYS_LEFT = 50;

export type HealthCheckResult =
  /** The platform confirmed the token works and has the permissions it needs. */
  | { verdict: 'healthy'; refreshed: boolean }
  /** The token or a required permission is gone: the account is marked and the workspace alerted. */
  | { verdict: 'needs_reconnect'; reason: string }
  /** No verdict this time (network, throttling, app not configured); the account is left as it was. */
  | { verdict: 'unknown'; error: string }
  /** Nothing to check: sandbox, disconnected, or already waiting to be reconnected. */
  | { verdict: 'skipped'; why: string };

/** What a successful check learned, written back in one statement. */
interface Findings {
  scopes: string[] | null;
  /** Only when the platform told us (undefined: keep what is stored). */
  tokenExpiresAt?: Date | null;
  newToken?: string;
  profile?: AccountProfile;
  username?: string;
  displayName?: string;
}
type Probe = { ok: Findings } | { broken: string } | { unknown: string };

const label = (a: Pick<AccountRow, 'platform' | 'display_name' | 'username'>) => (a.platform === 'facebook' ? a.display_name : `@${a.username}`);
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * Asks the platform whether an account's token still works (ADR 0008), so revoked
 * tokens and removed permissions are found before a send fails:
 * - Facebook Login (Pages and their Instagram accounts): `debug_token` — validity, remaining
 *   permissions, and the data-access expiry, which becomes the account's token expiry;
 * - Instagram Login: `/me` on graph.instagram.com (the profile is refreshed too), then the 60-day
 *   token is renewed when fewer than {@link INSTAGRAM_REFRESH_WHEN_DAYS_LEFT} days are left;
 * - X: `/2/users/me`, refreshing the 2-hour access token first when it is due.
 * A broken account is marked `needs_reconnect` once (its sends stop, ADR 0006) with an activity
 * line saying why; an expiry inside the warning window is announced once per expiry date.
 */
export async function checkAccountHealth(pool: pg.Pool, accountId: string, deps: PlatformDeps, now: () => Date = () => new Date()): Promise<HealthCheckResult> {
  const account = await readHealthAccount(pool, accountId);
  if (!account) return { verdict: 'skipped', why: 'account not found' };
  if (account.provider === 'sandbox') return { verdict: 'skipped', why: 'sandbox accounts have no token' };
  if (!account.is_active || !account.access_token_enc) return { verdict: 'skipped', why: 'the account is disconnected' };
  if (account.status === 'needs_reconnect') return { verdict: 'skipped', why: 'the account is waiting to be reconnected' };

  const probe = await probeAccount(pool, account, deps.cipher.decrypt(account.access_token_enc), deps, now());
  if ('unknown' in probe) {
    await recordHealthUnknown(pool, account.id, now(), probe.unknown);
    return { verdict: 'unknown', error: probe.unknown };
  }
  if ('broken' in probe) {
    const marked = await withTransaction(pool, (client) => markAccountBroken(client, account, { reason: probe.broken, at: now(), label: label(account) }));
    return marked ? { verdict: 'needs_reconnect', reason: probe.broken } : { verdict: 'skipped', why: 'the account changed during the check' };
  }
  await withTransaction(pool, async (client) => {
    const { newToken, ...f } = probe.ok;
    await saveHealthFindings(client, account.id, now(), { ...f, ...(newToken ? { newTokenEnc: deps.cipher.encrypt(newToken) } : {}) });
    await alertExpiryOnce(client, account, now());
    await notifyWorkspace(client, account.workspace_id, { type: 'account.updated', accountId: account.id });
  });
  return { verdict: 'healthy', refreshed: Boolean(probe.ok.newToken) };
}

/** One activity line per expiry date when the token enters the warning window. */
async function alertExpiryOnce(client: pg.PoolClient, account: AccountRow, now: Date) {
  const [warning] = await accountHealthWarnings(client, { accountId: account.id }, now);
  if (!warning || warning.kind === 'needs_reconnect') return;
  if (await markExpiryAlerted(client, account.id)) await recordActivity(client, account.workspace_id, 'account_token_expiring', warning.message, 'general');
}

async function probeAccount(pool: pg.Pool, account: AccountRow, token: string, deps: PlatformDeps, now: Date): Promise<Probe> {
  if (account.provider === 'x') return probeX(pool, account, token, deps);
  const profile = accountProfileSchema.safeParse(account.profile ?? {});
  const loginPath = (profile.success ? profile.data.loginPath : undefined) ?? 'facebook';
  const platform = account.platform === 'twitter' ? 'facebook' : account.platform;
  if (loginPath === 'instagram') return probeInstagramLogin(account, token, profile.success ? profile.data : {}, deps, now);
  return probeFacebookLogin(platform, token, deps);
}

/** A failed probe call: a rejected token is a verdict; anything else (network, throttling) is not. */
function fromFailure(f: PlatformFailure | null, err: unknown, rejected: string): Probe {
  if (f?.kind === 'token') return { broken: `${rejected} — ${f.message}` };
  return { unknown: f?.message ?? (err instanceof Error ? err.message : String(err)) };
}

async function probeFacebookLogin(platform: 'facebook' | 'instagram', token: string, deps: PlatformDeps): Promise<Probe> {
  if (!deps.metaApp) return { unknown: 'Meta tokens cannot be checked: an administrator needs to add the Facebook app ID and secret' };
  let info;
  try {
    info = await debugToken(
      { ...deps.metaApp, graphBaseUrl: deps.meta.graphBaseUrl, version: deps.meta.graphApiVersion, timeoutMs: deps.meta.timeoutMs },
      token,
    );
  } catch (err) {
    // An error here is about our app token (a wrong FACEBOOK_APP_SECRET answers 190 too), never
    // about the account's token, which debug_token reports in its body: no verdict.
    return { unknown: `Meta could not check the token: ${classifyGraphError(err)?.message ?? (err instanceof Error ? err.message : String(err))}` };
  }
  if (!info.isValid) return { broken: `Meta says the access token is no longer valid${info.error ? ` (${info.error})` : ''}` };
  const missing = REQUIRED_META_SCOPES[platform].filter((s) => !info.scopes.includes(s));
  if (missing.length > 0) {
    return {
      broken: `the ${plural(missing.length, 'permission', 'permissions')} ${missing.join(', ')} ${plural(missing.length, 'was', 'were')} removed in Facebook`,
    };
  }
  const expiries = [info.expiresAt, info.dataAccessExpiresAt].filter((d): d is Date => d !== null);
  const tokenExpiresAt = expiries.length ? new Date(Math.min(...expiries.map((d) => d.getTime()))) : null;
  return { ok: { scopes: info.scopes, tokenExpiresAt } };
}

async function probeInstagramLogin(account: AccountRow, token: string, stored: AccountProfile, deps: PlatformDeps, now: Date): Promise<Probe> {
  const ig = { graphBaseUrl: deps.meta.instagramGraphBaseUrl, version: deps.meta.graphApiVersion, timeoutMs: deps.meta.timeoutMs };
  let me;
  try {
    me = await instagramLoginProfile(ig, token);
  } catch (err) {
    return fromFailure(classifyGraphError(err), err, 'Instagram rejected the access token');
  }
  const found: Findings = {
    scopes: null,
    username: me.username,
    displayName: me.name ?? me.username,
    profile: {
      ...stored,
      ...(me.name ? { name: me.name } : {}),
      ...(me.profile_picture_url ? { pictureUrl: me.profile_picture_url } : {}),
      ...(me.followers_count !== undefined ? { followersCount: me.followers_count } : {}),
      ...(me.media_count !== undefined ? { mediaCount: me.media_count } : {}),
    },
  };
  const expiresAt = account.token_expires_at;
  if (!expiresAt || expiresAt.getTime() - now.getTime() > INSTAGRAM_REFRESH_WHEN_DAYS_LEFT * DAY_MS) return { ok: found };
  try {
    const renewed = await refreshInstagramLoginToken(ig, token);
    return { ok: { ...found, newToken: renewed.token, tokenExpiresAt: new Date(now.getTime() + renewed.expiresInSeconds * 1000) } };
  } catch (err) {
    // The token still works (/me answered); a refused refresh is retried next time, and the expiry
    // warning tells the user if it never succeeds.
    const f = classifyGraphError(err);
    if (f?.kind === 'token') return { broken: `Instagram refused to renew the access token — ${f.message}` };
    return { ok: found };
  }
}

async function probeX(pool: pg.Pool, account: AccountRow, token: string, deps: PlatformDeps): Promise<Probe> {
  if (!deps.x) return { unknown: "X tokens cannot be checked: an administrator needs to add the X app's client ID and secret" };
  const fresh = await freshXToken(pool, { id: account.id, tokenExpiresAt: account.token_expires_at }, token, deps.x, deps.cipher);
  if (typeof fresh !== 'string') return fromFailure(fresh, null, 'X rejected the access token');
  try {
    const me = await xMe(deps.x, fresh);
    return { ok: { scopes: null, username: me.username, displayName: me.name ?? me.username } };
  } catch (err) {
    return fromFailure(classifyXError(err), err, 'X rejected the access token');
  }
}
