import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns';
import { flows } from './flows';
import { accountIdColumn } from './social-accounts';

/**
 * A growth link: an ig.me / m.me link with a `ref` that starts a flow and tags the contact
 * (docs/platform-apis.md §1.9). The ref is unique per account: it is how a referral finds its link.
 */
export const growthLinks = pgTable(
  'growth_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    accountId: accountIdColumn(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ref: text('ref').notNull(),
    /** Added to the contact who opens the conversation from the link (where they came from). */
    tag: text('tag'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('growth_links_workspace_key').on(t.workspaceId, t.id),
    uniqueIndex('growth_links_account_ref_key').on(t.accountId, t.ref),
    index('growth_links_flow_id_idx').on(t.flowId),
  ],
);

/**
 * What Replypilot last pushed to an account's Messenger profile (ice breakers, persistent menu),
 * shown next to what the platform holds now. One row per account.
 */
export const messengerProfiles = pgTable(
  'messenger_profiles',
  {
    accountId: accountIdColumn().primaryKey(),
    workspaceId: workspaceIdColumn(),
    /** contracts/growth.ts iceBreakersSchema; null: never pushed or cleared. */
    iceBreakers: jsonb('ice_breakers'),
    iceBreakersPushedAt: timestamp('ice_breakers_pushed_at', { withTimezone: true }),
    /** contracts/growth.ts persistentMenuSchema; null: never pushed or cleared. */
    persistentMenu: jsonb('persistent_menu'),
    persistentMenuPushedAt: timestamp('persistent_menu_pushed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('messenger_profiles_workspace_key').on(t.workspaceId, t.accountId)],
);
