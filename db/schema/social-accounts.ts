import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns';

/**
 * A connected channel: an Instagram account, a Facebook Page, an X account, or one of the
 * workspace's sandbox accounts (ARCHITECTURE.md#channels). Tokens are AES-256-GCM ciphertext.
 */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    platform: text('platform', { enum: ['instagram', 'facebook', 'twitter'] }).notNull(),
    provider: text('provider', { enum: ['meta', 'x', 'sandbox'] }).notNull(),
    externalId: text('external_id').notNull(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    status: text('status', { enum: ['active', 'needs_reconnect'] })
      .notNull()
      .default('active'),
    /** Why the account needs reconnecting (e.g. Meta code 190), shown next to it. */
    statusReason: text('status_reason'),
    /**
     * Meta: an Instagram account's linked Facebook Page id (its messages go through that Page,
     * docs/platform-apis.md §2.2), or a Page's linked Instagram account id.
     */
    linkedExternalId: text('linked_external_id'),
    /** What the platform told us at connect time (contracts/social-accounts.ts `accountProfileSchema`). */
    profile: jsonb('profile').notNull().default({}),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last time the platform confirmed the token works (activities/check-account-health.ts). */
    healthCheckedAt: timestamp('health_checked_at', { withTimezone: true }),
    /** Why the last health check could not reach a verdict (network, throttling); null when it did. */
    healthError: text('health_error'),
    /** Permissions the platform reported at the last check (Meta `debug_token` scopes). */
    grantedScopes: text('granted_scopes').array(),
    /** The token expiry the workspace was last alerted about, so each expiry is announced once. */
    expiryAlertedFor: timestamp('expiry_alerted_for', { withTimezone: true }),
    /** Comment moderation (contracts/comment-moderation.ts, ADR 0052); null: never set. Read by the inbound claim with the account. */
    commentModeration: jsonb('comment_moderation'),
  },
  (t) => [
    // A platform account belongs to one workspace; sandbox ids are unique per workspace by construction.
    uniqueIndex('social_accounts_provider_external_key').on(t.provider, t.platform, t.externalId),
    uniqueIndex('social_accounts_workspace_key').on(t.workspaceId, t.id),
  ],
);

/** The channel account a row belongs to. */
export const accountIdColumn = () =>
  uuid('account_id')
    .notNull()
    .references(() => socialAccounts.id, { onDelete: 'cascade' });

/** Posts we know about: the sandbox's sample posts now, synced platform posts later. */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    accountId: accountIdColumn(),
    externalId: text('external_id').notNull(),
    caption: text('caption').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    permalink: text('permalink').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('posts_workspace_key').on(t.workspaceId, t.id), uniqueIndex('posts_account_external_key').on(t.accountId, t.externalId)],
);
