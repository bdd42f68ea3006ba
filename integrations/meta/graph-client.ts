import { z } from 'zod';

/** A Graph API error body (docs/platform-apis.md §2.7): `{error: {message, type, code, error_subcode, fbtrace_id}}`. */
export class GraphApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number | null,
    readonly subcode: number | null,
    message: string,
    /** From X-Business-Use-Case-Usage `estimated_time_to_regain_access` (minutes → ms), when present. */
    readonly retryAfterMs: number | null,
  ) {
    super(message);
    this.name = 'GraphApiError';
  }
}

/** The request never got an answer. `requestSent` false means it provably never reached Meta. */
export class PlatformNetworkError extends Error {
  constructor(
    message: string,
    readonly requestSent: boolean,
  ) {
    super(message);
    this.name = 'PlatformNetworkError';
  }
}

const errorBody = z.object({
  error: z.object({ message: z.string().default('Unknown Graph API error'), code: z.number().optional(), error_subcode: z.number().optional() }).loose(),
});
const bucUsage = z.record(z.string(), z.array(z.object({ estimated_time_to_regain_access: z.number().optional() }).loose()));

/** Errors where the TCP connection was never established: nothing was sent. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

export interface GraphClientOptions {
  baseUrl: string;
  version: string;
  timeoutMs: number;
  /** graph.facebook.com takes `access_token=`; graph.instagram.com takes a Bearer header (§2.2). */
  auth: 'query' | 'bearer';
}

export interface GraphClient {
  call(method: 'GET' | 'POST' | 'DELETE', path: string, token: string, init?: { query?: Record<string, string>; json?: unknown }): Promise<unknown>;
}

/** Minimal Graph API client: base URL and pinned version from config, typed errors, one timeout. */
export function createGraphClient(opts: GraphClientOptions): GraphClient {
  return {
    async call(method, path, token, init = {}) {
      const url = new URL(`${opts.baseUrl}/${opts.version}${path}`);
      for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
      const headers: Record<string, string> = {};
      // The OAuth token endpoints take no token (client id + secret instead).
      if (token && opts.auth === 'query') url.searchParams.set('access_token', token);
      else if (token) headers.authorization = `Bearer ${token}`;
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      let res: Response;
      try {
        res = await fetch(url, {
          method,
          headers,
          body: init.json === undefined ? undefined : JSON.stringify(init.json),
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
      } catch (err) {
        const code = (err as { cause?: { code?: string } }).cause?.code;
        const sent = !(code && NOT_SENT_CODES.has(code));
        throw new PlatformNetworkError(`Meta did not answer (${code ?? (err as Error).name}): ${(err as Error).message}`, sent);
      }
      const text = await res.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        body = undefined;
      }
      if (res.ok && body !== undefined) return body;
      const parsed = errorBody.safeParse(body);
      throw new GraphApiError(
        res.status,
        parsed.success ? (parsed.data.error.code ?? null) : null,
        parsed.success ? (parsed.data.error.error_subcode ?? null) : null,
        parsed.success ? parsed.data.error.message : `HTTP ${res.status} from Meta: ${text.slice(0, 200)}`,
        regainAccessMs(res.headers.get('x-business-use-case-usage')),
      );
    },
  };
}

function regainAccessMs(header: string | null): number | null {
  if (!header) return null;
  try {
    const usage = bucUsage.parse(JSON.parse(header));
    const minutes = Math.max(
      0,
      ...Object.values(usage)
        .flat()
        .map((u) => u.estimated_time_to_regain_access ?? 0),
    );
    return minutes > 0 ? minutes * 60_000 : null;
  } catch {
    return null;
  }
}
