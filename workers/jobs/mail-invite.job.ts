import type pg from 'pg';
import type { Task } from 'graphile-worker';
import { createAccountMailer } from '../../activities/account-mailer';
import { sendInvitation } from '../../activities/invite-mail';
import type { Config } from '../../config/config';
import { jobs } from '../../contracts/jobs';

/**
 * `mail.invite` (queued with an invitation or its resend, POST /api/team/invitations): the link,
 * mailed with the configured mailer like a reset link (SMTP, the dev outbox, or nothing when mail
 * is disabled, which is logged). A failed send fails the job and Graphile retries it with backoff.
 */
export function mailInviteJob(pool: pg.Pool, mail: Config['mail']): Task {
  let mailer: ReturnType<typeof createAccountMailer> | undefined;
  return async (payload, helpers) => {
    const { invitationId, origin } = jobs['mail.invite'].payload.parse(payload);
    mailer ??= createAccountMailer(mail, pool, { warn: (_obj, msg) => helpers.logger.warn(msg), info: (_obj, msg) => helpers.logger.info(msg) });
    await sendInvitation({ pool, mailer }, invitationId, origin);
  };
}
