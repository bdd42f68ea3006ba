import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, type Replypilot } from '../../bin/boot';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded';
import { HttpClient } from '../../tests/support/http-client';
import { freePort } from '../../tests/support/free-port';

/** A PostgreSQL of its own, so the test can stop it under a running web process. */
let dir: string;
let port: number;
let pg: EmbeddedDatabase;
let app: Replypilot;
let base: string;
const lines: { level: number; msg: string }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'replypilot-outage-'));
  port = await freePort();
  pg = await startEmbeddedPostgres({ dir, port, database: 'rp', settings: { fsync: 'off' } });
  const log = pino({ level: 'info' }, { write: (s: string) => lines.push(JSON.parse(s) as { level: number; msg: string }) });
  app = await boot({
    role: 'web',
    noUi: true,
    log,
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: pg.url,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      SESSION_SECRET: 'test-session-secret-test-session-secret-0123',
      APP_ENCRYPTION_KEY: '0'.repeat(64),
      ENABLE_TEST_LOGIN: 'true',
      FACEBOOK_APP_SECRET: 'outage-secret',
    },
  });
  base = app.web!.url.replace('localhost', '127.0.0.1');
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await pg?.stop().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

describe('while the database is down', () => {
  it('answers 503 with Retry-After (not a bare 500), logs it once, and recovers by itself', async () => {
    const c = new HttpClient(base);
    expect((await c.post('/api/auth/test-login', { email: 'outage@replypilot.app' })).status).toBe(200);
    expect((await c.get('/api/conversations')).status).toBe(200);

    await pg.stop();
    lines.length = 0;
    const down = [];
    for (let i = 0; i < 5; i++) down.push(await c.get('/api/conversations'));
    const login = await new HttpClient(base).post('/api/auth/login', { email: 'someone@example.com', password: 'whatever-long-1' });
    for (const res of [...down, login]) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.data.code).toBe('UNAVAILABLE');
    }
    // Six failed requests, one error line: logs do not grow with traffic during an outage.
    expect(lines.filter((l) => l.level >= 50 && l.msg.startsWith('database unavailable'))).toHaveLength(1);
    // The orchestrator's probes: out of rotation, not restarted.
    expect((await c.get('/api/health/ready')).status).toBe(503);
    expect((await c.get('/api/health/live')).status).toBe(200);

    pg = await startEmbeddedPostgres({ dir, port, database: 'rp', settings: { fsync: 'off' } });
    await expect.poll(async () => (await c.get('/api/conversations')).status, { timeout: 15_000, interval: 250 }).toBe(200);
    expect((await c.get('/api/health/ready')).status).toBe(200);
  }, 60_000);
});
