import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { ownOrigin } from './own-origin';

function req(host: string | undefined, localAddress: string, localPort: number, protocol = 'http'): Request {
  return { headers: host === undefined ? {} : { host }, socket: { localAddress, localPort }, protocol } as unknown as Request;
}

describe('ownOrigin', () => {
  it('is PUBLIC_URL when set, whatever the request says', () => {
    expect(ownOrigin('https://rp.example.com', req('evil.example', '10.0.0.5', 3000))).toBe('https://rp.example.com');
  });

  it('never takes a foreign Host header: the address the request reached instead', () => {
    expect(ownOrigin(undefined, req('evil.example', '127.0.0.1', 3000))).toBe('http://127.0.0.1:3000');
    expect(ownOrigin(undefined, req('evil.example:3000', '192.168.1.20', 3000))).toBe('http://192.168.1.20:3000');
    expect(ownOrigin(undefined, req('localhost:3000', '192.168.1.20', 3000))).toBe('http://192.168.1.20:3000');
    expect(ownOrigin(undefined, req('127.0.0.1:9999', '127.0.0.1', 3000))).toBe('http://127.0.0.1:3000');
    expect(ownOrigin(undefined, req('127.0.0.1:3000/x@evil.example', '127.0.0.1', 3000))).toBe('http://127.0.0.1:3000');
    expect(ownOrigin(undefined, req(undefined, '::ffff:127.0.0.1', 3000))).toBe('http://127.0.0.1:3000');
    expect(ownOrigin(undefined, req('evil.example', '::1', 3000))).toBe('http://[::1]:3000');
  });

  it('keeps the Host header when it names that same address (localhost for loopback)', () => {
    expect(ownOrigin(undefined, req('localhost:3000', '127.0.0.1', 3000))).toBe('http://localhost:3000');
    expect(ownOrigin(undefined, req('LOCALHOST:3000', '127.0.0.1', 3000))).toBe('http://localhost:3000');
    expect(ownOrigin(undefined, req('192.168.1.20:3000', '::ffff:192.168.1.20', 3000))).toBe('http://192.168.1.20:3000');
    expect(ownOrigin(undefined, req('[::1]:3000', '::1', 3000))).toBe('http://[::1]:3000');
  });
});
