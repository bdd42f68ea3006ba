import type { Request, Router } from 'express';
import { createEventWebhookSchema, deliveryListQuerySchema, updateEventWebhookSchema } from '../../../contracts/event-webhooks';
import { idParam } from '../../http/routers';
import { parseBody, parseQuery } from '../../http/validate';
import type { EventWebhookService, WebhookActor } from './event-webhooks.service';

/**
 * The event webhook routes on a router the caller made with its own authentication and access
 * (docs/api-webhooks.md): mounted at /api/event-webhooks for signed-in owners and admins, and at
 * /api/v1/webhooks for API keys. `actor` says which workspace (and member) acts.
 *   GET    /                         list
 *   POST   /                         create; answers the secret once (201)
 *   GET    /:id                      one
 *   PATCH  /:id                      url, events, description, enabled
 *   DELETE /:id                      unsubscribe (204)
 *   POST   /:id/rotate-secret        a new secret, answered once; the old one signs too for 24 h
 *   GET    /:id/deliveries           the delivery log, newest first (?status=&limit=)
 *   POST   /:id/deliveries/:deliveryId/replay   sent again now, same webhook-id
 */
export function eventWebhookRoutes(router: Router, service: EventWebhookService, actor: (req: Request) => WebhookActor): Router {
  router.get('/', async (req, res) => {
    res.json({ webhooks: await service.list(actor(req)) });
  });
  router.post('/', async (req, res) => {
    res.status(201).json(await service.create(actor(req), parseBody(createEventWebhookSchema, req)));
  });
  router.get('/:id', async (req, res) => {
    res.json(await service.get(actor(req), idParam(req)));
  });
  router.patch('/:id', async (req, res) => {
    res.json(await service.update(actor(req), idParam(req), parseBody(updateEventWebhookSchema, req)));
  });
  router.delete('/:id', async (req, res) => {
    await service.remove(actor(req), idParam(req));
    res.status(204).end();
  });
  router.post('/:id/rotate-secret', async (req, res) => {
    res.json(await service.rotate(actor(req), idParam(req)));
  });
  router.get('/:id/deliveries', async (req, res) => {
    res.json({ deliveries: await service.deliveries(actor(req), idParam(req), parseQuery(deliveryListQuerySchema, req)) });
  });
  router.post('/:id/deliveries/:deliveryId/replay', async (req, res) => {
    res.json(await service.replay(actor(req), idParam(req), idParam(req, 'deliveryId')));
  });
  return router;
}
