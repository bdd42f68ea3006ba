import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { createConversionBodySchema, type NewApiKey } from '../../../contracts/conversions';
import { readApiKeyStatus, storeApiKey, workspaceForApiKey } from '../../../db/conversions/api-keys';
import { recordApiConversion } from '../../../db/conversions/record-conversion';
import { AppError } from '../../http/errors';
import { authedRouter, currentActor, currentUser, publicRouter } from '../../http/routers';
import { withAudit } from '../../../db/audit/record-audit';
import { parseBody } from '../../http/validate';

/** Keys are 32 random bytes, so a plain SHA-256 (no salt, no slow hash) is enough to look them up by. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

const bearer = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];

/**
 * POST /api/conversions: a shop reports a purchase with the workspace's API key instead of a
 * session (exempt from the same-origin check: no cookie is read). 201 for a new conversion, 200
 * with the first one for a repeated idempotency key, 404 for a lead or contact of another workspace.
 */
export function conversionsRoutes(pool: pg.Pool) {
  const router = publicRouter();
  router.post('/', async (req, res) => {
    const key = bearer(req.headers.authorization);
    const workspaceId = key ? await workspaceForApiKey(pool, hashApiKey(key)) : null;
    if (!workspaceId) throw new AppError('UNAUTHORIZED', 'A valid API key is required (Authorization: Bearer <key>)');
    const result = await recordApiConversion(pool, workspaceId, parseBody(createConversionBodySchema, req));
    if (result === 'not_found') throw new AppError('NOT_FOUND', 'Lead or contact not found');
    res.status(result.created ? 201 : 200).json(result.conversion);
  });
  return router;
}

/** Settings → API key, mounted at /api/settings/api-key: see whether one exists, or make a new one (rotating the old). */
export function apiKeyRoutes(pool: pg.Pool) {
  const router = authedRouter('settings:manage');
  router.get('/', async (req, res) => {
    res.json(await readApiKeyStatus(pool, currentUser(req).workspaceId));
  });
  router.post('/', async (req, res) => {
    const key = `rp_live_${randomBytes(32).toString('base64url')}`;
    const prefix = key.slice(0, 12);
    const { createdAt } = await withAudit(
      pool,
      currentActor(req),
      (client) => storeApiKey(client, currentUser(req).workspaceId, hashApiKey(key), prefix),
      () => ({ action: 'api_key.created', target: { type: 'api_key', label: `${prefix}…` } }),
    );
    const body: NewApiKey = { key, prefix, createdAt };
    res.status(201).json(body);
  });
  return router;
}
