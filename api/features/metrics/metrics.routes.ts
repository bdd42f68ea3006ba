import type { Registry } from 'prom-client';
import { constantTimeEqual } from '../../../integrations/meta/webhook-signature';
import { publicRouter } from '../../http/routers';

/**
 * GET /metrics in Prometheus' text format (ADR 0036). Off unless METRICS_TOKEN is set: then 404, as
 * for any path that does not exist (not the UI's page). On, only for `Authorization: Bearer <token>`,
 * compared in constant time; anything else is 401. No session, cookie or same-origin check: a
 * scraper has none.
 */
export function metricsRoutes(token: string | undefined, registry: Registry | undefined) {
  const router = publicRouter();
  router.get('/metrics', async (req, res) => {
    if (!token || !registry) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    const presented = /^Bearer (.+)$/i.exec(req.get('authorization') ?? '')?.[1]?.trim() ?? '';
    if (!constantTimeEqual(presented, token)) {
      res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('Unauthorized');
      return;
    }
    const body = await registry.metrics();
    res.set('Cache-Control', 'no-store').type(registry.contentType).send(body);
  });
  return router;
}
