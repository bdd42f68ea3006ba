import type express from 'express';
import type { Permission } from '../../contracts/permissions';
import { AUTHED_ROUTER, guardPermission } from './routers';

/** One route of the app as Express 5 holds it. */
export interface RouteEntry {
  method: string;
  /** The full path as declared (`/api/flows/:id`), mount prefixes included. */
  path: string;
  /** Declared in an `authedRouter` (signed-in only). */
  authed: boolean;
  /** The permissions its handlers check, in order (one for every guarded route). */
  permissions: Permission[];
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  handle: unknown;
  rawPath?: string | string[];
  slash?: boolean;
}
interface RouterLike {
  stack: Layer[];
}

const isRouter = (h: unknown): h is RouterLike & Record<symbol, unknown> => typeof h === 'function' && Array.isArray((h as unknown as RouterLike).stack);

/**
 * Every route of an Express 5 app, walked from `app.router` through the routers mounted in it
 * (their prefixes joined): what the route-table permission test checks against every role.
 */
export function routeTable(app: express.Express): RouteEntry[] {
  const out: RouteEntry[] = [];
  const walk = (router: RouterLike, prefix: string, authed: boolean) => {
    for (const layer of router.stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        const permissions = layer.route.stack.map((l) => guardPermission(l.handle)).filter((p): p is Permission => p !== undefined);
        for (const method of Object.keys(layer.route.methods)) {
          for (const p of paths) out.push({ method: method.toUpperCase(), path: join(prefix, p), authed, permissions });
        }
      } else if (isRouter(layer.handle)) {
        const mount = layer.slash || layer.rawPath === undefined || Array.isArray(layer.rawPath) ? '' : layer.rawPath;
        walk(layer.handle, join(prefix, mount), authed || layer.handle[AUTHED_ROUTER] === true);
      }
    }
  };
  walk((app as unknown as { router: RouterLike }).router, '', false);
  return out;
}

function join(prefix: string, path: string): string {
  if (path === '' || path === '/') return prefix || '/';
  return `${prefix.replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}
