import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { WORKSPACE_ACCESS_ENDED, WORKSPACE_CHANGED, WORKSPACE_HEADER } from '../../contracts/team';
import { AppError } from '../http/errors';

declare module 'express-session' {
  interface SessionData {
    /** The workspace this session acts in (POST /api/workspaces/switch); unset: the user's default. */
    workspaceId?: string;
  }
}

/** Not refused for a page of another workspace: how such a page gets out (switch, list, sign out). */
const UNPINNED = new Set(['/api/workspaces', '/api/workspaces/switch', '/api/logout']);

/**
 * Every signed-in request acts in exactly one workspace (ADR 0038): the session's (set at sign-in,
 * by a switch or by accepting an invitation), if the user is still a member of it, else their
 * default one (and the session is reset to it). The memberships
 * come with the user from the session cache (db/auth/users.ts), so this costs no round trip; a
 * membership change reaches every web process by NOTIFY before the member's next request there.
 * `req.user.workspaceId` and `req.user.role` are then the acting workspace and role: every route
 * already scopes its reads and writes by `currentUser(req).workspaceId`.
 *
 * The UI names the workspace its page shows in a header (WORKSPACE_HEADER). When the session now
 * acts in another one (switched in another tab, or this member was removed), the request is refused
 * (409, or 403 when no longer a member) rather than carried out in a workspace the page does not
 * show; the UI then reloads. Runs on /ws upgrades too (no header there: sockets follow the session).
 */
export const activeWorkspace: RequestHandler = (req, _res, next) => {
  const error = resolveActiveWorkspace(req);
  next(error ?? undefined);
};

export function resolveActiveWorkspace(req: Request | (IncomingMessage & Pick<Request, 'user' | 'session'>)): AppError | null {
  const user = req.user;
  if (!user) return null;
  const chosen = req.session?.workspaceId;
  let acting = chosen === undefined ? undefined : user.memberships.find((m) => m.workspaceId === chosen);
  if (!acting) {
    acting = user.memberships.find((m) => m.workspaceId === user.workspaceId) ?? user.memberships[0];
    // The chosen workspace is no longer theirs: the session goes back to the default.
    if (chosen !== undefined && req.session) req.session.workspaceId = acting?.workspaceId;
  }
  if (!acting) return new AppError('FORBIDDEN', 'You are not a member of any workspace.');
  const pinned = headerValue(req.headers[WORKSPACE_HEADER]);
  if (pinned !== undefined && pinned !== acting.workspaceId && !UNPINNED.has(pathOf(req))) {
    const details = { workspaceId: acting.workspaceId };
    return user.memberships.some((m) => m.workspaceId === pinned)
      ? new AppError('CONFLICT', 'You switched to another workspace in another tab or on another device. Reload this page to continue there.', {
          ...details,
          reason: WORKSPACE_CHANGED,
        })
      : new AppError('FORBIDDEN', 'You are no longer a member of this workspace.', { ...details, reason: WORKSPACE_ACCESS_ENDED });
  }
  // Cached rows are frozen and shared: a copy only when the request acts elsewhere than the default.
  if (acting.workspaceId !== user.workspaceId || acting.role !== user.role) req.user = { ...user, workspaceId: acting.workspaceId, role: acting.role };
  return null;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v === undefined || v === '' ? undefined : v;
}

function pathOf(req: { url?: string }): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return (q === -1 ? url : url.slice(0, q)).toLowerCase();
}
