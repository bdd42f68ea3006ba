import type { Server } from 'node:http';
import type { Permission } from '../../contracts/permissions';
import type { ApiScope } from '../../contracts/api-keys';
import { API_KEY_ROUTER, guardScope, isPerCallScopes } from '../../api/http/api-key-auth';
import { ADMIN_ROUTER, AUTHED_ROUTER, guardPermission } from '../../api/http/routers';

export interface AppRoute {
  method: string;
  /** Express path pattern, e.g. `/api/flows/:id`. */
  path: string;
  /** Declared in an `authedRouter` (signed in only). */
  authed: boolean;
  /** Declared in an `adminRouter`: the admin console's, ADMIN_EMAILS only (404 for anyone else). */
  admin: boolean;
  /** The permissions its handlers check (contracts/permissions.ts), in order: one for every guarded route. */
  permissions: Permission[];
  /** Declared in an `apiKeyRouter` (an API key, not a session). */
  keyed: boolean;
  /** The API key scopes its handlers check (contracts/api-keys.ts): one for every keyed route. */
  scopes: ApiScope[];
  /** A keyed route whose operations each check their own scope (scopesCheckedPerCall: the MCP server). */
  scopesPerCall: boolean;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  handle?: { stack?: Layer[]; [AUTHED_ROUTER]?: boolean; [ADMIN_ROUTER]?: boolean; [API_KEY_ROUTER]?: boolean };
  /** Where a sub-router is mounted (`app.use('/api/flows', router)`); `slash` when at the root. */
  rawPath?: unknown;
  slash?: boolean;
}

/** `/api/flows` + `/:id` → `/api/flows/:id`; a router's `/` is the prefix itself. */
function join(prefix: string, path: string): string {
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/**
 * Every route of the running Express app, read from its router stack (Express 5: `app.router`), so a
 * route added tomorrow is fuzzed (and checked against every role, api/http/route-permissions.int.test.ts)
 * without touching this file. Sub-routers mounted at a prefix (`app.use('/api/flows', router)`)
 * have it prepended.
 */
export function listRoutes(server: Server): AppRoute[] {
  const app = server.listeners('request')[0] as unknown as { router: { stack: Layer[] } };
  const routes: AppRoute[] = [];
  const walk = (stack: Layer[], prefix: string, authed: boolean, admin: boolean, keyed: boolean) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        const permissions = layer.route.stack.map((l) => guardPermission(l.handle)).filter((p): p is Permission => p !== undefined);
        const scopes = layer.route.stack.map((l) => guardScope(l.handle)).filter((p): p is ApiScope => p !== undefined);
        const scopesPerCall = layer.route.stack.some((l) => isPerCallScopes(l.handle));
        for (const method of Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m])) {
          for (const path of paths)
            routes.push({ method: method.toUpperCase(), path: join(prefix, path), authed, admin, permissions, keyed, scopes, scopesPerCall });
        }
      } else if (layer.handle?.stack) {
        const mount = !layer.slash && typeof layer.rawPath === 'string' ? layer.rawPath : '';
        walk(
          layer.handle.stack,
          prefix + mount,
          authed || layer.handle[AUTHED_ROUTER] === true,
          admin || layer.handle[ADMIN_ROUTER] === true,
          keyed || layer.handle[API_KEY_ROUTER] === true,
        );
      }
    }
  };
  walk(app.router.stack, '', false, false, false);
  return routes;
}

/** `/api/flows/:id` with each `:param` replaced by `value(name, path)`. */
export function fillParams(path: string, value: (name: string, path: string) => string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => value(name, path));
}
