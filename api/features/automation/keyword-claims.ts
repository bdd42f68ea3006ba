import type pg from 'pg';
import type { ClaimPlatform, ClashReport, KeywordClaim } from '../../../contracts/keyword-clashes';
import { readKeywordClaimSources } from '../../../db/automation/keyword-claim-sources';
import { flowClaim, isKeywordTrigger, ruleClaim } from '../../../workflows/keyword-clashes';
import { AppError } from '../../http/errors';

export interface WorkspaceClaims {
  /** Active comment rules and live flows' published triggers, as claims. */
  claims: KeywordClaim[];
  accounts: { id: string; platform: ClaimPlatform }[];
}

/**
 * The workspace's live automations as keyword claims (workflows/keyword-clashes.ts): what the rule
 * and flow saves check a new keyword against, and what the Simulator forecasts with.
 */
export async function loadKeywordClaims(pool: pg.Pool, workspaceId: string): Promise<WorkspaceClaims> {
  const sources = await readKeywordClaimSources(pool, workspaceId);
  return {
    claims: [
      ...sources.rules.map(ruleClaim),
      ...sources.triggers.flatMap((t) =>
        isKeywordTrigger(t.trigger) ? [flowClaim({ id: t.flow_id, name: t.flow_name, platform: t.platform }, t.trigger, sources.accounts)] : [],
      ),
    ],
    accounts: sources.accounts,
  };
}

/** A rule or a flow trigger that could never fire is not saved: 400 with why, and the clashes. */
export function refuseNeverFiring(report: ClashReport): void {
  if (report.neverFires) throw new AppError('BAD_REQUEST', report.neverFires, { clashes: report.clashes });
}
