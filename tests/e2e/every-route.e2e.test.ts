import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { RouteObject } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdaptiveLayout } from '../../ui/src/app/adaptive-layout';
import { appRoutes } from '../../ui/src/app/app-routes';
import { RequireAuth } from '../../ui/src/app/require-auth';
import { startE2E, type E2E } from './harness';

// Every route of the UI router (ui/src/app/app-routes.tsx), walked from the table itself so a new route
// is covered without editing this file: at 390 px wide nothing scrolls sideways, and axe finds no
// serious or critical violation, signed out and signed in, light and dark. One browser, one page.

const PHONE = { width: 390, height: 844 };
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface RouteEntry {
  /** The router's path, e.g. /flows/:id. */
  pattern: string;
  guarded: boolean;
  adaptive: boolean;
}

function collectRoutes(routes: RouteObject[], guarded = false, adaptive = false): RouteEntry[] {
  return routes.flatMap((route) => {
    const type = (route.element as { type?: unknown } | undefined)?.type;
    const g = guarded || type === RequireAuth;
    const a = adaptive || type === AdaptiveLayout;
    const own = route.path ? [{ pattern: route.path, guarded: g, adaptive: a }] : [];
    return [...own, ...collectRoutes(route.children ?? [], g, a)];
  });
}

// EVERY_ROUTE_ONLY=<regexp> narrows the visits while fixing one page; the full run covers them all.
const only = process.env.EVERY_ROUTE_ONLY ? new RegExp(process.env.EVERY_ROUTE_ONLY) : null;
const routes = collectRoutes(appRoutes).filter((r) => !only || only.test(r.pattern));

/** A concrete URL for a pattern; a parameter nobody knows how to fill fails the test (add it here). */
function urlFor(pattern: string, params: Record<string, string>): string {
  if (pattern === '*') return '/no-such-page';
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const key = `${pattern}`;
    const value = params[key] ?? params[name];
    if (!value) throw new Error(`every-route: no sample value for ${pattern} (:${name})`);
    return value;
  });
}

// Routes that sign the browser in as a side effect (the Try Live Demo page): visited last in each phase.
const SIGNS_IN = new Set(['/test-login']);

interface Finding {
  url: string;
  problem: string;
}

let e2e: E2E;
let page: Page;

beforeAll(async () => {
  e2e = await startE2E();
  // The app's CSP allows no inline script; axe is injected as one, so this profile bypasses CSP.
  const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, viewport: PHONE, bypassCSP: true });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
});

afterAll(async () => {
  await e2e?.stop();
});

/** How long a page may take to settle before what is left counts as a finding. */
const SETTLE_MS = 20_000;

/**
 * Waits until the page has rendered its content: the main landmark is there, no labelled spinner is,
 * and no region says it is still loading (aria-busy: the API reference until Swagger UI has rendered
 * the OpenAPI document; checking before that passed by luck while the reference failed axe).
 */
async function settle(): Promise<void> {
  await page
    .waitForFunction(
      () => document.querySelector('#main-content') && !document.querySelector('svg.animate-spin[role="status"], #main-content [aria-busy="true"]'),
      null,
      // Swagger UI's chunk and the OpenAPI document can take several seconds on a loaded CI machine.
      { timeout: SETTLE_MS },
    )
    .catch(() => {});
  // Two animation frames: charts and the flow canvas lay out after their data arrives.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** In-app navigation (the router listens to popstate): no reload of the bundle or of axe per route. */
async function visit(url: string): Promise<void> {
  const booted = await page.evaluate(() => Boolean(document.querySelector('#main-content'))).catch(() => false);
  if (!booted) {
    await page.goto(url);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** What sticks out past the right edge at this width (the widest few), to name the culprit. */
async function overflow(): Promise<string | null> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scroll = document.documentElement.scrollWidth;
    if (scroll <= width) return null;
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > width + 0.5)
      .sort((a, b) => b.right - a.right)
      .slice(0, 4)
      .map(({ el, right }) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).slice(0, 60)} →${Math.round(right)}`);
    return `scrollWidth ${scroll} > ${width}: ${culprits.join(' | ')}`;
  });
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] }[];
}

// Dark mode changes colours only, so the dark pass runs the colour rules alone (half the time).
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function seriousAxeViolations(colourOnly: boolean): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.addScriptTag({ path: axePath });
  const runOnly = colourOnly ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: WCAG_TAGS };
  const result = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe;
    return axe.run(document, { resultTypes: ['violations'], runOnly: only });
  }, runOnly);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const where = v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)}]` : ''}`);
      return `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}×, e.g. ${where.join(', ')})`;
    });
}

/** Visits each URL and returns every overflow and serious axe violation, so one run lists them all. */
async function check(urls: string[], label: string, shots: boolean, colourOnly = false): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const url of urls) {
    const t0 = performance.now();
    await visit(url);
    await settle();
    const t1 = performance.now();
    const wide = await overflow();
    const busy = await page.evaluate(() => Boolean(document.querySelector('#main-content [aria-busy="true"]')));
    const found = [
      ...(busy ? [`still loading (aria-busy) after ${SETTLE_MS / 1000} s`] : []),
      ...(wide ? [`overflow: ${wide}`] : []),
      ...(await seriousAxeViolations(colourOnly)).map((v) => `axe: ${v}`),
    ];
    for (const problem of found) findings.push({ url, problem });
    if (process.env.EVERY_ROUTE_TIMING === '1')
      console.log(`${label} ${url} settle ${Math.round(t1 - t0)} ms, checks ${Math.round(performance.now() - t1)} ms`, found);
    if (shots) await e2e.screenshot(page, `every-route-${label}${url.replace(/[^a-z0-9]+/gi, '-')}`);
    // The Try Live Demo page signs in by itself: let its sign-in finish (it opens /dashboard after),
    // or its answer could replace the session the next test signs in with (seen once: that test's
    // simulator account then belonged to the other demo workspace and answered 404).
    if (SIGNS_IN.has(url)) await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
  }
  return findings;
}

function orderForVisit(list: RouteEntry[], params: Record<string, string>): string[] {
  const urls = list.map((r) => ({ url: urlFor(r.pattern, params), last: SIGNS_IN.has(r.pattern) }));
  return [...urls.filter((u) => !u.last), ...urls.filter((u) => u.last)].map((u) => u.url);
}

const SHOTS = process.env.EVERY_ROUTE_SCREENSHOTS === '1';

describe('every route at 390 px', () => {
  it('covers the whole route table (guarded, adaptive and public routes all found)', () => {
    expect(routes.filter((r) => r.guarded).map((r) => r.pattern)).toContain('/dashboard');
    expect(routes.filter((r) => r.adaptive).map((r) => r.pattern)).toContain('/templates');
    expect(routes.filter((r) => !r.guarded && !r.adaptive).map((r) => r.pattern)).toEqual(expect.arrayContaining(['/', '/login', '*']));
  });

  it('signed out: no sideways scroll and no serious axe violation on any public page', { timeout: 300_000 }, async () => {
    const urls = orderForVisit(
      routes.filter((r) => !r.guarded),
      { slug: 'getting-started' },
    );
    const findings = await check(urls, 'out', SHOTS);
    expect(findings).toEqual([]);
  });

  it('signed in (light and dark): no sideways scroll and no serious axe violation on any page', { timeout: 400_000 }, async () => {
    await page.context().clearCookies();
    // "Try Live Demo": a seeded workspace, so lists and charts have rows to lay out.
    expect((await page.request.post('/api/auth/test-login')).status()).toBe(200);
    const sim = (await (await page.request.get('/api/simulator')).json()) as { accounts: { id: string; platform: string }[] };
    const ig = sim.accounts.find((a) => a.platform === 'instagram')!;
    const node = (id: string, kind: string, y: number, config: object, label: string) => ({
      id,
      type: 'default',
      position: { x: 260, y },
      data: { label, kind, config },
    });
    const flowData = {
      nodes: [
        node('1', 'trigger', 40, { type: 'keyword_dm', keywords: ['route-check'], accountId: null, postId: null }, 'Start'),
        node('2', 'complete', 200, {}, 'Complete'),
      ],
      edges: [{ id: 'e1-2', source: '1', target: '2', sourceHandle: null }],
    };
    const created = await page.request.post('/api/flows', { data: { name: 'Every route check', platform: 'multi', flowData, isActive: true } });
    expect(created.status()).toBe(201);
    const flowId = ((await created.json()) as { id: string }).id;
    const dm = { accountId: ig.id, contact: { externalUserId: 'sim-route', name: 'Rita Route', username: 'rita.route' }, text: 'route-check please' };
    expect((await page.request.post('/api/simulator/messages', { data: dm })).status()).toBe(202);
    let runId = '';
    await expect
      .poll(async () => {
        const list = (await (await page.request.get(`/api/runs?flowId=${flowId}`)).json()) as { runs: { id: string }[] };
        runId = list.runs[0]?.id ?? '';
        return runId;
      })
      .not.toBe('');

    const urls = orderForVisit(
      routes.filter((r) => r.guarded || r.adaptive),
      { '/flows/:id': flowId, '/runs/:id': runId },
    );
    await page.emulateMedia({ colorScheme: 'light' });
    const light = await check(urls, 'in', SHOTS);
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = (await check(urls, 'dark', SHOTS, true)).map((f) => ({ ...f, problem: `dark ${f.problem}` }));
    expect([...light, ...dark]).toEqual([]);
  });
});

describe('navigation and wording', () => {
  it('a signed-out visit to the Flow Builder explains sign-in, and signing in returns there', async () => {
    await page.context().clearCookies();
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page.goto('/flow-builder');
    await page.waitForURL('**/login');
    const notice = page.getByRole('status').filter({ hasText: 'Sign in to open the Flow Builder.' });
    await notice.waitFor();
    await notice.getByRole('link', { name: 'try the live demo' }).waitFor();
    await e2e.screenshot(page, 'every-route-login-explains');
    const email = `route-${Date.now()}@example.com`;
    expect((await page.request.post('/api/auth/register', { data: { firstName: 'Ro', lastName: 'Ute', email, password: 'secret-route-1' } })).status()).toBe(
      201,
    );
    await page.request.post('/api/logout');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-route-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/flow-builder');
  });

  it('the top bar leads to /automation and /analytics; aliases redirect to one URL per page', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    const top = page.getByRole('navigation', { name: 'Top' });
    await top.getByRole('link', { name: 'Automation' }).click();
    await page.waitForURL((url) => url.pathname === '/automation');
    await top.getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL((url) => url.pathname === '/analytics');
    await expect.poll(() => top.getByRole('link', { name: 'Analytics' }).getAttribute('aria-current')).toBe('page');
    for (const [alias, target] of [
      ['/premium-analytics', '/analytics'],
      ['/sales-leads', '/leads'],
      ['/oauth-login', '/quick-login'],
      ['/docs', '/docs/getting-started'],
    ] as const) {
      await page.goto(alias);
      await page.waitForURL((url) => url.pathname === target);
    }
  });

  it('the flow editor re-fits its nodes into view when the window shrinks to phone width', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const at = (id: string, kind: string, x: number, y: number, config: object, label: string) => ({
      id,
      type: 'default',
      position: { x, y },
      data: { label, kind, config },
    });
    const flowData = {
      nodes: [
        at('1', 'trigger', 0, 0, { type: 'keyword_dm', keywords: ['wide'], accountId: null, postId: null }, 'Start'),
        at('2', 'complete', 900, 0, {}, 'Complete far right'),
      ],
      edges: [{ id: 'e1-2', source: '1', target: '2', sourceHandle: null }],
    };
    const created = await page.request.post('/api/flows', { data: { name: 'Wide flow', platform: 'multi', flowData, isActive: false } });
    expect(created.status()).toBe(201);
    const flowId = ((await created.json()) as { id: string }).id;
    await page.goto(`/flows/${flowId}`);
    await page.locator('.react-flow__node[data-id="2"]').waitFor();

    await page.setViewportSize(PHONE);
    const offscreen = () =>
      page.evaluate(() => {
        const pane = document.querySelector('.react-flow')!.getBoundingClientRect();
        return [...document.querySelectorAll('.react-flow__node')]
          .map((n) => n.getBoundingClientRect())
          .filter((r) => r.left < pane.left - 1 || r.right > pane.right + 1 || r.top < pane.top - 1 || r.bottom > pane.bottom + 1).length;
      });
    await expect.poll(offscreen, { timeout: 5_000 }).toBe(0);
    expect(await overflow()).toBeNull();
    await e2e.screenshot(page, 'every-route-flow-editor-refit-390');
  });
});
