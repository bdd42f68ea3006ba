import nodemailer from 'nodemailer';

/** One account mail (password reset…). Plain text: no tracking pixels, nothing to render. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export type MailMode = 'smtp' | 'outbox' | 'disabled';

export interface Mailer {
  /** smtp: really sent; outbox: stored for /dev/outbox (development only); disabled: dropped. */
  readonly mode: MailMode;
  send(message: MailMessage): Promise<void>;
}

/** Real mail through the SMTP server of SMTP_URL (smtp://user:pass@host:587, smtps://… for TLS). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    mode: 'smtp',
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}

/**
 * Development without SMTP: the mail is handed to `store` (the API keeps it in dev_outbox), so
 * password reset can be tried locally. Integrations never touch the database themselves.
 */
export function createOutboxMailer(store: (message: MailMessage) => Promise<void>): Mailer {
  return { mode: 'outbox', send: store };
}

/** Production without SMTP_URL: nothing can be sent; callers say so instead of pretending. */
export function createDisabledMailer(onDrop: (message: MailMessage) => void): Mailer {
  return {
    mode: 'disabled',
    send(message) {
      onDrop(message);
      return Promise.resolve();
    },
  };
}
