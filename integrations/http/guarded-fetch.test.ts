import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedAddressError, DeadlineError, guardedFetch } from './guarded-fetch';

/** A local server whose behaviour each test picks by path; records how each request ended. */
let server: Server;
let base: string;
const sockets = new Set<Socket>();
const seen: { path: string; headers: IncomingMessage['headers']; closedAt?: number }[] = [];
const timers = new Set<NodeJS.Timeout>();

const routes: Record<string, (res: ServerResponse) => void> = {
  '/ok': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
  // Headers at once, then a byte every 100 ms forever: never idle, never done.
  '/trickle': (res) => {
    res.writeHead(200);
    res.write('.');
    const t = setInterval(() => res.write('.'), 100);
    timers.add(t);
    res.on('close', () => clearInterval(t));
  },
  '/silent': () => {},
  // More than the cap at once, then the response stays open forever.
  '/big-then-hang': (res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('x'.repeat(2048));
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const entry: (typeof seen)[number] = { path: req.url ?? '', headers: req.headers };
    seen.push(entry);
    res.on('close', () => (entry.closedAt = Date.now()));
    (routes[req.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const t of timers) clearInterval(t);
  for (const s of sockets) s.destroy();
  await new Promise((r) => server.close(r));
});

const local = { allowLoopback: true };
const get = (path: string, extra: { timeoutMs?: number; maxBodyBytes?: number; headers?: Record<string, string>; signal?: AbortSignal } = {}) =>
  guardedFetch(`${base}${path}`, { method: 'GET', headers: extra.headers ?? {}, timeoutMs: extra.timeoutMs ?? 2000, ...extra }, local);
const lastSeen = (path: string) => seen.filter((s) => s.path === path).at(-1)!;

describe('guardedFetch', () => {
  it('returns status, headers and body of a normal answer', async () => {
    const res = await get('/ok');
    expect(res).toMatchObject({ status: 200, body: '{"ok":true}', truncated: false });
  });

  it('the deadline covers the body: a server that trickles forever is cut off at timeoutMs', async () => {
    const started = Date.now();
    await expect(get('/trickle', { timeoutMs: 500 })).rejects.toThrow(new DeadlineError('No complete response within 500 ms'));
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(450);
    expect(elapsed).toBeLessThan(1000);
    await expect.poll(() => lastSeen('/trickle').closedAt, { timeout: 1000 }).toBeDefined();
  });

  it('the deadline holds through garbage collections while the call is in flight (with a shutdown signal, as the worker calls it)', async () => {
    // Node's AbortSignal.timeout is held weakly by its timer, and AbortSignal.any holds its sources
    // weakly: a deadline built from them vanished at the next GC and a trickle then ran forever.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const collect = setInterval(gc, 50);
    try {
      const started = Date.now();
      await expect(get('/trickle', { timeoutMs: 600, signal: new AbortController().signal })).rejects.toBeInstanceOf(DeadlineError);
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      clearInterval(collect);
    }
  });

  it('the deadline covers waiting for the headers', async () => {
    const started = Date.now();
    await expect(get('/silent', { timeoutMs: 300 })).rejects.toBeInstanceOf(DeadlineError);
    expect(Date.now() - started).toBeLessThan(800);
  });

  it('stops reading and hangs up as soon as the body passes the cap', async () => {
    const started = Date.now();
    const res = await get('/big-then-hang', { maxBodyBytes: 1024, timeoutMs: 5000 });
    expect(Date.now() - started).toBeLessThan(1000); // not the 5 s deadline: it did not wait for the end
    expect(res).toMatchObject({ status: 200, truncated: true });
    expect(res.body).toBe('x'.repeat(1024));
    await expect.poll(() => lastSeen('/big-then-hang').closedAt, { timeout: 1000 }).toBeDefined();
  });

  it('a shutdown signal abandons the call with its own reason, not as a deadline', async () => {
    const shutdown = new AbortController();
    const call = get('/trickle', { timeoutMs: 5000, signal: shutdown.signal });
    setTimeout(() => shutdown.abort(new Error('worker shutting down')), 100);
    await expect(call).rejects.toThrow('worker shutting down');
  });

  it('drops Host, hop-by-hop and proxy headers the caller set; keeps the rest', async () => {
    await get('/ok', {
      headers: { host: 'internal.admin', 'proxy-authorization': 'Basic x', 'transfer-encoding': 'gzip', upgrade: 'websocket', 'x-api-key': 'k' },
    });
    const { headers } = lastSeen('/ok');
    expect(headers.host).toBe(new URL(base).host);
    expect(headers).not.toHaveProperty('proxy-authorization');
    expect(headers).not.toHaveProperty('upgrade');
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(headers['x-api-key']).toBe('k');
  });

  it('refuses a name that resolves to loopback without saying which address it resolved to', async () => {
    const port = new URL(base).port;
    const err: unknown = await guardedFetch(`http://localhost:${port}/ok`, { method: 'GET', headers: {}, timeoutMs: 2000 }, { allowLoopback: false }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BlockedAddressError);
    const { message, detail } = err as BlockedAddressError;
    expect(message).toBe(`Refused to call localhost:${port}: the host resolves to a private or loopback address. Webhooks may only call public addresses.`);
    expect(message).not.toMatch(/127\.0\.0\.1|::1/);
    expect(detail).toMatch(/127\.0\.0\.1|::1/); // for our logs
  });

  it('refuses IPv4-compatible IPv6 loopback even when loopback is allowed', async () => {
    const port = new URL(base).port;
    for (const host of ['[::127.0.0.1]', '[::7f00:1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::1]']) {
      await expect(guardedFetch(`http://${host}:${port}/ok`, { method: 'GET', headers: {}, timeoutMs: 2000 }, local), host).rejects.toBeInstanceOf(
        BlockedAddressError,
      );
    }
    expect(seen.filter((s) => s.path === '/ok' && s.headers.host?.startsWith('['))).toEqual([]);
  });
});
