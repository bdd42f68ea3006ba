import type pg from 'pg';
import { z } from 'zod';
import { readActiveTriggers, type ActiveTrigger } from '../flows/active-triggers';

type Db = Pick<pg.Pool, 'query'>;

const ruleRow = z.object({
  id: z.string(),
  platform: z.enum(['instagram', 'facebook']),
  keywords: z.array(z.string()),
  automation_type: z.enum(['all_posts', 'specific_post']),
  post_id: z.string().nullable(),
  created_at: z.date(),
});
const accountRow = z.object({ id: z.string(), platform: z.enum(['instagram', 'facebook', 'twitter']) });

export interface KeywordClaimSources {
  /** Active comment rules, oldest first (the order the inbound pipeline applies them). */
  rules: {
    id: string;
    platform: 'instagram' | 'facebook';
    keywords: string[];
    automationType: 'all_posts' | 'specific_post';
    postId: string | null;
    createdAt: string;
  }[];
  /** The published triggers of live flows (what the inbound pipeline matches). */
  triggers: ActiveTrigger[];
  /** Every account of the workspace, for triggers bound to one. */
  accounts: { id: string; platform: 'instagram' | 'facebook' | 'twitter' }[];
}

/**
 * What the workspace's live automations listen to, as the inbound pipeline reads it: active comment
 * rules (db/comment-rules/active-rules.ts) and live flows' published triggers (db/flows/active-triggers.ts).
 * The keyword-clash checks and the Simulator's forecast turn these into claims (workflows/keyword-clashes.ts).
 */
export async function readKeywordClaimSources(db: Db, workspaceId: string): Promise<KeywordClaimSources> {
  const [rules, triggers, accounts] = await Promise.all([
    db.query(
      `select id, platform, keywords, automation_type, post_id, created_at from comment_rules
       where workspace_id = $1 and is_active order by created_at, id`,
      [workspaceId],
    ),
    readActiveTriggers(db, workspaceId),
    db.query('select id, platform from social_accounts where workspace_id = $1', [workspaceId]),
  ]);
  return {
    rules: z
      .array(ruleRow)
      .parse(rules.rows)
      .map((r) => ({
        id: r.id,
        platform: r.platform,
        keywords: r.keywords,
        automationType: r.automation_type,
        postId: r.post_id,
        createdAt: r.created_at.toISOString(),
      })),
    triggers,
    accounts: z.array(accountRow).parse(accounts.rows),
  };
}
