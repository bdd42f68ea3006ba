import type pg from 'pg';
import type { Config } from '../config/config';
import { createDisabledMailer, createOutboxMailer, createSmtpMailer, type Mailer } from '../integrations/mail/mailer';
import { storeOutboxMail } from '../db/auth/dev-outbox';

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/** SMTP_URL unset in production: what the operator is told (at boot and for each mail not sent). */
export const MAIL_DISABLED_WARNING =
  'SMTP_URL is not set: account emails (password reset) cannot be sent. Set SMTP_URL (smtp://user:pass@host:587) and MAIL_FROM.';

/** The mailer config.mail asks for (the `mail.reset` job sends with it; tests read the outbox). */
export function createAccountMailer(mail: Config['mail'], pool: pg.Pool, log: Log): Mailer {
  const { mode, smtpUrl, from } = mail;
  if (mode === 'smtp' && smtpUrl) return createSmtpMailer(smtpUrl, from);
  if (mode === 'outbox') {
    // /dev/outbox shows a mail only to its signed-in addressee; the server's log (the operator's own
    // terminal in development) prints it too, so a developer who forgot their password can still reset it.
    return createOutboxMailer(async (message) => {
      await storeOutboxMail(pool, message);
      log.info({ to: message.to }, `Mail kept in the dev outbox (SMTP_URL is not set): "${message.subject}"\n${message.text}`);
    });
  }
  return createDisabledMailer((message) => log.warn({ subject: message.subject }, `account email not sent: ${MAIL_DISABLED_WARNING}`));
}
