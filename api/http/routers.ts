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
  router.use(requireAuth);
  return router;
}

/** The signed-in user of an authed route. */
export function currentUser(req: Request): UserRow {
  if (!req.user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  return req.user;
}
