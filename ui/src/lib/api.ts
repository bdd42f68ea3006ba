/**
 * The one way the UI talks to the API (docs/product-spec.md §7): cookies always sent, JSON in and out, and any
 * non-OK answer raised as an error whose message is "<status>: <body text or status text>".
 */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
  }

  /** The server's `message` (or `error`) field when the body is JSON, else undefined. */
  serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      if (parsed && typeof parsed === 'object') {
        const record = parsed as Record<string, unknown>;
        if (typeof record.message === 'string' && record.message) return record.message;
        if (typeof record.error === 'string' && record.error) return record.error;
      }
    } catch {
      // Not JSON: the caller falls back to its own wording.
    }
    return undefined;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function apiRequest<T>(method: Method, url: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(url, init);
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, res.statusText, text);
  }
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export const apiGet = <T>(url: string) => apiRequest<T>('GET', url);
export const apiPost = <T>(url: string, body?: unknown) => apiRequest<T>('POST', url, body ?? {});

/** A human message for any thrown value: the server's message when there is one. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage() ?? fallback;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
