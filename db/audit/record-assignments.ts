import type pg from 'pg';
import type { AssigneeChange } from '../inbox/assign-conversations';

/** The actor label of an assignment no person made (round-robin on a new conversation). */
export const AUTOMATIC_ASSIGNMENT_LABEL = 'Automatic assignment';

const nameOf = (alias: string) => `coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.email)`;

/**
 * The audit entries of an assignment (contracts/audit.ts `conversation.assigned` / `.unassigned`):
 * one per conversation whose assignee changed, so the log names each contact and can be read per
 * conversation; a bulk action's entries carry `together` (how many changed at once). One statement,
 * in the assignment's transaction. `byUserId` null: automatic assignment (no member acted).
 * Details keep the assignee's and the previous holder's names as they were then.
 */
export async function recordAssignments(
  client: Pick<pg.PoolClient, 'query'>,
  workspaceId: string,
  byUserId: string | null,
  changes: AssigneeChange[],
  assigneeId: string | null,
): Promise<void> {
  if (changes.length === 0) return;
  await client.query(
    `insert into audit_log (workspace_id, actor_id, actor_label, action, target_type, target_id, target_label, details)
     select $1, $2::uuid,
            case when $2::uuid is null then $6 else coalesce(a.label, 'A deleted user') end,
            case when $3::uuid is null then 'conversation.unassigned' else 'conversation.assigned' end,
            'conversation', t.id::text,
            coalesce('@' || ct.username, nullif(ct.name, ''), ct.external_user_id),
            jsonb_strip_nulls(jsonb_build_object(
              'assigneeId', $3::uuid, 'assignee', ${nameOf('asg')},
              'fromId', t.from_id, 'from', ${nameOf('fr')},
              'together', case when $7::int > 1 then $7::int end))
     from unnest($4::uuid[], $5::uuid[]) with ordinality as t(id, from_id, n)
     join conversations c on c.workspace_id = $1 and c.id = t.id
     join contacts ct on ct.id = c.contact_id
     left join lateral (select coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') || ' <' || u.email || '>', u.email) as label
                        from users u where u.id = $2::uuid) a on true
     left join users asg on asg.id = $3::uuid
     left join users fr on fr.id = t.from_id
     order by t.n`,
    [workspaceId, byUserId, assigneeId, changes.map((c) => c.id), changes.map((c) => c.fromId), AUTOMATIC_ASSIGNMENT_LABEL, changes.length],
  );
}
