import type pg from 'pg';
import type { AuditAction, AuditTarget } from '../../contracts/audit';
import { withTransaction } from '../transaction';

/** Who acted: a signed-in member (their label is read from `users` as it is now). */
export interface AuditActor {
  workspaceId: string;
  userId: string;
}

export interface AuditRecord {
  action: AuditAction;
  target?: AuditTarget;
  details?: Record<string, unknown>;
}

/**
 * THE writer of the audit log (contracts/audit.ts): one row, in the caller's transaction, so it
 * commits or rolls back with the action it records. Pass the transaction's client. The actor's
 * label ("Maya Chen <maya@…>") is taken from `users` in the same statement and kept as it is now.
 * The table refuses updates and deletes (migration `teams`).
 */
export async function recordAudit(client: Pick<pg.PoolClient, 'query'>, actor: AuditActor, record: AuditRecord): Promise<void> {
  await client.query(
    `insert into audit_log (workspace_id, actor_id, actor_label, action, target_type, target_id, target_label, details)
     select $1, $2::uuid, coalesce(a.label, 'A deleted user'), $3, $4, $5, $6, $7::jsonb
     from (select 1) one
     left join lateral (select coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') || ' <' || u.email || '>', u.email) as label
                        from users u where u.id = $2::uuid) a on true`,
    [
      actor.workspaceId,
      actor.userId,
      record.action,
      record.target?.type ?? null,
      record.target?.id ?? null,
      record.target?.label ?? null,
      JSON.stringify(record.details ?? {}),
    ],
  );
}

/** An audit record for an operation that runs its own transaction: it calls this inside it. */
export type AuditHook = (client: Pick<pg.PoolClient, 'query'>) => Promise<void>;

export const auditHook =
  (actor: AuditActor, record: AuditRecord): AuditHook =>
  (client) =>
    recordAudit(client, actor, record);

/**
 * Runs `act` in one transaction and records what `entry` makes of its result (null: nothing
 * happened, nothing to record) in the same one: for a route whose action is one statement.
 */
export async function withAudit<R>(
  pool: pg.Pool,
  actor: AuditActor,
  act: (client: pg.PoolClient) => Promise<R>,
  entry: (result: R) => AuditRecord | null,
): Promise<R> {
  let result: R | undefined;
  await withTransaction(pool, async (client) => {
    result = await act(client);
    const record = entry(result);
    if (record) await recordAudit(client, actor, record);
  });
  return result as R;
}

/**
 * An audited delete of one row, in one transaction: `find` reads it (its label as it was; another
 * workspace's id finds nothing), `remove` deletes it, and the entry is recorded. Null when there was
 * nothing to delete (the route's 404).
 */
export function auditedDelete<T>(
  pool: pg.Pool,
  actor: AuditActor,
  find: (client: pg.PoolClient) => Promise<T | null | undefined>,
  remove: (client: pg.PoolClient) => Promise<boolean>,
  entry: (found: T) => AuditRecord,
): Promise<T | null> {
  return withAudit(
    pool,
    actor,
    async (client) => {
      const found = await find(client);
      return found != null && (await remove(client)) ? found : null;
    },
    (found) => (found === null ? null : entry(found)),
  );
}
