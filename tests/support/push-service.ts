import { spawnSync } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, Agent } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// web-push's own decoder of RFC 8188/8291 bodies (a dependency of web-push), used here as a browser would.
import ece from 'http_ece';

/** A push a stand-in push service received: its headers, and its payload decrypted with the device's private key. */
export interface ReceivedPush {
  device: string;
  headers: Record<string, string | string[] | undefined>;
  payload: unknown;
}

/** A device: its subscription keys (RFC 8291) as the browser's PushSubscription.toJSON() gives them. */
export interface StandInDevice {
  endpoint: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

/**
 * A local stand-in of a browser push service (RFC 8030) over HTTPS with a self-signed certificate
 * (web-push posts only over https; `agent` trusts it): each device's endpoint answers 201 and keeps
 * the decrypted payload, or answers `status` (404/410: the subscription is gone).
 */
export async function startPushService(): Promise<{
  agent: Agent;
  device(name: string, status?: number): StandInDevice;
  received: ReceivedPush[];
  close(): Promise<void>;
}> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'push-service-'));
  const res = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    path.join(dir, 'key.pem'),
    '-out',
    path.join(dir, 'cert.pem'),
  ]);
  if (res.status !== 0) throw new Error(`openssl could not make the stand-in's certificate: ${res.stderr?.toString()}`);
  const key = await readFile(path.join(dir, 'key.pem'));
  const cert = await readFile(path.join(dir, 'cert.pem'));
  await rm(dir, { recursive: true, force: true });

  const devices = new Map<string, { ecdh: ECDH; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = decodeURIComponent(req.url?.replace(/^\/push\//, '') ?? '');
      const device = devices.get(name);
      if (!device) return void res.writeHead(404).end();
      if (device.status !== 201) return void res.writeHead(device.status).end();
      const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth.toString('base64url') });
      received.push({ device: name, headers: req.headers, payload: JSON.parse(plain.toString('utf8')) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    agent: new Agent({ ca: cert, keepAlive: false }),
    received,
    device(name, status = 201) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(name, { ecdh, auth, status });
      const endpoint = `${base}/push/${encodeURIComponent(name)}`;
      return { endpoint, subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
