import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { z } from 'zod';
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

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

export function errorHandler(log: { error: (obj: object, msg: string) => void }): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    let appError: AppError;
    if (err instanceof AppError) {
      appError = err;
    } else {
      const e = err as BodyParserError;
      if (e?.type === 'entity.too.large') appError = new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
      else if (e?.type === 'entity.parse.failed') appError = new AppError('BAD_REQUEST', 'Malformed JSON body');
      else if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported')
        appError = new AppError('BAD_REQUEST', 'Unsupported body encoding');
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
