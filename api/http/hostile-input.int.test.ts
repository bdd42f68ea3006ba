import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keywordTrigger } from '../../tests/support/flows';
import type { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';

/** Hostile input gets a clear 4xx, never a 500. */
let t: TestApp;
let w: Awaited<ReturnType<typeof newWorkspaceUser>>;
beforeAll(async () => {
  t = await startTestApp();
  w = await newWorkspaceUser(t.baseUrl);
});
afterAll(async () => {
  await t.stop();
});

const json = { 'content-type': 'application/json' };
const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const raw = (c: HttpClient, method: string, path: string, body: string, headers: Record<string, string> = json) => c.request(method, path, { body, headers });
const flowWithConfig = (configJson: string) =>
  `{"name":"deep","flowData":{"nodes":[${JSON.stringify(keywordTrigger(['x'])).replace('"config":{', `"config":{"deep":${configJson},`)}],"edges":[]}}`;

describe('NUL bytes and lone surrogates answer 400 naming the field', () => {
  it.each([
    ['login email (unauthenticated)', '/api/auth/login', { email: 'x\u0000y@example.com', password: 'whatever1' }, 'email'],
    ['newsletter email (unauthenticated)', '/api/newsletter/subscribe', { email: 'x\u0000y@example.com' }, 'email'],
    ['register first name', '/api/auth/register', { firstName: 'A\ud800', email: 'nul@example.com', password: 'long-enough-1' }, 'firstName'],
    ['flow name', '/api/flows', { name: 'a\u0000b', flowData: { nodes: [], edges: [] } }, 'name'],
    [
      'a string deep in a node config',
      '/api/flows',
      { name: 'n', flowData: { nodes: [keywordTrigger(['ok', 'k\udc00'])], edges: [] } },
      'flowData.nodes.0.data.config.keywords.1',
    ],
    [
      'a key in a node config',
      '/api/flows',
      { name: 'n', flowData: { nodes: [{ ...keywordTrigger([]), data: { kind: 'trigger', config: { 'k\u0000': 1 } } }], edges: [] } },
      'flowData.nodes.0.data.config.k\u0000',
    ],
  ])('%s', async (_name, path, body, field) => {
    const res = await w.client.post(path, body);
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ code: 'BAD_REQUEST', error: expect.stringMatching(/NUL|surrogate/) });
    expect(res.data.details[0].path).toBe(field);
  });

  it('a simulated DM with a lone surrogate is refused with the one field named', async () => {
    const res = await w.client.post('/api/simulator/messages', {
      accountId: w.instagram.id,
      contact: { externalUserId: 'u', name: 'n', username: 'u' },
      text: 'bad \ud800',
    });
    expect(res.status).toBe(400);
    expect(res.data.details).toEqual([{ path: 'text', message: 'Text must not contain unpaired UTF-16 surrogates' }]);
  });

  it('in a path parameter or a query value', async () => {
    const param = await w.client.get('/api/social-accounts/instagram/profile/%00');
    expect(param.status).toBe(400);
    expect(param.data.details).toEqual([{ path: 'url', message: 'URL path: Text must not contain NUL characters (U+0000)' }]);
    const query = await w.client.get('/api/conversations?search=a%00b');
    expect(query.status).toBe(400);
    expect(query.data.details[0].path).toBe('search');
  });
});

describe('client errors from Express and its parsers keep their 4xx', () => {
  it('a malformed %ff in a path is 400, not 500', async () => {
    const res = await w.client.get('/api/flows/%ff');
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ code: 'BAD_REQUEST', error: 'Malformed URL: invalid percent-encoding' });
  });

  it('a body that is not gzip under Content-Encoding: gzip is 400; a real gzip body still works', async () => {
    const bad = await raw(w.client, 'POST', '/api/comment-rules', 'notgzip', { ...json, 'content-encoding': 'gzip' });
    expect(bad.status).toBe(400);
    expect(bad.data.code).toBe('BAD_REQUEST');
    expect(bad.data.error).toMatch(/decompress/);
    const good = await w.client.request('POST', '/api/newsletter/subscribe', {
      body: gzipSync(JSON.stringify({ email: 'gzip@example.com' })) as unknown as string,
      headers: { ...json, 'content-encoding': 'gzip' },
    });
    expect(good.status).toBeLessThan(300);
  });
});

describe('free-form JSON is bounded in depth and size', () => {
  it.each([5_000, 100_000])('a node config nested %i levels is 400 on save and on validate', async (levels) => {
    for (const path of ['/api/flows', '/api/flows/validate']) {
      const res = await raw(w.client, 'POST', path, flowWithConfig(deepObject(levels)));
      expect(res.status, path).toBe(400);
      expect(res.data.error, path).toMatch(/Nested more than/);
    }
  });

  it('a config just past the contract bound (25 levels) names the field; 15 levels still saves', async () => {
    for (const path of ['/api/flows', '/api/flows/validate']) {
      const res = await raw(w.client, 'POST', path, flowWithConfig(deepObject(25)));
      expect(res.status, path).toBe(400);
      expect(res.data.details[0]).toMatchObject({
        path: expect.stringMatching(/^flowData\.nodes\.0\.data\.config\.deep(\.a)+$/),
        message: 'Nested more than 20 levels deep',
      });
    }
    expect((await raw(w.client, 'POST', '/api/flows', flowWithConfig(deepObject(15)))).status).toBe(201);
  });

  it('a config over the size bound is 400', async () => {
    const res = await raw(w.client, 'POST', '/api/flows', flowWithConfig(JSON.stringify('x'.repeat(70_000))));
    expect(res.status).toBe(400);
    expect(res.data.details[0]).toEqual({ path: 'flowData.nodes.0.data.config', message: 'Larger than 64,000 characters' });
  });
});

describe('a body that is not JSON gets a clear answer', () => {
  it.each(['text/plain', 'application/vnd.api+json', 'application/x-www-form-urlencoded'])(
    '%s is 415 "Content-Type must be application/json"',
    async (type) => {
      const res = await raw(w.client, 'POST', '/api/comment-rules', JSON.stringify({ platform: 'instagram', keywords: ['a'], responseTemplate: 'b' }), {
        'content-type': type,
      });
      expect(res.status).toBe(415);
      expect(res.data).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', error: 'Content-Type must be application/json' });
    },
  );

  it('bodyless POSTs still work, with or without a content type', async () => {
    const unknownRun = '00000000-0000-4000-8000-000000000000';
    expect((await w.client.request('POST', `/api/runs/${unknownRun}/cancel`)).status).toBe(404);
    expect((await w.client.request('POST', `/api/runs/${unknownRun}/cancel`, { body: '', headers: { 'content-type': 'text/plain' } })).status).toBe(404);
    const other = await newWorkspaceUser(t.baseUrl);
    expect((await other.client.request('POST', '/api/logout')).status).toBeLessThan(400);
  });
});
