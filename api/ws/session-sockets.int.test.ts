import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { boot, type Replypilot } from '../../bin/boot';
import { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../tests/support/workspace';
import { SESSION_ENDED_CLOSE_CODE } from './ws-server';

// A socket opened before logout kept receiving the workspace's events.
let t: TestApp;
let second: Replypilot;
let secondUrl: string;
beforeAll(async () => {
  t = await startTestApp();
  // Another web process on the same database, as with `docker compose` (web ×2).
  second = await boot({
    role: 'web',
    noUi: true,
    log: pino({ level: 'silent' }),
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: t.db.url,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'replypilot-web2-')),
      SESSION_SECRET: 'test-session-secret-test-session-secret-0123',
      APP_ENCRYPTION_KEY: '0'.repeat(64),
      ACCOUNT_HEALTH_INTERVAL_MINUTES: '0',
    },
  });
  secondUrl = (second.web?.url ?? '').replace('localhost', '127.0.0.1');
});
afterAll(async () => {
  await second?.stop();
  await t?.stop();
});

interface Live {
  ws: WebSocket;
  events: string[];
  closed: Promise<{ code: number; at: number }>;
}
function live(baseUrl: string, cookie: string): Promise<Live> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, { headers: { cookie } });
  const events: string[] = [];
  ws.on('message', (d) => {
    const msg = JSON.parse(d.toString()) as { type: string; event?: { type: string } };
    if (msg.type === 'event' && msg.event) events.push(msg.event.type);
  });
  const closed = new Promise<{ code: number; at: number }>((resolve) => ws.once('close', (code) => resolve({ code, at: Date.now() })));
  return new Promise((resolve, reject) => {
    ws.once('message', () => resolve({ ws, events, closed })); // the hello
    ws.once('error', reject);
  });
}
async function signIn(baseUrl: string, email: string, password = 'secret12') {
  const c = new HttpClient(baseUrl);
  expect((await c.post('/api/auth/login', { email, password })).status).toBe(200);
  return c;
}
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

describe('sockets of ended sessions are closed', () => {
  it('logout closes that session’s socket within 2 s; it gets no later events, the other session’s does', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Sock');
    const email = (await owner.client.get('/api/auth/user')).data.email as string;
    const other = await signIn(t.baseUrl, email);
    const mine = await live(t.baseUrl, owner.client.cookieHeader);
    const theirs = await live(t.baseUrl, other.cookieHeader);

    const loggedOutAt = Date.now();
    expect((await owner.client.post('/api/logout')).status).toBe(200);
    const closed = await within(mine.closed, 2000);
    expect(closed.code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(closed.at - loggedOutAt).toBeLessThan(2000);

    await other.post('/api/simulator/messages', { accountId: owner.messenger.id, contact: maya, text: 'after logout' });
    await expect.poll(() => theirs.events, { timeout: 10_000 }).toContain('message.created');
    expect(mine.events).toEqual([]);
    expect(theirs.ws.readyState).toBe(WebSocket.OPEN);
    theirs.ws.close();
  });

  it('a password change closes the other sessions’ sockets and keeps this one’s', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Pwd');
    const email = (await owner.client.get('/api/auth/user')).data.email as string;
    const other = await signIn(t.baseUrl, email);
    const mine = await live(t.baseUrl, owner.client.cookieHeader);
    const theirs = await live(t.baseUrl, other.cookieHeader);

    const res = await owner.client.post('/api/account/password', { currentPassword: 'secret12', newPassword: 'a-much-better-one-8' });
    expect(res.status).toBe(200);
    expect((await within(theirs.closed, 2000)).code).toBe(SESSION_ENDED_CLOSE_CODE);

    await owner.client.post('/api/simulator/messages', { accountId: owner.messenger.id, contact: maya, text: 'still live' });
    await expect.poll(() => mine.events, { timeout: 10_000 }).toContain('message.created');
    expect(theirs.events).toEqual([]);
    expect(mine.ws.readyState).toBe(WebSocket.OPEN);
    mine.ws.close();
  });

  it('closes the socket on another web process too (NOTIFY, not memory)', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Multi');
    const onSecond = await live(secondUrl, owner.client.cookieHeader);
    expect((await owner.client.post('/api/logout')).status).toBe(200);
    expect((await within(onSecond.closed, 2000)).code).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('account deletion closes its sockets', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'Gone');
    const s = await live(t.baseUrl, owner.client.cookieHeader);
    const res = await owner.client.request('DELETE', '/api/account', { json: { confirmation: 'DELETE', password: 'secret12' } });
    expect(res.status).toBe(200);
    expect((await within(s.closed, 2000)).code).toBe(SESSION_ENDED_CLOSE_CODE);
  });
});
