import type pg from 'pg';
import { z } from 'zod';
import { ONBOARDING_DONE_STEP } from '../../contracts/onboarding';
import { gettingStartedDone, type GettingStarted } from '../../contracts/getting-started';

const row = z.object({
  closed: z.boolean(),
  onboarding_step: z.number().int(),
  real_accounts: z.number().int(),
  sandbox_accounts: z.number().int(),
  live_flows: z.number().int(),
  active_rules: z.number().int(),
  first_reply: z.boolean(),
  knowledge_entries: z.number().int(),
});

/**
 * The getting-started checklist of the workspace a member acts in, in one round trip; nothing is
 * counted once they closed it there. Each item is a glossary term counted as every other page counts it
 * (docs/product-spec.md, Glossary): connected accounts and live automations as
 * db/figures/read-automation-state.ts does, and the first automated reply from the same rollup as the
 * dashboard's and Analytics' "Automated replies" (analytics_daily.automated_replies, migration 0033:
 * a rule's or a flow's reply the platform accepted; not an Inbox reply, not a broadcast). The
 * existence checks stop at the first row found.
 */
export async function readGettingStarted(pool: pg.Pool, user: { id: string; workspaceId: string }): Promise<GettingStarted> {
  const { rows } = await pool.query(
    `with me as (
       select u.onboarding_step,
              exists (select 1 from getting_started_closures c where c.workspace_id = $1 and c.user_id = u.id) as closed
       from users u where u.id = $2)
     select me.closed, me.onboarding_step,
       case when me.closed then 0 else (select count(*)::int from social_accounts where workspace_id = $1 and is_active and provider <> 'sandbox') end as real_accounts,
       case when me.closed then 0 else (select count(*)::int from social_accounts where workspace_id = $1 and is_active and provider = 'sandbox') end as sandbox_accounts,
       case when me.closed then 0 else (select count(*)::int from flows where workspace_id = $1 and is_active and active_version_id is not null) end as live_flows,
       case when me.closed then 0 else (select count(*)::int from comment_rules where workspace_id = $1 and is_active) end as active_rules,
       case when me.closed then false else exists (
         select 1 from analytics_daily where workspace_id = $1 and automated_replies > 0) end as first_reply,
       case when me.closed then 0 else (select count(*)::int from (select 1 from knowledge_entries where workspace_id = $1 limit 100) k) end as knowledge_entries
     from me`,
    [user.workspaceId, user.id],
  );
  const r = row.parse(rows[0]);
  if (r.closed) return { closed: true };
  return {
    closed: false,
    accounts: { real: r.real_accounts, sandbox: r.sandbox_accounts },
    liveFlows: r.live_flows,
    activeRules: r.active_rules,
    firstAutomatedReply: r.first_reply,
    knowledgeEntries: r.knowledge_entries,
    setupStep: r.onboarding_step >= ONBOARDING_DONE_STEP ? null : r.onboarding_step,
  };
}

/**
 * Closes the checklist for this member in the workspace they act in (dismissed, or every item done):
 * it stays closed there, and stays open in their other workspaces (ADR 0038).
 */
export async function closeGettingStarted(pool: pg.Pool, user: { id: string; workspaceId: string }): Promise<void> {
  await pool.query(`insert into getting_started_closures (workspace_id, user_id) values ($1, $2) on conflict (workspace_id, user_id) do nothing`, [
    user.workspaceId,
    user.id,
  ]);
}

/** Whether every item is done, so the read can close the list for good. */
export function allDone(g: GettingStarted): boolean {
  return !g.closed && Object.values(gettingStartedDone(g)).every(Boolean);
}
