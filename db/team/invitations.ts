import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { roles, type assignableRoles, type Role } from '../../contracts/permissions';
import { INVITATION_TTL_DAYS, PENDING_INVITATIONS_LIMIT, type InvitationStatus, type TeamInvitation } from '../../contracts/team';
import { jobSpecRow } from '../jobs/job-spec';

type Db = Pick<pg.Pool, 'query'>;

/** Only the sha256 of a link's token is stored: a leaked table lets nobody join. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const statusSql = `case when i.accepted_at is not null then 'accepted' when i.revoked_at is not null then 'revoked'
  when i.expires_at <= now() then 'expired' else 'pending' end`;

const invitationRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  status: z.enum(['pending', 'expired', 'accepted', 'revoked']),
  invited_by: z.string().nullable(),
  created_at: z.date(),
  expires_at: z.date(),
});
/** A user's name, or their email when they gave none (for "invited by"). */
const userName = (alias: string) => `coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.email)`;

const invitationSelect = `select i.id, i.email, i.role, ${statusSql} as status, ${userName('u')} as invited_by, i.created_at, i.expires_at
  from team_invitations i left join users u on u.id = i.invited_by`;
const parseInvitation = (row: unknown): TeamInvitation => {
  const r = invitationRowSchema.parse(row);
  return {
    id: r.id,
    email: r.email,
    role: r.role,
    status: r.status,
    invitedBy: r.invited_by,
    createdAt: r.created_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
  };
};

/** The workspace's open invitations (pending or expired; accepted ones are members, revoked ones gone), newest first. */
export async function listInvitations(db: Db, workspaceId: string): Promise<TeamInvitation[]> {
  const { rows } = await db.query(
    `${invitationSelect} where i.workspace_id = $1 and i.accepted_at is null and i.revoked_at is null order by i.created_at desc`,
    [workspaceId],
  );
  return rows.map(parseInvitation);
}

export async function getInvitation(db: Db, workspaceId: string, id: string): Promise<TeamInvitation | undefined> {
  const { rows } = await db.query(`${invitationSelect} where i.workspace_id = $1 and i.id = $2`, [workspaceId, id]);
  return rows[0] === undefined ? undefined : parseInvitation(rows[0]);
}

/** The `mail.invite` job for this invitation, queued in the caller's transaction (committed before the request is answered). */
async function queueInviteMail(client: Db, invitationId: string, origin: string): Promise<void> {
  await client.query(
    `select graphile_worker.add_jobs(array[${jobSpecRow('mail.invite', { payload: "json_build_object('invitationId', $1::text, 'origin', $2::text)" })}])`,
    [invitationId, origin],
  );
}

export type CreateInvitationResult = { invitation: TeamInvitation } | 'already_member' | 'already_invited' | 'too_many';

/**
 * A new invitation of `email` as `role`, valid INVITATION_TTL_DAYS, and its mail job, in the
 * caller's transaction. Refused when the address is a member already, has an open invitation
 * (resend or revoke that one), or the workspace has PENDING_INVITATIONS_LIMIT pending.
 */
export async function createInvitation(
  client: Db,
  input: { workspaceId: string; email: string; role: (typeof assignableRoles)[number]; invitedBy: string; origin: string },
): Promise<CreateInvitationResult> {
  const { rows: checks } = await client.query<{ member: boolean; invited: boolean; pending: number }>(
    `select exists (select 1 from workspace_members m join users u on u.id = m.user_id where m.workspace_id = $1 and u.email = $2) as member,
            exists (select 1 from team_invitations where workspace_id = $1 and email = $2 and accepted_at is null and revoked_at is null) as invited,
            (select count(*)::int from team_invitations where workspace_id = $1 and accepted_at is null and revoked_at is null and expires_at > now()) as pending`,
    [input.workspaceId, input.email],
  );
  const c = checks[0]!;
  if (c.member) return 'already_member';
  if (c.invited) return 'already_invited';
  if (c.pending >= PENDING_INVITATIONS_LIMIT) return 'too_many';
  const { rows } = await client.query<{ id: string }>(
    `insert into team_invitations (workspace_id, email, role, invited_by, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(days => $5))
     on conflict (workspace_id, email) where accepted_at is null and revoked_at is null do nothing
     returning id`,
    [input.workspaceId, input.email, input.role, input.invitedBy, INVITATION_TTL_DAYS],
  );
  if (rows[0] === undefined) return 'already_invited';
  await queueInviteMail(client, rows[0].id, input.origin);
  return { invitation: (await getInvitation(client, input.workspaceId, rows[0].id))! };
}

/** Sends an open invitation again: valid INVITATION_TTL_DAYS from now, a new link (the old one stops working). */
export async function resendInvitation(client: Db, workspaceId: string, id: string, origin: string): Promise<TeamInvitation | undefined> {
  const { rowCount } = await client.query(
    `update team_invitations set expires_at = now() + make_interval(days => $3), token_hash = null
     where workspace_id = $1 and id = $2 and accepted_at is null and revoked_at is null`,
    [workspaceId, id, INVITATION_TTL_DAYS],
  );
  if (rowCount !== 1) return undefined;
  await queueInviteMail(client, id, origin);
  return getInvitation(client, workspaceId, id);
}

/** Revokes an open invitation: its link then says so. Undefined: no open invitation of this workspace with that id. */
export async function revokeInvitation(client: Db, workspaceId: string, id: string): Promise<TeamInvitation | undefined> {
  const { rowCount } = await client.query(
    'update team_invitations set revoked_at = now() where workspace_id = $1 and id = $2 and accepted_at is null and revoked_at is null',
    [workspaceId, id],
  );
  return rowCount === 1 ? getInvitation(client, workspaceId, id) : undefined;
}

const mailRowSchema = z.object({
  email: z.string(),
  role: z.enum(roles),
  workspace_name: z.string(),
  inviter: z.string().nullable(),
  expires_at: z.date(),
});

export interface InvitationMail {
  token: string;
  email: string;
  role: Role;
  workspaceName: string;
  inviter: string | null;
  expiresAt: Date;
}

/**
 * For the `mail.invite` job: a new token for a pending invitation (its hash replaces the previous
 * one, so a retried job's mail is the link that works) and what the mail says. Undefined: the
 * invitation was revoked, accepted or has expired meanwhile (nothing is sent).
 */
export async function issueInvitationToken(db: Db, invitationId: string): Promise<InvitationMail | undefined> {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await db.query(
    `update team_invitations i set token_hash = $2
     from workspaces w
     where i.id = $1 and w.id = i.workspace_id and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()
     returning i.email, i.role, w.name as workspace_name, i.expires_at,
       (select ${userName('u')} from users u where u.id = i.invited_by) as inviter`,
    [invitationId, hashInvitationToken(token)],
  );
  if (rows[0] === undefined) return undefined;
  const r = mailRowSchema.parse(rows[0]);
  return { token, email: r.email, role: r.role, workspaceName: r.workspace_name, inviter: r.inviter, expiresAt: r.expires_at };
}

const tokenRowSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  workspace_name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  status: z.enum(['pending', 'expired', 'accepted', 'revoked']),
  accepted_by: z.string().nullable(),
  inviter: z.string().nullable(),
  expires_at: z.date(),
});

export interface InvitationByToken {
  id: string;
  workspaceId: string;
  workspaceName: string;
  email: string;
  role: Role;
  status: InvitationStatus;
  acceptedBy: string | null;
  inviter: string | null;
  expiresAt: Date;
}

/**
 * The invitation a link's token belongs to, whatever its status; `lock`: locked for this
 * transaction (accepting it). Undefined: no such token (never issued, or replaced by a resend).
 */
export async function findInvitationByToken(db: Db, token: string, lock = false): Promise<InvitationByToken | undefined> {
  const { rows } = await db.query(
    `select i.id, i.workspace_id, w.name as workspace_name, i.email, i.role, ${statusSql} as status, i.accepted_by, i.expires_at,
       (select ${userName('u')} from users u where u.id = i.invited_by) as inviter
     from team_invitations i join workspaces w on w.id = i.workspace_id
     where i.token_hash = $1 ${lock ? 'for update of i' : ''}`,
    [hashInvitationToken(token)],
  );
  if (rows[0] === undefined) return undefined;
  const r = tokenRowSchema.parse(rows[0]);
  return {
    id: r.id,
    workspaceId: r.workspace_id,
    workspaceName: r.workspace_name,
    email: r.email,
    role: r.role,
    status: r.status,
    acceptedBy: r.accepted_by,
    inviter: r.inviter,
    expiresAt: r.expires_at,
  };
}

/** Marks an invitation used by `userId` (its token keeps saying "already used"). */
export async function markInvitationAccepted(client: Db, id: string, userId: string): Promise<void> {
  await client.query('update team_invitations set accepted_at = now(), accepted_by = $2 where id = $1', [id, userId]);
}
