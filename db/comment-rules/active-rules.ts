import type pg from 'pg';

/**
 * The active comment rules of a workspace for one platform, oldest first (the oldest matching rule
 * answers, ARCHITECTURE.md#rules-and-flows), as a scalar subquery yielding a JSON array: the inbound
 * pipeline reads them in the same round trip as the event (db/inbound/claim-events.ts).
 * `workspace` and `platform` are SQL expressions; the post filter is applied by the caller
 * (`automation_type = 'all_posts'` or the comment's `post_id`).
 */
export function activeCommentRulesJsonSql(workspace: string, platform: string): string {
  return `(select coalesce(json_agg(json_build_object(
              'id', r.id, 'automation_type', r.automation_type, 'post_id', r.post_id, 'keywords', r.keywords,
              'response_template', r.response_template, 'public_reply_template', r.public_reply_template, 'track_links', r.track_links)
            order by r.created_at, r.id), '[]'::json)
     from comment_rules r where r.workspace_id = ${workspace} and r.is_active and r.platform = ${platform})`;
}

/** activeCommentRulesJsonSql on its own: for an event whose claim did not bring its account's rules. */
export async function readActiveCommentRules(db: Pick<pg.PoolClient, 'query'>, workspaceId: string, platform: string): Promise<unknown> {
  const { rows } = await db.query<{ rules: unknown }>(`select ${activeCommentRulesJsonSql('$1', '$2')} as rules`, [workspaceId, platform]);
  return rows[0]?.rules;
}
