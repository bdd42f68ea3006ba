import type { RequestHandler } from 'express';
import type pg from 'pg';
import { createConversionBodySchema } from '../../../contracts/conversions';
import { recordApiConversion } from '../../../db/conversions/record-conversion';
import { apiKeyRouter, currentApiKey, requireScope } from '../../http/api-key-auth';
import { AppError } from '../../http/errors';
import { parseBody } from '../../http/validate';

/**
 * POST /api/conversions: a shop reports a purchase with an API key holding `conversions:write`
 * (docs/api.md) instead of a session (exempt from the same-origin check: no cookie is read). 201 for
 * a new conversion, 200 with the first one for a repeated idempotency key, 404 for a lead or
 * contact of another workspace. /api/v1/conversions is the same call.
 */
export function conversionsRoutes(pool: pg.Pool, keyAuth: RequestHandler) {
  const router = apiKeyRouter(keyAuth);
  router.post('/', requireScope('conversions:write'), async (req, res) => {
    const result = await recordApiConversion(pool, currentApiKey(req).workspaceId, parseBody(createConversionBodySchema, req));
    if (result === 'not_found') throw new AppError('NOT_FOUND', 'Lead or contact not found');
    res.status(result.created ? 201 : 200).json(result.conversion);
  });
  return router;
}
