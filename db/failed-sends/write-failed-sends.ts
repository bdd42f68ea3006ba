import type pg from 'pg';
import { z } from 'zod';
import type { RetryResult } from '../../contracts/failed-sends';
import { enqueueSend } from '../sends/enqueue-send';
import type { SendLimits } from '../sends/send-limits';
import { withTransaction } from '../transaction';

const unresolved = `l.status = 'failed' and l.dismissed_at is null and not exists (select 1 from outbound_ledger r where r.retry_of = l.id)`;

/** Dismisses the workspace's failed sends among `ids` with a note; returns the ids dismissed (others' ids are not found). */
export async function dismissFailedSends(pool: pg.Pool, workspaceId: string, ids: string[], note: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `update outbound_ledger l set dismissed_at = now(), dismiss_note = $3
     where l.workspace_id = $1 and l.id = any($2::uuid[]) and ${unresolved} returning l.id`,
    [workspaceId, ids, note],
  );
  return rows.map((r) => r.id);
}

const candidate = z.object({
  id: z.string(),
  account_id: z.string(),
  kind: z.enum(['dm', 'private_reply', 'public_reply']),
  target: z.string(),
  text: z.string(),
  message_id: z.string().nullable(),
  rule_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  delivery_check: z.string().nullable(),
  provider: z.enum(['meta', 'x', 'sandbox']),
  is_active: z.boolean(),
  account_status: z.enum(['active', 'needs_reconnect']),
  has_token: z.boolean(),
  message_source: z.string().nullable(),
  inbound_age_ms: z.number().nullable(),
  comment_age_ms: z.number().nullable(),
  contact_opted_out: z.boolean().nullable(),
});

/** Meta's messaging-window check (activities/send-windows.ts), passed in: db/ does not import activities/. */
export type WindowCheck = (f: {
  kind: 'dm' | 'private_reply' | 'public_reply';
  lastInboundAgeMs: number | null;
  commentAgeMs: number | null;
  byPerson: boolean;
}) => { ok: true } | { ok: false; error: string };

/**
 * Retries failed sends: each original stays as it was; a NEW ledger row (`retry:<original id>`, so
 * a double click queues one) points at it through `retry_of` and goes through the normal send job.
 * Before queueing: the account must be connected and healthy, and Meta's messaging window open.
 * Uncertain sends that the platform did not show absent (F23) may have been delivered: unless
 * `confirmDuplicateRisk`, nothing is queued and their ids are returned (the route answers 400).
 * Returns null when none of the ids is the workspace's (the route answers 404).
 */
export async function retryFailedSends(
  pool: pg.Pool,
  workspaceId: string,
  ids: string[],
  opts: { confirmDuplicateRisk: boolean; limits: SendLimits; checkWindow: WindowCheck },
): Promise<RetryResult[] | { duplicateRisk: string[] } | null> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query(
      `select l.id, l.account_id, l.kind, l.target, l.text, l.message_id, l.rule_id, l.failure_reason, l.delivery_check,
              a.provider, a.is_active, a.status as account_status, a.access_token_enc is not null as has_token,
              m.source as message_source,
              (extract(epoch from now() - (select c.last_inbound_at from contacts c where c.account_id = l.account_id and c.external_user_id = l.target)) * 1000)::float8 as inbound_age_ms,
              (extract(epoch from now() - (select cm.commented_at from comments cm where cm.account_id = l.account_id and cm.platform_comment_id = l.target)) * 1000)::float8 as comment_age_ms,
              (select c.opted_out_at is not null from contacts c where c.account_id = l.account_id and c.external_user_id = case when l.kind = 'dm' then l.target
                 else (select cm.author_external_id from comments cm where cm.account_id = l.account_id and cm.platform_comment_id = l.target) end) as contact_opted_out
       from outbound_ledger l
       join social_accounts a on a.id = l.account_id
       left join messages m on m.id = l.message_id
       where l.workspace_id = $1 and l.id = any($2::uuid[]) and ${unresolved}
       for update of l`,
      [workspaceId, ids],
    );
    if (rows.length === 0) return null;
    const found = new Map(rows.map((r) => [r.id as string, candidate.parse(r)]));
    const risky = [...found.values()].filter(hasDuplicateRisk).map((c) => c.id);
    if (risky.length > 0 && !opts.confirmDuplicateRisk) return { duplicateRisk: risky };
    const results: RetryResult[] = [];
    for (const id of ids) {
      const c = found.get(id);
      if (!c) {
        results.push({ id, status: 'skipped', reason: 'Not found, already retried or dismissed' });
        continue;
      }
      const skip = skipReason(c, opts.checkWindow);
      if (skip) {
        results.push({ id, status: 'skipped', reason: skip });
        continue;
      }
      const queued = await enqueueSend(client, {
        workspaceId,
        accountId: c.account_id,
        kind: c.kind,
        target: c.target,
        text: c.text,
        idempotencyKey: `retry:${c.id}`,
        messageId: c.message_id,
        ruleId: c.rule_id,
        limit: opts.limits[c.kind],
      });
      if (!queued) {
        results.push({ id, status: 'skipped', reason: 'Already retried once' });
        continue;
      }
      await client.query('update outbound_ledger set retry_of = $2 where id = $1', [queued.ledgerId, c.id]);
      if (c.message_id) await client.query(`update messages set status = 'queued', error = null where id = $1`, [c.message_id]);
      results.push({ id, status: 'queued', retryId: queued.ledgerId });
    }
    return results;
  });
}

/** Uncertain, and the platform did not show it absent (not checked, checking, or it cannot tell): it may have been delivered. */
function hasDuplicateRisk(c: { failure_reason: string | null; delivery_check: string | null }): boolean {
  return c.failure_reason === 'uncertain' && c.delivery_check !== 'not_found';
}

function skipReason(c: z.infer<typeof candidate>, checkWindow: WindowCheck): string | null {
  if (!c.is_active) return 'The account is disconnected; reconnect it first';
  if (c.account_status === 'needs_reconnect' || (c.provider !== 'sandbox' && !c.has_token)) return 'The account needs reconnecting first';
  // A person may still write to them from the inbox; nothing automated goes, a retry of it included.
  if (c.contact_opted_out && c.message_source !== 'inbox') return 'The contact opted out (replied STOP): nothing automated is sent until they reply START';
  if (c.provider === 'meta') {
    const w = checkWindow({
      kind: c.kind,
      lastInboundAgeMs: c.inbound_age_ms,
      commentAgeMs: c.comment_age_ms,
      byPerson: c.message_source === 'inbox',
    });
    if (!w.ok) return w.error.replace(/^Not sent: /, 'Messaging window closed: ');
  }
  return null;
}
