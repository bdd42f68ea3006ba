import type pg from 'pg';
import { createTokenCipher } from '../../integrations/crypto/token-cipher';
import type { FakePage } from '../fakes/meta-graph.fake';

/** The key startTestApp boots with (APP_ENCRYPTION_KEY). */
const cipher = createTokenCipher('0'.repeat(64));

/**
 * Connects a fake Page (and its Instagram account) to a workspace the way the Facebook Login
 * callback stores them, without the browser round trip — for tests about webhooks and sends.
 */
export async function seedMetaAccounts(pool: pg.Pool, workspaceId: string, page: FakePage): Promise<{ pageAccountId: string; igAccountId: string | null }> {
  const token = cipher.encrypt(page.accessToken);
  const fb = await pool.query<{ id: string }>(
    `insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name, access_token_enc, linked_external_id, profile)
     values ($1, 'facebook', 'meta', $2, $3, $3, $4, $5, $6) returning id`,
    [workspaceId, page.id, page.name, token, page.instagram?.id ?? null, { loginPath: 'facebook', category: page.category }],
  );
  let igAccountId: string | null = null;
  if (page.instagram) {
    const ig = await pool.query<{ id: string }>(
      `insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name, access_token_enc, linked_external_id, profile)
       values ($1, 'instagram', 'meta', $2, $3, $4, $5, $6, $7) returning id`,
      [workspaceId, page.instagram.id, page.instagram.username, page.instagram.name, token, page.id, { loginPath: 'facebook' }],
    );
    igAccountId = ig.rows[0]!.id;
  }
  return { pageAccountId: fb.rows[0]!.id, igAccountId };
}

let n = 0;
export function fakePage(prefix = 'acme'): FakePage {
  n += 1;
  const id = `${Date.now()}${n}`;
  return {
    id: `10${id}`,
    name: `${prefix} shoes ${n}`,
    category: 'Shopping & retail',
    accessToken: `EAApage${id}`,
    instagram: {
      id: `1784${id}`,
      username: `${prefix}shoes${n}`,
      name: `${prefix} ${n}`,
      profile_picture_url: 'https://example.com/pic.jpg',
      followers_count: 1234,
      media_count: 87,
    },
  };
}
