import { WORKSPACE_HEADER } from '@contracts/team';

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

  /** The server's `details` when the body is JSON and has them. */
  details(): unknown {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      return parsed && typeof parsed === 'object' ? (parsed as { details?: unknown }).details : undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * The workspace this page shows (the signed-in user's, set by the team guard): sent with every call,
 * so a call from a page of a workspace the session no longer acts in is refused, not carried out in
 * another one (api/auth/active-workspace.ts).
 */
let pinnedWorkspace: string | null = null;
export function pinWorkspace(workspaceId: string | null): void {
  pinnedWorkspace = workspaceId;
}

type ApiErrorListener = (err: ApiError) => void;
const errorListeners = new Set<ApiErrorListener>();
/** Hears every non-OK answer (the team guard: a changed role or workspace). */
export function onApiError(listener: ApiErrorListener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function apiRequest<T>(method: Method, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (pinnedWorkspace) headers[WORKSPACE_HEADER] = pinnedWorkspace;
  const init: RequestInit = { method, credentials: 'include', headers };
  if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(url, init);
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    const err = new ApiError(res.status, res.statusText, text);
    for (const listener of errorListeners) listener(err);
    throw err;
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
