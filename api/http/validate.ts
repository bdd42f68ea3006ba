import type { Request } from 'express';
import type { z } from 'zod';
import { AppError, zodDetails } from './errors';

/** Parse, don't cast: every body and query goes through its contract schema. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  return parseWith(schema, req.body, 'Invalid request body');
}

export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  return parseWith(schema, req.query, 'Invalid query parameters');
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, message: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = zodDetails(result.error);
    // The first field message is the most useful headline for forms ("Password must be at least 6 characters").
    throw new AppError('BAD_REQUEST', details[0]?.message ?? message, details);
  }
  return result.data;
}
