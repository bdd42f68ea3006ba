import { newsletterBodySchema, type NewsletterResponse } from '../../../contracts/newsletter';
import type { Db } from '../../../db/client';
import { newsletterSubscriptions } from '../../../db/schema';
import { publicRouter } from '../../http/routers';
import { parseBody } from '../../http/validate';

export function newsletterRoutes(db: Db) {
  const router = publicRouter();
  router.post('/api/newsletter/subscribe', async (req, res) => {
    const { email } = parseBody(newsletterBodySchema, req);
    // Subscribing twice is not an error for the visitor: same answer, one row.
    await db.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing();
    const body: NewsletterResponse = {
      success: true,
      message: "Thank you for subscribing! You'll receive updates about new features and automation tips.",
    };
    res.json(body);
  });
  return router;
}
