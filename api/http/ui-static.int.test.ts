import express from 'express';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../bin/precompress.vite-plugin';
import { errorHandler } from './errors';
import { mountUi } from './ui';

/**
 * The built UI as `npm start` serves it: precompressed .br/.gz chosen by Accept-Encoding,
 * immutable hashed assets, a revalidated index.html, and a plain 404 (no 500, no error log) for a
 * missing asset — the stale index.html after every deploy asks for those.
 */
let dir: string;
let server: Server;
let base: string;
const errorLogs: unknown[] = [];

const appJs = `export const greeting = ${JSON.stringify('hello replypilot '.repeat(400))};\n`;
const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/app-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'replypilot-ui-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), indexHtml);
  await writeFile(path.join(dir, 'assets/app-Ab12Cd34.js'), appJs);
  await writeFile(path.join(dir, 'assets/app-Ab12Cd34.css'), `body{color:red}${'.x{margin:0}'.repeat(200)}`);
  await writeFile(path.join(dir, 'assets/tiny-Zz99.js'), 'export {};\n');
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dir, '.build-info.json'), '{}');
  const stats = await precompressDir(dir);
  expect(stats.files).toBe(3); // index.html, app js, app css; the tiny ones are not worth it

  const app = express();
  app.use('/api', (_req, res) => res.status(404).json({ error: 'api' }));
  await mountUi(app, 'static', dir);
  app.use(errorHandler({ error: (obj) => errorLogs.push(obj) }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** node's fetch would decode (and hide) Content-Encoding; read the raw bytes instead. */
async function get(urlPath: string, headers: Record<string, string> = {}) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    // The raw path as written: a URL object would normalise %2e%2e away before sending.
    const { hostname, port } = new URL(base);
    const req = request({ hostname, port, path: urlPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('hashed assets', () => {
  it('serve brotli when the browser accepts it', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(appJs.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(appJs);
  });

  it('serve gzip when brotli is not accepted', async () => {
    const res = await get('/assets/app-Ab12Cd34.css', { 'accept-encoding': 'gzip, br;q=0' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(res.body).toString()).toMatch(/^body\{color:red\}/);
  });

  it('serve the plain file to a client that accepts no compression', async () => {
    const variants: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': '*;q=0, identity' }];
    for (const headers of variants) {
      const res = await get('/assets/app-Ab12Cd34.js', headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.body.toString()).toBe(appJs);
    }
  });

  it('serve a file too small to compress as is, still immutable', async () => {
    const res = await get('/assets/tiny-Zz99.js', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.toString()).toBe('export {};\n');
  });

  it('revalidate with a per-encoding ETag', async () => {
    const br = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br' });
    const gz = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).toBeDefined();
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    const again = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('answer 404 without an error log for missing, traversing or undecodable paths', async () => {
    const paths = [
      '/assets/index-doesnotexist.js',
      '/assets/',
      '/assets/..%2f..%2f..%2fpackage.json',
      '/assets/..%2findex.html',
      '/assets/%2e%2e/index.html',
      '/assets/%ff',
      '/assets/app-Ab12Cd34.js%00.png',
    ];
    for (const p of paths) {
      const res = await get(p, { 'accept-encoding': 'br' });
      expect(res.status, p).toBe(404);
      expect(res.headers['content-encoding'], p).toBeUndefined();
      expect(res.body.toString(), p).not.toContain('<div id="root">');
    }
    expect(errorLogs).toEqual([]);
  });
});

describe('index.html and public files', () => {
  it('the SPA fallback sends index.html compressed and never cached stale', async () => {
    const res = await get('/dashboard/settings', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toBe(indexHtml);
  });

  it('public files are revalidated, and dotfiles are not served', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('no-cache');
    const info = await get('/.build-info.json');
    expect(info.headers['content-type']).toBe('text/html; charset=utf-8'); // the SPA, not the file
  });

  it('leaves /api to the API', async () => {
    const res = await get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.toString()).toBe('{"error":"api"}');
  });
});
