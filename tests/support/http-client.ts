import { rawRequest } from './raw-http';

/** A fetch wrapper that keeps the session cookie, like a browser tab would. */
export class HttpClient {
  private cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
    /** Another client address for the server to see (e.g. '127.0.0.2'); requests then go through node:http. */
    private readonly opts: { localAddress?: string } = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, init: { json?: unknown; body?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...this.defaultHeaders, ...init.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] ??= 'application/json';
    }
    const res = this.opts.localAddress
      ? await rawRequest(this.baseUrl, path, { method, headers, ...(body === undefined ? {} : { body }), localAddress: this.opts.localAddress })
      : await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    const setCookies = 'setCookies' in res ? res.setCookies : res.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (!name) continue;
      const value = rest.join('=');
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = typeof res.text === 'string' ? res.text : await res.text();
    let data: unknown = undefined;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    // Tests assert on arbitrary JSON shapes; `any` keeps those assertions readable.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, headers: res.headers, text, data: data as any };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers });
  }
  post(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, { json, headers });
  }
  put(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request('PUT', path, { json, headers });
  }
  delete(path: string, headers?: Record<string, string>) {
    return this.request('DELETE', path, { headers });
  }
}
