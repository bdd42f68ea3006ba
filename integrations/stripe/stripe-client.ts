import Stripe from 'stripe';
import type { StripeConfig } from '../../config/config';

/**
 * The official `stripe` client for the configured key (ADR 0046), pinned to the API version the
 * package was built for. STRIPE_API_BASE (tests' contract fake, tests/fakes/stripe.fake.ts) sets
 * host, port and protocol; the client then talks to it exactly as it would to api.stripe.com.
 */
export function createStripeClient(config: StripeConfig, timeoutMs: number): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: timeoutMs,
    appInfo: { name: 'Replypilot' },
    ...(base && {
      host: base.hostname,
      port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}
