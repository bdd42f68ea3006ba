import type pg from 'pg';
import { z } from 'zod';
import type { AuditEntry, AuditLogPage, AuditLogQuery } from '../../contracts/audit';

const rowSchema = z.object({
  id: z.string(),
  created_at: z.date(),
  actor_id: z.string().nullable(),
  actor_label: z.string(),
  // Read as text: an entry written by a later version (an action this one does not know) still shows.
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  target_label: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});

/** A page cursor: the last entry's id (ids follow insertion), opaque to clients. */
export function parseAuditCursor(cursor: string): string | null {
  const id = Buffer.from(cursor, 'base64url').toString();
  return /^\d{1,18}$/.test(id) ? id : null;
}
const encodeCursor = (id: string) => Buffer.from(id).toString('base64url');

/**
 * One page of the workspace's audit log, newest first, filtered by actor, action and UTC days
 * (both ends included); keyset pagination on the id, so every page costs the same at any depth.
 * `cursor` must come from parseAuditCursor.
 */
export async function readAuditLog(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  q: Omit<AuditLogQuery, 'cursor'> & { cursor?: string },
): Promise<AuditLogPage> {
  const { rows } = await db.query(
    `select id::text, created_at, actor_id, actor_label, action, target_type, target_id, target_label, details
     from audit_log
     where workspace_id = $1
       and ($2::uuid is null or actor_id = $2)
       and ($3::text is null or action = $3)
       and ($4::date is null or created_at >= ($4::date)::timestamp at time zone 'UTC')
       and ($5::date is null or created_at < ($5::date + 1)::timestamp at time zone 'UTC')
       and ($6::bigint is null or audit_log.id < $6)
     -- audit_log.id: the bigint, not the text column of the same name in the select list.
     order by audit_log.id desc
     limit $7`,
    [workspaceId, q.actor ?? null, q.action ?? null, q.from ?? null, q.to ?? null, q.cursor ?? null, q.limit + 1],
  );
  const parsed = z.array(rowSchema).parse(rows);
  const page = parsed.slice(0, q.limit);
  const entries: AuditEntry[] = page.map((r) => ({
    id: r.id,
    at: r.created_at.toISOString(),
    actorId: r.actor_id,
    actorLabel: r.actor_label,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    targetLabel: r.target_label,
    details: r.details,
  }));
  return { entries, nextCursor: parsed.length > q.limit ? encodeCursor(page[page.length - 1]!.id) : null };
}
