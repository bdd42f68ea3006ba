import type pg from 'pg';
import { roleDescriptions, roleLabels } from '../contracts/permissions';
import type { Mailer } from '../integrations/mail/mailer';
import { issueInvitationToken } from '../db/team/invitations';

/**
 * Mails an invitation's link (the `mail.invite` job), if it is still pending. Each call makes a new
 * link and voids the earlier one, so a retried job's mail is the one that works.
 */
export async function sendInvitation(deps: { pool: pg.Pool; mailer: Mailer }, invitationId: string, origin: string): Promise<void> {
  const invite = await issueInvitationToken(deps.pool, invitationId);
  if (!invite) return;
  const link = `${origin}/invite?token=${encodeURIComponent(invite.token)}`;
  const who = invite.inviter ?? 'A teammate';
  await deps.mailer.send({
    to: invite.email,
    subject: `${who} invited you to ${invite.workspaceName} on Replypilot`,
    text: [
      'Hi,',
      '',
      `${who} invited you to join the workspace "${invite.workspaceName}" on Replypilot as ${roleLabels[invite.role]}.`,
      `${roleLabels[invite.role]}s: ${roleDescriptions[invite.role]}`,
      '',
      `Open this link to accept. It works once, until ${invite.expiresAt.toUTCString()}:`,
      '',
      link,
      '',
      `If you do not have a Replypilot account yet, you can create one for ${invite.email} on that page.`,
      'If you did not expect this invitation, ignore this email.',
    ].join('\n'),
  });
}
