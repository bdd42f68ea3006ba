import type pg from 'pg';
import type { PublicStatsResponse } from '../../../contracts/stats';
import { readInstanceFigures } from '../../../db/figures/read-figures';
import { publicRouter } from '../../http/routers';

/** Every landing-page visit asks; a minute-old count is fine and keeps counts off the hot path. */
const CACHE_MS = 60_000;

/**
 * GET /api/stats/public. An instance's activity is the operator's to publish (it tells anyone how
 * busy the server is): off unless PUBLIC_STATS is on, and then only the glossary figures, never a count
 * of people or accounts.
 */
export function statsRoutes(pool: pg.Pool, enabled: boolean) {
  const router = publicRouter();
  let cached: { at: number; body: Promise<PublicStatsResponse> } | undefined;
  router.get('/api/stats/public', async (_req, res) => {
    if (!enabled) {
      const off: PublicStatsResponse = { enabled: false };
      res.json(off);
      return;
    }
    const now = performance.now();
    if (!cached || now - cached.at > CACHE_MS) {
      const body = readInstanceFigures(pool).then((f): PublicStatsResponse => ({
        enabled: true,
        commentsAnswered: f.commentsAnswered,
        automatedReplies: f.automatedReplies,
        leads: f.leads,
        simulated: { commentsAnswered: f.simulated.commentsAnswered, automatedReplies: f.simulated.automatedReplies },
      }));
      cached = { at: now, body };
      // A failed count must not be served for a minute.
      body.catch(() => (cached = undefined));
    }
    res.json(await cached.body);
  });
  return router;
}
