import type pg from 'pg';

type Queryable = Pick<pg.PoolClient, 'query'>;

/** The sample posts every sandbox account starts with. Images are local SVGs (no network). */
const samplePosts = [
  { key: 'launch', caption: 'Our spring collection is here 🌸 Comment PRICE and we will DM you the lookbook!', image: '/sandbox/post-launch.svg' },
  { key: 'guide', caption: 'Free 5-day posting guide. Comment GUIDE to get it in your DMs.', image: '/sandbox/post-guide.svg' },
  { key: 'webinar', caption: 'Live Q&A on Thursday — comment LINK for the invite.', image: '/sandbox/post-webinar.svg' },
] as const;

export const sandboxContacts = [
  { externalUserId: 'sim-maya', name: 'Maya Chen', username: 'maya.creates' },
  { externalUserId: 'sim-leo', name: 'Leo Martins', username: 'leo_runs' },
  { externalUserId: 'sim-priya', name: 'Priya Shah', username: 'priyabakes' },
] as const;

/**
 * Every workspace has a sandbox Instagram account and a sandbox Messenger page with sample posts
 * (ARCHITECTURE.md#channels), so automation can be tried with no Meta app. Idempotent.
 */
export async function ensureSandboxAccounts(db: Queryable, workspaceId: string): Promise<void> {
  const accounts = [
    { platform: 'instagram', externalId: `sandbox-ig-${workspaceId}`, username: 'your.brand', displayName: 'Your Brand (Instagram sandbox)' },
    { platform: 'facebook', externalId: `sandbox-fb-${workspaceId}`, username: 'yourbrandpage', displayName: 'Your Brand (Messenger sandbox)' },
  ];
  for (const a of accounts) {
    await db.query(
      `insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name)
       values ($1, $2, 'sandbox', $3, $4, $5)
       on conflict (provider, platform, external_id) do nothing`,
      [workspaceId, a.platform, a.externalId, a.username, a.displayName],
    );
  }
  await db.query(
    `insert into posts (workspace_id, account_id, external_id, caption, image_url, permalink)
     select a.workspace_id, a.id, a.platform || '-post-' || p.key, p.caption, p.image,
            case when a.platform = 'instagram' then 'https://www.instagram.com/p/' else 'https://www.facebook.com/yourbrandpage/posts/' end
              || a.platform || '-post-' || p.key
     from social_accounts a
     cross join unnest($2::text[], $3::text[], $4::text[]) as p(key, caption, image)
     where a.workspace_id = $1 and a.provider = 'sandbox'
     on conflict (account_id, external_id) do nothing`,
    [workspaceId, samplePosts.map((p) => p.key), samplePosts.map((p) => p.caption), samplePosts.map((p) => p.image)],
  );
}
