import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface SinkDelivery {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** Whether `standardwebhooks` verified it with one of the sink's secrets, as a receiver would. */
  verified: boolean;
  /** The payload as `Webhook.verify` answered it. */
  payload: unknown;
}

/**
 * A receiver of event webhooks on 127.0.0.1 (tests and the fan-out bench): every request verified
 * with the `standardwebhooks` library against `secrets` (any one may match, as during a rotation),
 * recorded, and answered with `status` (a function of the request count, to fail some). A receiver
 * that de-duplicates keeps `byId` (webhook-id → first delivery).
 */
export async function startWebhookSink(
  opts: { secrets?: string[]; status?: (n: number, id: string) => number; record?: boolean; delayMs?: () => number } = {},
) {
  const secrets = [...(opts.secrets ?? [])];
  const received: SinkDelivery[] = [];
  const byId = new Map<string, SinkDelivery>();
  let count = 0;
  let status = opts.status ?? (() => 200);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      let verified = false;
      let payload: unknown = null;
      for (const secret of secrets) {
        try {
          payload = new Webhook(secret).verify(body, headers);
          verified = true;
          break;
        } catch {
          // not this secret
        }
      }
      const answer = () => {
        const code = status(count, d.id);
        if (code >= 200 && code < 300 && !byId.has(d.id)) byId.set(d.id, d);
        res.writeHead(code, { 'content-type': 'text/plain' }).end(code >= 300 ? 'sink says no' : 'ok');
      };
      const d: SinkDelivery = {
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        verified,
        payload,
      };
      count++;
      if (opts.record !== false) received.push(d);
      // A slow receiver: the answer (and so the de-duplicating record) comes after the delay.
      const delay = opts.delayMs?.() ?? 0;
      if (delay > 0) setTimeout(answer, delay);
      else answer();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    received,
    byId,
    secrets,
    count: () => count,
    setStatus(fn: (n: number, id: string) => number) {
      status = fn;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
