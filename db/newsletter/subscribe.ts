import type pg from 'pg';

/** Subscribing twice is not an error for the visitor: one row per address, the second a no-op. */
export async function subscribeToNewsletter(db: pg.Pool, email: string): Promise<void> {
  await db.query('insert into newsletter_subscriptions (email) values ($1) on conflict do nothing', [email]);
}
