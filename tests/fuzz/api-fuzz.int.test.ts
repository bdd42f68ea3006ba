import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { fuzzEnv, seedFuzzWorkspace, signatureHeaders } from './fixtures';
import { fieldCases, genericCases, genericSample, hostileParams, hostileQueries, type FuzzCase } from './mutations';
import { fillParams, listRoutes } from './routes';

/**
 * The API answers hostile input with a 4xx, never a 5xx (NUL bytes, lone surrogates, deep JSON, parser errors, non-JSON bodies).
 * Every POST/PUT/PATCH route of the running app gets malformed and non-object bodies, wrong content
 * types, and each field of a valid sample swapped for NUL bytes, lone surrogates, wrong types, huge
 * and deeply nested values; every route with a `:param` or a query gets hostile ones there.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: fuzzEnv });
});
afterAll(async () => {
  await t?.stop();
});

interface Failure {
  route: string;
  url: string;
  label: string;
  status: number;
  answer: string;
}

it('answers every hostile request to every route with a status below 500', { timeout: 180_000 }, async () => {
  const fixture = await seedFuzzWorkspace(t);
  const routes = listRoutes(t.app.web!.server);
  const failures: Failure[] = [];
  let sent = 0;
  const covered = new Set<string>();

  let client = await fixture.signIn();
  for (const route of routes) {
    const name = `${route.method} ${route.path}`;
    // Some routes end or switch the session (logout, login, register): sign in again when they did.
    if ((await client.get('/api/auth/user')).data?.email !== fixture.email) client = await fixture.signIn();
    const url = fillParams(route.path, fixture.paramValue);
    const jobs: { url: string; c: FuzzCase }[] = [];
    if (['POST', 'PUT', 'PATCH'].includes(route.method)) {
      const sample = (fixture.samples[name] ?? genericSample) as Parameters<typeof fieldCases>[0];
      for (const c of [...genericCases(sample), ...fieldCases(sample)]) jobs.push({ url, c });
    }
    for (const [label, value] of route.path.includes(':') ? hostileParams : []) {
      jobs.push({ url: fillParams(route.path, () => value), c: { label: `param ${label}`, body: route.method === 'GET' ? undefined : '{}' } });
    }
    if (route.method === 'GET') for (const [label, q] of hostileQueries) jobs.push({ url: `${url}?${q}`, c: { label } });
    if (jobs.length === 0) continue;
    covered.add(name);

    await inParallel(jobs, 8, async ({ url: target, c }) => {
      const headers: Record<string, string> = { ...c.headers };
      if (c.body !== undefined) headers['content-type'] = c.contentType ?? 'application/json';
      Object.assign(headers, signatureHeaders(route.path, c.body ?? ''));
      const res = await client.request(route.method, target, { ...(c.body !== undefined ? { body: c.body } : {}), headers });
      sent += 1;
      if (res.status >= 500) failures.push({ route: name, url: target.slice(0, 120), label: c.label, status: res.status, answer: res.text.slice(0, 200) });
    });
  }

  console.log(`API fuzz: ${covered.size} routes, ${sent} requests, ${failures.length} answered 5xx`);
  expect(routes.filter((r) => r.method !== 'GET' && r.method !== 'DELETE').length).toBeGreaterThan(20);
  // One line per failing route + payload, so a regression names what to fix.
  const report = failures.map((f) => `${f.status} ${f.route} [${f.label}] ${f.url} → ${f.answer}`);
  expect(report).toEqual([]);
});

async function inParallel<T>(items: T[], width: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}
