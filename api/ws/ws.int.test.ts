import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HttpClient } from '../../tests/support/http-client';
import { ANONYMOUS_WS_PER_ADDRESS_PER_MINUTE } from './anonymous-upgrades';
import { startTestApp, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

function open(headers: Record<string, string> = {}, localAddress?: string): Promise<{ ws: WebSocket; next: () => Promise<Record<string, unknown>> }> {
  const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/ws`, { headers, ...(localAddress ? { localAddress } : {}) });
  const queue: Record<string, unknown>[] = [];
  const waiters: ((m: Record<string, unknown>) => void)[] = [];
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as Record<string, unknown>;
    const w = waiters.shift();
    if (w) w(msg);
    else queue.push(msg);
  });
  const next = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const m = queue.shift();
      if (m) return resolve(m);
      const timer = setTimeout(() => reject(new Error('no message within 3 s')), 3000);
      waiters.push((msg) => {
        clearTimeout(timer);
        resolve(msg);
      });
    });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, next }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode} retry-after=${res.headers['retry-after'] ?? ''}`)));
    ws.once('error', reject);
  });
}

async function signedInHeaders() {
  const c = new HttpClient(t.baseUrl);
  await c.post('/api/auth/test-login');
  return { cookie: c.cookieHeader };
}

it('answers ping with pong, as text or JSON', async () => {
  const { ws, next } = await open(await signedInHeaders());
  expect(await next()).toEqual({ type: 'hello', authenticated: true });
  ws.send('ping');
  expect(await next()).toMatchObject({ type: 'pong' });
  ws.send(JSON.stringify({ type: 'ping' }));
  expect(await next()).toMatchObject({ type: 'pong' });
  ws.close();
});

it('answers nonsense with an error message and stays open', async () => {
  const { ws, next } = await open(await signedInHeaders());
  await next();
  ws.send('{not json');
  expect(await next()).toMatchObject({ type: 'error' });
  ws.send(JSON.stringify({ type: 'subscribe-everything' }));
  expect(await next()).toEqual({ type: 'error', error: 'Unknown message type' });
  ws.send('ping');
  expect(await next()).toMatchObject({ type: 'pong' });
  ws.close();
});

it('knows a signed-in browser by its session cookie', async () => {
  const c = new HttpClient(t.baseUrl);
  await c.post('/api/auth/test-login');
  const { ws, next } = await open({ cookie: c.cookieHeader });
  expect(await next()).toEqual({ type: 'hello', authenticated: true });
  ws.close();
});

it('refuses an upgrade from another origin (cross-site WebSocket hijacking)', async () => {
  await expect(open({ origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
});

it('says hello to a signed-out socket and closes it, so anonymous clients cannot pile up sockets', async () => {
  const { ws, next } = await open();
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  expect(await next()).toEqual({ type: 'hello', authenticated: false });
  expect(await closed).toBe(4003);
});

it(`limits signed-out upgrades per address (${ANONYMOUS_WS_PER_ADDRESS_PER_MINUTE} a minute), not other addresses or signed-in browsers`, async () => {
  for (let i = 0; i < ANONYMOUS_WS_PER_ADDRESS_PER_MINUTE; i++) {
    const { ws, next } = await open({}, '127.0.0.2');
    expect(await next()).toEqual({ type: 'hello', authenticated: false });
    ws.terminate();
  }
  await expect(open({}, '127.0.0.2')).rejects.toThrow(/^HTTP 429 retry-after=\d+$/);
  const elsewhere = await open({}, '127.0.0.3');
  expect(await elsewhere.next()).toEqual({ type: 'hello', authenticated: false });
  elsewhere.ws.terminate();
  const signedIn = await open(await signedInHeaders(), '127.0.0.2');
  expect(await signedIn.next()).toEqual({ type: 'hello', authenticated: true });
  signedIn.ws.close();
});

it('tells open browsers to refetch after its LISTEN connection comes back', async () => {
  const { ws, next } = await open(await signedInHeaders());
  await next();
  // Drop the web process's LISTEN connection, as a database restart would.
  const { rows } = await t.app.database.pool.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) await t.app.database.pool.query('select pg_terminate_backend($1)', [r.pid]);
  const resync = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no resync within 8 s')), 8000);
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as Record<string, unknown>;
      if (msg.type === 'resync') {
        clearTimeout(timer);
        resolve(msg);
      }
    });
  });
  expect(resync).toEqual({ type: 'resync' });
  ws.close();
});
