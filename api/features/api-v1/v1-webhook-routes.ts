import { z } from 'zod';
import { createEventWebhookSchema, deliveryListQuerySchema, updateEventWebhookSchema } from '../../../contracts/event-webhooks';
import type { ApiKeyPrincipal } from '../../../db/api-keys/api-keys';
import { idParam } from '../../http/routers';
import { parseBody, parseQuery } from '../../http/validate';
import type { WebhookActor } from '../event-webhooks/event-webhooks.service';
import type { V1Route } from './v1-routes';

const anyObject = z.record(z.string(), z.unknown());

/**
 * The key's workspace acts, as the key's creator: a subscription made by a key records who made
 * the key (as the session routes record the member), so "who subscribed this?" has an answer.
 */
const actorOf = (key: ApiKeyPrincipal): WebhookActor => ({ workspaceId: key.workspaceId, userId: key.createdBy });

/**
 * /api/v1/webhooks: the REST-hook subscribe and unsubscribe endpoints Zapier, Make and n8n call by
 * themselves (docs/api-webhooks.md), the same service as Settings → Webhooks (/api/event-webhooks).
 */
export const v1WebhookRoutes: V1Route[] = [
  {
    method: 'get',
    path: '/webhooks',
    scope: 'webhooks:read',
    summary: 'List event webhook subscriptions',
    response: { status: 200, description: 'The subscriptions', schema: z.object({ data: z.array(anyObject) }) },
    handle: async (_req, key, { webhooks }) => ({ body: { data: await webhooks.list(actorOf(key)) } }),
  },
  {
    method: 'post',
    path: '/webhooks',
    scope: 'webhooks:write',
    summary: 'Subscribe a URL to events; the answer holds the signing secret (whsec_…), this once only',
    body: createEventWebhookSchema,
    response: { status: 201, description: 'The subscription with its secret', schema: anyObject },
    handle: async (req, key, { webhooks }) => ({ status: 201, body: await webhooks.create(actorOf(key), parseBody(createEventWebhookSchema, req)) }),
  },
  {
    method: 'get',
    path: '/webhooks/:id',
    scope: 'webhooks:read',
    summary: 'Get a subscription (never its secret)',
    response: { status: 200, description: 'The subscription', schema: anyObject },
    handle: async (req, key, { webhooks }) => ({ body: await webhooks.get(actorOf(key), idParam(req)) }),
  },
  {
    method: 'patch',
    path: '/webhooks/:id',
    scope: 'webhooks:write',
    summary: 'Change the URL, events, description or enabled (enabling resets the failure count)',
    body: updateEventWebhookSchema,
    response: { status: 200, description: 'The subscription', schema: anyObject },
    handle: async (req, key, { webhooks }) => ({ body: await webhooks.update(actorOf(key), idParam(req), parseBody(updateEventWebhookSchema, req)) }),
  },
  {
    method: 'delete',
    path: '/webhooks/:id',
    scope: 'webhooks:write',
    summary: 'Unsubscribe (204)',
    response: { status: 204, description: 'Unsubscribed' },
    handle: async (req, key, { webhooks }) => {
      await webhooks.remove(actorOf(key), idParam(req));
      return { status: 204, body: null };
    },
  },
  {
    method: 'post',
    path: '/webhooks/:id/rotate-secret',
    scope: 'webhooks:write',
    summary: 'A new signing secret, answered once; the previous one keeps signing too for 24 hours',
    response: { status: 200, description: 'The subscription with its new secret', schema: anyObject },
    handle: async (req, key, { webhooks }) => ({ body: await webhooks.rotate(actorOf(key), idParam(req)) }),
  },
  {
    method: 'get',
    path: '/webhooks/:id/deliveries',
    scope: 'webhooks:read',
    summary: 'The delivery log, newest first: status, attempts, last HTTP status code, error',
    query: deliveryListQuerySchema,
    response: { status: 200, description: 'Deliveries', schema: z.object({ data: z.array(anyObject) }) },
    handle: async (req, key, { webhooks }) => ({
      body: { data: await webhooks.deliveries(actorOf(key), idParam(req), parseQuery(deliveryListQuerySchema, req)) },
    }),
  },
  {
    method: 'post',
    path: '/webhooks/:id/deliveries/:deliveryId/replay',
    scope: 'webhooks:write',
    summary: 'Send one delivery again now, with its original webhook-id',
    response: { status: 200, description: 'The delivery', schema: anyObject },
    handle: async (req, key, { webhooks }) => ({ body: await webhooks.replay(actorOf(key), idParam(req), idParam(req, 'deliveryId')) }),
  },
];
