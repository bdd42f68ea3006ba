import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../../tests/fuzz/routes';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { openApiPath } from './openapi';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

/**
 * The OpenAPI document against the app's REAL route table (Express's router stack walked by
 * tests/fuzz/routes.ts): a v1 route missing from the document, or a document entry with no route,
 * fails here.
 */
describe('GET /api/v1/openapi.json', () => {
  it('is OpenAPI 3.1 naming exactly the routes under /api/v1, each with its scope', async () => {
    const res = await fetch(`${t.baseUrl}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { security: { apiKey: string[] }[] }>> };
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.security[0]!.apiKey[0]}`))
      .sort();
    const served = listRoutes(t.app.web!.server)
      .filter((r) => r.path.startsWith('/api/v1/') && r.keyed)
      .map((r) => `${r.method} ${openApiPath(r.path.slice('/api/v1'.length))} ${r.scopes[0]}`)
      .sort();
    expect(served.length).toBeGreaterThan(10);
    expect(documented).toEqual(served);
  });
});
