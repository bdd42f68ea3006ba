import type pg from 'pg';
import { z } from 'zod';
import type { AutomationState } from '../../contracts/figures';

const row = z.object({
  active_flows: z.number().int(),
  active_rules: z.number().int(),
  accounts: z.number().int(),
  simulator_accounts: z.number().int(),
  queued: z.number().int(),
  queued_eta: z.date().nullable(),
});

/**
 * The glossary's state figures (docs/product-spec.md, "Glossary"): what is switched on and what
 * waits, counted as it is now, for the dashboard and Connect Accounts. One round trip.
 */
export async function readAutomationState(db: Pick<pg.Pool, 'query'>, workspaceId: string): Promise<AutomationState> {
  const { rows } = await db.query(
    `with acct as (select id, is_active, provider from social_accounts where workspace_id = $1)
     select
       (select count(*)::int from flows where workspace_id = $1 and is_active and active_version_id is not null) as active_flows,
       (select count(*)::int from comment_rules where workspace_id = $1 and is_active) as active_rules,
       (select count(*)::int from acct where is_active) as accounts,
       (select count(*)::int from acct where is_active and provider = 'sandbox') as simulator_accounts,
       -- Through the accounts: the ledger is indexed by (account_id, status), not by workspace.
       (select count(*)::int from outbound_ledger where account_id in (select id from acct) and status = 'queued') as queued,
       (select max(scheduled_for) from outbound_ledger where account_id in (select id from acct) and status = 'queued') as queued_eta`,
    [workspaceId],
  );
  const r = row.parse(rows[0]);
  return {
    activeFlows: r.active_flows,
    activeRules: r.active_rules,
    connectedAccounts: { total: r.accounts, simulator: r.simulator_accounts },
    queuedSends: { count: r.queued, eta: r.queued_eta ? r.queued_eta.toISOString() : null },
  };
}
