import express from 'express';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { authedRouter, publicRouter } from './routers';

it('an authed router guards its own routes and lets other paths through', async () => {
  const app = express();
  const authed = authedRouter();
  authed.get('/api/private', (_req, res) => res.json({ ok: true }));
  const open = publicRouter();
  open.get('/api/public', (_req, res) => res.json({ ok: true }));
  app.use(authed);
  app.use(open);
  app.use((err: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(err.status ?? 500).end();
  });
  const server = app.listen(0);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    expect((await fetch(`${base}/api/private`)).status).toBe(401);
    expect((await fetch(`${base}/api/public`)).status).toBe(200);
  } finally {
    server.close();
  }
});
