import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { HttpClient } from '../../../tests/support/http-client';
import { useTestApp } from '../../../tests/support/use-test-app';

// PUBLIC_STATS is not set: the default. (With it on, db/figures/glossary-figures.int.test.ts checks
// the counts against every other page's.)
const app = useTestApp();

it('GET /api/stats/public says the counts are off unless the operator turned PUBLIC_STATS on, and counts nothing', async () => {
  const owner = await app.signIn();
  await owner.client.post('/api/leads', { name: 'A lead' });
  const res = await new HttpClient(app.t.baseUrl).get('/api/stats/public');
  expect(res.status).toBe(200);
  expect(res.data).toEqual({ enabled: false });
});

it('PUBLIC_STATS is documented, off by default, in .env.example and the README table', () => {
  const root = new URL('../../../', import.meta.url);
  expect(readFileSync(new URL('.env.example', root), 'utf8')).toMatch(/^# PUBLIC_STATS=false$/m);
  expect(readFileSync(new URL('README.md', root), 'utf8')).toMatch(/`PUBLIC_STATS` \(false; the landing page's instance-wide counts/);
});
