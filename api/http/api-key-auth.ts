import { createHash, randomBytes } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import type pg from 'pg';
import { API_KEY_PREFIX, roleMayHoldScope, scopePermission, type ApiScope } from '../../contracts/api-keys';
import { findApiKeyByHash, touchApiKey, type ApiKeyPrincipal } from '../../db/api-keys/api-keys';
import { incrementHits } from '../../db/rate-limit/hits';
import { AppError } from './errors';
import { rateLimited } from './rate-limit';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by `apiKeyAuth`: the key the request acts with. */
      apiKey?: ApiKeyPrincipal;
    }
  }
}

/** Keys are 32 random bytes, so a plain SHA-256 (no salt, no slow hash) is enough to look them up by. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key and what is stored of it: the hash and the first characters (to tell keys apart). */
export function newApiKeySecret(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, API_KEY_PREFIX.length + 6) };
}

const bearer = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];

function unauthorized(res: Parameters<RequestHandler>[1], message: string): AppError {
  res.setHeader('WWW-Authenticate', 'Bearer realm="replypilot"');
  return new AppError('UNAUTHORIZED', message);
}

/**
 * `Authorization: Bearer <key>` → the request acts in the key's workspace with its scopes
 * (`req.apiKey`, read with `currentApiKey`). No cookie or session is read. 401 for a missing,
 * unknown or revoked key, or one whose creator left the workspace; past `perMinute` requests in the
 * key's minute window 429 with Retry-After (counted in PostgreSQL, shared by every web process).
 * Last use is written at most once a minute per key. Used by /api/v1, POST /api/conversions and
 * anything else a key may call (the MCP server, webhook subscriptions).
 */
export function apiKeyAuth(pool: pg.Pool, opts: { perMinute: number }): RequestHandler {
  return async (req, res, next) => {
    try {
      const key = bearer(req.headers.authorization);
      if (!key) return next(unauthorized(res, 'An API key is required (Authorization: Bearer <key>)'));
      const principal = await findApiKeyByHash(pool, hashApiKey(key));
      if (!principal) return next(unauthorized(res, 'This API key is not valid (unknown or revoked)'));
      if (!principal.creatorRole) return next(unauthorized(res, "This API key's creator is no longer a member of the workspace"));
      const { hits, resetAt } = await incrementHits(pool, `api-key:${principal.keyId}`, 60_000);
      res.setHeader('RateLimit-Limit', String(opts.perMinute));
      res.setHeader('RateLimit-Remaining', String(Math.max(0, opts.perMinute - hits)));
      res.setHeader('RateLimit-Reset', String(Math.max(0, Math.ceil((resetAt.getTime() - Date.now()) / 1000))));
      if (hits > opts.perMinute) {
        return next(rateLimited(res, resetAt.getTime() - Date.now(), `This API key made more than ${opts.perMinute} requests this minute`));
      }
      if (!principal.lastUsedAt || Date.now() - principal.lastUsedAt.getTime() >= 60_000) await touchApiKey(pool, principal.keyId);
      req.apiKey = principal;
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** The key a request authenticated with (a route behind `apiKeyAuth`). */
export function currentApiKey(req: Request): ApiKeyPrincipal {
  if (!req.apiKey) throw new AppError('UNAUTHORIZED', 'An API key is required (Authorization: Bearer <key>)');
  return req.apiKey;
}

const SCOPE = Symbol('scope');

/**
 * Why `key` may not act with `scope` (it does not hold it, or its creator's role no longer allows
 * it: a key never exceeds its creator's role, contracts/api-keys.ts), or null when it may. The one
 * check behind requireScope and the MCP server's tools.
 */
export function scopeRefusal(key: ApiKeyPrincipal, scope: ApiScope): string | null {
  if (!key.scopes.includes(scope)) return `This API key lacks the scope ${scope}`;
  if (!key.creatorRole || !roleMayHoldScope(key.creatorRole, scope))
    return `This API key's creator (now ${key.creatorRole ?? 'no member'}) may no longer grant ${scope} (${scopePermission(scope)})`;
  return null;
}

/**
 * A route's scope guard: 403 `{error: "This API key lacks the scope contacts:read", details: {scope}}`
 * when the key does not hold it, or when its creator's role no longer allows it (a key never
 * exceeds its creator's role, contracts/api-keys.ts).
 */
export function requireScope(scope: ApiScope): RequestHandler {
  const guard: RequestHandler = (req, _res, next) => {
    const key = req.apiKey;
    if (!key) return next(new AppError('UNAUTHORIZED', 'An API key is required (Authorization: Bearer <key>)'));
    const refusal = scopeRefusal(key, scope);
    next(refusal ? new AppError('FORBIDDEN', refusal, { scope }) : undefined);
  };
  Object.defineProperty(guard, 'name', { value: `requireScope(${scope})` });
  return Object.assign(guard, { [SCOPE]: scope });
}

/** The scope a route handler checks, if it is a scope guard (read by the route-table tests and the OpenAPI test). */
export function guardScope(handler: unknown): ApiScope | undefined {
  return typeof handler === 'function' ? (handler as { [SCOPE]?: ApiScope })[SCOPE] : undefined;
}

const PER_CALL = Symbol('scopesPerCall');

/**
 * In place of requireScope on a key route that carries several operations in one endpoint (the MCP
 * server at /mcp, a JSON-RPC endpoint): each operation checks its own scope with scopeRefusal. A
 * pass-through handler, marked so the route-table tests know the route's scopes are checked per call.
 */
export function scopesCheckedPerCall(): RequestHandler {
  const marker: RequestHandler = (_req, _res, next) => next();
  Object.defineProperty(marker, 'name', { value: 'scopesCheckedPerCall' });
  return Object.assign(marker, { [PER_CALL]: true });
}

/** Whether a route handler is the scopesCheckedPerCall marker. */
export function isPerCallScopes(handler: unknown): boolean {
  return typeof handler === 'function' && (handler as { [PER_CALL]?: boolean })[PER_CALL] === true;
}

/** Marks routers made by `apiKeyRouter`. */
export const API_KEY_ROUTER = Symbol('apiKeyRouter');

const routeMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * A router authenticated by API key: every route must name its scope guard among its handlers
 * (`router.get('/contacts', requireScope('contacts:read'), …)`), or registering it throws, so an
 * unguarded key route cannot be written by accident.
 */
export function apiKeyRouter(auth: RequestHandler): Router {
  const router = Router().use(auth);
  for (const method of routeMethods) {
    const register = (router[method] as (...args: unknown[]) => Router).bind(router);
    const withGuard = (path: unknown, ...handlers: unknown[]) => {
      if (!handlers.some((h) => guardScope(h) !== undefined || isPerCallScopes(h)))
        throw new Error(`${method.toUpperCase()} ${String(path)}: an API key route needs requireScope(…) (or scopesCheckedPerCall())`);
      return register(path, ...handlers);
    };
    Object.defineProperty(router, method, { value: withGuard, configurable: true, writable: true });
  }
  return Object.assign(router, { [API_KEY_ROUTER]: true });
}
