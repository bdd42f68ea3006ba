import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import { findJsonProblem } from '../../contracts/json-safety';
import { AppError, zodDetails } from './errors';

/** Parse, don't cast: every body and query goes through its contract schema. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  return parseWith(schema, req.body, 'Invalid request body');
}

export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  return parseWith(schema, req.query, 'Invalid query parameters');
}

/** Any other value (e.g. a merged record) checked like a body: 400 with the first field's message. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, message: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = zodDetails(result.error);
    // The first field message is the most useful headline for forms ("Password must be at least 6 characters").
    throw new AppError('BAD_REQUEST', details[0]?.message ?? message, details);
  }
  return result.data;
}

/**
 * Deeper than any contract: a flow node's config sits 6 levels into its body and may nest 20 more
 * (contracts/flows.ts). Past this the body is refused before any route walks it recursively.
 */
export const MAX_BODY_DEPTH = 64;

const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);
const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * One check for every route, mounted after the JSON parser, so no
 * route can forget it: text PostgreSQL refuses (NUL, lone surrogates) in the body, query or URL
 * path, and bodies nested absurdly deep, answer 400 naming the field; a body the JSON parser did
 * not take (text/plain, a form) answers 415 instead of "expected object, received undefined".
 * A route that takes another media type must read its body before this runs, as the signed
 * webhooks do (raw bytes, mounted before the parser; they store a sanitised copy instead).
 */
export const checkRequestInput: RequestHandler = (req, _res, next) => {
  if (bodyMethods.has(req.method) && hasBody(req) && req.body === undefined && !req.path.startsWith('/api/webhooks/')) {
    return next(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json'));
  }
  const problem = urlProblem(req.path) ?? inputProblem(req.query, 4) ?? inputProblem(req.body, MAX_BODY_DEPTH);
  if (problem) return next(new AppError('BAD_REQUEST', problem.message, [problem]));
  next();
};

function inputProblem(value: unknown, maxDepth: number): { path: string; message: string } | null {
  if (value === undefined) return null;
  const found = findJsonProblem(value, { maxDepth });
  return found && { path: found.path.join('.'), message: found.message };
}

/** `%00` in a path segment reaches route params as NUL. Undecodable segments are the router's 400. */
function urlProblem(path: string): { path: string; message: string } | null {
  for (const segment of path.split('/')) {
    if (!segment.includes('%')) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      continue;
    }
    const problem = findJsonProblem(decoded, { maxDepth: 1 });
    if (problem) return { path: 'url', message: `URL path: ${problem.message}` };
  }
  return null;
}
