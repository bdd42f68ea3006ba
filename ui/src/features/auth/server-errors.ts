import { ApiError } from '../../lib/api';

/** The message the server gave for one field (`details: [{path, message}]`), if any. */
export function serverFieldError(err: unknown, field: string): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  try {
    const body: unknown = JSON.parse(err.bodyText);
    const details = body && typeof body === 'object' ? (body as { details?: unknown }).details : undefined;
    if (!Array.isArray(details)) return undefined;
    for (const d of details as unknown[]) {
      if (d && typeof d === 'object' && (d as { path?: unknown }).path === field) {
        const message = (d as { message?: unknown }).message;
        if (typeof message === 'string') return message;
      }
    }
  } catch {
    // Not JSON: no field message.
  }
  return undefined;
}
