import type { RequestHandler } from 'express';
import { apiKeyRouter, currentApiKey, requireScope } from '../../http/api-key-auth';
import { publicRouter } from '../../http/routers';
import { buildOpenApiDocument } from './openapi';
import { v1Routes, type V1Deps } from './v1-routes';

/**
 * The public REST API (docs/api.md), mounted at /api/v1: every route of the table in v1-routes.ts,
 * behind an API key (`keyAuth`) and the route's scope; and the OpenAPI document made from the same
 * table, public at /api/v1/openapi.json (it holds no workspace data).
 */
export function apiV1Routes(deps: V1Deps, keyAuth: RequestHandler) {
  const router = apiKeyRouter(keyAuth);
  for (const route of v1Routes) {
    router[route.method](route.path, requireScope(route.scope), async (req, res) => {
      const answer = await route.handle(req, currentApiKey(req), deps);
      const status = answer.status ?? 200;
      if (status === 204) res.status(204).end();
      else res.status(status).json(answer.body);
    });
  }
  return router;
}

/** GET /api/v1/openapi.json, mounted before the key router: a public document. */
export function openApiRoutes() {
  const document = buildOpenApiDocument();
  const router = publicRouter();
  router.get('/api/v1/openapi.json', (_req, res) => {
    res.json(document);
  });
  return router;
}
