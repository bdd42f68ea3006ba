import type pg from 'pg';
import { z } from 'zod';
import {
  FAILURE_REASON_LABELS,
  failureReasonSchema,
  sendSources,
  type FailedSend,
  type FailedSendsList,
  type ListFailedSendsQuery,
} from '../../contracts/failed-sends';

/**
 * A failed send is the newest attempt of its chain (no retry points at it), not dismissed. Rows
 * failed before reasons were recorded count as `rejected`; the error text still says why.
 */
const unresolved = `l.status = 'failed' and l.dismissed_at is null and not exists (select 1 from outbound_ledger r where r.retry_of = l.id)`;
const accountLabel = `(case a.platform when 'facebook' then 'Facebook Page' when 'twitter' then 'X' else 'Instagram' end) || ' @' || a.username`;

const row = z.object({
  id: z.string(),
  account_id: z.string(),
  account: z.string(),
  kind: z.enum(['dm', 'private_reply', 'public_reply']),
  source: z.enum(sendSources),
  rule_id: z.string().nullable(),
  run_id: z.string().nullable(),
  contact_id: z.string().nullable(),
  contact: z.string().nullable(),
  conversation_id: z.string().nullable(),
  text: z.string(),
  reason: failureReasonSchema,
  error: z.string().nullable(),
  attempts: z.number(),
  previous_attempts: z.number(),
  created_at: z.date(),
  delivery_check: z.enum(['pending', 'found', 'not_found', 'cannot_confirm']).nullable(),
  delivery_check_note: z.string().nullable(),
});

function filters(workspaceId: string, q: Pick<ListFailedSendsQuery, 'reason' | 'accountId'>) {
  const params: unknown[] = [workspaceId];
  const where = ['l.workspace_id = $1', unresolved];
  if (q.reason) {
    params.push(q.reason);
    where.push(`coalesce(l.failure_reason, 'rejected') = $${params.length}`);
  }
  if (q.accountId) {
    params.push(q.accountId);
    where.push(`l.account_id = $${params.length}`);
  }
  return { params, where: where.join(' and ') };
}

const sourceSql = `case when l.rule_id is not null or m.source = 'comment_rule' then 'rule'
  when m.source = 'flow' or l.idempotency_key ~ '^[0-9a-f-]{36}:[0-9]+$' then 'flow'
  when m.source = 'inbox' then 'inbox'
  when l.idempotency_key like 'social_messaging:%' then 'social_messaging'
  else 'other' end`;

/** The workspace's failed sends, newest first, with groups by (reason, account) over the same filters. */
export async function listFailedSends(pool: pg.Pool, workspaceId: string, q: ListFailedSendsQuery): Promise<FailedSendsList> {
  const f = filters(workspaceId, q);
  let sourceFilter = '';
  if (q.source) {
    f.params.push(q.source);
    sourceFilter = `where s.source = $${f.params.length}`;
  }
  const { rows } = await pool.query(
    `select * from (
       select l.id, l.account_id, ${accountLabel} as account, l.kind, ${sourceSql} as source, l.rule_id,
              case when l.idempotency_key ~ '^[0-9a-f-]{36}:[0-9]+$' then split_part(l.idempotency_key, ':', 1) end as run_id,
              ct.id as contact_id, ct.name as contact, m.conversation_id, l.text,
              coalesce(l.failure_reason, 'rejected') as reason, l.error, l.attempts, l.created_at, l.delivery_check, l.delivery_check_note,
              (with recursive chain(parent) as (
                 select l.retry_of
                 union all select o.retry_of from outbound_ledger o join chain on o.id = chain.parent)
               select count(parent)::int from chain) as previous_attempts
       from outbound_ledger l
       join social_accounts a on a.id = l.account_id
       left join messages m on m.id = l.message_id
       left join lateral (
         select c.id, coalesce(nullif(c.name, ''), c.username, c.external_user_id) as name from contacts c
         where c.account_id = l.account_id and c.external_user_id = case when l.kind = 'dm' then l.target
           else (select cm.author_external_id from comments cm where cm.account_id = l.account_id and cm.platform_comment_id = l.target limit 1) end
       ) ct on true
       where ${f.where}
     ) s ${sourceFilter}
     order by s.created_at desc, s.id desc`,
    f.params,
  );
  const all = rows.map((r) => toFailedSend(row.parse(r)));
  const groups = new Map<string, FailedSendsList['groups'][number]>();
  for (const s of all) {
    const key = `${s.reason}:${s.accountId}`;
    const g = groups.get(key) ?? { reason: s.reason, reasonLabel: s.reasonLabel, accountId: s.accountId, account: s.account, count: 0 };
    g.count += 1;
    groups.set(key, g);
  }
  return { items: all.slice(0, q.limit), total: all.length, groups: [...groups.values()].sort((a, b) => b.count - a.count) };
}

function toFailedSend(r: z.infer<typeof row>): FailedSend {
  return {
    id: r.id,
    accountId: r.account_id,
    account: r.account,
    kind: r.kind,
    source: r.source,
    ruleId: r.rule_id,
    runId: r.run_id,
    contactId: r.contact_id,
    contact: r.contact,
    conversationId: r.conversation_id,
    text: r.text,
    reason: r.reason,
    reasonLabel: FAILURE_REASON_LABELS[r.reason],
    error: r.error,
    attempts: r.attempts,
    previousAttempts: r.previous_attempts,
    at: r.created_at.toISOString(),
    ...deliveryCheckOf(r),
  };
}

/** An uncertain send's check as the list shows it (F23); a row failed before checks existed is `unchecked`. */
function deliveryCheckOf(r: z.infer<typeof row>): Pick<FailedSend, 'deliveryCheck' | 'deliveryCheckNote' | 'duplicateRisk'> {
  if (r.reason !== 'uncertain') return { deliveryCheck: null, deliveryCheckNote: null, duplicateRisk: false };
  // `found` rows are sent, so never listed here.
  const check = r.delivery_check === null || r.delivery_check === 'found' ? 'unchecked' : r.delivery_check;
  return { deliveryCheck: check, deliveryCheckNote: r.delivery_check_note, duplicateRisk: check !== 'not_found' };
}

/** Unresolved failed sends of the workspace: the figure the dashboard shows. */
export async function countFailedSends(pool: pg.Pool, workspaceId: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from outbound_ledger l where l.workspace_id = $1 and ${unresolved}`, [
    workspaceId,
  ]);
  return rows[0]?.n ?? 0;
}
