import { Router, type Request, type RequestHandler } from 'express';
import { can as roleCan, deniedMessage, type Permission } from '../../contracts/permissions';
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

/** A guard made by `can`, and the permission it checks (read by the route-table test). */
const PERMISSION = Symbol('permission');
type Guard = RequestHandler & { [PERMISSION]: Permission };
/** Marks the routers made by `authedRouter` (the route-table test tells them from public ones). */
export const AUTHED_ROUTER = Symbol('authedRouter');

/**
 * The route's guard (contracts/permissions.ts): 403 `{error: "Your role (viewer) cannot change
 * flows", details: {permission}}` when the acting role (api/auth/active-workspace.ts) lacks it.
 * Without a signed-in user it lets the request through: in an authed router `requireAuth` answered
 * 401 already, and a public route that acts for a signed-in user (the OAuth connect redirects)
 * decides itself what a signed-out visitor gets.
 */
export function can(permission: Permission): RequestHandler {
  const guard: RequestHandler = (req, _res, next) => {
    const user = req.user;
    if (user && !roleCan(user.role, permission)) return next(new AppError('FORBIDDEN', deniedMessage(user.role, permission), { permission }));
    next();
  };
  Object.defineProperty(guard, 'name', { value: `can(${permission})` });
  return Object.assign(guard, { [PERMISSION]: permission });
}

/** The permission a route handler checks, if it is a guard. */
export function guardPermission(handler: unknown): Permission | undefined {
  return typeof handler === 'function' ? (handler as Partial<Guard>)[PERMISSION] : undefined;
}

/** What an authed router's routes need: one permission, or one for reads (GET/HEAD) and one for the rest. */
export type RouteAccess = Permission | { read: Permission; write: Permission };

const routeMethods = ['get', 'post', 'put', 'patch', 'delete', 'all'] as const;

/**
 * The two route builders (conventions: tRPC's public/authed procedures). A feature that needs a
 * user builds an `authedRouter(access)` and is mounted at its own prefix (`app.use('/api/flows', …)`),
 * so the router-level guard covers exactly that feature's paths and an unguarded route cannot be
 * written by accident. Every route of it checks a permission (contracts/permissions.ts): the one
 * it names first among its handlers (`router.post('/validate', can('workspace:read'), …)`), else the
 * router's `access` for its method. Public routers may stay at the root.
 */
export function publicRouter(): Router {
  return Router();
}

export function authedRouter(access: RouteAccess): Router {
  const router = Router().use(requireAuth);
  for (const method of routeMethods) {
    const register = (router[method] as (...args: unknown[]) => Router).bind(router);
    const permission = typeof access === 'string' ? access : method === 'get' ? access.read : access.write;
    const withGuard = (path: unknown, ...handlers: unknown[]) =>
      handlers.some((h) => guardPermission(h) !== undefined) ? register(path, ...handlers) : register(path, can(permission), ...handlers);
    Object.defineProperty(router, method, { value: withGuard, configurable: true, writable: true });
  }
  return Object.assign(router, { [AUTHED_ROUTER]: true });
}

/** Marks the routers made by `adminRouter` (the route-table test checks them apart). */
export const ADMIN_ROUTER = Symbol('adminRouter');

/**
 * The admin console's router (contracts/admin.ts, ADR 0042): not a workspace's, so no permission of
 * the role table. Anyone `isAdmin` does not accept, signed out included, gets the very 404 an unknown
 * /api path gets (api/http/errors.ts apiNotFound): the console is not there for them.
 */
export function adminRouter(isAdmin: (user: Express.User) => boolean): Router {
  const router = Router().use((req, _res, next) => {
    if (req.user && isAdmin(req.user)) return next();
    next(new AppError('NOT_FOUND', `No route for ${req.method} ${req.originalUrl.split('?')[0]}`));
  });
  return Object.assign(router, { [ADMIN_ROUTER]: true });
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

/**
 * The signed-in user of an authed route: `workspaceId` and `role` are the workspace the request
 * acts in and their role there (api/auth/active-workspace.ts).
 */
export function currentUser(req: Request): UserRow {
  if (!req.user) throw new AppError('UNAUTHORIZED', 'Unauthorized');
  return req.user;
}

/** Who acts, for the audit log (db/audit/record-audit.ts): the signed-in user in the request's workspace. */
export function currentActor(req: Request): { workspaceId: string; userId: string } {
  const user = currentUser(req);
  return { workspaceId: user.workspaceId, userId: user.id };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A route's `:id`; anything that is not a uuid cannot exist, so it is a 404 like another tenant's id. */
export function idParam(req: Request, name = 'id'): string {
  const value = req.params[name];
  if (typeof value !== 'string' || !uuidPattern.test(value)) throw new AppError('NOT_FOUND', 'Not found');
  return value;
}
