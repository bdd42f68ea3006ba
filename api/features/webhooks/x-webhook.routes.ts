import type pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../../../config/config';
import { xEnvelopeSchema } from '../../../contracts/x-webhooks';
import { toStorableJson } from '../../../contracts/json-safety';
import type { ShardWakes } from '../../../db/inbound/wake-shards';
import { findActiveXAccount } from '../../../db/social-accounts/find-webhook-accounts';
import { splitXWebhook } from '../../../integrations/x/x-webhook';
import { xCrcResponse, xSignatureValid } from '../../../integrations/x/x-webhook';
import { AppError } from '../../http/errors';
import { publicRouter } from '../../http/routers';
import { webhookBatcher } from './webhook-batcher';
import { crcRateLimit, signedRawBody, X_SIGNATURE_FORMAT } from './webhook-limits';

export const X_WEBHOOK_PATH = '/api/webhooks/x';
/**
 * X's CRC tokens are short base64/base64url strings. Anything else is refused: the CRC answer is an
 * HMAC under the same secret that signs event POSTs, so signing arbitrary text would let anyone
 * forge a signature for a JSON body. A JSON body always contains `{` and `"`, which this
 * alphabet excludes.
 */
export const X_CRC_TOKEN = /^[A-Za-z0-9+/=_-]{1,128}$/;
const crcQuery = z.object({ crc_token: z.string().regex(X_CRC_TOKEN) });

/**
 * X Account Activity webhook (docs/platform-apis.md §4.4): the CRC challenge (GET) and signed event
 * POSTs, verified over the raw bytes and committed (events + jobs) before the 200, like Meta's.
 */
export function xWebhookRoutes(deps: { pool: pg.Pool; config: Config; log: Pick<Logger, 'error' | 'info'>; wakes?: ShardWakes }) {
  const router = publicRouter();
  const x = deps.config.x;
  // Concurrent deliveries share a commit, each answered after it (as Meta's).
  const batcher = webhookBatcher(deps.pool, deps.log, deps.wakes);

  // X runs a CRC on registration and about hourly; a burst is someone probing the route.
  router.get(X_WEBHOOK_PATH, crcRateLimit(deps.pool), (req, res) => {
    if (!x) throw new AppError('NOT_FOUND', 'X is not configured');
    const q = crcQuery.safeParse(req.query);
    if (!q.success) throw new AppError('BAD_REQUEST', 'crc_token must be the token X sends (up to 128 base64 characters)');
    res.json(xCrcResponse(q.data.crc_token, x.clientSecret));
  });

  const body = signedRawBody({ headers: ['x-twitter-webhooks-signature-oauth2', 'x-twitter-webhooks-signature'], format: X_SIGNATURE_FORMAT });
  router.post(X_WEBHOOK_PATH, body, async (req, res) => {
    if (!x) throw new AppError('NOT_FOUND', 'X is not configured');
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signed = xSignatureValid(
      raw,
      { oauth2: req.get('x-twitter-webhooks-signature-oauth2'), legacy: req.get('x-twitter-webhooks-signature') },
      { clientSecret: x.clientSecret, consumerSecret: x.consumerSecret },
    );
    if (!signed) throw new AppError('FORBIDDEN', 'Invalid webhook signature');
    let json: unknown;
    try {
      // Storable from here on (NUL, lone surrogates, absurd nesting): one bad event must not fail its batch.
      json = toStorableJson(JSON.parse(raw.toString('utf8')));
    } catch {
      throw new AppError('BAD_REQUEST', 'Malformed JSON body');
    }
    const env = xEnvelopeSchema.safeParse(json);
    // Other Account Activity events (follows, likes, typing…) carry no for_user_id payload we use.
    if (!env.success) {
      res.status(200).end();
      return;
    }
    const split = splitXWebhook(env.data);
    const account = split.length ? await findActiveXAccount(deps.pool, env.data.for_user_id) : null;
    await batcher.ingest(
      split.map((e) => ({
        provider: 'x',
        eventKey: e.eventKey,
        workspaceId: account?.workspace_id ?? null,
        payload: { ...e.payload, accountId: account?.id ?? null },
      })),
    );
    res.status(200).end();
  });
  return router;
}
