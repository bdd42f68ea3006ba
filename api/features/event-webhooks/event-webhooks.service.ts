import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type {
  CreateEventWebhook,
  EventWebhook,
  EventWebhookDelivery,
  EventWebhookWithSecret,
  UpdateEventWebhook,
  DeliveryStatus,
} from '../../../contracts/event-webhooks';
import { scheduleNextDelivery } from '../../../db/event-webhooks/deliveries';
import {
  deleteSubscription,
  getSubscription,
  insertSubscription,
  listDeliveries,
  listSubscriptions,
  replayDelivery,
  rotateSecret,
  updateSubscription,
} from '../../../db/event-webhooks/subscriptions';
import type { TokenCipher } from '../../../integrations/crypto/token-cipher';
import { blockedReason, type GuardOptions } from '../../../integrations/http/address-policy';
import { AppError } from '../../http/errors';

/** After a rotation the previous secret signs too for this long, so a receiver can switch over. */
export const ROTATION_GRACE_SEC = 24 * 3600;

/** Who manages: a workspace, and the member acting (null for an API key). */
export interface WebhookActor {
  workspaceId: string;
  userId: string | null;
}

export interface EventWebhookService {
  create(actor: WebhookActor, body: CreateEventWebhook): Promise<EventWebhookWithSecret>;
  list(actor: WebhookActor): Promise<EventWebhook[]>;
  get(actor: WebhookActor, id: string): Promise<EventWebhook>;
  update(actor: WebhookActor, id: string, body: UpdateEventWebhook): Promise<EventWebhook>;
  remove(actor: WebhookActor, id: string): Promise<void>;
  rotate(actor: WebhookActor, id: string): Promise<EventWebhookWithSecret>;
  deliveries(actor: WebhookActor, id: string, q: { status?: DeliveryStatus | undefined; limit: number }): Promise<EventWebhookDelivery[]>;
  replay(actor: WebhookActor, id: string, deliveryId: string): Promise<EventWebhookDelivery>;
}

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/**
 * Event webhook subscriptions (docs/api-webhooks.md), used by the session routes (/api/event-webhooks)
 * and the API-key routes (/api/v1/webhooks) alike. The URL passes the webhook node's address guard
 * when it is saved (a private or loopback address is a 400; the delivery checks again after DNS).
 */
export function eventWebhookService(pool: pg.Pool, deps: { cipher: TokenCipher; guard: GuardOptions }): EventWebhookService {
  const found = <T>(v: T | null): T => {
    if (v === null) throw new AppError('NOT_FOUND', 'Webhook not found');
    return v;
  };
  const checkUrl = async (url: string) => {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    let addresses: string[];
    if (isIP(host)) addresses = [host];
    else {
      // A name that does not resolve yet may later; the delivery checks every time.
      addresses = await lookup(host, { all: true }).then(
        (all) => all.map((a) => a.address),
        () => [],
      );
    }
    if (addresses.some((a) => blockedReason(a, deps.guard) !== null)) {
      const message = 'This URL points to a private or loopback address. Webhooks may only call public addresses.';
      throw new AppError('BAD_REQUEST', message, [{ path: 'url', message }]);
    }
  };
  const withSecret = (s: EventWebhook, secret: string): EventWebhookWithSecret => ({ ...s, secret });
  return {
    async create(actor, body) {
      await checkUrl(body.url);
      const secret = newWebhookSecret();
      const s = await insertSubscription(pool, { ...body, workspaceId: actor.workspaceId, secretEnc: deps.cipher.encrypt(secret), createdBy: actor.userId });
      return withSecret(s, secret);
    },
    list: (actor) => listSubscriptions(pool, actor.workspaceId),
    async get(actor, id) {
      return found(await getSubscription(pool, actor.workspaceId, id));
    },
    async update(actor, id, body) {
      if (body.url !== undefined) await checkUrl(body.url);
      const s = found(await updateSubscription(pool, actor.workspaceId, id, body));
      // Re-enabled: its deliveries left pending while it was off are due now.
      if (body.enabled === true) await scheduleNextDelivery(pool);
      return s;
    },
    async remove(actor, id) {
      if (!(await deleteSubscription(pool, actor.workspaceId, id))) throw new AppError('NOT_FOUND', 'Webhook not found');
    },
    async rotate(actor, id) {
      const secret = newWebhookSecret();
      return withSecret(found(await rotateSecret(pool, actor.workspaceId, id, deps.cipher.encrypt(secret), ROTATION_GRACE_SEC)), secret);
    },
    async deliveries(actor, id, q) {
      found(await getSubscription(pool, actor.workspaceId, id));
      return listDeliveries(pool, actor.workspaceId, id, q);
    },
    async replay(actor, id, deliveryId) {
      const d = found(await replayDelivery(pool, actor.workspaceId, id, deliveryId));
      await scheduleNextDelivery(pool);
      return d;
    },
  };
}
