import type { DatabaseHealthResponse, HealthResponse } from '@contracts/health';
import type { AiStatus } from '@contracts/ai';
import type { OAuthStatus, PublicUser } from '@contracts/auth';
import type { WsServerMessage } from '@contracts/ws';
import type { ProbeResult } from './diagnostic.types';

// Real checks against endpoints that exist. Each resolves (never throws) so a run always finishes.

async function getJson<T>(url: string): Promise<{ status: number; body: T | null }> {
  const res = await fetch(url, { credentials: 'include', signal: AbortSignal.timeout(8000) });
  const text = await res.text();
  let body: T | null = null;
  try {
    body = text ? (JSON.parse(text) as T) : null;
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

function failure(err: unknown, what: string): ProbeResult {
  const reason = err instanceof Error ? err.message : String(err);
  return { status: 'fail', detail: `${what} unreachable: ${reason}`, fix: 'Check that the Replypilot web process is running.' };
}

export async function probeHealth(): Promise<ProbeResult> {
  try {
    const { status, body } = await getJson<HealthResponse>('/api/health');
    if (status === 200 && body?.status === 'ok') {
      return { status: 'pass', detail: `API ok · role ${body.role} · up ${body.uptimeSeconds}s · v${body.version}` };
    }
    return { status: 'fail', detail: `GET /api/health answered ${status}` };
  } catch (err) {
    return failure(err, 'API');
  }
}

export async function probeDatabase(maxLatencyMs?: number): Promise<ProbeResult> {
  try {
    const { status, body } = await getJson<DatabaseHealthResponse>('/api/health/database');
    if (!body?.connected) {
      return {
        status: 'fail',
        detail: `Database not connected (${status})${body?.error ? `: ${body.error}` : ''}`,
        fix: 'Check DATABASE_URL, or that the embedded PostgreSQL could start in the data directory.',
      };
    }
    const latency = body.latencyMs ?? 0;
    if (maxLatencyMs !== undefined && latency > maxLatencyMs) {
      return { status: 'warning', detail: `Query took ${latency} ms (over ${maxLatencyMs} ms)` };
    }
    return { status: 'pass', detail: `${body.database} (${body.mode}) · ${latency} ms` };
  } catch (err) {
    return failure(err, 'Database health endpoint');
  }
}

export async function probeCurrentUser(): Promise<ProbeResult> {
  try {
    const { status, body } = await getJson<PublicUser>('/api/auth/user');
    if (status === 200 && body) return { status: 'pass', detail: `Signed in as ${body.email}` };
    if (status === 401) {
      return { status: 'needs_auth', detail: 'Not signed in (401 as expected)', fix: 'Sign in or use Test Login.' };
    }
    return { status: 'fail', detail: `GET /api/auth/user answered ${status}` };
  } catch (err) {
    return failure(err, 'Auth endpoint');
  }
}

export async function probeOAuth(provider: 'google' | 'facebook'): Promise<ProbeResult> {
  const env = provider === 'google' ? 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET' : 'FACEBOOK_APP_ID and FACEBOOK_APP_SECRET';
  try {
    const { status, body } = await getJson<OAuthStatus>(`/api/auth/${provider}/status`);
    if (status !== 200 || !body) return { status: 'fail', detail: `Status endpoint answered ${status}` };
    if (!body.configured) {
      return { status: 'fail', detail: 'Not configured', fix: `Set ${env} on the server, then restart it.` };
    }
    if (!body.hasSecret) return { status: 'warning', detail: 'Id set but secret missing', fix: `Set ${env}.` };
    return { status: 'pass', detail: `Configured · callback ${body.callbackUrl}` };
  } catch (err) {
    return failure(err, 'OAuth status endpoint');
  }
}

/** A login route should answer with a redirect (to the provider, or to /oauth-setup). */
export async function probeRedirect(path: string): Promise<ProbeResult> {
  try {
    const res = await fetch(path, { method: 'HEAD', redirect: 'manual', credentials: 'include', signal: AbortSignal.timeout(8000) });
    if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
      return { status: 'pass', detail: `${path} redirects (302)` };
    }
    return { status: 'warning', detail: `${path} answered ${res.status} instead of a redirect` };
  } catch (err) {
    return failure(err, path);
  }
}

/** Posts an invalid address: proves validation without subscribing anyone. */
export async function probeNewsletterValidation(): Promise<ProbeResult> {
  try {
    const res = await fetch('/api/newsletter/subscribe', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email' }),
      signal: AbortSignal.timeout(8000),
    });
    if (res.status === 400) return { status: 'pass', detail: 'Rejects an invalid address with 400' };
    return { status: 'fail', detail: `Invalid address answered ${res.status}, expected 400` };
  } catch (err) {
    return failure(err, 'Newsletter endpoint');
  }
}

export async function probeUnknownApiRoute(): Promise<ProbeResult> {
  try {
    const res = await fetch('/api/__diagnostics_missing_route__', { credentials: 'include', signal: AbortSignal.timeout(8000) });
    if (res.status === 404) return { status: 'pass', detail: 'Unknown API path answers 404' };
    return { status: 'warning', detail: `Unknown API path answered ${res.status}, expected 404` };
  } catch (err) {
    return failure(err, 'API');
  }
}

export async function probeServiceWorker(): Promise<ProbeResult> {
  try {
    const res = await fetch('/sw.js', { signal: AbortSignal.timeout(8000) });
    if (!res.ok) return { status: 'fail', detail: `/sw.js answered ${res.status}` };
    const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
    return registration
      ? { status: 'pass', detail: '/sw.js served and registered' }
      : { status: 'warning', detail: '/sw.js served but not registered (registration happens in production builds)' };
  } catch (err) {
    return failure(err, '/sw.js');
  }
}

interface SocketOutcome {
  opened: boolean;
  pongMs?: number;
  hello?: { authenticated: boolean };
  error?: string;
}

/** Opens /ws, sends a ping, and waits for the pong (docs/product-spec.md §7: 3 s, 5 s on the comprehensive page). */
export function openSocketProbe(timeoutMs: number): Promise<SocketOutcome> {
  return new Promise((resolve) => {
    const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws`;
    const outcome: SocketOutcome = { opened: false };
    let sentAt = 0;
    let socket: WebSocket;
    const finish = (error?: string) => {
      window.clearTimeout(timer);
      if (error && !outcome.error) outcome.error = error;
      try {
        socket.close();
      } catch {
        // already closed
      }
      resolve(outcome);
    };
    const timer = window.setTimeout(() => finish(`no pong within ${timeoutMs} ms`), timeoutMs);
    try {
      socket = new WebSocket(url);
    } catch (err) {
      window.clearTimeout(timer);
      resolve({ opened: false, error: err instanceof Error ? err.message : String(err) });
      return;
    }
    socket.onopen = () => {
      outcome.opened = true;
      sentAt = performance.now();
      socket.send(JSON.stringify({ type: 'ping' }));
    };
    socket.onmessage = (event) => {
      let message: WsServerMessage | null = null;
      try {
        message = JSON.parse(String(event.data)) as WsServerMessage;
      } catch {
        return;
      }
      if (message.type === 'hello') outcome.hello = { authenticated: message.authenticated };
      if (message.type === 'pong') {
        outcome.pongMs = Math.round(performance.now() - sentAt);
        // Give a trailing hello a moment if it has not arrived yet.
        window.setTimeout(() => finish(), outcome.hello ? 0 : 150);
      }
    };
    socket.onerror = () => finish('connection error');
    socket.onclose = () => finish(outcome.pongMs === undefined ? 'closed before pong' : undefined);
  });
}

export async function probeWebSocketPing(timeoutMs: number): Promise<ProbeResult> {
  const outcome = await openSocketProbe(timeoutMs);
  if (outcome.pongMs !== undefined) return { status: 'pass', detail: `pong in ${outcome.pongMs} ms` };
  return {
    status: 'fail',
    detail: outcome.opened ? `Connected, but ${outcome.error}` : `Could not connect to /ws: ${outcome.error}`,
    fix: 'Check that proxies forward WebSocket upgrades on /ws.',
  };
}

export async function probeWebSocketSession(): Promise<ProbeResult> {
  const outcome = await openSocketProbe(5000);
  if (!outcome.opened) return { status: 'fail', detail: `Could not connect to /ws: ${outcome.error}` };
  if (!outcome.hello) return { status: 'warning', detail: 'Connected, but the server sent no hello message' };
  return {
    status: 'pass',
    detail: outcome.hello.authenticated ? 'Socket recognises your session' : 'Socket connected as a guest',
  };
}

/**
 * GETs a real endpoint and reports its answer: status and latency, plus what `describe` reads
 * from the body. 401 means the check needs a session, never a pass.
 */
export async function probeEndpoint(url: string, describe: (body: unknown) => string = () => ''): Promise<ProbeResult> {
  const t0 = performance.now();
  try {
    const { status, body } = await getJson<unknown>(url);
    const ms = Math.round(performance.now() - t0);
    const head = `GET ${url} → ${status} in ${ms} ms`;
    if (status === 401) return { status: 'needs_auth', detail: `${head} (sign in first)`, fix: 'Sign in or use Test Login, then run again.' };
    if (status < 200 || status >= 300) return { status: 'fail', detail: head, fix: 'Check the server log for this request.' };
    let extra = '';
    try {
      extra = describe(body);
    } catch {
      extra = 'unexpected answer shape';
    }
    return { status: 'pass', detail: extra ? `${head} · ${extra}` : head };
  } catch (err) {
    return failure(err, url);
  }
}

/** "N noun" from a list answer, or from the first list inside an object answer. */
const items = (noun: string) => (body: unknown) => {
  const list = Array.isArray(body) ? body : Object.values((body ?? {}) as Record<string, unknown>).find(Array.isArray);
  return Array.isArray(list) ? `${list.length} ${noun}` : '';
};

export const probeFlows = () => probeEndpoint('/api/flows', items('flow(s)'));
export const probeLeads = () =>
  probeEndpoint('/api/leads?page=1&limit=1', (b) => `${(b as { pagination?: { total?: number } }).pagination?.total ?? '?'} lead(s)`);
export const probeKnowledge = () => probeEndpoint('/api/knowledge', items('entries'));
export const probeCommentRules = () => probeEndpoint('/api/comment-rules', items('rule(s)'));
export const probeAutomation = () =>
  probeEndpoint('/api/automation/overview', (b) => {
    const o = b as { flows: unknown[]; rules: unknown[]; queue: { queued: number; ready: number } };
    return `${o.flows.length} published flow(s), ${o.rules.length} rule(s), ${o.queue.queued + o.queue.ready} send(s) queued`;
  });
export const probeActivity = () => probeEndpoint('/api/automation/activity', items('event(s)'));
export const probeSocialAccounts = () => probeEndpoint('/api/social-accounts', items('account(s)'));
export const probeConversations = () => probeEndpoint('/api/conversations', items('conversation(s)'));
export const probeTemplates = () => probeEndpoint('/api/templates', items('template(s)'));
export const probeDashboard = () =>
  probeEndpoint('/api/dashboard/today', (b) => `${(b as { figures: { automatedReplies: number } }).figures.automatedReplies} automated reply(ies) today`);
export const probeWebhookConfig = () =>
  probeEndpoint('/api/webhooks/facebook/setup', (b) => {
    const o = b as { callbackUrl: string; signingConfigured: boolean; xConfigured: boolean };
    return `callback ${o.callbackUrl} · Meta signing ${o.signingConfigured ? 'configured' : 'not configured'} · X ${o.xConfigured ? 'configured' : 'not configured'}`;
  });

/** The AI provider's real state: no provider configured is a warning (answers quote the knowledge base), unreachable a failure. */
export async function probeAiStatus(): Promise<ProbeResult> {
  const t0 = performance.now();
  try {
    const { status, body } = await getJson<AiStatus>('/api/ai/gemini/test');
    const head = `GET /api/ai/gemini/test → ${status} in ${Math.round(performance.now() - t0)} ms`;
    if (status !== 200 || !body) return { status: 'fail', detail: head };
    if (!body.provider) {
      return {
        status: 'warning',
        detail: `${head} · no AI provider: answers quote the knowledge base`,
        fix: 'Set GEMINI_API_KEY, or AI_BASE_URL and AI_MODEL.',
      };
    }
    if (body.reachable === false)
      return { status: 'fail', detail: `${head} · ${body.provider} ${body.model ?? ''} unreachable`, fix: 'Check the AI key and network.' };
    return { status: 'pass', detail: `${head} · ${body.provider} ${body.model ?? ''}${body.latencyMs !== null ? ` answered in ${body.latencyMs} ms` : ''}` };
  } catch (err) {
    return failure(err, 'AI status endpoint');
  }
}
