import type pg from 'pg';
import { z } from 'zod';
import { accountProfileSchema, type FacebookPageSummary, type InstagramAccountSummary, type InstagramProfile } from '../../contracts/social-accounts';

const pageRow = z.object({
  id: z.string(),
  external_id: z.string(),
  display_name: z.string(),
  status: z.enum(['active', 'needs_reconnect']),
  profile: z.unknown(),
  ig_id: z.string().nullable(),
  ig_external_id: z.string().nullable(),
  ig_username: z.string().nullable(),
  ig_profile: z.unknown(),
});

export function instagramProfileFrom(externalId: string, username: string, rawProfile: unknown): InstagramProfile {
  const p = accountProfileSchema.safeParse(rawProfile ?? {});
  const d = p.success ? p.data : {};
  return {
    id: externalId,
    username,
    name: d.name ?? null,
    profile_picture_url: d.pictureUrl ?? null,
    followers_count: d.followersCount ?? null,
    media_count: d.mediaCount ?? null,
  };
}

/** The workspace's connected Facebook Pages, each with its linked Instagram account (docs/product-spec.md §2 Social Messaging). */
export async function listFacebookPages(pool: pg.Pool, workspaceId: string): Promise<FacebookPageSummary[]> {
  const { rows } = await pool.query(
    `select p.id, p.external_id, p.display_name, p.status, p.profile,
            ig.id as ig_id, ig.external_id as ig_external_id, ig.username as ig_username, ig.profile as ig_profile
     from social_accounts p
     left join social_accounts ig on ig.workspace_id = p.workspace_id and ig.provider = 'meta' and ig.platform = 'instagram'
       and ig.external_id = p.linked_external_id and ig.is_active
     where p.workspace_id = $1 and p.provider = 'meta' and p.platform = 'facebook' and p.is_active
     order by p.connected_at, p.display_name`,
    [workspaceId],
  );
  return z
    .array(pageRow)
    .parse(rows)
    .map((r) => {
      const profile = accountProfileSchema.safeParse(r.profile ?? {});
      return {
        id: r.external_id,
        accountId: r.id,
        name: r.display_name,
        category: (profile.success ? profile.data.category : undefined) ?? null,
        status: r.status,
        ...(r.ig_id && r.ig_external_id
          ? { instagram_business_account: { ...instagramProfileFrom(r.ig_external_id, r.ig_username ?? '', r.ig_profile), accountId: r.ig_id } }
          : {}),
      };
    });
}

const igRow = z.object({ id: z.string(), external_id: z.string(), username: z.string(), access_token_enc: z.string().nullable(), profile: z.unknown() });
export type InstagramAccountRow = z.infer<typeof igRow>;

/** The Instagram account linked to a Page of this workspace (by Page id), or any first one when pageId is null. */
export async function findInstagramAccount(pool: pg.Pool, workspaceId: string, pageId: string | null): Promise<InstagramAccountRow | null> {
  const { rows } = await pool.query(
    `select id, external_id, username, access_token_enc, profile from social_accounts
     where workspace_id = $1 and provider = 'meta' and platform = 'instagram' and is_active
       and ($2::text is null or linked_external_id = $2 or external_id = $2)
     order by connected_at limit 1`,
    [workspaceId, pageId],
  );
  return rows[0] ? igRow.parse(rows[0]) : null;
}

export async function saveInstagramProfile(pool: pg.Pool, accountId: string, p: InstagramProfile) {
  await pool.query(`update social_accounts set username = $2, profile = profile || $3::jsonb where id = $1`, [
    accountId,
    p.username,
    JSON.stringify({
      ...(p.name ? { name: p.name } : {}),
      ...(p.profile_picture_url ? { pictureUrl: p.profile_picture_url } : {}),
      ...(p.followers_count !== null ? { followersCount: p.followers_count } : {}),
      ...(p.media_count !== null ? { mediaCount: p.media_count } : {}),
    }),
  ]);
}

const igListRow = z.object({
  id: z.string(),
  external_id: z.string(),
  username: z.string(),
  status: z.enum(['active', 'needs_reconnect']),
  profile: z.unknown(),
  page_id: z.string().nullable(),
  page_name: z.string().nullable(),
});

/** Every Instagram account of the workspace: through a connected Page, or on its own (Instagram Login). */
export async function listInstagramAccounts(pool: pg.Pool, workspaceId: string): Promise<InstagramAccountSummary[]> {
  const { rows } = await pool.query(
    `select ig.id, ig.external_id, ig.username, ig.status, ig.profile, p.external_id as page_id, p.display_name as page_name
     from social_accounts ig
     left join social_accounts p on p.workspace_id = ig.workspace_id and p.provider = 'meta' and p.platform = 'facebook'
       and p.external_id = ig.linked_external_id and p.is_active
     where ig.workspace_id = $1 and ig.provider = 'meta' and ig.platform = 'instagram' and ig.is_active
       and (ig.linked_external_id is null or p.id is not null)
     order by ig.connected_at, ig.username`,
    [workspaceId],
  );
  return z
    .array(igListRow)
    .parse(rows)
    .map((r) => ({
      ...instagramProfileFrom(r.external_id, r.username, r.profile),
      accountId: r.id,
      pageId: r.page_id,
      pageName: r.page_name,
      status: r.status,
    }));
}

/** Meta refused the account's token (code 190): the account needs its owner to reconnect it. */
export async function markNeedsReconnect(db: pg.Pool, accountId: string, reason: string) {
  await db.query(`update social_accounts set status = 'needs_reconnect', status_reason = $2 where id = $1`, [accountId, reason]);
}
