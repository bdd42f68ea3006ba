import type { Server } from 'node:http';

export interface AppRoute {
  method: string;
  /** Express path pattern, e.g. `/api/flows/:id`. */
  path: string;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
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
 * route added tomorrow is fuzzed without touching this file. Sub-routers mounted at a prefix
 * (`app.use('/api/flows', router)`) have it prepended.
 */
export function listRoutes(server: Server): AppRoute[] {
  const app = server.listeners('request')[0] as unknown as { router: { stack: Layer[] } };
  const routes: AppRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const method of Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m])) {
          for (const path of paths) routes.push({ method: method.toUpperCase(), path: join(prefix, path) });
        }
      } else if (layer.handle?.stack) {
        const mount = !layer.slash && typeof layer.rawPath === 'string' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk(app.router.stack, '');
  return routes;
}

/** `/api/flows/:id` with each `:param` replaced by `value(name, path)`. */
export function fillParams(path: string, value: (name: string, path: string) => string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => value(name, path));
}
