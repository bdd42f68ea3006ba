import express from 'express';
import type pg from 'pg';
import { z } from 'zod';
import type { Config } from '../../../config/config';
import { xEnvelopeSchema } from '../../../contracts/x-webhooks';
import { ingestEvents } from '../../../db/pipeline/ingest-events';
import { splitXWebhook } from '../../../integrations/x/x-webhook';
import { xCrcResponse, xSignatureValid } from '../../../integrations/x/x-webhook';
import { AppError } from '../../http/errors';
import { publicRouter } from '../../http/routers';

export const X_WEBHOOK_PATH = '/api/webhooks/x';
const crcQuery = z.object({ crc_token: z.string().min(1).max(500) });

/**
 * X Account Activity webhook (platform-apis.md §4.4): the CRC challenge (GET) and signed event
 * POSTs, verified over the raw bytes and committed (events + jobs) before the 200, like Meta's.
 */
export function xWebhookRoutes(deps: { pool: pg.Pool; config: Config }) {
  const router = publicRouter();
  const x = deps.config.x;

  router.get(X_WEBHOOK_PATH, (req, res) => {
    if (!x) throw new AppError('NOT_FOUND', 'X is not configured');
    const q = crcQuery.safeParse(req.query);
    if (!q.success) throw new AppError('BAD_REQUEST', 'crc_token is required');
    res.json(xCrcResponse(q.data.crc_token, x.clientSecret));
  });

  router.post(X_WEBHOOK_PATH, express.raw({ type: () => true, limit: '10mb' }), async (req, res) => {
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
      json = JSON.parse(raw.toString('utf8'));
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
    const { rows } = split.length
      ? await deps.pool.query<{ id: string; workspace_id: string }>(
          `select id, workspace_id from social_accounts where provider = 'x' and platform = 'twitter' and external_id = $1 and is_active`,
          [env.data.for_user_id],
        )
      : { rows: [] };
    const account = rows[0];
    await ingestEvents(
      deps.pool,
      split.map((e) => ({ provider: 'x', eventKey: e.eventKey, workspaceId: account?.workspace_id ?? null, payload: { ...e.payload, accountId: account?.id ?? null } })),
    );
    res.status(200).end();
  });
  return router;
}
