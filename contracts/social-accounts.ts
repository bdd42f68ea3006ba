import { z } from 'zod';
import type { Platform, Provider } from './platforms';

/** GET /api/social-accounts (docs/product-spec.md §3 Social account). */
export interface SocialAccount {
  id: string;
  platform: Platform;
  provider: Provider;
  externalId: string;
  username: string;
  displayName: string;
  name: string;
  connectedAt: string;
  isActive: boolean;
  status: 'active' | 'needs_reconnect';
  /** Why it needs reconnecting (e.g. "Meta rejected the access token (code 190)…"). */
  statusReason: string | null;
  /** When its token stops working (null: it does not expire, e.g. Page tokens). */
  tokenExpiresAt: string | null;
  /** When the platform was last asked whether the token works (null: not yet). */
  healthCheckedAt: string | null;
  /** Why that check got no answer (network, throttling); null when it did. */
  healthError: string | null;
  /**
   * Missed-webhook reconciliation (ADR 0014), Meta accounts only: when it last read the platform
   * back completely, what that run recovered, all it ever recovered, and why the last run stopped
   * early. null: never run (sandbox and X accounts, or reconciliation is off).
   */
  reconciliation: AccountReconciliation | null;
  /** Where "Reconnect" starts the login that connected it (null for sandbox accounts). */
  reconnectPath: string | null;
  isSandbox: boolean;
}

export interface AccountReconciliation {
  lastReconciledAt: string | null;
  lastRecovered: number;
  totalRecovered: number;
  lastError: string | null;
}

/** GET /api/accounts/connected (polled every 5 s by the UI). */
export interface ConnectedAccountsResponse {
  accounts: SocialAccount[];
  count: number;
}

/** social_accounts.profile (jsonb): what the platform told us when the account was connected. */
export const accountProfileSchema = z
  .object({
    /** Meta: which login connected it (Facebook Login → Page token; Instagram Login → IG user token). */
    loginPath: z.enum(['facebook', 'instagram']).optional(),
    name: z.string().optional(),
    category: z.string().optional(),
    pictureUrl: z.string().optional(),
    followersCount: z.number().optional(),
    mediaCount: z.number().optional(),
  })
  .loose();
export type AccountProfile = z.infer<typeof accountProfileSchema>;

/** An Instagram professional account as the Graph API describes it (docs/product-spec.md §3 Instagram profile). */
export interface InstagramProfile {
  id: string;
  username: string;
  name: string | null;
  profile_picture_url: string | null;
  followers_count: number | null;
  media_count: number | null;
}

/** GET /api/social-accounts/facebook/pages (docs/product-spec.md §3 Facebook page). */
export interface FacebookPageSummary {
  /** The Page id (what send-message takes as pageId). */
  id: string;
  /** Our social_accounts id (for disconnect). */
  accountId: string;
  name: string;
  category: string | null;
  status: 'active' | 'needs_reconnect';
  instagram_business_account?: InstagramProfile & { accountId: string };
}
/** An Instagram account Social Messaging can send from: through its Page, or Instagram Login (pageId null). */
export interface InstagramAccountSummary extends InstagramProfile {
  accountId: string;
  /** The linked Facebook Page; null for an Instagram Login account. send-message takes pageId ?? id. */
  pageId: string | null;
  pageName: string | null;
  status: 'active' | 'needs_reconnect';
}
export interface FacebookPagesResponse {
  pages: FacebookPageSummary[];
  instagramAccounts: InstagramAccountSummary[];
}

export const SOCIAL_SEND_MISSING = 'Please select a page, enter recipient ID, and write a message';
const required = z.string({ error: SOCIAL_SEND_MISSING }).trim().min(1, SOCIAL_SEND_MISSING);

/** POST /api/social-accounts/{facebook|instagram}/send-message (docs/product-spec.md §5 Social messaging send). */
export const socialSendMessageBodySchema = z.object({
  pageId: required.max(64),
  recipientId: required.max(64).regex(/^\d+$/, 'Recipient ID must be the numeric id from a webhook or conversation, not a username'),
  message: required.max(2000, 'Message must be at most 2,000 characters'),
});
export type SocialSendMessageBody = z.infer<typeof socialSendMessageBodySchema>;

/** Instagram measures text in bytes: 1,000 UTF-8 bytes at most (docs/platform-apis.md §2.2). */
export const instagramSendMessageBodySchema = socialSendMessageBodySchema.refine((b) => new TextEncoder().encode(b.message).length <= 1000, {
  path: ['message'],
  message: 'Instagram messages must be at most 1,000 bytes',
});

export interface SocialSendMessageResponse {
  success: true;
  /** sent: Meta accepted it; queued: paced or throttled, it goes at scheduledFor. */
  status: 'sent' | 'queued';
  messageId: string | null;
  recipientId: string;
  scheduledFor: string | null;
}

/** GET /api/webhooks/facebook/setup: what to paste into the Meta app's Webhooks settings. */
export interface WebhookSetupResponse {
  callbackUrl: string;
  /** null unless the user operates this instance (ADMIN_EMAILS): the token is app-wide. */
  verifyToken: string | null;
  /** The app secret is set, so signed webhooks can be verified. */
  signingConfigured: boolean;
  fields: string[];
  /** X Account Activity webhook (CRC + signed POSTs), and whether X_CLIENT_ID/SECRET are set. */
  xCallbackUrl: string;
  xConfigured: boolean;
  /** X_BEARER_TOKEN is set: the webhook is registered and each connected X account subscribed automatically. */
  xAutoSubscribe: boolean;
}

/** GET /api/social-accounts/health: what will stop working, and when (ADR 0008). */
export interface AccountHealthWarning {
  accountId: string;
  platform: Platform;
  name: string;
  kind: 'expiring' | 'expired' | 'needs_reconnect';
  /** Whole days until the token expires (expiring only). */
  daysLeft: number | null;
  /** Active comment rules and flows that use this account's platform. */
  automations: number;
  message: string;
}
export interface AccountHealthResponse {
  warnings: AccountHealthWarning[];
}

/** POST /api/social-accounts/:id/check-health: the platform's verdict on one account, now. */
export interface AccountHealthCheckResponse {
  verdict: 'healthy' | 'needs_reconnect' | 'unknown' | 'skipped';
  /** Why it needs reconnecting, why there is no verdict, or why nothing was checked. */
  detail: string | null;
  account: SocialAccount;
}

/**
 * GET /api/connect-options: which platforms accounts can connect on this server (an administrator
 * configured the platform's app), so a Connect button is offered only where it can work.
 */
export interface ConnectOptions {
  platforms: Record<Platform, boolean>;
  /** The signed-in user runs this server (ADMIN_EMAILS): they are shown how to enable a platform. */
  canEnable: boolean;
}

/** What a Connect button says instead of connecting, in product words (also the server's redirect reason). */
export function platformNotEnabledMessage(platform: Platform): string {
  const name = platform === 'twitter' ? 'X (Twitter)' : platform === 'facebook' ? 'Facebook Messenger' : 'Instagram';
  return `${name} isn't enabled on this server yet: an administrator has to turn it on before accounts can connect. Meanwhile, try everything with the sandbox accounts in the Simulator.`;
}
