import express from 'express';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { authedRouter, atPrefixUnstripped, publicRouter } from './routers';

/** An app shaped like api/http/app.ts: public routes at the root, authed ones at their prefix, then /api 404s. */
async function withApp(check: (base: string) => Promise<void>) {
  const app = express();
  const authed = authedRouter('workspace:read');
  authed.get('/', (_req, res) => res.json({ ok: true }));
  authed.get('/:id', (_req, res) => res.json({ ok: true }));
  const open = publicRouter();
  open.get('/api/public', (_req, res) => res.json({ ok: true }));
  const fullPaths = authedRouter('workspace:read');
  fullPaths.get('/api/account/profile', (_req, res) => res.json({ ok: true }));
  app.use('/api/private', authed);
  app.use(atPrefixUnstripped('/api/account', fullPaths));
  app.use(open);
  app.use('/api', (_req, res) => res.status(404).json({ error: 'No route' }));
  app.use((err: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(err.status ?? 500).json({ error: 'x' });
  });
  const server = app.listen(0);
  try {
    await check(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.close();
  }
}

it('an authed router mounted at its prefix guards that prefix and nothing else', async () => {
  await withApp(async (base) => {
    expect((await fetch(`${base}/api/private`)).status).toBe(401);
    expect((await fetch(`${base}/api/private/123`)).status).toBe(401);
    expect((await fetch(`${base}/api/public`)).status).toBe(200);
    // A prefix that merely starts with another's name is not under it.
    expect((await fetch(`${base}/api/privateer`)).status).toBe(404);
  });
});

it('unknown /api paths outside every authed prefix answer 404, not 401', async () => {
  await withApp(async (base) => {
    const res = await fetch(`${base}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });
});

it('a full-path router mounted unstripped is guarded under its prefix only', async () => {
  await withApp(async (base) => {
    expect((await fetch(`${base}/api/account/profile`)).status).toBe(401);
    expect((await fetch(`${base}/API/Account/profile`)).status).toBe(401);
    expect((await fetch(`${base}/api/accounts/connected`)).status).toBe(404);
    expect((await fetch(`${base}/api/public`)).status).toBe(200);
  });
});
