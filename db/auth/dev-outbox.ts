import type pg from 'pg';
import { z } from 'zod';
import type { DevOutboxMail } from '../../contracts/auth';

/** Development without SMTP_URL: the mail is kept here instead of being sent (integrations/mail). */
export async function storeOutboxMail(pool: Pick<pg.Pool, 'query'>, message: { to: string; subject: string; text: string }): Promise<void> {
  await pool.query('insert into dev_outbox (to_address, subject, text_body) values ($1, $2, $3)', [message.to, message.subject, message.text]);
}

const rowSchema = z.object({
  id: z.string(),
  to_address: z.string(),
  subject: z.string(),
  text_body: z.string(),
  created_at: z.date(),
});

/** The newest mails sent to `to` (compared case-insensitively: emails are stored lower-case, SMTP's local part aside). */
export async function listOutboxMails(pool: Pick<pg.Pool, 'query'>, to: string, limit = 50): Promise<DevOutboxMail[]> {
  const { rows } = await pool.query(
    'select id, to_address, subject, text_body, created_at from dev_outbox where lower(to_address) = lower($1) order by created_at desc limit $2',
    [to, limit],
  );
  return z
    .array(rowSchema)
    .parse(rows)
    .map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, text: r.text_body, createdAt: r.created_at.toISOString() }));
}
