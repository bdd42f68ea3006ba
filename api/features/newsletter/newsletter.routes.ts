import type pg from 'pg';
import { newsletterBodySchema, type NewsletterResponse } from '../../../contracts/newsletter';
import { subscribeToNewsletter } from '../../../db/newsletter/subscribe';
import { pgRateLimit } from '../../http/rate-limit';
import { publicRouter } from '../../http/routers';
import { parseBody } from '../../http/validate';

/** A person subscribes once or twice; more from one address is someone filling the table. */
export const NEWSLETTER_PER_IP_PER_HOUR = 20;

export function newsletterRoutes(pool: pg.Pool) {
  const router = publicRouter();
  const limit = pgRateLimit(pool, {
    name: 'newsletter',
    windowMs: 60 * 60 * 1000,
    limit: NEWSLETTER_PER_IP_PER_HOUR,
    message: 'Too many subscriptions from your network. Please try again later.',
  });
  router.post('/api/newsletter/subscribe', limit, async (req, res) => {
    const { email } = parseBody(newsletterBodySchema, req);
    await subscribeToNewsletter(pool, email);
    const body: NewsletterResponse = {
      success: true,
      message: "Thank you for subscribing! You'll receive updates about new features and automation tips.",
    };
    res.json(body);
  });
  return router;
}
