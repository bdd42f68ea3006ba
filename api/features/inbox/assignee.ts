import type pg from 'pg';
import { can, roleLabels } from '../../../contracts/permissions';
import { findMember } from '../../../db/team/members';
import { AppError } from '../../http/errors';

const refused = (message: string) => new AppError('BAD_REQUEST', message, [{ path: 'assigneeId', message }]);

/**
 * Checks `assigneeId` may be given conversations: a member of the workspace whose role can reply
 * (contracts/permissions.ts `inbox:write`). null (unassign) always may. A 400, not a 404: the id is
 * the body's value, not the resource, and says nothing of another workspace's members.
 */
export async function checkAssignee(db: Pick<pg.Pool, 'query'>, workspaceId: string, assigneeId: string | null): Promise<void> {
  if (assigneeId === null) return;
  const member = await findMember(db, workspaceId, assigneeId);
  if (!member) throw refused('The assignee is not a member of this workspace');
  if (!can(member.role, 'inbox:write')) throw refused(`The assignee's role (${roleLabels[member.role]}) cannot reply to conversations`);
}

/** The membership key refused the assignee: they were removed between the check and the write. */
export function assigneeRemoved(err: unknown): AppError | undefined {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23503' && e.constraint === 'conversations_assignee_membership_fk' ? refused('The assignee is not a member of this workspace') : undefined;
}
