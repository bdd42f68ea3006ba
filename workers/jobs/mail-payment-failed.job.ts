import type pg from 'pg';
import type { Task } from 'graphile-worker';
import { createAccountMailer } from '../../activities/account-mailer';
import { sendPaymentFailedMail } from '../../activities/payment-failed-mail';
import type { Config } from '../../config/config';
import { jobs } from '../../contracts/jobs';

/**
 * `mail.payment` (queued with a Stripe invoice.payment_failed event, ADR 0046): the owners
 * are mailed with the configured mailer, like an invitation. A failed send fails the job and
 * Graphile retries it with backoff.
 */
export function mailPaymentFailedJob(pool: pg.Pool, mail: Config['mail']): Task {
  let mailer: ReturnType<typeof createAccountMailer> | undefined;
  return async (payload, helpers) => {
    const { workspaceId, origin } = jobs['mail.payment'].payload.parse(payload);
    mailer ??= createAccountMailer(mail, pool, { warn: (_obj, msg) => helpers.logger.warn(msg), info: (_obj, msg) => helpers.logger.info(msg) });
    await sendPaymentFailedMail({ pool, mailer }, workspaceId, origin);
  };
}
