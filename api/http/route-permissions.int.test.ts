import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, deniedMessage, permissions, roles, type Role } from '../../contracts/permissions';
import type { HttpClient } from '../../tests/support/http-client';
import { inviteNewMember } from '../../tests/support/team';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';
import { listRoutes, type AppRoute } from '../../tests/fuzz/routes';

/**
 * The permission table (contracts/permissions.ts) against the app's REAL route table: every route
 * walked from Express's router, every role, one request each. A role without the route's permission
 * gets 403 naming it, and nothing runs; a role with it is never refused for its role. A signed-in
 * route that declares no permission, or a new public route, fails here.
 */
let t: TestApp;
let routes: AppRoute[];
const as: Partial<Record<Role, HttpClient>> = {};
beforeAll(async () => {
  t = await startTestApp();
  routes = listRoutes(t.app.web!.server);
  const owner = await newWorkspaceUser(t.baseUrl, 'Root');
  as.owner = owner.client;
  for (const role of ['admin', 'editor', 'agent', 'viewer'] as const) as[role] = (await inviteNewMember(t.baseUrl, owner.client, role)).client;
});
afterAll(() => t.stop());

/**
 * Routes anyone may call: sign-in and sign-up, webhooks (signed), health, public pages' data, the
 * shop API (its own key), the support widget, and what an invitation link is for. A route added
 * here must not act on a workspace.
 */
const publicRoutes = [
  'GET /api/webhooks/facebook/webhook',
  'POST /api/webhooks/facebook/webhook',
  'GET /api/webhooks/x',
  'POST /api/webhooks/x',
  // Stripe billing (ADR 0046): signed by Stripe; it acts only on the workspace the signed event names.
  'POST /api/billing/stripe/webhook',
  'GET /api/health',
  'GET /api/health/database',
  // Orchestrator probes (ADR 0036): no data, no session.
  'GET /api/health/live',
  'GET /api/health/ready',
  // Prometheus: its own bearer token (METRICS_TOKEN, compared in constant time), not a session.
  'GET /metrics',
  'POST /api/auth/test-login',
  'GET /api/auth/user',
  'GET /auth/user',
  'POST /api/test/user',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/logout',
  'GET /api/auth/mail-status',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/dev/outbox',
  'GET /auth/google',
  'GET /api/auth/google',
  'GET /auth/google/callback',
  'GET /api/auth/google/callback',
  'GET /api/auth/google/status',
  'GET /auth/facebook',
  'GET /api/auth/facebook',
  'GET /auth/facebook/callback',
  'GET /api/auth/facebook/callback',
  'GET /api/auth/facebook/status',
  'POST /api/newsletter/subscribe',
  'GET /api/stats/public',
  // The plan catalogue and whether trials and online payment are configured (contracts/plans.ts).
  'GET /api/plans',
  'GET /l/:code',
  // A booking's calendar file: its 24-byte random token is the key; it shows the time and the business's name only.
  'GET /api/public/bookings/:token.ics',
  'POST /api/chat/gemini',
  'POST /api/chat',
  'POST /api/chatbot/feedback',
  'GET /api/ai/gemini/test',
  'GET /api/templates',
  'GET /api/templates/validate',
  'GET /api/templates/:id/preview',
  'POST /api/team/invitations/lookup',
  'GET /api/connect-options',
  // The public API's OpenAPI document (no workspace data); the API itself is keyed.
  'GET /api/v1/openapi.json',
];

const key = (r: AppRoute) => `${r.method} ${r.path}`;
/** A concrete URL: every `:param` an id nobody has (404 after the guard, or 400). */
const urlOf = (path: string) => path.replace(/:[A-Za-z]+/g, () => randomUUID());

describe('the route table', () => {
  it('every signed-in route declares exactly one permission of the table', () => {
    const authed = routes.filter((r) => r.authed);
    expect(authed.length).toBeGreaterThan(100);
    expect(authed.filter((r) => r.permissions.length !== 1).map(key)).toEqual([]);
    for (const r of authed) expect(permissions).toContain(r.permissions[0]);
  });

  it('the public routes are exactly the known ones (a new one must declare a permission or be added here on purpose)', () => {
    const open = routes.filter((r) => !r.authed && !r.admin && !r.keyed && r.permissions.length === 0).map(key);
    expect(open.sort()).toEqual([...publicRoutes].sort());
  });

  it('the admin console’s routes are exactly the known ones, and every role of a workspace gets the 404 of an unknown path', async () => {
    // ADMIN_EMAILS only (api/http/routers.ts adminRouter; the operator's side: api/features/admin/admin.int.test.ts).
    // Unset here, where every non-demo user is an instance admin for app-wide settings: still nobody.
    expect(t.app.config.adminEmails).toBeUndefined();
    const admin = routes.filter((r) => r.admin);
    expect(admin.map(key).sort()).toEqual(
      [
        'GET /api/admin/workspaces',
        'POST /api/admin/workspaces/:id/suspend',
        'POST /api/admin/workspaces/:id/resume',
        'PATCH /api/admin/workspaces/:id',
        'DELETE /api/admin/workspaces/:id',
        'GET /api/admin/instance',
      ].sort(),
    );
    for (const r of admin) expect(r.permissions).toEqual([]);
    const wrong: string[] = [];
    for (const role of roles) {
      for (const r of admin) {
        const url = urlOf(r.path);
        const res = await as[role]!.request(r.method, url, r.method === 'GET' ? {} : { json: { reason: 'x', confirmName: 'x' } });
        if (res.status !== 404 || res.data?.error !== `No route for ${r.method} ${url}`)
          wrong.push(`${role} ${key(r)}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every API key route (docs/api.md) checks exactly one scope, and no role permission', () => {
    const keyed = routes.filter((r) => r.keyed);
    expect(keyed.map(key)).toContain('POST /api/conversions');
    expect(keyed.filter((r) => !r.scopesPerCall && (r.scopes.length !== 1 || r.permissions.length > 0 || r.authed)).map(key)).toEqual([]);
    // The MCP server's one endpoint: each tool checks its own scope (api/features/mcp/mcp-tools.ts).
    const perCall = keyed.filter((r) => r.scopesPerCall);
    expect(perCall.map(key).sort()).toEqual(['DELETE /mcp', 'GET /mcp', 'POST /mcp']);
    expect(perCall.filter((r) => r.scopes.length > 0 || r.permissions.length > 0 || r.authed).map(key)).toEqual([]);
  });

  it('every permission of the table guards some route, and every role holds workspace:read', () => {
    const used = new Set(routes.flatMap((r) => r.permissions));
    expect(permissions.filter((p) => !used.has(p))).toEqual([]);
    for (const role of roles) expect(can(role, 'workspace:read')).toBe(true);
  });
});

describe('every role against every guarded route', () => {
  // Weakest first: a stronger role's successful writes (an API key, a resumed automation) come last.
  for (const role of ['viewer', 'agent', 'editor', 'admin', 'owner'] as const) {
    it(`${role}: 403 naming the permission where the table says no, never a role refusal where it says yes`, async () => {
      const client = as[role]!;
      const wrong: string[] = [];
      // Leaving the workspace goes last: everything after it would act in the member's own workspace.
      const guarded = routes.filter((x) => x.permissions.length === 1);
      const ordered = [...guarded.filter((r) => key(r) !== 'POST /api/team/leave'), ...guarded.filter((r) => key(r) === 'POST /api/team/leave')];
      for (const r of ordered) {
        const permission = r.permissions[0]!;
        const res = await client.request(r.method, urlOf(r.path), r.method === 'GET' ? {} : { json: {} });
        const refusedForRole = res.status === 403 && res.data?.details?.permission === permission;
        if (can(role, permission)) {
          if (res.status === 403 && res.data?.details?.permission) wrong.push(`${key(r)}: refused ${res.text}`);
        } else if (!refusedForRole || res.data.error !== deniedMessage(role, permission)) {
          wrong.push(`${key(r)}: expected 403 for ${permission}, got ${res.status} ${res.text.slice(0, 200)}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
