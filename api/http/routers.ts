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
 * user mounts an `authedRouter()`, so an unguarded route cannot be written by accident.
 */
export function publicRouter(): Router {
  return Router();
}

export function authedRouter(): Router {
  const router = Router();
  // Guard each route rather than `router.use(requireAuth)`: routers are mounted at the root, and a
  // router-level guard would also answer 401 for every other feature's paths that pass through.
  for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
    const register = router[method].bind(router) as (path: string | string[], ...handlers: RequestHandler[]) => Router;
    (router as unknown as Record<string, unknown>)[method] = (path: string | string[], ...handlers: RequestHandler[]) =>
      register(path, requireAuth, ...handlers);
  }
  return router;
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
