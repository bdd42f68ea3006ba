import type { Request } from 'express';
import type pg from 'pg';
import type { Config } from '../../../config/config';
import {
  INVITATION_MAILS_PER_HOUR,
  changeRoleBodySchema,
  createInvitationBodySchema,
  invitationTokenBodySchema,
  renameWorkspaceBodySchema,
  transferOwnershipBodySchema,
  type InvitationPreview,
  type TeamInvitationsResponse,
  type TeamMembersResponse,
} from '../../../contracts/team';
import { recordAudit } from '../../../db/audit/record-audit';
import { findInvitationByToken, listInvitations } from '../../../db/team/invitations';
import { listMembers } from '../../../db/team/members';
import { renameWorkspace } from '../../../db/team/workspaces';
import { withTransaction } from '../../../db/transaction';
import { AppError } from '../../http/errors';
import { PgRateLimitStore } from '../../http/rate-limit';
import { authedRouter, can, currentUser, idParam, publicRouter } from '../../http/routers';
import { parseBody } from '../../http/validate';
import type { TeamService } from './team.service';

/** Invitation links point at PUBLIC_URL (required in production), so a forged Host header cannot redirect them. */
function appOrigin(config: Config, req: Request): string {
  return config.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/**
 * The team of the acting workspace (docs/product-spec.md "Teams"), mounted at /api/team: every member
 * reads the member list; owners and admins manage members and invitations (members:manage);
 * accepting an invitation or leaving needs only a signed-in member.
 */
export function teamRoutes(deps: { pool: pg.Pool; config: Config; team: TeamService }) {
  const { pool, config, team } = deps;
  const router = authedRouter({ read: 'workspace:read', write: 'members:manage' });
  const mailsPerHour = new PgRateLimitStore(pool, 'invite-mails:', 60 * 60 * 1000);
  /** Every invitation mail counts against the workspace's hourly allowance (a new one and a resend). */
  const countMail = async (workspaceId: string) => {
    const { totalHits } = await mailsPerHour.increment(workspaceId);
    if (totalHits > INVITATION_MAILS_PER_HOUR) {
      throw new AppError('RATE_LIMITED', `This workspace sent ${INVITATION_MAILS_PER_HOUR} invitation emails in the last hour. Try again later.`);
    }
  };

  router.get('/members', async (req, res) => {
    const body: TeamMembersResponse = { members: await listMembers(pool, currentUser(req).workspaceId) };
    res.json(body);
  });

  router.patch('/members/:userId', async (req, res) => {
    const { role } = parseBody(changeRoleBodySchema, req);
    await team.changeRole(currentUser(req), idParam(req, 'userId'), role);
    res.status(204).end();
  });

  router.delete('/members/:userId', async (req, res) => {
    await team.removeMember(currentUser(req), idParam(req, 'userId'));
    res.status(204).end();
  });

  // Any member may leave (the last owner only once someone else owns the workspace).
  router.post('/leave', can('account:self'), async (req, res) => {
    const user = currentUser(req);
    await team.removeMember(user, user.id);
    res.status(204).end();
  });

  router.post('/ownership', can('ownership:transfer'), async (req, res) => {
    const { userId } = parseBody(transferOwnershipBodySchema, req);
    await team.transferOwnership(currentUser(req), userId);
    res.status(204).end();
  });

  router.get('/invitations', can('members:manage'), async (req, res) => {
    const body: TeamInvitationsResponse = { invitations: await listInvitations(pool, currentUser(req).workspaceId) };
    res.json(body);
  });

  router.post('/invitations', async (req, res) => {
    const { email, role } = parseBody(createInvitationBodySchema, req);
    if (config.mail.mode === 'disabled') {
      throw new AppError('UNAVAILABLE', 'Invitations are sent by email, and this server has no mail set up (SMTP_URL). Ask its operator to set it.');
    }
    await countMail(currentUser(req).workspaceId);
    res.status(201).json(await team.invite(currentUser(req), email, role, appOrigin(config, req)));
  });

  router.post('/invitations/accept', can('account:self'), async (req, res) => {
    const { token } = parseBody(invitationTokenBodySchema, req);
    const joined = await team.accept(currentUser(req), token);
    // This session now acts in the workspace it joined.
    req.session.workspaceId = joined.workspaceId;
    res.json(joined);
  });

  router.post('/invitations/:id/resend', async (req, res) => {
    if (config.mail.mode === 'disabled') throw new AppError('UNAVAILABLE', 'This server has no mail set up (SMTP_URL): invitations cannot be sent.');
    await countMail(currentUser(req).workspaceId);
    res.json(await team.resend(currentUser(req), idParam(req), appOrigin(config, req)));
  });

  router.delete('/invitations/:id', async (req, res) => {
    await team.revoke(currentUser(req), idParam(req));
    res.status(204).end();
  });

  router.patch('/workspace', can('settings:manage'), async (req, res) => {
    const user = currentUser(req);
    const { name } = parseBody(renameWorkspaceBodySchema, req);
    await withTransaction(pool, async (client) => {
      const previous = await renameWorkspace(client, user.workspaceId, name);
      if (previous === undefined) throw new AppError('NOT_FOUND', 'Workspace not found');
      if (previous !== name) {
        await recordAudit(
          client,
          { workspaceId: user.workspaceId, userId: user.id },
          { action: 'workspace.renamed', target: { type: 'workspace', id: user.workspaceId, label: name }, details: { from: previous } },
        );
      }
    });
    res.json({ id: user.workspaceId, name });
  });

  return router;
}

/**
 * What an invitation link is for, before anyone signs in (the accept page): mounted at /api/team
 * ahead of the signed-in routes. The token is 256 random bits, so this tells nothing to a guesser.
 */
export function invitationLookupRoutes(pool: pg.Pool) {
  const router = publicRouter();
  router.post('/invitations/lookup', async (req, res) => {
    const { token } = parseBody(invitationTokenBodySchema, req);
    const invitation = await findInvitationByToken(pool, token);
    if (!invitation)
      throw new AppError('NOT_FOUND', 'This invitation link is not valid. It may have been replaced by a newer invitation: open the latest email.');
    const body: InvitationPreview = {
      email: invitation.email,
      role: invitation.role,
      workspaceName: invitation.workspaceName,
      invitedBy: invitation.inviter,
      status: invitation.status,
      expiresAt: invitation.expiresAt.toISOString(),
    };
    res.json(body);
  });
  return router;
}
