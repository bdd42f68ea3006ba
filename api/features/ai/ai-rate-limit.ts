import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type pg from 'pg';
import type { AiConfig } from '../../../config/config';
import { AppError } from '../../http/errors';
import { clientIpKey, PgRateLimitStore } from '../../http/rate-limit';

const message = 'Too many questions in a short time. Please wait a moment and try again.';

/**
 * Every AI endpoint costs a model call or a search, so each is limited: per signed-in user per
 * minute (AI_USER_PER_MINUTE), and per client address per hour for anonymous callers
 * (AI_GUEST_PER_HOUR: the support widget and its feedback). Counts live in PostgreSQL, shared by
 * every web process (api/http/rate-limit.ts).
 */
export function aiRateLimits(pool: pg.Pool, ai: Pick<AiConfig, 'userPerMinute' | 'guestPerHour'>): RequestHandler[] {
  const common = {
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    handler: (_req: unknown, _res: unknown, next: (err: unknown) => void) => next(new AppError('RATE_LIMITED', message)),
  };
  const perUser = rateLimit({
    ...common,
    windowMs: 60_000,
    limit: ai.userPerMinute,
    store: new PgRateLimitStore(pool, 'ai-user:'),
    skip: (req) => !req.user,
    keyGenerator: (req) => req.user?.id ?? 'none',
  });
  const perAddress = rateLimit({
    ...common,
    windowMs: 60 * 60_000,
    limit: ai.guestPerHour,
    store: new PgRateLimitStore(pool, 'ai-guest:'),
    skip: (req) => Boolean(req.user),
    keyGenerator: clientIpKey,
  });
  return [perUser, perAddress];
}
