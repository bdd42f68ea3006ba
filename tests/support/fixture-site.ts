import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const fixtureSitesDir = fileURLToPath(new URL('../fixtures/sites/', import.meta.url));

export type ExtraRoute = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface FixtureSite {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Paths requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.xml': 'application/xml' };

/**
 * Serves tests/fixtures/sites/<name>/ on 127.0.0.1 (`{{origin}}` in a file becomes the server's
 * origin, so a sitemap can list absolute addresses); `extra` routes answer first, for redirects,
 * slow and oversize pages. A directory path serves its index.html; anything missing is a 404.
 */
export async function serveFixtureSite(name: string, extra: Record<string, ExtraRoute> = {}): Promise<FixtureSite> {
  const root = path.join(fixtureSitesDir, name);
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  let origin = '';
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(pathname);
    const route = extra[pathname];
    if (route) return route(req, res);
    const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (!file.startsWith(root)) {
      res.writeHead(404).end();
      return;
    }
    readFile(file, 'utf8').then(
      (text) => {
        res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
        res.end(text.replaceAll('{{origin}}', origin));
      },
      () => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>'),
    );
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Slow routes never finish on their own.
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
