import type pg from 'pg';
import type { Mailer } from '../integrations/mail/mailer';
import { createResetToken, RESET_TOKEN_TTL_MINUTES } from '../db/auth/password-reset-tokens';
import { findUserByEmail } from '../db/auth/users';

/**
 * Mails a reset link to the account with this email, if there is one (the `mail.reset` job). Demo
 * accounts have no mailbox. OAuth-only accounts get one too: it is how they set a first password.
 * Each call makes a new link and voids the earlier ones, so a retried job's mail is the one that works.
 */
export async function sendResetLink(deps: { pool: pg.Pool; mailer: Mailer }, email: string, origin: string): Promise<void> {
  const user = await findUserByEmail(deps.pool, email);
  if (!user || user.isDemo) return;
  const token = await createResetToken(deps.pool, user.id);
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your Replypilot password',
    text: [
      `Hi ${user.firstName?.trim() || 'there'},`,
      '',
      `Someone (hopefully you) asked to reset the password of the Replypilot account ${user.email}.`,
      `Open this link within ${RESET_TOKEN_TTL_MINUTES / 60} hour to choose a new password. It works once:`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  });
}
