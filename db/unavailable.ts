/**
 * Whether an error means "the database cannot be reached right now" (refused, reset, shutting
 * down, out of connections) rather than a bug: such requests answer 503 with Retry-After, and
 * such worker errors are logged once in a while instead of on every tick.
 * Drizzle and pg-pool wrap the driver's error, so the cause chain is walked.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH']);
/** SQLSTATE classes 08 (connection exception), 57P0x (shutdown / cannot connect now), 53300 (too many connections). */
const SQLSTATE = /^(08\d{3}|57P0[1-3]|53300)$/;
const MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /Client has encountered a connection error/i];

export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const x = e as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof x.code === 'string' && (NETWORK_CODES.has(x.code) || SQLSTATE.test(x.code))) return true;
    // A Unix socket whose server is down has no socket file: connect fails with ENOENT.
    if (x.code === 'ENOENT' && x.syscall === 'connect') return true;
    if (typeof x.message === 'string' && MESSAGES.some((m) => m.test(x.message as string))) return true;
    // AggregateError (a host with several addresses refused on each)
    if (Array.isArray(x.errors) && x.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = x.cause;
  }
  return false;
}

/**
 * Logs the first error at once and then at most one line per `everyMs`, with how many were
 * suppressed; logs recovery once. For loops that tick every few hundred milliseconds.
 */
export function throttledErrorLog(log: { error: (obj: object, msg: string) => void; info: (msg: string) => void }, msg: string, everyMs = 30_000) {
  let lastAt = -Infinity;
  let suppressed = 0;
  let failing = false;
  return {
    error(err: unknown) {
      failing = true;
      const now = performance.now();
      if (now - lastAt < everyMs) {
        suppressed++;
        return;
      }
      log.error({ err, suppressed }, suppressed > 0 ? `${msg} (${suppressed} more since the last report)` : msg);
      lastAt = now;
      suppressed = 0;
    },
    ok() {
      if (!failing) return;
      failing = false;
      log.info(`${msg}: recovered`);
      lastAt = -Infinity;
      suppressed = 0;
    },
  };
}
