import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketDirFor, startEmbeddedPostgres } from './embedded';
import { freePort } from '../tests/support/free-port';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'replypilot-embedded-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function canConnect(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

describe('embedded PostgreSQL superuser password', () => {
  it('is generated per data dir, kept private, and a cluster with the old default gets a new one', async () => {
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dir, port, database: 'rp' });
    const password = new URL(first.url).password;
    expect(password).toMatch(/^[0-9a-f]{48}$/);
    expect((await stat(path.join(dir, 'pg-password'))).mode & 0o777).toBe(0o600);
    const legacyUrl = `postgres://postgres:postgres@127.0.0.1:${port}/rp`;
    expect(await canConnect(legacyUrl)).toBe(false);

    // Put the cluster back on the well-known password, as clusters made before this change are.
    const c = new pg.Client({ connectionString: first.url });
    await c.connect();
    await c.query(`alter user postgres with password 'postgres'`);
    await c.end();
    await first.stop();
    await rm(path.join(dir, 'pg-password'));

    const second = await startEmbeddedPostgres({ dir, port, database: 'rp' });
    try {
      expect(new URL(second.url).password).not.toBe(password);
      expect(await canConnect(second.url)).toBe(true);
      expect(await canConnect(legacyUrl)).toBe(false);
    } finally {
      await second.stop();
    }
  }, 60_000);
});

describe('embedded PostgreSQL connections', () => {
  it('go over a Unix socket in a private directory (password still asked); TCP on 127.0.0.1 stays open', async () => {
    const port = await freePort();
    const db = await startEmbeddedPostgres({ dir, port, database: 'rp' });
    try {
      const socketDir = path.join(dir, 'socket');
      expect(db.url).toContain(encodeURIComponent(socketDir));
      expect((await stat(socketDir)).mode & 0o777).toBe(0o700);
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      // A Unix-socket session has no client address.
      expect((await c.query<{ addr: string | null }>('select inet_client_addr()::text as addr')).rows[0]!.addr).toBeNull();
      await c.end();
      const wrongPassword = db.url.replace(new URL(db.url).password, 'not-the-password');
      expect(await canConnect(wrongPassword)).toBe(false);
      const tcp = db.url.replace(encodeURIComponent(socketDir), '127.0.0.1');
      expect(await canConnect(tcp)).toBe(true);
    } finally {
      await db.stop();
    }
  }, 60_000);

  it('fall back to TCP when the socket path would be too long for the kernel or cannot pass through pg_ctl', () => {
    expect(socketDirFor('/var/lib/replypilot', 5432)).toBe('/var/lib/replypilot/socket');
    expect(socketDirFor(`/${'d'.repeat(90)}`, 5432)).toBeUndefined();
    expect(socketDirFor('/home/me/my data', 5432)).toBeUndefined();
  });
});
