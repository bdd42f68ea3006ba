/** Every error the API can answer with. The HTTP layer maps each code to one status. */
export const errorCodes = {
  /** Request body, query or params failed their zod schema. */
  BAD_REQUEST: 400,
  /** No session, or the session's user no longer exists. */
  UNAUTHORIZED: 401,
  /** Signed in but not allowed (e.g. a cross-origin state change). */
  FORBIDDEN: 403,
  /** Unknown id, or an id that belongs to another workspace (never 403: ids must not leak). */
  NOT_FOUND: 404,
  /** A unique thing that already exists. */
  CONFLICT: 409,
  /** A link that worked once and no longer does (an expired, used or revoked invitation). */
  GONE: 410,
  /** The platform, or its rules (e.g. Meta's messaging window), refused what was asked. */
  PLATFORM_REFUSED: 422,
  /** A website could not be scanned (unreachable, refused address, not HTML, too slow or too large). */
  SCAN_FAILED: 422,
  /** A request body that did not arrive in time (an unauthenticated webhook upload past its deadline). */
  REQUEST_TIMEOUT: 408,
  /** Body larger than the route's limit. */
  PAYLOAD_TOO_LARGE: 413,
  /** A body that is not JSON (text/plain, a form…) sent to a JSON route, or a charset/encoding we cannot read. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Too many attempts from one client (login, register). */
  RATE_LIMITED: 429,
  /** A bug or an outage on our side. */
  INTERNAL: 500,
  /** A dependency (database, provider) is not reachable. */
  UNAVAILABLE: 503,
  /** A dependency (the AI provider) did not answer in time, or the network to it failed. */
  UPSTREAM_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof errorCodes;

/** The body of every error response. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details?: unknown;
  /** Kept for the UI's auth screens, which read `message` (docs/product-spec.md §7). */
  message?: string;
}
