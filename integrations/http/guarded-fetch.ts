import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Outbound HTTP to a URL a user typed (webhook node, website scan), refusing loopback, private,
 * link-local, CGNAT and cloud-metadata addresses (ARCHITECTURE.md#security). The address is checked after
 * DNS resolution and the connection goes to exactly that checked address, so a name that resolves
 * differently a second time (DNS rebinding) can't slip through. Redirects are not followed.
 */

export class BlockedAddressError extends Error {}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export interface GuardOptions {
  /** Tests point webhooks at a local server; production never sets this. */
  allowLoopback: boolean;
}

/** Why an address may not be called, or null when it may. */
export function blockedReason(address: string, opts: GuardOptions): string | null {
  let ip = address;
  const family = isIP(ip);
  if (family === 0) return 'not an IP address';
  // IPv4-mapped IPv6 (::ffff:10.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1]!;
  const type = isIP(ip) === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(ip, type)) return opts.allowLoopback ? null : 'a loopback address';
  if (blocked.check(ip, type)) return ip === '169.254.169.254' ? 'the cloud metadata address' : 'a private or reserved address';
  return null;
}

export interface GuardedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export async function guardedFetch(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number; maxBodyBytes?: number },
  opts: GuardOptions,
): Promise<GuardedResponse> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new BlockedAddressError(`Only http and https URLs can be called (${target.protocol})`);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const addresses: LookupAddress[] = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await new Promise((resolve, reject) => dnsLookup(host, { all: true }, (err, all) => (err ? reject(err) : resolve(all))));
  for (const a of addresses) {
    const reason = blockedReason(a.address, opts);
    if (reason) throw new BlockedAddressError(`Refused to call ${target.host}: it resolves to ${a.address}, ${reason}. Webhooks may only call public addresses.`);
  }
  const pinned = addresses[0]!;
  const lib = target.protocol === 'https:' ? https : http;
  const maxBody = init.maxBodyBytes ?? 64 * 1024;

  return new Promise<GuardedResponse>((resolve, reject) => {
    const req = lib.request(
      target,
      {
        method: init.method,
        headers: init.headers,
        timeout: init.timeoutMs,
        // Connect to the address we checked, never a fresh resolution.
        lookup: (_hostname, options, cb) => {
          if ((options as { all?: boolean }).all) (cb as unknown as (e: null, a: LookupAddress[]) => void)(null, [pinned]);
          else cb(null, pinned.address, pinned.family);
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= maxBody) chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${init.timeoutMs} ms`)));
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}
