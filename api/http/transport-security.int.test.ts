import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, type Replypilot } from '../../bin/boot';
import { HttpClient } from '../../tests/support/http-client';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';

/**
 * What PUBLIC_URL's scheme switches: a production deployment over plain
 * http (the docker compose default, http://localhost:8080 behind nginx) keeps people signed in
 * with a non-Secure cookie, warns at boot, and sends neither HSTS nor `upgrade-insecure-requests`;
 * over https all three are on.
 */
interface Booted {
  app: Replypilot;
  db: TestDatabase;
  dataDir: string;
  url: string;
  logs: { level: number; msg: string }[];
}

async function bootProduction(publicUrl: string): Promise<Booted> {
  const db = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'replypilot-tls-'));
  const logs: Booted['logs'] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => logs.push(JSON.parse(line) as Booted['logs'][number]) });
  let app: Replypilot;
  try {
    app = await boot({
      role: 'web',
      noUi: true,
      log,
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: db.url,
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: '1',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SESSION_SECRET: 'test-session-secret-test-session-secret-0123',
        APP_ENCRYPTION_KEY: '0'.repeat(64),
        AUTH_RATE_LIMIT_PER_15_MIN: '10000',
        ACCOUNT_HEALTH_INTERVAL_MINUTES: '0',
      },
    });
  } catch (err) {
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  return { app, db, dataDir, url: app.web!.url.replace('localhost', '127.0.0.1'), logs };
}

async function stop(b: Booted | undefined) {
  if (!b) return;
  await b.app.stop();
  await b.db.drop();
  await rm(b.dataDir, { recursive: true, force: true });
}

describe('production behind an http-only proxy (PUBLIC_URL http://localhost:8080)', () => {
  let b: Booted;
  beforeAll(async () => {
    b = await bootProduction('http://localhost:8080');
  });
  afterAll(() => stop(b));

  // The headers deploy/nginx.conf sends for a browser on http://localhost:8080.
  const viaNginx = { host: 'localhost:8080', 'x-forwarded-proto': 'http', origin: 'http://localhost:8080' };

  it('signs in with a non-Secure cookie and stays signed in', async () => {
    const c = new HttpClient(b.url, viaNginx);
    const reg = await c.post('/api/auth/register', { firstName: 'Prod', email: 'prod-http@example.com', password: 'prodpass1' });
    expect(reg.status).toBe(201);
    const cookie = reg.headers.getSetCookie().find((x) => x.startsWith('rp.sid='));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/);
    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.data.email).toBe('prod-http@example.com');
  });

  it('warned at boot that the deployment is plain http', () => {
    const warning = b.logs.find((l) => /is plain http/.test(l.msg));
    expect(warning?.level).toBe(40);
  });

  it('sends no HSTS and no upgrade-insecure-requests', async () => {
    const res = await fetch(`${b.url}/api/health`, { headers: viaNginx });
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('production behind TLS (PUBLIC_URL https://rp.example.com)', () => {
  let b: Booted;
  beforeAll(async () => {
    b = await bootProduction('https://rp.example.com');
  });
  afterAll(() => stop(b));

  const viaTls = { host: 'rp.example.com', 'x-forwarded-proto': 'https', origin: 'https://rp.example.com' };

  it('sets a Secure cookie and sends HSTS and upgrade-insecure-requests', async () => {
    const c = new HttpClient(b.url, viaTls);
    const reg = await c.post('/api/auth/register', { firstName: 'Tls', email: 'prod-tls@example.com', password: 'prodpass1' });
    expect(reg.status).toBe(201);
    expect(reg.headers.getSetCookie().find((x) => x.startsWith('rp.sid='))).toMatch(/;\s*Secure/i);
    expect(reg.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(reg.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    expect((await c.get('/api/auth/user')).status).toBe(200);
    expect(b.logs.filter((l) => /PUBLIC_URL|TRUST_PROXY/.test(l.msg))).toEqual([]);
  });

  it('says once, instead of failing silently, when a sign-in arrives as plain http', async () => {
    const plain = { ...viaTls, 'x-forwarded-proto': 'http' };
    for (const email of ['plain-1@example.com', 'plain-2@example.com']) {
      const reg = await new HttpClient(b.url, plain).post('/api/auth/register', { firstName: 'P', email, password: 'prodpass1' });
      expect(reg.status).toBe(201);
      // express-session will not put a Secure cookie on an insecure request: that is the misconfiguration.
      expect(reg.headers.getSetCookie().find((x) => x.startsWith('rp.sid='))).toBeUndefined();
    }
    const warnings = b.logs.filter((l) => /arrived as http:\/\/ although PUBLIC_URL is https/.test(l.msg));
    expect(warnings).toHaveLength(1);
  });
});
