import type pg from 'pg';
import type { Task } from 'graphile-worker';
import { createAccountMailer } from '../../activities/account-mailer';
import { sendResetLink } from '../../activities/reset-mail';
import type { Config } from '../../config/config';
import { jobs } from '../../contracts/jobs';

/**
 * `mail.reset` (queued by POST /api/auth/forgot-password before it answers): the account's reset
 * link, mailed with the configured mailer (SMTP, the dev outbox, or nothing when mail is disabled,
 * which is logged). A failed send fails the job and Graphile retries it with backoff.
 * The mailer (an SMTP transport and its connection pool) is made once, by the first job.
 */
export function mailResetJob(pool: pg.Pool, mail: Config['mail']): Task {
  let mailer: ReturnType<typeof createAccountMailer> | undefined;
  return async (payload, helpers) => {
    const { email, origin } = jobs['mail.reset'].payload.parse(payload);
    mailer ??= createAccountMailer(mail, pool, { warn: (_obj, msg) => helpers.logger.warn(msg), info: (_obj, msg) => helpers.logger.info(msg) });
    await sendResetLink({ pool, mailer }, email, origin);
  };
}
