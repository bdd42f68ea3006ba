import type pg from 'pg';
import type { DatabaseHealthResponse, HealthResponse, ReadinessResponse } from '../../../contracts/health';
import { pendingMigrations } from '../../../db/migrate';
import { pingDatabase } from '../../../db/ping-database';
import type { ReadRouter } from '../../../db/read-replica';
import { publicRouter } from '../../http/routers';

export interface HealthDeps {
  pool: pg.Pool;
  /** The read replica, if any: its lag is part of the database's health. */
  reads?: ReadRouter;
  role: HealthResponse['role'];
  dbMode: DatabaseHealthResponse['mode'];
  version: string;
}

export function healthRoutes({ pool, reads, role, dbMode, version }: HealthDeps) {
  const router = publicRouter();
  const started = performance.now();

  router.get('/api/health', (_req, res) => {
    const body: HealthResponse = {
      status: 'ok',
      role,
      uptimeSeconds: Math.round((performance.now() - started) / 1000),
      version,
    };
    res.json(body);
  });

  // Orchestrators' probes. Live: the process answers (restart it if not). Ready: it can serve, the
  // database answering with every migration of this version applied (send it traffic if so).
  router.get('/api/health/live', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  router.get('/api/health/ready', async (_req, res) => {
    let body: ReadinessResponse;
    try {
      const pending = await pendingMigrations(pool);
      body = { ready: pending === 0, database: true, migrations: { applied: pending === 0, pending } };
    } catch (err) {
      body = { ready: false, database: false, migrations: null, error: err instanceof Error ? err.message : String(err) };
    }
    res
      .status(body.ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(body);
  });

  router.get('/api/health/database', async (_req, res) => {
    const t0 = performance.now();
    try {
      await pingDatabase(pool);
      const body: DatabaseHealthResponse = {
        connected: true,
        database: 'postgresql',
        mode: dbMode,
        latencyMs: Math.round((performance.now() - t0) * 100) / 100,
        ...(reads?.configured ? { replica: await reads.health() } : {}),
      };
      res.json(body);
    } catch (err) {
      const body: DatabaseHealthResponse = {
        connected: false,
        database: 'postgresql',
        mode: dbMode,
        error: err instanceof Error ? err.message : String(err),
      };
      res.status(503).json(body);
    }
  });
  return router;
}
