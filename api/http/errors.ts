import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { z } from 'zod';
import { isDatabaseUnavailable, throttledErrorLog } from '../../db/unavailable';
import { errorCodes, type ErrorBody, type ErrorCode } from '../../contracts/errors';

/** The one error type the API throws; the handler below turns it into `status: {error, code, details}`. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: unknown,
    /** Extra top-level fields some spec'd responses carry (e.g. `success: false`). */
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
  get status(): number {
    return errorCodes[this.code];
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);

export function zodDetails(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** Unknown /api routes answer JSON 404, not the SPA. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError('NOT_FOUND', `No route for ${req.method} ${req.originalUrl.split('?')[0]}`));
};

/** What Express, body-parser, serve-static and zlib attach to the errors they raise (http-errors). */
interface HttpLikeError extends Error {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
}

const codeByStatus: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * A library's client error as ours, or null when it is not one. Express and
 * its parsers mark what the client got wrong with a 4xx `status`: a malformed `%ff` in a path
 * (URIError), a body that is not gzip under Content-Encoding: gzip (zlib), an unknown charset.
 * Those are the client's to fix, not ours to log as errors.
 */
export function clientError(err: unknown): AppError | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as HttpLikeError;
  const status = typeof e.status === 'number' ? e.status : e.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return null;
  if (e.type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (e.type === 'entity.parse.failed') return new AppError('BAD_REQUEST', 'Malformed JSON body');
  if (e.type === 'encoding.unsupported') return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Encoding (use gzip, deflate, br or none)');
  if (e.type === 'charset.unsupported') return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported charset (use utf-8)');
  if (e instanceof URIError || e.name === 'URIError') return new AppError('BAD_REQUEST', 'Malformed URL: invalid percent-encoding');
  // zlib's codes (Z_DATA_ERROR, Z_BUF_ERROR…), wrapped by body-parser as a 400.
  if (typeof (e as { code?: unknown }).code === 'string' && String((e as { code?: unknown }).code).startsWith('Z_')) {
    return new AppError('BAD_REQUEST', 'The request body could not be decompressed (Content-Encoding does not match the body)');
  }
  const code = codeByStatus[status] ?? 'BAD_REQUEST';
  // http-errors marks messages safe to show with `expose` (always true for 4xx it creates).
  return new AppError(code, e.expose && e.message ? e.message : 'Bad request');
}

export function errorHandler(log: { error: (obj: object, msg: string) => void; info?: (msg: string) => void }): ErrorRequestHandler {
  // While PostgreSQL is down every request fails alike: one log line per 30 s, not one per request.
  const outage = throttledErrorLog({ error: log.error.bind(log), info: log.info?.bind(log) ?? (() => {}) }, 'database unavailable');
  return (err: unknown, req, res, _next) => {
    let appError: AppError;
    if (err instanceof AppError) {
      appError = err;
    } else if (isDatabaseUnavailable(err)) {
      // 503 + Retry-After, not a bare 500: the client (and Meta, for webhooks) should retry.
      outage.error(err);
      res.set('Retry-After', '5');
      appError = new AppError('UNAVAILABLE', 'The database is unavailable; please retry in a few seconds');
    } else {
      const client = clientError(err);
      if (client) appError = client;
      else {
        log.error({ err, url: req.originalUrl, method: req.method }, 'unhandled error');
        appError = new AppError('INTERNAL', 'Internal server error');
      }
    }
    if (res.headersSent) return;
    const body: ErrorBody & Record<string, unknown> = {
      ...appError.extra,
      error: appError.message,
      code: appError.code,
      message: appError.message,
    };
    if (appError.details !== undefined) body.details = appError.details;
    res.status(appError.status).json(body);
  };
}
