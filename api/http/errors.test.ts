import { describe, expect, it, vi } from 'vitest';
import type { Request, Response } from 'express';
import { AppError, errorHandler } from './errors';

/** Express/body-parser/zlib client errors keep their 4xx and are not logged as errors. */
function answer(err: unknown) {
  const log = { error: vi.fn() };
  let status = 0;
  let body: Record<string, unknown> = {};
  const res = {
    headersSent: false,
    status: (s: number) => ((status = s), res),
    json: (b: Record<string, unknown>) => ((body = b), res),
  } as unknown as Response;
  errorHandler(log)(err, { originalUrl: '/x', method: 'GET' } as Request, res, () => {});
  return { status, body, logged: log.error.mock.calls.length };
}

const withStatus = (e: Error, status: number, extra: Record<string, unknown> = {}) => Object.assign(e, { status, statusCode: status, expose: true, ...extra });

describe('errorHandler', () => {
  it('a malformed %ff (URIError, status 400) is 400 with a clear message, not logged', () => {
    expect(answer(withStatus(new URIError("Failed to decode param '%ff'"), 400))).toEqual({
      status: 400,
      body: expect.objectContaining({ code: 'BAD_REQUEST', error: 'Malformed URL: invalid percent-encoding' }),
      logged: 0,
    });
  });

  it('a body that is not gzip (zlib Z_DATA_ERROR, status 400) is 400, not logged', () => {
    const r = answer(withStatus(Object.assign(new Error('incorrect header check'), { code: 'Z_DATA_ERROR' }), 400));
    expect(r).toMatchObject({ status: 400, logged: 0 });
    expect(r.body.error).toMatch(/decompress/);
  });

  it('other 4xx keep their status (serve-static 404/403, unsupported charset 415)', () => {
    expect(answer(withStatus(new Error('Not Found'), 404))).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', error: 'Not Found' }, logged: 0 });
    expect(answer(withStatus(new Error('Forbidden'), 403))).toMatchObject({ status: 403, logged: 0 });
    expect(answer(withStatus(new Error('unsupported charset "UTF-16"'), 415, { type: 'charset.unsupported' }))).toMatchObject({
      status: 415,
      body: { code: 'UNSUPPORTED_MEDIA_TYPE' },
      logged: 0,
    });
    expect(answer(withStatus(new Error('range'), 416))).toMatchObject({ status: 400, logged: 0 });
  });

  it('real server errors are 500 and logged; AppErrors are answered as they are', () => {
    expect(answer(new Error('boom'))).toMatchObject({ status: 500, body: { code: 'INTERNAL', error: 'Internal server error' }, logged: 1 });
    expect(answer(withStatus(new Error('upstream'), 502))).toMatchObject({ status: 500, logged: 1 });
    expect(answer(new AppError('CONFLICT', 'taken'))).toMatchObject({ status: 409, body: { error: 'taken' }, logged: 0 });
  });
});
