import { z } from 'zod';
import type { MetaHosts, MetaSender } from './meta-send';
import { graphClientFor } from './meta-send';

/** The User Profile API fields a follow check asks for (docs/platform-apis.md §2.13; the follow fields need Graph API v12.0+). */
export const FOLLOW_FIELDS = 'name,username,is_user_follow_business,is_business_follow_user';

const profileAnswer = z
  .object({
    username: z.string().nullish(),
    is_user_follow_business: z.boolean().optional(),
  })
  .loose();

/**
 * Whether an Instagram user follows the account: `GET /{IGSID}?fields=…` with the account's own token
 * (the Page token on graph.facebook.com for Facebook Login, the Instagram token on
 * graph.instagram.com for Instagram Login). Answers only once the person has messaged the account
 * (consent); before that Meta answers code 230 (§2.13). A missing field reads as "not following".
 */
export async function readFollowStatus(sender: MetaSender, hosts: MetaHosts, igsid: string): Promise<{ follows: boolean; username: string | null }> {
  const answer = profileAnswer.parse(
    await graphClientFor(sender, hosts).call('GET', `/${encodeURIComponent(igsid)}`, sender.token, { query: { fields: FOLLOW_FIELDS } }),
  );
  return { follows: answer.is_user_follow_business === true, username: answer.username ?? null };
}
