import { Router, type Request, type RequestHandler } from 'express';
import type { UserRow } from '../../db/schema';
import { AppError } from './errors';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // passport puts the deserialised row here
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends UserRow {}
  }
}

export const requireAuth: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new AppError('UNAUTHORIZED', 'Unauthorized'));
  next();
};

/**
 * The two route builders (conventions: tRPC's public/authed procedures). A feature that needs a
 * user builds an `authedRouter()` and is mounted at its own prefix (`app.use('/api/flows', …)`), so
 * the router-level guard covers exactly that feature's paths and an unguarded route cannot be
 * written by accident. Public routers may stay at the root.
 */
export function publicRouter(): Router {
  return Router();
}

export function authedRouter(): Router {
  return Router().use(requireAuth);
}

/**
 * Mounts a router whose routes spell their full paths, guard included, for requests under `prefix`
 * only, without stripping the prefix: for a router not yet rewritten to prefix-relative paths
 * (api/auth/account.routes.ts). Any other request leaves with `next('router')`, so that router's
 * guard never sees it, as with prefix mounting.
 */
export function atPrefixUnstripped(prefix: string, router: Router): Router {
  const outer = Router();
  outer.use((req, _res, next) => {
    // Case-insensitive like Express's own path matching.
    const path = req.path.toLowerCase();
    next(path === prefix || path.startsWith(`${prefix}/`) ? undefined : 'router');
  });
  outer.use(router);
  return outer;
}

/** The signed-in user of an authed route. */
export function currentUser(req: Request): UserRow {
  if (!req.user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  return req.user;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A route's `:id`; anything that is not a uuid cannot exist, so it is a 404 like another tenant's id. */
export function idParam(req: Request, name = 'id'): string {
  const value = req.params[name];
  if (typeof value !== 'string' || !uuidPattern.test(value)) throw new AppError('NOT_FOUND', 'Not found');
  return value;
}
