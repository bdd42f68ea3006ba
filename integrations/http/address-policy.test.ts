import { describe, expect, it } from 'vitest';
import { blockedReason, ipv6Words } from './address-policy';

const strict = { allowLoopback: false };
const loopbackAllowed = { allowLoopback: true };
const refused = (ip: string, opts = strict) => blockedReason(ip, opts) !== null;

describe('address policy: only public unicast addresses may be called', () => {
  it('allows public IPv4 and IPv6', () => {
    for (const ip of ['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2001:4860:4860::8888', '2a00:1450:4001:80b::200e']) {
      expect(blockedReason(ip, strict), ip).toBeNull();
    }
  });

  it('refuses loopback, private, link-local, CGNAT, metadata, documentation, benchmarking, multicast and reserved IPv4', () => {
    for (const ip of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.0.0.1',
      '100.64.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '192.88.99.1',
      '192.168.1.1',
      '198.18.0.1',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
    ]) {
      expect(refused(ip), ip).toBe(true);
    }
  });

  it('lets tests reach IPv4 and IPv6 loopback only with allowLoopback, and nothing else private', () => {
    expect(refused('127.0.0.1', loopbackAllowed)).toBe(false);
    expect(refused('::1', loopbackAllowed)).toBe(false);
    expect(refused('::ffff:127.0.0.1', loopbackAllowed)).toBe(false);
    expect(refused('10.0.0.1', loopbackAllowed)).toBe(true);
    expect(refused('::127.0.0.1', loopbackAllowed)).toBe(true);
  });

  it('refuses IPv4-mapped IPv6 of a private address in every spelling', () => {
    for (const ip of ['::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:1', '::ffff:a9fe:a9fe', '::FFFF:10.0.0.1']) expect(refused(ip), ip).toBe(true);
    expect(refused('::ffff:8.8.8.8')).toBe(false);
  });

  it('refuses IPv4-compatible IPv6 (::/96), the unspecified address and loopback', () => {
    for (const ip of ['::127.0.0.1', '::7f00:1', '::a00:1', '::8.8.8.8', '::', '::1', '0:0:0:0:0:0:0:1']) expect(refused(ip), ip).toBe(true);
  });

  it('refuses NAT64 (64:ff9b::/96) of a private IPv4 address, allows it for a public one, refuses local-use NAT64', () => {
    for (const ip of ['64:ff9b::7f00:1', '64:ff9b::127.0.0.1', '64:ff9b::a00:1', '64:ff9b::a9fe:a9fe', '64:ff9b::c0a8:101']) expect(refused(ip), ip).toBe(true);
    expect(refused('64:ff9b::7f00:1', loopbackAllowed)).toBe(true); // a gateway's loopback is not ours
    expect(refused('64:ff9b::808:808')).toBe(false);
    expect(refused('64:ff9b:1::a00:1')).toBe(true);
    expect(refused('64:ff9b:1::808:808')).toBe(true);
  });

  it('refuses 6to4 (2002::/16) embedding a private IPv4 address, allows one embedding a public address', () => {
    for (const ip of ['2002:7f00:1::1', '2002:a00:1::', '2002:c0a8:101::1', '2002:a9fe:a9fe::']) expect(refused(ip), ip).toBe(true);
    expect(refused('2002:808:808::1')).toBe(false);
  });

  it('refuses Teredo and the rest of 2001::/23, documentation, discard, SRv6, ULA, link-local, site-local, multicast and IPv4-translated', () => {
    for (const ip of [
      '2001::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:2::1',
      '2001:10::1',
      '2001:20::1',
      '2001:db8::1',
      '3fff::1',
      '100::1',
      '5f00::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      'ff05::1:3',
      '::ffff:0:a00:1',
    ]) {
      expect(refused(ip), ip).toBe(true);
    }
  });

  it('refuses what is not an IP address', () => {
    expect(blockedReason('example.com', strict)).toBe('not an IP address');
  });

  it('reads every IPv6 spelling into its eight words', () => {
    expect(ipv6Words('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Words('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Words('::127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0, 0x7f00, 1]);
    expect(ipv6Words('::ffff:10.1.2.3')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0a01, 0x0203]);
    expect(ipv6Words('1:2:3:4:5:6:7.8.9.10')).toEqual([1, 2, 3, 4, 5, 6, 0x0708, 0x090a]);
    expect(ipv6Words('2001:db8::8a2e:370:7334')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0x8a2e, 0x370, 0x7334]);
    expect(ipv6Words('fe80::')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Words('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
