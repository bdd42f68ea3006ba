import type pg from 'pg';
import type { ClashReport } from '../../../contracts/keyword-clashes';
import { keywordClashes, ruleClaim } from '../../../workflows/keyword-clashes';
import { loadKeywordClaims } from '../automation/keyword-claims';

type RuleShape = Parameters<typeof ruleClaim>[0];

/**
 * The clashes a comment rule has with the workspace's other live automations (ARCHITECTURE.md#rules-and-flows).
 * `rule.id` '' and `createdAt` null for a rule not saved yet (it is the newest). Nothing for an empty keyword list.
 */
export async function ruleClashes(pool: pg.Pool, workspaceId: string, rule: RuleShape): Promise<ClashReport> {
  if (rule.keywords.length === 0) return { clashes: [], neverFires: null, silences: [] };
  const { claims } = await loadKeywordClaims(pool, workspaceId);
  return keywordClashes(ruleClaim(rule), claims);
}
