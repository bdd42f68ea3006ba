import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: Headers;
  setCookies: string[];
  text: string;
}

export interface RawRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The client socket's own address, e.g. '127.0.0.2': on Linux all of 127.0.0.0/8 is this machine. */
  localAddress?: string;
}

/**
 * One HTTP request with node:http, for what fetch cannot do: send from another local address (so the
 * server sees a different client), or with a Host header of the test's choosing.
 */
export function rawRequest(baseUrl: string, path: string, opts: RawRequestOptions = {}): Promise<RawResponse> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.body !== undefined) headers['content-length'] = String(Buffer.byteLength(opts.body));
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: opts.method ?? 'GET',
        headers,
        agent: false,
        ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (v === undefined || k === 'set-cookie') continue;
            out.set(k, Array.isArray(v) ? v.join(', ') : v);
          }
          resolve({ status: res.statusCode ?? 0, headers: out, setCookies: res.headers['set-cookie'] ?? [], text: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}
