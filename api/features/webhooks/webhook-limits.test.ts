import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldUpload } from '../../../tests/support/held-upload';
import { rawRequest } from '../../../tests/support/raw-http';
import { errorHandler } from '../../http/errors';
import { META_SIGNATURE_FORMAT, signedRawBody, webhookBytesInFlight, webhookSourceBytesInFlight } from './webhook-limits';

// The body reader on a real HTTP server, with a short deadline so its expiry can be watched.
const DEADLINE_MS = 300;
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  const app = express();
  app.post(
    '/hook',
    signedRawBody({ headers: ['x-hub-signature-256'], format: META_SIGNATURE_FORMAT, limitBytes: 64 * 1024, deadlineMs: DEADLINE_MS }),
    (req, res) => {
      res.json({ bytes: (req.body as Buffer).length, text: (req.body as Buffer).toString('utf8').slice(0, 20) });
    },
  );
  app.use(errorHandler(pino({ level: 'silent' })));
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const signature = { 'x-hub-signature-256': `sha256=${'a'.repeat(64)}` };

describe('signedRawBody', () => {
  it('answers 408 to an upload still arriving at its deadline, closes the connection, and gives back what it held', async () => {
    const started = performance.now();
    const upload = heldUpload(baseUrl, { path: '/hook', headers: signature, declared: 32 * 1024, first: 1000, trickleMs: 50, from: '127.0.0.9' });
    await expect.poll(() => webhookSourceBytesInFlight('127.0.0.9')).toBe(32 * 1024);
    expect(await upload.status).toBe(408);
    await upload.closed; // the server hung up: the trickle cannot keep the socket
    expect(performance.now() - started).toBeLessThan(DEADLINE_MS + 2000);
    expect(webhookSourceBytesInFlight('127.0.0.9')).toBe(0);
    expect(webhookBytesInFlight()).toBe(0);
  });

  it('reads a whole body in time, and inflates gzip to at most the limit', async () => {
    const plain = await rawRequest(baseUrl, '/hook', { method: 'POST', headers: signature, body: '{"object":"page"}' });
    expect(JSON.parse(plain.text)).toEqual({ bytes: 17, text: '{"object":"page"}' });
    const zipped = await rawRequest(baseUrl, '/hook', {
      method: 'POST',
      headers: { ...signature, 'content-encoding': 'gzip' },
      body: gzipSync('{"object":"page"}'),
    });
    expect(JSON.parse(zipped.text)).toMatchObject({ bytes: 17 });
    const bomb = await rawRequest(baseUrl, '/hook', {
      method: 'POST',
      headers: { ...signature, 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.alloc(1024 * 1024)),
    });
    expect(bomb.status).toBe(413);
    const unknown = await rawRequest(baseUrl, '/hook', { method: 'POST', headers: { ...signature, 'content-encoding': 'zstd' }, body: 'x' });
    expect(unknown.status).toBe(415);
    expect(webhookBytesInFlight()).toBe(0);
  });
});
