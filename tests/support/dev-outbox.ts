import type pg from 'pg';
import { expect } from 'vitest';
import { listOutboxMails } from '../../db/auth/dev-outbox';

/**
 * The mails the dev outbox kept for `email`, read from its table as the server's log shows them to a
 * developer (GET /api/dev/outbox shows them only to that address, signed in).
 */
export function outboxMailsTo(pool: pg.Pool, email: string) {
  return listOutboxMails(pool, email);
}

/** The token of the newest reset link mailed to `email`, once more than `after` mails reached it. */
export async function mailedResetToken(pool: pg.Pool, email: string, after = 0): Promise<string> {
  let token = '';
  await expect
    .poll(
      async () => {
        const mails = await outboxMailsTo(pool, email);
        if (mails.length <= after) return false;
        token = /reset-password\?token=([\w-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
        return Boolean(token);
      },
      { timeout: 5000 },
    )
    .toBe(true);
  return token;
}
