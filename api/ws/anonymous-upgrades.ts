import type { IncomingMessage } from 'node:http';
import { ipKeyGenerator } from 'express-rate-limit';

/** Signed-out /ws upgrades one client address may make per minute; more get 429. */
export const ANONYMOUS_WS_PER_ADDRESS_PER_MINUTE = 30;
const WINDOW_MS = 60_000;

/**
 * The client's address of an upgrade request as Express's `req.ip` would give it with `trust proxy`
 * set to TRUST_PROXY hops: the socket's address, or that many hops back along X-Forwarded-For.
 * Grouped as express-rate-limit groups addresses (an IPv6 /56 is one client).
 */
export function upgradeClientKey(req: IncomingMessage, trustProxy: number): string {
  const forwarded = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  const chain = [req.socket.remoteAddress ?? 'unknown', ...hops];
  const address = chain[Math.min(trustProxy, chain.length - 1)]!;
  return ipKeyGenerator(address.startsWith('::ffff:') ? address.slice(7) : address);
}

/**
 * A fixed-window count of signed-out upgrades per client address, in this process's memory: each such
 * socket only hears "hello" and is closed (ws-server.ts), so the limit bounds the work (a session
 * lookup, a handshake) one address can make a web process do, which is per process by nature.
 */
export class AnonymousUpgradeLimit {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  constructor(
    private readonly limit = ANONYMOUS_WS_PER_ADDRESS_PER_MINUTE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one upgrade; null when allowed, else the seconds until the window ends. */
  take(key: string): number | null {
    const now = this.now();
    if (this.windows.size > 10_000) for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + WINDOW_MS };
      this.windows.set(key, w);
    }
    w.count++;
    return w.count > this.limit ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : null;
  }
}
