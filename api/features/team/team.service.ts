import type pg from 'pg';
import { can, deniedMessage, type Role } from '../../../contracts/permissions';
import type { AcceptInvitationResponse, TeamInvitation } from '../../../contracts/team';
import { recordAudit, type AuditActor } from '../../../db/audit/record-audit';
import type { UserRow } from '../../../db/schema';
import { createInvitation, findInvitationByToken, markInvitationAccepted, resendInvitation, revokeInvitation } from '../../../db/team/invitations';
import { addMember, countOwners, findMember, lockWorkspace, removeMember, setDefaultWorkspace, setMemberRole } from '../../../db/team/members';
import { withTransaction } from '../../../db/transaction';
import { AppError } from '../../http/errors';

/** Drops a user from this process's session cache at once (the others on the membership NOTIFY). */
export type ForgetUser = (userId: string) => void;

const actorOf = (user: UserRow): AuditActor => ({ workspaceId: user.workspaceId, userId: user.id });
/** A member's conversations that went back to Unassigned with a removal or a role change (none: no key). */
const unassignedDetail = (n: number) => (n > 0 ? { conversationsUnassigned: n } : {});
const memberNotFound = () => new AppError('NOT_FOUND', 'Member not found');
const invitationNotFound = () => new AppError('NOT_FOUND', 'Invitation not found');
const ownersOnly = (actor: UserRow) => new AppError('FORBIDDEN', deniedMessage(actor.role, 'ownership:transfer'), { permission: 'ownership:transfer' });
const lastOwner = (self: boolean) =>
  new AppError(
    'CONFLICT',
    self
      ? 'You are the last owner of this workspace. Make another member owner first.'
      : 'This member is the last owner of the workspace. Make another member owner first.',
  );

/**
 * Team changes (docs/product-spec.md "Teams"): each runs in one transaction with the workspace
 * locked (db/team/members.ts lockWorkspace) and its audit record, and takes effect on the member's
 * next request on every web process (their cached user is dropped here at once and elsewhere by
 * the membership NOTIFY, which also closes their sockets in the workspace).
 */
export function teamService(pool: pg.Pool, forgetUser: ForgetUser) {
  return {
    /** Owners may give or take `owner`; admins manage everyone else. The last owner stays one. */
    async changeRole(actor: UserRow, userId: string, role: Role): Promise<void> {
      await withTransaction(pool, async (client) => {
        await lockWorkspace(client, actor.workspaceId);
        const member = await findMember(client, actor.workspaceId, userId);
        if (!member) throw memberNotFound();
        if (member.role === role) return;
        if ((role === 'owner' || member.role === 'owner') && !can(actor.role, 'ownership:transfer')) throw ownersOnly(actor);
        if (member.role === 'owner' && (await countOwners(client, actor.workspaceId)) === 1) throw lastOwner(userId === actor.id);
        const unassigned = await setMemberRole(client, actor.workspaceId, userId, role);
        await recordAudit(client, actorOf(actor), {
          action: 'member.role_changed',
          target: { type: 'member', id: userId, label: member.email },
          details: { from: member.role, to: role, ...unassignedDetail(unassigned) },
        });
      });
      forgetUser(userId);
    },

    /**
     * Takes a member out (the route checked members:manage), or the actor themselves (leaving, any
     * role). Removing an owner needs an owner; the last owner stays.
     */
    async removeMember(actor: UserRow, userId: string): Promise<void> {
      const leaving = userId === actor.id;
      await withTransaction(pool, async (client) => {
        await lockWorkspace(client, actor.workspaceId);
        const member = await findMember(client, actor.workspaceId, userId);
        if (!member) throw memberNotFound();
        if (member.role === 'owner') {
          if (!leaving && !can(actor.role, 'ownership:transfer')) throw ownersOnly(actor);
          if ((await countOwners(client, actor.workspaceId)) === 1) throw lastOwner(leaving);
        }
        // The label is read from `users`, which a removal keeps: recorded after, with how many of
        // their conversations went back to Unassigned.
        const unassigned = await removeMember(client, actor.workspaceId, userId);
        await recordAudit(client, actorOf(actor), {
          action: leaving ? 'member.left' : 'member.removed',
          target: { type: 'member', id: userId, label: member.email },
          details: { role: member.role, ...unassignedDetail(unassigned) },
        });
      });
      forgetUser(userId);
    },

    /** The owner hands ownership to another member and becomes an admin. */
    async transferOwnership(actor: UserRow, userId: string): Promise<void> {
      if (userId === actor.id) throw new AppError('BAD_REQUEST', 'Choose another member to make owner', [{ path: 'userId', message: 'Choose another member' }]);
      await withTransaction(pool, async (client) => {
        await lockWorkspace(client, actor.workspaceId);
        const member = await findMember(client, actor.workspaceId, userId);
        if (!member) throw memberNotFound();
        await setMemberRole(client, actor.workspaceId, userId, 'owner');
        await setMemberRole(client, actor.workspaceId, actor.id, 'admin');
        await recordAudit(client, actorOf(actor), {
          action: 'ownership.transferred',
          target: { type: 'member', id: userId, label: member.email },
          details: { from: actor.id },
        });
      });
      forgetUser(userId);
      forgetUser(actor.id);
    },

    async invite(actor: UserRow, email: string, role: Exclude<Role, 'owner'>, origin: string): Promise<TeamInvitation> {
      if (actor.isDemo) throw new AppError('FORBIDDEN', 'Demo workspaces cannot invite people. Create an account to build your team.');
      return withTransaction(pool, async (client) => {
        const created = await createInvitation(client, { workspaceId: actor.workspaceId, email, role, invitedBy: actor.id, origin });
        if (created === 'already_member')
          throw new AppError('CONFLICT', `${email} is already a member of this workspace`, [{ path: 'email', message: 'Already a member' }]);
        if (created === 'already_invited') {
          throw new AppError('CONFLICT', `${email} already has an open invitation. Resend it from the list, or revoke it first.`, [
            { path: 'email', message: 'Already invited' },
          ]);
        }
        if (created === 'too_many') throw new AppError('CONFLICT', 'This workspace has too many pending invitations. Revoke some first.');
        await recordAudit(client, actorOf(actor), {
          action: 'member.invited',
          target: { type: 'invitation', id: created.invitation.id, label: email },
          details: { role },
        });
        return created.invitation;
      });
    },

    async resend(actor: UserRow, id: string, origin: string): Promise<TeamInvitation> {
      return withTransaction(pool, async (client) => {
        const invitation = await resendInvitation(client, actor.workspaceId, id, origin);
        if (!invitation) throw invitationNotFound();
        await recordAudit(client, actorOf(actor), { action: 'invitation.resent', target: { type: 'invitation', id, label: invitation.email } });
        return invitation;
      });
    },

    async revoke(actor: UserRow, id: string): Promise<void> {
      await withTransaction(pool, async (client) => {
        const invitation = await revokeInvitation(client, actor.workspaceId, id);
        if (!invitation) throw invitationNotFound();
        await recordAudit(client, actorOf(actor), { action: 'invitation.revoked', target: { type: 'invitation', id, label: invitation.email } });
      });
    },

    /**
     * The signed-in person joins the invitation's workspace with its role; it becomes their default
     * and the caller switches the session to it. The link works once, for the invited address,
     * until it expires; each refusal says which of those it was. Accepting again by the same person
     * answers as the first time did.
     */
    async accept(user: UserRow, token: string): Promise<AcceptInvitationResponse> {
      if (user.isDemo) throw new AppError('FORBIDDEN', 'Demo accounts cannot join a team. Create an account, then open the invitation link again.');
      const joined = await withTransaction(pool, async (client) => {
        const invitation = await findInvitationByToken(client, token, true);
        if (!invitation || !(await lockWorkspace(client, invitation.workspaceId))) {
          throw new AppError(
            'NOT_FOUND',
            'This invitation link is not valid. It may have been replaced by a newer invitation: open the latest email, or ask for a new one.',
          );
        }
        const response = { workspaceId: invitation.workspaceId, workspaceName: invitation.workspaceName, role: invitation.role };
        const from = invitation.inviter ? ` Ask ${invitation.inviter} for a new one.` : ' Ask for a new one.';
        if (invitation.status === 'accepted') {
          const member = await findMember(client, invitation.workspaceId, user.id);
          if (invitation.acceptedBy === user.id && member) return { ...response, role: member.role, newlyJoined: false };
          throw new AppError('GONE', `This invitation was already used.${from}`);
        }
        if (invitation.status === 'revoked') throw new AppError('GONE', `This invitation was revoked.${from}`);
        if (invitation.status === 'expired') throw new AppError('GONE', `This invitation expired on ${invitation.expiresAt.toUTCString()}.${from}`);
        if (invitation.email !== user.email.toLowerCase()) {
          throw new AppError(
            'FORBIDDEN',
            `This invitation is for ${invitation.email}, and you are signed in as ${user.email}. Sign in as ${invitation.email} to accept it.`,
          );
        }
        await markInvitationAccepted(client, invitation.id, user.id);
        const existing = await findMember(client, invitation.workspaceId, user.id);
        if (!existing) await addMember(client, invitation.workspaceId, user.id, invitation.role);
        await setDefaultWorkspace(client, user.id, invitation.workspaceId);
        if (!existing) {
          await recordAudit(
            client,
            { workspaceId: invitation.workspaceId, userId: user.id },
            {
              action: 'member.joined',
              target: { type: 'member', id: user.id, label: user.email },
              details: { role: invitation.role, invitationId: invitation.id },
            },
          );
        }
        return { ...response, role: existing?.role ?? invitation.role, newlyJoined: !existing };
      });
      forgetUser(user.id);
      return { workspaceId: joined.workspaceId, workspaceName: joined.workspaceName, role: joined.role };
    },
  };
}

export type TeamService = ReturnType<typeof teamService>;
