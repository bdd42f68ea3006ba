import { BlockList, isIP } from 'node:net';

/**
 * Which resolved addresses a user-typed URL may reach (ARCHITECTURE.md#security): public unicast only.
 * Refused: loopback, private, link-local, CGNAT, cloud metadata, documentation, benchmarking,
 * multicast and reserved ranges, and every IPv6 form that carries an IPv4 address the network
 * could route on to one of those (mapped, compatible, NAT64, 6to4, Teredo).
 */

export interface GuardOptions {
  /** Tests point webhooks at a local server; production never sets this. */
  allowLoopback: boolean;
}

const blockedV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blockedV4.addSubnet(net, prefix, 'ipv4');
}

const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible (::127.0.0.1 = ::7f00:1)
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b:1::', 48], // local-use NAT64: may translate to anything
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // SRv6 SIDs
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(net, prefix, 'ipv6');
}

const loopbackV4 = new BlockList();
loopbackV4.addSubnet('127.0.0.0', 8, 'ipv4');

/** Why an address may not be called (for our logs, never the user), or null when it may. */
export function blockedReason(address: string, opts: GuardOptions): string | null {
  const ip = address.replace(/%.*$/, ''); // a zone id (fe80::1%eth0) names an interface, not an address
  const family = isIP(ip);
  if (family === 4) return v4Reason(ip, opts.allowLoopback);
  if (family !== 6) return 'not an IP address';
  const words = ipv6Words(ip);
  const embedded = embeddedIPv4(words);
  if (embedded) {
    // Mapped (::ffff:a.b.c.d) is the IPv4 address itself; NAT64 and 6to4 reach it through a
    // gateway, so never our own loopback.
    const reason = v4Reason(embedded.ip, opts.allowLoopback && embedded.kind === 'mapped');
    return reason ? `${reason} (${embedded.kind} ${embedded.ip})` : null;
  }
  if (words.every((w, i) => w === (i === 7 ? 1 : 0))) return opts.allowLoopback ? null : 'a loopback address';
  if (blockedV6.check(ip, 'ipv6')) return 'a private or reserved IPv6 address';
  return null;
}

function v4Reason(ip: string, allowLoopback: boolean): string | null {
  if (loopbackV4.check(ip, 'ipv4')) return allowLoopback ? null : 'a loopback address';
  if (ip === '169.254.169.254') return 'the cloud metadata address';
  if (blockedV4.check(ip, 'ipv4')) return 'a private or reserved address';
  return null;
}

/** The IPv4 address an IPv6 address stands for or routes to, when it embeds one. */
function embeddedIPv4(w: number[]): { kind: 'mapped' | 'NAT64' | '6to4'; ip: string } | null {
  const zeros = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && w[5] === 0xffff) return { kind: 'mapped', ip: dotted(w[6]!, w[7]!) };
  if (w[0] === 0x64 && w[1] === 0xff9b && zeros(2, 6)) return { kind: 'NAT64', ip: dotted(w[6]!, w[7]!) };
  if (w[0] === 0x2002) return { kind: '6to4', ip: dotted(w[1]!, w[2]!) };
  return null;
}

const dotted = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');

/** The eight 16-bit words of a valid IPv6 address (isIP said so), including `::` and a dotted tail. */
export function ipv6Words(ip: string): number[] {
  let text = ip;
  const tail: number[] = [];
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, quad.index);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head = '', rest] = text.split('::');
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((h) => parseInt(h, 16)));
  const left = parse(head);
  const right = [...parse(rest ?? ''), ...tail];
  const gap = rest === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...new Array<number>(gap).fill(0), ...right];
}
