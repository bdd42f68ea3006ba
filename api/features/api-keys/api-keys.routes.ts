import type pg from 'pg';
import { createApiKeyBodySchema, roleMayHoldScope, scopePermission, type NewApiKey } from '../../../contracts/api-keys';
import { insertApiKey, listApiKeys, revokeApiKey } from '../../../db/api-keys/api-keys';
import { withAudit } from '../../../db/audit/record-audit';
import { newApiKeySecret } from '../../http/api-key-auth';
import { AppError } from '../../http/errors';
import { authedRouter, currentActor, currentUser, idParam } from '../../http/routers';
import { parseBody } from '../../http/validate';

/**
 * Settings → API keys, mounted at /api/api-keys (owners and admins: settings:manage). POST answers
 * the key this once; a key may not hold a scope its creator's role could not use
 * (contracts/api-keys.ts). Creating and revoking are in the audit log.
 */
export function apiKeysRoutes(pool: pg.Pool) {
  const router = authedRouter('settings:manage');
  router.get('/', async (req, res) => {
    res.json(await listApiKeys(pool, currentUser(req).workspaceId));
  });
  router.post('/', async (req, res) => {
    const user = currentUser(req);
    const body = parseBody(createApiKeyBodySchema, req);
    const beyond = body.scopes.filter((s) => !roleMayHoldScope(user.role, s));
    if (beyond.length > 0) {
      throw new AppError('FORBIDDEN', `Your role (${user.role}) cannot give a key ${beyond.join(', ')}`, {
        scopes: beyond,
        permissions: beyond.map(scopePermission),
      });
    }
    const secret = newApiKeySecret();
    const key = await withAudit(
      pool,
      currentActor(req),
      (client) =>
        insertApiKey(client, {
          workspaceId: user.workspaceId,
          name: body.name,
          prefix: secret.prefix,
          hash: secret.hash,
          scopes: body.scopes,
          createdBy: user.id,
        }),
      (k) => ({ action: 'api_key.created', target: { type: 'api_key', id: k.id, label: `${k.name} (${k.prefix}…)` }, details: { scopes: k.scopes } }),
    );
    const answer: NewApiKey = { ...key, key: secret.key };
    res.status(201).json(answer);
  });
  router.delete('/:id', async (req, res) => {
    const id = idParam(req);
    const revoked = await withAudit(
      pool,
      currentActor(req),
      (client) => revokeApiKey(client, currentUser(req).workspaceId, id),
      (k) => (k ? { action: 'api_key.revoked', target: { type: 'api_key', id: k.id, label: `${k.name} (${k.prefix}…)` } } : null),
    );
    if (!revoked) throw new AppError('NOT_FOUND', 'API key not found');
    res.status(204).end();
  });
  return router;
}
