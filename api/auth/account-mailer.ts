import type pg from 'pg';
import type { Config } from '../../config/config';
import { createDisabledMailer, createOutboxMailer, createSmtpMailer, type Mailer } from '../../integrations/mail/mailer';
import { storeOutboxMail } from '../../db/auth/dev-outbox';

type Log = { warn: (obj: object, msg: string) => void };

/** The mailer config.mail asks for; the routes that send mail receive it (tests read the outbox). */
export function createAccountMailer(config: Config, pool: pg.Pool, log: Log): Mailer {
  const { mode, smtpUrl, from } = config.mail;
  if (mode === 'smtp' && smtpUrl) return createSmtpMailer(smtpUrl, from);
  if (mode === 'outbox') return createOutboxMailer((message) => storeOutboxMail(pool, message));
  log.warn({}, 'SMTP_URL is not set: account emails (password reset) cannot be sent. Set SMTP_URL (smtp://user:pass@host:587) and MAIL_FROM.');
  return createDisabledMailer((message) => log.warn({ subject: message.subject }, 'account email not sent: SMTP_URL is not set'));
}
