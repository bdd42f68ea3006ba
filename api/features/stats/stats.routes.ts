import type pg from 'pg';
import type { PublicStatsResponse } from '../../../contracts/stats';
import { readPublicStats } from '../../../db/stats/public-stats';
import { publicRouter } from '../../http/routers';

/** Every landing-page visit asks; a minute-old count is fine and keeps counts off the hot path. */
const CACHE_MS = 60_000;

export function statsRoutes(pool: pg.Pool) {
  const router = publicRouter();
  let cached: { at: number; body: Promise<PublicStatsResponse> } | undefined;
  router.get('/api/stats/public', async (_req, res) => {
    const now = performance.now();
    if (!cached || now - cached.at > CACHE_MS) {
      const body = readPublicStats(pool);
      cached = { at: now, body };
      // A failed count must not be served for a minute.
      body.catch(() => (cached = undefined));
    }
    res.json(await cached.body);
  });
  return router;
}
