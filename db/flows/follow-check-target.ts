import type pg from 'pg';

type Db = Pick<pg.Pool, 'query'>;

/** What a follow check needs of a run: its account (as the Send API's sender is made of) and the person's platform id. */
export interface FollowCheckTarget {
  platform: 'instagram' | 'facebook' | 'twitter';
  provider: 'meta' | 'x' | 'sandbox';
  external_id: string;
  linked_external_id: string | null;
  access_token_enc: string | null;
  profile: unknown;
  is_active: boolean;
  contact_external_id: string;
}

export async function readFollowCheckTarget(db: Db, runId: string): Promise<FollowCheckTarget | null> {
  const { rows } = await db.query<FollowCheckTarget>(
    `select a.platform, a.provider, a.external_id, a.linked_external_id, a.access_token_enc, a.profile, a.is_active,
            c.external_user_id as contact_external_id
       from flow_runs r join social_accounts a on a.id = r.account_id join contacts c on c.id = r.contact_id
      where r.id = $1`,
    [runId],
  );
  return rows[0] ?? null;
}
