import type pg from 'pg';
import { platformSendLimit } from '../../contracts/inbound';
import { jobKey, jobs, type TaskName } from '../../contracts/jobs';
import { RESERVE_SLOT_SQL, type SendLimit } from './reserve-send-slot';

export interface SendIntent {
  workspaceId: string;
  accountId: string;
  kind: 'dm' | 'private_reply' | 'public_reply';
  /** Contact's platform id for a DM; the comment id for replies. */
  target: string;
  text: string;
  /** At most one send per key, ever (e.g. `private_reply:<account>:<comment>`). */
  idempotencyKey: string;
  messageId?: string | null;
  ruleId?: string | null;
  limit: SendLimit;
  /** false: the caller delivers it itself (a flow step sends inline); default true. */
  scheduleJob?: boolean;
}

/**
 * More of the caller's writes in the scheduling statement, numbering their parameters from `$first`:
 * CTEs (data-modifying ones run whether read or not) and items of the final select list (where a
 * pg_notify must go: a plain select in a CTE that nothing reads does not run).
 */
export interface ExtraCtes {
  /** Names the statement's variant (the statement is prepared by name; one name, one text). */
  name: string;
  sql: (first: number) => { ctes: string; select: string };
  params: unknown[];
}

/**
 * Records a send in the outbound ledger and schedules its `outbound.send` job at the account's next
 * rate-limit slot, in the caller's transaction. A key seen before returns null and sends nothing.
 */
export async function enqueueSend(db: Pick<pg.PoolClient, 'query'>, intent: SendIntent): Promise<{ ledgerId: string; scheduledFor: Date } | null> {
  const ins = await db.query<{ id: string; platform: string | null }>(
    `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, message_id, rule_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (idempotency_key) do nothing
     returning id, (select platform from social_accounts where id = account_id) as platform`,
    [intent.workspaceId, intent.accountId, intent.idempotencyKey, intent.kind, intent.target, intent.text, intent.messageId ?? null, intent.ruleId ?? null],
  );
  const ledgerId = ins.rows[0]?.id;
  if (!ledgerId) return null;
  const scheduledFor = await scheduleSend(db, ledgerId, ins.rows[0]?.platform ?? null, intent);
  return { ledgerId, scheduledFor };
}

/**
 * The new ledger row's slot, its `scheduled_for` and its outbound.send job at that slot, in one
 * round trip (reserveSendSlot's cell-rate upsert; was three statements: a comment's reply is
 * CPU-bound on round trips), plus the caller's `extra` CTEs. X and Messenger have their own limits
 * (docs/platform-apis.md §2.6, §4.3); the intent's is the default.
 */
export async function scheduleSend(
  db: Pick<pg.PoolClient, 'query'>,
  ledgerId: string,
  platform: string | null,
  intent: Pick<SendIntent, 'accountId' | 'kind' | 'limit' | 'scheduleJob'>,
  extra?: ExtraCtes,
): Promise<Date> {
  const limit = platformSendLimit(platform, intent.kind) ?? intent.limit;
  const schedule = intent.scheduleJob !== false;
  const params: unknown[] = [
    intent.accountId,
    intent.kind,
    3_600_000 / limit.perHour,
    limit.burst,
    ledgerId,
    ...(schedule ? ['outbound.send' satisfies TaskName, jobs['outbound.send'].maxAttempts, jobKey('outbound.send', ledgerId)] : []),
  ];
  const more = extra?.sql(params.length + 1);
  const { rows } = await db.query<{ send_at: Date }>({
    name: `schedule-send:${schedule ? 'job' : 'inline'}:${extra?.name ?? '-'}`,
    text: `with slot as (${RESERVE_SLOT_SQL}), mark as (
       update outbound_ledger set scheduled_for = (select send_at from slot) where id = $5
     )${more ? `, ${more.ctes}` : ''}
     select send_at${more ? `, ${more.select}` : ''}${
       schedule
         ? `, graphile_worker.add_job($6, json_build_object('ledgerId', $5::text), run_at => send_at, max_attempts => $7, job_key => $8) is not null as job`
         : ''
     }
     from slot`,
    values: [...params, ...(extra?.params ?? [])],
  });
  const scheduledFor = rows[0]?.send_at;
  if (!(scheduledFor instanceof Date)) throw new Error('enqueueSend reserved no send slot');
  return scheduledFor;
}
