import type pg from 'pg';
import { z } from 'zod';
import { autoAssignModes, PRESENCE_ONLINE_SECONDS, type AutoAssignMode, type AutoAssignSettings } from '../../contracts/auto-assign';

type Db = Pick<pg.Pool, 'query'>;

/**
 * Who may be picked by round-robin now (contracts/auto-assign.ts): available, seen within
 * PRESENCE_ONLINE_SECONDS, and a role that can reply. The inbound DM statement spells the same rule
 * (db/inbound/store-inbound-dm.ts PICK_SQL); keep them together.
 */
export const ELIGIBLE_SQL = `p.available and p.last_seen_at > now() - make_interval(secs => ${PRESENCE_ONLINE_SECONDS})
  and exists (select 1 from workspace_members m where m.workspace_id = p.workspace_id and m.user_id = p.user_id
              and m.role in ('owner', 'admin', 'editor', 'agent'))`;

/** The workspace's mode, whether this member is available, and how many members are eligible now. */
export async function readAutoAssign(db: Db, workspaceId: string, userId: string): Promise<AutoAssignSettings> {
  const { rows } = await db.query(
    `select w.auto_assign as mode,
            coalesce((select p.available from member_presence p where p.workspace_id = w.id and p.user_id = $2), false) as available,
            (select count(*)::int from member_presence p where p.workspace_id = w.id and ${ELIGIBLE_SQL}) as eligible_now
     from workspaces w where w.id = $1`,
    [workspaceId, userId],
  );
  const row = z.object({ mode: z.enum(autoAssignModes), available: z.boolean(), eligible_now: z.number() }).parse(rows[0]);
  return { mode: row.mode, available: row.available, eligibleNow: row.eligible_now };
}

/** Sets the workspace's mode; returns the one before (the audit entry), null: no such workspace. */
export async function writeAutoAssignMode(db: Db, workspaceId: string, mode: AutoAssignMode): Promise<AutoAssignMode | null> {
  const { rows } = await db.query<{ before: AutoAssignMode }>(
    `update workspaces w set auto_assign = $2 from (select id, auto_assign as before from workspaces where id = $1 for update) old
     where w.id = old.id returning old.before`,
    [workspaceId, mode],
  );
  return rows[0]?.before ?? null;
}

/**
 * A member in or out of the rotation. Saying so from the inbox is being online: it touches
 * last_seen_at too. The membership key refuses a member removed meanwhile.
 */
export async function setAvailability(db: Db, workspaceId: string, userId: string, available: boolean): Promise<void> {
  await db.query(
    `insert into member_presence (workspace_id, user_id, available, last_seen_at) values ($1, $2, $3, now())
     on conflict (workspace_id, user_id) do update set available = excluded.available, last_seen_at = now()`,
    [workspaceId, userId, available],
  );
}

/**
 * The members behind a web process's open sockets are online: one statement for all of them
 * (api/ws/ws-server.ts, on connect and every PRESENCE_TOUCH_SECONDS). Only members who are
 * available are written; the others cost an index probe.
 */
export async function touchPresence(db: Db, members: { workspaceId: string; userId: string }[]): Promise<void> {
  if (members.length === 0) return;
  await db.query(
    `update member_presence p set last_seen_at = now()
     from unnest($1::uuid[], $2::uuid[]) as s(workspace_id, user_id)
     where p.workspace_id = s.workspace_id and p.user_id = s.user_id and p.available`,
    [members.map((m) => m.workspaceId), members.map((m) => m.userId)],
  );
}
