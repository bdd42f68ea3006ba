import type pg from 'pg';
import { z } from 'zod';
import { deletePushSubscriptionBodySchema, pushSubscriptionBodySchema, type PushPublicKeyResponse, type PushSubscriptionStatus } from '../../../contracts/push';
import { deletePushSubscription, isPushSubscribed, savePushSubscription } from '../../../db/push/push-subscriptions';
import { authedRouter, currentUser } from '../../http/routers';
import { parseBody, parseQuery } from '../../http/validate';

const statusQuerySchema = z.object({ endpoint: z.string().min(1).max(2000) });

/**
 * Web Push (ADR 0045), mounted at /api/push: the VAPID public key a device subscribes with, and the
 * member's own device subscriptions in the workspace the request acts in (Settings → "Notifications
 * on this device"). Every member may subscribe their own devices.
 */
export function pushRoutes(pool: pg.Pool, publicKey: string) {
  const router = authedRouter('account:self');
  router.get('/public-key', (_req, res) => {
    const body: PushPublicKeyResponse = { publicKey };
    res.json(body);
  });
  router.get('/subscriptions', async (req, res) => {
    const { endpoint } = parseQuery(statusQuerySchema, req);
    const user = currentUser(req);
    const body: PushSubscriptionStatus = { subscribed: await isPushSubscribed(pool, user.workspaceId, user.id, endpoint) };
    res.json(body);
  });
  router.post('/subscriptions', async (req, res) => {
    const sub = parseBody(pushSubscriptionBodySchema, req);
    const user = currentUser(req);
    await savePushSubscription(pool, user.workspaceId, user.id, sub, req.get('user-agent') ?? null);
    const body: PushSubscriptionStatus = { subscribed: true };
    res.status(201).json(body);
  });
  router.delete('/subscriptions', async (req, res) => {
    const { endpoint } = parseBody(deletePushSubscriptionBodySchema, req);
    const user = currentUser(req);
    await deletePushSubscription(pool, user.workspaceId, user.id, endpoint);
    const body: PushSubscriptionStatus = { subscribed: false };
    res.json(body);
  });
  return router;
}
