import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * Contract fake of the Stripe API as docs/platform-apis.md §8 describes it, for the calls Replypilot
 * makes: `POST /v1/checkout/sessions`, `POST /v1/billing_portal/sessions` and
 * `GET /v1/subscriptions/:id`. Bodies are form-encoded (`line_items[0][price]=…`), the key is
 * `Authorization: Bearer sk_test_…` (a wrong one answers 401), errors are `{error:{type,message}}`
 * (invalid_request_error 400/404, authentication_error 401). Objects carry the documented fields
 * Replypilot reads. `event()` builds an Event and `sign()` signs its JSON with the `stripe`
 * package's own generateTestHeaderString, as Stripe signs deliveries. Test infrastructure only.
 */
export interface StripeFakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The form body, flattened keys as sent (`line_items[0][price]`). */
  form: Record<string, string>;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; price: { id: string; object: 'price' } }[] };
  created: number;
}

export interface StripeFake {
  url: string;
  secretKey: string;
  webhookSecret: string;
  prices: { starter: string; pro: string; enterprise: string };
  env: Record<string, string>;
  requests: StripeFakeRequest[];
  subscriptions: Map<string, FakeSubscription>;
  /** What a customer's completed Checkout makes at Stripe: a subscription of `price`. */
  createSubscription(customer: string, price: string, metadata?: Record<string, string>): FakeSubscription;
  /** A Stripe Event of `type` around `object` (`created`: seconds, default now). */
  event(type: string, object: object, created?: number): { id: string; object: 'event'; type: string; created: number; data: { object: object } };
  /** The Stripe-Signature header for `payload`, signed with the webhook secret (or `secret`) at `timestamp` seconds. */
  sign(payload: string, opts?: { timestamp?: number; secret?: string }): string;
  close(): Promise<void>;
}

const rid = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') }).end(JSON.stringify(body));
}

const error = (res: ServerResponse, status: number, type: string, message: string, param?: string) =>
  send(res, status, { error: { type, message, ...(param && { param }) } });

export async function startStripeFake(): Promise<StripeFake> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const prices = { starter: rid('price'), pro: rid('price'), enterprise: rid('price') };
  const requests: StripeFakeRequest[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const signer = new Stripe(secretKey);

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const form = req.method === 'POST' ? await readForm(req) : {};
      requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, form });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return error(res, 401, 'invalid_request_error', 'Invalid API Key provided');
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (form.mode !== 'subscription' && form.mode !== 'payment' && form.mode !== 'setup')
          return error(res, 400, 'invalid_request_error', 'Missing required param: mode.', 'mode');
        if (!form.success_url) return error(res, 400, 'invalid_request_error', 'Missing required param: success_url.', 'success_url');
        const price = form['line_items[0][price]'];
        if (!price || !Object.values(prices).includes(price))
          return error(res, 400, 'invalid_request_error', `No such price: '${price ?? ''}'`, 'line_items[0][price]');
        if (form.customer && form.customer_email)
          return error(res, 400, 'invalid_request_error', 'You may only specify one of these parameters: customer, customer_email.');
        const id = rid('cs_test');
        return send(res, 200, {
          id,
          object: 'checkout.session',
          mode: form.mode,
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: form.client_reference_id ?? null,
          customer: form.customer ?? null,
          customer_email: form.customer_email ?? null,
          subscription: null,
          metadata: Object.fromEntries(Object.entries(form).flatMap(([k, v]) => (k.startsWith('metadata[') ? [[k.slice(9, -1), v]] : []))),
          success_url: form.success_url,
          cancel_url: form.cancel_url ?? null,
          url: `https://checkout.stripe.com/c/pay/${id}`,
          created: now(),
          livemode: false,
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        if (!form.customer) return error(res, 400, 'invalid_request_error', 'Missing required param: customer.', 'customer');
        const id = rid('bps');
        return send(res, 200, {
          id,
          object: 'billing_portal.session',
          customer: form.customer,
          return_url: form.return_url ?? null,
          url: `https://billing.stripe.com/p/session/${id}`,
          created: now(),
          livemode: false,
        });
      }
      const sub = /^\/v1\/subscriptions\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && sub) {
        const found = subscriptions.get(sub[1]!);
        return found ? send(res, 200, found) : error(res, 404, 'invalid_request_error', `No such subscription: '${sub[1]}'`, 'id');
      }
      return error(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method} ${url.pathname}).`);
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    secretKey,
    webhookSecret,
    prices,
    requests,
    subscriptions,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_STARTER: prices.starter,
      STRIPE_PRICE_PRO: prices.pro,
      STRIPE_PRICE_ENTERPRISE: prices.enterprise,
      STRIPE_API_BASE: url,
    },
    createSubscription(customer, price, metadata = {}) {
      const s: FakeSubscription = {
        id: rid('sub'),
        object: 'subscription',
        customer,
        status: 'active',
        metadata,
        items: { object: 'list', data: [{ id: rid('si'), object: 'subscription_item', price: { id: price, object: 'price' } }] },
        created: now(),
      };
      subscriptions.set(s.id, s);
      return s;
    },
    event: (type, object, created = now()) => ({
      id: rid('evt'),
      object: 'event',
      type,
      created,
      api_version: '2026-10-28.endive',
      livemode: false,
      data: { object },
    }),
    sign: (payload, opts = {}) =>
      signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? webhookSecret, timestamp: opts.timestamp ?? now() }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
