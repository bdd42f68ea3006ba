import type pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../../../config/config';
import { metaEnvelopeSchema } from '../../../contracts/meta-webhooks';
import { toStorableJson } from '../../../contracts/json-safety';
import type { IncomingEvent } from '../../../db/inbound/ingest-events';
import type { ShardWakes } from '../../../db/inbound/wake-shards';
import { splitMetaWebhook } from '../../../integrations/meta/split-webhook';
import { constantTimeEqual, metaSignatureValid } from '../../../integrations/meta/webhook-signature';
import { AppError } from '../../http/errors';
import { publicRouter } from '../../http/routers';
import { rawJsonIsStorable } from './webhook-json';
import { webhookBatcher } from './webhook-batcher';
import { META_SIGNATURE_FORMAT, signedRawBody } from './webhook-limits';

export const META_WEBHOOK_PATH = '/api/webhooks/facebook/webhook';

const RECEIVED = 'EVENT_RECEIVED';
const RECEIVED_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(RECEIVED)) };

const verifyQuery = z.object({ 'hub.mode': z.string(), 'hub.verify_token': z.string(), 'hub.challenge': z.string().max(200) });

/**
 * Meta's webhook (ARCHITECTURE.md#inbound-pipeline step 1). Mounted before the JSON parser: the signature is over
 * the raw bytes. Authenticated by signature, so no session and no same-origin check. Every event is
 * committed (inbound_events) before the 200; its shard jobs are woken after (ADR 0029); processing happens in workers.
 */
export function metaWebhookRoutes(deps: {
  pool: pg.Pool;
  config: Config;
  verifyToken: string;
  log: Pick<Logger, 'error' | 'info'>;
  wakes?: ShardWakes;
  /** Commits a delivery's events; resolves once committed. Default: this pool's batcher. The cell router commits each account's part in its cell (ADR 0051). */
  ingest?: (events: IncomingEvent[]) => Promise<unknown>;
}) {
  const router = publicRouter();
  // Concurrent deliveries share a transaction (group commit); each is answered after its commit.
  const batcher = deps.ingest ? null : webhookBatcher(deps.pool, deps.log, deps.wakes);
  const ingest = deps.ingest ?? ((events: IncomingEvent[]) => batcher!.ingest(events));

  router.get(META_WEBHOOK_PATH, (req, res) => {
    const q = verifyQuery.safeParse(req.query);
    if (q.success && q.data['hub.mode'] === 'subscribe' && constantTimeEqual(q.data['hub.verify_token'], deps.verifyToken)) {
      res.status(200).type('text/plain').send(q.data['hub.challenge']);
      return;
    }
    res.status(403).type('text/plain').send('Forbidden');
  });

  router.post(META_WEBHOOK_PATH, signedRawBody({ headers: ['x-hub-signature-256'], format: META_SIGNATURE_FORMAT }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!metaSignatureValid(raw, req.get('x-hub-signature-256'), deps.config.meta.webhookSecrets)) {
      throw new AppError('FORBIDDEN', 'Invalid webhook signature');
    }
    let json: unknown;
    // Storable from here on (NUL, lone surrogates, absurd nesting): one bad event must not fail its
    // batch. Judged from the bytes when it can be (almost always), else by a walk over the value.
    const storable = rawJsonIsStorable(raw);
    try {
      const parsed: unknown = JSON.parse(raw.toString('utf8'));
      json = storable ? parsed : toStorableJson(parsed);
    } catch {
      throw new AppError('BAD_REQUEST', 'Malformed JSON body');
    }
    const envelope = metaEnvelopeSchema.safeParse(json);
    if (!envelope.success) throw new AppError('BAD_REQUEST', 'Not a Meta webhook payload', envelope.error.issues.slice(0, 5));

    const split = splitMetaWebhook(envelope.data);
    // Each event's account (payload.accountId, null when none is active) and workspace are resolved
    // by the ingest statement itself (metaAccount): no lookup of their own, and none stale.
    const events: IncomingEvent[] = split.map((e) => ({
      provider: 'meta',
      eventKey: e.eventKey,
      workspaceId: null,
      payload: e.payload,
      metaAccount: { platform: e.platform, externalId: e.accountExternalId },
      // Made of the body's values, already storable: ingest need not walk it again.
      storable: true,
    }));
    await ingest(events);
    // Straight to Node: no ETag, freshness check or header helpers for an answer only Meta reads.
    res.writeHead(200, RECEIVED_HEADERS).end(RECEIVED);
  });

  return router;
}
