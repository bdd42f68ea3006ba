import { isIP } from 'node:net';
import type { Request } from 'express';

/** An IPv4-mapped IPv6 address as its IPv4 form (how Node reports IPv4 peers on a dual-stack socket). */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

const isLoopback = (address: string) => address === '::1' || address.startsWith('127.');

/**
 * The origin of the links Replypilot hands out: reset links in mails, OAuth redirect URIs, the webhook
 * URLs it registers or shows. PUBLIC_URL when set (production requires it). Without it, the address this
 * request reached the server on (the socket's local address and port), never the Host header's
 * choice: a forged `Host: evil.example` would otherwise mail the victim a reset link that hands its
 * token to the attacker. The Host header may only pick the spelling of that
 * same address, e.g. `localhost` for a loopback one, so links open where the browser already is.
 */
export function ownOrigin(publicUrl: string | undefined, req: Request): string {
  if (publicUrl) return publicUrl;
  const address = plainAddress(req.socket.localAddress ?? '127.0.0.1');
  const port = req.socket.localPort ?? 80;
  const scheme = req.protocol === 'https' ? 'https' : 'http';
  const named = hostNamingAddress(req.headers.host, address, port, scheme);
  if (named) return `${scheme}://${named}`;
  return `${scheme}://${isIP(address) === 6 ? `[${address}]` : address}:${port}`;
}

/** The Host header when it names `address:port` itself (or `localhost` for loopback), else null. */
function hostNamingAddress(host: string | undefined, address: string, port: number, scheme: string): string | null {
  if (!host) return null;
  let url: URL;
  try {
    url = new URL(`${scheme}://${host}`);
  } catch {
    return null;
  }
  if (url.host !== host.toLowerCase() || url.username || url.pathname !== '/') return null;
  const hostPort = url.port ? Number(url.port) : scheme === 'https' ? 443 : 80;
  if (hostPort !== port) return null;
  const name = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (name === address || (name === 'localhost' && isLoopback(address))) return url.host;
  return null;
}
